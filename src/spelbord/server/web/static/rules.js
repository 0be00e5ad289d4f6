// The rules page: draw the example positions (``#rules-examples``, VIEWs by name) into
// every <div class="rules-diagram" data-example="NAME"> with the game's own renderer, as
// a replay draws them (no controls).
import { loadRenderer } from "/static/api.js";

// A language chosen from the page's links is remembered as the language switch keeps it
// (localStorage ``spelbord.lang`` and the ``spelbord_lang`` cookie the server reads).
function rememberLanguage(event) {
  const code = event.currentTarget.hreflang;
  try {
    localStorage.setItem("spelbord.lang", code);
  } catch {
    // storage refused: the link still opens the page in that language
  }
  document.cookie = `spelbord_lang=${encodeURIComponent(code)}; path=/; max-age=31536000; SameSite=Lax`;
}

for (const link of document.querySelectorAll(".rules-languages a[hreflang]")) {
  link.addEventListener("click", rememberLanguage);
}

async function start() {
  const game = document.body.dataset.game;
  const spots = [...document.querySelectorAll(".rules-diagram[data-example]")];
  if (!game || !spots.length) return;
  const examples = JSON.parse(document.getElementById("rules-examples").textContent || "{}");
  const renderer = await loadRenderer(game);
  if (!renderer) return;
  for (const spot of spots) {
    const view = examples[spot.dataset.example];
    if (!view) continue;
    spot.classList.add("board");
    try {
      renderer.render(spot, view, { seat: null, replay: true, act: () => {}, notify: () => {} });
    } catch (err) {
      console.error(err);
    }
  }
  document.body.dataset.ready = "1";
}

start();
