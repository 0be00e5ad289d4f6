// Omringad for the Spelbord table: two 5x5 countries sewn like a pillow (R2), drawn side by
// side (stacked on narrow screens) with the second country mirrored so that one seam is a
// shared border; the other three seams are drawn as coloured edges joined by arcs or as
// matching bands, labelled cell by cell. Terrain has its own symbols; stacks show their
// owner, unit count and top unit; conquered squares carry a flag; settlements show their
// siege limit. Panels around the board: the players (gold, income, score), the decision bar
// built from view.legal (terrain tiles, purchases, placements, moves, hit allocation,
// merges), the battle being fought (its units, hits to take, each die of the step being
// rolled and of the last finished step as the observation gives them: face, the face it
// needs and why, hit or miss; and the R92 count of steps without a hit), the square picked
// for details, your own stacks, and the log of the round.
//
// render(root, view, ui) draws VIEW into root; ui.act(actionDict) plays an action. Every
// button and every highlighted square stands for one legal action of view.legal.

const SVG = "http://www.w3.org/2000/svg";
const C = 64; // one square
const GAP = 22; // between the two countries: the seam that becomes a shared border
const ARC = 66; // room for the seam arcs
const BAND = 40; // room for the outer seam bands
const NAMES = ["Ivory", "Slate"];
const LETTERS = "AB";
const DIRS = ["N", "E", "S", "W"];
const SEAM_COLOURS = { N: "#5fb3a1", E: "#e39a5b", S: "#b98be0", W: "#5b95d6" };
const SEAM_WORDS = { N: "north", E: "east", S: "south", W: "west" };

/** The base units (R20): cost, F and S undamaged / damaged, hits to eliminate, ranged. */
const UNITS = {
  M: { name: "mercenary", cost: 2, F: [1, 1], S: [6, 6], hp: 2 },
  E: { name: "elite soldier", cost: 3, F: [2, 2], S: [5, 5], hp: 2, mountain: true },
  A: { name: "archer", cost: 4, F: [2, 1], S: [5, 5], hp: 2, ranged: true },
  R: { name: "rider", cost: 5, F: [3, 3], S: [4, 5], hp: 2 },
  K: { name: "catapult", cost: 6, F: [1, 1], S: [4, 4], hp: 2, ranged: true },
  G: { name: "general", cost: 10, F: [2, 2], S: [null, null], hp: 1 },
};
const KINDS = ["M", "E", "A", "R", "K", "G"]; // the engine's order (pool, bought)
const KIND_OF_NAME = {
  mercenary: "M",
  elite: "E",
  archer: "A",
  rider: "R",
  catapult: "K",
  general: "G",
};

/** Terrain letters of the observation (R10-R15). */
const TERRAIN = {
  ".": { name: "bare ground", points: 0, note: "no effect" },
  M: { name: "mountain", points: 1, note: "entering ends the move; +1 to defending elite" },
  C: { name: "castle", points: 5, note: "defenders +1; reinforcements", settlement: true },
  V: { name: "village", points: 2, note: "reinforcements", settlement: true },
  L: { name: "lake", points: 0, note: "impassable; counts for income" },
  F: { name: "forest", points: 1, note: "archers and catapults -1" },
  "?": { name: "unknown", points: 0, note: "not revealed yet" },
};
const TILE_ORDER = ["C", "V", "V", "L", "L", "F", "F", "M", "M"]; // R5 ruling

const PHASE_TEXT = {
  setup: "secret terrain",
  pregame: "opening purchase",
  initiative: "initiative",
  purchase: "purchase",
  move: "movement",
  battle: "battles",
  reinforce: "reinforcements",
  over: "game over",
};

/** Per root element: selection, queued takes, the round log and the last observation. */
const memory = new WeakMap();

// ------------------------------------------------------------------ small helpers
function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

const seatOk = (s) => s !== null && s !== undefined && s >= 0;

// ------------------------------------------------------------------ the pillow map (R1-R2)
const coords = (sq) => ({
  country: Math.floor(sq / 25),
  row: Math.floor((sq % 25) / 5),
  col: sq % 5,
});
const squareId = (country, row, col) => country * 25 + row * 5 + col;

function label(sq) {
  const { country, row, col } = coords(sq);
  return `${LETTERS[country]} ${"abcde"[col]}${row + 1}`;
}

/** The four squares one step away (N, E, S, W); across an edge: the other country's same cell. */
function steps(sq) {
  const { country, row, col } = coords(sq);
  const other = 1 - country;
  return [
    row > 0 ? squareId(country, row - 1, col) : squareId(other, row, col),
    col < 4 ? squareId(country, row, col + 1) : squareId(other, row, col),
    row < 4 ? squareId(country, row + 1, col) : squareId(other, row, col),
    col > 0 ? squareId(country, row, col - 1) : squareId(other, row, col),
  ];
}

const neighbours = (sq) => [...new Set(steps(sq))];

/**
 * Screen geometry. ``home`` (the viewer's country; A for spectators) is drawn first and as
 * is; the other country is mirrored so that one seam becomes a shared border. Wide: side by
 * side, the other mirrored east-west (the east seam in the middle). Tall: one above the
 * other, the other mirrored north-south (the south seam in the middle).
 */
function geometry(tall, home) {
  const span = 5 * C;
  const slot = (country) => (country === home ? 0 : 1);
  if (!tall) {
    const x0 = [BAND, BAND + span + GAP];
    return {
      tall,
      width: 2 * BAND + 2 * span + GAP,
      height: 2 * ARC + span,
      origin: (country) => [x0[slot(country)], ARC],
      cell(sq) {
        const { country, row, col } = coords(sq);
        const c = country === home ? col : 4 - col;
        return [x0[slot(country)] + c * C, ARC + row * C];
      },
      // The screen side each country edge lies on.
      side(country, dir) {
        const flip = country !== home;
        return { N: "top", S: "bottom", E: flip ? "left" : "right", W: flip ? "right" : "left" }[
          dir
        ];
      },
    };
  }
  const y0 = [BAND, BAND + span + GAP];
  return {
    tall,
    width: 2 * ARC + span,
    height: 2 * BAND + 2 * span + GAP,
    origin: (country) => [ARC, y0[slot(country)]],
    cell(sq) {
      const { country, row, col } = coords(sq);
      const r = country === home ? row : 4 - row;
      return [ARC + col * C, y0[slot(country)] + r * C];
    },
    side(country, dir) {
      const flip = country !== home;
      return { E: "right", W: "left", N: flip ? "bottom" : "top", S: flip ? "top" : "bottom" }[dir];
    },
  };
}

/** The midpoint of the outer edge of square ``sq`` on screen ``side``. */
function edgePoint(geo, sq, side) {
  const [x, y] = geo.cell(sq);
  return {
    top: [x + C / 2, y],
    bottom: [x + C / 2, y + C],
    left: [x, y + C / 2],
    right: [x + C, y + C / 2],
  }[side];
}

/** The squares along edge ``dir`` of ``country``, by index along the edge. */
function edgeSquares(country, dir) {
  return [0, 1, 2, 3, 4].map((i) => {
    if (dir === "N") return squareId(country, 0, i);
    if (dir === "S") return squareId(country, 4, i);
    if (dir === "W") return squareId(country, i, 0);
    return squareId(country, i, 4);
  });
}

const edgeIndexName = (dir, i) => (dir === "N" || dir === "S" ? "abcde"[i] : String(i + 1));

// ------------------------------------------------------------------ reading the view
function unitsOf(stack) {
  return stack.units || null;
}

function stacksAt(obs) {
  const at = new Map();
  for (const s of obs.stacks || []) {
    if (!at.has(s.square)) at.set(s.square, []);
    at.get(s.square).push(s);
  }
  return at;
}

/** Distinct squares next to settlement ``sq`` holding enemies of its controller (R50). */
function besiegers(obs, at, sq) {
  const owner = (obs.control || [])[sq];
  return neighbours(sq).filter((n) => (at.get(n) || []).some((s) => s.owner !== owner));
}

/** The siege limit of a settlement: null (none), 2 or 0 (R51-R52), minus units placed. */
function siegeLimit(obs, at, sq) {
  const n = besiegers(obs, at, sq).length;
  if (n === 0) return { level: 0, cap: null, left: null };
  const cap = n === 1 ? 2 : 0;
  const placed = (obs.placed_here || [])[sq] || 0;
  return { level: Math.min(n, 2), cap, left: Math.max(0, cap - placed) };
}

function squaresControlled(obs, seat) {
  return (obs.control || []).filter((c) => c === seat).length;
}

/** Group view.legal by kind. */
function sortLegal(view, ui) {
  const acting = !ui.replay && seatOk(ui.seat) && !view.result && view.your_turn !== false;
  const legal = acting ? view.legal || [] : [];
  const g = {
    all: legal,
    squares: new Map(),
    tiles: new Map(),
    buy: new Map(),
    take: [],
    hit: [],
    place: [],
    merge: [],
    done: null,
    pass: null,
    stop: null,
    other: [],
  };
  for (const a of legal) {
    if (a.kind === "square") g.squares.set(a.square, a);
    else if (a.kind === "tile") g.tiles.set(a.cell, a);
    else if (a.kind === "buy") g.buy.set(a.unit, a);
    else if (a.kind === "take") g.take.push(a);
    else if (a.kind === "hit") g.hit.push(a);
    else if (a.kind === "place") g.place.push(a);
    else if (a.kind === "merge") g.merge.push(a);
    else if (a.kind === "done") g.done = a;
    else if (a.kind === "pass") g.pass = a;
    else if (a.kind === "stop") g.stop = a;
    else g.other.push(a);
  }
  return g;
}

// ------------------------------------------------------------------ battle dice (R40-R44, R92)
const STALL_LIMIT = 20; // R92: rolled steps in a row without a hit before a stand-off
const RANGED_CODES = new Set(["A", "K"]); // archers and catapults: -1 in a forest (R44)

