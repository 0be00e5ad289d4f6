// The analysis board of one game (/analysis/<game>?<options>#<position text>), played as at
// the table: the game's renderer draws the position and a click moves a piece (the server
// reads the position and applies the move: POST /api/analyse/<game>/board). What was
// played is a move history with takeback and steps back and forward; the URL always holds
// the position shown, so it can be shared. The engine's view of that position (the
// evaluation bar, the best line drawn on the board, the top moves, the threats) is asked
// for as you go, a moment after the position last changed (the worker tier searches it,
// at most 2 s, within the server's rate limit); an answer for a position no longer shown
// is dropped. The best line is in the game's notation: a click on one of its moves shows
// that position, back and forward step through it. "Set up" edits the position by hand
// with the game's own editor (/games/<game>/study.js), which also draws the line.
import { api, copyText, h, loadRenderer, toast } from "/static/api.js";
import { formatNumber, gameTexts, t, translatePage } from "/static/i18n.js";
import { markSpan } from "/static/viewparts.js";

translatePage();

const $ = (id) => document.getElementById(id);
const GAME = decodeURIComponent(location.pathname.split("/")[2] || "");
const API = `/api/analyse/${encodeURIComponent(GAME)}`;
const SETTLE_MS = 450; // the position must stay this long before it is analysed
const SECONDS = 1.0; // the search asked for (the server caps it at 2 s)
const RETRY_MS = 10000; // after the server refused an analysis as one too many

let renderer = null;
let study = null;
let editor = null;
let info = null;
let say = t; // the game's texts, then the page's
let options = {};

/** What was played: ``entries[0]`` the position loaded or set up, each later one the
 * position after ``move``; ``at`` the one shown. ``preview``: a position of the best line
 * shown instead (``index`` into the analysis' ``frames``). */
const board = { entries: [], at: 0, preview: null };
const results = new Map(); // position text -> the engine's answer (asked once per position)
let asked = 0; // the number of the newest analysis request (older answers are dropped)
let settle = null;

const current = () => board.entries[board.at];

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

function showError(message) {
  $("error").textContent = message || "";
  $("error").hidden = !message;
  if (message) document.body.dataset.error = message;
  else delete document.body.dataset.error;
}

// ---------------------------------------------------------------- the board
function setupMode() {
  return $("edit").checked;
}

function draw() {
  const target = $("board");
  const entry = current();
  const frames = board.preview && resultFor(entry) ? resultFor(entry).frames : null;
  const framed = frames && frames[board.preview.index];
  let view = framed ? framed.view : entry.view;
  if (setupMode() || !view) {
    // set-up, or a position whose view has not come yet: the editor's own drawing of it
    if (!setupMode()) editor.load(entry.position);
    view = editor.view();
    renderer.render(target, view, { seat: null, replay: true, act: () => {}, notify: toast });
  } else {
    const playable = !framed && !view.result;
    renderer.render(target, view, {
      seat: playable ? view.to_move : null,
      replay: !playable,
      act: playable ? (action) => play(action.text) : () => {},
      notify: toast,
    });
  }
  const svg = target.querySelector("svg");
  const r = resultFor(entry);
  if (r && svg && study.drawLine) {
    const from = framed ? board.preview.index + 1 : 0;
    if (r.line.length > from) study.drawLine(svg, r.line.slice(from));
  }
  drawPreview(framed, r);
  drawHistory();
  drawLineMoves(r);
}

/** Show the entry ``at`` of the history (the preview ends). */
function goTo(at) {
  if (at < 0 || at >= board.entries.length) return;
  board.at = at;
  board.preview = null;
  positionChanged();
}

/** After the shown position changed: the text box, the URL, the board, the analysis. */
function positionChanged() {
  const text = current().position;
  $("position").value = text;
  editor.load(text);
  $("side").value = String(editor.side());
  history.replaceState(null, "", shareUrl(text));
  document.body.dataset.position = text;
  document.body.dataset.at = String(board.at);
  draw();
  scheduleAnalysis();
}

/** Start a new history at ``text`` (typed, set up, from the URL): its board view is
 * asked for; the board shows the editor's drawing meanwhile. */
