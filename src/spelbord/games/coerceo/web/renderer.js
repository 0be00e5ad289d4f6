// Coerceo board for the Spelbord table: flat-topped hex tiles in axial coordinates
// (x toward the upper right, y up), six triangular fields per tile numbered clockwise from
// the top (even black, odd white), pieces drawn as small tetrahedra on their fields.
//
// render(root, view, ui) draws VIEW into root; ui.act(actionDict) plays an action.
// Pick one of your pieces to see where it may go; tap a target to move. When an exchange
// is legal, tap an opponent piece and confirm to remove it.
//
// The modules: board.js (the geometry of tiles and fields, the pieces), panel.js (the
// players' panels below the board, the exchange confirmation), narration.js (the last two
// turns in words, beside or below the board; the opponent's turn played back line by line,
// /static/narrate.js); style.css is the board's style sheet, linked once.

import { h, loadStyle, svgEl as el } from "/static/kit.js";
import { narration } from "/static/narrate.js";
import {
  S,
  R3,
  TILE,
  key,
  tileName,
  fieldName,
  fmt,
  tileCentre,
  fieldCorners,
  centroid,
  polyPoints,
  hexPoints,
  pieceShape,
  sameField,
} from "./board.js";
import { NAMES, FOOTER, HINT_LINE, playerPanel, confirmBox } from "./panel.js";
import { t } from "./texts.js";
import { turnGroups } from "./narration.js";

/** Per root element: what the user has picked, and the last ply drawn. */
const memory = new WeakMap();

const STYLE = new URL("./style.css", import.meta.url);
await loadStyle("coerceo-style", STYLE);

/**
 * Call ``handler(fieldKey, byKeyboard)`` on a tap (pointer down and up on the same spot)
 * or on Enter / Space on a focused piece or target.
 */
function onTap(svg, handler) {
  let down = null;
  svg.addEventListener("pointerdown", (e) => {
    if (e.button !== undefined && e.button > 0) return;
    down = { id: e.pointerId, x: e.clientX, y: e.clientY };
  });
  svg.addEventListener("pointercancel", () => (down = null));
  svg.addEventListener("pointerup", (e) => {
    if (!down || down.id !== e.pointerId) return;
    const moved = Math.hypot(e.clientX - down.x, e.clientY - down.y);
    down = null;
    if (moved > 12) return;
    const target = e.target.closest ? e.target.closest("[data-field]") : null;
    handler(target ? target.getAttribute("data-field") : null);
  });
  svg.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const target = e.target.closest ? e.target.closest("[data-field]") : null;
    if (!target) return;
    e.preventDefault();
    handler(target.getAttribute("data-field"), true);
  });
}

/** Seat names for the shared page: seat 0 plays white and moves first. */
export function seatNames() {
  return NAMES.slice();
}

/** A short status text: the Cura warning and a repetition warning. */
export function describe(view) {
  const obs = view.observation || {};
  const notes = [];
  if (obs.cura && !view.result) {
    const last = obs.last_move;
    const mover = last && Number.isInteger(last.seat) ? last.seat : 1 - view.to_move;
    const who = NAMES[mover] || t("status.last_mover");
    notes.push(t("status.cura", { name: who }));
  }
  if (!view.result && (obs.repetitions || 0) >= 2) {
    notes.push(t("status.repetition"));
  }
  return notes.join(" ");
}