/**
 * Where a die's modifier comes from (R42-R44). The terrain parts follow from the die itself
 * (its side, unit and square); what remains of the engine's ``modifier`` is the general's
 * +1 (R42), so the explanation always adds up to the modifier the engine used.
 */
function modifierParts(die, terrain) {
  const code = die.unit.toUpperCase();
  const parts = [];
  if (die.side === 1 && terrain === "C") parts.push(["castle", 1]);
  if (die.side === 1 && terrain === "M" && code === "E") parts.push(["mountain elite", 1]);
  if (terrain === "F" && RANGED_CODES.has(code)) parts.push(["forest", -1]);
  const rest = die.modifier - parts.reduce((n, [, v]) => n + v, 0);
  if (rest === 1) parts.unshift(["general", 1]);
  else if (rest !== 0) parts.push(["other", rest]);
  return parts;
}

const signed = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "±0");

/** "needs 5+ (S 5, general +1, forest −1)", with the 6-always / 1-never rule when it bites. */
function neededText(die, terrain) {
  const parts = modifierParts(die, terrain);
  const why = [`S ${die.strength}`, ...parts.map(([n, v]) => `${n} ${signed(v)}`)].join(", ");
  const raw = die.strength - die.modifier;
  const need = die.needed === 6 ? "needs a 6" : `needs ${die.needed}+`;
  const rule = raw > 6 ? "; a 6 always hits" : raw < 2 ? "; a 1 always misses" : "";
  return `${need} (${why}${rule})`;
}

function battleInfo(obs) {
  const b = obs.battle || [];
  if (b.length < 6) return null;
  const [sq, att, dfd, step, pa, pd] = b;
  const at = stacksAt(obs).get(sq) || [];
  const terrain = (obs.terrain || [])[sq];
  const side = (owner, attacking) => {
    const s = at.find((x) => x.owner === owner);
    return { owner, attacking, units: s ? unitsOf(s) || [s.top] : [], count: s ? s.count : 0 };
  };
  return {
    square: sq,
    terrain,
    attacker: side(att, true),
    defender: side(dfd, false),
    nextStep: step === 0 ? "ranged" : "melee",
    pending: [pa, pd],
  };
}

// ------------------------------------------------------------------ drawing: terrain symbols
function terrainSymbol(letter, x, y, size) {
  const g = el("g", {
    class: `om-sym om-sym-${letter === "." ? "bare" : letter}`,
    transform: `translate(${x} ${y}) scale(${size / 24})`,
  });
  switch (letter) {
    case "M":
      g.append(el("path", { class: "om-mtn", d: "M1 21 L9 6 L13 13 L16 9 L23 21 Z" }));
      g.append(el("path", { class: "om-snow", d: "M9 6 L11.6 10.8 L9.6 10 L8 11.5 L6.9 10 Z" }));
      break;
    case "C":
      g.append(
        el("path", {
          class: "om-castle",
          d: "M3 22 V8 H6 V5 H9 V8 H10.5 V5 H13.5 V8 H15 V5 H18 V8 H21 V22 Z",
        }),
      );
      g.append(el("path", { class: "om-door", d: "M10 22 V16 A2 2 0 0 1 14 16 V22 Z" }));
      break;
    case "V":
      g.append(el("path", { class: "om-house", d: "M2 22 V13 L7 8 L12 13 V22 Z" }));
      g.append(
        el("path", { class: "om-house om-house-2", d: "M11 22 V11 L16.5 5.5 L22 11 V22 Z" }),
      );
      g.append(el("rect", { class: "om-window", x: 15, y: 14, width: 3, height: 3 }));
      break;
    case "L":
      g.append(el("ellipse", { class: "om-water", cx: 12, cy: 13, rx: 11, ry: 8 }));
      g.append(
        el("path", { class: "om-wave", d: "M5 12 q2.5 -2 5 0 t5 0 M8 16 q2.5 -2 5 0 t5 0" }),
      );
      break;
    case "F":
      for (const [tx, ty, s] of [
        [7, 4, 1],
        [16, 7, 0.85],
      ]) {
        g.append(
          el("path", { class: "om-tree", d: `M${tx} ${ty} l${-6 * s} ${13 * s} h${12 * s} Z` }),
        );
        g.append(el("rect", { class: "om-trunk", x: tx - 1, y: ty + 13 * s, width: 2, height: 4 }));
      }
      break;
    case "?":
      g.append(el("text", { class: "om-unknown", x: 12, y: 18 }, "?"));
      break;
    default:
      break;
  }
  return g;
}

// ------------------------------------------------------------------ drawing: units
function token(owner, top, count, cx, cy, r, extra = "") {
  const g = el("g", { class: `om-token om-own-${owner} ${extra}` });
  g.append(el("circle", { class: "om-token-shadow", cx: cx + 1.5, cy: cy + 2.5, r }));
  g.append(el("circle", { class: "om-token-body", cx, cy, r }));
  const damaged = top && top !== top.toUpperCase();
  g.append(
    el(
      "text",
      { class: "om-token-letter", x: cx, y: cy + r * 0.36, "font-size": r * 1.05 },
      top ? top.toUpperCase() : "?",
    ),
  );
  if (damaged) {
    g.append(
      el("path", {
        class: "om-damage",
        d: `M${cx + r * 0.35} ${cy - r * 0.95} l${r * 0.5} ${r * 0.5}`,
      }),
    );
  }
  if (count > 1) {
    const bx = cx + r * 0.78;
    const by = cy - r * 0.78;
    g.append(el("circle", { class: "om-count-bg", cx: bx, cy: by, r: r * 0.52 }));
    g.append(
      el(
        "text",
        { class: "om-count", x: bx, y: by + r * 0.2, "font-size": r * 0.6 },
        String(count),
      ),
    );
  }
  return g;
}

function stackTitle(s) {
  const units = unitsOf(s);
  const who = NAMES[s.owner] || `Seat ${s.owner}`;
  if (!units) return `${who}: ${s.count} unit${s.count === 1 ? "" : "s"}, top ${unitName(s.top)}`;
  return `${who}: ${units.map(unitName).join(", ")}`;
}

function unitName(code) {
  if (!code) return "?";
  const u = UNITS[code.toUpperCase()];
  if (!u) return code;
  return code === code.toUpperCase() ? u.name : `damaged ${u.name}`;
}

function flag(owner, x, y) {
  return el(
    "g",
    { class: `om-flag om-own-${owner}`, transform: `translate(${x} ${y})` },
    el("path", { class: "om-flag-pole", d: "M0 0 V16" }),
    el("path", { class: "om-flag-cloth", d: "M0.5 0.5 H11 L8 4 L11 7.5 H0.5 Z" }),
  );
}

// ------------------------------------------------------------------ drawing: the board
function drawSeams(geo, svg) {
  const layer = el("g", { class: "om-seams" });
  for (const dir of DIRS) {
    const colour = SEAM_COLOURS[dir];
    const sa = geo.side(0, dir);
    const sb = geo.side(1, dir);
    const a = edgeSquares(0, dir);
    const b = edgeSquares(1, dir);
    // Coloured edges on both countries.
    for (const [country, side] of [
      [0, sa],
      [1, sb],
    ]) {
      const sqs = country === 0 ? a : b;
      const p0 = edgePoint(geo, sqs[0], side);
      const p4 = edgePoint(geo, sqs[4], side);
      const half = side === "top" || side === "bottom" ? [C / 2, 0] : [0, C / 2];
      const sgn = (p, q) => (p <= q ? 1 : -1);
      const sx = sgn(p0[0], p4[0]);
      const sy = sgn(p0[1], p4[1]);
      layer.append(
        el("line", {
          class: "om-edge",
          stroke: colour,
          x1: p0[0] - sx * half[0],
          y1: p0[1] - sy * half[1],
          x2: p4[0] + sx * half[0],
          y2: p4[1] + sy * half[1],
        }),
      );
    }
    // Edges that face each other across the gap between the countries are a shared border.
    const ends = [edgePoint(geo, a[0], sa), edgePoint(geo, b[0], sb)];
    const facing =
      sa !== sb && Math.hypot(ends[0][0] - ends[1][0], ends[0][1] - ends[1][1]) <= GAP + 1;
    const sameSide = sa === sb;
    for (let i = 0; i < 5; i++) {
      const pa = edgePoint(geo, a[i], sa);
      const pb = edgePoint(geo, b[i], sb);
      const name = edgeIndexName(dir, i);
      if (facing) {
        layer.append(
          el("line", {
            class: "om-stitch",
            stroke: colour,
            x1: pa[0],
            y1: pa[1],
            x2: pb[0],
            y2: pb[1],
          }),
        );
      } else if (sameSide) {
        // Nested arcs over the outside: the outer cells have the longest arcs.
        const out = { top: [0, -1], bottom: [0, 1], left: [-1, 0], right: [1, 0] }[sa];
        const dist = Math.hypot(pb[0] - pa[0], pb[1] - pa[1]);
        const lift = 12 + (dist / (geo.tall ? geo.height : geo.width)) * (ARC - 26) * 1.25;
        const c1 = [pa[0] + out[0] * lift, pa[1] + out[1] * lift];
        const c2 = [pb[0] + out[0] * lift, pb[1] + out[1] * lift];
        layer.append(
          el("path", {
            class: "om-arc",
            stroke: colour,
            d: `M${pa[0]} ${pa[1]} C${c1[0]} ${c1[1]} ${c2[0]} ${c2[1]} ${pb[0]} ${pb[1]}`,
          }),
        );
        for (const p of [pa, pb]) {
          layer.append(
            el(
              "text",
              {
                class: "om-edge-label",
                fill: colour,
                x: p[0] + out[0] * 9 + (out[0] ? 0 : 7),
                y: p[1] + out[1] * 9 + (out[1] ? 4 : -3) + (out[1] < 0 ? 0 : 0),
              },
              name,
            ),
          );
        }
      } else {
        // Opposite outer sides: matching bands with the index on each end.
        for (const [p, side] of [
          [pa, sa],
          [pb, sb],
        ]) {
          const out = { top: [0, -1], bottom: [0, 1], left: [-1, 0], right: [1, 0] }[side];
          layer.append(
            el("line", {
              class: "om-tick",
              stroke: colour,
              x1: p[0],
              y1: p[1],
              x2: p[0] + out[0] * 12,
              y2: p[1] + out[1] * 12,
            }),
          );
          layer.append(
            el(
              "text",
              {
                class: "om-edge-label",
                fill: colour,
                x: p[0] + out[0] * 20,
                y: p[1] + out[1] * 20 + 4,
              },
              name,
            ),
          );
        }
      }
    }
    if (!facing && !sameSide) {
      // Name the wrap-around on both bands.
      for (const [country, side, sqs] of [
        [0, sa, a],
        [1, sb, b],
      ]) {
        const mid = edgePoint(geo, sqs[2], side);
        const out = { top: [0, -1], bottom: [0, 1], left: [-1, 0], right: [1, 0] }[side];
        const text = `${SEAM_WORDS[dir]} edge ⇄ ${LETTERS[1 - country]} ${SEAM_WORDS[dir]} edge`;
        const x = mid[0] + out[0] * 33;
        const y = mid[1] + out[1] * 33;
        const rot = out[0] ? `rotate(${out[0] < 0 ? -90 : 90} ${x} ${y})` : null;
        layer.append(
          el(
            "text",
            {
              class: "om-band-label",
              fill: colour,
              x,
              y: y + (out[1] > 0 ? 4 : out[1] < 0 ? 0 : 3),
              transform: rot,
            },
            text,
          ),
        );
      }
    }
  }
  svg.append(layer);
}

