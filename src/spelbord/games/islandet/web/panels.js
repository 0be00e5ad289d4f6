// Slag for Islandet's panels around the board: each player's line (units, losses, points),
// the die with the blocks still unknown, and the decision bar built from view.legal (the
// prompt, a button per action, the result). ``mem.redraw()`` draws the table again.

import { diePips, h, svgEl as el } from "/static/kit.js";
import { t, tn } from "./texts.js";
import { lag } from "./effects.js";
import { FACINGS, sqName } from "./geometry.js";
import { FACING_WORDS, KINDS, NAMES, kindName } from "./units.js";
import { shotThisTurn } from "./narration.js";
import { boundMoveLost, enterBlock, homeSeat, lastRoll, offersDecline, padCount } from "./view.js";

/** The die: a rounded square with pips (a 0 shows its number). */
function drawDie(x, y, size, pips, extra) {
  const g = el("g", { class: `isl-die ${extra}`, transform: `translate(${x} ${y})` });
  const inner = el("g", { class: "isl-die-face" });
  inner.append(el("rect", { class: "isl-die-body", x: 0, y: 0, width: size, height: size, rx: 9 }));
  if (pips === null) {
    inner.append(el("text", { class: "isl-die-zero", x: size / 2, y: size / 2 + 7 }, "–"));
  } else if (pips === 0) {
    inner.append(el("text", { class: "isl-die-zero", x: size / 2, y: size / 2 + 8 }, "0"));
  } else {
    inner.append(...diePips(pips, size, size / 11, "isl-pip"));
  }
  g.append(inner);
  return g;
}

/** A player's line above or below the island: name, units, losses, points. */
export function drawPanel(view, pos, seat) {
  const active = !view.result && view.to_move === seat;
  const island = (pos.units || []).filter((u) => u[1] === seat).length;
  const pad = (pos.pads ? pos.pads[seat] : []).filter((k) => k >= 0).length;
  const stock = (pos.stock ? pos.stock[seat] : []).reduce((a, b) => a + b, 0);
  const points = view.observation.points ? view.observation.points[seat] : 0;
  const lost = pos.lost ? pos.lost[seat] : 0;
  const stats = [t("stat.island", { n: island }), t("stat.pad", { n: pad })];
  if (stock) stats.push(t("stat.stock", { n: stock }));
  stats.push(t("stat.lost", { n: lost }), t("stat.points", { n: points }));
  return h(
    "div",
    { class: `isl-panel isl-seat-${seat} ${active ? "isl-panel-active" : ""}` },
    h("i", { class: "isl-chip" }),
    h("b", { class: "isl-name" }, NAMES[seat], view.seat === seat ? t("you_suffix") : ""),
    active ? h("span", { class: "isl-to-move" }, t("to_move")) : null,
    h("span", { class: "isl-stats" }, stats.join(" · ")),
  );
}

/** The die (the roll of this turn, or the last roll, dimmed) and the blocks still unknown. */
export function drawDieArea(view, pos, fx) {
  const inTurn = ["zero", "shoot1", "move", "shoot2", "reveal", "remove"].includes(pos.phase);
  const last = lastRoll(view);
  const pips = inTurn ? pos.roll : last ? last.pips : null;
  const rolled = fx.roll !== null;
  const extra = `${inTurn ? "" : "isl-die-old"} ${rolled ? "isl-die-rolled" : ""}`;
  const die = drawDie(2, 2, 52, pips, extra);
  if (rolled) die.firstChild.setAttribute("style", lag(fx.roll));
  const zeros = inTurn && pos.zeros > 0 ? ` · ${t("die.zeros", { n: pos.zeros })}` : "";
  const live = pos.live_left ?? 0;
  const safe = pos.safe_left ?? 0;
  return h(
    "div",
    { class: "isl-dice" },
    el(
      "svg",
      {
        class: "isl-die-svg",
        viewBox: "0 0 56 56",
        role: "img",
        "aria-label": pips === null || pips === undefined ? t("die.not_rolled") : t("die.label", { n: pips }),
      },
      die,
    ),
    h(
      "span",
      { class: "isl-die-text" },
      h("b", {}, inTurn ? t("die.now", { n: pips }) : last ? t("die.last", { n: last.pips }) : t("die.none")),
      zeros,
    ),
    h(
      "span",
      { class: "isl-unknown", title: t("blocks.title") },
      t("blocks.unknown"),
      h("b", { class: "isl-live-count" }, `☠ ${t("blocks.live", { n: live })}`),
      " · ",
      h("b", {}, t("blocks.safe", { n: safe })),
    ),
  );
}

