// Slag for Islandet for the Spelbord table: the 12x12 island (SVG) with its units (soldier,
// jeep, tank in the owner's colour; a chevron shows the facing), the obstacle blocks
// (unknown crates; craters of live blocks and outlines of safe ones, with a blast when one
// goes off), both carrier pads with their five slots; above and below it the two players,
// then the die (this turn's roll, or the last one dimmed) and a decision bar built from
// view.legal.
//
// render(root, view, ui) draws VIEW into root; ui.act(actionDict) plays an action.
// Hover (or tap) a unit to see where it fires: the square exactly its range ahead. Red
// rings are targets you can shoot: tap one to fire. To move, tap a unit, then one of its
// destinations (the half-arrows on the nearer square move one less and turn left or
// right). The viewer's own side is drawn at the bottom (North sees the island turned).
//
// The parts: geometry.js (squares on screen), units.js (the units' bodies), view.js (what
// a VIEW says: legal actions grouped, history from the moves), board.js (the island, pads
// and input), panels.js (players, die, decision bar), effects.js (animations across views),
// narration.js (the last turns in words) and style.css (the style sheet, loaded once).
//
// Someone else's turn is played back: the views of its steps (the roll, each shot, a block
// going off, the move) are drawn STEP_MS apart, the narration's new lines appearing with
// them; a click or a key shows the latest at once (narrate.js).

import { h, loadStyle } from "/static/kit.js";
import { STEP_MS, narration, whenSkipped } from "/static/narrate.js";
import { t } from "./texts.js";
import { turnGroups } from "./narration.js";
import { drawBoard } from "./board.js";
import { noEffects, pruneEffects } from "./effects.js";
import { sqName } from "./geometry.js";
import { drawBar, drawDieArea, drawPanel } from "./panels.js";
import { KINDS, NAMES } from "./units.js";
import {
  BOUND_PAD,
  boundMoveLost,
  groupLegal,
  homeSeat,
  lastRoll,
  offersDecline,
  position,
  vanished,
} from "./view.js";

await loadStyle("islandet-style", new URL("./style.css", import.meta.url));

/** Per root element: selection, the place kind, and what the last render showed. */
const memory = new WeakMap();

// ------------------------------------------------------------------ entry points
function draw(root, view, ui, mem) {
  mem.redraw = () => draw(root, view, ui, mem);
  const pos = position(view);
  const g = groupLegal(view, ui);
  if (g.place.size) {
    const kinds = new Set();
    for (const byKind of g.place.values()) for (const k of byKind.keys()) kinds.add(k);
    if (!kinds.has(mem.kind)) mem.kind = KINDS.find((k) => kinds.has(k));
  }
  const home = homeSeat(view);
  const wrap = h("div", { class: "isl" });
  wrap.append(
    drawPanel(view, pos, 1 - home),
    drawBoard(view, ui, mem),
    drawPanel(view, pos, home),
    drawDieArea(view, pos, mem.fx),
  );
  const bar = drawBar(view, pos, ui, mem, g);
  if (bar) wrap.append(bar);
  wrap.append(drawNarration(view, pos, mem));
  root.replaceChildren(wrap);
  root.classList.add("isl-root");
}

/** The narration of the last turns; the lines of moves not drawn before appear one by one. */
function drawNarration(view, pos, mem) {
  const groups = turnGroups(view, pos, mem.positions);
  let fresh = 0;
  if (mem.fresh !== null) {
    for (const g of groups) for (const line of g.lines) if (line.ply >= mem.fresh) fresh += 1;
  }
  const box = narration(groups, { fresh, title: t("narr.title"), skip: t("narr.skip") });
  box.classList.add("isl-narr");
  return box;
}

/** Whether VIEW is a step of someone else's turn, to be played back after the last one. */
function paced(mem, view, ui) {
  if (ui.replay || mem.ply === null || mem.table !== view.table || mem.seat !== view.seat) return false;
  const last = mem.queue.length ? mem.queue[mem.queue.length - 1][0].ply : mem.ply;
  if (!(view.ply > last) || view.ply - last > 12) return false;
  if (typeof document !== "undefined" && document.visibilityState === "hidden") return false;
  return (view.moves || []).some((m, i) => (m.ply ?? i) >= last && m.seat !== view.seat);
}

function playNext(mem) {
  const [view, ui] = mem.queue.shift();
  const steps = Math.max(1, view.ply - (mem.ply ?? view.ply));
  show(mem.root, view, ui, mem, false);
  // the step stays on screen STEP_MS (a view of several moves: as many steps) before the next
  mem.timer = setTimeout(() => {
    mem.timer = null;
    if (mem.queue.length) playNext(mem);
  }, steps * STEP_MS);
}

