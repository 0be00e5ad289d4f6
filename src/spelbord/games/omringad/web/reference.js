// Omringad's quick-reference card (the rulebook's "lathund"), shown beside the board: the
// unit table (R20: cost, F, S undamaged / damaged), terrain (R10-R15) and the eight phases
// of a round (R7). Built from the same tables the board draws with (units.js).

import { h } from "/static/kit.js";
import { KINDS, TERRAIN, UNITS } from "./units.js";

const PHASES = [
  "Initiative: roll for who starts",
  "Auction of a special unit",
  "Purchase of units in secret",
  "Movement, from the initiative holder",
  "Battle on every contested square",
  "Reinforcements: place what you bought",
  "Income: 1 gold per square you control",
  "Scoring: castle 5, village 2, mountain and forest 1",
];

const fs = (u, i) => `F${u.F[i] ?? "–"} S${u.S[i] ?? "–"}`;

/** The card: an HTML element. */
export function card() {
  const units = h(
    "table",
    { class: "ref-table" },
    h("thead", {}, h("tr", {}, h("th", {}, "Unit"), h("th", {}, "Cost"), h("th", {}, "Undamaged"), h("th", {}, "Damaged"))),
    h(
      "tbody",
      {},
      KINDS.map((code) => {
        const u = UNITS[code];
        const damaged = u.hp > 1 ? fs(u, 1) : "eliminated";
        const name = `${code} ${u.name}${u.ranged ? " (ranged)" : ""}`;
        return h("tr", { "data-unit": code }, h("td", {}, name), h("td", {}, String(u.cost)), h("td", {}, fs(u, 0)), h("td", {}, damaged));
      }),
    ),
  );
  const terrain = h(
    "ul",
    { class: "ref-list" },
    Object.entries(TERRAIN)
      .filter(([letter]) => letter !== "?")
      .map(([, t]) => h("li", {}, h("b", {}, t.name), `: ${t.note}; worth ${t.points}`)),
  );
  return h(
    "div",
    { class: "ref" },
    h("h3", {}, "Units"),
    units,
    h("p", { class: "ref-note" }, "A hit needs die + modifiers ≥ S. A general gives its side +1; two hits eliminate (the first damages)."),
    h("h3", {}, "Terrain"),
    terrain,
    h("h3", {}, "A round"),
    h("ol", { class: "ref-list" }, PHASES.map((p) => h("li", {}, p))),
  );
}
