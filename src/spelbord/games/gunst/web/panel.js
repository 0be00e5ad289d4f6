// The decision panel, built from view.legal: the secret Tinge selection, who goes first,
// the favour, Dommen's deities and rows, Archimedes leaving the rows as they are, the
// scholars' mode, raising deities; the revealed selections and the waiting line.

import { h } from "/static/kit.js";
import {
  KINS,
  DEITIES,
  PLACES,
  favourOf,
  STEP_OF_PHASE,
  deityIndex,
  selectionAction,
  names,
  homeSeat,
  rowWord,
  placeName,
} from "./pieces.js";
import { spentNote, eventText, seasonReveal } from "./log.js";
import { t, tn } from "./texts.js";

// ---------------------------------------------------------------- the decision panel
/** Rows on the board that a legal action names: "seat:row" -> {action, label}. */
export function rowPicks(view, legal) {
  const picks = new Map();
  const me = view.seat;
  for (const a of legal) {
    if (a.kind !== "row") continue;
    const seat = a.side === "opponent" ? 1 - me : me;
    picks.set(`${seat}:${a.number - 1}`, { action: a, label: a.text });
  }
  return picks;
}

function pieceCount(obs, seat, row) {
  return (((obs.rows || [[], []])[seat] || [])[row] || []).length;
}

const ROW_VERBS = ["double", "banish", "convert", "move", "into", "onto"];

/** Title and detail of one decision button. */
function decisionLabel(a, view, obs) {
  const nm = names(view);
  const me = view.seat;
  if (a.kind === "first") {
    return [
      a.seat === me ? t("btn.i_first") : t("btn.first", { name: nm.label(a.seat) }),
      t("btn.first_detail"),
    ];
  }
  if (a.kind === "deity") {
    const d = deityIndex(a.deity);
    const place = ((obs.deities || [{}, {}])[me] || {})[a.deity] || "start";
    const at = PLACES.indexOf(place);
    if (a.purpose === "invoke") return [t("btn.invoke", { deity: a.deity }), DEITIES[d].effect];
    const steps = a.purpose === "favour" ? favourOf(obs.favour) : 1;
    const to = PLACES[Math.min(3, at + steps)];
    const verb = a.purpose === "favour" ? "btn.favour" : "btn.raise";
    return [t(verb, { deity: a.deity }), `${placeName(place)} → ${placeName(to)}`];
  }
  if (a.kind === "row") {
    const seat = a.side === "opponent" ? 1 - me : me;
    const n = pieceCount(obs, seat, a.number - 1);
    const key = `btn.row.${ROW_VERBS.includes(a.purpose) ? a.purpose : "row"}`;
    const whose = a.side === "opponent" ? nm.possessive(seat) : t("poss.many.you");
    return [t(key, { whose, row: rowWord(a.row) }), tn("btn.row_detail", n, { number: a.number })];
  }
  if (a.kind === "leave") return [t("btn.leave"), t("btn.leave_detail")];
  if (a.kind === "mode") {
    const left = (obs.slaget || {}).left;
    return a.mode === "raise"
      ? [t("btn.mode.raise"), t("btn.mode.raise_detail", { n: left })]
      : [t("btn.mode.strike"), t("btn.mode.strike_detail", { n: left })];
  }
  return [a.text, ""];
}

const TARGET_PROMPTS = [
  t("prompt.target.extazia"),
  t("prompt.target.vandringsmanden"),
  t("prompt.target.eurika"),
  t("prompt.target.archimedes"),
];
const DEST_PROMPTS = {
  2: t("prompt.dest.eurika"),
  3: t("prompt.dest.archimedes"),
};

/** What the seat to move is asked, in words. */
function prompt(view, obs) {
  const nm = names(view);
  const seat = view.to_move;
  switch (obs.phase) {
    case "tinge":
      return t("prompt.tinge");
    case "coin":
      return t("prompt.coin");
    case "order":
      return seat === nm.me ? t("prompt.order.you") : t("prompt.order", { name: nm.label(seat) });
    case "favour":
      return tn("prompt.favour", favourOf(obs.favour));
    case "invoke":
      return t("prompt.invoke");
    case "target":
      if ((view.legal || []).some((a) => a.kind === "leave"))
        return t("prompt.target.archimedes_leave");
      return TARGET_PROMPTS[obs.deity_in_use] || t("prompt.which_row");
    case "dest":
      return DEST_PROMPTS[obs.deity_in_use] || t("prompt.which_row");
    case "mode":
      return t("prompt.mode", { n: (obs.slaget || {}).left });
    case "raise":
      return t((obs.slaget || {}).row === 4 ? "prompt.raise.scholar" : "prompt.raise.farmer", {
        n: (obs.slaget || {}).left,
      });
    default:
      return "";
  }
}

