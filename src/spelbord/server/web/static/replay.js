// The replay viewer: step through the frames of a table (first / previous / next / last,
// arrow keys, slider, click a move), export the record, import a record file. Frame i is
// the position after move-list entry i - 1 (the server sends one entry per ply); the list
// shows one row per turn (``turnRows``) and the counter says which turn a frame is in,
// "Move N of M" with N the row's number, and the step inside a turn of several; a link
// to /replay/<table>#<i> opens frame i.
import {
  api,
  fallbackRenderer,
  h,
  heldSeats,
  importRecordFile,
  loadRenderer,
  toast,
  tokensFor,
} from "/static/api.js";
import {
  drawMoves,
  drawSeats,
  markMove,
  rowOf,
  rulesNote,
  turnRows,
  turnText,
  playerNames,
  pointRulesLink,
  seatNames,
  statusText,
} from "/static/viewparts.js";
import { gameTexts, languagePicker, loadLanguage, t, translatePage } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);
const replay = {
  table: null,
  token: null,
  view: null, // the table's current VIEW: game, options, seats
  frames: [],
  moves: [],
  rows: [], // the move list's turns (turnRows of moves)
  index: 0,
  renderer: null,
  info: null, // the game's entry of /api/games (its seat names)
  listed: false, // the move list is drawn once; stepping only moves its highlight
};

function frameView(index) {
  // A frame is VIEW-like; the table's own view gives what frames leave out (game, seats).
  const frame = replay.frames[index] || {};
  const table = replay.view || {};
  return {
    ...frame,
    table: frame.table ?? replay.table,
    game: frame.game ?? table.game,
    options: frame.options ?? table.options ?? {},
    status: frame.result ? "finished" : "running",
    seats: frame.seats ?? table.seats ?? [],
    seat: frame.seat ?? table.seat ?? null,
    legal: [],
    your_turn: false,
    replay: true, // a position of the past: no one is thinking, no seat is free
    moves: replay.moves.slice(0, index),
  };
}

function show(index) {
  const count = replay.frames.length;
  if (!count) return;
  replay.index = Math.max(0, Math.min(count - 1, index));
  const view = frameView(replay.index);
  const names = seatNames(view, replay.renderer, replay.info);
  const players = playerNames(view, names, replay.info);
  const ui = { seat: view.seat, replay: true, act: () => {}, notify: toast };
  try {
    replay.renderer.render($("board"), view, ui);
  } catch (err) {
    console.error(err);
    fallbackRenderer.render($("board"), view, ui);
  }
  $("status").textContent = statusText(view, players);
  const describe =
    typeof replay.renderer.describe === "function" ? replay.renderer.describe(view) : "";
  $("describe").textContent = describe || "";
  $("describe").hidden = !describe;
  drawSeats($("seats"), view, names);
  drawTurn($("turn-events"), replay.index, names);
  if (!replay.listed) {
    drawMoves($("moves"), replay.moves, players, { current: replay.index, onPick: show, game: view.game });
    replay.listed = true;
  } else {
    markMove($("moves"), replay.index);
  }
  const slider = $("slider");
  slider.max = String(count - 1);
  slider.value = String(replay.index);
  $("frame-label").textContent = frameLabel(replay.index, names);
  $("first").disabled = $("prev").disabled = replay.index === 0;
  $("last").disabled = $("next").disabled = replay.index === count - 1;
  document.body.dataset.frame = String(replay.index);
  showAnalyseLink(view);
}

/**
 * The counter under the board: "Start position · M moves", else "Move N of M: <the turn>"
 * with N the number of the move list's row (turn) the frame is in, and "step k of s" while
 * the frame is inside a turn of several entries (the turn's text so far).
 */
function frameLabel(index, names) {
  const rows = replay.rows;
  if (index === 0) return t("replay.start", { n: rows.length });
  const row = rowOf(rows, index - 1);
  if (!row) return "";
  const steps = row.index - row.first + 1;
  const done = index - row.first;
  const shown = steps > 1 ? partialRow(row, done) : row;
  const label = t("replay.move", { n: row.number, of: rows.length, move: turnText(shown, names) });
  return steps > 1 && done < steps ? `${label} · ${t("replay.step", { k: done, s: steps })}` : label;
}

/**
 * What happened in the turn that led to frame ``index``, one line per step as far as the
 * frame goes (who did it, then the game's notation; the latest step marked): the replay's
 * events at every position, the start included.
 */
function drawTurn(list, index, names) {
  if (index === 0) {
    const first = replay.rows[0];
    const who = first && first.seat >= 0 ? names[first.seat] : null;
    list.replaceChildren(
      h("li", { class: "turn-step" }, who ? t("replay.starts", { name: who }) : t("replay.begins")),
    );
    return;
  }
  const row = rowOf(replay.rows, index - 1);
  const steps = row ? partialRow(row, index - row.first).steps : [];
  list.replaceChildren(
    ...steps.map((step, i) =>
      h(
        "li",
        { class: `turn-step${i === steps.length - 1 ? " turn-latest" : ""}${step.chance ? " muted" : ""}` },
        h("i", { class: `seat-dot seat-swatch-${step.seat}` }),
        h("span", { class: "turn-who" }, step.seat >= 0 ? names[step.seat] ?? "" : t("moves.chance")),
        h("span", { class: "turn-what" }, step.text),
      ),
    ),
  );
}

