// The generic parts of a VIEW that the table and the replay pages share: seat names,
// the status line, the seat list and the move list. Game boards are the renderers' job.
import { h } from "/static/api.js";

const CHANCE = -1;
const SIMULTANEOUS = -2;
const TERMINAL = -4;

/** Display names per seat: the renderer's seat names (e.g. White/Black), else "Seat n". */
export function seatNames(view, renderer) {
  const count = (view.seats || []).length;
  let names = null;
  if (renderer && typeof renderer.seatNames === "function") {
    try {
      names = renderer.seatNames(view);
    } catch {
      names = null;
    }
  }
  return Array.from({ length: count }, (_, i) => (names && names[i]) || `Seat ${i + 1}`);
}

/** Who a seat is: "you", the player's name, or the AI. */
export function seatOccupant(view, entry) {
  if (entry.seat === view.seat) return "you";
  if (entry.kind === "ai") return entry.name || "computer";
  if (!entry.claimed) return entry.kind === "invite" ? "invited, not here yet" : "free seat";
  return entry.name || "player";
}

/** The winners of a finished game (seats with the highest return), or [] for a draw. */
export function winners(result) {
  const returns = (result && result.returns) || [];
  if (!returns.length) return [];
  const best = Math.max(...returns);
  const top = returns.map((r, i) => [r, i]).filter(([r]) => r === best).map(([, i]) => i);
  return top.length === returns.length ? [] : top;
}

/**
 * " · rules vN" when a table (or lobby summary) is played under rules version N that is
 * not its game's newest (``info``: the game's entry of /api/games); else "".
 */
export function rulesNote(version, info) {
  if (!Number.isInteger(version) || !info || version === info.version) return "";
  return ` · rules v${version}`;
}

/** One line saying what is happening: the result, whose turn, or who we wait for. */
export function statusText(view, names) {
  if (view.result) {
    const won = winners(view.result);
    const why = view.result.termination ? ` (${view.result.termination})` : "";
    const score = view.result.text ? ` ${view.result.text}` : "";
    if (!won.length) return `Draw${score}${why}`;
    const who = won.map((s) => (s === view.seat ? "You" : names[s])).join(" and ");
    return `${who} ${won.length === 1 && who !== "You" ? "wins" : "win"}${score}${why}`;
  }
  if (view.status === "waiting") return "Waiting for players to take their seats";
  if (view.your_turn) return "Your move";
  if (view.to_move === CHANCE) return "Chance decides…";
  if (view.to_move === SIMULTANEOUS) return "Everyone chooses";
  if (view.to_move === TERMINAL) return "Game over";
  const entry = (view.seats || []).find((s) => s.seat === view.to_move);
  const thinking = entry && entry.kind === "ai" ? " (thinking…)" : "";
  return `${names[view.to_move] ?? "?"} to move${thinking}`;
}

// ---------------------------------------------------------------- decision clocks
/**
 * When each running clock of a VIEW runs out, in this page's ``performance.now()``
 * milliseconds, by seat. ``receivedAt``: when the view arrived. The server's
 * ``remaining`` seconds are used (the local clock may be off); ``deadline`` (epoch ms)
 * only when a view lacks them.
 */
export function clockEnds(view, receivedAt = performance.now()) {
  const ends = new Map();
  const clocks = view.clocks || (view.clock ? [view.clock] : []);
  for (const clock of clocks) {
    const left =
      typeof clock.remaining === "number" ? clock.remaining * 1000 : clock.deadline - Date.now();
    ends.set(clock.seat, { end: receivedAt + Math.max(0, left), seconds: clock.seconds });
  }
  return ends;
}

/** Seconds left as shown: tenths under ten seconds, whole seconds above. */
export function clockText(ms) {
  const s = Math.max(0, ms) / 1000;
  return s < 10 ? s.toFixed(1) : String(Math.ceil(s));
}

/** Update every countdown on the page (call it a few times a second). */
export function tickClocks(root = document) {
  const now = performance.now();
  for (const el of root.querySelectorAll(".seat-clock[data-end]")) {
    const left = Number(el.dataset.end) - now;
    const total = Number(el.dataset.seconds) * 1000 || 1;
    el.querySelector(".seat-clock-time").textContent = clockText(left);
    el.dataset.urgent = left < Math.min(3000, total / 3) ? "1" : "0";
    el.style.setProperty("--left", String(Math.max(0, Math.min(1, left / total))));
  }
}

