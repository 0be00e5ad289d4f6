// Slag for Islandet's event narration: the move list read back in words, one group per
// turn (the roll, the shots and what they hit, blocks going off, the move, free removals),
// the last two turns shown; at the end of the game, the blocks that never went off.
//
// The moves carry the notation only ("roll 4", "c4xc8", "live c8", "g7-d7R"); the kinds
// of the units named come from positions the renderer has seen (``positions``: ply -> the
// position before that ply's move), and are left out where it has not seen one.

import { t } from "./texts.js";
import { FACINGS, parseSq } from "./geometry.js";
import { KINDS, NAMES, kindName } from "./units.js";

const SQ = "([a-l]\\d{1,2})";
const RX = {
  first: /^first (South|North)$/,
  block: new RegExp(`^block ${SQ}$`),
  place: new RegExp(`^(soldier|jeep|tank) ${SQ}$`),
  face: /^face ([NESW])$/,
  pad: /^pad (soldier|jeep|tank)$/,
  roll: /^roll ([0-5])$/,
  enter: /^enter ([1-5])$/,
  turn: new RegExp(`^turn ${SQ} ([LR])$`),
  shot: new RegExp(`^${SQ}x${SQ}$`),
  reveal: new RegExp(`^(live|safe) ${SQ}$`),
  move: new RegExp(`^${SQ}-${SQ}([LR]?)$`),
  padshift: /^pad ([WE])$/,
  remove: new RegExp(`^remove ${SQ}$`),
  removepad: /^remove pad ([1-5])$/,
};

const clean = (move) => String(move.text || "").replace(/ \(time\)$/, "").trim();

/** Per move: the seat whose turn it belongs to (a chance roll to the seat that acts next). */
function actors(moves, toMove) {
  const out = new Array(moves.length).fill(null);
  let next = Number.isInteger(toMove) && toMove >= 0 ? toMove : null;
  for (let i = moves.length - 1; i >= 0; i--) {
    const seat = moves[i].seat;
    if (seat >= 0) {
      out[i] = seat;
      next = seat;
    } else if (RX.first.test(clean(moves[i]))) out[i] = null;
    else out[i] = next;
  }
  for (let i = 0; i < moves.length; i++) {
    const text = clean(moves[i]);
    const next = i + 1 < moves.length ? moves[i + 1] : null;
    // a roll its seat could not use (rules 1A/1B): the opponent's free removal follows
    const freeRemoval = next && next.seat >= 0 && /^(remove|decline)/.test(clean(next));
    if (RX.roll.test(text) && freeRemoval) out[i] = 1 - next.seat;
    // a block going off belongs to the turn of the shot (or move) that set it off
    if (i > 0 && RX.reveal.test(text) && out[i - 1] !== null) out[i] = out[i - 1];
  }
  return out;
}

function unitAt(pos, sq) {
  if (!pos || sq === null) return null;
  const u = (pos.units || []).find((x) => x[0] === sq);
  return u ? { seat: u[1], kind: KINDS[u[2]] } : null;
}

const kindOr = (unit) => (unit ? kindName(unit.kind) : t("unit"));

/** Units each seat lost between two positions (null when either is unknown). */
function lostBy(before, after) {
  if (!before || !after || !before.lost || !after.lost) return null;
  return [0, 1].map((s) => Math.max(0, after.lost[s] - before.lost[s]));
}

/** "South loses 2 units." for a blast, from the positions around it ("" when unknown). */
function lossesText(before, after) {
  const lost = lostBy(before, after);
  if (!lost) return "";
  const said = [0, 1].filter((s) => lost[s]).map((s) => t(lost[s] === 1 ? "ev.loses.one" : "ev.loses.many", { name: NAMES[s], n: lost[s] }));
  return said.length ? said.join(" ") : t("ev.loses_none");
}

