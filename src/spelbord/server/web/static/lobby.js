// The lobby: create a table (game, options, seats), list open / running / finished tables
// and, apart from them, imported records; join a free seat, watch, replay, import a record.
import {
  api,
  h,
  heldSeats,
  importRecordFile,
  tokensFor,
  inviteRow,
  loadRenderer,
  saveInvites,
  saveToken,
  toast,
} from "/static/api.js";
import { agentLevel, chosenName, playerNames, resultText, rulesNote, seatNames } from "/static/viewparts.js";
import { formatNumber, gameTexts, languagePicker, loadLanguage, t, translatePage } from "/static/i18n.js";
import { optionFields, readOptionFields } from "/static/options.js";
import { mountTimeControl, readTimeControl } from "/static/timepick.js";

const SEAT_KINDS = [
  ["local", "lobby.kind.local"],
  ["ai", "lobby.kind.ai"],
  ["invite", "lobby.kind.invite"],
  ["open", "lobby.kind.open"],
];

/** The game's AI levels (GET /api/games/{game}/levels): spec, time per move, measured Elo. */
const levelTables = new Map();
async function loadLevels(game) {
  if (!levelTables.has(game.name)) {
    const levels = await api(`/api/games/${encodeURIComponent(game.name)}/levels`).catch(() => []);
    levelTables.set(game.name, Array.isArray(levels) ? levels : []);
  }
  return levelTables.get(game.name);
}

/** What a level may spend on a move, short: "2 s", "depth 3", "instant" (from the
 * server's ``per_move``: seconds, iterations or depth). */
function levelBudget(level) {
  const limit = level.per_move || {};
  if (limit.seconds != null) return `${formatNumber(limit.seconds)} s`;
  if (limit.iterations != null) return t("level.iterations", { n: limit.iterations });
  if (limit.depth != null) return t("level.depth", { depth: limit.depth });
  return t("level.instant");
}

/** "Master": a level as the seat's choice offers it (its time and rating: ``levelNote``). */
export function levelLabel(level) {
  return t(`level.${level.level}`);
}

/** "about 1350 · 2 s a move": a level's strength on the rating ladder (the server's
 * ``strength``: its measured Elo placed where a new player starts at 1500) and, where
 * it thinks for a while, its time per move. Never the raw relative Elo. */
export function levelNote(level) {
  const parts = [];
  if (Number.isFinite(level.strength)) parts.push(t("level.strength", { elo: level.strength }));
  const limit = level.per_move || {};
  if (limit.seconds != null) parts.push(t("level.per_move", { budget: levelBudget(level) }));
  return parts.join(" · ");
}

/** The AI levels of a game, easiest first: [spec, label], with each level's time per move
 * and measured rating where /api/games/{game}/levels has them, else its name (/api/games
 * ``levels``). */
function agentChoices(game) {
  const table = levelTables.get(game.name) || [];
  const levels = table.length
    ? table.map((l) => [`level:${l.level}`, levelLabel(l)])
    : Object.keys((game && game.levels) || {}).map((name) => [`level:${name}`, agentLevel(`level:${name}`)]);
  return [
    ["random", agentLevel("random")],
    ...levels,
  ];
}

/** The AI seat chosen unless the player picks another: Medium. */
function defaultAgent(game) {
  const choices = agentChoices(game);
  const medium = choices.find(([value]) => value === "level:medium");
  return (medium || choices[Math.min(2, choices.length - 1)])[0];
}

const $ = (id) => document.getElementById(id);
let games = [];
let seatLabels = null; // the chosen game's seat names from its renderer (e.g. White, Black)
// The seats of the chosen game with the chosen options, as the server counts them
// (GET /api/games/{name}/setup): {game, options, seats, teams}. Options may change the
// number of seats (e.g. two or four players), so it is asked again on every change.
let setup = null;
let setupLoad = Promise.resolve();

/** Ask the game's renderer for its seat names; null when it has none for this setup. */
async function loadSeatLabels(game, count, options) {
  const renderer = await loadRenderer(game.name);
  if (!renderer || typeof renderer.seatNames !== "function") return null;
  const seats = Array.from({ length: count }, (_, seat) => ({ seat, kind: "open" }));
  try {
    const names = renderer.seatNames({ game: game.name, options, seats, observation: null });
    return Array.isArray(names) ? names : null;
  } catch {
    return null;
  }
}

/** Each game's translator (its renderer's catalogues: ``game.summary``, ``option.*``,
 * ``tool.*``), loaded before the lobby draws; ``own(game, key, fallback)`` is the game's
 * text in the page's language, else ``fallback`` (the English the server sent). */
