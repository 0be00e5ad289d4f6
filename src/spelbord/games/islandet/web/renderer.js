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

import { diePips, h, injectStyle, svgEl as el } from "/static/kit.js";
import { t, tn } from "./texts.js";

const C = 40; // one square
const N = 12;
const SIDE = 3 * C; // x of the island's west edge (pads may hang up to two squares past it)
const GAP = 8;
const TOP = C + 2 * GAP; // y of the island's top edge
const BOTTOM = TOP + N * C;
const HEIGHT = BOTTOM + 2 * GAP + C + 18;
const LABELS = 26; // room for the row numbers
const COLUMNS = "abcdefghijkl";
const KINDS = ["soldier", "jeep", "tank"];
const LETTERS = ["S", "J", "T"];
const RANGES = [2, 3, 4];
const FACINGS = "NESW";
const DELTAS = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];
const NAMES = [t("side.south"), t("side.north")];
/** A unit kind ("soldier", "jeep", "tank") in the page's language. */
const kindName = (kind) => t(`kind.${kind}`);
const FACING_WORDS = () => [t("dir.north"), t("dir.east"), t("dir.south"), t("dir.west")];
const BOUND_PAD = -2;

/** Per root element: selection, the place kind, and what the last render showed. */
const memory = new WeakMap();

// ------------------------------------------------------------------ small helpers
/** A plain rectangle. */
function rect(cls, x, y, width, height, rx) {
  return el("rect", { class: cls, x, y, width, height, rx });
}

function padCount(pos, seat) {
  return (pos.pads ? pos.pads[seat] : []).filter((k) => k >= 0).length;
}

const sqName = (sq) => `${COLUMNS[sq % N]}${Math.floor(sq / N) + 1}`;
const xyOf = (sq) => [sq % N, Math.floor(sq / N)];

function parseSq(name) {
  const m = /^([a-l])(\d{1,2})$/.exec(String(name || "").toLowerCase());
  if (!m) return null;
  const y = Number(m[2]) - 1;
  return y >= 0 && y < N ? COLUMNS.indexOf(m[1]) + N * y : null;
}

/** The seat drawn at the bottom: the viewer's, or South for spectators. */
function homeSeat(view) {
  return view.seat === 1 ? 1 : 0;
}

function position(view) {
  return (view.observation && view.observation.position) || null;
}

// ------------------------------------------------------------------ geometry on screen
function makeGeometry(flip) {
  const sx = (x) => SIDE + (flip ? N - 1 - x : x) * C;
  const sy = (y) => TOP + (flip ? y : N - 1 - y) * C;
  return {
    flip,
    /** Top-left corner of island square (x, y). */
    cell: (x, y) => [sx(x), sy(y)],
    centre: (sq) => {
      const [x, y] = xyOf(sq);
      return [sx(x) + C / 2, sy(y) + C / 2];
    },
    /** Screen rotation (degrees clockwise from up) of a facing. */
    angle: (facing) => (facing * 90 + (flip ? 180 : 0)) % 360,
    /** x of a pad slot column (may lie past the island's edge). */
    column: (col) => sx(col),
    /** y of the top edge of ``seat``'s pad row. */
    padTop: (seat, home) => (seat === home ? BOTTOM + GAP : TOP - GAP - C),
  };
}

function ahead(sq, facing, distance) {
  const [x, y] = xyOf(sq);
  const nx = x + DELTAS[facing][0] * distance;
  const ny = y + DELTAS[facing][1] * distance;
  return nx >= 0 && nx < N && ny >= 0 && ny < N ? nx + N * ny : null;
}

// ------------------------------------------------------------------ history from the moves
/**
 * Blocks that went off so far: square -> live (true) or safe (false).
 *
 * The natures come from the chance moves ("live e5" / "safe e5"). A block whose nature was
 * certain (only one nature left, R23) goes off without a chance move: it is a block placed
 * in setup and gone now, and all such blocks share the one nature that was left.
 */
