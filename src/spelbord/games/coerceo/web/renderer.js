// Coerceo board for the Spelbord table: flat-topped hex tiles in axial coordinates
// (x toward the upper right, y up), six triangular fields per tile numbered clockwise from
// the top (even black, odd white), pieces drawn as small tetrahedra on their fields.
//
// render(root, view, ui) draws VIEW into root; ui.act(actionDict) plays an action.
// Pick one of your pieces to see where it may go; tap a target to move. When an exchange
// is legal, tap an opponent piece and confirm to remove it.

import { svgEl as el } from "/static/kit.js";
import { t, tn } from "./texts.js";

const S = 60; // hex radius (centre to corner) in board units
const R3 = Math.sqrt(3);
const NAMES = [t("side.white"), t("side.black")];
const FOOTER = 92;
const TILE = 0.95; // tiles are drawn a little smaller than their cell: the gaps show the tiles

/** Per root element: what the user has picked, and the last ply drawn. */
const memory = new WeakMap();

const key = (x, y, f) => `${x},${y},${f}`;
/** The notation's name of tile (x, y): a letter for x (a..e = -2..2), a digit for y (1..5). */
export const tileName = (x, y) => `${String.fromCharCode(99 + x)}${y + 3}`;
/** The notation's name of field f of tile (x, y), e.g. "c3:0" (fields 0-5 clockwise from the top). */
export const fieldName = (x, y, f) => `${tileName(x, y)}:${f}`;
const fmt = (n) => n.toFixed(2);

/** Centre of tile (x, y) on screen (SVG y grows downward). */
function tileCentre(x, y) {
  return [1.5 * S * x, -R3 * S * (y + x / 2)];
}

/** Corner ``i`` of a hex (math angle 60*i degrees) around (cx, cy), scaled by ``r``. */
function corner(cx, cy, i, r = S) {
  const a = (Math.PI / 3) * i;
  return [cx + r * Math.cos(a), cy - r * Math.sin(a)];
}

/** The three corners of field f: the tile centre and the two ends of its outer edge. */
function fieldCorners(x, y, f) {
  const [cx, cy] = tileCentre(x, y);
  // Field f's outer edge faces math angle 90 - 60 f; its ends are 30 degrees either side.
  const a1 = ((120 - 60 * f) * Math.PI) / 180;
  const a2 = ((60 - 60 * f) * Math.PI) / 180;
  const r = S * TILE;
  return [
    [cx, cy],
    [cx + r * Math.cos(a1), cy - r * Math.sin(a1)],
    [cx + r * Math.cos(a2), cy - r * Math.sin(a2)],
  ];
}

function centroid(points) {
  return [
    points.reduce((s, p) => s + p[0], 0) / points.length,
    points.reduce((s, p) => s + p[1], 0) / points.length,
  ];
}

const polyPoints = (points) => points.map((p) => `${fmt(p[0])},${fmt(p[1])}`).join(" ");

function hexPoints(cx, cy, r = S) {
  return polyPoints([0, 1, 2, 3, 4, 5].map((i) => corner(cx, cy, i, r)));
}

/** A piece: a small tetrahedron seen from above (three shaded facets) on field (x, y, f). */
function pieceShape(x, y, f, colour, extra = "") {
  const tri = fieldCorners(x, y, f);
  const [gx, gy] = centroid(tri);
  const inset = tri.map(([px, py]) => [gx + (px - gx) * 0.64, gy + (py - gy) * 0.64]);
  const apex = [gx, gy];
  const group = el("g", {
    class: `piece piece-${colour === 0 ? "white" : "black"} ${extra}`,
    "data-field": key(x, y, f),
    "data-colour": colour,
  });
  group.append(el("polygon", { class: "piece-shadow", points: polyPoints(inset) }));
  for (let i = 0; i < 3; i++) {
    const facet = [apex, inset[i], inset[(i + 1) % 3]];
    group.append(el("polygon", { class: `facet facet-${i}`, points: polyPoints(facet) }));
  }
  group.append(el("polygon", { class: "piece-outline", points: polyPoints(inset) }));
  return group;
}

