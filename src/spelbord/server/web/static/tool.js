// A game's tool page (/tools/<game>/<tool>): the server knows no game; the game declares
// the tool (its inputs and bounds, /api/tools/<game>/<tool>) and the ES module of its own
// web folder that draws the page, which gets the declaration and a `run(params)` that
// posts to the tool's JSON API.
// The module may return the page's title and summary in the page's language; else the
// declaration's (English) are shown.
import { api, toast } from "/static/api.js";
import { translatePage } from "/static/i18n.js";

translatePage();

const [, , game, name] = location.pathname.split("/");
const root = document.getElementById("tool");

async function start() {
  const path = `/api/tools/${encodeURIComponent(game)}/${encodeURIComponent(name)}`;
  const desc = await api(path);
  document.getElementById("tool-rules").href = `/rules/${encodeURIComponent(game)}`;
  const module = await import(`/games/${encodeURIComponent(game)}/${desc.page}`);
  const shown = module.mountTool(root, { desc, run: (params) => api(path, { method: "POST", body: params }) }) || {};
  const title = shown.title || desc.title;
  document.title = `${title} · Spelbord`;
  document.getElementById("tool-title").textContent = title;
  document.getElementById("tool-summary").textContent = shown.summary || desc.summary;
}

start().catch((err) => {
  root.textContent = err.message;
  toast(err.message);
});
