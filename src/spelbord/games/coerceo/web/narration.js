// Coerceo's event narration: the last two turns in words (the move or exchange, the tiles
// that went and who collected them, the pieces captured). The latest turn is read from the
// observation's ``last_move`` (what it removed and captured); the one before from the
// observation the renderer drew at that ply when it has one (``seen``: ply -> last_move),
// else from the move list's notation.

import { t, tn } from "./texts.js";
import { NAMES } from "./panel.js";
import { fieldName, tileName } from "./board.js";
import { resultText } from "/static/viewparts.js";

const field = (c) => fieldName(c[0], c[1], c[2]);

/** The lines of one turn, from its ``last_move`` dict. */
function turnLines(last) {
  const name = NAMES[last.seat] || "";
  const other = NAMES[1 - last.seat] || "";
  const lines = [];
  if (last.kind === "exchange") {
    lines.push({ text: t("ev.exchange", { name, other, field: field(last.target) }), cls: "narr-hit" });
  } else if (last.from && last.to) {
    lines.push({ text: t("ev.move", { name, from: field(last.from), to: field(last.to) }) });
  } else {
    lines.push({ text: `${name}: ${last.text || ""}` });
  }
  const tiles = last.removed_tiles || [];
  if (tiles.length) {
    const list = tiles.map((x) => tileName(x[0], x[1])).join(", ");
    const key = last.kind === "exchange" ? "ev.tiles_gone" : "ev.tiles";
    lines.push({ text: tn(key, tiles.length, { name, list }) });
  }
  for (const c of last.captured || []) {
    lines.push({ text: t("ev.captured", { owner: NAMES[c[3]] || other, field: field(c) }), cls: "narr-hit" });
  }
  return lines;
}

/** The narration's groups for VIEW: ``{seat, title, lines: [{text, cls}]}``, oldest first. */
export function turnGroups(view, seen) {
  const obs = view.observation || {};
  const groups = [];
  const moves = view.moves || [];
  const last = obs.last_move;
  if (last && view.ply > 1) {
    const before = seen.get(view.ply - 1);
    const move = moves[view.ply - 2];
    if (before) groups.push({ seat: before.seat, lines: turnLines(before) });
    else if (move && move.seat >= 0) {
      groups.push({ seat: move.seat, lines: [{ text: t("ev.notation", { name: NAMES[move.seat], move: move.text }) }] });
    }
  }
  if (last) groups.push({ seat: last.seat, lines: turnLines(last) });
  for (const g of groups) g.title = t("ev.turn_of", { name: NAMES[g.seat] || "" });
  if (!groups.length) groups.push({ seat: null, title: "", lines: [{ text: t("ev.begin") }] });
  if (view.result) {
    // the result in words as the page says it (who won, and why: the game's own endings,
    // the platform's for a resignation, a timeout or an agreed draw, with the names filled in)
    const text = resultText(view.result, NAMES, view.seat ?? null, "coerceo");
    groups.push({ seat: null, title: t("ev.over"), lines: [{ text, cls: "narr-end" }] });
  }
  return groups;
}