function drawBoard(view, ui, mem, geo, g) {
  const obs = view.observation;
  const at = stacksAt(obs);
  const me = seatOk(view.seat) ? view.seat : null;
  const svg = el("svg", {
    class: "om-svg",
    viewBox: `0 0 ${geo.width} ${geo.height}`,
    role: "img",
    "aria-label": `Omringad board, round ${obs.round}`,
  });
  drawSeams(geo, svg);

  // Targets of the decision on the board: squares, and terrain tiles of the setup.
  const targets = new Map(g.squares);
  const base = me !== null ? me * 25 : 0;
  for (const [cell, a] of g.tiles) targets.set(base + cell, a);
  const battle = battleInfo(obs);
  const move = obs.move || {};
  const path = move.path || [];
  const attacked = new Set((obs.entries || []).map((e) => e[0]));

  const squares = el("g", { class: "om-squares" });
  for (let sq = 0; sq < 50; sq++) {
    const [x, y] = geo.cell(sq);
    const letter = (obs.terrain || [])[sq] || ".";
    const owner = (obs.control || [])[sq];
    const country = coords(sq).country;
    const t = TERRAIN[letter] || TERRAIN["."];
    const classes = [
      `om-sq`,
      `om-t-${letter === "." ? "bare" : letter === "?" ? "unknown" : letter}`,
      `om-country-${country}`,
    ];
    if (mem.sel === sq) classes.push("om-picked");
    if (targets.has(sq)) classes.push("om-target");
    const group = el("g", {
      class: classes.join(" "),
      "data-square": sq,
      tabindex: targets.has(sq) ? "0" : null,
      "data-action": targets.has(sq) ? targets.get(sq).action : null,
      role: targets.has(sq) ? "button" : null,
      "aria-label": targets.has(sq) ? `${targets.get(sq).text} (${t.name} ${label(sq)})` : null,
    });
    group.append(el("rect", { class: "om-ground", x, y, width: C, height: C }));
    if (owner !== undefined && owner !== country)
      group.append(
        el("rect", {
          class: `om-conquered om-own-${owner}`,
          x: x + 2,
          y: y + 2,
          width: C - 4,
          height: C - 4,
        }),
      );
    const occupied = at.has(sq) || (path.length && path[path.length - 1] === sq);
    group.append(
      terrainSymbol(letter, x + (occupied ? 3 : 14), y + (occupied ? 3 : 12), occupied ? 22 : 36),
    );
    if (owner !== undefined && owner !== country) group.append(flag(owner, x + C - 13, y + 3));
    if (t.settlement && obs.phase !== "setup") {
      const lim = siegeLimit(obs, at, sq);
      const placing = obs.phase === "reinforce";
      if (lim.level > 0 || placing) {
        const text = lim.level > 0 ? `max ${lim.left}` : "∞";
        group.append(
          el(
            "g",
            { class: `om-siege om-siege-${lim.level}` },
            el("rect", { x: x + 2, y: y + C - 13, width: 34, height: 11, rx: 3 }),
            el("text", { x: x + 19, y: y + C - 4.5 }, text),
          ),
        );
      }
    }
    if (attacked.has(sq) && obs.phase === "move")
      group.append(el("text", { class: "om-attack-mark", x: x + C - 4, y: y + C - 5 }, "⚔"));
    group.append(el("title", {}, squareTitle(obs, at, sq, me)));
    squares.append(group);
  }
  svg.append(squares);

  // Country frames and letters.
  for (const country of [0, 1]) {
    const [ox, oy] = geo.origin(country);
    svg.append(
      el(
        "text",
        { class: "om-watermark", x: ox + 2.5 * C, y: oy + 2.5 * C + 0.3 * C * 1.6 },
        LETTERS[country],
      ),
    );
    svg.append(
      el("rect", {
        class: `om-country-frame om-frame-${country}`,
        x: ox,
        y: oy,
        width: 5 * C,
        height: 5 * C,
      }),
    );
  }

  // The walking group's path.
  if (path.length) {
    const pl = el("g", { class: "om-path" });
    for (let i = 1; i < path.length; i++) {
      const [x1, y1] = geo.cell(path[i - 1]);
      const [x2, y2] = geo.cell(path[i]);
      if (Math.abs(x1 - x2) + Math.abs(y1 - y2) <= C + 0.5) {
        pl.append(el("line", { x1: x1 + C / 2, y1: y1 + C / 2, x2: x2 + C / 2, y2: y2 + C / 2 }));
      }
    }
    path.forEach((sq, i) => {
      const [x, y] = geo.cell(sq);
      pl.append(el("circle", { class: "om-path-dot", cx: x + 10, cy: y + C - 10, r: 7 }));
      pl.append(el("text", { class: "om-path-num", x: x + 10, y: y + C - 6.5 }, String(i)));
    });
    svg.append(pl);
  } else if (move.origin >= 0) {
    const [x, y] = geo.cell(move.origin);
    svg.append(el("rect", { class: "om-origin", x: x + 2, y: y + 2, width: C - 4, height: C - 4 }));
  }

  // Stacks.
  const layer = el("g", { class: "om-stacks" });
  for (const [sq, list] of at) {
    const [x, y] = geo.cell(sq);
    const two = list.length > 1;
    list.forEach((s, i) => {
      const cx = two ? x + C * (i === 0 ? 0.28 : 0.7) : x + C * 0.52;
      const cy = two ? y + C * (i === 0 ? 0.62 : 0.56) : y + C * 0.56;
      const extra = [];
      if (
        s.owner === me &&
        s.moved &&
        s.moved.length &&
        s.moved.every(Boolean) &&
        obs.phase === "move"
      )
        extra.push("om-moved");
      const tk = token(s.owner, s.top, s.count, cx, cy, two ? 12 : 16, extra.join(" "));
      layer.append(tk);
    });
  }
  if (path.length && move.count) {
    const sq = path[path.length - 1];
    const [x, y] = geo.cell(sq);
    const crowded = at.has(sq);
    const [gx, gy, gr] = crowded ? [x + C * 0.74, y + C * 0.3, 12] : [x + C * 0.5, y + C * 0.5, 15];
    const group = token(move.mover, move.top, move.count, gx, gy, gr, "om-walking");
    layer.append(group);
  }
  svg.append(layer);

  const last = view.last;
  if (last && Number.isInteger(last.square) && last.square >= 0 && last.square < 50) {
    const [x, y] = geo.cell(last.square);
    svg.append(
      el("rect", { class: "om-last", x: x + 1.5, y: y + 1.5, width: C - 3, height: C - 3 }),
    );
  }
  if (battle) {
    const [x, y] = geo.cell(battle.square);
    svg.append(
      el("rect", { class: "om-battle-ring", x: x + 1, y: y + 1, width: C - 2, height: C - 2 }),
    );
  }

  // Highlights of the legal squares on top.
  const hl = el("g", { class: "om-highlights" });
  for (const sq of targets.keys()) {
    const [x, y] = geo.cell(sq);
    hl.append(
      el("rect", { class: "om-target-ring", x: x + 3, y: y + 3, width: C - 6, height: C - 6 }),
    );
  }
  if (mem.sel !== null && mem.sel !== undefined) {
    for (const n of neighbours(mem.sel)) {
      const [x, y] = geo.cell(n);
      hl.append(
        el("rect", { class: "om-neighbour", x: x + 5, y: y + 5, width: C - 10, height: C - 10 }),
      );
    }
  }
  svg.append(hl);
  return { svg, targets };
}

function squareTitle(obs, at, sq, me) {
  const letter = (obs.terrain || [])[sq] || ".";
  const t = TERRAIN[letter] || TERRAIN["."];
  const owner = (obs.control || [])[sq];
  const lines = [`${label(sq)}: ${t.name}${t.points ? ` (${t.points} pt)` : ""}`];
  if (owner !== undefined) lines.push(`controlled by ${NAMES[owner]}`);
  for (const s of at.get(sq) || []) lines.push(stackTitle(s));
  const move = obs.move || {};
  const path = move.path || [];
  if (path.length && path[path.length - 1] === sq && move.count) {
    const units = (move.group || []).map(unitName).join(", ");
    lines.push(
      `moving group of ${NAMES[move.mover]}: ${units || `${move.count}, top ${unitName(move.top)}`}`,
    );
  }
  if (me !== null && (obs.terrain || [])[sq] === "?") lines.push("(terrain not revealed yet)");
  return lines.join("\n");
}