function revealedBlocks(view, pos) {
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
function lastRoll(view) {
  const moves = view.moves || [];
  for (let i = moves.length - 1; i >= 0; i--) {
    const m = /^roll ([0-5])$/.exec(String(moves[i].text || "").trim());
    if (m) return { pips: Number(m[1]), ply: moves[i].ply };
  }
  return null;
}

function unitMap(pos) {
  const out = new Map();
  for (const [sq, seat, kind, facing] of pos.units || []) out.set(sq, { seat, kind, facing });
  return out;
}

/** Units gone since the previous render (not moved away): drawn fading out. */
function vanished(prev, pos, view, sincePly) {
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
function groupLegal(view, ui) {
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

// ------------------------------------------------------------------ drawing pieces
/** A unit drawn pointing up at the origin (the caller rotates and places it). */
function unitBody(kind) {
  const g = el("g", { class: "isl-body" });
  if (kind === 2) {
    // tank: tracks, hull, turret, long barrel
    g.append(
      el("rect", { class: "isl-track", x: -13, y: -11, width: 5, height: 23, rx: 2 }),
      el("rect", { class: "isl-track", x: 8, y: -11, width: 5, height: 23, rx: 2 }),
      el("rect", { class: "isl-hull", x: -10, y: -10, width: 20, height: 21, rx: 3 }),
      el("rect", { class: "isl-barrel", x: -1.8, y: -17, width: 3.6, height: 13, rx: 1 }),
      el("circle", { class: "isl-hull", cx: 0, cy: 1, r: 6.5 }),
    );
  } else if (kind === 1) {
    // jeep: body with four wheels and a windscreen
    g.append(
      el("rect", { class: "isl-track", x: -11, y: -9, width: 4, height: 6, rx: 1.5 }),
      el("rect", { class: "isl-track", x: 7, y: -9, width: 4, height: 6, rx: 1.5 }),
      el("rect", { class: "isl-track", x: -11, y: 4, width: 4, height: 6, rx: 1.5 }),
      el("rect", { class: "isl-track", x: 7, y: 4, width: 4, height: 6, rx: 1.5 }),
      el("rect", { class: "isl-hull", x: -8.5, y: -12, width: 17, height: 24, rx: 5 }),
      el("rect", { class: "isl-glass", x: -6, y: -6, width: 12, height: 3.5, rx: 1 }),
    );
  } else {
    // soldier: shoulders and helmet
    g.append(
      el("ellipse", { class: "isl-hull", cx: 0, cy: 3, rx: 9.5, ry: 6 }),
      el("circle", { class: "isl-hull", cx: 0, cy: -1, r: 6 }),
    );
  }
  // the facing chevron at the front edge of the square
  g.append(el("path", { class: "isl-chevron", d: "M -7 -13.5 L 0 -19.5 L 7 -13.5 Z" }));
  return g;
}

function drawUnit(geo, sq, unit, extra = "") {
  const [cx, cy] = geo.centre(sq);
  const g = el("g", {
    class: `isl-unit isl-seat-${unit.seat} isl-kind-${unit.kind} ${extra}`,
    transform: `translate(${cx} ${cy})`,
    "data-sq": sq,
  });
  const body = unitBody(unit.kind);
  body.setAttribute("transform", `rotate(${geo.angle(unit.facing)}) scale(1.12)`);
  g.append(
    body,
    el("text", { class: "isl-letter", x: 0, y: 4 }, LETTERS[unit.kind]),
    el(
      "title",
      {},
      t("unit.label", {
        side: NAMES[unit.seat],
        kind: kindName(KINDS[unit.kind]),
        square: sqName(sq),
        facing: FACING_WORDS()[unit.facing],
        range: RANGES[unit.kind],
      }),
    ),
  );
  return g;
}

/** A pad unit: the same body, upright (forward for its owner), smaller. */
function drawPadUnit(cx, cy, seat, kind, geo) {
  const g = el("g", {
    class: `isl-unit isl-pad-unit isl-seat-${seat} isl-kind-${kind}`,
    transform: `translate(${cx} ${cy}) scale(.82)`,
  });
  const body = unitBody(kind);
  body.setAttribute("transform", `rotate(${geo.angle(seat === 0 ? 0 : 2)})`);
  g.append(body, el("text", { class: "isl-letter", x: 0, y: 4 }, LETTERS[kind]));
  return g;
}

function drawCrate(x, y, extra = "") {
  return el(
    "g",
    { class: `isl-crate ${extra}`, transform: `translate(${x} ${y})` },
    el("rect", { class: "isl-crate-side", x: 4, y: 6, width: C - 8, height: C - 9, rx: 3 }),
    el("rect", { class: "isl-crate-top", x: 4, y: 4, width: C - 8, height: C - 13, rx: 3 }),
    el("path", {
      class: "isl-crate-plank",
      d: `M 8 8 L ${C - 8} ${C - 12} M ${C - 8} 8 L 8 ${C - 12}`,
    }),
    el("text", { class: "isl-crate-q", x: C / 2, y: C / 2 + 1 }, "?"),
  );
}

/** The die: a rounded square with pips (a 0 shows its number). */
function drawDie(x, y, size, pips, extra) {
  const g = el("g", { class: `isl-die ${extra}`, transform: `translate(${x} ${y})` });
  const inner = el("g", { class: "isl-die-face" });
  inner.append(el("rect", { class: "isl-die-body", x: 0, y: 0, width: size, height: size, rx: 9 }));
  if (pips === null) {
    inner.append(el("text", { class: "isl-die-zero", x: size / 2, y: size / 2 + 7 }, "–"));
  } else if (pips === 0) {
    inner.append(el("text", { class: "isl-die-zero", x: size / 2, y: size / 2 + 8 }, "0"));
  } else {
    inner.append(...diePips(pips, size, size / 11, "isl-pip"));
  }
  g.append(inner);
  return g;
}

// ------------------------------------------------------------------ the board
function drawBoard(root, view, ui, mem) {
  const pos = position(view);
  const home = homeSeat(view);
  const geo = makeGeometry(home === 1);
  const g = groupLegal(view, ui);
  const units = unitMap(pos);
  const fx = mem.fx;
  const sel = mem.sel;

  // the drawing spans the island and whatever pad slots hang past its corners
  const xs = padXs(pos, geo, g);
  const minX = Math.min(SIDE - LABELS, Math.min(...xs) - 8);
  const maxX = Math.max(SIDE + N * C + 10, Math.max(...xs) + C + 8);
  const svg = el("svg", {
    class: "isl-svg",
    viewBox: `${minX} 0 ${maxX - minX} ${HEIGHT}`,
    role: "img",
    "aria-label": t("board.label"),
  });
  svg.append(rect("isl-sea", minX, 0, maxX - minX, HEIGHT, 14));

  // island squares (home rows tinted)
  const squares = el("g", { class: "isl-squares" });
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      const [px, py] = geo.cell(x, y);
      const homeRow = y <= 1 ? "isl-home-0" : y >= N - 2 ? "isl-home-1" : "";
      squares.append(
        el("rect", {
          class: `isl-sq ${(x + y) % 2 ? "isl-sq-b" : "isl-sq-a"} ${homeRow}`,
          x: px,
          y: py,
          width: C,
          height: C,
        }),
      );
    }
  }
  svg.append(rect("isl-shore", SIDE - 4, TOP - 4, N * C + 8, N * C + 8, 8));
  svg.append(squares);

  // coordinates
  const labels = el("g", { class: "isl-coord" });
  for (let i = 0; i < N; i++) {
    const [px] = geo.cell(i, 0);
    labels.append(el("text", { x: px + C / 2, y: BOTTOM + GAP + C + 16 }, COLUMNS[i]));
    const [, py] = geo.cell(0, i);
    const row = String(i + 1);
    labels.append(el("text", { x: SIDE - 10, y: py + C / 2 + 4, "text-anchor": "end" }, row));
  }
  svg.append(labels);

  // last move: its path and squares
  const marks = el("g", { class: "isl-marks" });
  const last = view.last;
  if (last) {
    for (const name of [...(last.path || []), last.from, last.to]) {
      const sq = parseSq(name);
      if (sq === null) continue;
      const [px, py] = geo.cell(...xyOf(sq));
      marks.append(rect("isl-last", px + 1, py + 1, C - 2, C - 2, 4));
    }
    if (last.kind === "shoot" && last.from && last.to) {
      const [x1, y1] = geo.centre(parseSq(last.from));
      const [x2, y2] = geo.centre(parseSq(last.to));
      marks.append(el("line", { class: "isl-tracer", x1, y1, x2, y2 }));
    }
  }
  svg.append(marks);

  // revealed blocks: craters (live) and outlines (safe)
  const revealed = revealedBlocks(view, pos);
  const blocks = new Set(pos.blocks || []);
  const blockLayer = el("g", { class: "isl-blocks" });
  for (const [sq, live] of revealed) {
    if (blocks.has(sq)) continue;
    const [px, py] = geo.cell(...xyOf(sq));
    const fresh = fx.reveals.has(sq) ? lag(fx.reveals.get(sq)) : null;
    if (live) {
      blockLayer.append(
        el(
          "g",
          { class: "isl-crater", transform: `translate(${px + C / 2} ${py + C / 2})` },
          el("circle", { r: C * 0.42 }),
          el("text", { y: 5 }, "☠"),
          el("title", {}, t("block.live", { square: sqName(sq) })),
        ),
      );
      if (fresh) {
        blockLayer.append(
          el("rect", {
            class: "isl-blast-area",
            x: px - C,
            y: py - C,
            width: 3 * C,
            height: 3 * C,
            rx: 6,
            style: fresh,
          }),
          el("circle", {
            class: "isl-blast",
            cx: px + C / 2,
            cy: py + C / 2,
            r: C * 1.5,
            style: fresh,
          }),
        );
      }
    } else {
      blockLayer.append(
        el(
          "g",
          { class: "isl-safe-mark" },
          el("rect", { x: px + 6, y: py + 6, width: C - 12, height: C - 12, rx: 4 }),
          el("title", {}, t("block.safe", { square: sqName(sq) })),
        ),
      );
      if (fresh) {
        // the CSS animation scales the inner group; the outer one keeps the position
        const crate = drawCrate(0, 0);
        crate.removeAttribute("transform");
        const inner = el("g", { class: "isl-crate-vanish", style: fresh }, crate);
        blockLayer.append(el("g", { transform: `translate(${px} ${py})` }, inner));
      }
    }
  }
  for (const sq of blocks) {
    const [px, py] = geo.cell(...xyOf(sq));
    const entry = [...g.enter.values()].some((a) => a.onto_block && parseSq(a.to) === sq);
    const crate = drawCrate(px, py, g.shootAt.has(sq) ? "isl-crate-target" : "");
    const title = t("block.unknown", { square: sqName(sq) });
    crate.append(el("title", {}, entry ? `${title}: ${t("block.entry")}` : title));
    blockLayer.append(crate);
  }
  svg.append(blockLayer);

  // pads
  svg.append(drawPads(pos, geo, home, g));

  // legal-square highlights under the units
  const hints = el("g", { class: "isl-hints" });
  const spot = (sq, cls) => {
    const [px, py] = geo.cell(...xyOf(sq));
    hints.append(rect(cls, px + 3, py + 3, C - 6, C - 6, 6));
  };
  for (const sq of g.block.keys()) spot(sq, "isl-can isl-can-block");
  for (const sq of g.place.keys()) if (g.place.get(sq).has(mem.kind)) spot(sq, "isl-can");
  const actors = new Set([...g.move.keys(), ...g.turn.keys()]);
  for (const sq of actors) spot(sq, sq === sel ? "isl-sel" : "isl-actor");
  for (const sq of g.remove.keys()) {
    spot(sq, sq === sel ? "isl-sel isl-sel-remove" : "isl-removable");
  }
  for (const a of g.enter.values()) if (a.onto_block) spot(parseSq(a.to), "isl-can isl-can-entry");
  if (sel !== null && !actors.has(sel) && !g.remove.has(sel)) spot(sel, "isl-sel isl-sel-info");
  svg.append(hints);

  // units (and those just lost, fading)
  const unitLayer = el("g", { class: "isl-units" });
  for (const [sq, ghost] of fx.ghosts) {
    const drawn = drawUnit(geo, sq, ghost.unit, "isl-ghost");
    drawn.setAttribute("style", lag(ghost.t));
    unitLayer.append(drawn);
  }
  for (const [sq, unit] of units) {
    const cls = [];
    if (g.shootFrom.has(sq)) cls.push("isl-shooter");
    if (g.shootAt.has(sq)) cls.push("isl-targeted");
    if (pos.bound === sq && unit.seat === pos.to_move) cls.push("isl-bound");
    if (pos.pending === sq) cls.push("isl-pending");
    unitLayer.append(drawUnit(geo, sq, unit, cls.join(" ")));
  }
  svg.append(unitLayer);

  // ranges: every unit's exact-range square, shown on hover and for the selected unit
  const rangeLayer = el("g", { class: "isl-ranges" });
  for (const [sq, unit] of units) {
    rangeLayer.append(drawRange(geo, sq, unit, blocks, units, sq === sel));
  }
  svg.append(rangeLayer);

  // targets and crossfire for the side to shoot
  const targetLayer = el("g", { class: "isl-targets" });
  for (const sq of g.crossfire) {
    const [cx, cy] = geo.centre(sq);
    targetLayer.append(el("circle", { class: "isl-crossfire", cx, cy, r: C * 0.36 }));
  }
  for (const sq of g.crossfireIfLive) {
    if (g.crossfire.has(sq)) continue;
    const [cx, cy] = geo.centre(sq);
    const ring = el("circle", { class: "isl-crossfire-if-live", cx, cy, r: C * 0.36 });
    ring.append(el("title", {}, t("block.crossfire")));
    targetLayer.append(ring);
  }
  for (const [sq, actions] of g.shootAt) {
    const [cx, cy] = geo.centre(sq);
    const picked = sel !== null && actions.some((a) => parseSq(a.from) === sel);
    const one = actions.length === 1 ? actions[0] : actions.find((a) => parseSq(a.from) === sel);
    targetLayer.append(
      el(
        "g",
        {
          class: `isl-target ${picked ? "isl-target-picked" : ""}`,
          "data-sq": sq,
          "data-action": one ? one.action : null,
        },
        el("circle", { cx, cy, r: C * 0.46 }),
        el("path", {
          d:
            `M ${cx - C / 2 + 2} ${cy} h 8 M ${cx + C / 2 - 2} ${cy} h -8 ` +
            `M ${cx} ${cy - C / 2 + 2} v 8 M ${cx} ${cy + C / 2 - 2} v -8`,
        }),
        el("title", {}, actions.map((a) => a.text).join(", ")),
      ),
    );
  }
  svg.append(targetLayer);

  // destinations of the selected unit
  svg.append(drawChoices(geo, g, sel));

  // click targets for every square (delegated handler below); the squares where something
  // can be done are keyboard stops too (Tab, then Enter or Space), named for screen readers
  const hits = el("g", { class: "isl-hits" });
  const mine = (sq) => g.move.has(sq) || g.shootFrom.has(sq) || g.turn.has(sq);
  for (let sq = 0; sq < N * N; sq++) {
    const [px, py] = geo.cell(...xyOf(sq));
    const can =
      !ui.replay &&
      (g.block.has(sq) || g.place.has(sq) || g.remove.has(sq) || g.shootAt.has(sq) || mine(sq));
    const unit = units.get(sq);
    const what = unit ? `${NAMES[unit.seat] || ""} ${unit.kind ? kindName(unit.kind) : t("unit")}`.trim() : t("empty");
    hits.append(
      el("rect", {
        class: "isl-hit",
        x: px,
        y: py,
        width: C,
        height: C,
        "data-sq": sq,
        tabindex: can ? "0" : null,
        role: can ? "button" : null,
        "aria-label": can ? `${sqName(sq)}: ${what}${sel === sq ? t("picked") : ""}` : null,
      }),
    );
  }
  svg.insertBefore(hits, unitLayer);
  for (const choice of svg.querySelectorAll(".isl-choices [data-action]")) {
    choice.setAttribute("tabindex", "0");
    choice.setAttribute("role", "button");
    choice.setAttribute("aria-label", choice.getAttribute("data-text") || "choose");
  }

  wireBoard(svg, root, view, ui, mem, g, units);
  return svg;
}

function drawRange(geo, sq, unit, blocks, units, on) {
  const g = el("g", { class: `isl-range ${on ? "isl-on" : ""}`, "data-for": sq });
  const reach = RANGES[unit.kind];
  const target = ahead(sq, unit.facing, reach);
  const [x1, y1] = geo.centre(sq);
  if (target === null) {
    // out of the island: the line runs to the edge
    let far = sq;
    for (let d = 1; d < reach; d++) far = ahead(sq, unit.facing, d) ?? far;
    const [x2, y2] = geo.centre(far);
    g.append(el("line", { class: "isl-range-line isl-range-off", x1, y1, x2, y2 }));
    return g;
  }
  let blocked = false;
  for (let d = 1; d < reach; d++) if (blocks.has(ahead(sq, unit.facing, d))) blocked = true;
  const [x2, y2] = geo.centre(target);
  const other = units.get(target);
  const live = !blocked && (blocks.has(target) || (other && other.seat !== unit.seat));
  g.append(
    el("line", { class: `isl-range-line ${blocked ? "isl-range-off" : ""}`, x1, y1, x2, y2 }),
    el("rect", {
      class: `isl-range-sq ${live ? "isl-range-hit" : ""} ${blocked ? "isl-range-off" : ""}`,
      x: x2 - C / 2 + 2,
      y: y2 - C / 2 + 2,
      width: C - 4,
      height: C - 4,
      rx: 5,
    }),
  );
  return g;
}

/** Screen x of every pad slot (both pads, and where the pad may move with this roll). */
function padXs(pos, geo, g) {
  const cols = [];
  for (const centre of pos.centres || []) for (let i = -2; i <= 2; i++) cols.push(centre + i);
  for (const a of g.padshift) cols.push(...(a.pad_columns || []));
  return cols.length ? cols.map((c) => geo.column(c)) : [SIDE];
}

function drawChoices(geo, g, sel) {
  const layer = el("g", { class: "isl-choices" });
  if (sel !== null && sel !== undefined && g.move.has(sel)) {
    for (const a of g.move.get(sel)) {
      const dest = parseSq(a.to);
      if (dest === null) continue;
      const [px, py] = geo.cell(...xyOf(dest));
      const turnTo = a.text.endsWith("L") ? "L" : a.text.endsWith("R") ? "R" : "";
      const facing = FACINGS.indexOf(a.facing);
      const choice = el("g", { class: "isl-dest", "data-action": a.action, "data-text": a.text });
      if (!turnTo) {
        choice.append(el("rect", { x: px + 2, y: py + 2, width: C - 4, height: C - 4, rx: 6 }));
        choice.append(
          el("circle", { class: "isl-dest-dot", cx: px + C / 2, cy: py + C / 2, r: 5 }),
        );
      } else {
        // the half of the square towards the new facing, with an arrow showing it
        const angle = geo.angle(facing);
        const half = {
          0: [px + 2, py + 2, C - 4, C / 2 - 2],
          90: [px + C / 2, py + 2, C / 2 - 2, C - 4],
          180: [px + 2, py + C / 2, C - 4, C / 2 - 2],
          270: [px + 2, py + 2, C / 2 - 2, C - 4],
        }[angle];
        const [hx, hy, hw, hh] = half;
        choice.append(el("rect", { x: hx, y: hy, width: hw, height: hh, rx: 5 }));
        choice.append(
          el("path", {
            class: "isl-dest-arrow",
            d: "M 0 -7 L 6 1 L 2 1 L 2 6 L -2 6 L -2 1 L -6 1 Z",
            transform: `translate(${hx + hw / 2} ${hy + hh / 2}) rotate(${angle})`,
          }),
        );
      }
      choice.append(el("title", {}, a.text));
      layer.append(choice);
    }
  }
  return layer;
}

function drawPads(pos, geo, home, g) {
  const layer = el("g", { class: "isl-pads" });
  if (!pos.pads || !pos.centres) return layer;
  for (const seat of [0, 1]) {
    const top = geo.padTop(seat, home);
    const centre = pos.centres[seat];
    const cols = [0, 1, 2, 3, 4].map((slot) => centre - 2 + slot);
    const xs = cols.map((c) => geo.column(c));
    const left = Math.min(...xs);
    const bound = pos.bound === BOUND_PAD && pos.to_move === seat ? "isl-pad-bound" : "";
    const pad = el("g", { class: `isl-pad isl-seat-${seat} ${bound}` });
    pad.append(rect("isl-pad-deck", left - 3, top - 3, 5 * C + 6, C + 6, 8));
    for (let slot = 0; slot < 5; slot++) {
      const x = xs[slot];
      const kind = pos.pads[seat][slot];
      const off = cols[slot] < 0 || cols[slot] >= N;
      const enter = seat === pos.to_move ? g.enter.get(slot) : undefined;
      const removal = seat === pos.to_move ? g.removepad.get(slot) : undefined;
      const action = enter || removal;
      const cls = ["isl-slot"];
      if (slot === 2) cls.push("isl-slot-centre");
      if (off) cls.push("isl-slot-off");
      if (enter) cls.push("isl-slot-enter");
      if (removal) cls.push("isl-slot-remove");
      const slotG = el("g", { class: cls.join(" "), "data-action": action ? action.action : null });
      slotG.append(el("rect", { x: x + 2, y: top + 2, width: C - 4, height: C - 4, rx: 5 }));
      if (slot === 2) {
        const missile = { class: "isl-missile", cx: x + C / 2, cy: top + C / 2, r: C * 0.4 };
        slotG.append(el("circle", missile));
      }
      if (kind >= 0) slotG.append(drawPadUnit(x + C / 2, top + C / 2, seat, kind, geo));
      slotG.append(
        el(
          "title",
          {},
          t(slot === 2 ? "pad.slot_centre" : "pad.slot", { side: NAMES[seat], n: slot + 1 }) +
            `: ${kind >= 0 ? kindName(KINDS[kind]) : t("empty")}${off ? t("pad.off_edge") : ""}` +
            `${action ? ` — ${action.text}` : ""}`,
        ),
      );
      pad.append(slotG);
    }
    layer.append(pad);
  }
  // where the pad may go with this roll
  for (const a of g.padshift) {
    const columns = a.pad_columns || [];
    if (!columns.length) continue;
    const top = geo.padTop(pos.to_move, home);
    const xs = columns.map((c) => geo.column(c));
    const left = Math.min(...xs);
    layer.append(
      el(
        "g",
        { class: "isl-pad-ghost", "data-action": a.action },
        el("rect", { x: left - 3, y: top - 3, width: 5 * C + 6, height: C + 6, rx: 8 }),
        el(
          "text",
          { x: left + 2.5 * C, y: top + C / 2 + 5 },
          a.side === "W" ? t("pad.west_short") : t("pad.east_short"),
        ),
        el("title", {}, a.text),
      ),
    );
  }
  return layer;
}

/** A player's line above or below the island: name, units, losses, points. */
function drawPanel(view, pos, seat) {
  const active = !view.result && view.to_move === seat;
  const island = (pos.units || []).filter((u) => u[1] === seat).length;
  const pad = (pos.pads ? pos.pads[seat] : []).filter((k) => k >= 0).length;
  const stock = (pos.stock ? pos.stock[seat] : []).reduce((a, b) => a + b, 0);
  const points = view.observation.points ? view.observation.points[seat] : 0;
  const lost = pos.lost ? pos.lost[seat] : 0;
  const stats = [t("stat.island", { n: island }), t("stat.pad", { n: pad })];
  if (stock) stats.push(t("stat.stock", { n: stock }));
  stats.push(t("stat.lost", { n: lost }), t("stat.points", { n: points }));
  return h(
    "div",
    { class: `isl-panel isl-seat-${seat} ${active ? "isl-panel-active" : ""}` },
    h("i", { class: "isl-chip" }),
    h("b", { class: "isl-name" }, NAMES[seat], view.seat === seat ? t("you_suffix") : ""),
    active ? h("span", { class: "isl-to-move" }, t("to_move")) : null,
    h("span", { class: "isl-stats" }, stats.join(" · ")),
  );
}

/** The die (the roll of this turn, or the last roll, dimmed) and the blocks still unknown. */
function drawDieArea(view, pos, fx) {
  const inTurn = ["zero", "shoot1", "move", "shoot2", "reveal", "remove"].includes(pos.phase);
  const last = lastRoll(view);
  const pips = inTurn ? pos.roll : last ? last.pips : null;
  const rolled = fx.roll !== null;
  const extra = `${inTurn ? "" : "isl-die-old"} ${rolled ? "isl-die-rolled" : ""}`;
  const die = drawDie(2, 2, 52, pips, extra);
  if (rolled) die.firstChild.setAttribute("style", lag(fx.roll));
  const zeros = inTurn && pos.zeros > 0 ? ` · ${t("die.zeros", { n: pos.zeros })}` : "";
  const live = pos.live_left ?? 0;
  const safe = pos.safe_left ?? 0;
  return h(
    "div",
    { class: "isl-dice" },
    el(
      "svg",
      {
        class: "isl-die-svg",
        viewBox: "0 0 56 56",
        role: "img",
        "aria-label": pips === null || pips === undefined ? t("die.not_rolled") : t("die.label", { n: pips }),
      },
      die,
    ),
    h(
      "span",
      { class: "isl-die-text" },
      h("b", {}, inTurn ? t("die.now", { n: pips }) : last ? t("die.last", { n: last.pips }) : t("die.none")),
      zeros,
    ),
    h(
      "span",
      { class: "isl-unknown", title: t("blocks.title") },
      t("blocks.unknown"),
      h("b", { class: "isl-live-count" }, `☠ ${t("blocks.live", { n: live })}`),
      " · ",
      h("b", {}, t("blocks.safe", { n: safe })),
    ),
  );
}

// ------------------------------------------------------------------ input
function wireBoard(svg, root, view, ui, mem, g, units) {
  const redraw = () => draw(root, view, ui, mem);
  svg.addEventListener("click", (event) => {
    const hot = event.target.closest("[data-action]");
    if (hot && hot.getAttribute("data-action") !== null) {
      const id = Number(hot.getAttribute("data-action"));
      const action = g.all.find((a) => a.action === id);
      if (action) {
        mem.sel = null;
        ui.act(action);
        return;
      }
    }
    const cell = event.target.closest("[data-sq]");
    if (!cell) return;
    const sq = Number(cell.getAttribute("data-sq"));
    if (g.block.has(sq)) return ui.act(g.block.get(sq));
    if (g.place.has(sq)) {
      const byKind = g.place.get(sq);
      return ui.act(byKind.get(mem.kind) || byKind.values().next().value);
    }
    if (g.remove.has(sq)) {
      if (mem.sel === sq) return ui.act(g.remove.get(sq));
      mem.sel = sq;
      return redraw();
    }
    if (g.shootAt.has(sq) && !g.shootFrom.has(sq)) {
      const actions = g.shootAt.get(sq);
      const chosen =
        actions.length === 1 ? actions[0] : actions.find((a) => parseSq(a.from) === mem.sel);
      if (chosen) return ui.act(chosen);
      if (ui.notify) ui.notify(t("notify.several"));
      return;
    }
    if (units.has(sq)) {
      mem.sel = mem.sel === sq ? null : sq;
      return redraw();
    }
    if (mem.sel !== null) {
      mem.sel = null;
      redraw();
    }
  });
  // keyboard: Enter or Space on a focused square or choice does what a tap does
  svg.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const node = event.target.closest ? event.target.closest("[tabindex]") : null;
    if (!node) return;
    event.preventDefault();
    node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
  // Escape (static/keyboard.js): drop the picked unit or block.
  svg.addEventListener("board-cancel", () => {
    if (mem.sel === null || mem.sel === undefined) return;
    mem.sel = null;
    redraw();
  });
  // hover: show the range of the unit under the pointer
  const rangeOf = (sq) => svg.querySelector(`.isl-range[data-for="${sq}"]`);
  svg.addEventListener("pointerover", (event) => {
    if (event.pointerType === "touch") return;
    const cell = event.target.closest("[data-sq]");
    if (!cell) return;
    const range = rangeOf(cell.getAttribute("data-sq"));
    if (range) range.classList.add("isl-hover");
  });
  svg.addEventListener("pointerout", (event) => {
    const cell = event.target.closest("[data-sq]");
    if (!cell) return;
    const range = rangeOf(cell.getAttribute("data-sq"));
    if (range) range.classList.remove("isl-hover");
  });
}

// ------------------------------------------------------------------ the decision bar
function button(label, action, ui, mem, cls = "") {
  return h(
    "button",
    {
      type: "button",
      class: `btn btn-small ${cls}`,
      title: action.text,
      "data-text": action.text,
      onclick: () => {
        mem.sel = null;
        ui.act(action);
      },
    },
    label,
  );
}

const ARROW = ["↑", "→", "↓", "←"];

function facingLabel(letter, flip) {
  const f = FACINGS.indexOf(letter);
  return `${ARROW[(f + (flip ? 2 : 0)) % 4]} ${FACING_WORDS()[f]}`;
}

function prompt(view, pos, g, mem, ui) {
  const names = NAMES;
  if (view.result || ui.replay) return "";
  if (!view.your_turn) {
    if (view.to_move === -1) {
      if (pos.phase === "first") return t("prompt.roll_off");
      if (pos.phase === "reveal") return t("prompt.reveal");
      return t("prompt.rolls", { name: names[pos.to_move] });
    }
    const who = view.to_move >= 0 ? names[view.to_move] : t("nobody");
    const watching = view.seat === null || view.seat === undefined;
    if (!watching && view.seat === pos.to_move && offersDecline(view)) {
      // rules 1A/1B (version 3): the opponent decides whether to take one of our units
      if (pos.phase === "remove") return t("prompt.remove_wait", { name: who });
      if (pos.phase === "removepad") return t("prompt.removepad_wait", { name: who });
    }
    return watching ? t("prompt.to_play", { name: who }) : t("prompt.waiting_for", { name: who });
  }
  const roll = pos.roll;
  switch (pos.phase) {
    case "block":
      return t("prompt.block");
    case "place":
      return t("prompt.place");
    case "face":
      return t("prompt.face", { square: sqName(pos.pending) });
    case "padkind":
      return t("prompt.padkind", { n: padCount(pos, pos.to_move) + 1 });
    case "enter":
      return enterBlock(g) ? `${t("prompt.enter")} ${t("prompt.enter_block")}` : t("prompt.enter");
    case "zero":
      return enterBlock(g) ? `${t("prompt.zero")} ${t("prompt.enter_block")}` : t("prompt.zero");
    case "shoot1":
      return t("prompt.shoot1", { n: roll });
    case "shoot2":
      return boundMoveLost(pos)
        ? `${t("prompt.bound_lost", { square: sqName(pos.bound) })} ${t("prompt.shoot2")}`
        : t("prompt.shoot2");
    case "move":
      if (g.padshift.length) return tn("prompt.padshift", roll);
      return mem.sel !== null && g.move.has(mem.sel)
        ? t("prompt.move_unit", { square: sqName(mem.sel), n: roll, less: roll - 1 })
        : t("prompt.move", { n: roll });
    case "remove":
      return g.decline
        ? t("prompt.remove_choice", { name: names[pos.to_move] })
        : t("prompt.remove", { name: names[pos.to_move] });
    case "removepad":
      return g.decline
        ? t("prompt.removepad_choice", { name: names[pos.to_move] })
        : t("prompt.removepad", { name: names[pos.to_move] });
    default:
      return t("prompt.your_move");
  }
}

/** Whether a reinforcement may come on onto a block now (R10, version 3). */
function enterBlock(g) {
  return [...g.enter.values()].some((a) => a.onto_block);
}

/** Whether this table's rules let the opponent decline the free removal (version 3 on). */
function offersDecline(view) {
  return view.rules_version === undefined || view.rules_version === null || view.rules_version >= 3;
}

/**
 * R8 (version 3): the unit rule 2A binds stands where it stood and the move step is over:
 * it could not use the roll while another unit could, so its move was lost.
 */
function boundMoveLost(pos) {
  if (pos.phase !== "shoot2" || !(pos.bound >= 0)) return false;
  const unit = unitMap(pos).get(pos.bound);
  return Boolean(unit) && unit.seat === pos.to_move;
}

function drawBar(view, pos, ui, mem, g) {
  const bar = h("div", {
    class: `isl-bar ${view.your_turn && !ui.replay ? "isl-bar-turn" : ""}`,
    "data-decision": "bar",
  });
  const text = prompt(view, pos, g, mem, ui);
  if (text) bar.append(h("p", { class: "isl-prompt" }, text));
  const buttons = h("div", { class: "isl-buttons" });
  const flip = homeSeat(view) === 1;
  if (g.place.size) {
    const kinds = new Set();
    for (const byKind of g.place.values()) for (const k of byKind.keys()) kinds.add(k);
    const stock = pos.stock ? pos.stock[pos.to_move] : [0, 0, 0];
    for (const kind of KINDS) {
      if (!kinds.has(kind)) continue;
      const n = stock[KINDS.indexOf(kind)];
      buttons.append(
        h(
          "button",
          {
            type: "button",
            class: `btn btn-small isl-kind-pick ${mem.kind === kind ? "btn-primary" : ""}`,
            "aria-pressed": mem.kind === kind ? "true" : "false",
            onclick: () => {
              mem.kind = kind;
              draw(mem.root, view, ui, mem);
            },
          },
          t("btn.kind_left", { kind: kindName(kind), n }),
        ),
      );
    }
  }
  for (const a of g.face) buttons.append(button(facingLabel(a.facing, flip), a, ui, mem));
  for (const a of g.padkind) {
    const k = KINDS.indexOf(a.unit.kind);
    const n = pos.stock ? pos.stock[pos.to_move][k] : "";
    buttons.append(button(t("btn.kind_left", { kind: kindName(a.unit.kind), n }), a, ui, mem));
  }
  for (const [slot, a] of [...g.enter].sort((p, q) => p[0] - q[0])) {
    const kind = a.unit ? kindName(a.unit.kind) : t("unit");
    const label = a.onto_block
      ? t("btn.bring_on_block", { kind, n: slot + 1, square: a.to })
      : t("btn.bring_on", { kind, n: slot + 1 });
    buttons.append(button(label, a, ui, mem, a.onto_block ? "isl-onto-block" : ""));
  }
  if (g.padmove) buttons.append(button(t("btn.move_pad"), g.padmove, ui, mem));
  for (const a of g.padshift) {
    buttons.append(button(a.side === "W" ? t("btn.pad_west") : t("btn.pad_east"), a, ui, mem));
  }
  const sel = mem.sel;
  if (sel !== null && sel !== undefined) {
    for (const a of g.turn.get(sel) || []) {
      const key = a.text.endsWith("L") ? "btn.turn_left" : "btn.turn_right";
      buttons.append(button(t(key, { square: sqName(sel) }), a, ui, mem));
    }
    const fire = g.shootFrom.get(sel);
    if (fire) buttons.append(button(t("btn.fire", { move: fire.text }), fire, ui, mem, "isl-fire"));
    for (const a of g.move.get(sel) || []) buttons.append(button(a.text, a, ui, mem));
    const removal = g.remove.get(sel);
    if (removal) {
      buttons.append(button(t("btn.remove", { square: sqName(sel) }), removal, ui, mem, "btn-danger"));
    }
  }
  for (const [slot, a] of [...g.removepad].sort((p, q) => p[0] - q[0])) {
    const kind = a.unit ? kindName(a.unit.kind) : t("unit");
    const label = t("btn.remove_pad", { kind, n: slot + 1 });
    buttons.append(button(label, a, ui, mem, "btn-danger"));
  }
  if (g.decline) buttons.append(button(t("btn.decline"), g.decline, ui, mem, "isl-decline"));
  if (g.done) {
    const labels = { shoot1: t("btn.done_shoot1"), shoot2: t("btn.done_shoot2") };
    const label = labels[pos.phase] || t("btn.done");
    buttons.append(button(label, g.done, ui, mem, "btn-primary"));
  }
  if (buttons.childElementCount) bar.append(buttons);
  if (view.result) {
    bar.append(h("p", { class: "isl-prompt isl-result" }, resultText(view, pos)));
  }
  return bar.childElementCount ? bar : null;
}

function resultText(view, pos) {
  const how = {
    elimination: t("result.elimination"),
    quick: t("result.quick"),
    points: t("result.points"),
    "turn-limit": t("result.turn_limit"),
  };
  const points = view.observation.points;
  const pts = points ? ` ${t("result.score", { a: points[0], b: points[1] })}` : "";
  if (pos.phase !== "over") return `${t("result.over", { why: view.result.termination })}${pts}`;
  const who = pos.winner < 0 ? t("result.draw") : t("result.wins", { name: NAMES[pos.winner] });
  return `${who} ${how[pos.result] || ""}.${pts}`;
}

// ------------------------------------------------------------------ effects
// Animations start when a view shows something new and keep running across the quick
// views that follow (an AI's turn): each redraw resumes them with a negative delay.
const LASTS = { reveal: 2300, ghost: 1700, roll: 700 };

function noEffects() {
  return { reveals: new Map(), ghosts: new Map(), roll: null };
}

function pruneEffects(fx, now) {
  for (const [sq, t] of fx.reveals) if (now - t > LASTS.reveal) fx.reveals.delete(sq);
  for (const [sq, ghost] of fx.ghosts) if (now - ghost.t > LASTS.ghost) fx.ghosts.delete(sq);
  if (fx.roll !== null && now - fx.roll > LASTS.roll) fx.roll = null;
}

/** Style resuming an animation started at ``t`` (performance.now() time). */
function lag(t) {
  return `animation-delay: -${Math.max(0, Math.round(performance.now() - t))}ms`;
}

// ------------------------------------------------------------------ entry points
function draw(root, view, ui, mem) {
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
    drawBoard(root, view, ui, mem),
    drawPanel(view, pos, home),
    drawDieArea(view, pos, mem.fx),
  );
  const bar = drawBar(view, pos, ui, mem, g);
  if (bar) wrap.append(bar);
  root.replaceChildren(wrap);
  root.classList.add("isl-root");
}