/** Skip a playback: the latest view at once. */
function skip(mem) {
  if (!mem.queue.length) return;
  const [view, ui] = mem.queue[mem.queue.length - 1];
  mem.queue = [];
  clearTimeout(mem.timer);
  mem.timer = null;
  show(mem.root, view, ui, mem, true);
}

/** Draw VIEW into ``root``; ``ui.act`` plays an action dict, ``ui.replay`` disables input. */
export function render(root, view, ui) {
  const pos = position(view);
  if (!pos) {
    root.replaceChildren(h("p", { class: "muted" }, t("no_position")));
    return;
  }
  let mem = memory.get(root);
  if (!mem) {
    mem = { root, sel: null, kind: "soldier", ply: null, table: null, seat: null, pos: null };
    mem.positions = new Map(); // ply -> the position before that ply's move (for the narration)
    mem.queue = []; // [view, ui] of a turn being played back
    mem.timer = null;
    mem.fresh = null;
    memory.set(root, mem);
    whenSkipped(() => skip(mem));
  }
  if (mem.table !== view.table) mem.positions = new Map();
  mem.positions.set(view.ply, pos);
  if (paced(mem, view, ui)) {
    mem.queue.push([view, ui]);
    if (!mem.timer) playNext(mem);
    return;
  }
  if (mem.queue.length) {
    mem.queue = [];
    clearTimeout(mem.timer);
    mem.timer = null;
  }
  show(root, view, ui, mem, false);
}

function show(root, view, ui, mem, instant) {
  const pos = position(view);
  const same = mem.table === view.table && mem.seat === view.seat;
  mem.fresh = same && !instant && mem.ply !== null && view.ply > mem.ply ? mem.ply : null;
  const forward = same && mem.ply !== null && view.ply > mem.ply;
  if (!mem.fx || !same || (mem.ply !== null && view.ply < mem.ply)) mem.fx = noEffects();
  if (!same || view.ply !== mem.ply) mem.sel = null;
  const now = performance.now();
  if (forward) {
    // what happened since the last view: blocks gone off, units lost, a die rolled
    const since = mem.ply;
    const gone = new Set(pos.blocks || []);
    for (const sq of (mem.pos && mem.pos.blocks) || []) {
      if (!gone.has(sq)) mem.fx.reveals.set(sq, now);
    }
    for (const [sq, unit] of vanished(mem.pos, pos, view, since)) {
      mem.fx.ghosts.set(sq, { unit, t: now });
    }
    const roll = lastRoll(view);
    if (roll !== null && roll.ply >= since) mem.fx.roll = now;
  }
  pruneEffects(mem.fx, now);
  // a single unit to move (rule 2A binds one, or only one can): pick it for the player
  const g = groupLegal(view, ui);
  const movers = new Set([...g.move.keys()]);
  if (mem.sel === null && movers.size === 1 && !g.shootFrom.size) mem.sel = [...movers][0];
  mem.table = view.table;
  mem.seat = view.seat;
  mem.ply = view.ply;
  mem.pos = pos;
  draw(root, view, { ...ui, replay: Boolean(ui.replay) }, mem);
  mem.fresh = null; // a redraw (a unit picked) plays nothing back again
}

/** A short note for notable moments (rule 1A/1B removals, a bound unit or pad). */
export function describe(view) {
  const pos = position(view);
  if (!pos || view.result) return "";
  const mover = NAMES[pos.to_move];
  const other = NAMES[1 - pos.to_move];
  const choice = offersDecline(view);
  if (pos.phase === "remove") {
    return choice ? t("note.rule1a_choice", { name: mover, other }) : t("note.rule1a", { name: mover });
  }
  if (pos.phase === "removepad") {
    return choice ? t("note.rule1b_choice", { name: mover, other }) : t("note.rule1b", { name: mover });
  }
  if (boundMoveLost(pos)) return t("note.bound_lost", { square: sqName(pos.bound) });
  if (pos.phase === "move" && pos.bound === BOUND_PAD) {
    return t("note.pad_roll", { name: mover, n: pos.roll });
  }
  if (pos.bound >= 0 && ["roll", "shoot1", "move"].includes(pos.phase)) {
    return t("note.rule2a", { square: sqName(pos.bound) });
  }
  return "";
}

/** Seat names for the shared page. */
export function seatNames() {
  return [...NAMES];
}
