// Keyboard play across redraws: a renderer redraws its board after every choice, which
// throws away the focused square. keepFocus puts the focus back on the same square (the
// element with the same data-sq / data-square / data-field / data-action, or the same row)
// or, when it is gone, on the board's first keyboard stop, so Tab and Enter carry on.
//
//   import { keepFocus } from "/static/focus.js";
//   keepFocus(document.getElementById("board"));

const KEYS = ["data-sq", "data-square", "data-field", "data-action", "data-row", "data-seat"];

/** A selector naming ``el`` by its identifying data attributes (null when it has none). */
export function identify(el) {
  const parts = KEYS.filter((k) => el.hasAttribute(k)).map(
    (k) => `[${k}="${CSS.escape(el.getAttribute(k))}"]`,
  );
  return parts.length ? `${el.tagName.toLowerCase()}${parts.join("")}` : null;
}

/** Keep keyboard focus inside ``board`` across its redraws. */
export function keepFocus(board) {
  let remembered = null; // selector of the last focused keyboard stop in the board
  document.addEventListener("focusin", (e) => {
    remembered = board.contains(e.target) ? identify(e.target) || "" : null;
  });
  new MutationObserver(() => {
    if (remembered === null) return;
    const active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;
    const again = remembered ? board.querySelector(`${remembered}[tabindex]`) : null;
    const target = again || board.querySelector("[tabindex]:not([tabindex='-1']), button");
    if (target) target.focus({ preventScroll: true });
  }).observe(board, { childList: true, subtree: true });
}
