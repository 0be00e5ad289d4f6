// Coerceo's quick-reference card, shown beside the board: moving (R5), capture (R6-R7),
// removing tiles (R8) and the exchange (R10).

import { h } from "/static/kit.js";

/** The card: an HTML element; ``view.observation.exchange_cost`` sets the exchange's price. */
export function card(view) {
  const cost = ((view && view.observation) || {}).exchange_cost ?? 2;
  return h(
    "div",
    { class: "ref" },
    h("h3", {}, "A turn: move or exchange"),
    h(
      "p",
      { class: "ref-note" },
      "Move one piece to a free field of your colour that shares a corner with its field (on its tile or the next).",
    ),
    h("h3", {}, "Capture"),
    h(
      "p",
      { class: "ref-capture" },
      "An opponent piece is captured when every edge-neighbour field it still has holds one of your pieces, and your turn completed that (your piece arrived or a tile beside it went).",
    ),
    h("h3", {}, "Tiles"),
    h(
      "p",
      { class: "ref-note" },
      "An empty tile joined to at most three neighbouring tiles in one unbroken run is removed after your move; you collect it.",
    ),
    h("h3", {}, "Exchange"),
    h(
      "p",
      { class: "ref-exchange" },
      `Instead of moving, give up ${cost} collected tile${cost === 1 ? "" : "s"} to remove any one opponent piece.`,
    ),
    h("p", { class: "ref-note" }, "Take the opponent's last piece to win."),
  );
}