function waitingText(view, obs, mem) {
  const nm = names(view);
  if (view.result || obs.phase === "over") return resultText(view, obs);
  if (view.status === "waiting") return t("wait.seats");
  if (obs.phase === "tinge") {
    const sent = mem.submitted;
    const mine = sent && sent.ply === view.ply && sent.seat === view.seat ? sent.text : null;
    if (mine) return t("wait.sent", { selection: mine });
    if (Number.isInteger(view.seat)) return t("wait.other_secret", { name: nm.label(1 - view.seat) });
    return t("wait.both_secret");
  }
  if (view.to_move === -1) return t("wait.coin");
  const step = STEP_OF_PHASE[obs.phase] || "";
  const deity = (DEITIES[obs.deity_in_use] || {}).name;
  const task = {
    order: "wait.order",
    favour: "wait.favour",
    invoke: "wait.invoke",
    target: "wait.target",
    dest: "wait.dest",
    mode: "wait.mode",
    raise: "wait.raise",
  }[obs.phase] || "wait.decides";
  return t(task, { step, name: nm.label(view.to_move), deity, n: favourOf(obs.favour) });
}

function resultText(view, obs) {
  const nm = names(view);
  const log = obs.log || [];
  const end = log.length && log[log.length - 1].e === "end" ? log[log.length - 1] : null;
  const loser = end ? end.loser : obs.loser;
  if (!end && !view.result) return t("result.over");
  if (loser < 0) return t("result.draw");
  const winner = 1 - loser;
  const how =
    end && end.why === "life"
      ? t("result.no_life", { name: nm.label(loser) })
      : t("result.more_life");
  return t(winner === nm.me ? "result.you_win" : "result.wins", { name: nm.label(winner), how });
}

/** The Tinge panel: kin steppers and deity toggles matched against the legal selections. */
function tingePanel(view, obs, legal, ui, mem, redraw) {
  const me = view.seat;
  const hand = (obs.hand || [[], []])[me] || [0, 0, 0, 0, 0];
  const places = (obs.deities || [{}, {}])[me] || {};
  const entry = legal.find((a) => a.kind === "selections") || null;
  const sel = mem.selection;
  const chosen = selectionAction(entry, sel.kin, sel.deities);

  const kinRows = KINS.map((kin, k) => {
    const n = sel.kin[k];
    const change = (delta) => {
      sel.kin[k] = Math.max(0, Math.min(hand[k], n + delta));
      redraw();
    };
    return h(
      "div",
      { class: "gu-stepper", "data-kin": kin.name },
      h("span", { class: `gu-chip gu-kind-${k}` }, kin.letter),
      h(
        "span",
        { class: "gu-stepper-name" },
        rowWord(kin.plural),
        h("small", {}, t("tinge.in_hand", { n: hand[k] })),
      ),
      h(
        "button",
        {
          type: "button",
          class: "btn btn-small gu-minus",
          disabled: n <= 0,
          "aria-label": t("tinge.less", { kin: t(`kin.${kin.name}`) }),
          onclick: () => change(-1),
        },
        "−",
      ),
      h("output", { class: "gu-n" }, String(n)),
      h(
        "button",
        {
          type: "button",
          class: "btn btn-small gu-plus",
          disabled: n >= hand[k],
          "aria-label": t("tinge.more", { kin: t(`kin.${kin.name}`) }),
          onclick: () => change(1),
        },
        "+",
      ),
    );
  });
  const deityButtons = DEITIES.map((deity, d) => {
    const ready = places[deity.name] === "hand";
    const on = sel.deities.has(d);
    return h(
      "button",
      {
        type: "button",
        class: `btn gu-toggle gu-deity-${d} ${on ? "gu-on" : ""}`,
        "aria-pressed": on ? "true" : "false",
        "data-deity": deity.name,
        disabled: !ready,
        title: deity.effect,
        onclick: () => {
          if (on) sel.deities.delete(d);
          else sel.deities.add(d);
          redraw();
        },
      },
      h("b", {}, deity.name),
      " ",
      h("small", {}, ready ? deity.effect : t("deity.at", { place: placeName(places[deity.name] || "start") })),
    );
  });
  const count = sel.kin.reduce((s, n) => s + n, 0) + sel.deities.size;
  const other = 1 - me;
  const otherHand = (obs.hand || [[], []])[other] || [];
  const otherReady = DEITIES.filter(
    (d) => ((obs.deities || [{}, {}])[other] || {})[d.name] === "hand",
  );
  const nm = names(view);
  const submit = h(
    "button",
    {
      type: "button",
      class: "btn btn-primary gu-bring",
      disabled: !chosen,
      onclick: () => {
        if (!chosen) return;
        mem.submitted = { ply: view.ply, seat: view.seat, text: chosen.label };
        ui.act(chosen);
      },
    },
    chosen
      ? count
        ? tn("btn.bring", count)
        : t("btn.bring_nothing")
      : t("btn.not_possible"),
  );
  return h(
    "div",
    { class: "gu-tinge" },
    h("div", { class: "gu-kins" }, ...kinRows),
    h("div", { class: "gu-deities" }, ...deityButtons),
    h(
      "p",
      { class: "gu-hint" },
      t(otherReady.length ? "tinge.other_can" : "tinge.other_can_no_deity", {
        name: nm.label(other),
        kin:
          KINS.filter((k) => otherHand[k.index])
            .map((k) => `${otherHand[k.index]}${k.letter}`)
            .join(" ") || t("tinge.no_kin"),
        deities: otherReady.map((d) => d.name).join(", "),
      }),
    ),
    h(
      "div",
      { class: "gu-submit" },
      h("code", { class: "gu-sel-text", "data-notation": chosen ? chosen.text : "" }, chosen ? chosen.label : "—"),
      h(
        "button",
        {
          type: "button",
          class: "btn btn-ghost btn-small",
          onclick: () => {
            mem.selection = emptySelection();
            redraw();
          },
        },
        t("tinge.clear"),
      ),
      submit,
    ),
  );
}