function button(label, action, ui, mem, cls = "") {
  return h(
    "button",
    {
      type: "button",
      class: `btn btn-small ${cls}`,
      title: action.text,
      "data-text": action.text,
      onclick: () => {
        mem.sel = null;
        ui.act(action);
      },
    },
    label,
  );
}

const ARROW = ["↑", "→", "↓", "←"];

function facingLabel(letter, flip) {
  const f = FACINGS.indexOf(letter);
  return `${ARROW[(f + (flip ? 2 : 0)) % 4]} ${FACING_WORDS()[f]}`;
}

function prompt(view, pos, g, mem, ui) {
  const names = NAMES;
  if (view.result || ui.replay) return "";
  if (!view.your_turn) {
    if (view.to_move === -1) {
      if (pos.phase === "first") return t("prompt.roll_off");
      if (pos.phase === "reveal") return t("prompt.reveal");
      return t("prompt.rolls", { name: names[pos.to_move] });
    }
    const who = view.to_move >= 0 ? names[view.to_move] : t("nobody");
    const watching = view.seat === null || view.seat === undefined;
    if (!watching && view.seat === pos.to_move && offersDecline(view)) {
      // rules 1A/1B (version 3): the opponent decides whether to take one of our units
      if (pos.phase === "remove") return t("prompt.remove_wait", { name: who });
      if (pos.phase === "removepad") return t("prompt.removepad_wait", { name: who });
    }
    return watching ? t("prompt.to_play", { name: who }) : t("prompt.waiting_for", { name: who });
  }
  const roll = pos.roll;
  switch (pos.phase) {
    case "block":
      return t("prompt.block");
    case "place":
      return t("prompt.place");
    case "face":
      return t("prompt.face", { square: sqName(pos.pending) });
    case "padkind":
      return t("prompt.padkind", { n: padCount(pos, pos.to_move) + 1 });
    case "enter":
      return enterBlock(g) ? `${t("prompt.enter")} ${t("prompt.enter_block")}` : t("prompt.enter");
    case "zero":
      return enterBlock(g) ? `${t("prompt.zero")} ${t("prompt.enter_block")}` : t("prompt.zero");
    case "shoot1":
      return t("prompt.shoot1", { n: roll });
    case "shoot2": {
      // "shoot again" only after a shot this turn
      const shoot = t(shotThisTurn(view, pos.to_move) ? "prompt.shoot2" : "prompt.shoot2_first");
      return boundMoveLost(pos) ? `${t("prompt.bound_lost", { square: sqName(pos.bound) })} ${shoot}` : shoot;
    }
    case "move":
      if (g.padshift.length) return tn("prompt.padshift", roll);
      return mem.sel !== null && g.move.has(mem.sel)
        ? t("prompt.move_unit", { square: sqName(mem.sel), n: roll, less: roll - 1 })
        : t("prompt.move", { n: roll });
    case "remove":
      return g.decline
        ? t("prompt.remove_choice", { name: names[pos.to_move] })
        : t("prompt.remove", { name: names[pos.to_move] });
    case "removepad":
      return g.decline
        ? t("prompt.removepad_choice", { name: names[pos.to_move] })
        : t("prompt.removepad", { name: names[pos.to_move] });
    default:
      return t("prompt.your_move");
  }
}

