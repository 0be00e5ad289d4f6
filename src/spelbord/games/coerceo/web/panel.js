// Below the board: each player's panel (pieces, collected tiles, the exchange) and the
// box that confirms an exchange.

import { svgEl as el } from "/static/kit.js";
import { polyPoints, hexPoints } from "./board.js";
import { t, tn } from "./texts.js";

export const NAMES = [t("side.white"), t("side.black")];
export const FOOTER = 92;
/** The room a panel grows by for the exchange hint, a line of its own under the tiles (it
 * used to share their line and ran into the count on Ocius' narrow panels). */
export const HINT_LINE = 22;

/** Draw the player panel of ``colour`` below the board. */
export function playerPanel(view, obs, colour, x, y, width, exchangeReady) {
  const pieces = (obs.pieces || []).filter((p) => p[3] === colour).length;
  const collected = (obs.collected || [0, 0])[colour] || 0;
  const toMove = view.to_move === colour && !view.result;
  const g = el("g", { class: "cb-player", "data-colour": colour });
  g.append(
    el("rect", {
      class: `cb-panel ${toMove ? "to-move" : ""}`,
      x,
      y,
      width,
      height: FOOTER - 14 + (exchangeReady ? HINT_LINE : 0),
      rx: 10,
    }),
  );
  // A small piece icon in the player's colour.
  const icon = el("g", { transform: `translate(${x + 22} ${y + 24}) scale(.42)` });
  const tri = [
    [0, -30],
    [26, 15],
    [-26, 15],
  ];
  const apex = [0, 0];
  for (let i = 0; i < 3; i++) {
    icon.append(
      el("polygon", {
        class: `facet facet-${i}`,
        points: polyPoints([apex, tri[i], tri[(i + 1) % 3]]),
      }),
    );
  }
  icon.append(el("polygon", { class: "piece-outline", points: polyPoints(tri) }));
  g.append(el("g", { class: `piece-${colour === 0 ? "white" : "black"}` }, icon));
  const label0 = view.seat === colour ? t("panel.you", { name: NAMES[colour] }) : NAMES[colour];
  g.append(el("text", { class: "cb-label", x: x + 40, y: y + 29 }, document.createTextNode(label0)));
  g.append(
    el(
      "text",
      { class: "cb-small", x: x + width - 12, y: y + 29, "text-anchor": "end" },
      document.createTextNode(tn("panel.pieces", pieces)),
    ),
  );
  // Collected tiles as little hexes.
  const shown = Math.min(collected, 12);
  for (let i = 0; i < shown; i++) {
    g.append(el("polygon", { class: "cb-mini", points: hexPoints(x + 20 + i * 17, y + 55, 8) }));
  }
  const label = collected ? tn("panel.tiles", collected) : t("panel.no_tiles");
  g.append(
    el(
      "text",
      { class: "cb-small", x: x + (shown ? 20 + shown * 17 : 12), y: y + 59.5 },
      document.createTextNode(label),
    ),
  );
  if (exchangeReady) {
    g.append(
      el(
        "text",
        { class: "cb-hint", x: x + 12, y: y + 59.5 + HINT_LINE },
        document.createTextNode(t("panel.exchange_hint")),
      ),
    );
  }
  return g;
}

export function confirmBox(root, action, cost, onYes, onNo) {
  const box = document.createElement("div");
  box.className = "board-confirm";
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-label", t("confirm.label"));
  const text = document.createElement("p");
  text.textContent = tn("confirm.question", cost, { move: action.text });
  const yes = document.createElement("button");
  yes.type = "button";
  yes.className = "btn btn-primary confirm-yes";
  yes.textContent = t("confirm.yes");
  yes.addEventListener("click", onYes);
  const no = document.createElement("button");
  no.type = "button";
  no.className = "btn btn-ghost confirm-no";
  no.textContent = t("confirm.no");
  no.addEventListener("click", onNo);
  const buttons = document.createElement("div");
  buttons.className = "board-confirm-buttons";
  buttons.append(yes, no);
  box.append(text, buttons);
  root.append(box);
  yes.focus({ preventScroll: true });
}
