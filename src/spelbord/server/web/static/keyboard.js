// Keyboard play on any board: the arrow keys move the focus to the nearest keyboard stop
// (a piece, square or button the renderer made focusable) in that direction, Home and End
// to the first and last, Escape cancels a half-made choice. Enter and Space select and
// confirm (each renderer handles those on its own stops). A renderer learns of Escape
// through a "board-cancel" event that bubbles from the focused element; a confirmation
// box's "No" button (.confirm-no) is pressed instead where one is open.
//
//   import { boardKeys } from "/static/keyboard.js";
//   boardKeys(document.getElementById("board"));

const STOPS = "[tabindex]:not([tabindex='-1']), button:not([disabled])";
// Keys that belong to the focused control itself (typing a bid, choosing in a list).
const OWN_KEYS = new Set(["INPUT", "SELECT", "TEXTAREA"]);

/** The board's visible keyboard stops, in document order. */
export function stops(board) {
  return [...board.querySelectorAll(STOPS)].filter((node) => {
    const box = node.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  });
}

function centre(node) {
  const box = node.getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2];
}

const DIRECTIONS = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

/**
 * The stop nearest to ``from`` in direction ``[dx, dy]`` (screen axes), or null.
 * Distance along the direction counts once and sideways distance twice, so that a stop
 * straight ahead wins over a nearer one far off to the side; stops more sideways than
 * ahead are only taken when nothing lies within the 45-degree cone.
 */
export function nearest(from, candidates, [dx, dy]) {
  const [fx, fy] = centre(from);
  let best = null;
  let bestScore = Infinity;
  let inCone = false;
  for (const node of candidates) {
    if (node === from) continue;
    const [x, y] = centre(node);
    const ahead = (x - fx) * dx + (y - fy) * dy;
    const side = Math.abs((x - fx) * dy - (y - fy) * dx);
    if (ahead <= 0.5) continue;
    const cone = side <= ahead;
    if (inCone && !cone) continue;
    const score = ahead + 2 * side;
    if ((cone && !inCone) || score < bestScore) {
      best = node;
      bestScore = score;
      inCone = inCone || cone;
    }
  }
  return best;
}

/** Arrow keys, Home, End and Escape on ``board``'s keyboard stops. */
export function boardKeys(board) {
  board.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const from = document.activeElement;
    if (!from || !board.contains(from) || OWN_KEYS.has(from.tagName)) return;
    if (e.key === "Escape") {
      const no = board.querySelector(".confirm-no");
      if (no) no.click();
      else from.dispatchEvent(new CustomEvent("board-cancel", { bubbles: true }));
      e.preventDefault();
      return;
    }
    const all = stops(board);
    let next = null;
    if (e.key === "Home") next = all[0];
    else if (e.key === "End") next = all[all.length - 1];
    else if (DIRECTIONS[e.key]) next = nearest(from, all, DIRECTIONS[e.key]);
    else return;
    e.preventDefault(); // the page does not scroll under the moving focus
    if (next) next.focus({ preventScroll: false });
  });
}