function clockBadge(clock) {
  const badge = h(
    "span",
    {
      class: "seat-clock",
      title: "time left to decide",
      dataset: { end: String(clock.end), seconds: String(clock.seconds) },
    },
    h("span", { class: "seat-clock-time" }, clockText(clock.end - performance.now())),
  );
  tickClocks(h("div", {}, badge));
  return badge;
}

/**
 * Fill the seat list: colour swatch, name, who sits there, its decision clock if one runs
 * (``ends`` from ``clockEnds``), connection dot, turn marker; ``onClaim(seat)`` offers free
 * open seats to the viewer.
 */
export function drawSeats(list, view, names, onClaim = null, ends = null) {
  list.replaceChildren(
    ...(view.seats || []).map((entry) =>
      h(
        "li",
        {
          class: [
            "seat",
            entry.seat === view.to_move && !view.result ? "seat-to-move" : "",
            entry.seat === view.seat ? "seat-mine" : "",
          ].join(" "),
          dataset: { seat: entry.seat },
        },
        h("i", { class: `seat-dot seat-swatch-${entry.seat}` }),
        h("span", { class: "seat-title" }, names[entry.seat]),
        h("span", { class: "seat-who muted" }, seatOccupant(view, entry)),
        h(
          "span",
          { class: "seat-clock-slot" },
          ends && ends.has(entry.seat) && !view.result ? clockBadge(ends.get(entry.seat)) : null,
        ),
        onClaim && entry.kind === "open" && !entry.claimed
          ? h(
              "button",
              { type: "button", class: "btn btn-small btn-primary sit", onclick: () => onClaim(entry.seat) },
              "Sit here",
            )
          : entry.kind === "ai"
          ? h("span", { class: "badge" }, "AI")
          : h("i", {
              class: `online ${entry.connected ? "online-yes" : ""}`,
              title: entry.connected ? "connected" : "not connected",
            }),
      ),
    ),
  );
}

/** A move entry's text with seat names: a joint action names each seat's part. */
export function moveText(move, names) {
  if (!move) return "";
  if (!Array.isArray(move.parts)) return String(move.text ?? "");
  return move.parts.map((part) => `${names[part.seat] ?? `Seat ${part.seat + 1}`}: ${part.text}`).join("; ");
}

/**
 * Fill the move list, one entry per ply (a joint action of a simultaneous node is one
 * entry with a part per seat); ``current`` is the number of moves shown on the board (the
 * replay marks entry ``current - 1``); ``onPick(n)`` makes the entries clickable and shows
 * the position after ``n`` moves.
 */
export function drawMoves(list, moves, names, { current = null, onPick = null } = {}) {
  list.replaceChildren(
    ...(moves || []).map((move, index) => {
      const joint = Array.isArray(move.parts);
      const body = joint
        ? move.parts.map((part) =>
            h(
              "span",
              { class: "move-part", title: names[part.seat] || "" },
              h("i", { class: `seat-dot seat-swatch-${part.seat}` }),
              h("span", { class: "move-text" }, part.text),
            ),
          )
        : [
            h("i", { class: `seat-dot seat-swatch-${move.seat}` }),
            h("span", { class: "move-text" }, move.text),
          ];
      const item = h(
        "li",
        {
          class: joint ? "move move-joint" : "move",
          dataset: { ply: move.ply, index },
          title: joint ? moveText(move, names) : names[move.seat] || "",
        },
        h("span", { class: "move-num" }, `${move.ply + 1}.`),
        ...body,
      );
      if (onPick) item.addEventListener("click", () => onPick(index + 1));
      return item;
    }),
  );
  if (!list.children.length) list.append(h("li", { class: "empty muted" }, "No moves yet"));
  markMove(list, current);
}

/**
 * Highlight the entry that led to the position after ``current`` moves (none at the start
 * or when ``current`` is null) and scroll the list to it, or to the latest entry.
 */
export function markMove(list, current) {
  for (const item of list.querySelectorAll(".move-current")) item.classList.remove("move-current");
  const entry = current ? list.querySelector(`li.move[data-index="${current - 1}"]`) : null;
  if (entry) entry.classList.add("move-current");
  const mark = entry || list.lastElementChild;
  const box = list.parentElement;
  if (mark && box && box.scrollHeight > box.clientHeight) {
    const at = mark.getBoundingClientRect();
    const view = box.getBoundingClientRect();
    box.scrollTop += at.top - view.top - (box.clientHeight - at.height) / 2;
  }
}
