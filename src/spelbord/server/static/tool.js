// A game's tool page (/tools/<game>/<tool>): the server knows no game; the game declares
// the tool (its inputs and bounds, /api/tools/<game>/<tool>) and the ES module of its own
// web folder that draws the page, which gets the declaration and a `run(params)` that
// posts to the tool's JSON API.
import { api, toast } from "/static/api.js";

const [, , game, name] = location.pathname.split("/");
const root = document.getElementById("tool");

async function start() {
  const path = `/api/tools/${encodeURIComponent(game)}/${encodeURIComponent(name)}`;
  const desc = await api(path);
  document.title = `${desc.title} · Spelbord`;
  document.getElementById("tool-title").textContent = desc.title;
  document.getElementById("tool-summary").textContent = desc.summary;
  document.getElementById("tool-rules").href = `/rules/${encodeURIComponent(game)}`;
  const module = await import(`/games/${encodeURIComponent(game)}/${desc.page}`);
  module.mountTool(root, { desc, run: (params) => api(path, { method: "POST", body: params }) });
}

start().catch((err) => {
  root.textContent = err.message;
  toast(err.message);
});
