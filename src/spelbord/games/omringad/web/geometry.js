// The map of the observation (R1-R4: countries, size, letters, seams, steps) and where its
// squares lie on screen. Two countries (the pillow, R2) are drawn side by side, or one above
// the other on narrow screens, the second mirrored so that one seam becomes a shared border;
// four countries (R4) are the 2x2 block A B / C D with its four inner seams as shared
// borders. The other seams are drawn on the outer sides: as arcs when both edges lie on the
// same side, else as matching bands.

export const C = 64; // one square
export const GAP = 22; // between two countries that share a seam as a border
export const ARC = 66; // room for seam arcs
const BAND = 40; // room for seam bands
const DIRS = ["N", "E", "S", "W"];
export const SEAM_WORDS = { N: "north", E: "east", S: "south", W: "west" };
/** One colour per seam, in the map's seam order (the pillow's N, E, S, W come first). */
export const SEAM_COLOURS = [
  "#5fb3a1",
  "#e39a5b",
  "#b98be0",
  "#5b95d6",
  "#e0c05b",
  "#e3708f",
  "#6fd0e0",
  "#9fd66a",
];
const DELTA = { N: [-1, 0], E: [0, 1], S: [1, 0], W: [0, -1] };
const OUT = { top: [0, -1], bottom: [0, 1], left: [-1, 0], right: [1, 0] };

/** The two-player map, for observations that do not carry one. */
const PILLOW = {
  name: "pillow",
  countries: 2,
  size: 5,
  letters: "AB",
  seams: [
    [0, "N", 1, "N"],
    [0, "E", 1, "E"],
    [0, "S", 1, "S"],
    [0, "W", 1, "W"],
  ],
};

const edgeIndex = (dir, row, col) => (dir === "N" || dir === "S" ? col : row);

function edgeCell(dir, i, n) {
  if (dir === "N") return [0, i];
  if (dir === "S") return [n - 1, i];
  if (dir === "W") return [i, 0];
  return [i, n - 1];
}

/** Every square's four steps (N, E, S, W), across seams too: as ``GameMap.steps``. */
function computeSteps(raw) {
  const n = raw.size;
  const sewn = new Map();
  for (const [a, ea, b, eb] of raw.seams) {
    sewn.set(`${a}${ea}`, [b, eb]);
    sewn.set(`${b}${eb}`, [a, ea]);
  }
  const id = (c, r, k) => (c * n + r) * n + k;
  const steps = [];
  for (let c = 0; c < raw.countries; c++)
    for (let r = 0; r < n; r++)
      for (let k = 0; k < n; k++)
        steps.push(
          DIRS.map((d) => {
            const [rr, kk] = [r + DELTA[d][0], k + DELTA[d][1]];
            if (rr >= 0 && rr < n && kk >= 0 && kk < n) return id(c, rr, kk);
            const [other, edge] = sewn.get(`${c}${d}`);
            const [r2, k2] = edgeCell(edge, edgeIndex(d, r, k), n);
            return id(other, r2, k2);
          }),
        );
  return steps;
}

/** The map of an observation with its square arithmetic: ids, labels, neighbours, edges. */
export function mapOf(obs) {
  const raw = (obs && obs.map) || PILLOW;
  const n = raw.size;
  const per = n * n;
  const count = raw.countries * per;
  const steps = raw.steps && raw.steps.length === count ? raw.steps : computeSteps(raw);
  const letters = raw.letters || "ABCD".slice(0, raw.countries);
  const cols = "abcdefghijklmnopqrstuvwxyz";
  const coords = (sq) => ({
    country: Math.floor(sq / per),
    row: Math.floor((sq % per) / n),
    col: sq % n,
  });
  const squareId = (country, row, col) => (country * n + row) * n + col;
  return {
    name: raw.name,
    countries: raw.countries,
    size: n,
    per,
    count,
    letters,
    seams: raw.seams,
    steps,
    coords,
    squareId,
    countryOf: (sq) => Math.floor(sq / per),
    label(sq) {
      const { country, row, col } = coords(sq);
      return `${letters[country]} ${cols[col]}${row + 1}`;
    },
    neighbours: (sq) => [...new Set(steps[sq] || [])],
    /** The squares along edge ``dir`` of ``country``, by index along the edge. */
    edgeSquares(country, dir) {
      return Array.from({ length: n }, (_, i) => squareId(country, ...edgeCell(dir, i, n)));
    },
    /** The name of the cell at index ``i`` along an edge: a column letter or a row number. */
    edgeName: (dir, i) => (dir === "N" || dir === "S" ? cols[i] : String(i + 1)),
  };
}