/** Draw VIEW into ``root``; ``ui.act`` plays an action dict, ``ui.replay`` disables input. */
export function render(root, view, ui) {
  injectStyle("islandet-style", STYLE);
  const pos = position(view);
  if (!pos) {
    root.replaceChildren(h("p", { class: "muted" }, t("no_position")));
    return;
  }
  let mem = memory.get(root);
  if (!mem) {
    mem = { root, sel: null, kind: "soldier", ply: null, table: null, seat: null, pos: null };
    memory.set(root, mem);
  }
  const same = mem.table === view.table && mem.seat === view.seat;
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

// ------------------------------------------------------------------ style
const STYLE = `
.isl-root { display: block !important; }
.isl { width: 100%; display: grid; gap: 8px; }
.isl-svg { width: 100%; height: auto; display: block; max-height: calc(100vh - 285px);
  filter: drop-shadow(0 12px 24px rgba(0,0,0,.4)); touch-action: manipulation; }
@media (max-width: 900px) { .isl-svg { max-height: none; } }
@media (min-width: 901px) {
  .isl { max-width: max(600px, calc((100vh - 285px) * 0.9)); margin: 0 auto; }
}
.isl-svg text { font-family: system-ui, sans-serif; }
.isl-sea { fill: #16384b; }
.isl-shore { fill: #c8b27a; }
.isl-sq-a { fill: #6e8f52; } .isl-sq-b { fill: #67874c; }
.isl-sq.isl-home-0, .isl-sq.isl-home-1 { filter: brightness(.9); }
.isl-coord text { font-size: 11px; fill: #9fb4c2; text-anchor: middle; font-weight: 600; }
.isl-hit { fill: transparent; cursor: pointer; }
.isl-hit:focus-visible, .isl-choices [tabindex]:focus-visible { outline: none; stroke: #7fd1ff; stroke-width: 3; }
.isl-last { fill: rgba(230,180,80,.28); stroke: rgba(241,195,90,.7); stroke-width: 1.5;
 pointer-events: none; }
.isl-tracer { stroke: #ffb347; stroke-width: 3; stroke-dasharray: 6 4; stroke-linecap: round;
  pointer-events: none; animation: isl-tracer 1.2s ease-out both; }
@keyframes isl-tracer { from { opacity: 1; stroke-width: 5; } to { opacity: .45;
 stroke-width: 2.5; } }
.isl-crate { pointer-events: none; }
.isl-crate-side { fill: #5c4327; }
.isl-crate-top { fill: #9a7448; stroke: #3f2d19; stroke-width: 1.2; }
.isl-crate-plank { stroke: rgba(63,45,25,.55); stroke-width: 2; }
.isl-crate-q { font-size: 15px; font-weight: 900; fill: #f4e3bf; text-anchor: middle;
  paint-order: stroke; stroke: #3f2d19; stroke-width: 3px; }
.isl-crate-target .isl-crate-top { stroke: #ff5a4a; stroke-width: 2.5; }
.isl-crate-vanish { transform-box: fill-box; transform-origin: center;
  animation: isl-vanish 1.1s ease-in forwards; }
@keyframes isl-vanish { 0% { opacity: 1; transform: scale(1); } 60% { opacity: .8;
 transform: scale(1.1); }
  100% { opacity: 0; transform: scale(.2); } }
.isl-crater circle { fill: #2a1c16; stroke: #7a2b20; stroke-width: 2; opacity: .85; }
.isl-crater text { font-size: 17px; fill: #e9d9c7; text-anchor: middle; opacity: .9; }
.isl-crater { pointer-events: none; }
.isl-safe-mark rect { fill: none; stroke: rgba(240,240,220,.45); stroke-width: 1.5;
 stroke-dasharray: 3 3; }
.isl-safe-mark { pointer-events: none; }
.isl-blast { fill: #ffb347; pointer-events: none; transform-box: fill-box; transform-origin: center;
  animation: isl-blast 1.3s ease-out forwards; }
@keyframes isl-blast { 0% { opacity: .95; transform: scale(.15); fill: #fff1b8; }
  40% { opacity: .8; fill: #ff7a2f; } 100% { opacity: 0; transform: scale(1.15); fill: #b3261e; } }
.isl-blast-area { fill: rgba(224,80,60,.0); stroke: #ff6a4d; stroke-width: 2; pointer-events: none;
  animation: isl-area 2.2s ease-out forwards; }
@keyframes isl-area { 0% { fill: rgba(224,80,60,.55); opacity: 1;
 } 100% { fill: rgba(224,80,60,0); opacity: 0; } }
.isl-unit { pointer-events: none; }
.isl-seat-0 .isl-hull { fill: #f3ecdc; stroke: #5b4c30; stroke-width: 1.3; }
.isl-seat-1 .isl-hull { fill: #1e2127; stroke: #0a0b0d; stroke-width: 1.3; }
.isl-seat-0 .isl-track { fill: #7d6a45; } .isl-seat-1 .isl-track { fill: #0f1114; }
.isl-seat-0 .isl-barrel { fill: #5b4c30; } .isl-seat-1 .isl-barrel { fill: #0f1114; }
.isl-glass { fill: #7fb4d6; }
.isl-seat-0 .isl-chevron { fill: #e6b450; stroke: #5b3d0a; stroke-width: 1; }
.isl-seat-1 .isl-chevron { fill: #ff7f6a; stroke: #5a1208; stroke-width: 1; }
.isl-letter { font-size: 10.5px; font-weight: 900; text-anchor: middle; pointer-events: none; }
.isl-seat-0 .isl-letter { fill: #3a2f1b; } .isl-seat-1 .isl-letter { fill: #f3ecdc; }
.isl-kind-2 .isl-letter { font-size: 9.5px; }
.isl-ghost { animation: isl-ghost 1.6s ease-in forwards; }
@keyframes isl-ghost { 0% { opacity: 1; } 30% { opacity: .9; filter: drop-shadow(0 0 6px #ff5a3c); }
  100% { opacity: 0; } }
.isl-bound .isl-hull { stroke: #7fd1ff; stroke-width: 2.4; }
.isl-pending .isl-hull { stroke: #ffd36e; stroke-width: 2.4; }
.isl-shooter .isl-chevron { stroke: #ff5a4a; stroke-width: 2; }
.isl-actor { fill: rgba(241,195,90,.16); stroke: #f1c35a; stroke-width: 2; stroke-dasharray: 5 3;
 pointer-events: none; }
.isl-sel { fill: rgba(255,211,110,.32); stroke: #ffd36e; stroke-width: 3; pointer-events: none; }
.isl-sel-info { fill: rgba(127,209,255,.15); stroke: #7fd1ff; stroke-width: 2; }
.isl-removable { fill: rgba(224,112,92,.18); stroke: #e0705c; stroke-width: 2;
 stroke-dasharray: 4 3; pointer-events: none; }
.isl-sel-remove { fill: rgba(224,112,92,.4); stroke: #ff6b57; }
.isl-can { fill: rgba(241,195,90,.22); stroke: rgba(241,195,90,.75); stroke-width: 1.5;
 pointer-events: none; }
.isl-range { display: none; pointer-events: none; }
.isl-range.isl-on, .isl-range.isl-hover { display: inline; }
.isl-range-line { stroke: #7fd1ff; stroke-width: 2.5; stroke-dasharray: 2 5;
 stroke-linecap: round; }
.isl-range-sq { fill: rgba(127,209,255,.18); stroke: #7fd1ff; stroke-width: 2.5; }
.isl-range-sq.isl-range-hit { fill: rgba(255,90,74,.25); stroke: #ff5a4a; }
.isl-range-off { stroke: rgba(200,210,220,.55); }
.isl-range-sq.isl-range-off { fill: rgba(0,0,0,.15); stroke-dasharray: 4 3; }
.isl-crossfire-if-live { fill: none; stroke: #ff5a4a; stroke-width: 1.4; stroke-dasharray: 3 3; }
.isl-crossfire { fill: rgba(255,90,74,.16); stroke: #ff5a4a; stroke-width: 1.6;
 stroke-dasharray: 3 3; pointer-events: none; }
.isl-target { cursor: crosshair; }
.isl-target circle { fill: rgba(255,90,74,.1); stroke: #ff5a4a; stroke-width: 2.6;
 animation: isl-pulse 1.4s ease-in-out infinite; }
.isl-target path { stroke: #ff5a4a; stroke-width: 2.6; stroke-linecap: round; }
.isl-target-picked circle { fill: rgba(255,90,74,.3); stroke-width: 3.4; }
.isl-target:hover circle { fill: rgba(255,90,74,.35); }
@keyframes isl-pulse { 50% { stroke-opacity: .45; } }
.isl-dest { cursor: pointer; }
.isl-dest rect { fill: rgba(255,211,110,.28); stroke: #ffd36e; stroke-width: 2; }
.isl-dest:hover rect { fill: rgba(255,211,110,.55); }
.isl-dest-dot { fill: #ffd36e; }
.isl-dest-arrow { fill: #1b1607; }
.isl-pad-deck { fill: #4a5561; stroke: #252b32; stroke-width: 2; }
.isl-pad-bound .isl-pad-deck { stroke: #7fd1ff; stroke-width: 3; }
.isl-slot rect { fill: #36404b; stroke: #5f6b77; stroke-width: 1; }
.isl-slot-off rect { fill: #2a3037; stroke-dasharray: 3 3; }
.isl-missile { fill: none; stroke: #e0705c; stroke-width: 1.5; stroke-dasharray: 3 2; }
.isl-slot-enter, .isl-slot-remove { cursor: pointer; }
.isl-slot-enter rect { stroke: #ffd36e; stroke-width: 2.6; fill: #4d5a3f;
 animation: isl-pulse 1.4s ease-in-out infinite; }
.isl-slot-remove rect { stroke: #ff5a4a; stroke-width: 2.6; }
.isl-slot-enter:hover rect, .isl-slot-remove:hover rect { fill: #66744f; }
.isl-pad-unit { pointer-events: none; }
.isl-pad-ghost { cursor: pointer; }
.isl-pad-ghost rect { fill: rgba(127,209,255,.12); stroke: #7fd1ff; stroke-width: 2;
 stroke-dasharray: 6 4; }
.isl-pad-ghost:hover rect { fill: rgba(127,209,255,.3); }
.isl-pad-ghost text { fill: #cfeeff; font-size: 13px; font-weight: 700; text-anchor: middle;
 pointer-events: none; }
.isl-panel { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; padding: 6px 12px;
  border-radius: 10px; border: 1px solid rgba(255,255,255,.09);
  background: rgba(255,255,255,.035); }
.isl-panel-active { border-color: #e6b450; background: rgba(230,180,80,.09); }
.isl-chip { width: 14px; height: 14px; border-radius: 50%; border: 1.5px solid #8d97a3; }
.isl-seat-0 .isl-chip { background: #f3ecdc; } .isl-seat-1 .isl-chip { background: #1e2127; }
.isl-to-move { font-size: .8rem; font-weight: 700; color: #e6b450; }
.isl-stats { margin-left: auto; color: #aab2bb; font-size: .86rem; }
.isl-dice { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 14px; padding: 0 4px; }
.isl-die-svg { width: 44px; height: 44px; flex: none; overflow: visible; }
.isl-die-text { color: #ece6da; }
.isl-unknown { margin-left: auto; color: #aab2bb; font-size: .86rem; }
.isl-die-body { fill: #f6f1e4; stroke: #8d7a57; stroke-width: 2; }
.isl-pip { fill: #1b1607; }
.isl-die-zero { font-size: 22px; font-weight: 900; fill: #b3261e; text-anchor: middle; }
.isl-die-old { opacity: .55; }
.isl-die-face { transform-box: fill-box; transform-origin: center; }
.isl-die-rolled .isl-die-face { animation: isl-roll .6s ease-out; }
@keyframes isl-roll { 0% { transform: rotate(-200deg) scale(.6);
 } 70% { transform: rotate(12deg) scale(1.06); }
  100% { transform: rotate(0) scale(1); } }
.isl-live-count { color: #ff9a85; }
.isl-bar { padding: 10px 12px; border-radius: 12px; border: 1px solid rgba(255,255,255,.09);
  background: linear-gradient(180deg, #1f262e, #1a2027); }
.isl-bar-turn { border-color: rgba(230,180,80,.7); box-shadow: 0 0 0 1px rgba(230,180,80,.25); }
.isl-prompt { margin: 0; font-weight: 600; color: #ece6da; }
.isl-bar-turn .isl-prompt { color: #e6b450; }
.isl-result { color: #7cc48a !important; }
.isl-buttons { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
.isl-buttons .btn { min-height: 40px; }
.isl-fire { border-color: rgba(255,90,74,.6); }
.isl-onto-block { border-color: rgba(241,195,90,.7); }
.isl-can-entry { fill: rgba(241,195,90,.18); stroke: #f1c35a; stroke-width: 2; stroke-dasharray: 5 3; }
`;
