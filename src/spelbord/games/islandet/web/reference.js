// Slag for Islandet's quick-reference card, shown beside the board: the turn, the exact
// ranges (R14) and the three options of a 0 (R9-R12).

import { h } from "/static/kit.js";

/** The card: an HTML element. */
export function card() {
  return h(
    "div",
    { class: "ref" },
    h("h3", {}, "A turn"),
    h(
      "ol",
      { class: "ref-list" },
      h("li", {}, "Roll the die (0-5)."),
      h("li", {}, "Shoot with any units that have a target."),
      h("li", {}, "Move one unit exactly the roll: straight ahead, or one less and turn with the last pip."),
      h("li", {}, "Shoot again, then the turn ends."),
    ),
    h("h3", {}, "Ranges: exactly, straight ahead"),
    h(
      "table",
      { class: "ref-table" },
      h("thead", {}, h("tr", {}, h("th", {}, "Unit"), h("th", {}, "Count"), h("th", {}, "Range"))),
      h(
        "tbody",
        {},
        [
          ["Soldier", 5, 2],
          ["Jeep", 3, 3],
          ["Tank", 2, 4],
        ].map(([name, n, range]) =>
          h("tr", { "data-range": range }, h("td", {}, name), h("td", {}, String(n)), h("td", {}, String(range))),
        ),
      ),
    ),
    h("p", { class: "ref-note" }, "A block between shooter and target stops the shot; a hit block goes off."),
    h("h3", {}, "Rolling a 0: choose one, then roll again"),
    h(
      "ol",
      { class: "ref-list ref-zero" },
      h("li", {}, h("b", {}, "Reinforce"), ": bring a unit from your pad onto the square in front of its slot; only it moves next."),
      h("li", {}, h("b", {}, "Move the pad"), ": the next roll moves the pad that many columns west or east."),
      h("li", {}, h("b", {}, "Turn"), ": turn one of your units a quarter left or right; only it moves next."),
    ),
  );
}