/**
 * Where each country lies on screen. ``home`` (the viewer's country on the pillow; A for
 * spectators) is drawn first and as is, the other one mirrored so that one seam becomes a
 * shared border: side by side the east seam (``tall`` false), one above the other the south
 * seam. Four countries form the block A B / C D, unmirrored.
 */
function placements(map, tall, home) {
  const span = map.size * C;
  const step = span + GAP;
  if (map.countries === 2) {
    const other = 1 - home;
    const out = [];
    out[home] = { x: 0, y: 0, fx: false, fy: false };
    out[other] = tall
      ? { x: 0, y: step, fx: false, fy: true }
      : { x: step, y: 0, fx: true, fy: false };
    return out;
  }
  if (map.countries === 4)
    return [0, 1, 2, 3].map((c) => ({
      x: (c % 2) * step,
      y: Math.floor(c / 2) * step,
      fx: false,
      fy: false,
    }));
  return Array.from({ length: map.countries }, (_, c) => ({
    x: tall ? 0 : c * step,
    y: tall ? c * step : 0,
    fx: false,
    fy: false,
  }));
}

/** Screen geometry: the size of the drawing, each square's corner and each edge's side. */
export function geometry(map, tall, home) {
  const n = map.size;
  const place = placements(map, tall, home);
  const sideOf = (country, dir) => {
    const p = place[country];
    const base = { N: "top", S: "bottom", E: "right", W: "left" }[dir];
    if (p.fx && (dir === "E" || dir === "W")) return base === "left" ? "right" : "left";
    if (p.fy && (dir === "N" || dir === "S")) return base === "top" ? "bottom" : "top";
    return base;
  };
  const corner = (sq, dx, dy) => {
    const { country, row, col } = map.coords(sq);
    const p = place[country];
    const c = p.fx ? n - 1 - col : col;
    const r = p.fy ? n - 1 - row : row;
    return [dx + p.x + c * C, dy + p.y + r * C];
  };
  // The room each outer side needs: arcs where both ends of a seam lie on it, else bands.
  const room = { top: 8, bottom: 8, left: 8, right: 8 };
  const bodyW = Math.max(...place.map((p) => p.x)) + n * C;
  const bodyH = Math.max(...place.map((p) => p.y)) + n * C;
  const outer = (country, side) => {
    const p = place[country];
    return (
      (side === "top" && p.y === 0) ||
      (side === "left" && p.x === 0) ||
      (side === "bottom" && p.y + n * C === bodyH) ||
      (side === "right" && p.x + n * C === bodyW)
    );
  };
  for (const [a, ea, b, eb] of map.seams) {
    const sa = sideOf(a, ea);
    const sb = sideOf(b, eb);
    for (const [c, s] of [
      [a, sa],
      [b, sb],
    ])
      if (outer(c, s)) room[s] = Math.max(room[s], sa === sb ? ARC : BAND);
  }
  const geo = {
    tall,
    width: room.left + bodyW + room.right,
    height: room.top + bodyH + room.bottom,
    origin: (country) => [room.left + place[country].x, room.top + place[country].y],
    cell: (sq) => corner(sq, room.left, room.top),
    side: sideOf,
    /** The midpoint of the outer edge of square ``sq`` on screen ``side``. */
    edgePoint(sq, side) {
      const [x, y] = geo.cell(sq);
      return {
        top: [x + C / 2, y],
        bottom: [x + C / 2, y + C],
        left: [x, y + C / 2],
        right: [x + C, y + C / 2],
      }[side];
    },
  };
  return geo;
}

/** The outward unit vector of a screen side. */
export const outward = (side) => OUT[side];
