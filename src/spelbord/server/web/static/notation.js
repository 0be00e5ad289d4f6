// A game's notation as the page shows it: the game's own words (``buy``, ``roll``, ``first``)
// in the page's language, the squares, counts and symbols as they are. The record keeps the
// game's language-neutral text; this is for the eye only.
//
//   notationWords("buy G, done", (w) => ({ buy: "köp", done: "klar" })[w] ?? null)
//   // "köp G, klar"
//
// A game declares its words in its catalogue (games/<game>/web/i18n/<code>.json):
// ``notation.<word>`` for each word its notation uses, English the word itself.
import { loadedGameTexts } from "/static/i18n.js";

/** A token: a run of letters and digits (``c7``, ``g7-d7R`` is two, ``1K`` one). */
const TOKEN = /[\p{L}\p{N}]+/gu;
/** A count before a letter (Gunst's ``2W``: two warriors): the count stays. */
const COUNTED = /^(\d+)(\p{L}+)$/u;

/**
 * ``text`` with each whole token that ``word`` names replaced by its words: ``word(token)``
 * gives the shown words or null (the token stays). A token is never split: a square
 * (``c7``, ``e2``) or a move (``g7-d7R``) stays whole unless ``word`` names it; a counted
 * letter (``2W``) keeps its count.
 *
 * >>> notationWords("take R, buy G", (w) => ({ take: "ta", buy: "köp" })[w] ?? null)
 * "ta R, köp G"
 * >>> notationWords("1K 2W Ex", (w) => ({ K: "R", W: "K" })[w] ?? null)
 * "1R 2K Ex"
 */
export function notationWords(text, word) {
  return String(text).replace(TOKEN, (token) => {
    const said = word(token);
    if (said !== null && said !== undefined) return said;
    const counted = COUNTED.exec(token);
    if (counted) {
      const letter = word(counted[2]);
      if (letter !== null && letter !== undefined) return `${counted[1]}${letter}`;
    }
    return token;
  });
}

/**
 * A move's notation in the page's language: ``text`` with the words ``game``'s catalogue
 * names (``notation.<word>``) in the page's language; unchanged when the game is unknown or
 * its texts are not loaded yet (``loadedGameTexts``), and in English, whose words are the
 * notation's own.
 */
export function shownNotation(text, game = null) {
  const say = game ? loadedGameTexts(game) : null;
  if (!say) return String(text ?? "");
  return notationWords(text ?? "", (token) => {
    const key = `notation.${token}`;
    const said = say(key);
    return said === key ? null : said;
  });
}