function styles() {
  return el(
    "style",
    {},
    // Nested under .coerceo-board: an SVG <style> applies to the whole page.
    document.createTextNode(`
    @keyframes cb-fade { from { opacity: .55; } to { opacity: 0; } }
    .coerceo-board {
    .cb-tile-edge { fill: none; stroke: #0d0f12; stroke-width: 2.4; stroke-linejoin: round; }
    .cb-field { stroke: rgba(0,0,0,.22); stroke-width: .8; }
    .cb-field-0 { fill: #16191e; }
    .cb-field-1 { fill: #857558; }
    .cb-last { fill: #e6b450; opacity: .38; pointer-events: none; }
    .cb-target { fill: #f1c35a; stroke: #101215; stroke-width: 2; pointer-events: none; }
    .cb-target-ring { fill: none; stroke: #f1c35a; stroke-width: 2.5; opacity: .9;
      pointer-events: none; }
    .cb-hit[data-target] { cursor: pointer; }
    .cb-hit[data-target]:hover { fill: rgba(241,195,90,.28); }
    .piece { transition: transform .28s ease-out; }
    .piece-shadow { fill: rgba(0,0,0,.35); transform: translate(1.6px, 2.4px); }
    .piece-white .facet-0 { fill: #fffdf6; } .piece-white .facet-1 { fill: #f2ecdf; }
    .piece-white .facet-2 { fill: #e6dcc8; }
    .piece-white .piece-outline { fill: none; stroke: #2a2418; stroke-width: 2; }
    .piece-black .facet-0 { fill: #8a909c; } .piece-black .facet-1 { fill: #6f7582; }
    .piece-black .facet-2 { fill: #646a76; }
    .piece-black .piece-outline { fill: none; stroke: #c9ced6; stroke-width: 1.6; }
    .piece.movable { cursor: pointer; }
    .piece.movable:hover .facet { filter: brightness(1.18); }
    .piece.movable:hover .piece-outline { stroke: #e6b450; stroke-width: 2; }
    .piece.selected .piece-outline { stroke: #ffd36e; stroke-width: 3.4; }
    .piece.selected { filter: drop-shadow(0 0 5px rgba(255,211,110,.95)); }
    .piece.exchangeable { cursor: pointer; }
    .piece.exchangeable:hover .piece-outline, .piece.confirming .piece-outline {
      stroke: #ff6b57; stroke-width: 3; stroke-dasharray: 5 3; }
    .ghost-tile { fill: #d9ccae; opacity: 0; stroke: #e6b450; stroke-width: 2;
      stroke-dasharray: 6 4; animation: cb-fade 1.6s ease-out; pointer-events: none; }
    .ghost-piece { opacity: 0; animation: cb-fade 1.6s ease-out; pointer-events: none; }
    .cb-label { font: 600 15px system-ui, sans-serif; fill: #ece6da; }
    .cb-coord { font: 700 10px system-ui, sans-serif; fill: #f1c35a; paint-order: stroke;
      stroke: #101215; stroke-width: 3px; pointer-events: none; }
    .cb-small { font: 500 12.5px system-ui, sans-serif; fill: #aab2bb; }
    .cb-hint { font: 600 12.5px system-ui, sans-serif; fill: #f1c35a; }
    .cb-panel { fill: rgba(255,255,255,.04); stroke: rgba(255,255,255,.08); }
    .cb-panel.to-move { stroke: #e6b450; stroke-width: 1.6; fill: rgba(230,180,80,.08); }
    .cb-mini { fill: #d9ccae; stroke: #101215; stroke-width: 1.2; }
    .cb-cura { font: 700 15px system-ui, sans-serif; fill: #ff8a75; }
    :focus-visible { outline: none; }
    [tabindex]:focus-visible .piece-outline, .cb-hit:focus-visible {
      stroke: #7fd1ff; stroke-width: 3; }
    }
  `),
  );
}

function sameField(a, b) {
  return Array.isArray(a) && Array.isArray(b) && a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}