async function load(text) {
  board.entries = [{ position: text, view: null, move: null, marks: [] }];
  board.at = 0;
  board.preview = null;
  positionChanged();
  if (setupMode()) return;
  const entry = board.entries[0];
  try {
    const r = await api(`${API}/board`, { method: "POST", body: { position: text, options } });
    entry.view = r.view;
    if (current() === entry) draw();
  } catch (err) {
    showError(err.message);
  }
}

/** Play ``move`` (notation) in the position shown: later history is replaced. */
async function play(move) {
  const entry = current();
  if (document.body.dataset.playing === "1") return;
  document.body.dataset.playing = "1";
  try {
    const r = await api(`${API}/board`, {
      method: "POST",
      body: { position: entry.position, options, move },
    });
    if (current() !== entry) return; // the player went elsewhere meanwhile
    board.entries = board.entries.slice(0, board.at + 1);
    board.entries.push({ position: r.position, view: r.view, move: r.move, marks: r.marks || [] });
    goTo(board.entries.length - 1);
  } catch (err) {
    toast(err.message);
    draw();
  } finally {
    document.body.dataset.playing = "0";
  }
}

/** Take back the move that led to the position shown (and what followed it). */
function takeback() {
  if (board.at === 0) return;
  board.entries = board.entries.slice(0, board.at);
  goTo(board.at - 1);
}

function drawHistory() {
  const list = $("history");
  const items = board.entries.map((entry, i) =>
    h(
      "li",
      {},
      h(
        "button",
        {
          type: "button",
          dataset: { index: i },
          "aria-current": i === board.at && !board.preview ? "true" : "false",
          onclick: () => goTo(i),
        },
        i === 0 ? t("study.start") : [h("span", { class: "move-num" }, `${i}.`), entry.move],
        ...(entry.marks || []).map((m) => markSpan(m, GAME)),
      ),
    ),
  );
  list.replaceChildren(...items);
  if (board.entries.length === 1) list.append(h("li", { class: "muted an-history-help" }, t("study.play_on_board")));
  $("hist-first").disabled = $("hist-back").disabled = board.at === 0;
  $("hist-last").disabled = $("hist-fwd").disabled = board.at >= board.entries.length - 1;
  $("takeback").disabled = board.at === 0;
}

// ---------------------------------------------------------------- the engine
function resultFor(entry) {
  return entry ? results.get(entry.position) || null : null;
}

/** Analyse the position shown once it has stayed a moment (at once: ``now``). */
function scheduleAnalysis(now = false) {
  clearTimeout(settle);
  const entry = current();
  const view = entry.view;
  if (view && view.result) {
    showResult(null, t("study.game_over"));
    return;
  }
  if (resultFor(entry)) {
    showResult(resultFor(entry));
    return;
  }
  showResult(null);
  $("busy").hidden = false;
  document.body.dataset.pending = "1";
  settle = setTimeout(() => analyse(entry.position), now ? 0 : SETTLE_MS);
}

async function analyse(text) {
  const mine = ++asked;
  showError("");
  try {
    const r = await api(API, { method: "POST", body: { position: text, options, seconds: SECONDS } });
    results.set(text, r);
    if (mine !== asked || current().position !== text) return; // stale: dropped
    showResult(r);
    draw();
  } catch (err) {
    if (mine !== asked) return;
    $("busy").hidden = true;
    delete document.body.dataset.pending;
    showError(err.message);
    // Too many analyses in a minute (the server's limit): ask again a little later if
    // the position is still shown.
    if (err.status === 429) {
      settle = setTimeout(() => current().position === text && !resultFor(current()) && analyse(text), RETRY_MS);
    }
  }
}

/** An engine score in the page's language from its ``verdict`` (``score_parts`` on the
 * server): "win in 3", "loss in 2" or "+1.25" pieces ("+1,25" in Swedish); the English
 * ``text`` if none. */
function verdictText(verdict, text) {
  if (!verdict) return String(text ?? "");
  if (verdict.kind === "win") return t("study.win_in", { n: verdict.turns });
  if (verdict.kind === "loss") return t("study.loss_in", { n: verdict.turns });
  const pieces = Number(verdict.pieces);
  return `${pieces >= 0 ? "+" : ""}${formatNumber(pieces, 2)}`;
}

