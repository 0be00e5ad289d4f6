// The page's language: English, Swedish, Danish or Norwegian bokmål, one catalogue per
// language (static/i18n/<code>.json, the same keys in each). Chosen from the browser's
// languages until the player picks one, then remembered (localStorage).
//
//   import { loadLanguage, t, translatePage, languagePicker } from "/static/i18n.js";
//   await loadLanguage();
//   t("status.to_move", { name: "White" })   // "White to move" / "White drar" / ...
//
// A game's renderer has its own catalogues (games/<game>/web/i18n/<code>.json, served as
// /games/<game>/i18n/<code>.json); its modules share one translator:
//
//   export const t = await gameTexts("coerceo");   // in games/coerceo/web/texts.js
//   t(key, params)                                  // the game's key, else the page's

export const LANGUAGES = ["en", "sv", "da", "nb"];
const KEY = "spelbord.lang";
let catalogue = {};
let english = {};
let current = null;
const COOKIE = "spelbord_lang"; // the server answers errors in this language

/** The language code for a browser language tag (no, nn and nb are bokmål here). */
export function languageOf(tag) {
  const base = String(tag || "").toLowerCase().split("-")[0];
  if (["no", "nb", "nn"].includes(base)) return "nb";
  return LANGUAGES.includes(base) ? base : null;
}

/** The chosen language: the remembered one, else the browser's first we speak, else English. */
export function chosenLanguage() {
  let kept = null;
  try {
    kept = localStorage.getItem(KEY);
  } catch {
    kept = null;
  }
  if (LANGUAGES.includes(kept)) return kept;
  for (const tag of navigator.languages || [navigator.language]) {
    const code = languageOf(tag);
    if (code) return code;
  }
  return "en";
}

async function fetchCatalogue(code) {
  const response = await fetch(`/static/i18n/${code}.json`);
  if (!response.ok) throw new Error(`no catalogue for ${code}`);
  return response.json();
}

/** The page's language: the one loaded, else the chosen one. */
export function currentLanguage() {
  return current ?? chosenLanguage();
}

/** A number as the page's language writes it: "0.5" in English, "0,5" in Swedish,
 * Danish and Norwegian; with ``digits``, always that many decimals ("+1,25"). */
export function formatNumber(value, digits) {
  return Number(value).toLocaleString(currentLanguage(), decimals(digits));
}

/** A share (0.4771) as a percentage the page's language writes, with ``digits``
 * decimals: "47.71%" in English, "47,71 %" in Swedish. */
export function formatPercent(share, digits = 0) {
  return Number(share).toLocaleString(currentLanguage(), { style: "percent", ...decimals(digits) });
}

/** ``toLocaleString`` options for exactly ``digits`` decimals (none: as many as needed). */
function decimals(digits) {
  return digits == null ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
}

/** A moment (a ``Date``) as the page's language writes a date and time. */
export function formatMoment(date) {
  return date.toLocaleString(currentLanguage());
}

function tellServer(code) {
  try {
    document.cookie = `${COOKIE}=${code}; path=/; max-age=31536000; SameSite=Lax`;
  } catch {
    /* no cookies: the server reads the browser's Accept-Language */
  }
}

let loaded = null; // the code whose catalogue is loaded

/** Load the chosen language's catalogue (English fills any gap); returns its code. */
export async function loadLanguage(code = chosenLanguage()) {
  if (loaded !== code) {
    english = await fetchCatalogue("en").catch(() => ({}));
    catalogue = code === "en" ? english : await fetchCatalogue(code).catch(() => english);
    loaded = code;
  }
  current = code;
  // a page whose content the server wrote in a language of its own (the rules) keeps it
  if (!(document.body && document.body.dataset.lang)) document.documentElement.lang = code;
  tellServer(code);
  return code;
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** The text of ``key`` with ``{name}`` placeholders filled from ``params``. */
export function t(key, params = {}) {
  return fill(catalogue[key] ?? english[key] ?? key, params);
}

const games = new Map();

async function fetchGameCatalogue(game, code) {
  const url = `/games/${encodeURIComponent(game)}/i18n/${code}.json`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`no ${code} catalogue for ${game}`);
  return response.json();
}

/**
 * The translator of a game's renderer: its own catalogue in the page's language (English
 * fills any gap), then the page's. Loaded once per game and page.
 */
export function gameTexts(game) {
  if (!games.has(game)) {
    const code = currentLanguage();
    games.set(
      game,
      (async () => {
        const en = await fetchGameCatalogue(game, "en").catch(() => ({}));
        const own = code === "en" ? en : await fetchGameCatalogue(game, code).catch(() => en);
        const translate = (key, params = {}) => {
          const text = own[key] ?? en[key];
          return text === undefined ? t(key, params) : fill(text, params);
        };
        ready.set(game, translate);
        return translate;
      })(),
    );
  }
  return games.get(game);
}

const ready = new Map(); // game -> its translator, once ``gameTexts`` has loaded it

/**
 * The translator of a game whose texts are loaded already (its renderer imported them, or
 * ``gameTexts`` was awaited), else null: for code that cannot wait (a status line).
 */
export function loadedGameTexts(game) {
  return ready.get(game) || null;
}

/** "A", "A and B", "A, B and C" in the page's language. */
export function listText(items) {
  const list = [...items];
  if (list.length <= 1) return list.join("");
  return t("list.and", { items: list.slice(0, -1).join(", "), last: list[list.length - 1] });
}

/** Fill every ``[data-i18n]`` element's text from the catalogue. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}

/** A <select> of the four languages; choosing one remembers it and reloads the page. */
export function languagePicker() {
  const select = document.createElement("select");
  select.className = "lang-picker";
  select.setAttribute("aria-label", t("language.label"));
  const names = { en: "English", sv: "Svenska", da: "Dansk", nb: "Norsk bokmål" };
  for (const code of LANGUAGES) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = names[code];
    select.append(option);
  }
  select.value = currentLanguage();
  select.addEventListener("change", () => {
    try {
      localStorage.setItem(KEY, select.value);
    } catch {
      /* private mode: the choice lasts this page only */
    }
    tellServer(select.value);
    location.reload();
  });
  return select;
}

// Every page that imports this module speaks the chosen language from its first line on.
await loadLanguage();