/** Draw the player panel of ``colour`` below the board. */
function playerPanel(view, obs, colour, x, y, width, exchangeReady) {
  const pieces = (obs.pieces || []).filter((p) => p[3] === colour).length;
  const collected = (obs.collected || [0, 0])[colour] || 0;
  const toMove = view.to_move === colour && !view.result;
  const g = el("g", { class: "cb-player", "data-colour": colour });
  g.append(
    el("rect", {
      class: `cb-panel ${toMove ? "to-move" : ""}`,
      x,
      y,
      width,
      height: FOOTER - 14,
      rx: 10,
    }),
  );
  // A small piece icon in the player's colour.
  const icon = el("g", { transform: `translate(${x + 22} ${y + 24}) scale(.42)` });
  const tri = [
    [0, -30],
    [26, 15],
    [-26, 15],
  ];
  const apex = [0, 0];
  for (let i = 0; i < 3; i++) {
    icon.append(
      el("polygon", {
        class: `facet facet-${i}`,
        points: polyPoints([apex, tri[i], tri[(i + 1) % 3]]),
      }),
    );
  }
  icon.append(el("polygon", { class: "piece-outline", points: polyPoints(tri) }));
  g.append(el("g", { class: `piece-${colour === 0 ? "white" : "black"}` }, icon));
  const label0 = view.seat === colour ? t("panel.you", { name: NAMES[colour] }) : NAMES[colour];
  g.append(el("text", { class: "cb-label", x: x + 40, y: y + 29 }, document.createTextNode(label0)));
  g.append(
    el(
      "text",
      { class: "cb-small", x: x + width - 12, y: y + 29, "text-anchor": "end" },
      document.createTextNode(tn("panel.pieces", pieces)),
    ),
  );
  // Collected tiles as little hexes.
  const shown = Math.min(collected, 12);
  for (let i = 0; i < shown; i++) {
    g.append(el("polygon", { class: "cb-mini", points: hexPoints(x + 20 + i * 17, y + 55, 8) }));
  }
  const label = collected ? tn("panel.tiles", collected) : t("panel.no_tiles");
  g.append(
    el(
      "text",
      { class: "cb-small", x: x + (shown ? 20 + shown * 17 : 12), y: y + 59.5 },
      document.createTextNode(label),
    ),
  );
  if (exchangeReady) {
    g.append(
      el(
        "text",
        { class: "cb-hint", x: x + width - 12, y: y + 59.5, "text-anchor": "end" },
        document.createTextNode(t("panel.exchange_hint")),
      ),
    );
  }
  return g;
}

function confirmBox(root, action, cost, onYes, onNo) {
  const box = document.createElement("div");
  box.className = "board-confirm";
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-label", t("confirm.label"));
  const text = document.createElement("p");
  text.textContent = tn("confirm.question", cost, { move: action.text });
  const yes = document.createElement("button");
  yes.type = "button";
  yes.className = "btn btn-primary confirm-yes";
  yes.textContent = t("confirm.yes");
  yes.addEventListener("click", onYes);
  const no = document.createElement("button");
  no.type = "button";
  no.className = "btn btn-ghost confirm-no";
  no.textContent = t("confirm.no");
  no.addEventListener("click", onNo);
  const buttons = document.createElement("div");
  buttons.className = "board-confirm-buttons";
  buttons.append(yes, no);
  box.append(text, buttons);
  root.append(box);
  yes.focus({ preventScroll: true });
}

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
  const obs = view.observation || {};
  const mem = memory.get(root) || { selected: null, confirm: null, ply: null };
  const fresh = mem.ply !== view.ply;
  const stepped = mem.ply !== null && view.ply === mem.ply + 1;
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
  const height = 2 * halfH + FOOTER;
  const svg = el("svg", {
    viewBox: `${fmt(-width / 2)} ${fmt(-halfH)} ${fmt(width)} ${fmt(height)}`,
    class: "coerceo-board",
    role: "img",
    "aria-label": t("board.label", { ply: view.ply }),
    "data-ply": view.ply,
  });
  svg.append(styles());

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

  root.replaceChildren(svg);
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