/** The engine's answer ``r`` on the page (``null``: none yet, or ``note`` instead). */
function showResult(r, note = "") {
  $("busy").hidden = true;
  if (!r) {
    $("evaluation").textContent = note || "–";
    $("depth").textContent = "";
    $("top").replaceChildren();
    $("threats").replaceChildren();
    drawLineMoves(null);
    delete document.body.dataset.analysed;
    return;
  }
  delete document.body.dataset.pending;
  document.body.dataset.analysed = "1";
  document.body.dataset.analysedPosition = r.position;
  const side = r.side === "white" || r.side === "black" ? t(`study.${r.side}`) : r.side;
  $("evaluation").textContent = t("study.evaluation_for", { evaluation: verdictText(r.verdict, r.evaluation), side });
  $("depth").textContent = t("study.depth_nodes", {
    depth: r.depth,
    nodes: formatNumber(r.nodes),
    seconds: formatNumber(r.seconds, 1),
  });
  const first = r.scores[0];
  const share = Math.abs(first) > 90000 ? (first > 0 ? 1 : 0) : 0.5 + 0.5 * Math.tanh(first / 400);
  $("evalfill").style.width = `${(share * 100).toFixed(1)}%`;
  $("evalbar").setAttribute("aria-valuenow", String(first));
  const li = (...children) => h("li", {}, ...children);
  $("top").replaceChildren(
    ...r.top.map((m) =>
      li(
        h(
          "button",
          { type: "button", title: t("study.play_move", { move: m.move }), onclick: () => play(m.move) },
          `${m.move}  ${verdictText(m.verdict, m.text)}`,
        ),
      ),
    ),
  );
  $("threats").replaceChildren(
    ...(r.threats.length
      ? r.threats.map((m) => li(t("study.threat", { move: m.move, gain: formatNumber(m.gain / 100, 1), line: m.line.join(" ") })))
      : [li(t("study.no_threats"))]),
  );
  drawLineMoves(r);
}

// ---------------------------------------------------------------- the best line
function drawLineMoves(r) {
  const list = $("bestline");
  if (!r || !r.line.length) {
    list.replaceChildren(h("li", { class: "muted" }, "–"));
    $("line-nav").hidden = true;
    return;
  }
  const at = board.preview ? board.preview.index : -1;
  list.replaceChildren(
    ...r.line.map((move, i) =>
      h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            class: "line-move",
            dataset: { index: i },
            "aria-current": i === at ? "true" : "false",
            title: t("study.line_show", { move }),
            onclick: () => showLine(i),
          },
          h("span", { class: "move-num" }, `${i + 1}.`),
          move,
        ),
      ),
    ),
  );
  $("line-nav").hidden = false;
  $("line-back").disabled = at < 0;
  $("line-fwd").disabled = at >= Math.min(r.line.length, r.frames.length) - 1;
  $("line-exit").disabled = at < 0;
}

/** Show the position after move ``index`` of the best line (-1: the board's own). */
function showLine(index) {
  const r = resultFor(current());
  if (!r) return;
  const last = Math.min(r.line.length, r.frames.length) - 1;
  board.preview = index < 0 ? null : { index: Math.min(index, last) };
  document.body.dataset.preview = board.preview ? String(board.preview.index) : "";
  draw();
}

function drawPreview(framed, r) {
  const box = $("preview");
  if (!framed || !r) {
    box.hidden = true;
    delete document.body.dataset.preview;
    return;
  }
  box.textContent = t("study.line_at", { move: framed.move, n: board.preview.index + 1, total: r.line.length });
  box.hidden = false;
}

// ---------------------------------------------------------------- options and start
/** The game's words for ``key``, else ``fallback``. */
function own(key, fallback) {
  const text = say(key);
  return text === key ? fallback : text;
}

/** A field per board option with choices (e.g. Laurentius / Ocius, a checkbox for a yes
 * or no), labelled from the game's catalogue: a change reloads the board at that option's
 * start position. */
