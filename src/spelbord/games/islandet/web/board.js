// Slag for Islandet's board: the island (SVG) with its squares, blocks (unknown crates,
// craters of live ones, outlines of safe ones), both carrier pads, the units, their ranges,
// the targets and the selected unit's destinations, and the input on it (tap, keyboard,
// hover). ``mem.redraw()`` draws the table again after a local change (a unit picked).

import { svgEl as el } from "/static/kit.js";
import { t } from "./texts.js";
import { lag } from "./effects.js";
import {
  BOTTOM,
  C,
  COLUMNS,
  FACINGS,
  GAP,
  HEIGHT,
  LABELS,
  N,
  SIDE,
  TOP,
  ahead,
  makeGeometry,
  parseSq,
  rect,
  sqName,
  xyOf,
} from "./geometry.js";
import { KINDS, NAMES, RANGES, drawPadUnit, drawUnit, kindName } from "./units.js";
import { BOUND_PAD, groupLegal, homeSeat, position, revealedBlocks, unitMap } from "./view.js";

function drawCrate(x, y, extra = "") {
  return el(
    "g",
    { class: `isl-crate ${extra}`, transform: `translate(${x} ${y})` },
    el("rect", { class: "isl-crate-side", x: 4, y: 6, width: C - 8, height: C - 9, rx: 3 }),
    el("rect", { class: "isl-crate-top", x: 4, y: 4, width: C - 8, height: C - 13, rx: 3 }),
    el("path", {
      class: "isl-crate-plank",
      d: `M 8 8 L ${C - 8} ${C - 12} M ${C - 8} 8 L 8 ${C - 12}`,
    }),
    el("text", { class: "isl-crate-q", x: C / 2, y: C / 2 + 1 }, "?"),
  );
}

