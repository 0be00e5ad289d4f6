// Omringad's texts in the page's language: web/i18n/<code>.json through /static/i18n.js.

import { gameTexts } from "/static/i18n.js";
import { shownNotation } from "/static/notation.js";

/** ``t(key, params)``: Omringad's catalogue, then the page's. */
export const t = await gameTexts("omringad");

/** ``t(key + ".one")`` for 1, else ``t(key + ".many")``, with ``{n}`` filled. */
export const tn = (key, n, params = {}) => t(`${key}.${n === 1 ? "one" : "many"}`, { ...params, n });

/** An action's notation with its words in the page's language ("bid 7" is "bud 7"). */
export const notation = (text) => shownNotation(text, "omringad");
