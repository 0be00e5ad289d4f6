// Fit the table to the screen: the controls of the current decision (the renderer marks
// them with ``data-decision``) must be in view without scrolling, so the board's drawing
// gives up height until they are, down to a least height that keeps the board usable.
//
//   import { keepFitted } from "/static/fit.js";
//   keepFitted(document.getElementById("board"));

/** The least height (px) the board's drawing is shrunk to. */
export const LEAST = 180;
/** Room (px) kept free under the lowest control. */
const MARGIN = 8;

/** The board's main drawing: the renderer's ``svg[data-board]``, else its largest SVG. */
export function mainDrawing(board) {
  const marked = board.querySelector("svg[data-board]");
  if (marked) return marked;
  let best = null;
  let area = 0;
  for (const svg of board.querySelectorAll("svg")) {
    const r = svg.getBoundingClientRect();
    if (r.width * r.height > area) {
      best = svg;
      area = r.width * r.height;
    }
  }
  return best;
}

/** Shown controls of the current decision (empty when the viewer has nothing to decide). */
export function decisionControls(board) {
  return [...board.querySelectorAll("[data-decision]")].filter(
    (el) => el.getClientRects().length && el.getBoundingClientRect().height > 0,
  );
}

/**
 * Shrink the board's drawing so that every decision control below it ends inside the
 * window (measured as if the page were scrolled to the top).
 */
export function fit(board) {
  const svg = mainDrawing(board);
  if (!svg) return;
  svg.style.maxHeight = "";
  const drawing = svg.getBoundingClientRect();
  const below = decisionControls(board).filter(
    (el) => el.getBoundingClientRect().top >= drawing.bottom - 1,
  );
  if (!below.length) return;
  const bottom = Math.max(...below.map((el) => el.getBoundingClientRect().bottom)) + window.scrollY;
  const overflow = bottom + MARGIN - window.innerHeight;
  if (overflow <= 0) return;
  const height = Math.max(LEAST, Math.floor(drawing.height - overflow));
  if (height < drawing.height) svg.style.maxHeight = `${height}px`;
}

/** Fit ``board`` now and whenever its renderer redraws it or the window changes size. */
export function keepFitted(board) {
  let queued = false;
  const later = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      fit(board);
    });
  };
  new MutationObserver(later).observe(board, { childList: true });
  window.addEventListener("resize", later);
  fit(board);
  return later;
}