export function render(root, view, ui) {
  loadStyle("coerceo-style", STYLE);
  const obs = view.observation || {};
  const mem = memory.get(root) || { selected: null, confirm: null, ply: null, seen: new Map() };
  const fresh = mem.ply !== view.ply;
  const stepped = mem.ply !== null && view.ply === mem.ply + 1;
  if (mem.table !== view.table) mem.seen = new Map();
  mem.table = view.table;
  if (obs.last_move) mem.seen.set(view.ply, obs.last_move);
  if (fresh) {
    mem.selected = null;
    mem.confirm = null;
  }
  mem.ply = view.ply;
  memory.set(root, mem);

  const canAct = !ui.replay && ui.seat !== null && ui.seat !== undefined && !view.result;
  const legal = canAct ? view.legal || [] : [];
  const moves = legal.filter((a) => a.kind === "move");
  const exchanges = legal.filter((a) => a.kind === "exchange");
  const movesFrom = new Map();
  for (const a of moves) {
    const k = key(...a.from);
    if (!movesFrom.has(k)) movesFrom.set(k, []);
    movesFrom.get(k).push(a);
  }
  const exchangeAt = new Map(exchanges.map((a) => [key(...a.target), a]));
  const selectedMoves = mem.selected ? movesFrom.get(mem.selected) || [] : [];
  const targetAt = new Map(selectedMoves.map((a) => [key(...a.to), a]));

  const radius = view.options && view.options.variant === "ocius" ? 1 : 2;
  const half = (radius * 1.5 + 1) * S + 12;
  const halfH = (radius * R3 + R3 / 2) * S + 14;
  const width = 2 * Math.max(half, 250);
  const height = 2 * halfH + FOOTER + (exchanges.length ? HINT_LINE : 0);
  const svg = el("svg", {
    viewBox: `${fmt(-width / 2)} ${fmt(-halfH)} ${fmt(width)} ${fmt(height)}`,
    class: "coerceo-board",
    role: "img",
    "aria-label": t("board.label", { ply: view.ply }),
    "data-ply": view.ply,
  });

  const tiles = (obs.tiles || []).map((t) => [t[0], t[1]]);
  const last = obs.last_move || view.last || null;

  // Tiles and fields.
  const board = el("g", { class: "cb-board" });
  for (const [x, y] of tiles) {
    const [cx, cy] = tileCentre(x, y);
    const tile = el("g", { class: "cb-tile", "data-tile": `${x},${y}` });
    for (let f = 0; f < 6; f++) {
      const k = key(x, y, f);
      const target = targetAt.has(k);
      tile.append(
        el("polygon", {
          class: `cb-field cb-field-${f % 2 === 0 ? 0 : 1} cb-hit`,
          points: polyPoints(fieldCorners(x, y, f)),
          "data-field": k,
          "data-target": target ? "1" : null,
          tabindex: target ? "0" : null,
          role: target ? "button" : null,
          "aria-label": target ? t("board.move_to", { field: targetAt.get(k).text.split("-").pop() }) : null,
        }),
      );
    }
    tile.append(el("polygon", { class: "cb-tile-edge", points: hexPoints(cx, cy, S * TILE) }));
    // The tile's name as the notation writes it, where the six fields meet (no piece there).
    tile.append(
      el(
        "text",
        { class: "cb-coord", x: fmt(cx), y: fmt(cy + 3.5), "text-anchor": "middle", "aria-hidden": "true" },
        tileName(x, y),
      ),
    );
    board.append(tile);
  }
  svg.append(board);

  // The last move: its fields tinted, removed tiles and captured pieces fading out.
  const overlay = el("g", { class: "cb-overlay" });
  if (last) {
    const marks = last.kind === "move" ? [last.from, last.to] : [last.target];
    for (const m of marks) {
      if (Array.isArray(m) && tiles.some(([x, y]) => x === m[0] && y === m[1])) {
        overlay.append(
          el("polygon", {
            class: "cb-last",
            points: polyPoints(fieldCorners(...m)),
            "data-last": key(...m),
          }),
        );
      }
    }
    if (fresh) {
      for (const t of last.removed_tiles || []) {
        const [cx, cy] = tileCentre(t[0], t[1]);
        overlay.append(el("polygon", { class: "ghost-tile", points: hexPoints(cx, cy, S * TILE) }));
      }
      for (const p of last.captured || []) {
        overlay.append(pieceShape(p[0], p[1], p[2], p[3], "ghost-piece"));
      }
      if (last.kind === "exchange" && Array.isArray(last.target)) {
        const t = last.target;
        const ghost = pieceShape(t[0], t[1], t[2], 1 - (last.seat ?? 0), "ghost-piece");
        overlay.append(ghost);
      }
    }
  }
  svg.append(overlay);

  // Targets of the picked piece.
  const targets = el("g", { class: "cb-targets" });
  for (const a of selectedMoves) {
    const [gx, gy] = centroid(fieldCorners(...a.to));
    targets.append(el("circle", { class: "cb-target", cx: fmt(gx), cy: fmt(gy), r: 7.5 }));
    targets.append(el("circle", { class: "cb-target-ring", cx: fmt(gx), cy: fmt(gy), r: 13 }));
  }
  svg.append(targets);

  // Pieces.
  const piecesLayer = el("g", { class: "cb-pieces" });
  for (const p of obs.pieces || []) {
    const [x, y, f, colour] = p;
    const k = key(x, y, f);
    const classes = [];
    if (movesFrom.has(k)) classes.push("movable");
    if (mem.selected === k) classes.push("selected");
    if (exchangeAt.has(k)) classes.push("exchangeable");
    if (mem.confirm === k) classes.push("confirming");
    const piece = pieceShape(x, y, f, colour, classes.join(" "));
    if (movesFrom.has(k) || exchangeAt.has(k)) {
      piece.setAttribute("tabindex", "0");
      piece.setAttribute("role", "button");
      piece.setAttribute("aria-label", t("board.piece_on", { name: NAMES[colour], field: fieldName(x, y, f) }));
    }
    if (stepped && last && last.kind === "move" && sameField(last.to, [x, y, f])) {
      const [fx, fy] = centroid(fieldCorners(...last.from));
      const [tx, ty] = centroid(fieldCorners(x, y, f));
      piece.style.transition = "none";
      piece.style.transform = `translate(${fmt(fx - tx)}px, ${fmt(fy - ty)}px)`;
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          piece.style.transition = "";
          piece.style.transform = "";
        }),
      );
    }
    piecesLayer.append(piece);
  }
  svg.append(piecesLayer);

  // Cura banner.
  if (obs.cura && !view.result) {
    svg.append(
      el(
        "text",
        { class: "cb-cura", x: fmt(-width / 2 + 14), y: fmt(-halfH + 24) },
        document.createTextNode(t("board.cura")),
      ),
    );
  }

  // Player panels below the board.
  const panelY = halfH + 4;
  const panelW = width / 2 - 18;
  for (const colour of [0, 1]) {
    const ready = canAct && view.seat === colour && exchanges.length > 0;
    svg.append(
      playerPanel(view, obs, colour, -width / 2 + 12 + colour * (panelW + 12), panelY, panelW, ready),
    );
  }

  // The narration: the opponent's turn just made is played back line by line.
  const groups = turnGroups(view, mem.seen);
  const theirs = obs.last_move && obs.last_move.seat !== view.seat;
  const played = fresh && stepped && theirs ? groups[groups.length - 1].lines.length : 0;
  const story = narration(groups, { fresh: played, title: t("narr.title"), skip: t("narr.skip") });
  story.classList.add("cb-narr");
  svg.dataset.board = "";
  root.replaceChildren(h("div", { class: "cb-layout" }, svg, story));
  root.classList.add("coerceo");

  const redraw = (focusKey = null) => {
    render(root, view, ui);
    if (focusKey === null) return;
    const next =
      root.querySelector(".cb-hit[data-target]") ||
      root.querySelector(`[data-field="${focusKey}"][tabindex]`);
    if (next) next.focus({ preventScroll: true });
  };
  if (mem.confirm && exchangeAt.has(mem.confirm)) {
    const action = exchangeAt.get(mem.confirm);
    confirmBox(
      root,
      action,
      obs.exchange_cost ?? 2,
      () => {
        mem.confirm = null;
        ui.act(action);
      },
      () => {
        mem.confirm = null;
        redraw();
      },
    );
  }

  if (!canAct) return;
  onTap(svg, (k, byKeyboard = false) => {
    if (k && mem.selected && targetAt.has(k)) {
      const action = targetAt.get(k);
      mem.selected = null;
      ui.act(action);
      return;
    }
    if (k && movesFrom.has(k)) {
      mem.selected = mem.selected === k ? null : k;
      mem.confirm = null;
    } else if (k && exchangeAt.has(k)) {
      mem.selected = null;
      mem.confirm = k;
    } else {
      mem.selected = null;
      mem.confirm = null;
    }
    redraw(byKeyboard ? k : null);
  });
  // Escape (static/keyboard.js): drop the picked piece and keep the focus on it.
  svg.addEventListener("board-cancel", () => {
    const k = mem.selected;
    if (!k) return;
    mem.selected = null;
    redraw(k);
  });
}