export function drawBoard(view, ui, mem) {
  const pos = position(view);
  const home = homeSeat(view);
  const geo = makeGeometry(home === 1);
  const g = groupLegal(view, ui);
  const units = unitMap(pos);
  const fx = mem.fx;
  const sel = mem.sel;

  // the drawing spans the island and whatever pad slots hang past its corners
  const xs = padXs(pos, geo, g);
  const minX = Math.min(SIDE - LABELS, Math.min(...xs) - 8);
  const maxX = Math.max(SIDE + N * C + 10, Math.max(...xs) + C + 8);
  const svg = el("svg", {
    class: "isl-svg",
    viewBox: `${minX} 0 ${maxX - minX} ${HEIGHT}`,
    role: "img",
    "aria-label": t("board.label"),
  });
  svg.append(rect("isl-sea", minX, 0, maxX - minX, HEIGHT, 14));

  // island squares (home rows tinted)
  const squares = el("g", { class: "isl-squares" });
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      const [px, py] = geo.cell(x, y);
      const homeRow = y <= 1 ? "isl-home-0" : y >= N - 2 ? "isl-home-1" : "";
      squares.append(
        el("rect", {
          class: `isl-sq ${(x + y) % 2 ? "isl-sq-b" : "isl-sq-a"} ${homeRow}`,
          x: px,
          y: py,
          width: C,
          height: C,
        }),
      );
    }
  }
  svg.append(rect("isl-shore", SIDE - 4, TOP - 4, N * C + 8, N * C + 8, 8));
  svg.append(squares);

  // coordinates
  const labels = el("g", { class: "isl-coord" });
  for (let i = 0; i < N; i++) {
    const [px] = geo.cell(i, 0);
    labels.append(el("text", { x: px + C / 2, y: BOTTOM + GAP + C + 16 }, COLUMNS[i]));
    const [, py] = geo.cell(0, i);
    const row = String(i + 1);
    labels.append(el("text", { x: SIDE - 10, y: py + C / 2 + 4, "text-anchor": "end" }, row));
  }
  svg.append(labels);

  // last move: its path and squares
  const marks = el("g", { class: "isl-marks" });
  const last = view.last;
  if (last) {
    for (const name of [...(last.path || []), last.from, last.to]) {
      const sq = parseSq(name);
      if (sq === null) continue;
      const [px, py] = geo.cell(...xyOf(sq));
      marks.append(rect("isl-last", px + 1, py + 1, C - 2, C - 2, 4));
    }
    if (last.kind === "shoot" && last.from && last.to) {
      const [x1, y1] = geo.centre(parseSq(last.from));
      const [x2, y2] = geo.centre(parseSq(last.to));
      marks.append(el("line", { class: "isl-tracer", x1, y1, x2, y2 }));
    }
  }
  svg.append(marks);

  // revealed blocks: craters (live) and outlines (safe)
  const revealed = revealedBlocks(view, pos);
  const blocks = new Set(pos.blocks || []);
  const blockLayer = el("g", { class: "isl-blocks" });
  for (const [sq, live] of revealed) {
    if (blocks.has(sq)) continue;
    const [px, py] = geo.cell(...xyOf(sq));
    const fresh = fx.reveals.has(sq) ? lag(fx.reveals.get(sq)) : null;
    if (live) {
      blockLayer.append(
        el(
          "g",
          { class: "isl-crater", transform: `translate(${px + C / 2} ${py + C / 2})` },
          el("circle", { r: C * 0.42 }),
          el("text", { y: 5 }, "☠"),
          el("title", {}, t("block.live", { square: sqName(sq) })),
        ),
      );
      if (fresh) {
        blockLayer.append(
          el("rect", {
            class: "isl-blast-area",
            x: px - C,
            y: py - C,
            width: 3 * C,
            height: 3 * C,
            rx: 6,
            style: fresh,
          }),
          el("circle", {
            class: "isl-blast",
            cx: px + C / 2,
            cy: py + C / 2,
            r: C * 1.5,
            style: fresh,
          }),
        );
      }
    } else {
      blockLayer.append(
        el(
          "g",
          { class: "isl-safe-mark" },
          el("rect", { x: px + 6, y: py + 6, width: C - 12, height: C - 12, rx: 4 }),
          el("title", {}, t("block.safe", { square: sqName(sq) })),
        ),
      );
      if (fresh) {
        // the CSS animation scales the inner group; the outer one keeps the position
        const crate = drawCrate(0, 0);
        crate.removeAttribute("transform");
        const inner = el("g", { class: "isl-crate-vanish", style: fresh }, crate);
        blockLayer.append(el("g", { transform: `translate(${px} ${py})` }, inner));
      }
    }
  }
  for (const sq of blocks) {
    const [px, py] = geo.cell(...xyOf(sq));
    const entry = [...g.enter.values()].some((a) => a.onto_block && parseSq(a.to) === sq);
    const crate = drawCrate(px, py, g.shootAt.has(sq) ? "isl-crate-target" : "");
    const title = t("block.unknown", { square: sqName(sq) });
    crate.append(el("title", {}, entry ? `${title}: ${t("block.entry")}` : title));
    blockLayer.append(crate);
  }
  svg.append(blockLayer);

  // pads
  svg.append(drawPads(pos, geo, home, g));

  // legal-square highlights under the units
  const hints = el("g", { class: "isl-hints" });
  const spot = (sq, cls) => {
    const [px, py] = geo.cell(...xyOf(sq));
    hints.append(rect(cls, px + 3, py + 3, C - 6, C - 6, 6));
  };
  for (const sq of g.block.keys()) spot(sq, "isl-can isl-can-block");
  for (const sq of g.place.keys()) if (g.place.get(sq).has(mem.kind)) spot(sq, "isl-can");
  const actors = new Set([...g.move.keys(), ...g.turn.keys()]);
  for (const sq of actors) spot(sq, sq === sel ? "isl-sel" : "isl-actor");
  for (const sq of g.remove.keys()) {
    spot(sq, sq === sel ? "isl-sel isl-sel-remove" : "isl-removable");
  }
  for (const a of g.enter.values()) if (a.onto_block) spot(parseSq(a.to), "isl-can isl-can-entry");
  if (sel !== null && !actors.has(sel) && !g.remove.has(sel)) spot(sel, "isl-sel isl-sel-info");
  svg.append(hints);

  // units (and those just lost, fading)
  const unitLayer = el("g", { class: "isl-units" });
  for (const [sq, ghost] of fx.ghosts) {
    const drawn = drawUnit(geo, sq, ghost.unit, "isl-ghost");
    drawn.setAttribute("style", lag(ghost.t));
    unitLayer.append(drawn);
  }
  for (const [sq, unit] of units) {
    const cls = [];
    if (g.shootFrom.has(sq)) cls.push("isl-shooter");
    if (g.shootAt.has(sq)) cls.push("isl-targeted");
    if (pos.bound === sq && unit.seat === pos.to_move) cls.push("isl-bound");
    if (pos.pending === sq) cls.push("isl-pending");
    unitLayer.append(drawUnit(geo, sq, unit, cls.join(" ")));
  }
  svg.append(unitLayer);

  // ranges: every unit's exact-range square, shown on hover and for the selected unit
  const rangeLayer = el("g", { class: "isl-ranges" });
  for (const [sq, unit] of units) {
    rangeLayer.append(drawRange(geo, sq, unit, blocks, units, sq === sel));
  }
  svg.append(rangeLayer);

  // targets and crossfire for the side to shoot
  const targetLayer = el("g", { class: "isl-targets" });
  for (const sq of g.crossfire) {
    const [cx, cy] = geo.centre(sq);
    targetLayer.append(el("circle", { class: "isl-crossfire", cx, cy, r: C * 0.36 }));
  }
  for (const sq of g.crossfireIfLive) {
    if (g.crossfire.has(sq)) continue;
    const [cx, cy] = geo.centre(sq);
    const ring = el("circle", { class: "isl-crossfire-if-live", cx, cy, r: C * 0.36 });
    ring.append(el("title", {}, t("block.crossfire")));
    targetLayer.append(ring);
  }
  for (const [sq, actions] of g.shootAt) {
    const [cx, cy] = geo.centre(sq);
    const picked = sel !== null && actions.some((a) => parseSq(a.from) === sel);
    const one = actions.length === 1 ? actions[0] : actions.find((a) => parseSq(a.from) === sel);
    targetLayer.append(
      el(
        "g",
        {
          class: `isl-target ${picked ? "isl-target-picked" : ""}`,
          "data-sq": sq,
          "data-action": one ? one.action : null,
        },
        el("circle", { cx, cy, r: C * 0.46 }),
        el("path", {
          d:
            `M ${cx - C / 2 + 2} ${cy} h 8 M ${cx + C / 2 - 2} ${cy} h -8 ` +
            `M ${cx} ${cy - C / 2 + 2} v 8 M ${cx} ${cy + C / 2 - 2} v -8`,
        }),
        el("title", {}, actions.map((a) => a.text).join(", ")),
      ),
    );
  }
  svg.append(targetLayer);

  // destinations of the selected unit
  svg.append(drawChoices(geo, g, sel));

  // click targets for every square (delegated handler below); the squares where something
  // can be done are keyboard stops too (Tab, then Enter or Space), named for screen readers
  const hits = el("g", { class: "isl-hits" });
  const mine = (sq) => g.move.has(sq) || g.shootFrom.has(sq) || g.turn.has(sq);
  for (let sq = 0; sq < N * N; sq++) {
    const [px, py] = geo.cell(...xyOf(sq));
    const can =
      !ui.replay &&
      (g.block.has(sq) || g.place.has(sq) || g.remove.has(sq) || g.shootAt.has(sq) || mine(sq));
    const unit = units.get(sq);
    const what = unit ? `${NAMES[unit.seat] || ""} ${kindName(KINDS[unit.kind])}`.trim() : t("empty");
    hits.append(
      el("rect", {
        class: "isl-hit",
        x: px,
        y: py,
        width: C,
        height: C,
        "data-sq": sq,
        tabindex: can ? "0" : null,
        role: can ? "button" : null,
        "aria-label": can ? `${sqName(sq)}: ${what}${sel === sq ? t("picked") : ""}` : null,
      }),
    );
  }
  svg.insertBefore(hits, unitLayer);
  for (const choice of svg.querySelectorAll(".isl-choices [data-action]")) {
    choice.setAttribute("tabindex", "0");
    choice.setAttribute("role", "button");
    choice.setAttribute("aria-label", choice.getAttribute("data-text") || "choose");
  }

  wireBoard(svg, ui, mem, g, units);
  return svg;
}

