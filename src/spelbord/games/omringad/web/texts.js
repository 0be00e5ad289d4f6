// Omringad's texts in the page's language: web/i18n/<code>.json through /static/i18n.js.

import { gameTexts } from "/static/i18n.js";

/** ``t(key, params)``: Omringad's catalogue, then the page's. */
export const t = await gameTexts("omringad");

/** ``t(key + ".one")`` for 1, else ``t(key + ".many")``, with ``{n}`` filled. */
export const tn = (key, n, params = {}) => t(`${key}.${n === 1 ? "one" : "many"}`, { ...params, n });