// ------------------------------------------------------------------ panels
function playersPanel(view) {
  const obs = view.observation;
  const target = (view.options || {}).target || 50;
  const wrap = h("div", { class: "om-players" });
  const order = view.seat === 1 ? [1, 0] : [0, 1];
  for (const seat of order) {
    const toMove =
      !view.result &&
      (view.to_move === seat ||
        (view.to_move === -2 && (obs.stage || [])[seat] !== "done" && obs.phase !== "setup"));
    const you = view.seat === seat;
    const gold = (obs.gold || [])[seat] ?? 0;
    const income = squaresControlled(obs, seat);
    const score = (obs.score || [])[seat] ?? 0;
    const tags = [];
    if (obs.initiative === seat)
      tags.push(
        h(
          "span",
          { class: "om-tag", title: "holds the initiative (moves and reinforces first)" },
          "★ initiative",
        ),
      );
    if (obs.phase === "move" && (obs.passed || [])[seat])
      tags.push(h("span", { class: "om-tag" }, "passed"));
    if (obs.phase === "setup")
      tags.push(h("span", { class: "om-tag" }, `${(obs.tiles_placed || [])[seat] || 0}/9 tiles`));
    if (
      (obs.bought_count || [])[seat] &&
      ["pregame", "purchase", "move", "battle", "reinforce"].includes(obs.phase)
    ) {
      tags.push(
        h(
          "span",
          { class: "om-tag", title: "units bought, waiting to be placed" },
          `${obs.bought_count[seat]} bought`,
        ),
      );
    }
    const secret = !you && ["pregame", "purchase"].includes(obs.phase);
    const goldNote = secret ? "gold at the start of the purchase (spending is secret)" : "gold";
    wrap.append(
      h(
        "div",
        { class: `om-player om-own-${seat} ${toMove ? "om-active" : ""}` },
        h("span", { class: "om-chip" }),
        h("strong", {}, `${NAMES[seat]} · ${LETTERS[seat]}${you ? " (you)" : ""}`),
        ...tags,
        obs.phase === "setup"
          ? null
          : h(
              "span",
              { class: "om-stats" },
              h("span", { title: goldNote }, `◉ ${secret ? "≤" : ""}${gold} gold`),
              h(
                "span",
                { title: "income: one gold per square controlled (R61)" },
                `+${income}/round`,
              ),
              h(
                "span",
                { title: `score; the target is ${target} (R63)` },
                `${score}/${target} pts`,
              ),
            ),
      ),
    );
  }
  return wrap;
}

function button(label, action, ui, mem, cls = "", title = null) {
  return h(
    "button",
    {
      type: "button",
      class: `btn btn-small ${cls}`,
      title: title || action.text,
      "data-action": action.action,
      onclick: () => {
        mem.sel = null;
        mem.queue = [];
        ui.act(action);
      },
    },
    label,
  );
}

function purchaseTable(view, ui, mem, g) {
  const obs = view.observation;
  const pool = obs.pool || null;
  const table = h("table", { class: "om-shop" });
  table.append(
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", {}, "unit"),
        h("th", {}, "cost"),
        h("th", { title: "movement" }, "F"),
        h("th", { title: "strength: the die must reach it" }, "S"),
        h("th", { title: "units left in your pool" }, "pool"),
        h("th", {}, ""),
      ),
    ),
  );
  const body = h("tbody");
  for (const k of KINDS) {
    const u = UNITS[k];
    const a = g.buy.get(k);
    const fs = (v) => (v[0] === v[1] ? `${v[0] ?? "–"}` : `${v[0]}/${v[1]}`);
    body.append(
      h(
        "tr",
        { class: a ? "" : "om-off" },
        h("td", {}, h("b", { class: "om-letter" }, k), ` ${u.name}`),
        h("td", {}, `${u.cost}`),
        h("td", {}, k === "G" ? "2" : fs(u.F)),
        h("td", {}, k === "G" ? "+1 others" : fs(u.S)),
        h("td", {}, pool ? String(pool[KINDS.indexOf(k)]) : "?"),
        h(
          "td",
          {},
          a ? button("Buy", a, ui, mem, "om-buy", `buy one ${u.name} for ${u.cost} gold`) : "",
        ),
      ),
    );
  }
  table.append(body);
  return table;
}

function boughtList(obs) {
  const bought = (obs.bought || []).map((n) => KIND_OF_NAME[n] || n);
  if (!bought.length) return h("span", { class: "muted" }, "nothing bought yet");
  const counts = {};
  for (const k of bought) counts[k] = (counts[k] || 0) + 1;
  return h(
    "span",
    {},
    Object.entries(counts)
      .map(([k, n]) => `${n}× ${UNITS[k] ? UNITS[k].name : k}`)
      .join(", "),
  );
}

/** The prompt and the buttons of the decision in front of the viewer. */
function decisionBar(view, ui, mem, g, targets) {
  const obs = view.observation;
  const bar = h("div", { class: `om-bar ${g.all.length ? "om-bar-turn" : ""}` });
  const say = (text) => bar.append(h("p", { class: "om-prompt" }, text));
  const buttons = h("div", { class: "om-buttons" });
  const used = new Set();
  const add = (node, ...actions) => {
    for (const a of actions) used.add(a.action);
    buttons.append(node);
  };
  const me = view.seat;
  if (view.result) {
    const w = obs.winners || [];
    const text = w.length === 1 ? `${NAMES[w[0]]} wins` : w.length > 1 ? "A draw" : "Game over";
    say(`${text} (${view.result.termination || ""}). Score ${(obs.score || []).join("–")}.`);
  } else if (!g.all.length) {
    say(waitingText(view, ui));
  } else if (g.tiles.size) {
    const n = (obs.tiles_placed || [])[me] || 0;
    const t = TILE_ORDER[n];
    say(
      `Secret terrain, tile ${n + 1} of 9: tap a square of your country (${LETTERS[me]}) for your ${TERRAIN[t].name}.`,
    );
    bar.append(
      h(
        "div",
        { class: "om-tiles" },
        TILE_ORDER.map((l, i) =>
          h(
            "span",
            { class: `om-tile-chip ${i < n ? "om-done" : i === n ? "om-now" : ""}` },
            TERRAIN[l].name,
          ),
        ),
      ),
    );
    for (const a of g.tiles.values()) used.add(a.action);
  } else if (
    g.buy.size ||
    (g.done && ["pregame", "purchase"].includes(obs.phase) && (obs.stage || [])[me] === "buy")
  ) {
    say(
      `${obs.phase === "pregame" ? "Opening purchase" : "Purchase"}: ${(obs.gold || [])[me]} gold left (unspent gold is lost). Bought: `,
    );
    bar.lastChild.append(boughtList(obs));
    bar.append(purchaseTable(view, ui, mem, g));
    for (const a of g.buy.values()) used.add(a.action);
    if (g.done) add(button("Done buying", g.done, ui, mem, "btn-primary"), g.done);
  } else if (g.place.length || (obs.placing >= 0 && g.squares.size)) {
    const placing = obs.placing >= 0 ? KINDS[obs.placing] : null;
    if (placing) {
      say(
        `Place your ${UNITS[placing].name}: tap a highlighted ${obs.phase === "pregame" ? "settlement (stacks differ by at most one)" : "castle or village (siege limits apply)"}.`,
      );
    } else {
      say(
        `Choose the next unit to place${g.merge.length ? ", or merge two damaged units" : ""}. Still to place: `,
      );
      bar.lastChild.append(boughtList(obs));
    }
    for (const a of g.place) add(button(`Place ${unitName(a.unit)}`, a, ui, mem), a);
    for (const a of g.squares.values()) add(button(`→ ${a.label}`, a, ui, mem, "om-sqbtn"), a);
  } else if (obs.phase === "move" && obs.move && obs.move.origin < 0) {
    say(
      "Movement: tap a glowing stack to move a group from it, or pass (ends your movement this round).",
    );
    if (g.pass) add(button("Pass", g.pass, ui, mem), g.pass);
    for (const a of g.squares.values()) used.add(a.action);
  } else if (obs.phase === "move" && obs.move && !(obs.move.path || []).length) {
    const origin = obs.move.origin;
    const group = obs.move.group || [];
    say(
      `Group from ${label(origin)}: ${group.length ? group.map(unitName).join(", ") : "no units yet"}. Add units (the first is the top), then Done.`,
    );
    const counts = new Map();
    for (const a of g.take) counts.set(a.unit, a);
    const stack = (obs.stacks || []).find((s) => s.square === origin && s.owner === me);
    for (const a of g.take) {
      const free = stack ? stack.units.filter((u, i) => u === a.unit && !stack.moved[i]).length : 0;
      const taken = group.filter((u) => u === a.unit).length;
      add(button(`Take ${unitName(a.unit)} (${free - taken} free)`, a, ui, mem), a);
    }
    if (g.take.length > 1 || (g.take.length === 1 && stack)) {
      const queue = [];
      if (stack) {
        const left = {};
        stack.units.forEach((u, i) => {
          if (!stack.moved[i]) left[u] = (left[u] || 0) + 1;
        });
        for (const u of group) left[u] -= 1;
        for (const [u, n] of Object.entries(left))
          for (let i = 0; i < n; i++) if (counts.has(u)) queue.push(u);
      }
      if (queue.length > 1) {
        buttons.append(
          h(
            "button",
            {
              type: "button",
              class: "btn btn-small",
              title: "take every free unit, one action at a time",
              onclick: () => {
                mem.queue = queue.slice(1);
                mem.queuePly = view.ply;
                ui.act(counts.get(queue[0]));
              },
            },
            `Take all ${queue.length}`,
          ),
        );
      }
    }
    if (g.done) add(button("Done: start walking", g.done, ui, mem, "btn-primary"), g.done);
  } else if (obs.phase === "move") {
    const path = obs.move.path || [];
    say(
      `Walk: tap a glowing square for the next step (${path.length - 1} taken)${g.stop ? ", or stop here" : ""}. The move ends by itself when no step is left.`,
    );
    for (const a of g.squares.values()) add(button(`→ ${a.label}`, a, ui, mem, "om-sqbtn"), a);
    if (g.stop)
      add(
        button(`Stop on ${label(path[path.length - 1])}`, g.stop, ui, mem, "btn-primary"),
        g.stop,
      );
  } else if (g.hit.length) {
    const b = battleInfo(obs);
    const mine = b && b.attacker.owner === me ? 0 : 1;
    const n = b ? b.pending[mine] : 0;
    say(`You took ${n} hit${n === 1 ? "" : "s"}: allocate them one at a time.`);
    for (const a of g.hit) {
      const u = a.unit;
      const what = u === u.toUpperCase() && UNITS[u] && UNITS[u].hp > 1 ? "damage" : "eliminate";
      add(
        button(`Hit ${unitName(u)} (${what})`, a, ui, mem, what === "eliminate" ? "om-kill" : ""),
        a,
      );
    }
  } else if (obs.phase === "reinforce") {
    say(
      g.merge.length
        ? "Reinforcements: merge damaged pairs or finish."
        : "Reinforcements: finish your turn.",
    );
  } else {
    say("Your decision:");
  }
  for (const a of g.merge) {
    const sq = a.square;
    add(button(`Merge 2 damaged ${UNITS[a.unit].name}s on ${a.label || label(sq)}`, a, ui, mem), a);
  }
  if (g.done && !used.has(g.done.action))
    add(button("Done", g.done, ui, mem, "btn-primary"), g.done);
  // Everything else that is legal still gets a button: no decision is unreachable.
  for (const a of g.all) {
    if (used.has(a.action) || targets.has(a.square) || a.kind === "tile") continue;
    add(button(a.text, a, ui, mem), a);
  }
  if (buttons.childElementCount) bar.append(buttons);
  return bar;
}

