// The puzzles of one game (/puzzles/<game>): the game's own renderer draws the position and
// the player picks a move as at the table; the server says right or wrong. A wrong move
// says "not this one" and the same position can be tried again; "Hint" first tells the
// kind of move and its piece, pressed again the move itself (both drawn on the board by
// the game's study.js where it has one); "Show solution" is a deliberate second press. The
// player's progress per puzzle (solved without help, with hints, solution shown) and the
// streak are kept in localStorage on this device only, and shown in the list of puzzles.
import { api, h, loadRenderer, toast } from "/static/api.js";
import { gameTexts, t, translatePage } from "/static/i18n.js";

translatePage();

const $ = (id) => document.getElementById(id);
const GAME = decodeURIComponent(location.pathname.split("/")[2] || "");
const BASE = `/api/puzzles/${encodeURIComponent(GAME)}`;
const STREAK = `spelbord.puzzles.${GAME}.streak`;
const BEST = `spelbord.puzzles.${GAME}.best`;
const PROGRESS = `spelbord.puzzles.${GAME}.progress`;
/** A puzzle's progress, best first: solved without help, with hints, solution shown. */
const RANK = { clean: 3, hinted: 2, shown: 1 };
const SIGNS = { clean: "★", hinted: "✓", shown: "◦" };
const state = {
  list: [],
  puzzle: null,
  renderer: null,
  study: null, // the game's study.js (hints drawn on the board), if it has one
  say: t, // the game's texts, then the page's
  done: false,
  hints: [], // the hints shown for this puzzle (step 1, step 2)
  tries: 0,
  armed: null, // "Show solution" pressed once: the timer that disarms it
};

// ---------------------------------------------------------------- progress
function readJson(key, fallback) {
  try {
    return JSON.parse(localStorage.getItem(key)) ?? fallback;
  } catch {
    return fallback;
  }
}

function progress() {
  const kept = readJson(PROGRESS, {});
  return kept && typeof kept === "object" ? kept : {};
}

/** Keep a puzzle's outcome; a better one replaces a worse, never the other way. */
function record(id, outcome) {
  const kept = progress();
  if ((RANK[kept[id]] || 0) < RANK[outcome]) kept[id] = outcome;
  try {
    localStorage.setItem(PROGRESS, JSON.stringify(kept));
  } catch {
    /* private mode: this page only */
  }
  drawList();
}

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

function difficultyText(d) {
  return ["easy", "medium", "hard"].includes(d) ? t(`study.${d}`) : d;
}

/** The list of puzzles, each with the player's progress: a sign and its words. */
function drawList() {
  const kept = progress();
  const items = state.list.map((p) => {
    const outcome = kept[p.id];
    const words = outcome ? t(`study.progress_${outcome}`) : t("study.progress_none");
    return h(
      "li",
      {},
      h(
        "button",
        {
          type: "button",
          dataset: { id: p.id, state: outcome || "none" },
          "aria-current": state.puzzle && state.puzzle.id === p.id ? "true" : "false",
          title: words,
          onclick: () => open(p.id).catch((e) => toast(e.message)),
        },
        h("span", {}, `${p.id} · ${difficultyText(p.difficulty)}`),
        h(
          "span",
          { class: "puzzle-state", dataset: { state: outcome || "none" }, role: "img", "aria-label": words },
          outcome ? SIGNS[outcome] : "",
        ),
      ),
    );
  });
  $("puzzle-list").replaceChildren(...items);
  const solved = state.list.filter((p) => kept[p.id] === "clean" || kept[p.id] === "hinted").length;
  $("list-count").textContent = t("study.progress_count", { solved, total: state.list.length });
}

// ---------------------------------------------------------------- the board
function draw(view, playable) {
  const seat = playable ? view.to_move : null;
  state.renderer.render($("board"), view, { seat, replay: !playable, act: onMove, notify: toast });
  const svg = $("board").querySelector("svg");
  if (playable && svg && state.study && state.study.drawHint) {
    for (const hint of state.hints) state.study.drawHint(svg, hint);
  }
}

function say(text, result) {
  $("verdict").textContent = text;
  if (result) $("verdict").dataset.result = result;
  else delete $("verdict").dataset.result;
}

async function onMove(action) {
  if (state.done) return;
  const p = state.puzzle;
  try {
    const answer = await api(`${BASE}/${encodeURIComponent(p.id)}/check`, {
      method: "POST",
      body: { move: action.text },
    });
    if (state.puzzle !== p || state.done) return;
    if (!answer.correct) {
      // not this one: the same position again, to be tried again
      state.tries += 1;
      document.body.dataset.result = "wrong";
      document.body.dataset.tries = String(state.tries);
      say(t("study.wrong", { move: action.text }), "wrong");
      setStreak(0);
      draw(p.view, true);
      return;
    }
    state.done = true;
    $("hint").disabled = true;
    document.body.dataset.result = "right";
    const outcome = state.hints.length ? "hinted" : "clean";
    say(t(outcome === "clean" ? "study.right" : "study.right_hinted", { move: action.text }), "right");
    setStreak(outcome === "clean" && !state.tries ? streak() + 1 : 0);
    record(p.id, outcome);
    await playLine(true);
  } catch (err) {
    toast(err.message);
  }
}

