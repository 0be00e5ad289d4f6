// The renderers' kit: small helpers that know no game, for every game's web/renderer.js
// (and the modules it imports), served at /static/kit.js:
//
//   import { h, svgEl, diePips, loadStyle, injectStyle } from "/static/kit.js";
//
// svgEl and h build SVG and HTML elements, diePips draws the pips of a die face, loadStyle
// links a renderer's style sheet (its web/style.css) into the page once, and injectStyle
// adds a style sheet given as text once.

export const SVG_NS = "http://www.w3.org/2000/svg";

/** Attributes and children that are left out: undefined, null and false. */
const absent = (value) => value === undefined || value === null || value === false;

/** Append ``children`` (arrays are flattened one level; strings and numbers become text). */
function appendAll(node, children) {
  for (const child of children.flat()) {
    if (absent(child)) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

/** An SVG element with attributes (undefined, null and false are left out) and children. */
export function svgEl(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (!absent(value)) node.setAttribute(key, value);
  }
  return appendAll(node, children);
}

/**
 * An HTML element with attributes and children: ``on*`` attributes are event listeners,
 * ``class`` is the class name, true is an empty attribute, undefined, null and false are
 * left out.
 */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (absent(value)) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  return appendAll(node, children);
}

/** Where the pips of die faces 1 to 6 lie, in quarters of the face (x right, y down). */
export const PIPS = Object.freeze({
  1: [[2, 2]],
  2: [
    [1, 1],
    [3, 3],
  ],
  3: [
    [1, 1],
    [2, 2],
    [3, 3],
  ],
  4: [
    [1, 1],
    [3, 1],
    [1, 3],
    [3, 3],
  ],
  5: [
    [1, 1],
    [3, 1],
    [2, 2],
    [1, 3],
    [3, 3],
  ],
  6: [
    [1, 1],
    [3, 1],
    [1, 2],
    [3, 2],
    [1, 3],
    [3, 3],
  ],
});

/**
 * The pips of ``face`` on a die face ``size`` wide whose top left corner is (0, 0): SVG
 * circles of radius ``r`` and class ``cls``. None for anything but 1 to 6 (a die not rolled).
 */
export function diePips(face, size, r, cls) {
  const q = size / 4;
  return (PIPS[face] || []).map(([i, j]) =>
    svgEl("circle", { class: cls, cx: i * q, cy: j * q, r }),
  );
}

/**
 * Link the style sheet at ``url`` into the page once, as <link rel="stylesheet" id="ID">;
 * the promise resolves when it has loaded. A renderer awaits it at the top of its module,
 * so the page's first drawing of the board is already styled:
 *
 *   await loadStyle("mygame-style", new URL("./style.css", import.meta.url));
 *
 * A sheet that fails to load resolves too, with a warning: the board is then drawn
 * unstyled rather than not at all.
 */
export function loadStyle(id, url) {
  const found = document.getElementById(id);
  if (found) return found.loaded || Promise.resolve();
  const link = h("link", { id, rel: "stylesheet", href: String(url) });
  link.loaded = new Promise((resolve) => {
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener(
      "error",
      () => {
        console.warn(`style sheet ${url} did not load`);
        resolve();
      },
      { once: true },
    );
  });
  document.head.append(link);
  return link.loaded;
}

/** Add the style sheet ``css`` to the page as <style id="ID">, unless it is there already. */
export function injectStyle(id, css) {
  if (document.getElementById(id)) return;
  document.head.append(h("style", { id }, css));
}
