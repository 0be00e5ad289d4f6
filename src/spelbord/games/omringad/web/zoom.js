// Pinch-zoom and pan for the four-country board on a phone, where its squares are ~33 px:
// two fingers spread or pinch the drawing (1x to 3x), one finger pans the frame (the frame
// scrolls), and the − / + buttons do the same without touch. The zoom and the frame's
// scroll position outlive redraws (they are kept in the renderer's memory of the root).

import { formatPercent } from "/static/i18n.js";
import { h } from "/static/kit.js";
import { t } from "./texts.js";

const MOST = 3;

const clamp = (z) => Math.min(MOST, Math.max(1, z));

/** Wrap the board ``svg`` in a zoomable, scrollable frame; ``mem.zoom`` keeps the state. */
export function zoomable(svg, mem) {
  const state = mem.zoom || (mem.zoom = { scale: 1, left: 0, top: 0, pinching: false });
  const frame = h("div", { class: "om-zoom-frame" }, svg);
  const label = h("span", { class: "om-zoom-level", "aria-live": "polite" });
  const apply = (scale, cx = null, cy = null) => {
    const old = state.scale;
    state.scale = clamp(scale);
    svg.style.width = `${state.scale * 100}%`;
    svg.style.maxWidth = "none";
    svg.style.maxHeight = "none";
    label.textContent = formatPercent(state.scale); // "133%" ("133 %" in Swedish)
    if (cx !== null && old !== state.scale) {
      // keep the point under the fingers (frame coordinates cx, cy) where it is
      const k = state.scale / old;
      frame.scrollLeft = (frame.scrollLeft + cx) * k - cx;
      frame.scrollTop = (frame.scrollTop + cy) * k - cy;
    }
    state.left = frame.scrollLeft;
    state.top = frame.scrollTop;
  };
  const button = (text, title, factor) =>
    h(
      "button",
      {
        type: "button",
        class: `btn btn-small om-zoom-${factor > 1 ? "in" : "out"}`,
        title,
        "aria-label": title,
        onclick: () => apply(state.scale * factor, frame.clientWidth / 2, frame.clientHeight / 2),
      },
      text,
    );
  const bar = h(
    "div",
    { class: "om-zoom-bar" },
    button("−", t("zoom.out"), 1 / 1.5),
    label,
    button("+", t("zoom.in"), 1.5),
  );
  // Two-finger pinch: the ratio of the fingers' distance to the distance at the start.
  const fingers = new Map();
  let start = null;
  const spread = () => {
    const [a, b] = [...fingers.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  frame.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "touch") return;
    fingers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (fingers.size === 2) {
      start = { spread: spread(), scale: state.scale };
      state.pinching = true;
    }
  });
  frame.addEventListener("pointermove", (e) => {
    if (!fingers.has(e.pointerId)) return;
    fingers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (fingers.size === 2 && start && start.spread > 0) {
      const box = frame.getBoundingClientRect();
      const [a, b] = [...fingers.values()];
      apply(
        (start.scale * spread()) / start.spread,
        (a.x + b.x) / 2 - box.left,
        (a.y + b.y) / 2 - box.top,
      );
    }
  });
  const lift = (e) => {
    fingers.delete(e.pointerId);
    if (fingers.size < 2) start = null;
    // the tap that ends a pinch is no tap on a square
    if (!fingers.size) setTimeout(() => (state.pinching = false), 0);
  };
  frame.addEventListener("pointerup", lift);
  frame.addEventListener("pointercancel", lift);
  frame.addEventListener("scroll", () => {
    state.left = frame.scrollLeft;
    state.top = frame.scrollTop;
  });
  apply(state.scale);
  requestAnimationFrame(() => {
    frame.scrollLeft = state.left;
    frame.scrollTop = state.top;
  });
  return h("div", { class: "om-zoom" }, frame, bar);
}