function waitingText(view, ui) {
  const obs = view.observation;
  if (ui.replay) return `Round ${obs.round || 0}: ${PHASE_TEXT[obs.phase] || obs.phase}.`;
  const who = seatOk(view.to_move) ? NAMES[view.to_move] : null;
  if (obs.phase === "setup")
    return "Both players place terrain in secret; waiting for the other player.";
  if (["pregame", "purchase"].includes(obs.phase))
    return "Both buy in secret; waiting for the other player to finish.";
  if (view.to_move === -1)
    return obs.phase === "battle" ? "The dice are rolling…" : "Rolling for the initiative…";
  if (who && seatOk(view.seat))
    return `Waiting for ${who} (${PHASE_TEXT[obs.phase] || obs.phase}).`;
  if (who) return `${who} to play (${PHASE_TEXT[obs.phase] || obs.phase}).`;
  return `Round ${obs.round}: ${PHASE_TEXT[obs.phase] || obs.phase}.`;
}

/** The battle being fought: its sides, the dice of this step and of the last one, and R92. */
function battlePanel(view) {
  const obs = view.observation;
  const b = battleInfo(obs);
  const dice = obs.dice || [];
  const last = obs.last_dice || [];
  if (!b) {
    // After the round's last battle: its final roll stays in view during the reinforcements.
    if (obs.phase !== "reinforce" || !last.length) return null;
    const box = h("div", { class: "om-battle om-battle-over" });
    box.append(h("h3", {}, "Battles over for this round"));
    box.append(diceStep(obs, last, false));
    return box;
  }
  const t = TERRAIN[b.terrain] || TERRAIN["."];
  const box = h("div", { class: "om-battle" });
  box.append(
    h(
      "h3",
      {},
      `Battle on ${label(b.square)} (${t.name}): ${NAMES[b.attacker.owner]} attacks ${NAMES[b.defender.owner]}`,
    ),
  );
  box.append(h("p", { class: "om-small om-battle-status" }, battleStatus(b, dice, last)));
  box.append(stallMeter(obs.stall || 0));
  const grid = h("div", { class: "om-sides" });
  [b.attacker, b.defender].forEach((side, i) => {
    const col = h(
      "div",
      { class: `om-side om-own-${side.owner}` },
      h(
        "strong",
        {},
        `${side.attacking ? "Attacker" : "Defender"}: ${NAMES[side.owner]} (${side.count})`,
      ),
      h(
        "div",
        { class: "om-roster" },
        side.units.map((code) => h("span", { class: "om-unit", title: unitName(code) }, code)),
      ),
    );
    const n = b.pending[i];
    if (n > 0)
      col.append(h("p", { class: "om-pending" }, `${n} hit${n === 1 ? "" : "s"} to allocate`));
    grid.append(col);
  });
  box.append(grid);
  if (dice.length) box.append(diceStep(obs, dice, true));
  if (last.length) box.append(diceStep(obs, last, false, b.square));
  box.append(
    h(
      "p",
      { class: "om-small muted" },
      "Ranged units (archers, catapults) fire first, then the melee units; a step in which no unit fires is passed over. Each firing unit rolls one die: it hits when die + modifier reaches the unit's S; a 6 always hits, a 1 always misses.",
    ),
  );
  return box;
}

function battleStatus(b, dice, last) {
  if (dice.length) {
    const rolled = dice.filter((d) => d.die !== null).length;
    return `Rolling the ${dice[0].step} step: ${rolled} of ${dice.length} dice rolled.`;
  }
  if (b.pending[0] + b.pending[1] > 0) {
    const who = b.pending[0] > 0 ? b.attacker.owner : b.defender.owner;
    const step = last.length && last[0].square === b.square ? `The ${last[0].step} step hit: ` : "";
    return `${step}${NAMES[who]} allocates hits (attacker first).`;
  }
  return `Next: the ${b.nextStep} step.`;
}

/** How close the battle is to a stand-off by R92: rolled steps in a row with no hit. */
function stallMeter(stall) {
  const near = stall >= STALL_LIMIT - 5;
  const pct = Math.min(100, (100 * stall) / STALL_LIMIT);
  return h(
    "div",
    {
      class: `om-stall${near ? " om-stall-near" : ""}`,
      "data-stall": stall,
      title: `R92: after ${STALL_LIMIT} rolled steps in a row without a hit the battle is a stand-off and the attackers go back`,
    },
    h("span", {}, `Steps in a row without a hit: ${stall} of ${STALL_LIMIT}`),
    h(
      "span",
      { class: "om-stall-bar" },
      h("span", { class: "om-stall-fill", style: `width: ${pct}%` }),
    ),
    h("span", { class: "om-small" }, `at ${STALL_LIMIT}: stand-off, attackers go back (R92)`),
  );
}

/**
 * One step's dice, attacker's then defender's: ``current`` for the step being rolled, else
 * the last finished step (of the battle on ``square``, or named when it was another one).
 */
function diceStep(obs, dice, current, square) {
  const sq = dice[0].square;
  const terrain = (obs.terrain || [])[sq];
  const known = dice.find((d) => d.side === 0) || dice[0];
  const owners = [0, 1].map((s) => (s === known.side ? known.owner : 1 - known.owner));
  const hits = [0, 1].map((s) => dice.filter((d) => d.side === s && d.hit).length);
  const step = dice[0].step;
  let title;
  if (current) title = `This step (${step}), being rolled`;
  else {
    const where = square === undefined || square !== sq ? ` on ${label(sq)}` : "";
    const n = (k) => `${k} hit${k === 1 ? "" : "s"}`;
    const score =
      hits[0] + hits[1]
        ? `${NAMES[owners[0]]} scored ${n(hits[0])}, ${NAMES[owners[1]]} ${n(hits[1])}`
        : "no hit";
    title = `Last step (${step})${where}: ${score}`;
  }
  const box = h(
    "div",
    { class: `om-step ${current ? "om-step-now" : "om-step-last"}`, "data-step": step },
    h("h4", {}, title),
  );
  const grid = h("div", { class: "om-sides" });
  for (const s of [0, 1]) {
    const mine = dice.filter((d) => d.side === s);
    const who = `${s === 0 ? "Attacker" : "Defender"} ${NAMES[owners[s]]}`;
    const cards = h("div", { class: "om-die-cards" }, mine.map((d) => dieCard(d, terrain)));
    grid.append(
      h(
        "div",
        { class: `om-dice-side om-own-${owners[s]}` },
        h("div", { class: "om-small" }, h("span", { class: "om-chip" }), ` ${who}`),
        mine.length ? cards : h("div", { class: "om-small muted" }, "no unit fires"),
      ),
    );
  }
  box.append(grid);
  return box;
}

/** One unit's die: the face with pips (blank until rolled), what it needs and why, hit or miss. */
function dieCard(d, terrain) {
  const result = d.die === null ? "waiting" : d.hit ? "hit" : "miss";
  const need = neededText(d, terrain);
  const who = `${NAMES[d.owner]} ${unitName(d.unit)}`;
  const title =
    d.die === null
      ? `${who}: ${need}; not rolled yet`
      : `${who}: rolled ${d.die}, ${need}: ${result}`;
  return h(
    "div",
    {
      class: `om-die-card om-${result}`,
      title,
      "data-unit": d.unit,
      "data-face": d.die === null ? "" : d.die,
      "data-result": result,
    },
    dieFace(d.die, d.owner),
    h(
      "div",
      { class: "om-die-text" },
      h(
        "div",
        {},
        h("b", {}, d.unit),
        ` ${unitName(d.unit)} `,
        h("span", { class: "om-result" }, result === "waiting" ? "to roll" : result),
      ),
      h("div", { class: "om-need" }, need),
    ),
  );
}

const PIPS = {
  1: [[2, 2]],
  2: [
    [1, 1],
    [3, 3],
  ],
  3: [
    [1, 1],
    [2, 2],
    [3, 3],
  ],
  4: [
    [1, 1],
    [3, 1],
    [1, 3],
    [3, 3],
  ],
  5: [
    [1, 1],
    [3, 1],
    [2, 2],
    [1, 3],
    [3, 3],
  ],
  6: [
    [1, 1],
    [3, 1],
    [1, 2],
    [3, 2],
    [1, 3],
    [3, 3],
  ],
};

