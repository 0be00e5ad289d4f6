// Gunst's quick-reference card, shown beside the board: a round's three steps (R3), the
// five rows in the order they act (R14-R20) and the four deities (R9-R12).

import { h } from "/static/kit.js";
import { t } from "./texts.js";

const ROWS = [
  [t("ref.row.knights"), t("ref.row.knights_text")],
  [t("ref.row.warriors"), t("ref.row.warriors_text")],
  [t("ref.row.farmers"), t("ref.row.farmers_text")],
  [t("ref.row.thieves"), t("ref.row.thieves_text")],
  [t("ref.row.scholars"), t("ref.row.scholars_text")],
];

const DEITIES = [
  ["Extazia", t("ref.deity.extazia")],
  ["Vandringsmanden", t("ref.deity.vandringsmanden")],
  ["Eurika", t("ref.deity.eurika")],
  ["Archimedes", t("ref.deity.archimedes")],
];

const pairs = (cls, rows) =>
  h("dl", { class: `ref-pairs ${cls}` }, rows.flatMap(([term, text]) => [h("dt", {}, term), h("dd", {}, text)]));

/** The card: an HTML element. */
export function card() {
  return h(
    "div",
    { class: "ref" },
    h("h3", {}, t("ref.round")),
    h(
      "ol",
      { class: "ref-list" },
      h("li", {}, h("b", {}, "Tinge"), t("ref.step.tinge")),
      h("li", {}, h("b", {}, "Dommen"), t("ref.step.dommen")),
      h("li", {}, h("b", {}, "Slaget"), t("ref.step.slaget")),
    ),
    h("h3", {}, t("ref.rows_title")),
    pairs("ref-rows", ROWS),
    h("h3", {}, t("ref.deities_title")),
    pairs("ref-deities", DEITIES),
    h("p", { class: "ref-note" }, t("ref.life")),
  );
}