function drawRange(geo, sq, unit, blocks, units, on) {
  const g = el("g", { class: `isl-range ${on ? "isl-on" : ""}`, "data-for": sq });
  const reach = RANGES[unit.kind];
  const target = ahead(sq, unit.facing, reach);
  const [x1, y1] = geo.centre(sq);
  if (target === null) {
    // out of the island: the line runs to the edge
    let far = sq;
    for (let d = 1; d < reach; d++) far = ahead(sq, unit.facing, d) ?? far;
    const [x2, y2] = geo.centre(far);
    g.append(el("line", { class: "isl-range-line isl-range-off", x1, y1, x2, y2 }));
    return g;
  }
  let blocked = false;
  for (let d = 1; d < reach; d++) if (blocks.has(ahead(sq, unit.facing, d))) blocked = true;
  const [x2, y2] = geo.centre(target);
  const other = units.get(target);
  const live = !blocked && (blocks.has(target) || (other && other.seat !== unit.seat));
  g.append(
    el("line", { class: `isl-range-line ${blocked ? "isl-range-off" : ""}`, x1, y1, x2, y2 }),
    el("rect", {
      class: `isl-range-sq ${live ? "isl-range-hit" : ""} ${blocked ? "isl-range-off" : ""}`,
      x: x2 - C / 2 + 2,
      y: y2 - C / 2 + 2,
      width: C - 4,
      height: C - 4,
      rx: 5,
    }),
  );
  return g;
}