const gameT = new Map();
function own(game, key, fallback, params = {}) {
  const say = gameT.get(game.name);
  const text = say ? say(key, params) : key;
  return text === key ? fallback : text;
}

/** A game's seat names in the page's language for ``count`` seats (its renderer's, else
 * "Seat n"): for the table lists and the invite links. */
const rendererOf = new Map();
function sideNames(gameName, count, options = {}) {
  const renderer = rendererOf.get(gameName);
  const info = games.find((g) => g.name === gameName) || null;
  const seats = Array.from({ length: count }, (_, seat) => ({ seat, kind: "open" }));
  const view = { game: gameName, options, seats, observation: null };
  const names = seatNames(view, renderer, null);
  return names.map((n, i) => n || (info && info.seat_names[i]) || t("seat.n", { n: i + 1 }));
}

function currentGame() {
  return games.find((g) => g.name === $("game-select").value) || games[0];
}

/** The team number (1, 2, ...) of a seat when the setup has teams of several seats. */
function teamOf(seat) {
  const teams = (setup && setup.teams) || [];
  if (!teams.some((team) => team.length > 1)) return null;
  const index = teams.findIndex((team) => team.includes(seat));
  return index < 0 ? null : index + 1;
}

function seatRow(game, seat, kept) {
  const kind = h("select", { class: "seat-kind", name: `seat-${seat}-kind` });
  for (const [value, key] of SEAT_KINDS) kind.append(h("option", { value }, t(key)));
  kind.value = kept ? kept.kind : seat === 0 ? "local" : "ai";
  const agent = h("select", { class: "seat-agent", name: `seat-${seat}-agent` });
  const choices = agentChoices(game);
  for (const [value, label] of choices) agent.append(h("option", { value }, label));
  // a medium opponent unless chosen otherwise (the level after the easiest)
  agent.value = kept ? kept.agent : choices[Math.min(2, choices.length - 1)][0];
  const note = h("small", { class: "seat-level muted", title: t("level.strength_title") });
  const sync = () => {
    agent.hidden = kind.value !== "ai";
    const level = (levelTables.get(game.name) || []).find((l) => `level:${l.level}` === agent.value);
    note.textContent = level ? levelNote(level) : "";
    note.hidden = agent.hidden || !level;
  };
  kind.addEventListener("change", sync);
  agent.addEventListener("change", sync);
  sync();
  const sides = (currentGame() || {}).seat_names || [];
  const name = (seatLabels && seatLabels[seat]) || sides[seat] || t("seat.n", { n: seat + 1 });
  const team = teamOf(seat);
  return h(
    "div",
    { class: "seat-row", dataset: { seat } },
    h(
      "span",
      { class: `seat-name seat-swatch-${seat}` },
      name,
      team ? h("small", { class: "seat-team muted" }, t("lobby.team", { n: team })) : null,
    ),
    kind,
    agent,
    note,
  );
}

/** One row per seat of the current setup; rows that stay keep what was chosen in them. */
function drawSeats() {
  const game = currentGame();
  const box = $("seats");
  const kept = new Map(
    [...box.querySelectorAll(".seat-row")].map((row) => [
      Number(row.dataset.seat),
      { kind: row.querySelector(".seat-kind").value, agent: row.querySelector(".seat-agent").value },
    ]),
  );
  const count = setup && setup.game === game.name ? setup.seats : game.seats[1];
  box.dataset.count = String(count);
  box.replaceChildren(h("legend", {}, t("lobby.seats_count", { n: count })));
  for (let seat = 0; seat < count; seat++) box.append(seatRow(game, seat, kept.get(seat)));
}

/** Ask the server how many seats (and which teams) the chosen options make; redraw. */
function loadSetup() {
  const game = currentGame();
  const options = readOptionFields(document);
  const query = encodeURIComponent(JSON.stringify(options));
  setupLoad = (async () => {
    let next = null;
    try {
      next = await api(`/api/games/${encodeURIComponent(game.name)}/setup?options=${query}`);
    } catch (err) {
      toast(err.message); // e.g. an option out of range: the server says which
      if (!document.querySelector(".seat-row")) drawSeats();
      return;
    }
    if (currentGame() !== game || JSON.stringify(readOptionFields(document)) !== JSON.stringify(options)) {
      return; // the choice changed meanwhile: a newer request draws
    }
    const labels = await loadSeatLabels(game, next.seats, next.options);
    if (currentGame() !== game) return;
    setup = next;
    seatLabels = labels;
    drawSeats();
  })();
  return setupLoad;
}

