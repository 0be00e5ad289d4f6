// Gunst for the Spelbord table: the battlefield ring with five rows a side (row 1, the
// knights, next to the battlefield line), each side's life stones, hand and plane staff
// (a lane per deity: start, Tusmørket, Tågen, hand, and the field, where under rules
// version 3 a deity that has acted stays, marked spent, until the round ends), the season
// marker, a decision panel built from view.legal (the secret Tinge selection, who goes
// first, the favour, Dommen's deities and rows, Archimedes leaving the rows as they are,
// the scholars' mode, raising deities) and the event log of the observation, step by
// step, the newest highlighted.
//
// render(root, view, ui) draws VIEW into root; ui.act(actionDict) plays an action. The
// modules: pieces.js (the pieces and their names), board.js (the SVG board), panel.js (the
// decisions), log.js (the event log); style.css is the style sheet, linked once.

import { h, loadStyle } from "/static/kit.js";
import { names } from "./pieces.js";
import { board } from "./board.js";
import { focusOf, eventList } from "./log.js";
import { rowPicks, emptySelection, decisionPanel } from "./panel.js";
import { t, tn } from "./texts.js";

const WIDE_MIN = 840; // root width (px) from which the staffs stand beside the ring

/** Per root element: the Tinge selection being made, the log already shown, the layout. */
const memory = new WeakMap();

const STYLE = new URL("./style.css", import.meta.url);
await loadStyle("gunst-style", STYLE);

/** Seat names for the shared page, in the page's language ("Player 1", "Spiller 1"). */
export function seatNames() {
  return [t("player", { n: 1 }), t("player", { n: 2 })];
}

/** Warnings for the shared status card: the last season, and a side close to losing. */
export function describe(view) {
  const obs = view.observation || {};
  if (view.result || obs.phase === "over") return "";
  const nm = names(view);
  const notes = [];
  (obs.life || []).forEach((life, seat) => {
    if (life <= 3)
      notes.push(tn("note.life", life, { name: nm.label(seat) }));
  });
  if (obs.season === 4) notes.push(t("note.last_season"));
  return notes.join(" ");
}

export function render(root, view, ui) {
  loadStyle("gunst-style", STYLE);
  const obs = view.observation || {};
  const log = obs.log || [];
  let mem = memory.get(root);
  if (!mem) {
    mem = {
      turn: null,
      selection: emptySelection(),
      shown: log.length,
      submitted: null,
      wide: null,
      table: view.table,
    };
    memory.set(root, mem);
    if (typeof ResizeObserver === "function") {
      mem.observer = new ResizeObserver(() => {
        const wide = root.clientWidth >= WIDE_MIN;
        if (mem.args && mem.wide !== null && wide !== mem.wide) render(root, ...mem.args);
      });
      mem.observer.observe(root);
    }
  }
  if (mem.table !== view.table || log.length < mem.shown) {
    mem.shown = log.length; // another table, or a replay stepping back: nothing is new
    mem.table = view.table;
  }
  // A selection in the making belongs to one seat at one ply: at a shared screen (hot seat)
  // the next seat must not find the previous one's secret choice in the panel.
  const turn = `${view.table}:${view.ply}:${view.seat}`;
  if (mem.turn !== turn) {
    mem.selection = emptySelection();
    mem.turn = turn;
  }
  const shown = mem.shown;
  mem.args = [view, ui];

  const canAct =
    !ui.replay && Number.isInteger(view.seat) && !view.result && view.your_turn !== false;
  const legal = canAct ? view.legal || [] : [];
  const picks = obs.phase === "tinge" ? new Map() : rowPicks(view, legal);
  const wide = (root.clientWidth || 800) >= WIDE_MIN;
  mem.wide = wide;
  const focus = focusOf(obs, shown);

  let newReveal = false;
  for (let i = shown; i < log.length; i++) if (log[i].e === "reveal") newReveal = true;

  const redraw = () => render(root, view, ui);
  const svg = board(view, obs, wide, picks, focus);
  const events = eventList(view, obs, shown);
  const panel = decisionPanel(view, obs, legal, ui, mem, redraw, newReveal);
  const wrap = h(
    "div",
    { class: "gunst" },
    h(
      "div",
      { class: "gu-grid" },
      panel,
      svg,
      h("aside", { class: "gu-log" }, h("h3", {}, t("log.title")), events),
    ),
  );
  root.replaceChildren(wrap);
  root.classList.add("gunst-root");
  mem.shown = log.length;
  if (events.scrollHeight > events.clientHeight) events.scrollTop = events.scrollHeight;

  for (const rowG of svg.querySelectorAll(".gu-pick")) {
    const pick = picks.get(`${rowG.dataset.seat}:${Number(rowG.dataset.row) - 1}`);
    const fire = () => ui.act(pick.action);
    rowG.addEventListener("click", fire);
    rowG.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        fire();
      }
    });
  }
}
