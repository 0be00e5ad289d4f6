// Coerceo's quick-reference card, shown beside the board: moving (R5), capture (R6-R7),
// removing tiles (R8) and the exchange (R10).

import { h } from "/static/kit.js";
import { t, tn } from "./texts.js";

/** The card: an HTML element; ``view.observation.exchange_cost`` sets the exchange's price. */
export function card(view) {
  const cost = ((view && view.observation) || {}).exchange_cost ?? 2;
  return h(
    "div",
    { class: "ref" },
    h("h3", {}, t("ref.turn")),
    h(
      "p",
      { class: "ref-note" },
      t("ref.move"),
    ),
    h("h3", {}, t("ref.capture_title")),
    h(
      "p",
      { class: "ref-capture" },
      t("ref.capture"),
    ),
    h("h3", {}, t("ref.tiles_title")),
    h(
      "p",
      { class: "ref-note" },
      t("ref.tiles"),
    ),
    h("h3", {}, t("ref.exchange_title")),
    h(
      "p",
      { class: "ref-exchange" },
      tn("ref.exchange", cost),
    ),
    h("p", { class: "ref-note" }, t("ref.win")),
  );
}