export function drawBar(view, pos, ui, mem, g) {
  const bar = h("div", {
    class: `isl-bar ${view.your_turn && !ui.replay ? "isl-bar-turn" : ""}`,
    "data-decision": "bar",
  });
  const text = prompt(view, pos, g, mem, ui);
  if (text) bar.append(h("p", { class: "isl-prompt" }, text));
  const buttons = h("div", { class: "isl-buttons" });
  const flip = homeSeat(view) === 1;
  if (g.place.size) {
    const kinds = new Set();
    for (const byKind of g.place.values()) for (const k of byKind.keys()) kinds.add(k);
    const stock = pos.stock ? pos.stock[pos.to_move] : [0, 0, 0];
    for (const kind of KINDS) {
      if (!kinds.has(kind)) continue;
      const n = stock[KINDS.indexOf(kind)];
      buttons.append(
        h(
          "button",
          {
            type: "button",
            class: `btn btn-small isl-kind-pick ${mem.kind === kind ? "btn-primary" : ""}`,
            "aria-pressed": mem.kind === kind ? "true" : "false",
            onclick: () => {
              mem.kind = kind;
              mem.redraw();
            },
          },
          t("btn.kind_left", { kind: kindName(kind), n }),
        ),
      );
    }
  }
  for (const a of g.face) buttons.append(button(facingLabel(a.facing, flip), a, ui, mem));
  for (const a of g.padkind) {
    const k = KINDS.indexOf(a.unit.kind);
    const n = pos.stock ? pos.stock[pos.to_move][k] : "";
    buttons.append(button(t("btn.kind_left", { kind: kindName(a.unit.kind), n }), a, ui, mem));
  }
  for (const [slot, a] of [...g.enter].sort((p, q) => p[0] - q[0])) {
    const kind = a.unit ? kindName(a.unit.kind) : t("unit");
    const label = a.onto_block
      ? t("btn.bring_on_block", { kind, n: slot + 1, square: a.to })
      : t("btn.bring_on", { kind, n: slot + 1 });
    buttons.append(button(label, a, ui, mem, a.onto_block ? "isl-onto-block" : ""));
  }
  if (g.padmove) buttons.append(button(t("btn.move_pad"), g.padmove, ui, mem));
  for (const a of g.padshift) {
    buttons.append(button(a.side === "W" ? t("btn.pad_west") : t("btn.pad_east"), a, ui, mem));
  }
  const sel = mem.sel;
  if (sel !== null && sel !== undefined) {
    for (const a of g.turn.get(sel) || []) {
      const key = a.text.endsWith("L") ? "btn.turn_left" : "btn.turn_right";
      buttons.append(button(t(key, { square: sqName(sel) }), a, ui, mem));
    }
    const fire = g.shootFrom.get(sel);
    if (fire) buttons.append(button(t("btn.fire", { move: fire.text }), fire, ui, mem, "isl-fire"));
    for (const a of g.move.get(sel) || []) buttons.append(button(a.text, a, ui, mem));
    const removal = g.remove.get(sel);
    if (removal) {
      buttons.append(button(t("btn.remove", { square: sqName(sel) }), removal, ui, mem, "btn-danger"));
    }
  }
  for (const [slot, a] of [...g.removepad].sort((p, q) => p[0] - q[0])) {
    const kind = a.unit ? kindName(a.unit.kind) : t("unit");
    const label = t("btn.remove_pad", { kind, n: slot + 1 });
    buttons.append(button(label, a, ui, mem, "btn-danger"));
  }
  if (g.decline) buttons.append(button(t("btn.decline"), g.decline, ui, mem, "isl-decline"));
  if (g.done) {
    const labels = { shoot1: t("btn.done_shoot1"), shoot2: t("btn.done_shoot2") };
    const label = labels[pos.phase] || t("btn.done");
    buttons.append(button(label, g.done, ui, mem, "btn-primary"));
  }
  if (buttons.childElementCount) bar.append(buttons);
  if (view.result) {
    bar.append(h("p", { class: "isl-prompt isl-result" }, resultText(view, pos)));
  }
  return bar.childElementCount ? bar : null;
}

function resultText(view, pos) {
  const how = {
    elimination: t("result.elimination"),
    quick: t("result.quick"),
    points: t("result.points"),
    "turn-limit": t("result.turn_limit"),
  };
  const points = view.observation.points;
  const pts = points ? ` ${t("result.score", { a: points[0], b: points[1] })}` : "";
  if (pos.phase !== "over") return `${t("result.over", { why: view.result.termination })}${pts}`;
  const who = pos.winner < 0 ? t("result.draw") : t("result.wins", { name: NAMES[pos.winner] });
  return `${who} ${how[pos.result] || ""}.${pts}`;
}
