// Slag for Islandet's quick-reference card, shown beside the board: the turn, the exact
// ranges (R14) and the three options of a 0 (R9-R12).

import { h } from "/static/kit.js";
import { t } from "./texts.js";

/** The card: an HTML element. */
export function card() {
  return h(
    "div",
    { class: "ref" },
    h("h3", {}, t("ref.turn")),
    h(
      "ol",
      { class: "ref-list" },
      h("li", {}, t("ref.turn.roll")),
      h("li", {}, t("ref.turn.shoot")),
      h("li", {}, t("ref.turn.move")),
      h("li", {}, t("ref.turn.again")),
    ),
    h("h3", {}, t("ref.ranges")),
    h(
      "table",
      { class: "ref-table" },
      h("thead", {}, h("tr", {}, h("th", {}, t("ref.unit")), h("th", {}, t("ref.count")), h("th", {}, t("ref.range")))),
      h(
        "tbody",
        {},
        [
          [t("ref.soldier"), 5, 2],
          [t("ref.jeep"), 3, 3],
          [t("ref.tank"), 2, 4],
        ].map(([name, n, range]) =>
          h("tr", { "data-range": range }, h("td", {}, name), h("td", {}, String(n)), h("td", {}, String(range))),
        ),
      ),
    ),
    h("p", { class: "ref-note" }, t("ref.block")),
    h("h3", {}, t("ref.zero")),
    h(
      "ol",
      { class: "ref-list ref-zero" },
      h("li", {}, h("b", {}, t("ref.zero.reinforce")), t("ref.zero.reinforce_text")),
      h("li", {}, h("b", {}, t("ref.zero.pad")), t("ref.zero.pad_text")),
      h("li", {}, h("b", {}, t("ref.zero.turn")), t("ref.zero.turn_text")),
    ),
  );
}
