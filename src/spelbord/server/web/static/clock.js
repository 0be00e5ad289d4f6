// Game clocks of a table with a time control (docs/time-controls.md): every seat's time
// left, shown for both sides above the board; the running clocks count down on their own
// from when the view arrived, and a clock low on time is marked (data-low, red). The
// server decides when a flag falls: the page only shows the time.
import { h } from "/static/api.js";
import { formatNumber, t } from "/static/i18n.js";

let ticker = null;

const pad = (n) => String(n).padStart(2, "0");

/**
 * Seconds left as a clock shows them: "4:59", "1:02:03", under ten seconds with tenths
 * ("0:09.4", "0:09,4" in Swedish); correspondence in days and hours ("1d 23h") or hours
 * and minutes.
 */
export function clockText(seconds, control) {
  const s = Math.max(0, seconds);
  if (control && control.days) {
    if (s >= 86400) return t("gclock.dh", { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
    if (s >= 3600) return t("gclock.hm", { h: Math.floor(s / 3600), m: pad(Math.floor((s % 3600) / 60)) });
  }
  if (s < 10) return `0:0${formatNumber(Math.floor(s * 10) / 10, 1)}`;
  const whole = Math.floor(s);
  const hours = Math.floor(whole / 3600);
  const rest = `${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
  return hours ? `${hours}:${rest}` : rest.replace(/^0(\d)/, "$1");
}

/** Whether a clock is low on time: under a tenth of its time (10 to 30 seconds with
 * minutes + increment). */
export function lowOnTime(seconds, control) {
  if (!control) return false;
  if (control.days) return seconds < control.days * 8640;
  return seconds < Math.min(30, Math.max(10, control.seconds / 10));
}

/** The clock panel above the board (made on first use). */
function panel() {
  let box = document.getElementById("game-clocks");
  if (box) return box;
  box = h("div", { id: "game-clocks", class: "game-clocks", role: "group" });
  const status = document.getElementById("board-status");
  status.parentElement.insertBefore(box, status);
  return box;
}

/**
 * Draw ``view.game_clock`` (nothing without a time control): one row per seat, the
 * viewer's own marked; ``received``: ``performance.now()`` when the view arrived.
 */
export function drawGameClocks(view, names, received) {
  clearInterval(ticker);
  ticker = null;
  const clock = view.game_clock;
  const existing = document.getElementById("game-clocks");
  if (!clock) {
    if (existing) existing.hidden = true;
    return;
  }
  const box = panel();
  box.hidden = false;
  const control = clock.control;
  const label = control.days ? t("gclock.days", { n: control.days }) : control.text;
  box.setAttribute("aria-label", t("gclock.title", { control: label }));
  const running = view.status === "running" ? new Set(clock.running) : new Set();
  const rows = clock.remaining.map((left, seat) => {
    const time = h("span", { class: "game-clock-time", role: "timer" });
    const row = h(
      "div",
      {
        class: "game-clock",
        "data-seat": String(seat),
        "data-running": running.has(seat) ? "1" : "0",
        "data-you": seat === view.seat ? "1" : "0",
      },
      h("span", { class: "game-clock-name" }, names[seat] ?? t("seat.n", { n: seat + 1 })),
      time,
    );
    return { row, time, left, seat };
  });
  box.replaceChildren(...rows.map((r) => r.row));
  const paint = () => {
    const spent = (performance.now() - received) / 1000;
    for (const r of rows) {
      const left = running.has(r.seat) ? r.left - spent : r.left;
      r.time.textContent = clockText(left, control);
      const low = lowOnTime(left, control);
      r.row.dataset.low = low ? "1" : "0";
      r.row.title = low ? t("gclock.low") : "";
    }
  };
  paint();
  if (running.size) ticker = setInterval(paint, control.days ? 1000 : 100);
}
