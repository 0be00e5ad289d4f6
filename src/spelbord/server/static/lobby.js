// The lobby: create a table (game, options, seats), list open / running / finished tables,
// join a free seat, watch, replay, import a record.
import {
  api,
  h,
  heldSeats,
  importRecordFile,
  inviteRow,
  loadRenderer,
  saveInvites,
  saveToken,
  toast,
} from "/static/api.js";
import { agentLevel, rulesNote } from "/static/viewparts.js";
import { languagePicker, loadLanguage, t, translatePage } from "/static/i18n.js";

const SEAT_KINDS = [
  ["local", "lobby.kind.local"],
  ["ai", "lobby.kind.ai"],
  ["invite", "lobby.kind.invite"],
  ["open", "lobby.kind.open"],
];

/** AI strengths offered per kind of game: [spec, label]. A game with levels
 * (GET /api/games/{name}/levels) offers random moves and its levels, each with its time
 * per move and Elo. */
function agentChoices(game) {
  const levels = levelsOf[game.name];
  if (levels && levels.length) {
    return [
      ["random", "Random moves"],
      ...levels.map((level) => [level.agent, levelLabel(level)]),
    ];
  }
  const search = game.information === "perfect" ? "mcts" : "ismcts";
  return [
    ["random", "Random moves"],
    [`${search}:200it`, "Easy"],
    [`${search}:0.5s`, "Medium (0.5 s)"],
    [`${search}:2s`, "Hard (2 s)"],
    [`${search}:5s`, "Expert (5 s)"],
  ];
}

/** The AI seat chosen unless the player picks another: Medium. */
function defaultAgent(game) {
  const choices = agentChoices(game);
  const medium = choices.find(([value]) => value === "level:medium");
  return (medium || choices[Math.min(2, choices.length - 1)])[0];
}

/** "Hard · 1 s a move · Elo +85": a level's name, time per move and rating (if rated). */
function levelLabel(level) {
  const name = t(`lobby.level.${level.level}`);
  const seconds = level.seconds_per_move;
  const time = seconds < 1 ? `${Math.round(seconds * 1000)} ms` : `${seconds} s`;
  const parts = [name, t("lobby.level.time", { time })];
  if (typeof level.elo === "number") {
    parts.push(`Elo ${level.elo >= 0 ? "+" : ""}${Math.round(level.elo)}`);
  }
  return parts.join(" · ");
}

/** Each game's levels, loaded with the games: {name: [level, ...]}. */
const levelsOf = {};

async function loadLevels(list) {
  await Promise.all(
    list.map(async (game) => {
      try {
        levelsOf[game.name] = await api(`/api/games/${game.name}/levels`);
      } catch {
        levelsOf[game.name] = [];
      }
    }),
  );
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

function currentGame() {
  return games.find((g) => g.name === $("game-select").value) || games[0];
}

function optionInput(opt) {
  const id = `opt-${opt.name}`;
  let input;
  if (typeof opt.default === "boolean") {
    input = h("input", { id, name: opt.name, type: "checkbox" });
    input.checked = opt.default;
  } else if (Array.isArray(opt.choices) && opt.choices.length) {
    input = h("select", { id, name: opt.name });
    for (const choice of opt.choices) {
      const o = h("option", { value: JSON.stringify(choice) }, String(choice));
      if (choice === opt.default) o.selected = true;
      input.append(o);
    }
  } else if (typeof opt.default === "number") {
    input = h("input", { id, name: opt.name, type: "number", step: "1", value: opt.default });
  } else {
    input = h("input", { id, name: opt.name, type: "text", value: opt.default ?? "" });
  }
  input.dataset.option = opt.name;
  const label = opt.name.replace(/_/g, " ");
  return h(
    "label",
    { class: typeof opt.default === "boolean" ? "field field-check" : "field", title: opt.help },
    h("span", {}, label),
    input,
    opt.help ? h("small", { class: "help" }, opt.help) : null,
  );
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    if (input.type === "checkbox") options[name] = input.checked;
    else if (input.tagName === "SELECT") options[name] = JSON.parse(input.value);
    else if (input.type === "number") options[name] = Number(input.value);
    else options[name] = input.value;
  }
  return options;
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
  for (const [value, label] of agentChoices(game)) agent.append(h("option", { value }, label));
  agent.value = kept ? kept.agent : defaultAgent(game);
  const sync = () => (agent.hidden = kind.value !== "ai");
  kind.addEventListener("change", sync);
  sync();
  const sides = (currentGame() || {}).seat_names || [];
  const name = (seatLabels && seatLabels[seat]) || sides[seat] || `Seat ${seat + 1}`;
  const team = teamOf(seat);
  return h(
    "div",
    { class: "seat-row", dataset: { seat } },
    h(
      "span",
      { class: `seat-name seat-swatch-${seat}` },
      name,
      team ? h("small", { class: "seat-team muted" }, `Team ${team}`) : null,
    ),
    kind,
    agent,
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
  box.replaceChildren(h("legend", {}, `Seats (${count} players)`));
  for (let seat = 0; seat < count; seat++) box.append(seatRow(game, seat, kept.get(seat)));
}

/** Ask the server how many seats (and which teams) the chosen options make; redraw. */
function loadSetup() {
  const game = currentGame();
  const options = readOptions();
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
    if (currentGame() !== game || JSON.stringify(readOptions()) !== JSON.stringify(options)) {
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
  $("game-summary").textContent = game.summary || "";
  const options = $("options");
  options.replaceChildren(h("legend", {}, "Options"));
  for (const opt of game.options || []) options.append(optionInput(opt));
  options.hidden = !(game.options || []).length;
  $("seats").replaceChildren(h("legend", {}, "Seats"));
  await loadSetup();
  $("rules-link").href = `/rules/${encodeURIComponent(game.name)}`;
  $("rules-link").textContent = `Rules of ${game.title}`;
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
      body: { game: game.name, options: readOptions(), seats },
    });
    const table = result.table;
    for (const [seat, token] of Object.entries(result.tokens || {})) saveToken(table, seat, token);
    const invites = saveInvites(table, result.invites || {});
    if (!Object.keys(invites).length) {
      location.href = `/table/${encodeURIComponent(table)}`;
      return;
    }
    showCreated(table, invites);
    refreshTables();
  } catch (err) {
    toast(err.message);
  } finally {
    button.disabled = false;
  }
}

