// Slag for Islandet's units on screen: the three kinds with their letters and ranges, the
// sides' names, and the bodies drawn for a unit on the island or on a carrier pad.

import { svgEl as el } from "/static/kit.js";
import { t } from "./texts.js";
import { sqName } from "./geometry.js";

export const KINDS = ["soldier", "jeep", "tank"];
export const LETTERS = ["S", "J", "T"];
export const RANGES = [2, 3, 4];
export const NAMES = [t("side.south"), t("side.north")];
/** A unit kind ("soldier", "jeep", "tank") in the page's language. */
export const kindName = (kind) => t(`kind.${kind}`);
export const FACING_WORDS = () => [t("dir.north"), t("dir.east"), t("dir.south"), t("dir.west")];

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

export function drawUnit(geo, sq, unit, extra = "") {
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
export function drawPadUnit(cx, cy, seat, kind, geo) {
  const g = el("g", {
    class: `isl-unit isl-pad-unit isl-seat-${seat} isl-kind-${kind}`,
    transform: `translate(${cx} ${cy}) scale(.82)`,
  });
  const body = unitBody(kind);
  body.setAttribute("transform", `rotate(${geo.angle(seat === 0 ? 0 : 2)})`);
  g.append(body, el("text", { class: "isl-letter", x: 0, y: 4 }, LETTERS[kind]));
  return g;
}