export function emptySelection() {
  return { kin: [0, 0, 0, 0, 0], deities: new Set() };
}

function revealCard(view, obs, fresh) {
  const reveal = seasonReveal(obs);
  if (!reveal || obs.phase === "tinge") return null;
  const nm = names(view);
  const home = homeSeat(view);
  const lines = [home, 1 - home].map((seat) => {
    const kin = reveal.event.kin[seat];
    const deities = reveal.event.deities[seat];
    const size = kin.reduce((s, n) => s + n, 0) + deities.length;
    const parts = KINS.filter((_, k) => kin[k]).map(
      (k) => `${kin[k.index]} ${kin[k.index] === 1 ? t(`kin.${k.name}`) : rowWord(k.plural)}`,
    );
    const gods = deities.map((d) => DEITIES[d].name);
    const text = [...parts, ...gods].join(", ") || t("ev.nothing");
    return h(
      "li",
      { "data-seat": seat },
      h("span", { class: `gu-dot gu-seat-${seat}` }),
      h("b", {}, `${nm.label(seat)}: `),
      text,
      h("small", {}, ` (${size})`),
    );
  });
  const after = reveal.after.map((e) => eventText(e, view)).filter(Boolean);
  return h(
    "div",
    { class: `gu-reveal ${fresh ? "gu-fresh" : ""}` },
    h("h3", {}, t("reveal.title", { n: reveal.event.season })),
    h("ul", {}, ...lines),
    after.length ? h("p", {}, after.join(" ")) : null,
  );
}

export function decisionPanel(view, obs, legal, ui, mem, redraw, freshReveal) {
  const panel = h("section", {
    class: "gu-panel-html",
    "aria-label": t("panel.decision"),
    "data-decision": "panel",
  });
  const reveal = revealCard(view, obs, freshReveal);
  const spent = spentNote(view, obs);
  if (!legal.length) {
    panel.append(h("p", { class: "gu-wait" }, waitingText(view, obs, mem)));
    if (spent) panel.append(spent);
    if (reveal) panel.append(reveal);
    return panel;
  }
  panel.classList.add("gu-your-turn");
  panel.append(h("p", { class: "gu-prompt" }, prompt(view, obs)));
  if (obs.phase === "tinge") {
    panel.append(tingePanel(view, obs, legal, ui, mem, redraw));
    return panel;
  }
  if (reveal) panel.append(reveal);
  const buttons = legal.map((a) => {
    const [title, detail] = decisionLabel(a, view, obs);
    return h(
      "button",
      {
        type: "button",
        class: `btn gu-choice gu-choice-${a.kind}`,
        "data-action": a.action,
        "data-text": a.text,
        onclick: () => ui.act(a),
      },
      h("b", {}, title),
      detail ? h("small", {}, detail) : null,
    );
  });
  panel.append(h("div", { class: "gu-choices" }, ...buttons));
  if (spent) panel.append(spent);
  return panel;
}
