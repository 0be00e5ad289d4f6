// The page's language: English, Swedish, Danish or Norwegian bokmål, one catalogue per
// language (static/i18n/<code>.json, the same keys in each). Chosen from the browser's
// languages until the player picks one, then remembered (localStorage).
//
//   import { loadLanguage, t, translatePage, languagePicker } from "/static/i18n.js";
//   await loadLanguage();
//   t("status.to_move", { name: "White" })   // "White to move" / "White drar" / ...

export const LANGUAGES = ["en", "sv", "da", "nb"];
const KEY = "spelbord.lang";
let catalogue = {};
let english = {};
let current = "en";

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

/** Load the chosen language's catalogue (English fills any gap); returns its code. */
export async function loadLanguage(code = chosenLanguage()) {
  english = await fetchCatalogue("en").catch(() => ({}));
  catalogue = code === "en" ? english : await fetchCatalogue(code).catch(() => english);
  current = code;
  document.documentElement.lang = code === "nb" ? "nb" : code;
  return code;
}

/** The text of ``key`` with ``{name}`` placeholders filled from ``params``. */
export function t(key, params = {}) {
  const text = catalogue[key] ?? english[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** Fill every ``[data-i18n]`` element's text from the catalogue. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}

/** A <select> of the four languages; choosing one remembers it and reloads the page. */
export function languagePicker() {
  const select = document.createElement("select");
  select.className = "lang-picker";
  select.setAttribute("aria-label", "Language");
  const names = { en: "English", sv: "Svenska", da: "Dansk", nb: "Norsk bokmål" };
  for (const code of LANGUAGES) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = names[code];
    select.append(option);
  }
  select.value = current;
  select.addEventListener("change", () => {
    try {
      localStorage.setItem(KEY, select.value);
    } catch {
      /* private mode: the choice lasts this page only */
    }
    location.reload();
  });
  return select;
}
