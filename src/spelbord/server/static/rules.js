// The rules page: draw the example positions (``#rules-examples``, VIEWs by name) into
// every <div class="rules-diagram" data-example="NAME"> with the game's own renderer, as
// a replay draws them (no controls).
import { loadRenderer } from "/static/api.js";

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