/** Screen x of every pad slot (both pads, and where the pad may move with this roll). */
function padXs(pos, geo, g) {
  const cols = [];
  for (const centre of pos.centres || []) for (let i = -2; i <= 2; i++) cols.push(centre + i);
  for (const a of g.padshift) cols.push(...(a.pad_columns || []));
  return cols.length ? cols.map((c) => geo.column(c)) : [SIDE];
}

function drawChoices(geo, g, sel) {
  const layer = el("g", { class: "isl-choices" });
  if (sel !== null && sel !== undefined && g.move.has(sel)) {
    for (const a of g.move.get(sel)) {
      const dest = parseSq(a.to);
      if (dest === null) continue;
      const [px, py] = geo.cell(...xyOf(dest));
      const turnTo = a.text.endsWith("L") ? "L" : a.text.endsWith("R") ? "R" : "";
      const facing = FACINGS.indexOf(a.facing);
      const choice = el("g", { class: "isl-dest", "data-action": a.action, "data-text": a.text });
      if (!turnTo) {
        choice.append(el("rect", { x: px + 2, y: py + 2, width: C - 4, height: C - 4, rx: 6 }));
        choice.append(
          el("circle", { class: "isl-dest-dot", cx: px + C / 2, cy: py + C / 2, r: 5 }),
        );
      } else {
        // the half of the square towards the new facing, with an arrow showing it
        const angle = geo.angle(facing);
        const half = {
          0: [px + 2, py + 2, C - 4, C / 2 - 2],
          90: [px + C / 2, py + 2, C / 2 - 2, C - 4],
          180: [px + 2, py + C / 2, C - 4, C / 2 - 2],
          270: [px + 2, py + 2, C / 2 - 2, C - 4],
        }[angle];
        const [hx, hy, hw, hh] = half;
        choice.append(el("rect", { x: hx, y: hy, width: hw, height: hh, rx: 5 }));
        choice.append(
          el("path", {
            class: "isl-dest-arrow",
            d: "M 0 -7 L 6 1 L 2 1 L 2 6 L -2 6 L -2 1 L -6 1 Z",
            transform: `translate(${hx + hw / 2} ${hy + hh / 2}) rotate(${angle})`,
          }),
        );
      }
      choice.append(el("title", {}, a.text));
      layer.append(choice);
    }
  }
  return layer;
}