/** The turn ``row`` as far as its first ``done`` entries go. */
function partialRow(row, done) {
  const sub = replay.moves.slice(row.first, row.first + done);
  const [part] = turnRows(sub, replay.view.game);
  return part ? { ...part, seat: row.seat } : row;
}

/** Finished games of a game with an analysis board: a link to the board at this frame (the
 * server writes the position text: GET /api/tables/{id}/analysis?ply=N). */
const analysisUrls = new Map();
async function showAnalyseLink(view) {
  const link = $("analyse-link");
  if (!link) return;
  const finished = Boolean((replay.frames[replay.frames.length - 1] || {}).result);
  const offers = ((replay.info || {}).study || []).includes("analysis");
  const index = replay.index;
  link.hidden = true;
  if (!offers || !finished || view.result) return;
  if (!analysisUrls.has(index)) {
    const query = new URLSearchParams({ ply: String(index) });
    if (replay.token) query.set("token", replay.token);
    const url = `/api/tables/${encodeURIComponent(replay.table)}/analysis?${query}`;
    analysisUrls.set(index, api(url).then((r) => r.url, () => null));
  }
  const href = await analysisUrls.get(index);
  if (!href || replay.index !== index) return;
  link.href = href;
  link.hidden = false;
}

async function exportRecord() {
  const query = replay.token ? `?token=${encodeURIComponent(replay.token)}` : "";
  try {
    const record = await api(`/api/tables/${encodeURIComponent(replay.table)}/export${query}`);
    const blob = new Blob([JSON.stringify(record, null, 2)], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `spelbord-${record.game || "game"}-${replay.table}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  } catch (err) {
    toast(err.message);
  }
}

async function importFile(event) {
  const file = event.target.files[0];
  if (!file) return;
  try {
    const table = await importRecordFile(file);
    location.href = `/replay/${encodeURIComponent(table)}`;
  } catch (err) {
    toast(err.message);
  } finally {
    event.target.value = "";
  }
}

/** The position a link names: ``/replay/<table>#12`` opens the position after 12 moves. */
function linkedFrame() {
  const wanted = Number.parseInt(location.hash.slice(1), 10);
  return Number.isInteger(wanted) ? wanted : null;
}

function onKey(event) {
  if (event.target.closest && event.target.closest("input[type=text], textarea")) return;
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
  if (event.key in moves) show(replay.index + moves[event.key]);
  else if (event.key === "Home") show(0);
  else if (event.key === "End") show(replay.frames.length - 1);
  else return;
  event.preventDefault();
}

async function start() {
  await loadLanguage();
  translatePage();
  document.querySelector(".topnav").prepend(languagePicker());
  const parts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  replay.table = parts[1];
  const held = heldSeats(replay.table);
  replay.token = held.length ? tokensFor(replay.table)[String(held[0])] : null;
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(replay.index - 1));
  $("next").addEventListener("click", () => show(replay.index + 1));
  $("last").addEventListener("click", () => show(replay.frames.length - 1));
  $("slider").addEventListener("input", (e) => show(Number(e.target.value)));
  $("export").addEventListener("click", exportRecord);
  $("import-file").addEventListener("change", importFile);
  document.addEventListener("keydown", onKey);
  const query = replay.token ? `?token=${encodeURIComponent(replay.token)}` : "";
  const base = `/api/tables/${encodeURIComponent(replay.table)}`;
  let data;
  try {
    [data, replay.view] = await Promise.all([
      api(`${base}/replay${query}`),
      api(`${base}/view${query}`),
    ]);
  } catch (err) {
    $("status").textContent = err.message;
    return;
  }
  replay.frames = data.frames || [];
  replay.moves = (data.moves || []).map((move, i) =>
    typeof move === "object" && move !== null && "text" in move
      ? move
      : { ply: i, seat: (replay.frames[i] || {}).to_move ?? 0, text: String(move) },
  );
  const game = replay.view.game;
  if (game) {
    replay.renderer = (await loadRenderer(game)) || fallbackRenderer;
    await gameTexts(game).catch(() => null); // its notation's words, even without its renderer
    const games = await api("/api/games").catch(() => []);
    const info = games.find((g) => g.name === game);
    replay.info = info || null;
    const title = info ? info.title : game;
    const note = rulesNote(data.rules_version ?? replay.view.rules_version, info);
    $("game-title").textContent = t("replay.title", { title: `${title}${note}`, table: replay.table });
    document.title = t("replay.doc_title", { title, table: replay.table });
    pointRulesLink($("rules-link"), game, title);
  } else {
    replay.renderer = fallbackRenderer;
  }
  replay.rows = turnRows(replay.moves, game);
  show(linkedFrame() ?? 0);
  window.addEventListener("hashchange", () => show(linkedFrame() ?? replay.index));
  document.body.dataset.ready = "1";
}

start();