async function drawGame() {
  const game = currentGame();
  seatLabels = null;
  setup = null;
  $("game-summary").textContent = own(game, "game.summary", game.summary || "");
  const options = $("options");
  options.replaceChildren(h("legend", {}, t("lobby.options")));
  options.append(...optionFields(game, gameT.get(game.name)));
  options.hidden = !(game.options || []).length;
  $("seats").replaceChildren(h("legend", {}, t("lobby.seats")));
  await loadLevels(game);
  await loadSetup();
  $("rules-link").href = `/rules/${encodeURIComponent(game.name)}`;
  $("rules-link").textContent = t("nav.rules_of", { title: game.title });
}

async function createTable(event) {
  event.preventDefault();
  await setupLoad; // the seat rows match the options chosen last
  const game = currentGame();
  const seats = [...document.querySelectorAll(".seat-row")].map((row) => {
    const kind = row.querySelector(".seat-kind").value;
    return kind === "ai" ? { kind, agent: row.querySelector(".seat-agent").value } : { kind };
  });
  const button = $("create-button");
  button.disabled = true;
  try {
    const result = await api("/api/tables", {
      method: "POST",
      body: { game: game.name, options: readOptionFields(document), seats, time_control: readTimeControl() },
    });
    const table = result.table;
    for (const [seat, token] of Object.entries(result.tokens || {})) saveToken(table, seat, token);
    const invites = saveInvites(table, result.invites || {});
    if (!Object.keys(invites).length) {
      location.href = `/table/${encodeURIComponent(table)}`;
      return;
    }
    showCreated(table, invites, sideNames(game.name, seats.length, readOptionFields(document)));
    refreshTables();
  } catch (err) {
    toast(err.message);
  } finally {
    button.disabled = false;
  }
}

function showCreated(table, invites, names) {
  const box = $("created");
  box.replaceChildren(
    h("h2", {}, t("lobby.created")),
    h("p", {}, t("lobby.created_note")),
    ...Object.entries(invites).map(([seat, url]) =>
      inviteRow(names[Number(seat)] || t("seat.n", { n: Number(seat) + 1 }), url),
    ),
    h(
      "div",
      { class: "form-actions" },
      h("a", { class: "btn btn-primary", href: `/table/${encodeURIComponent(table)}` }, t("lobby.go")),
    ),
  );
  box.hidden = false;
  box.scrollIntoView({ behavior: "smooth", block: "nearest" });
}

// ---------------------------------------------------------------- table lists
function gameTitle(name, version) {
  const game = games.find((g) => g.name === name);
  return (game ? game.title : name) + rulesNote(version, game);
}

function seatChip(table, seat, names) {
  const info = games.find((g) => g.name === table.game) || null;
  const who =
    seat.kind === "ai"
      ? `${t("seat.ai")} · ${agentLevel(seat.agent, info)}`
      : seat.claimed
        ? chosenName(table, seat.seat, names, info) || names[seat.seat] || t("seat.player")
        : table.status === "finished"
          ? names[seat.seat] || t("seat.n", { n: seat.seat + 1 }) // an imported game's side
          : seat.kind === "invite"
            ? t("lobby.invited")
            : t("lobby.free");
  const chip = h(
    "span",
    { class: `chip ${seat.claimed || seat.kind === "ai" ? "" : "chip-free"}` },
    h("i", { class: `seat-dot seat-swatch-${seat.seat}` }),
    who,
  );
  if (table.status === "waiting" && seat.kind === "open" && !seat.claimed) {
    chip.append(
      h(
        "button",
        {
          type: "button",
          class: "btn btn-small btn-primary join",
          dataset: { seat: seat.seat },
          onclick: () => joinSeat(table.table, seat.seat),
        },
        t("lobby.join"),
      ),
    );
  }
  return chip;
}

function tableItem(table) {
  const id = table.table ?? table.id;
  table.table = id;
  const mine = heldSeats(id).length > 0;
  const links = [];
  const url = `/table/${encodeURIComponent(id)}`;
  if (mine && table.status !== "finished") {
    links.push(h("a", { class: "btn btn-small", href: url }, t("lobby.continue")));
  }
  if (table.status !== "waiting") {
    links.push(h("a", { class: "btn btn-small btn-ghost watch", href: `${url}?watch=1` }, t("lobby.watch")));
  }
  if (table.status === "finished") {
    links.push(h("a", { class: "btn btn-small", href: `/replay/${encodeURIComponent(id)}` }, t("btn.replay")));
  }
  const created = creatorToken(table);
  if (table.status === "waiting" && created) {
    links.push(
      h(
        "button",
        { type: "button", class: "btn btn-small btn-ghost cancel-table", onclick: () => cancelTable(id, created) },
        t("lobby.cancel_table"),
      ),
    );
  }
  const names = sideNames(table.game, (table.seats || []).length, table.options || {});
  const info = games.find((g) => g.name === table.game) || null;
  const players = playerNames({ seats: table.seats || [] }, names, info);
  const result = table.result ? ` · ${resultText(table.result, players, null, table.game)}` : "";
  const ply = Number.isInteger(table.ply) ? ` · ${t("lobby.move", { n: table.ply })}` : "";
  return h(
    "li",
    { class: "table-item", dataset: { table: id } },
    h(
      "div",
      { class: "table-head" },
      h("strong", {}, gameTitle(table.game, table.rules_version)),
      h("span", { class: "muted" }, ` #${id}${ply}${result}`),
    ),
    h("div", { class: "chips" }, (table.seats || []).map((s) => seatChip(table, s, names))),
    h("div", { class: "table-links" }, links),
  );
}

