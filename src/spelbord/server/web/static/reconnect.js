// A live page whose connection drops says so where the player looks: a "reconnecting"
// banner above the board while the WebSocket is down (table.js's Live reconnects with
// backoff, and at once when the browser is back online); on reconnecting the server sends
// the whole view again, so the page resumes exactly where the table is.
import { h } from "/static/api.js";
import { t } from "/static/i18n.js";

let seenLive = false;

function banner() {
  let box = document.getElementById("reconnecting");
  if (box) return box;
  box = h("p", { id: "reconnecting", class: "reconnecting", role: "status", "aria-live": "polite" });
  box.hidden = true;
  const status = document.getElementById("board-status");
  status.parentElement.insertBefore(box, status.parentElement.firstChild);
  return box;
}

/** Show or hide the banner for the connection's ``state`` (connecting, live,
 * reconnecting, offline); nothing before the page was first live. */
export function showConnection(state) {
  if (state === "live") seenLive = true;
  const box = banner();
  const down = seenLive && (state === "reconnecting" || state === "offline");
  box.textContent = down ? t("conn.lost") : "";
  box.hidden = !down;
  document.body.dataset.connection = state;
}

/** Call ``retry`` when the browser says it is online again (no need to wait out the
 * backoff). */
export function onBackOnline(retry) {
  window.addEventListener("online", retry);
}
