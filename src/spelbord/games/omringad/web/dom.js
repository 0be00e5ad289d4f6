// Small DOM helpers shared by the Omringad board's modules: SVG and HTML element builders.

export const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with attributes (null, undefined and false are left out) and children. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/** An HTML element: ``on*`` attributes are listeners, ``class`` the class name. */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

/** Whether ``s`` is a seat (not null, a spectator, chance or a simultaneous node). */
export const seatOk = (s) => s !== null && s !== undefined && s >= 0;

/** "+1", "−1", "±0". */
export const signed = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "±0");

/** "1 hit", "2 hits". */
export const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
