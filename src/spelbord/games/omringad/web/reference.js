// Omringad's quick-reference card (the rulebook's "lathund"), shown beside the board: the
// unit table (R20: cost, F, S undamaged / damaged), terrain (R10-R15) and the eight phases
// of a round (R7). Built from the same tables the board draws with (units.js).

import { h } from "/static/kit.js";
import { KINDS, TERRAIN, UNITS } from "./units.js";
import { t } from "./texts.js";

const PHASES = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => t(`ref.phase.${n}`));

const fs = (u, i) => `F${u.F[i] ?? "–"} S${u.S[i] ?? "–"}`;

/** The card: an HTML element. */
export function card() {
  const units = h(
    "table",
    { class: "ref-table" },
    h("thead", {}, h("tr", {}, h("th", {}, t("ref.unit")), h("th", {}, t("ref.cost")), h("th", {}, t("ref.undamaged")), h("th", {}, t("ref.damaged")))),
    h(
      "tbody",
      {},
      KINDS.map((code) => {
        const u = UNITS[code];
        const damaged = u.hp > 1 ? fs(u, 1) : t("ref.eliminated");
        const name = `${code} ${u.name}${u.ranged ? t("ref.ranged") : ""}`;
        return h("tr", { "data-unit": code }, h("td", {}, name), h("td", {}, String(u.cost)), h("td", {}, fs(u, 0)), h("td", {}, damaged));
      }),
    ),
  );
  const terrain = h(
    "ul",
    { class: "ref-list" },
    Object.entries(TERRAIN)
      .filter(([letter]) => letter !== "?")
      .map(([, ter]) => h("li", {}, h("b", {}, ter.name), t("ref.terrain_line", { note: ter.note, n: ter.points }))),
  );
  return h(
    "div",
    { class: "ref" },
    h("h3", {}, t("ref.units")),
    units,
    h("p", { class: "ref-note" }, t("ref.hit")),
    h("h3", {}, t("ref.terrain")),
    terrain,
    h("h3", {}, t("ref.round")),
    h("ol", { class: "ref-list" }, PHASES.map((p) => h("li", {}, p))),
  );
}