/** A die in ``owner``'s colour showing ``face`` as pips; a blank die with "?" until rolled. */
function dieFace(face, owner) {
  const pips = PIPS[face] || [];
  return el(
    "svg",
    {
      class: `om-die-svg om-die-own-${owner}`,
      viewBox: "0 0 4 4",
      width: 34,
      height: 34,
      role: "img",
      "aria-label": face ? `die showing ${face}` : "die not rolled yet",
    },
    el("rect", { class: "om-die-body", x: 0.15, y: 0.15, width: 3.7, height: 3.7, rx: 0.7 }),
    ...pips.map(([x, y]) => el("circle", { class: "om-pip", cx: x, cy: y, r: 0.36 })),
    face ? null : el("text", { class: "om-die-q", x: 2, y: 2.8 }, "?"),
  );
}

function infoPanel(view, mem) {
  if (mem.sel === null || mem.sel === undefined) return null;
  const obs = view.observation;
  const at = stacksAt(obs);
  const sq = mem.sel;
  const letter = (obs.terrain || [])[sq] || ".";
  const t = TERRAIN[letter] || TERRAIN["."];
  const owner = (obs.control || [])[sq];
  const box = h("div", { class: "om-info" });
  box.append(h("h3", {}, `${label(sq)} · ${t.name}`));
  const note = t.note.charAt(0).toUpperCase() + t.note.slice(1);
  box.append(
    h(
      "p",
      { class: "om-small" },
      `${note}. Worth ${t.points} point${t.points === 1 ? "" : "s"}. Controlled by ${NAMES[owner] ?? "?"}${owner !== coords(sq).country ? " (conquered)" : ""}.`,
    ),
  );
  box.append(h("p", { class: "om-small" }, `Neighbours: ${neighbours(sq).map(label).join(", ")}`));
  if (t.settlement && obs.phase !== "setup") {
    const lim = siegeLimit(obs, at, sq);
    const from = besiegers(obs, at, sq).map(label).join(", ");
    box.append(
      h(
        "p",
        { class: "om-small" },
        lim.level === 0
          ? "Not besieged: no reinforcement limit."
          : lim.level === 1
            ? `Partial siege from ${from}: at most 2 reinforcements (${lim.left} left this round).`
            : `Full siege from ${from}: no reinforcements.`,
      ),
    );
  }
  for (const s of at.get(sq) || []) {
    const units = unitsOf(s);
    const row = h(
      "p",
      { class: `om-small om-stackline om-own-${s.owner}` },
      h("span", { class: "om-chip" }),
      ` ${NAMES[s.owner]}: `,
    );
    if (units) {
      units.forEach((u, i) =>
        row.append(
          h(
            "span",
            {
              class: `om-unit ${s.moved && s.moved[i] ? "om-unit-moved" : ""}`,
              title: unitName(u) + (s.moved && s.moved[i] ? " (moved this round)" : ""),
            },
            u,
          ),
        ),
      );
    } else {
      const rest = s.count > 1 ? " (the others are hidden)" : "";
      row.append(`${s.count} unit${s.count === 1 ? "" : "s"}, top ${unitName(s.top)}${rest}`);
    }
    box.append(row);
  }
  return box;
}

function ownStacks(view) {
  const obs = view.observation;
  if (!seatOk(view.seat)) return null;
  const mine = (obs.stacks || []).filter((s) => s.owner === view.seat && s.units);
  if (!mine.length && obs.phase === "setup") return null;
  const box = h("details", { class: "om-own" });
  const total = mine.reduce((n, s) => n + s.count, 0);
  box.append(
    h(
      "summary",
      {},
      `Your units: ${total} on the board in ${mine.length} stack${mine.length === 1 ? "" : "s"}`,
    ),
  );
  for (const s of mine) {
    const row = h("p", { class: "om-small om-stackline" }, h("b", {}, label(s.square)), " ");
    s.units.forEach((u, i) =>
      row.append(
        h(
          "span",
          { class: `om-unit ${s.moved && s.moved[i] ? "om-unit-moved" : ""}`, title: unitName(u) },
          u,
        ),
      ),
    );
    box.append(row);
  }
  if (obs.pool)
    box.append(
      h(
        "p",
        { class: "om-small muted" },
        `Pool: ${KINDS.map((k, i) => `${obs.pool[i]} ${k}`).join(" · ")}`,
      ),
    );
  return box;
}

// ------------------------------------------------------------------ the round log
function logRound(view, mem) {
  const obs = view.observation;
  const prev = mem.obs;
  mem.obs = obs;
  if (!mem.log || mem.logRound !== obs.round || mem.logKey !== `${view.table}:${view.seat}`) {
    mem.log = [];
    mem.logRound = obs.round;
    mem.logKey = `${view.table}:${view.seat}`;
  }
  if (!prev || prev.round !== obs.round) return;
  // A finished move: the path seen last time, ended where the mover's stack grew.
  const pm = prev.move || {};
  const nm = obs.move || {};
  if ((pm.path || []).length && !(nm.path || []).length) {
    const end = pm.path[pm.path.length - 1];
    const before = stacksAt(prev);
    const after = stacksAt(obs);
    const count = (m, sq) =>
      ((m.get(sq) || []).find((s) => s.owner === pm.mover) || { count: 0 }).count;
    let dest = end;
    for (const sq of [end, ...neighbours(end)])
      if (count(after, sq) - count(before, sq) === pm.count) dest = sq;
    const route = [...pm.path, ...(dest !== end ? [dest] : [])].map(label).join(" → ");
    mem.log.push(
      `${NAMES[pm.mover]} moved ${pm.count} unit${pm.count === 1 ? "" : "s"} (top ${pm.top}): ${route}`,
    );
  }
  if (prev.phase === "move" && (obs.passed || []).some((p, i) => p && !(prev.passed || [])[i])) {
    (obs.passed || []).forEach((p, i) => {
      if (p && !(prev.passed || [])[i]) mem.log.push(`${NAMES[i]} passed`);
    });
  }
  // The step rolled since the last view, as the observation gives it, and battle losses.
  const pb = battleInfo(prev);
  const nb = battleInfo(obs);
  const newStep = stepFinished(prev, obs);
  if (newStep) mem.log.push(stepText(obs.last_dice));
  if (pb) {
    for (const side of [pb.attacker, pb.defender]) {
      const now =
        nb && nb.square === pb.square
          ? [nb.attacker, nb.defender].find((s) => s.owner === side.owner)
          : null;
      const was = side.units.join("");
      const is = now ? now.units.join("") : null;
      if (is !== null && is !== was)
        mem.log.push(`Battle ${label(pb.square)}: ${NAMES[side.owner]} ${was} → ${is || "gone"}`);
    }
    if (!nb || nb.square !== pb.square) {
      const stalled =
        newStep && !obs.last_dice.some((d) => d.hit) && (prev.stall || 0) + 1 >= STALL_LIMIT;
      mem.log.push(
        stalled
          ? `Battle on ${label(pb.square)} stalled: ${STALL_LIMIT} steps without a hit, a stand-off (R92); ${NAMES[pb.attacker.owner]}'s attackers go back`
          : `Battle on ${label(pb.square)} over; ${NAMES[obs.control[pb.square]]} controls it`,
      );
    }
  }
}

/** Whether a battle step finished between two observations (its dice are now last_dice). */
function stepFinished(prev, obs) {
  const last = obs.last_dice || [];
  if (!last.length) return false;
  if (JSON.stringify(prev.last_dice || []) !== JSON.stringify(last)) return true;
  if ((obs.stall || 0) > (prev.stall || 0)) return true;
  // The same dice twice in a row: the step seen rolling last time no longer goes on.
  const was = prev.dice || [];
  if (!was.some((d) => d.die === null)) return false;
  const now = obs.dice || [];
  const count = (ds) => ds.filter((d) => d.die !== null).length;
  const goesOn =
    now.length === was.length &&
    count(now) >= count(was) &&
    now.every(
      (d, i) =>
        d.square === was[i].square &&
        d.step === was[i].step &&
        d.unit === was[i].unit &&
        (was[i].die === null || was[i].die === d.die),
    );
  return !goesOn;
}

/** "Battle B e3, ranged step: Ivory A 6 hit; Slate A 3 miss, K 2 miss". */
function stepText(dice) {
  const bySide = [0, 1]
    .map((s) => dice.filter((d) => d.side === s))
    .filter((ds) => ds.length)
    .map(
      (ds) =>
        `${NAMES[ds[0].owner]} ${ds.map((d) => `${d.unit} ${d.die} ${d.hit ? "hit" : "miss"}`).join(", ")}`,
    );
  return `Battle ${label(dice[0].square)}, ${dice[0].step} step: ${bySide.join("; ")}`;
}

function logPanel(view, mem) {
  const obs = view.observation;
  const items = [];
  if (obs.round)
    items.push(
      `Round ${obs.round}${obs.initiative >= 0 ? `: ${NAMES[obs.initiative]} has the initiative` : ""}${obs.round === 1 ? " (peace round: no crossing into the other country)" : ""}.`,
    );
  if ((obs.bought_count || []).some(Boolean) && obs.phase !== "pregame") {
    items.push(
      `Bought this round: ${[0, 1].map((s) => `${NAMES[s]} ${(obs.bought_count || [])[s] || 0}`).join(", ")} unit(s).`,
    );
  }
  for (const e of obs.entries || [])
    items.push(
      `${NAMES[e[1]]} attacked ${label(e[0])} from ${label(e[2])} with ${e[3]} unit${e[3] === 1 ? "" : "s"}.`,
    );
  items.push(...(mem.log || []));
  const placed = (obs.placed_here || []).map((n, sq) => [n, sq]).filter(([n]) => n > 0);
  if (obs.phase === "reinforce" && placed.length)
    items.push(`Placed: ${placed.map(([n, sq]) => `${n} on ${label(sq)}`).join(", ")}.`);
  if (obs.phase === "move" && seatOk(obs.move && obs.move.mover) && (obs.move.path || []).length) {
    items.push(
      `${NAMES[obs.move.mover]} is moving ${obs.move.count} unit(s): ${obs.move.path.map(label).join(" → ")}`,
    );
  }
  if (!items.length) return null;
  const box = h("details", { class: "om-log", open: true });
  box.append(h("summary", {}, `This round (${PHASE_TEXT[obs.phase] || obs.phase})`));
  box.append(
    h(
      "ol",
      {},
      items.map((t) => h("li", {}, t)),
    ),
  );
  return box;
}