function showCreated(table, invites) {
  const box = $("created");
  box.replaceChildren(
    h("h2", {}, "Table created"),
    h("p", {}, "Send each invited player their link. The game starts when every seat is taken."),
    ...Object.entries(invites).map(([seat, url]) =>
      inviteRow(((currentGame() || {}).seat_names || [])[Number(seat)] || `Seat ${Number(seat) + 1}`, url),
    ),
    h(
      "div",
      { class: "form-actions" },
      h("a", { class: "btn btn-primary", href: `/table/${encodeURIComponent(table)}` }, "Go to the table"),
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

function seatChip(table, seat) {
  const who =
    seat.kind === "ai"
      ? `AI · ${agentLevel(seat.agent)}`
      : seat.claimed
        ? seat.name || "player"
        : seat.kind === "invite"
          ? "invited"
          : "free";
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
        "Join",
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
  if (mine && table.status !== "finished") links.push(h("a", { class: "btn btn-small", href: url }, "Continue"));
  if (table.status !== "waiting") {
    links.push(h("a", { class: "btn btn-small btn-ghost watch", href: `${url}?watch=1` }, "Watch"));
  }
  if (table.status === "finished") {
    links.push(h("a", { class: "btn btn-small", href: `/replay/${encodeURIComponent(id)}` }, "Replay"));
  }
  const result = table.result && table.result.text ? ` · ${table.result.text}` : "";
  const ply = Number.isInteger(table.ply) ? ` · move ${table.ply}` : "";
  return h(
    "li",
    { class: "table-item", dataset: { table: id } },
    h(
      "div",
      { class: "table-head" },
      h("strong", {}, gameTitle(table.game, table.rules_version)),
      h("span", { class: "muted" }, ` #${id}${ply}${result}`),
    ),
    h("div", { class: "chips" }, (table.seats || []).map((s) => seatChip(table, s))),
    h("div", { class: "table-links" }, links),
  );
}

function fillList(id, tables) {
  const list = $(id);
  list.replaceChildren(...tables.map(tableItem));
  if (!tables.length) list.append(h("li", { class: "empty muted" }, "None"));
}

async function refreshTables() {
  try {
    const lists = await api("/api/tables");
    fillList("list-open", lists.open || []);
    fillList("list-running", lists.running || []);
    fillList("list-finished", (lists.finished || []).slice(0, 30));
  } catch (err) {
    toast(err.message);
  }
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
    await loadLevels(games);
  } catch (err) {
    toast(err.message);
    return;
  }
  const select = $("game-select");
  for (const game of games) select.append(h("option", { value: game.name }, game.title));
  const nav = $("rules-links");
  for (const game of games) {
    nav.append(h("a", { href: `/rules/${encodeURIComponent(game.name)}` }, `${game.title} rules`));
  }
  select.addEventListener("change", drawGame);
  $("options").addEventListener("change", loadSetup);
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