/** The solution line played on the board: from after the first move when it was found. */
async function playLine(found) {
  const p = state.puzzle;
  const data = await api(`${BASE}/${encodeURIComponent(p.id)}/solution`);
  if (state.puzzle !== p) return;
  $("line").textContent = t("study.solution", { line: data.solution.join("  ") });
  let frames = data.frames;
  if (found && frames.length) {
    draw(frames[0].view, false);
    frames = frames.slice(1);
  } else draw(p.view, false);
  for (const frame of frames) {
    await new Promise((r) => setTimeout(r, 700));
    if (state.puzzle !== p) return;
    draw(frame.view, false);
  }
  document.body.dataset.solutionShown = "1";
}

/** Words for a hint: the game's own (its study.js ``hintText``), else generic ones. */
function hintWords(hint) {
  const own = state.study && state.study.hintText ? state.study.hintText(hint, state.say) : null;
  if (own) return own;
  if (hint.step === 2) return t("study.hint_move", { move: hint.move });
  return t("study.hint_kind", { kind: state.say(`kind.${hint.kind}`) });
}

async function hint() {
  const p = state.puzzle;
  if (!p || state.done || state.hints.length >= 2) return;
  const step = state.hints.length + 1;
  const given = await api(`${BASE}/${encodeURIComponent(p.id)}/hint?step=${step}`);
  if (state.puzzle !== p) return;
  state.hints.push(given);
  document.body.dataset.hints = String(state.hints.length);
  $("hint-text").textContent = hintWords(given);
  $("hint-text").hidden = false;
  $("hint").textContent = t("study.hint_more");
  $("hint").disabled = state.hints.length >= 2;
  setStreak(0);
  draw(p.view, true);
}

function disarm() {
  clearTimeout(state.armed);
  state.armed = null;
  $("solution").textContent = t("study.show_solution");
  $("solution").classList.remove("armed");
}

/** "Show solution": a first press asks to press again (it counts as not solved). */
async function solution() {
  const p = state.puzzle;
  if (!p) return;
  if (!state.done && !state.armed) {
    $("solution").textContent = t("study.really_show");
    $("solution").classList.add("armed");
    state.armed = setTimeout(disarm, 4000);
    return;
  }
  disarm();
  if (!state.done) {
    state.done = true;
    $("hint").disabled = true;
    setStreak(0);
    record(p.id, "shown");
    document.body.dataset.result = "shown";
    say(t("study.shown"), "shown");
  }
  await playLine(false);
}

async function open(id) {
  const p = await api(`${BASE}/${encodeURIComponent(id)}`);
  state.puzzle = p;
  state.done = false;
  state.hints = [];
  state.tries = 0;
  disarm();
  for (const key of ["result", "solutionShown", "hints", "tries"]) delete document.body.dataset[key];
  $("task").textContent = t(p.side === "white" ? "study.task_white" : "study.task_black");
  $("meta").textContent = t("study.puzzle_meta", { id: p.id, difficulty: difficultyText(p.difficulty), depth: p.depth });
  say("");
  $("hint-text").hidden = true;
  $("hint-text").textContent = "";
  $("hint").textContent = t("study.hint");
  $("hint").disabled = false;
  $("line").textContent = "";
  $("analyse").href = `/analysis/${encodeURIComponent(GAME)}#${encodeURIComponent(p.position)}`;
  document.body.dataset.puzzle = p.id;
  history.replaceState(null, "", `/puzzles/${encodeURIComponent(GAME)}?id=${encodeURIComponent(p.id)}`);
  draw(p.view, true);
  drawList();
}

/** The next puzzle not yet solved without help, after the current one in the list. */
function nextId() {
  const ids = state.list.map((p) => p.id);
  const kept = progress();
  const at = state.puzzle ? ids.indexOf(state.puzzle.id) : -1;
  const order = [...ids.slice(at + 1), ...ids.slice(0, at + 1)];
  return order.find((id) => kept[id] !== "clean") ?? ids[Math.floor(Math.random() * ids.length)];
}

async function main() {
  state.renderer = await loadRenderer(GAME);
  state.say = await gameTexts(GAME);
  state.study = await import(`/games/${encodeURIComponent(GAME)}/study.js`).catch(() => null);
  setStreak(streak());
  const data = await api(BASE);
  const title = (await api("/api/games")).find((g) => g.name === GAME);
  if (title) {
    document.title = t("study.puzzles_doc_title", { title: title.title });
    $("title").textContent = t("study.puzzles_of", { title: title.title });
  }
  if (((title && title.study) || []).includes("analysis")) $("analysis-link").hidden = false;
  $("analysis-link").href = `/analysis/${encodeURIComponent(GAME)}`;
  $("rules-link").href = `/rules/${encodeURIComponent(GAME)}`;
  state.list = data.puzzles;
  // On a phone the list starts folded (it would push everything else far down).
  if (window.matchMedia("(max-width: 900px)").matches) $("list-box").open = false;
  $("hint").addEventListener("click", () => hint().catch((e) => toast(e.message)));
  $("solution").addEventListener("click", () => solution().catch((e) => toast(e.message)));
  $("next").addEventListener("click", () => open(nextId()).catch((e) => toast(e.message)));
  const wanted = new URLSearchParams(location.search).get("id");
  await open(wanted || nextId());
  document.body.dataset.ready = "1";
}

main().catch((err) => {
  $("task").textContent = t("study.cannot_load", { error: err.message });
});