function legend() {
  const box = h("details", { class: "om-legend" });
  box.append(h("summary", {}, "Legend"));
  const row = h("div", { class: "om-legend-row" });
  for (const l of ["C", "V", "F", "M", "L", "."]) {
    const t = TERRAIN[l];
    row.append(
      h(
        "span",
        { class: "om-legend-item" },
        el(
          "svg",
          { viewBox: "0 0 28 28", width: 26, height: 26 },
          el("rect", {
            class: `om-ground om-lg-${l === "." ? "bare" : l}`,
            x: 0,
            y: 0,
            width: 28,
            height: 28,
            rx: 4,
          }),
          terrainSymbol(l, 2, 2, 24),
        ),
        `${t.name} (${t.points})`,
      ),
    );
  }
  box.append(row);
  box.append(
    h(
      "p",
      { class: "om-small" },
      `Units: ${KINDS.map((k) => `${k} ${UNITS[k].name}`).join(", ")}; lower case (with a red notch) = damaged. A badge counts the units of a stack; a flag marks a conquered square; ≤2 / ⛔ 0 on a settlement is its siege limit. Coloured edges show the seams: a unit leaving an edge arrives at the cell with the same letter or number on the edge of the same colour.`,
    ),
  );
  return box;
}

// ------------------------------------------------------------------ entry points
function draw(root, view, ui, mem) {
  const tall = (root.clientWidth || window.innerWidth || 1000) < 620;
  const geo = geometry(tall, seatOk(view.seat) && view.seat < 2 ? view.seat : 0);
  const g = sortLegal(view, ui);
  const { svg, targets } = drawBoard(view, ui, mem, geo, g);
  const wrap = h("div", { class: `om ${tall ? "om-tall" : "om-wide"}` });
  wrap.append(playersPanel(view), svg, decisionBar(view, ui, mem, g, targets));
  const battle = battlePanel(view);
  if (battle) wrap.append(battle);
  const info = infoPanel(view, mem);
  if (info) wrap.append(info);
  const own = ownStacks(view);
  if (own) wrap.append(own);
  const log = logPanel(view, mem);
  if (log) wrap.append(log);
  wrap.append(legend());
  root.replaceChildren(wrap);
  root.classList.add("om-root");
  mem.tall = tall;
  wire(svg, root, view, ui, mem, targets);
}

function wire(svg, root, view, ui, mem, targets) {
  let down = null;
  const squareOf = (e) => {
    const node = e.target.closest ? e.target.closest("[data-square]") : null;
    return node ? Number(node.getAttribute("data-square")) : null;
  };
  const choose = (sq) => {
    if (sq !== null && targets.has(sq)) {
      mem.sel = null;
      mem.queue = [];
      ui.act(targets.get(sq));
      return;
    }
    mem.sel = sq === null || mem.sel === sq ? null : sq;
    draw(root, view, ui, mem);
  };
  svg.addEventListener("pointerdown", (e) => {
    if (e.button !== undefined && e.button > 0) return;
    down = { id: e.pointerId, x: e.clientX, y: e.clientY };
  });
  svg.addEventListener("pointercancel", () => (down = null));
  svg.addEventListener("pointerup", (e) => {
    if (!down || down.id !== e.pointerId) return;
    const far = Math.hypot(e.clientX - down.x, e.clientY - down.y) > 12;
    down = null;
    if (!far) choose(squareOf(e));
  });
  svg.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const sq = squareOf(e);
    if (sq === null) return;
    e.preventDefault();
    choose(sq);
  });
}

/** Draw VIEW into ``root``; ``ui.act`` plays an action dict, ``ui.replay`` disables input. */
export function render(root, view, ui) {
  ensureStyle();
  if (!view || !view.observation) {
    root.replaceChildren(h("p", { class: "muted" }, "No position to show."));
    return;
  }
  let mem = memory.get(root);
  if (!mem) {
    mem = {
      sel: null,
      queue: [],
      queuePly: null,
      ply: null,
      log: [],
      obs: null,
      view: null,
      ui: null,
    };
    memory.set(root, mem);
    window.addEventListener("resize", () => {
      if (!mem.view || !root.isConnected) return;
      const tall = (root.clientWidth || window.innerWidth) < 620;
      if (tall !== mem.tall) draw(root, mem.view, mem.ui, mem);
    });
  }
  const replay = Boolean(ui.replay);
  if (replay || (mem.ply !== null && view.ply < mem.ply)) mem.obs = null; // no log across jumps
  if (mem.ply !== view.ply) mem.sel = null;
  logRound(view, mem);
  mem.ply = view.ply;
  mem.view = view;
  mem.ui = { ...ui, replay };
  draw(root, view, mem.ui, mem);
  // "Take all": the next queued unit, once the previous take has been applied.
  if (mem.queue.length && view.ply > mem.queuePly && !replay) {
    const g = sortLegal(view, mem.ui);
    const next = g.take.find((a) => a.unit === mem.queue[0]);
    if (next) {
      mem.queue.shift();
      mem.queuePly = view.ply;
      sendQueued(mem, view, ui, next);
    } else {
      mem.queue = [];
    }
  }
}

/**
 * Send a queued take outside of the current drawing: the page ignores actions while one is
 * in flight, so try again a few times until a newer view has arrived.
 */
function sendQueued(mem, view, ui, action) {
  let tries = 0;
  const attempt = () => {
    if (mem.view !== view || tries++ >= 12) return;
    ui.act(action);
    setTimeout(attempt, 150);
  };
  setTimeout(attempt, 30);
}

/** A short note for notable moments: a battle being fought, the peace round, a siege of yours. */
export function describe(view) {
  const obs = (view && view.observation) || null;
  if (!obs || view.result) return "";
  const b = battleInfo(obs);
  if (b)
    return `Battle on ${label(b.square)}: ${NAMES[b.attacker.owner]} attacks ${NAMES[b.defender.owner]}.`;
  if (obs.round === 1 && obs.phase === "move")
    return "Peace round: nobody crosses into the other country.";
  if (seatOk(view.seat) && obs.phase === "reinforce") {
    const at = stacksAt(obs);
    const sieged = (obs.control || [])
      .map((c, sq) => [c, sq])
      .filter(
        ([c, sq]) =>
          c === view.seat &&
          (TERRAIN[obs.terrain[sq]] || {}).settlement &&
          siegeLimit(obs, at, sq).level > 0,
      )
      .map(([, sq]) => label(sq));
    if (sieged.length) return `Besieged: ${sieged.join(", ")} (reinforcement limits apply).`;
  }
  return "";
}

/** Seat names for the shared page: seat 0 holds country A, seat 1 country B. */
export function seatNames() {
  return NAMES.map((n, i) => `${n} (${LETTERS[i]})`);
}

// ------------------------------------------------------------------ style
function ensureStyle() {
  if (document.getElementById("omringad-style")) return;
  document.head.append(h("style", { id: "omringad-style" }, STYLE));
}

