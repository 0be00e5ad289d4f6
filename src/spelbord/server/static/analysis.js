// The Coerceo analysis board: a position (set up by hand, from the URL's #hash, or from a
// finished game's replay) drawn by the game's own renderer; "Analyse" asks the engine
// (a bounded search on the server) for the evaluation bar, the best line drawn on the
// board as arrows, the top moves with their scores and the opponent's threats.
import { api, copyText, loadRenderer, toast } from "/static/api.js";
import { svgEl } from "/static/kit.js";
import { translatePage } from "/static/i18n.js";

translatePage();

const $ = (id) => document.getElementById(id);
const START =
  "white: a3:3 a3:5 a4:3 b2:5 b3:3 b3:5 b5:1 c4:1 c4:5 c5:1 c5:5 d1:1 d2:1 d2:3 d4:5 e1:1 " +
  "e1:3 e2:3; black: a4:0 a5:0 a5:4 b2:2 b4:0 b4:4 b5:4 c1:2 c1:4 c2:2 c2:4 d1:4 d3:0 d3:2 " +
  "d4:2 e2:0 e3:0 e3:2; tiles: all; collected: 0 0; move: white";
const ALL_TILES = [];
for (let x = -2; x <= 2; x++) {
  for (let y = -2; y <= 2; y++) if (Math.abs(x + y) <= 2) ALL_TILES.push([x, y]);
}

const tileName = (x, y) => `${"abcde"[x + 2]}${y + 3}`;
const fieldName = (x, y, f) => `${tileName(x, y)}:${f}`;
/** A model of the position: tiles "x,y" -> true, pieces "x,y,f" -> colour, collected, side. */
const model = { tiles: new Set(), pieces: new Map(), collected: [0, 0], side: 0 };
let renderer = null;
let lastResult = null;

function parseName(word) {
  const m = /^([a-e])([1-5])(?::([0-5]))?$/.exec(word);
  if (!m) return null;
  return [m[1].charCodeAt(0) - 97 - 2, Number(m[2]) - 3, m[3] === undefined ? null : Number(m[3])];
}

/** Load a position text into the model (lenient; the server judges it). */
function loadText(text) {
  const parts = {};
  for (const chunk of text.split(";")) {
    const i = chunk.indexOf(":");
    if (i > 0) parts[chunk.slice(0, i).trim().toLowerCase()] = chunk.slice(i + 1).trim();
  }
  model.tiles = new Set();
  const tiles = (parts.tiles || "all").toLowerCase();
  if (tiles === "all") ALL_TILES.forEach(([x, y]) => model.tiles.add(`${x},${y}`));
  else if (tiles === "ocius") ALL_TILES.filter(([x, y]) => Math.abs(x) + Math.abs(y) + Math.abs(x + y) <= 2).forEach(([x, y]) => model.tiles.add(`${x},${y}`));
  else for (const w of tiles.split(/\s+/)) { const t = parseName(w); if (t) model.tiles.add(`${t[0]},${t[1]}`); }
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
}

function modelText() {
  const names = [[], []];
  for (const [k, colour] of model.pieces) names[colour].push(fieldName(...k.split(",").map(Number)));
  names.forEach((list) => list.sort());
  const tiles =
    model.tiles.size === 19
      ? "all"
      : ALL_TILES.filter(([x, y]) => model.tiles.has(`${x},${y}`)).map(([x, y]) => tileName(x, y)).join(" ");
  return `white: ${names[0].join(" ")}; black: ${names[1].join(" ")}; tiles: ${tiles}; collected: ${model.collected[0]} ${model.collected[1]}; move: ${["white", "black"][model.side]}`;
}

function localView() {
  return {
    game: "coerceo",
    options: { variant: "laurentius" },
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
      exchange_cost: 2,
      plies: 0,
      repetitions: 1,
    },
  };
}

function syncInputs() {
  const text = modelText();
  $("position").value = text;
  $("cw").value = String(model.collected[0]);
  $("cb").value = String(model.collected[1]);
  $("side").value = ["white", "black"][model.side];
  history.replaceState(null, "", `/analysis#${encodeURIComponent(text)}`);
}

function draw() {
  renderer.render($("board"), localView(), { seat: null, replay: true, act: () => {}, notify: toast });
  if (lastResult && lastResult.key === modelText()) drawLine(lastResult.line);
}

