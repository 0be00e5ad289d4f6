// Slag for Islandet's readings of a VIEW: the position, the side drawn at the bottom, what
// the move list tells (blocks gone off, the last roll, units lost since the last view) and
// the legal actions grouped by what they act on.

import { parseSq } from "./geometry.js";

export const BOUND_PAD = -2;

export function padCount(pos, seat) {
  return (pos.pads ? pos.pads[seat] : []).filter((k) => k >= 0).length;
}

/** The seat drawn at the bottom: the viewer's, or South for spectators. */
export function homeSeat(view) {
  return view.seat === 1 ? 1 : 0;
}

export function position(view) {
  return (view.observation && view.observation.position) || null;
}

// ------------------------------------------------------------------ history from the moves
/**
 * Blocks that went off so far: square -> live (true) or safe (false).
 *
 * The natures come from the chance moves ("live e5" / "safe e5"). A block whose nature was
 * certain (only one nature left, R23) goes off without a chance move: it is a block placed
 * in setup and gone now, and all such blocks share the one nature that was left.
 */
export function revealedBlocks(view, pos) {
  const out = new Map();
  const placed = [];
  for (const move of view.moves || []) {
    const text = String(move.text || "").trim().toLowerCase();
    const m = /^(live|safe|block) ([a-l]\d{1,2})$/.exec(text);
    if (!m) continue;
    const sq = parseSq(m[2]);
    if (sq === null) continue;
    if (m[1] === "block") placed.push(sq);
    else out.set(sq, m[1] === "live");
  }
  const now = new Set(pos.blocks || []);
  const silent = placed.filter((sq) => !now.has(sq) && !out.has(sq));
  if (silent.length) {
    const options = view.options || {};
    const startLive = options.all_live === true || options.all_live === "true" ? 10 : 6;
    const liveKnown = [...out.values()].filter(Boolean).length;
    const live = startLive - (pos.live_left ?? startLive) - liveKnown > 0;
    for (const sq of silent) out.set(sq, live);
  }
  return out;
}

/** The last die roll in the move list and its ply (or null). */
export function lastRoll(view) {
  const moves = view.moves || [];
  for (let i = moves.length - 1; i >= 0; i--) {
    const m = /^roll ([0-5])$/.exec(String(moves[i].text || "").trim());
    if (m) return { pips: Number(m[1]), ply: moves[i].ply };
  }
  return null;
}

export function unitMap(pos) {
  const out = new Map();
  for (const [sq, seat, kind, facing] of pos.units || []) out.set(sq, { seat, kind, facing });
  return out;
}

/** Units gone since the previous render (not moved away): drawn fading out. */
export function vanished(prev, pos, view, sincePly) {
  if (!prev) return [];
  const lostBefore = (prev.lost || [0, 0]).reduce((a, b) => a + b, 0);
  const lostNow = (pos.lost || [0, 0]).reduce((a, b) => a + b, 0);
  if (lostNow <= lostBefore) return [];
  const movedFrom = new Set();
  for (const move of view.moves || []) {
    if (move.ply < sincePly) continue;
    const m = /^([a-l]\d{1,2})-/.exec(String(move.text || "").toLowerCase());
    if (m) movedFrom.add(parseSq(m[1]));
  }
  const before = unitMap(prev);
  const now = unitMap(pos);
  const out = [];
  for (const [sq, unit] of before) {
    const here = now.get(sq);
    if (movedFrom.has(sq)) continue;
    if (!here || here.seat !== unit.seat || here.kind !== unit.kind) out.push([sq, unit]);
  }
  return out;
}

// ------------------------------------------------------------------ legal actions
export function groupLegal(view, ui) {
  const given = ui.replay || !view.your_turn ? [] : view.legal || [];
  // The server sends every block placement as one entry: one action per square here.
  const legal = given.flatMap((a) =>
    a.kind === "blocks"
      ? a.to.map((sq, i) => ({ action: a.actions[i], text: `block ${sq}`, kind: "block", to: sq }))
      : [a],
  );
  const g = {
    all: legal,
    block: new Map(),
    place: new Map(), // square -> Map(kind -> action)
    shootFrom: new Map(),
    shootAt: new Map(), // target square -> [actions]
    crossfire: new Set(),
    crossfireIfLive: new Set(), // R15: in crossfire only if the block shot at proves live
    move: new Map(), // from square -> [actions]
    turn: new Map(),
    remove: new Map(),
    enter: new Map(), // slot (0-4) -> action
    removepad: new Map(),
    face: [],
    padkind: [],
    padshift: [],
    padmove: null,
    done: null,
    decline: null, // rules 1A/1B from version 3: take no free removal
  };
  for (const a of legal) {
    const from = parseSq(a.from);
    const to = parseSq(a.to);
    switch (a.kind) {
      case "block":
        g.block.set(to, a);
        break;
      case "place":
        if (!g.place.has(to)) g.place.set(to, new Map());
        g.place.get(to).set(a.unit.kind, a);
        break;
      case "shoot":
        g.shootFrom.set(from, a);
        if (to !== null) {
          if (!g.shootAt.has(to)) g.shootAt.set(to, []);
          g.shootAt.get(to).push(a);
        }
        for (const t of a.targets || []) {
          if (parseSq(t) === to) continue;
          (a.crossfire_if_live ? g.crossfireIfLive : g.crossfire).add(parseSq(t));
        }
        break;
      case "move":
      case "turn":
        if (!g[a.kind].has(from)) g[a.kind].set(from, []);
        g[a.kind].get(from).push(a);
        break;
      case "remove":
        g.remove.set(from, a);
        break;
      case "enter":
      case "removepad":
        g[a.kind].set(a.slot - 1, a);
        break;
      case "face":
      case "padkind":
      case "padshift":
        g[a.kind].push(a);
        break;
      case "padmove":
        g.padmove = a;
        break;
      case "done":
        g.done = a;
        break;
      case "decline":
        g.decline = a;
        break;
      default:
        break;
    }
  }
  return g;
}

/** Whether a reinforcement may come on onto a block now (R10, version 3). */
export function enterBlock(g) {
  return [...g.enter.values()].some((a) => a.onto_block);
}

/** Whether this table's rules let the opponent decline the free removal (version 3 on). */
export function offersDecline(view) {
  return view.rules_version === undefined || view.rules_version === null || view.rules_version >= 3;
}

/**
 * R8 (version 3): the unit rule 2A binds stands where it stood and the move step is over:
 * it could not use the roll while another unit could, so its move was lost.
 */
export function boundMoveLost(pos) {
  if (pos.phase !== "shoot2" || !(pos.bound >= 0)) return false;
  const unit = unitMap(pos).get(pos.bound);
  return Boolean(unit) && unit.seat === pos.to_move;
}
