// The puzzles of one game (/puzzles/<game>): the game's own renderer draws the position; the player picks a move,
// the server says right or wrong; "Show solution" animates the line. The streak (and the
// best streak) is kept in localStorage on this device only.
import { api, loadRenderer, toast } from "/static/api.js";
import { t, translatePage } from "/static/i18n.js";

translatePage();

const $ = (id) => document.getElementById(id);
const GAME = decodeURIComponent(location.pathname.split("/")[2] || "");
const BASE = `/api/puzzles/${encodeURIComponent(GAME)}`;
const STREAK = `spelbord.puzzles.${GAME}.streak`;
const BEST = `spelbord.puzzles.${GAME}.best`;
const state = { list: [], puzzle: null, renderer: null, done: false };

function streak() {
  return Number(localStorage.getItem(STREAK) || 0);
}

function setStreak(n) {
  localStorage.setItem(STREAK, String(n));
  const best = Math.max(n, Number(localStorage.getItem(BEST) || 0));
  localStorage.setItem(BEST, String(best));
  $("streak").textContent = String(n);
  $("best").textContent = String(best);
}

function draw(view, playable) {
  const seat = playable ? view.to_move : null;
  state.renderer.render($("board"), view, { seat, replay: !playable, act: onMove, notify: toast });
}

async function onMove(action) {
  if (state.done) return;
  const p = state.puzzle;
  try {
    const answer = await api(`${BASE}/${encodeURIComponent(p.id)}/check`, {
      method: "POST",
      body: { move: action.text },
    });
    state.done = true;
    document.body.dataset.result = answer.correct ? "right" : "wrong";
    $("verdict").textContent = t(answer.correct ? "study.right" : "study.wrong", { move: action.text });
    setStreak(answer.correct ? streak() + 1 : 0);
    await showSolution(answer.correct ? 0 : 600);
  } catch (err) {
    toast(err.message);
  }
}

async function showSolution(pause = 0) {
  const p = state.puzzle;
  const data = await api(`${BASE}/${encodeURIComponent(p.id)}/solution`);
  if (!state.done) setStreak(0);
  state.done = true;
  $("line").textContent = t("study.solution", { line: data.solution.join("  ") });
  if (pause) await new Promise((r) => setTimeout(r, pause));
  draw(p.view, false);
  for (const frame of data.frames) {
    await new Promise((r) => setTimeout(r, 700));
    if (state.puzzle !== p) return;
    draw(frame.view, false);
  }
  document.body.dataset.solutionShown = "1";
}

async function open(id) {
  const p = await api(`${BASE}/${encodeURIComponent(id)}`);
  state.puzzle = p;
  state.done = false;
  delete document.body.dataset.result;
  delete document.body.dataset.solutionShown;
  $("task").textContent = t(p.side === "white" ? "study.task_white" : "study.task_black");
  const difficulty = ["easy", "medium", "hard"].includes(p.difficulty) ? t(`study.${p.difficulty}`) : p.difficulty;
  $("meta").textContent = t("study.puzzle_meta", { id: p.id, difficulty, depth: p.depth });
  $("verdict").textContent = "";
  $("line").textContent = "";
  $("analyse").href = `/analysis/${encodeURIComponent(GAME)}#${encodeURIComponent(p.position)}`;
  document.body.dataset.puzzle = p.id;
  history.replaceState(null, "", `/puzzles/${encodeURIComponent(GAME)}?id=${encodeURIComponent(p.id)}`);
  draw(p.view, true);
}

function nextId() {
  const ids = state.list.map((p) => p.id);
  return ids[Math.floor(Math.random() * ids.length)];
}

async function main() {
  state.renderer = await loadRenderer(GAME);
  setStreak(streak());
  const data = await api(BASE);
  const title = (await api("/api/games")).find((g) => g.name === GAME);
  if (title) {
    document.title = t("study.puzzles_doc_title", { title: title.title });
    $("title").textContent = t("study.puzzles_of", { title: title.title });
  }
  if ((title && title.study || []).includes("analysis")) $("analysis-link").hidden = false;
  $("analysis-link").href = `/analysis/${encodeURIComponent(GAME)}`;
  $("rules-link").href = `/rules/${encodeURIComponent(GAME)}`;
  state.list = data.puzzles;
  $("solution").addEventListener("click", () => showSolution().catch((e) => toast(e.message)));
  $("next").addEventListener("click", () => open(nextId()).catch((e) => toast(e.message)));
  const wanted = new URLSearchParams(location.search).get("id");
  await open(wanted || nextId());
}

main().catch((err) => {
  $("task").textContent = t("study.cannot_load", { error: err.message });
});