function optionControls() {
  const box = $("board-options");
  for (const opt of info.options) {
    if (!Array.isArray(opt.choices) || opt.choices.length < 2) continue;
    const yesNo = typeof opt.default === "boolean";
    let input;
    if (yesNo) {
      input = h("input", { type: "checkbox", id: `opt-${opt.name}` });
      input.checked = String(options[opt.name]) === "true";
    } else {
      input = h("select", { id: `opt-${opt.name}` });
      for (const choice of opt.choices) {
        const o = h("option", { value: String(choice) }, own(`option.${opt.name}.${choice}`, String(choice)));
        if (String(choice) === String(options[opt.name])) o.selected = true;
        input.append(o);
      }
    }
    input.title = own(`option.${opt.name}.help`, opt.help || "");
    input.addEventListener("change", () => {
      const value = yesNo ? String(input.checked) : input.value;
      const query = queryOptions();
      if (String(opt.default) === value) delete query[opt.name];
      else query[opt.name] = value;
      const q = new URLSearchParams(query).toString();
      location.assign(`/analysis/${encodeURIComponent(GAME)}${q ? `?${q}` : ""}`);
    });
    const words = own(`option.${opt.name}`, opt.name.replace(/_/g, " "));
    box.append(yesNo ? h("label", {}, input, ` ${words}`) : h("label", {}, `${words} `, input));
  }
}

function labelButtons() {
  $("evalbar").title = t("study.evalbar");
  $("bestline").setAttribute("aria-label", t("study.best_line"));
  for (const el of document.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
    el.title = t(el.dataset.i18nLabel);
  }
}

function keys(event) {
  if (event.target.closest("textarea, input, select")) return;
  const moves = {
    ArrowLeft: () => (board.preview ? showLine(board.preview.index - 1) : goTo(board.at - 1)),
    ArrowRight: () => (board.preview ? showLine(board.preview.index + 1) : goTo(board.at + 1)),
    Home: () => goTo(0),
    End: () => goTo(board.entries.length - 1),
    Escape: () => showLine(-1),
  };
  if (moves[event.key]) {
    event.preventDefault();
    moves[event.key]();
  }
}

async function main() {
  const query = new URLSearchParams(queryOptions()).toString();
  const start = await api(`${API}/start${query ? `?${query}` : ""}`);
  info = start.info;
  options = start.options;
  say = await gameTexts(GAME);
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
    $("side").append(h("option", { value: String(seat) }, own(`side.${name.toLowerCase()}`, name))),
  );
  optionControls();
  labelButtons();
  // On a wide screen the set-up card starts open; on a phone folded below the moves.
  $("setup-box").open = !window.matchMedia("(max-width: 900px)").matches;
  $("hist-first").addEventListener("click", () => goTo(0));
  $("hist-back").addEventListener("click", () => goTo(board.at - 1));
  $("hist-fwd").addEventListener("click", () => goTo(board.at + 1));
  $("hist-last").addEventListener("click", () => goTo(board.entries.length - 1));
  $("takeback").addEventListener("click", takeback);
  $("line-back").addEventListener("click", () => showLine(board.preview ? board.preview.index - 1 : -1));
  $("line-fwd").addEventListener("click", () => showLine(board.preview ? board.preview.index + 1 : 0));
  $("line-exit").addEventListener("click", () => showLine(-1));
  document.addEventListener("keydown", keys);
  $("analyse").addEventListener("click", () => {
    const text = $("position").value.trim();
    if (text !== current().position) load(text);
    results.delete(text);
    scheduleAnalysis(true);
  });
  $("share").addEventListener("click", async () => {
    history.replaceState(null, "", shareUrl(current().position));
    await copyText(location.href);
    toast(t("study.link_copied"), "info");
  });
  $("edit").addEventListener("change", () => {
    $("setup").hidden = !setupMode();
    if (!setupMode()) load(editor.text()); // back to playing: the set-up position
    else draw();
  });
  // Typed text stays as typed (the server judges it and names what is wrong).
  $("position").addEventListener("change", () => load($("position").value.trim()));
  $("side").addEventListener("change", () => {
    editor.setSide(Number($("side").value));
    edited();
  });
  $("board").addEventListener("click", (event) => {
    if (setupMode() && editor.tap(event)) edited();
  });
  const hash = decodeURIComponent(location.hash.slice(1));
  await load(hash || start.position);
  document.body.dataset.ready = "1";
}

/** A hand edit (set-up mode): a new history from the edited position. */
function edited() {
  load(editor.text());
}

main().catch((err) => {
  showError(t("study.cannot_start", { error: err.message }));
});