/** The centre of field "x,y,f" on the drawn board, from its polygon. */
function fieldCentre(svg, k) {
  const poly = svg.querySelector(`polygon.cb-field[data-field="${k}"]`);
  if (!poly) return null;
  const pts = poly.getAttribute("points").trim().split(/\s+/).map((p) => p.split(",").map(Number));
  return [pts.reduce((s, p) => s + p[0], 0) / pts.length, pts.reduce((s, p) => s + p[1], 0) / pts.length];
}

/** Draw the first moves of the best line as arrows (exchanges as rings on the target). */
function drawLine(line) {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
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

function showResult(r) {
  lastResult = { ...r, key: modelText() };
  document.body.dataset.analysed = "1";
  $("evaluation").textContent = `${r.evaluation} for ${r.side}`;
  $("depth").textContent = `depth ${r.depth}, ${r.nodes.toLocaleString()} nodes, ${r.seconds} s`;
  $("bestline").textContent = r.line.join("  ");
  const white = r.white_score;
  const share = Math.abs(white) > 90000 ? (white > 0 ? 1 : 0) : 0.5 + 0.5 * Math.tanh(white / 400);
  $("evalfill").style.width = `${(share * 100).toFixed(1)}%`;
  $("evalbar").setAttribute("aria-valuenow", String(white));
  $("top").replaceChildren(...r.top.map((t) => Object.assign(document.createElement("li"), { textContent: `${t.move}  ${t.text}` })));
  $("threats").replaceChildren(
    ...(r.threats.length ? r.threats : [{ move: "none", line: [], gain: 0 }]).map((t) =>
      Object.assign(document.createElement("li"), {
        textContent: t.gain ? `${t.move} wins ${(t.gain / 100).toFixed(1)} (${t.line.join(" ")})` : "no material threats",
      }),
    ),
  );
  draw();
}

async function analyse() {
  $("error").textContent = "";
  const text = $("position").value.trim();
  try {
    const r = await api("/api/analyse/coerceo", { method: "POST", body: { position: text, seconds: 1.0 } });
    loadText(r.position);
    syncInputs();
    showResult(r);
  } catch (err) {
    $("error").textContent = err.message;
    document.body.dataset.error = err.message;
  }
}

function onBoardTap(event) {
  if (!$("edit").checked) return;
  const target = event.target.closest("[data-field]") || event.target.closest("[data-tile]");
  let k = target && (target.dataset.field || null);
  if (!k) {
    // Pieces sit above the fields: find the field under the tap.
    const under = document.elementsFromPoint(event.clientX, event.clientY).find((e) => e.dataset && e.dataset.field);
    k = under ? under.dataset.field : null;
  }
  if (!k) return;
  const [x, y, f] = k.split(",").map(Number);
  if ($("tool").value === "tile") {
    model.tiles.delete(`${x},${y}`);
    for (let i = 0; i < 6; i++) model.pieces.delete(`${x},${y},${i}`);
  } else if (model.pieces.has(k)) model.pieces.delete(k);
  else model.pieces.set(k, f % 2 === 0 ? 1 : 0);
  lastResult = null;
  syncInputs();
  draw();
}

async function main() {
  renderer = await loadRenderer("coerceo");
  const hash = decodeURIComponent(location.hash.slice(1));
  loadText(hash || START);
  syncInputs();
  draw();
  $("analyse").addEventListener("click", analyse);
  $("share").addEventListener("click", async () => {
    syncInputs();
    await copyText(location.href);
    toast("Link copied", "info");
  });
  $("edit").addEventListener("change", () => ($("setup").hidden = !$("edit").checked));
  // Typed text stays as typed (the server judges it and names what is wrong).
  $("position").addEventListener("change", () => {
    const text = $("position").value.trim();
    loadText(text);
    history.replaceState(null, "", `/analysis#${encodeURIComponent(text)}`);
    draw();
  });
  $("alltiles").addEventListener("click", () => { ALL_TILES.forEach(([x, y]) => model.tiles.add(`${x},${y}`)); syncInputs(); draw(); });
  $("start").addEventListener("click", () => { loadText(START); syncInputs(); draw(); });
  $("clear").addEventListener("click", () => { model.pieces.clear(); syncInputs(); draw(); });
  for (const [id, i] of [["cw", 0], ["cb", 1]]) {
    $(id).addEventListener("change", () => { model.collected[i] = Math.max(0, Number($(id).value) || 0); syncInputs(); draw(); });
  }
  $("side").addEventListener("change", () => { model.side = $("side").value === "black" ? 1 : 0; syncInputs(); draw(); });
  $("board").addEventListener("click", onBoardTap);
  if (hash) await analyse();
}

main().catch((err) => {
  $("error").textContent = `Cannot start the analysis board: ${err.message}`;
});