/** One move in words ("" for none), given the positions before and after it (or null). */
function lineOf(moves, i, seat, before, after) {
  const text = clean(moves[i]);
  const name = seat === null ? "" : NAMES[seat];
  const other = seat === null ? "" : NAMES[1 - seat];
  let m;
  if ((m = RX.first.exec(text))) return { text: t("ev.first", { name: NAMES[m[1] === "South" ? 0 : 1] }) };
  if ((m = RX.block.exec(text))) return { text: t("ev.block", { name, square: m[1] }) };
  if ((m = RX.place.exec(text))) return { text: t("ev.place", { name, kind: kindName(m[1]), square: m[2] }) };
  if ((m = RX.face.exec(text))) {
    const prev = i > 0 ? RX.place.exec(clean(moves[i - 1])) : null;
    const dir = t(`dir.${["north", "east", "south", "west"][FACINGS.indexOf(m[1])]}`);
    return prev
      ? { text: t("ev.face", { kind: kindName(prev[1]), square: prev[2], dir }) }
      : { text: t("ev.face_unit", { name, dir }) };
  }
  if ((m = RX.pad.exec(text))) return { text: t("ev.pad", { name, kind: kindName(m[1]) }) };
  if ((m = RX.roll.exec(text))) {
    const n = Number(m[1]);
    return { text: t(n === 0 ? "ev.roll0" : "ev.roll", { name, n }), cls: "narr-roll" };
  }
  if ((m = RX.enter.exec(text))) {
    const kind = before && seat !== null ? (before.pads || [[], []])[seat][Number(m[1]) - 1] : -1;
    const k = kind >= 0 ? kindName(KINDS[kind]) : t("unit");
    return { text: t("ev.enter", { name, kind: k, n: m[1] }) };
  }
  if (text === "move pad") return { text: t("ev.padmove", { name }) };
  if ((m = RX.turn.exec(text))) {
    const unit = unitAt(before, parseSq(m[1]));
    return { text: t(m[2] === "L" ? "ev.turn_left" : "ev.turn_right", { name, kind: kindOr(unit), square: m[1] }) };
  }
  if ((m = RX.shot.exec(text))) {
    const shooter = unitAt(before, parseSq(m[1]));
    const next = i + 1 < moves.length ? RX.reveal.exec(clean(moves[i + 1])) : null;
    const atBlock = (next && next[2] === m[2]) || (before && (before.blocks || []).includes(parseSq(m[2])));
    if (atBlock) return { text: t("ev.shot_block", { name, kind: kindOr(shooter), from: m[1], to: m[2] }), cls: "narr-hit" };
    const target = unitAt(before, parseSq(m[2]));
    const owner = target ? NAMES[target.seat] : other;
    const said = t("ev.shot_unit", { name, kind: kindOr(shooter), from: m[1], to: m[2], owner, target: kindOr(target) });
    const lost = lostBy(before, after);
    const more = lost ? lost[0] + lost[1] - 1 : 0;
    return { text: more > 0 ? `${said} ${t("ev.crossfire", { n: more })}` : said, cls: "narr-hit" };
  }
  if ((m = RX.reveal.exec(text))) {
    const said = t(m[1] === "live" ? "ev.live" : "ev.safe", { square: m[2] });
    const losses = m[1] === "live" ? lossesText(before, after) : "";
    return { text: losses ? `${said} ${losses}` : said, cls: m[1] === "live" ? "narr-hit" : "" };
  }
  if (text === "done") {
    // "done" before the move ends the first shooting, after it the turn
    for (let j = i - 1; j >= 0 && moves[j].seat !== 1 - seat; j--) {
      const earlier = clean(moves[j]);
      if (RX.move.test(earlier) || RX.padshift.test(earlier)) return { text: t("ev.done_turn", { name }) };
      if (RX.roll.test(earlier)) break;
    }
    return { text: t("ev.done_shooting", { name }) };
  }
  if ((m = RX.move.exec(text))) {
    const unit = unitAt(before, parseSq(m[1]));
    const key = m[3] ? (m[3] === "L" ? "ev.move_left" : "ev.move_right") : "ev.move";
    return { text: t(key, { name, kind: kindOr(unit), from: m[1], to: m[2] }) };
  }
  if ((m = RX.padshift.exec(text))) return { text: t(m[1] === "W" ? "ev.pad_west" : "ev.pad_east", { name }) };
  if ((m = RX.remove.exec(text))) {
    const unit = unitAt(before, parseSq(m[1]));
    return { text: t("ev.remove", { name, other, kind: kindOr(unit), square: m[1] }), cls: "narr-hit" };
  }
  if ((m = RX.removepad.exec(text))) return { text: t("ev.removepad", { name, other, n: m[1] }), cls: "narr-hit" };
  if (text === "decline") return { text: t("ev.decline", { name, other }) };
  return text ? { text: seat === null ? text : `${name}: ${text}` } : null;
}

/** What the end of the game tells about the blocks that never went off (R23). */
function unseenLine(pos) {
  const live = pos.live_left ?? 0;
  const safe = pos.safe_left ?? 0;
  const n = (pos.blocks || []).length;
  if (!n) return t("ev.unseen_none");
  if (!live) return t("ev.unseen_safe", { n });
  if (!safe) return t("ev.unseen_live", { n });
  return t("ev.unseen", { n, live, safe });
}

/**
 * The narration's groups for VIEW: the last ``turns`` turns (a free removal counts as a
 * turn of the seat that made it), each ``{seat, title, lines: [{text, cls, ply}]}``.
 */
export function turnGroups(view, pos, positions, turns = 2) {
  const moves = view.moves || [];
  const who = actors(moves, pos ? pos.to_move : null);
  const groups = [];
  for (let i = 0; i < moves.length; i++) {
    const seat = who[i];
    const ply = moves[i].ply ?? i;
    const line = lineOf(moves, i, seat, positions.get(ply) || null, positions.get(ply + 1) || null);
    if (!line) continue;
    let group = groups[groups.length - 1];
    if (!group || group.seat !== seat) {
      group = { seat, title: seat === null ? t("ev.start") : t("ev.turn_of", { name: NAMES[seat] }), lines: [] };
      groups.push(group);
    }
    const text = line.text.charAt(0).toUpperCase() + line.text.slice(1);
    group.lines.push({ ...line, text, ply: moves[i].ply ?? i });
  }
  const shown = groups.slice(-turns);
  if (!shown.length) shown.push({ seat: null, title: t("ev.start"), lines: [{ text: t("ev.begin"), ply: -1 }] });
  if (view.result && pos) {
    shown.push({
      seat: null,
      title: t("ev.over"),
      lines: [{ text: unseenLine(pos), cls: "narr-end", ply: moves.length }],
    });
  }
  return shown;
}

/** Whether ``seat`` has fired in its turn so far (the decision bar's "shoot again"). */
export function shotThisTurn(view, seat) {
  const moves = view.moves || [];
  for (let i = moves.length - 1; i >= 0; i--) {
    const text = clean(moves[i]);
    if (moves[i].seat === 1 - seat) return false;
    if (RX.shot.test(text)) return moves[i].seat === seat;
    if (RX.roll.test(text) && Number(text.slice(5)) > 0) return false;
  }
  return false;
}
