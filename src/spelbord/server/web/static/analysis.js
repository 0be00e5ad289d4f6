// The analysis board of one game (/analysis/<game>?<options>#<position text>): a position
// (set up by hand, from the URL, from a finished game's replay, or the player's own
// position in a game being played) drawn by the game's renderer; the game's own editor
// (/games/<game>/study.js) reads and writes position texts and offers the set-up tools.
// "Analyse" asks the engine (a bounded search on the server) for the evaluation bar, the
// best line drawn on the board, the top moves with their scores and the threats.
import { api, copyText, loadRenderer, toast } from "/static/api.js";
import { t, translatePage } from "/static/i18n.js";

translatePage();

const $ = (id) => document.getElementById(id);
const GAME = decodeURIComponent(location.pathname.split("/")[2] || "");
let renderer = null;
let study = null;
let editor = null;
let info = null;
let options = {};
let lastResult = null;

/** The options in the query (``?variant=ocius``), as the server reads them. */
function queryOptions() {
  const out = {};
  for (const [k, v] of new URLSearchParams(location.search)) out[k] = v;
  return out;
}

function shareUrl(text) {
  const query = new URLSearchParams(queryOptions()).toString();
  return `/analysis/${encodeURIComponent(GAME)}${query ? `?${query}` : ""}#${encodeURIComponent(text)}`;
}

function syncText() {
  const text = editor.text();
  $("position").value = text;
  $("side").value = String(editor.side());
  history.replaceState(null, "", shareUrl(text));
}

function draw() {
  renderer.render($("board"), editor.view(), { seat: null, replay: true, act: () => {}, notify: toast });
  const svg = $("board").querySelector("svg");
  if (lastResult && lastResult.key === editor.text() && svg && study.drawLine) study.drawLine(svg, lastResult.line);
}

function edited() {
  lastResult = null;
  syncText();
  draw();
}

/** An engine score in the page's language from its ``verdict`` (``score_parts`` on the
 * server): "win in 3", "loss in 2" or "+1.25" pieces; the English ``text`` if none. */
function verdictText(verdict, text) {
  if (!verdict) return String(text ?? "");
  if (verdict.kind === "win") return t("study.win_in", { n: verdict.turns });
  if (verdict.kind === "loss") return t("study.loss_in", { n: verdict.turns });
  const pieces = Number(verdict.pieces);
  return `${pieces >= 0 ? "+" : ""}${pieces.toFixed(2)}`;
}

function showResult(r) {
  lastResult = { ...r, key: editor.text() };
  document.body.dataset.analysed = "1";
  const side = r.side === "white" || r.side === "black" ? t(`study.${r.side}`) : r.side;
  $("evaluation").textContent = t("study.evaluation_for", { evaluation: verdictText(r.verdict, r.evaluation), side });
  $("depth").textContent = t("study.depth_nodes", {
    depth: r.depth,
    nodes: r.nodes.toLocaleString(document.documentElement.lang || undefined),
    seconds: r.seconds,
  });
  $("bestline").textContent = r.line.join("  ");
  const first = r.scores[0];
  const share = Math.abs(first) > 90000 ? (first > 0 ? 1 : 0) : 0.5 + 0.5 * Math.tanh(first / 400);
  $("evalfill").style.width = `${(share * 100).toFixed(1)}%`;
  $("evalbar").setAttribute("aria-valuenow", String(first));
  const li = (text) => Object.assign(document.createElement("li"), { textContent: text });
  $("top").replaceChildren(...r.top.map((m) => li(`${m.move}  ${verdictText(m.verdict, m.text)}`)));
  $("threats").replaceChildren(
    ...(r.threats.length
      ? r.threats.map((m) =>
          li(t("study.threat", { move: m.move, gain: (m.gain / 100).toFixed(1), line: m.line.join(" ") })),
        )
      : [li(t("study.no_threats"))]),
  );
  draw();
}

async function analyse() {
  $("error").textContent = "";
  delete document.body.dataset.error;
  const text = $("position").value.trim();
  try {
    const r = await api(`/api/analyse/${encodeURIComponent(GAME)}`, {
      method: "POST",
      body: { position: text, options, seconds: 1.0 },
    });
    editor.load(r.position);
    syncText();
    showResult(r);
  } catch (err) {
    $("error").textContent = err.message;
    document.body.dataset.error = err.message;
  }
}

/** A select per board option with choices (e.g. Laurentius / Ocius): a change reloads the
 * board at that option's start position. */
function optionControls() {
  const box = $("board-options");
  for (const opt of info.options) {
    if (!Array.isArray(opt.choices) || opt.choices.length < 2) continue;
    const select = document.createElement("select");
    select.id = `opt-${opt.name}`;
    select.title = opt.help || opt.name;
    for (const choice of opt.choices) {
      const o = Object.assign(document.createElement("option"), { value: String(choice), textContent: String(choice) });
      if (String(choice) === String(options[opt.name])) o.selected = true;
      select.append(o);
    }
    select.addEventListener("change", () => {
      const query = queryOptions();
      if (String(opt.default) === select.value) delete query[opt.name];
      else query[opt.name] = select.value;
      const q = new URLSearchParams(query).toString();
      location.assign(`/analysis/${encodeURIComponent(GAME)}${q ? `?${q}` : ""}`);
    });
    const label = Object.assign(document.createElement("label"), { textContent: `${opt.name} ` });
    label.append(select);
    box.append(label);
  }
}

async function main() {
  const query = new URLSearchParams(queryOptions()).toString();
  const start = await api(`/api/analyse/${encodeURIComponent(GAME)}/start${query ? `?${query}` : ""}`);
  info = start.info;
  options = start.options;
  document.title = t("study.analysis_doc_title", { title: info.title });
  $("title").textContent = t("study.analysis_of", { title: info.title });
  $("rules-link").href = `/rules/${encodeURIComponent(GAME)}`;
  const features = (await api("/api/study")).games[GAME] || [];
  if (features.includes("puzzles")) {
    $("puzzles-link").href = `/puzzles/${encodeURIComponent(GAME)}`;
    $("puzzles-link").hidden = false;
  }
  renderer = await loadRenderer(GAME);
  study = await import(`/games/${encodeURIComponent(GAME)}/study.js`);
  editor = study.createEditor(options, edited, start.position);
  editor.tools($("setup"));
  info.seat_names.forEach((name, seat) =>
    $("side").append(Object.assign(document.createElement("option"), { value: String(seat), textContent: name })),
  );
  optionControls();
  const hash = decodeURIComponent(location.hash.slice(1));
  editor.load(hash || start.position);
  syncText();
  draw();
  $("analyse").addEventListener("click", analyse);
  $("share").addEventListener("click", async () => {
    syncText();
    await copyText(location.href);
    toast(t("study.link_copied"), "info");
  });
  $("edit").addEventListener("change", () => ($("setup").hidden = !$("edit").checked));
  // Typed text stays as typed (the server judges it and names what is wrong).
  $("position").addEventListener("change", () => {
    const text = $("position").value.trim();
    editor.load(text);
    history.replaceState(null, "", shareUrl(text));
    lastResult = null;
    draw();
  });
  $("side").addEventListener("change", () => {
    editor.setSide(Number($("side").value));
    edited();
  });
  $("board").addEventListener("click", (event) => {
    if ($("edit").checked && editor.tap(event)) edited();
  });
  document.body.dataset.ready = "1";
  if (hash) await analyse();
}

main().catch((err) => {
  $("error").textContent = t("study.cannot_start", { error: err.message });
  document.body.dataset.error = err.message;
});