const STYLE = `
.om-root { display: block !important; }
.om { width: 100%; display: grid; gap: 8px; }
.om-svg { width: 100%; height: auto; display: block; max-height: calc(100vh - 230px);
  touch-action: manipulation; filter: drop-shadow(0 12px 24px rgba(0,0,0,.4)); }
.om-tall .om-svg { max-height: none; }
.om-svg text { font-family: system-ui, sans-serif; }
.om-ground { stroke: rgba(0,0,0,.35); stroke-width: 1; }
.om-t-bare .om-ground, .om-lg-bare { fill: #8c8a5e; }
.om-country-1.om-t-bare .om-ground { fill: #858a63; }
.om-t-M .om-ground, .om-lg-M { fill: #8d8579; }
.om-t-C .om-ground, .om-lg-C { fill: #a7946b; }
.om-t-V .om-ground, .om-lg-V { fill: #a49a66; }
.om-t-L .om-ground, .om-lg-L { fill: #3f6f8e; }
.om-t-F .om-ground, .om-lg-F { fill: #56734a; }
.om-t-unknown .om-ground { fill: #4d5259; }
.om-sq { cursor: pointer; }
.om-sq:hover .om-ground { filter: brightness(1.12); }
.om-sq:focus-visible { outline: none; }
.om-sq:focus-visible .om-ground { stroke: #7fd1ff; stroke-width: 3; }
.om-picked .om-ground { stroke: #7fd1ff; stroke-width: 3; }
.om-watermark { font-size: ${C * 1.6}px; font-weight: 900; fill: #fff; opacity: .07; text-anchor: middle; pointer-events: none; }
.om-country-frame { fill: none; stroke: #0d0f12; stroke-width: 2.5; pointer-events: none; }
.om-conquered { fill: none; stroke-width: 3; stroke-dasharray: 6 4; pointer-events: none; }
.om-conquered.om-own-0 { stroke: #f3ecdc; } .om-conquered.om-own-1 { stroke: #1d2026; }
.om-flag-pole { stroke: #1b1607; stroke-width: 1.4; }
.om-own-0 .om-flag-cloth { fill: #f3ecdc; stroke: #5b4c30; stroke-width: .8; }
.om-own-1 .om-flag-cloth { fill: #2b2f37; stroke: #d8d0c0; stroke-width: .8; }
.om-sym { pointer-events: none; }
.om-mtn { fill: #5d5650; stroke: #2f2a26; stroke-width: 1; } .om-snow { fill: #efeae2; }
.om-castle { fill: #6d5a3c; stroke: #2f2414; stroke-width: 1; } .om-door { fill: #2f2414; }
.om-house { fill: #c98d55; stroke: #4a2d14; stroke-width: 1; } .om-house-2 { fill: #b5733f; }
.om-window { fill: #f7dd8c; }
.om-water { fill: #2c5a78; stroke: #8fc2df; stroke-width: 1; } .om-wave { fill: none; stroke: #bfe2f4; stroke-width: 1.3; }
.om-tree { fill: #254d24; stroke: #122812; stroke-width: .8; } .om-trunk { fill: #4a321c; }
.om-unknown { font-size: 18px; font-weight: 800; fill: #9aa3ad; text-anchor: middle; }
.om-edge { stroke-width: 5; stroke-linecap: butt; pointer-events: none; }
.om-stitch { stroke-width: 2; stroke-dasharray: 3 3; pointer-events: none; }
.om-arc { fill: none; stroke-width: 1.6; opacity: .55; pointer-events: none; }
.om-tick { stroke-width: 2; pointer-events: none; }
.om-edge-label { font-size: 11px; font-weight: 700; text-anchor: middle; pointer-events: none; }
.om-band-label { font-size: 10.5px; font-weight: 600; text-anchor: middle; opacity: .9; pointer-events: none; }
.om-siege rect { fill: #1b1607; opacity: .8; } .om-siege text { font-size: 9px; font-weight: 700; fill: #ffd36e; text-anchor: middle; }
.om-siege-2 text { fill: #ff8a75; } .om-siege-0 text { fill: #bfe3b4; }
.om-attack-mark { font-size: 14px; fill: #ff8a75; text-anchor: end; pointer-events: none; }
.om-token { pointer-events: none; }
.om-token-shadow { fill: rgba(0,0,0,.4); }
.om-own-0 .om-token-body { fill: #f3ecdc; stroke: #5b4c30; stroke-width: 1.6; }
.om-own-1 .om-token-body { fill: #2b2f37; stroke: #c9c1b1; stroke-width: 1.6; }
.om-token-letter { font-weight: 900; text-anchor: middle; }
.om-own-0 .om-token-letter { fill: #2b2418; } .om-own-1 .om-token-letter { fill: #f3ecdc; }
.om-damage { stroke: #e0403a; stroke-width: 3; stroke-linecap: round; }
.om-count-bg { fill: #e6b450; stroke: #1b1607; stroke-width: 1; }
.om-count { fill: #1b1607; font-weight: 800; text-anchor: middle; }
.om-moved .om-token-body { opacity: .65; stroke-dasharray: 3 2; }
.om-walking .om-token-body { stroke: #ffd36e; stroke-width: 2.6; stroke-dasharray: 4 2; }
.om-origin { fill: none; stroke: #ffd36e; stroke-width: 2.5; stroke-dasharray: 5 3; pointer-events: none; }
.om-path line { stroke: #ffd36e; stroke-width: 3; stroke-linecap: round; opacity: .85; pointer-events: none; }
.om-path-dot { fill: #ffd36e; pointer-events: none; } .om-path-num { font-size: 9px; font-weight: 800; fill: #1b1607; text-anchor: middle; pointer-events: none; }
.om-last { fill: none; stroke: #e6b450; stroke-width: 2; stroke-opacity: .75; pointer-events: none; }
.om-battle-ring { fill: none; stroke: #ff5a4a; stroke-width: 3.5; pointer-events: none; animation: om-pulse 1.4s ease-in-out infinite; }
.om-target-ring { fill: rgba(255,211,110,.16); stroke: #ffd36e; stroke-width: 3; pointer-events: none; animation: om-pulse 1.6s ease-in-out infinite; }
.om-target:hover .om-ground { filter: brightness(1.3); }
.om-neighbour { fill: none; stroke: #7fd1ff; stroke-width: 2; stroke-dasharray: 4 3; pointer-events: none; }
@keyframes om-pulse { 50% { stroke-opacity: .45; } }
.om-players { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
@media (max-width: 700px) { .om-players { grid-template-columns: 1fr; } }
.om-player { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; padding: 6px 10px;
  border-radius: 10px; border: 1px solid rgba(255,255,255,.09); background: rgba(255,255,255,.035); font-size: .9rem; }
.om-player.om-active { border-color: #e6b450; background: rgba(230,180,80,.09); }
.om-chip { display: inline-block; width: 13px; height: 13px; border-radius: 50%; border: 1.5px solid #8d97a3; vertical-align: -2px; }
.om-own-0 .om-chip { background: #f3ecdc; } .om-own-1 .om-chip { background: #2b2f37; }
.om-tag { font-size: .72rem; font-weight: 700; padding: 1px 6px; border-radius: 5px; background: #28313a; color: #c9d1d9; }
.om-stats { margin-left: auto; display: flex; gap: 10px; color: #c3cad2; font-size: .85rem; }
.om-bar { padding: 10px 12px; border-radius: 12px; border: 1px solid rgba(255,255,255,.09);
  background: linear-gradient(180deg, #1f262e, #1a2027); }
.om-bar-turn { border-color: rgba(230,180,80,.7); box-shadow: 0 0 0 1px rgba(230,180,80,.25); }
.om-prompt { margin: 0; font-weight: 600; }
.om-bar-turn .om-prompt { color: #e6b450; }
.om-buttons { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
.om-buttons .btn, .om-shop .btn { min-height: 40px; white-space: nowrap; }
.om-kill { border-color: rgba(224,112,92,.6); }
.om-tiles { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 6px; }
.om-tile-chip { font-size: .75rem; padding: 2px 7px; border-radius: 6px; background: #28313a; color: #98a2ad; }
.om-tile-chip.om-done { text-decoration: line-through; opacity: .6; }
.om-tile-chip.om-now { background: #e6b450; color: #1b1607; font-weight: 700; }
.om-shop { width: 100%; border-collapse: collapse; margin-top: 8px; font-size: .88rem; }
.om-shop th { text-align: left; color: #98a2ad; font-weight: 600; font-size: .78rem; padding: 2px 4px; }
.om-shop td { padding: 3px 4px; border-top: 1px solid rgba(255,255,255,.06); }
.om-shop tr.om-off td { opacity: .5; }
.om-letter { display: inline-block; min-width: 1.3em; text-align: center; border-radius: 4px; background: #f3ecdc; color: #2b2418; }
.om-battle, .om-info, .om-own, .om-log, .om-legend { padding: 8px 12px; border-radius: 12px;
  border: 1px solid rgba(255,255,255,.09); background: rgba(255,255,255,.03); }
.om-battle { border-color: rgba(255,90,74,.55); }
.om-battle.om-battle-over { border-color: rgba(255,255,255,.09); }
.om h3 { margin: 0 0 4px; font-size: .82rem; }
.om-small { margin: 3px 0; font-size: .85rem; color: #c3cad2; }
.om-sides { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
@media (max-width: 520px) { .om-sides { grid-template-columns: 1fr; } }
.om-side { padding: 6px 8px; border-radius: 8px; background: rgba(0,0,0,.18); }
.om-pending { margin: 2px 0; color: #ff8a75; font-weight: 700; }
.om-roster { margin-top: 3px; }
.om-battle-status { font-weight: 600; color: #ffd36e; }
.om-stall { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; margin: 4px 0 6px; font-size: .85rem; }
.om-stall-bar { display: inline-block; width: 120px; height: 8px; border-radius: 4px; background: #28313a; overflow: hidden; }
.om-stall-fill { display: block; height: 100%; background: #e6b450; }
.om-stall-near .om-stall-fill { background: #ff8a75; } .om-stall-near > span:first-child { color: #ff8a75; font-weight: 700; }
.om-step { margin-top: 8px; padding: 6px 8px; border-radius: 10px; background: rgba(0,0,0,.16); }
.om-step-now { box-shadow: inset 0 0 0 1px rgba(255,211,110,.45); }
.om-step h4 { margin: 0 0 4px; font-size: .82rem; }
.om-step-last h4 { color: #c3cad2; }
.om-dice-side { min-width: 0; }
.om-die-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 210px), 1fr)); gap: 4px; margin-top: 3px; }
.om-die-card { display: flex; align-items: center; gap: 8px; padding: 4px 8px 4px 4px; border-radius: 8px;
  background: #222a32; border: 1.5px solid #3a444e; font-size: .82rem; min-width: 0; }
.om-die-card.om-hit { border-color: #6fcf7a; background: rgba(111,207,122,.13); }
.om-die-card.om-miss { border-color: #b5574a; background: rgba(181,87,74,.10); }
.om-die-card.om-miss .om-die-svg { opacity: .72; }
.om-die-card.om-waiting { border-style: dashed; }
.om-die-text { min-width: 0; overflow-wrap: anywhere; }
.om-need { color: #aab3bd; font-size: .76rem; }
.om-result { display: inline-block; margin-left: 2px; padding: 0 6px; border-radius: 5px; font-size: .72rem; font-weight: 800; text-transform: uppercase; background: #3a444e; color: #c9d1d9; }
.om-hit .om-result { background: #6fcf7a; color: #0f2212; }
.om-miss .om-result { background: #b5574a; color: #fff1ee; }
.om-die-svg { flex: none; }
.om-die-own-0 .om-die-body { fill: #f6f1e4; stroke: #8d7a57; stroke-width: .12; } .om-die-own-0 .om-pip { fill: #1b1607; }
.om-die-own-1 .om-die-body { fill: #2b2f37; stroke: #c9c1b1; stroke-width: .12; } .om-die-own-1 .om-pip { fill: #f3ecdc; }
.om-die-q { font-size: 2.2px; font-weight: 800; text-anchor: middle; fill: #8d97a3; }
.om-unit { display: inline-block; min-width: 1.4em; margin: 1px; text-align: center; font-weight: 700; border-radius: 4px; background: #28313a; }
.om-unit-moved { opacity: .5; text-decoration: underline dotted; }
.om-log ol { margin: 4px 0 0; padding-left: 1.3em; font-size: .85rem; color: #c3cad2; max-height: 14em; overflow: auto; }
.om summary { cursor: pointer; font-weight: 600; font-size: .9rem; }
.om-legend-row { display: flex; flex-wrap: wrap; gap: 6px 14px; margin-top: 6px; font-size: .82rem; }
.om-legend-item { display: inline-flex; align-items: center; gap: 5px; }
`;
