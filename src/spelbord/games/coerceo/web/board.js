// The geometry of the Coerceo board: flat-topped hex tiles in axial coordinates, their
// six triangular fields, the notation's names of tiles and fields, and the pieces drawn
// as small tetrahedra.

import { svgEl as el } from "/static/kit.js";

export const S = 60; // hex radius (centre to corner) in board units
export const R3 = Math.sqrt(3);
export const TILE = 0.95; // tiles are drawn a little smaller than their cell: the gaps show the tiles
export const key = (x, y, f) => `${x},${y},${f}`;
/** The notation's name of tile (x, y): a letter for x (a..e = -2..2), a digit for y (1..5). */
export const tileName = (x, y) => `${String.fromCharCode(99 + x)}${y + 3}`;
/** The notation's name of field f of tile (x, y), e.g. "c3:0" (fields 0-5 clockwise from the top). */
export const fieldName = (x, y, f) => `${tileName(x, y)}:${f}`;
export const fmt = (n) => n.toFixed(2);

/** Centre of tile (x, y) on screen (SVG y grows downward). */
export function tileCentre(x, y) {
  return [1.5 * S * x, -R3 * S * (y + x / 2)];
}

/** Corner ``i`` of a hex (math angle 60*i degrees) around (cx, cy), scaled by ``r``. */
function corner(cx, cy, i, r = S) {
  const a = (Math.PI / 3) * i;
  return [cx + r * Math.cos(a), cy - r * Math.sin(a)];
}

/** The three corners of field f: the tile centre and the two ends of its outer edge. */
export function fieldCorners(x, y, f) {
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

export function centroid(points) {
  return [
    points.reduce((s, p) => s + p[0], 0) / points.length,
    points.reduce((s, p) => s + p[1], 0) / points.length,
  ];
}

export const polyPoints = (points) => points.map((p) => `${fmt(p[0])},${fmt(p[1])}`).join(" ");

export function hexPoints(cx, cy, r = S) {
  return polyPoints([0, 1, 2, 3, 4, 5].map((i) => corner(cx, cy, i, r)));
}

/** A piece: a small tetrahedron seen from above (three shaded facets) on field (x, y, f). */
export function pieceShape(x, y, f, colour, extra = "") {
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

export function sameField(a, b) {
  return Array.isArray(a) && Array.isArray(b) && a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}
