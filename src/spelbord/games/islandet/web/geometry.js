// Slag for Islandet's island on screen: the squares' names and coordinates, the drawing's
// measures (one square is C units; the pads lie above and below the island), and where a
// square lies on screen for the side drawn at the bottom.

import { svgEl as el } from "/static/kit.js";

export const C = 40; // one square
export const N = 12;
export const SIDE = 3 * C; // x of the island's west edge (pads may hang up to two squares past it)
export const GAP = 8;
export const TOP = C + 2 * GAP; // y of the island's top edge
export const BOTTOM = TOP + N * C;
export const HEIGHT = BOTTOM + 2 * GAP + C + 18;
export const LABELS = 26; // room for the row numbers
export const COLUMNS = "abcdefghijkl";
export const FACINGS = "NESW";
export const DELTAS = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

// ------------------------------------------------------------------ small helpers
/** A plain rectangle. */
export function rect(cls, x, y, width, height, rx) {
  return el("rect", { class: cls, x, y, width, height, rx });
}

export const sqName = (sq) => `${COLUMNS[sq % N]}${Math.floor(sq / N) + 1}`;
export const xyOf = (sq) => [sq % N, Math.floor(sq / N)];

export function parseSq(name) {
  const m = /^([a-l])(\d{1,2})$/.exec(String(name || "").toLowerCase());
  if (!m) return null;
  const y = Number(m[2]) - 1;
  return y >= 0 && y < N ? COLUMNS.indexOf(m[1]) + N * y : null;
}

export function makeGeometry(flip) {
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

export function ahead(sq, facing, distance) {
  const [x, y] = xyOf(sq);
  const nx = x + DELTAS[facing][0] * distance;
  const ny = y + DELTAS[facing][1] * distance;
  return nx >= 0 && nx < N && ny >= 0 && ny < N ? nx + N * ny : null;
}
