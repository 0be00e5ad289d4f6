// The board: terrain with its symbols, the seams between the countries, control (dashed
// frames and flags on conquered squares), siege limits, stacks as tokens in their owner's
// colour (special units marked, the neutral dragon as a spiked badge, pirates on a lake in
// a boat), the walking group and its path, the battle square and the squares of the
// decision (each carrying its action).

import { svgEl as el } from "/static/kit.js";
import { ARC, C, GAP, SEAM_COLOURS, SEAM_WORDS, outward } from "./geometry.js";
import { battleInfo, siegeLimit } from "./view.js";
import { t, tn } from "./texts.js";
import {
  DRAGON,
  NAMES,
  TERRAIN,
  isSpecial,
  nameOf,
  ownClass,
  teamsOf,
  unitName,
} from "./units.js";

// ------------------------------------------------------------------ terrain symbols
export function terrainSymbol(letter, x, y, size) {
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

// ------------------------------------------------------------------ units
/** A spiked outline round (cx, cy): the dragon's badge. */
function spikes(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 20; i++) {
    const a = (Math.PI * i) / 10 - Math.PI / 2;
    const rr = i % 2 ? r * 0.86 : r * 1.14;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(2)},${(cy + rr * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

/**
 * A stack's token: the owner's colour, the top unit's letter (a red notch when damaged, a
 * gold diamond for a special unit), the unit count, the team ring, the dragon's spikes.
 */
export function token(owner, top, count, cx, cy, r, extra = "", team = null) {
  const special = isSpecial(top);
  const dragon = owner === DRAGON;
  const cls = ["om-token", ownClass(owner), extra];
  if (special) cls.push("om-special");
  if (dragon) cls.push("om-dragon");
  const g = el("g", { class: cls.join(" "), "data-owner": owner, "data-top": top || "" });
  if (team !== null && !dragon)
    g.append(el("circle", { class: `om-team-ring om-team-${team}`, cx, cy, r: r + 3 }));
  g.append(el("circle", { class: "om-token-shadow", cx: cx + 1.5, cy: cy + 2.5, r }));
  if (dragon) g.append(el("polygon", { class: "om-token-body", points: spikes(cx, cy, r) }));
  else g.append(el("circle", { class: "om-token-body", cx, cy, r }));
  const damaged = top && top !== top.toUpperCase();
  g.append(
    el(
      "text",
      { class: "om-token-letter", x: cx, y: cy + r * 0.36, "font-size": r * 1.05 },
      top ? top.toUpperCase() : "?",
    ),
  );
  if (special && !dragon)
    g.append(
      el("path", {
        class: "om-special-mark",
        d: `M${cx - r * 0.78} ${cy + r * 0.42} l${r * 0.3} ${r * 0.3} l${-r * 0.3} ${r * 0.3} ` +
          `l${-r * 0.3} ${-r * 0.3} Z`,
      }),
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

export function stackTitle(s) {
  const units = s.units || null;
  const who = s.owner === DRAGON ? t("stack.dragon") : nameOf(s.owner);
  if (!units) return `${who}: ${tn("units", s.count)}, ${t("top", { unit: unitName(s.top) })}`;
  return `${who}: ${units.map(unitName).join(", ")}`;
}

function flag(owner, x, y) {
  return el(
    "g",
    { class: `om-flag ${ownClass(owner)}`, transform: `translate(${x} ${y})` },
    el("path", { class: "om-flag-pole", d: "M0 0 V16" }),
    el("path", { class: "om-flag-cloth", d: "M0.5 0.5 H11 L8 4 L11 7.5 H0.5 Z" }),
  );
}

// ------------------------------------------------------------------ seams (R1-R4)
/**
 * Every seam of the map, in its own colour on both edges it joins: edges facing each other
 * are stitched across the gap; edges on the same outer side are joined cell by cell by
 * nested arcs; edges on different outer sides carry matching ticks with the cell's letter
 * or number and a band naming the edge they lead to.
 */
function drawSeams(map, geo, svg) {
  const layer = el("g", { class: "om-seams" });
  const n = map.size;
  map.seams.forEach(([ca, ea, cb, eb], index) => {
    const colour = SEAM_COLOURS[index % SEAM_COLOURS.length];
    const sa = geo.side(ca, ea);
    const sb = geo.side(cb, eb);
    const a = map.edgeSquares(ca, ea);
    const b = map.edgeSquares(cb, eb);
    const ends = [geo.edgePoint(a[0], sa), geo.edgePoint(b[0], sb)];
    const facing =
      sa !== sb && Math.hypot(ends[0][0] - ends[1][0], ends[0][1] - ends[1][1]) <= GAP + 1;
    const sameSide = sa === sb;
    const group = el("g", {
      class: "om-seam",
      "data-seam": `${map.letters[ca]} ${ea} ${map.letters[cb]} ${eb}`,
      "data-drawn": facing ? "border" : sameSide ? "arcs" : "bands",
    });
    // Coloured edges on both countries.
    for (const [sqs, side] of [
      [a, sa],
      [b, sb],
    ]) {
      const p0 = geo.edgePoint(sqs[0], side);
      const p1 = geo.edgePoint(sqs[n - 1], side);
      const half = side === "top" || side === "bottom" ? [C / 2, 0] : [0, C / 2];
      const sx = p0[0] <= p1[0] ? 1 : -1;
      const sy = p0[1] <= p1[1] ? 1 : -1;
      group.append(
        el("line", {
          class: "om-edge",
          stroke: colour,
          x1: p0[0] - sx * half[0],
          y1: p0[1] - sy * half[1],
          x2: p1[0] + sx * half[0],
          y2: p1[1] + sy * half[1],
        }),
      );
    }
    for (let i = 0; i < n; i++) {
      const pa = geo.edgePoint(a[i], sa);
      const pb = geo.edgePoint(b[i], sb);
      if (facing) {
        group.append(
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
        const out = outward(sa);
        const dist = Math.hypot(pb[0] - pa[0], pb[1] - pa[1]);
        const lift = 12 + (dist / (geo.tall ? geo.height : geo.width)) * (ARC - 26) * 1.25;
        const c1 = [pa[0] + out[0] * lift, pa[1] + out[1] * lift];
        const c2 = [pb[0] + out[0] * lift, pb[1] + out[1] * lift];
        group.append(
          el("path", {
            class: "om-arc",
            stroke: colour,
            d: `M${pa[0]} ${pa[1]} C${c1[0]} ${c1[1]} ${c2[0]} ${c2[1]} ${pb[0]} ${pb[1]}`,
          }),
        );
        for (const [p, dir] of [
          [pa, ea],
          [pb, eb],
        ]) {
          group.append(
            el(
              "text",
              {
                class: "om-edge-label",
                fill: colour,
                x: p[0] + out[0] * 9 + (out[0] ? 0 : 7),
                y: p[1] + out[1] * 9 + (out[1] ? 4 : -3),
              },
              map.edgeName(dir, i),
            ),
          );
        }
      } else {
        // Different outer sides: matching ticks with the index on each end.
        for (const [p, side, dir] of [
          [pa, sa, ea],
          [pb, sb, eb],
        ]) {
          const out = outward(side);
          group.append(
            el("line", {
              class: "om-tick",
              stroke: colour,
              x1: p[0],
              y1: p[1],
              x2: p[0] + out[0] * 12,
              y2: p[1] + out[1] * 12,
            }),
          );
          group.append(
            el(
              "text",
              {
                class: "om-edge-label",
                fill: colour,
                x: p[0] + out[0] * 20,
                y: p[1] + out[1] * 20 + 4,
              },
              map.edgeName(dir, i),
            ),
          );
        }
      }
    }
    if (!facing && !sameSide) {
      // Name the wrap-around on both bands.
      for (const [sqs, side, dir, other, otherDir] of [
        [a, sa, ea, cb, eb],
        [b, sb, eb, ca, ea],
      ]) {
        const mid = geo.edgePoint(sqs[Math.floor(n / 2)], side);
        const out = outward(side);
        const text = t("seam", {
          edge: t(`edge.${SEAM_WORDS[dir]}`),
          country: map.letters[other],
          other: t(`edge.${SEAM_WORDS[otherDir]}`),
        });
        const x = mid[0] + out[0] * 33;
        const y = mid[1] + out[1] * 33;
        const rot = out[0] ? `rotate(${out[0] < 0 ? -90 : 90} ${x} ${y})` : null;
        group.append(
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
    layer.append(group);
  });
  svg.append(layer);
}

// ------------------------------------------------------------------ the board
/** Where the tokens of ``k`` stacks on one square go: [x, y] as fractions of C, and radius. */
function slots(k) {
  if (k <= 1) return { at: [[0.52, 0.56]], r: 16 };
  if (k === 2)
    return {
      at: [
        [0.28, 0.62],
        [0.7, 0.56],
      ],
      r: 12,
    };
  return {
    at: [
      [0.28, 0.3],
      [0.72, 0.3],
      [0.28, 0.74],
      [0.72, 0.74],
    ],
    r: 12.5,
  };
}

/** The board as SVG; ``targets`` maps each square of the decision to its action. */
export function drawBoard(ctx, geo) {
  const { view, obs, map, mem, g, at, me } = ctx;
  const teams = teamsOf(obs);
  const svg = el("svg", {
    class: "om-svg",
    viewBox: `0 0 ${geo.width} ${geo.height}`,
    role: "img",
    "aria-label": t("board.label", { n: obs.round }),
    style: `--ts: ${geo.ts || 1}`,
    "data-countries": map.countries,
  });
  drawSeams(map, geo, svg);

  // Targets of the decision on the board: squares, and terrain tiles of the setup.
  const targets = new Map(g.squares);
  const base = me !== null ? me * map.per : 0;
  for (const [cell, a] of g.tiles) targets.set(base + cell, a);
  const battle = battleInfo(obs);
  const move = obs.move || {};
  const path = move.path || [];
  const attacked = new Set((obs.entries || []).map((e) => e[0]));

  const squares = el("g", { class: "om-squares" });
  for (let sq = 0; sq < map.count; sq++) {
    const [x, y] = geo.cell(sq);
    const letter = (obs.terrain || [])[sq] || ".";
    const owner = (obs.control || [])[sq];
    const country = map.countryOf(sq);
    const ter = TERRAIN[letter] || TERRAIN["."];
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
      "aria-label": targets.has(sq)
        ? `${targets.get(sq).text} (${ter.name} ${map.label(sq)})`
        : null,
    });
    group.append(el("rect", { class: "om-ground", x, y, width: C, height: C }));
    const conquered = owner !== undefined && owner !== country;
    if (conquered)
      group.append(
        el("rect", {
          class: `om-conquered ${ownClass(owner)}`,
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
    if (conquered) group.append(flag(owner, x + C - 13, y + 3));
    if (ter.settlement && obs.phase !== "setup") {
      const lim = siegeLimit(obs, map, at, sq);
      const placing = obs.phase === "reinforce";
      if (lim.level > 0 || placing) {
        const text = lim.level > 0 ? t("siege.max", { n: lim.left }) : "∞";
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
    group.append(el("title", {}, squareTitle(ctx, sq)));
    squares.append(group);
  }
  svg.append(squares);

  // Country frames and letters (framed in the team's colour when there are teams).
  for (let country = 0; country < map.countries; country++) {
    const [ox, oy] = geo.origin(country);
    svg.append(
      el(
        "text",
        {
          class: "om-watermark",
          x: ox + (map.size * C) / 2,
          y: oy + (map.size * C) / 2 + 0.48 * C,
        },
        map.letters[country],
      ),
    );
    svg.append(
      el("rect", {
        class: `om-country-frame om-frame-${country}`,
        x: ox,
        y: oy,
        width: map.size * C,
        height: map.size * C,
      }),
    );
    if (teams)
      svg.append(
        el("rect", {
          class: `om-team-frame om-team-${teams[country]}`,
          "data-team": teams[country],
          x: ox + 3,
          y: oy + 3,
          width: map.size * C - 6,
          height: map.size * C - 6,
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
    const { at: spots, r } = slots(list.length);
    if ((obs.terrain || [])[sq] === "L")
      layer.append(
        el("path", {
          class: "om-boat",
          d: `M${x + 8} ${y + C * 0.74} h${C - 16} l-7 9 h${-(C - 30)} Z`,
        }),
      );
    list.forEach((s, i) => {
      const [fx, fy] = spots[Math.min(i, spots.length - 1)];
      const extra = [];
      if (
        s.owner === me &&
        s.moved &&
        s.moved.length &&
        s.moved.every(Boolean) &&
        obs.phase === "move"
      )
        extra.push("om-moved");
      const team = teams && s.owner >= 0 ? teams[s.owner] : null;
      const tk = token(s.owner, s.top, s.count, x + C * fx, y + C * fy, r, extra.join(" "), team);
      tk.setAttribute("data-square", sq);
      layer.append(tk);
    });
  }
  if (path.length && move.count) {
    const sq = path[path.length - 1];
    const [x, y] = geo.cell(sq);
    const crowded = at.has(sq);
    const [gx, gy, gr] = crowded ? [x + C * 0.74, y + C * 0.3, 12] : [x + C * 0.5, y + C * 0.5, 15];
    const team = teams && move.mover >= 0 ? teams[move.mover] : null;
    layer.append(token(move.mover, move.top, move.count, gx, gy, gr, "om-walking", team));
  }
  svg.append(layer);

  const last = view.last;
  if (last && Number.isInteger(last.square) && last.square >= 0 && last.square < map.count) {
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
    for (const n of map.neighbours(mem.sel)) {
      const [x, y] = geo.cell(n);
      hl.append(
        el("rect", { class: "om-neighbour", x: x + 5, y: y + 5, width: C - 10, height: C - 10 }),
      );
    }
  }
  svg.append(hl);
  return { svg, targets };
}

function squareTitle(ctx, sq) {
  const { obs, map, at, me } = ctx;
  const letter = (obs.terrain || [])[sq] || ".";
  const ter = TERRAIN[letter] || TERRAIN["."];
  const owner = (obs.control || [])[sq];
  const lines = [`${map.label(sq)}: ${ter.name}${ter.points ? ` (${t("pt", { n: ter.points })})` : ""}`];
  if (owner !== undefined) lines.push(t("square.controlled", { name: NAMES[owner] || "?" }));
  for (const s of at.get(sq) || []) lines.push(stackTitle(s));
  const move = obs.move || {};
  const path = move.path || [];
  if (path.length && path[path.length - 1] === sq && move.count) {
    const units = (move.group || []).map(unitName).join(", ");
    const what = units || `${move.count}, ${t("top", { unit: unitName(move.top) })}`;
    lines.push(t("square.moving", { name: nameOf(move.mover), units: what }));
  }
  if (me !== null && (obs.terrain || [])[sq] === "?") lines.push(t("square.unrevealed"));
  return lines.join("\n");
}