function drawPads(pos, geo, home, g) {
  const layer = el("g", { class: "isl-pads" });
  if (!pos.pads || !pos.centres) return layer;
  for (const seat of [0, 1]) {
    const top = geo.padTop(seat, home);
    const centre = pos.centres[seat];
    const cols = [0, 1, 2, 3, 4].map((slot) => centre - 2 + slot);
    const xs = cols.map((c) => geo.column(c));
    const left = Math.min(...xs);
    const bound = pos.bound === BOUND_PAD && pos.to_move === seat ? "isl-pad-bound" : "";
    const pad = el("g", { class: `isl-pad isl-seat-${seat} ${bound}` });
    pad.append(rect("isl-pad-deck", left - 3, top - 3, 5 * C + 6, C + 6, 8));
    for (let slot = 0; slot < 5; slot++) {
      const x = xs[slot];
      const kind = pos.pads[seat][slot];
      const off = cols[slot] < 0 || cols[slot] >= N;
      const enter = seat === pos.to_move ? g.enter.get(slot) : undefined;
      const removal = seat === pos.to_move ? g.removepad.get(slot) : undefined;
      const action = enter || removal;
      const cls = ["isl-slot"];
      if (slot === 2) cls.push("isl-slot-centre");
      if (off) cls.push("isl-slot-off");
      if (enter) cls.push("isl-slot-enter");
      if (removal) cls.push("isl-slot-remove");
      const slotG = el("g", { class: cls.join(" "), "data-action": action ? action.action : null });
      slotG.append(el("rect", { x: x + 2, y: top + 2, width: C - 4, height: C - 4, rx: 5 }));
      if (slot === 2) {
        const missile = { class: "isl-missile", cx: x + C / 2, cy: top + C / 2, r: C * 0.4 };
        slotG.append(el("circle", missile));
      }
      if (kind >= 0) slotG.append(drawPadUnit(x + C / 2, top + C / 2, seat, kind, geo));
      slotG.append(
        el(
          "title",
          {},
          t(slot === 2 ? "pad.slot_centre" : "pad.slot", { side: NAMES[seat], n: slot + 1 }) +
            `: ${kind >= 0 ? kindName(KINDS[kind]) : t("empty")}${off ? t("pad.off_edge") : ""}` +
            `${action ? ` — ${action.text}` : ""}`,
        ),
      );
      pad.append(slotG);
    }
    layer.append(pad);
  }
  // where the pad may go with this roll
  for (const a of g.padshift) {
    const columns = a.pad_columns || [];
    if (!columns.length) continue;
    const top = geo.padTop(pos.to_move, home);
    const xs = columns.map((c) => geo.column(c));
    const left = Math.min(...xs);
    layer.append(
      el(
        "g",
        { class: "isl-pad-ghost", "data-action": a.action },
        el("rect", { x: left - 3, y: top - 3, width: 5 * C + 6, height: C + 6, rx: 8 }),
        el(
          "text",
          { x: left + 2.5 * C, y: top + C / 2 + 5 },
          a.side === "W" ? t("pad.west_short") : t("pad.east_short"),
        ),
        el("title", {}, a.text),
      ),
    );
  }
  return layer;
}

function wireBoard(svg, ui, mem, g, units) {
  const redraw = () => mem.redraw();
  svg.addEventListener("click", (event) => {
    const hot = event.target.closest("[data-action]");
    if (hot && hot.getAttribute("data-action") !== null) {
      const id = Number(hot.getAttribute("data-action"));
      const action = g.all.find((a) => a.action === id);
      if (action) {
        mem.sel = null;
        ui.act(action);
        return;
      }
    }
    const cell = event.target.closest("[data-sq]");
    if (!cell) return;
    const sq = Number(cell.getAttribute("data-sq"));
    if (g.block.has(sq)) return ui.act(g.block.get(sq));
    if (g.place.has(sq)) {
      const byKind = g.place.get(sq);
      return ui.act(byKind.get(mem.kind) || byKind.values().next().value);
    }
    if (g.remove.has(sq)) {
      if (mem.sel === sq) return ui.act(g.remove.get(sq));
      mem.sel = sq;
      return redraw();
    }
    if (g.shootAt.has(sq) && !g.shootFrom.has(sq)) {
      const actions = g.shootAt.get(sq);
      const chosen =
        actions.length === 1 ? actions[0] : actions.find((a) => parseSq(a.from) === mem.sel);
      if (chosen) return ui.act(chosen);
      if (ui.notify) ui.notify(t("notify.several"));
      return;
    }
    if (units.has(sq)) {
      mem.sel = mem.sel === sq ? null : sq;
      return redraw();
    }
    if (mem.sel !== null) {
      mem.sel = null;
      redraw();
    }
  });
  // keyboard: Enter or Space on a focused square or choice does what a tap does
  svg.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const node = event.target.closest ? event.target.closest("[tabindex]") : null;
    if (!node) return;
    event.preventDefault();
    node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
  // Escape (static/keyboard.js): drop the picked unit or block.
  svg.addEventListener("board-cancel", () => {
    if (mem.sel === null || mem.sel === undefined) return;
    mem.sel = null;
    redraw();
  });
  // hover: show the range of the unit under the pointer
  const rangeOf = (sq) => svg.querySelector(`.isl-range[data-for="${sq}"]`);
  svg.addEventListener("pointerover", (event) => {
    if (event.pointerType === "touch") return;
    const cell = event.target.closest("[data-sq]");
    if (!cell) return;
    const range = rangeOf(cell.getAttribute("data-sq"));
    if (range) range.classList.add("isl-hover");
  });
  svg.addEventListener("pointerout", (event) => {
    const cell = event.target.closest("[data-sq]");
    if (!cell) return;
    const range = rangeOf(cell.getAttribute("data-sq"));
    if (range) range.classList.remove("isl-hover");
  });
}