function fillList(id, tables) {
  const list = $(id);
  list.replaceChildren(...tables.map(tableItem));
  if (!tables.length) list.append(h("li", { class: "empty muted" }, t("lobby.none")));
}

async function refreshTables() {
  try {
    const lists = await api("/api/tables");
    fillList("list-open", lists.open || []);
    fillList("list-running", lists.running || []);
    fillList("list-finished", (lists.finished || []).slice(0, 30));
    fillList("list-imported", lists.imported || []); // records, not games played here
  } catch (err) {
    toast(err.message);
  }
}

/**
 * The token of a seat this browser took when it created ``table`` (a local seat), if any:
 * only its creator may cancel an open table (a player who joined holds an open seat).
 */
function creatorToken(table) {
  const tokens = tokensFor(table.table);
  const seat = (table.seats || []).find((s) => s.kind === "local" && tokens[String(s.seat)]);
  return seat ? tokens[String(seat.seat)] : null;
}

async function cancelTable(table, token) {
  try {
    await api(`/api/tables/${encodeURIComponent(table)}/cancel`, { method: "POST", body: { token } });
    toast(t("lobby.cancelled"));
  } catch (err) {
    toast(err.message);
  }
  refreshTables();
}

async function joinSeat(table, seat) {
  try {
    const result = await api(`/api/tables/${encodeURIComponent(table)}/claim`, {
      method: "POST",
      body: { seat },
    });
    saveToken(table, result.seat, result.token);
    location.href = `/table/${encodeURIComponent(table)}`;
  } catch (err) {
    toast(err.message);
    refreshTables();
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

async function start() {
  await loadLanguage();
  translatePage();
  document.querySelector(".topbar").append(languagePicker());
  try {
    games = await api("/api/games");
  } catch (err) {
    toast(err.message);
    return;
  }
  const select = $("game-select");
  for (const game of games) select.append(h("option", { value: game.name }, game.title));
  // Each game's texts (its catalogues) and renderer (its seat names), before drawing.
  await Promise.all(
    games.map(async (game) => {
      gameT.set(game.name, await gameTexts(game.name).catch(() => null));
      rendererOf.set(game.name, await loadRenderer(game.name));
    }),
  );
  const nav = $("rules-links");
  nav.setAttribute("aria-label", t("nav.rules"));
  for (const game of games) {
    nav.append(h("a", { href: `/rules/${encodeURIComponent(game.name)}` }, t("nav.rules_of", { title: game.title })));
    // The tools a game declares (Omringad's battle calculator ...).
    for (const tool of game.tools || []) {
      const title = own(game, `tool.${tool.name}`, tool.title);
      nav.append(h("a", { href: tool.page }, t("nav.tool_of", { title: game.title, tool: title })));
    }
  }
  document.querySelector("nav[aria-label='Players']").setAttribute("aria-label", t("nav.players"));
  // Study pages only for the games that offer them (GameInfo's ``study`` features).
  const study = $("study-links");
  study.setAttribute("aria-label", t("nav.study"));
  for (const game of games) {
    const name = encodeURIComponent(game.name);
    if ((game.study || []).includes("puzzles")) {
      study.append(h("a", { href: `/puzzles/${name}` }, t("study.puzzles_of", { title: game.title })), " ");
    }
    if ((game.study || []).includes("analysis")) {
      study.append(h("a", { href: `/analysis/${name}` }, t("study.analysis_of", { title: game.title })), " ");
    }
  }
  select.addEventListener("change", drawGame);
  $("options").addEventListener("change", loadSetup);
  mountTimeControl($("options"));
  await drawGame();
  $("create-form").addEventListener("submit", createTable);
  $("refresh").addEventListener("click", refreshTables);
  $("import-file").addEventListener("change", importFile);
  await refreshTables();
  setInterval(() => {
    if (document.visibilityState === "visible") refreshTables();
  }, 5000);
  document.body.dataset.ready = "1";
}

start();
