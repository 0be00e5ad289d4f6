// Telling a player it is their move when they look elsewhere: "your turn" in the tab
// title (table.js), an optional browser notification while the tab is hidden, and a short
// sound on each new move. Sound is off by default; both are switched on the table page
// (two toggles under the controls) and kept in localStorage for every table.
import { h } from "/static/api.js";
import { t } from "/static/i18n.js";

const SOUND_KEY = "spelbord.sound";
const NOTIFY_KEY = "spelbord.notify";
let last = null; // {table, ply, yourTurn} of the view seen before
let audio = null;

export const soundOn = () => localStorage.getItem(SOUND_KEY) === "on";
const notifyOn = () =>
  localStorage.getItem(NOTIFY_KEY) === "on" &&
  "Notification" in window &&
  Notification.permission === "granted";

function toggle(id, label, on, flip) {
  const input = h("input", { id, type: "checkbox" });
  input.checked = on;
  input.addEventListener("change", () => flip(input));
  return h("label", { class: "field-check notify-toggle" }, input, h("span", {}, label));
}

/** The two toggles, after ``controls`` (made once). */
export function mountNotifyToggles(controls) {
  if (document.getElementById("sound-toggle")) return;
  const box = h(
    "div",
    { class: "notify-toggles" },
    toggle("sound-toggle", t("notify.sound"), soundOn(), (input) => {
      localStorage.setItem(SOUND_KEY, input.checked ? "on" : "off");
      if (input.checked) beep();
    }),
    toggle("notify-toggle", t("notify.browser"), notifyOn(), async (input) => {
      if (!input.checked) {
        localStorage.setItem(NOTIFY_KEY, "off");
        return;
      }
      const granted =
        "Notification" in window && (await Notification.requestPermission()) === "granted";
      input.checked = granted;
      localStorage.setItem(NOTIFY_KEY, granted ? "on" : "off");
    }),
  );
  controls.after(box);
}

/** A short soft tone (Web Audio; nothing to download). */
function beep() {
  document.body.dataset.sound = String(Number(document.body.dataset.sound || 0) + 1);
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.12, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.15);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.16);
  } catch {
    // no audio here: stay silent
  }
}

/** A new view arrived: sound on a new move, a notification when it became your move
 * while the tab is hidden. ``title``: the game's title. */
export function onNewView(view, title) {
  const before = last && last.table === view.table ? last : null;
  last = { table: view.table, ply: view.ply, yourTurn: Boolean(view.your_turn) };
  if (!before) return;
  if (view.ply > before.ply && soundOn()) beep();
  if (view.your_turn && !before.yourTurn && document.hidden && notifyOn()) {
    new Notification(t("notify.your_turn", { title }), { tag: `spelbord-${view.table}` });
  }
}
