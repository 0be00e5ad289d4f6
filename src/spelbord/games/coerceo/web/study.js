// Coerceo's analysis-board editor: a model of a position (tiles, pieces, collected tiles,
// side to move) read from and written to the position text the server parses (position.py),
// its set-up tools (place / remove a piece, remove a tile, collected tiles), a local view
// the renderer draws, and the best line drawn as arrows. The server judges every position
// and names what is wrong; this model is lenient.
import { t } from "/static/i18n.js";
import { t as say } from "./texts.js";

const svgNS = "http://www.w3.org/2000/svg";

const ALL_TILES = [];
for (let x = -2; x <= 2; x++) {
  for (let y = -2; y <= 2; y++) if (Math.abs(x + y) <= 2) ALL_TILES.push([x, y]);
}
const OCIUS_TILES = ALL_TILES.filter(([x, y]) => Math.abs(x) + Math.abs(y) + Math.abs(x + y) <= 2);

const tileName = (x, y) => `${"abcde"[x + 2]}${y + 3}`;
const fieldName = (x, y, f) => `${tileName(x, y)}:${f}`;

function parseName(word) {
  const m = /^([a-e])([1-5])(?::([0-5]))?$/.exec(word);
  if (!m) return null;
  return [m[1].charCodeAt(0) - 97 - 2, Number(m[2]) - 3, m[3] === undefined ? null : Number(m[3])];
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

/** The editor of one board (``options.variant``: laurentius or ocius); ``start``: the
 * start position's text (from the server), ``onChange``: called after every edit. */
export function createEditor(options, onChange, start) {
  const ocius = (options || {}).variant === "ocius";
  const boardTiles = ocius ? OCIUS_TILES : ALL_TILES;
  const model = { tiles: new Set(), pieces: new Map(), collected: [0, 0], side: 0 };
  const inputs = {};

  function load(text) {
    const parts = {};
    for (const chunk of text.split(";")) {
      const i = chunk.indexOf(":");
      if (i > 0) parts[chunk.slice(0, i).trim().toLowerCase()] = chunk.slice(i + 1).trim();
    }
    model.tiles = new Set();
    const tiles = (parts.tiles || "all").toLowerCase();
    if (tiles === "all") ALL_TILES.forEach(([x, y]) => model.tiles.add(`${x},${y}`));
    else if (tiles === "ocius") OCIUS_TILES.forEach(([x, y]) => model.tiles.add(`${x},${y}`));
    else {
      for (const w of tiles.split(/\s+/)) {
        const t = parseName(w);
        if (t) model.tiles.add(`${t[0]},${t[1]}`);
      }
    }
    model.pieces = new Map();
    ["white", "black"].forEach((key, colour) => {
      for (const w of (parts[key] || "").split(/\s+/)) {
        const f = parseName(w);
        if (f && f[2] !== null) model.pieces.set(f.join(","), colour);
      }
    });
    const c = (parts.collected || "0 0").split(/\s+/).map(Number);
    model.collected = [c[0] || 0, c[1] || 0];
    model.side = (parts.move || "white").toLowerCase() === "black" ? 1 : 0;
    syncInputs();
  }

  function text() {
    const names = [[], []];
    for (const [k, colour] of model.pieces) names[colour].push(fieldName(...k.split(",").map(Number)));
    names.forEach((list) => list.sort());
    const present = ALL_TILES.filter(([x, y]) => model.tiles.has(`${x},${y}`));
    let tiles = present.map(([x, y]) => tileName(x, y)).join(" ");
    if (present.length === 19) tiles = "all";
    else if (ocius && present.length === 7 && OCIUS_TILES.every(([x, y]) => model.tiles.has(`${x},${y}`))) tiles = "ocius";
    return (
      `white: ${names[0].join(" ")}; black: ${names[1].join(" ")}; tiles: ${tiles}; ` +
      `collected: ${model.collected[0]} ${model.collected[1]}; move: ${["white", "black"][model.side]}`
    );
  }

  function view() {
    return {
      game: "coerceo",
      options: { variant: ocius ? "ocius" : "laurentius", ...(options || {}) },
      ply: 0,
      to_move: model.side,
      legal: [],
      result: null,
      observation: {
        tiles: [...model.tiles].map((k) => k.split(",").map(Number)),
        pieces: [...model.pieces.entries()].map(([k, c]) => [...k.split(",").map(Number), c]),
        collected: model.collected.slice(),
        to_move: model.side,
        cura: false,
        last_move: null,
        exchange_cost: Number((options || {}).exchange_cost || 2),
        plies: 0,
        repetitions: 1,
      },
    };
  }

  function syncInputs() {
    if (inputs.cw) inputs.cw.value = String(model.collected[0]);
    if (inputs.cb) inputs.cb.value = String(model.collected[1]);
  }

  /** The set-up tools, appended to ``container``. */
  function tools(container) {
    inputs.tool = el(
      "select",
      { id: "tool" },
      el("option", { value: "piece" }, t("study.tool_piece")),
      el("option", { value: "tile" }, t("study.tool_tile_restore")),
    );
    const button = (id, label, fn) => {
      const b = el("button", { class: "btn btn-ghost", type: "button", id }, label);
      b.addEventListener("click", () => { fn(); onChange(); });
      return b;
    };
    inputs.cw = el("input", { type: "number", id: "cw", min: "0", max: "19", value: "0", style: "width:3.5em" });
    inputs.cb = el("input", { type: "number", id: "cb", min: "0", max: "19", value: "0", style: "width:3.5em" });
    for (const [input, i] of [[inputs.cw, 0], [inputs.cb, 1]]) {
      input.addEventListener("change", () => {
        model.collected[i] = Math.max(0, Number(input.value) || 0);
        onChange();
      });
    }
    container.append(
      el("label", {}, `${t("study.tap")} `, inputs.tool),
      button("alltiles", t("study.all_tiles"), () => boardTiles.forEach(([x, y]) => model.tiles.add(`${x},${y}`))),
      button("start", t("study.start"), () => load(start)),
      button("clear", t("study.clear"), () => model.pieces.clear()),
      el("label", {}, `${t("study.collected_white")} `, inputs.cw),
      el("label", {}, `${t("study.collected_black")} `, inputs.cb),
    );
    syncInputs();
  }

  /** A tap on the board in set-up mode: place / remove a piece, or remove / restore a tile. */
  function tap(event) {
    let target = event.target.closest("[data-field]");
    if (!target) {
      // Pieces sit above the fields: find the field under the tap.
      target = document.elementsFromPoint(event.clientX, event.clientY).find((e) => e.dataset && e.dataset.field) || null;
    }
    const tileOnly = event.target.closest("[data-tile]");
    const k = target ? target.dataset.field : null;
    if (!k && !tileOnly) return false;
    const [x, y, f] = (k || `${tileOnly.dataset.tile},0`).split(",").map(Number);
    if (inputs.tool && inputs.tool.value === "tile") {
      const key = `${x},${y}`;
      if (model.tiles.has(key)) {
        model.tiles.delete(key);
        for (let i = 0; i < 6; i++) model.pieces.delete(`${x},${y},${i}`);
      } else model.tiles.add(key);
    } else if (!k) return false;
    else if (model.pieces.has(k)) model.pieces.delete(k);
    else model.pieces.set(k, f % 2 === 0 ? 1 : 0);
    return true;
  }

  return {
    load,
    text,
    view,
    tools,
    tap,
    setSide(side) { model.side = side; },
    side() { return model.side; },
  };
}

/** The centre of field "x,y,f" on the drawn board, from its polygon. */
function fieldCentre(svg, k) {
  const poly = svg.querySelector(`polygon.cb-field[data-field="${k}"]`);
  if (!poly) return null;
  const pts = poly.getAttribute("points").trim().split(/\s+/).map((p) => p.split(",").map(Number));
  return [pts.reduce((s, p) => s + p[0], 0) / pts.length, pts.reduce((s, p) => s + p[1], 0) / pts.length];
}

function svgEl(tag, attrs) {
  const node = document.createElementNS(svgNS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** Draw the first moves of ``line`` as arrows on the board (exchanges as rings). */
export function drawLine(svg, line) {
  const layer = svgEl("g", { class: "an-line", "data-line": line.join(" ") });
  line.slice(0, 4).forEach((move, i) => {
    const cls = i === 0 ? "an-arrow" : "an-arrow later";
    if (move.startsWith("x")) {
      const t = parseName(move.slice(1));
      const c = t && fieldCentre(svg, t.join(","));
      if (c) layer.append(svgEl("circle", { class: "an-target", cx: c[0], cy: c[1], r: 16 }));
      return;
    }
    const [a, b] = move.split("-").map(parseName);
    const p = a && fieldCentre(svg, a.join(","));
    const q = b && fieldCentre(svg, b.join(","));
    if (p && q) {
      layer.append(svgEl("line", { class: cls, x1: p[0], y1: p[1], x2: q[0], y2: q[1], "data-move": move }));
      layer.append(svgEl("circle", { class: cls, cx: q[0], cy: q[1], r: 5 }));
    }
  });
  svg.append(layer);
}

/** A puzzle hint in words (``/api/puzzles/coerceo/<id>/hint``): step 1 names the piece to
 * move, or says the move is an exchange; step 2 (the move) is left to the page. */
export function hintText(hint) {
  if (hint.step !== 1) return null;
  if (hint.kind === "exchange") return say("hint.exchange");
  if (Array.isArray(hint.from)) return say("hint.move", { field: fieldName(...hint.from) });
  return null;
}

/** A puzzle hint on the board: a ring round the piece to move (step 1), the move's arrow
 * (step 2). */
export function drawHint(svg, hint) {
  if (hint.step === 2 && hint.move) {
    drawLine(svg, [hint.move]);
    return;
  }
  const c = Array.isArray(hint.from) && fieldCentre(svg, hint.from.join(","));
  if (c) svg.append(svgEl("circle", { class: "an-hint", cx: c[0], cy: c[1], r: 17, "data-hint": "piece" }));
}
