// Gunst's quick-reference card, shown beside the board: a round's three steps (R3), the
// five rows in the order they act (R14-R20) and the four deities (R9-R12).

import { h } from "/static/kit.js";

const ROWS = [
  ["1 Knights", "if your farmer row is at least as full as theirs: remove one piece from each of their warrior, farmer and scholar rows"],
  ["2 Warriors", "one damage each: the opponent loses a life stone"],
  ["3 Farmers", "each moves one of your deities a step toward the hand"],
  ["4 Thieves", "each steals a piece from their scholar row into yours"],
  ["5 Scholars", "the whole row either raises (as farmers) or strikes (as warriors)"],
];

const DEITIES = [
  ["Extazia", "doubles one of your rows this round"],
  ["Vandringsmanden", "removes one of the opponent's rows"],
  ["Eurika", "takes one kin from an opposing row into one of yours"],
  ["Archimedes", "moves one of your rows onto another of yours"],
];

const pairs = (cls, rows) =>
  h("dl", { class: `ref-pairs ${cls}` }, rows.flatMap(([term, text]) => [h("dt", {}, term), h("dd", {}, text)]));

/** The card: an HTML element. */
export function card() {
  return h(
    "div",
    { class: "ref" },
    h("h3", {}, "A round (four in a game)"),
    h(
      "ol",
      { class: "ref-list" },
      h("li", {}, h("b", {}, "Tinge"), ": both choose kin and deities in secret; fewer pieces chooses who goes first and gets the difference as favour."),
      h("li", {}, h("b", {}, "Dommen"), ": the deities on the field act, alternating."),
      h("li", {}, h("b", {}, "Slaget"), ": the rows act from knights to scholars; the first player's side first."),
    ),
    h("h3", {}, "Rows: the row decides, not the piece"),
    pairs("ref-rows", ROWS),
    h("h3", {}, "Deities"),
    pairs("ref-deities", DEITIES),
    h("p", { class: "ref-note" }, "12 life stones each; at 0 you lose at once. After four rounds the most life stones wins."),
  );
}
