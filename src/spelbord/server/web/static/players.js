// Players, ratings and tournaments (issue 16): the account, player and tournament pages.
import { api, h, saveToken, toast } from "/static/api.js";
import { currentLanguage, formatMoment, formatNumber, gameTexts, t as tr, translatePage } from "/static/i18n.js";
import { whoIsSignedIn } from "/static/header.js";
import { optionFields, readOptionFields } from "/static/options.js";
import { ratingGraph } from "/static/ratinggraph.js";

const page = document.body.className.replace("page-", "");
let me = null;

async function loadMe() {
  me = (await api("/api/account")).account;
}

/** The games of this server (GET /api/games), asked once: titles, options, levels. */
let gameList = null;
async function allGames() {
  if (!gameList) gameList = await api("/api/games").catch(() => []);
  return gameList;
}
const titleOf = (name) => ((gameList || []).find((g) => g.name === name) || {}).title || name;

function row(cells, tag = "td") {
  return h("tr", {}, ...cells.map((c) => h(tag, {}, c)));
}

function fail(err) {
  toast(err.message || String(err));
}

// ---------------------------------------------------------------- account
function accountPage(known) {
  const state = document.getElementById("account-state");
  const form = document.getElementById("signin-form");
  const signedIn = document.getElementById("signed-in-actions");
  const cards = ["invitations-card", "password-card", "signout-all-hint"].map((id) => document.getElementById(id));
  const show = async () => {
    state.textContent = me ? tr("acc.signed_in", { name: me.name }) : tr("acc.guest");
    form.hidden = !!me;
    signedIn.hidden = !me;
    for (const card of cards) card.hidden = !me;
    const blocks = document.getElementById("player-blocks");
    blocks.hidden = !me;
    if (me) {
      await Promise.all([showInvitations(), drawPlayer(me.name, blocks)]);
    } else {
      blocks.replaceChildren();
    }
  };
  const send = async (path) => {
    const name = document.getElementById("acc-name").value;
    const password = document.getElementById("acc-password").value;
    try {
      await api(path, { method: "POST", body: { name, password } });
      location.reload(); // the header says who is signed in
    } catch (err) {
      fail(err);
    }
  };
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    send("/api/account/signin");
  });
  document.getElementById("signup-button").addEventListener("click", () => send("/api/account/signup"));
  document.getElementById("signout-button").addEventListener("click", async () => {
    await api("/api/account/signout", { method: "POST" });
    location.reload();
  });
  document.getElementById("signout-all-button").addEventListener("click", async () => {
    if (!window.confirm(tr("acc.sign_out_everywhere_confirm"))) return;
    try {
      const done = await api("/api/account/signout-everywhere", { method: "POST" });
      toast(tr("acc.signed_out_everywhere", { n: done.sessions_ended }));
      await loadMe();
      await show();
    } catch (err) {
      fail(err);
    }
  });
  document.getElementById("password-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const current = document.getElementById("pw-current");
    const fresh = document.getElementById("pw-new");
    try {
      await api("/api/account/password", { method: "POST", body: { password: current.value, new_password: fresh.value } });
      current.value = fresh.value = "";
      toast(tr("acc.password_changed"));
    } catch (err) {
      fail(err);
    }
  });
  known.then(show).catch(fail); // the form is shown once it is known nobody is signed in
}

/** The signed-in player's pending tournament invitations, each with accept and decline. */
async function showInvitations() {
  const list = document.getElementById("inv-list");
  const { invitations } = await api("/api/account/invitations");
  document.getElementById("inv-empty").hidden = invitations.length > 0;
  const answer = (inv, what) => async () => {
    try {
      await api(`/api/tournaments/${encodeURIComponent(inv.tournament)}/${what}`, { method: "POST" });
      toast(tr(what === "accept" ? "acc.accepted" : "acc.declined", { name: inv.name }));
      await showInvitations();
    } catch (err) {
      fail(err);
    }
  };
  list.replaceChildren(
    ...invitations.map((inv) =>
      h(
        "li",
        { class: "table-item invitation", dataset: { tournament: inv.tournament } },
        h("div", { class: "table-head" }, h("a", { href: inv.page }, inv.name)),
        h(
          "div",
          { class: "chips" },
          tr("acc.invitation_meta", {
            game: inv.game,
            format: formatText(inv.format),
            organizer: inv.organizer || "?",
            when: formatMoment(new Date(inv.starts_at * 1000)),
          }),
        ),
        h(
          "div",
          { class: "table-links" },
          h("button", { class: "btn btn-primary btn-small accept", onclick: answer(inv, "accept") }, tr("acc.accept")),
          h("button", { class: "btn btn-small decline", onclick: answer(inv, "decline") }, tr("acc.decline")),
        ),
      ),
    ),
  );
}

// ---------------------------------------------------------------- player
/** The player page's blocks (ratings with their graphs, recent games, tournaments) of
 * ``name`` into ``box``: what anyone may see of a player. */
async function drawPlayer(name, box) {
  await allGames();
  const [data, entered] = await Promise.all([
    api(`/api/players/${encodeURIComponent(name)}`),
    api(`/api/players/${encodeURIComponent(name)}/tournaments`).catch(() => ({ tournaments: [] })),
  ]);
  box.replaceChildren(ratingsCard(data), gamesCard(data), tournamentsCard(entered.tournaments));
  return data;
}

function ratingsCard(data) {
  const card = h("section", { class: "card player-ratings", "aria-labelledby": "ratings-title" });
  card.append(h("h2", { id: "ratings-title" }, tr("tour.ratings")));
  const list = h("div", { class: "rating-list", id: "player-ratings" });
  if (!data.ratings.length) list.append(h("p", { class: "empty muted" }, tr("player.no_ratings")));
  for (const r of data.ratings) {
    const points = (data.history || {})[r.game] || [];
    list.append(
      h(
        "article",
        { class: "rating-game", dataset: { game: r.game } },
        h(
          "div",
          { class: "rating-head" },
          h("h3", {}, titleOf(r.game)),
          h("strong", { class: "rating-value" }, r.rating.toFixed(0)),
          h("span", { class: "muted", title: tr("player.rd_title") }, ` ± ${(2 * r.rd).toFixed(0)}`),
          h("span", { class: "muted rating-count" }, tr(r.games === 1 ? "player.games_one" : "player.games_n", { n: r.games })),
        ),
        ratingGraph(points, { label: tr("player.graph_label", { game: titleOf(r.game) }), when: shortDate, says: tr }),
      ),
    );
  }
  card.append(list, h("p", { class: "help" }, tr("player.ratings_rule")));
  return card;
}

/** A game's outcome for the player: won, lost, drawn, or no result at all (aborted,
 * abandoned, cancelled: neither won, lost nor drawn). */
const OUTCOMES = {
  win: "player.win",
  loss: "player.loss",
  draw: "player.draw",
  aborted: "player.aborted",
  abandoned: "player.abandoned",
  cancelled: "player.cancelled",
};

function gamesCard(data) {
  const card = h("section", { class: "card player-games-card", "aria-labelledby": "games-title" });
  card.append(h("h2", { id: "games-title" }, tr("player.recent_games")));
  const tally = data.tally || { win: 0, draw: 0, loss: 0 };
  if (data.games.length) {
    card.append(h("p", { class: "muted", id: "player-tally" }, tr("player.tally", { won: tally.win, drawn: tally.draw, lost: tally.loss })));
  }
  const games = h("table", { class: "standings", id: "player-games" });
  games.append(row([tr("player.when"), tr("lobby.game"), tr("tour.opponents"), tr("tour.result"), tr("player.rated_col"), ""], "th"));
  for (const g of data.games) {
    const done = g.status === "finished";
    const outcome = OUTCOMES[g.outcome] ? tr(OUTCOMES[g.outcome]) : stateText(g.status);
    games.append(
      h(
        "tr",
        { dataset: { table: g.table } },
        h("td", { class: "nowrap" }, shortDate(g.updated_at)),
        h("td", {}, titleOf(g.game)),
        h("td", {}, g.opponents.join(", ")),
        h("td", { class: `outcome outcome-${g.outcome || g.status}` }, outcome),
        h("td", {}, ratedText(g)),
        h("td", {}, h("a", { href: done ? g.replay : `/table/${g.table}` }, done ? tr("tour.link_replay") : tr("tour.link_table"))),
      ),
    );
  }
  card.append(data.games.length ? h("div", { class: "table-scroll" }, games) : h("p", { class: "empty muted" }, tr("player.no_games")));
  return card;
}

function tournamentsCard(list) {
  const card = h("section", { class: "card player-tournaments", "aria-labelledby": "pt-title" });
  card.append(h("h2", { id: "pt-title" }, tr("nav.tournaments")));
  if (!list.length) {
    card.append(h("p", { class: "empty muted" }, tr("player.no_tournaments")));
    return card;
  }
  const table = h("table", { class: "standings", id: "player-tournament-list" });
  table.append(row([tr("acc.name"), tr("lobby.game"), tr("tour.format"), tr("tour.status"), tr("tour.placing")], "th"));
  for (const t of list) {
    const placing = t.placing ? tr("player.placing", { n: t.placing, of: t.entrants }) : "–";
    table.append(
      h(
        "tr",
        { dataset: { tournament: t.id } },
        h("td", {}, h("a", { href: t.page }, t.name)),
        h("td", {}, titleOf(t.game)),
        h("td", {}, formatText(t.format)),
        h("td", {}, stateText(t.status)),
        h("td", {}, placing),
      ),
    );
  }
  card.append(h("div", { class: "table-scroll" }, table));
  return card;
}

/** A date in the page's language, short: "27 Nov 2026". */
function shortDate(seconds) {
  if (!seconds) return "";
  return new Date(seconds * 1000).toLocaleDateString(currentLanguage(), {
    day: "numeric",
    month: "short",
    year: "numeric",
  });
}

async function playerPage() {
  const name = decodeURIComponent(location.pathname.split("/").pop());
  const data = await drawPlayer(name, document.getElementById("player-blocks"));
  document.getElementById("player-name").textContent = data.name;
  document.getElementById("player-since").textContent = tr("player.since", { when: shortDate(data.created_at) });
  document.title = `${data.name} · Spelbord`;
}

/** Whether a game of the player's history counted for ratings, and why not. */
const UNRATED = ["forfeit", "abandoned", "cancelled", "aborted", "agent_failed", "agent_no_answer", "agent_illegal", "agent_timeout"];
function ratedText(game) {
  if (game.rated) return tr("player.rated");
  if (!game.unrated) return "";
  const why = UNRATED.includes(game.unrated) ? tr(`unrated.${game.unrated}`) : game.unrated;
  return tr("player.unrated", { why });
}

// ---------------------------------------------------------------- tournaments
/** The level list of a game (GET /api/games/{game}/levels), asked once per game. */
const levelTables = new Map();
async function levelsOf(game) {
  if (!levelTables.has(game)) {
    const got = await api(`/api/games/${encodeURIComponent(game)}/levels`).catch(() => []);
    levelTables.set(game, Array.isArray(got) ? got : []);
  }
  return levelTables.get(game);
}

/** "about 1250 · 2 s a move": a level's strength as the lobby shows it. */
function levelNote(level) {
  const parts = [];
  if (Number.isFinite(level.strength)) parts.push(tr("level.strength", { elo: level.strength }));
  const limit = level.per_move || {};
  if (limit.seconds != null) parts.push(tr("level.per_move", { budget: `${formatNumber(limit.seconds)} s` }));
  return parts.join(" · ");
}

/** A <input type="datetime-local"> value for a moment (the browser's own time zone). */
function localInput(date) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const SHOW_UP_MINUTES = [1, 2, 5, 10, 15, 30, 60];

async function tournamentsPage() {
  const games = await allGames();
  const select = document.getElementById("t-game");
  for (const g of games) select.append(h("option", { value: g.name }, g.title || g.name));
  document.getElementById("t-signin-hint").hidden = !!me;
  const form = document.getElementById("t-form");
  const starts = document.getElementById("t-starts");
  starts.value = localInput(new Date(Date.now() + 10 * 60 * 1000));
  const showUp = document.getElementById("t-showup");
  for (const m of SHOW_UP_MINUTES) showUp.append(h("option", { value: m * 60 }, tr("tour.minutes", { n: m })));
  showUp.value = "300";
  const format = document.getElementById("t-format");
  const formatHelp = () => (document.getElementById("t-format-help").textContent = tr(`tour.fmt_help.${format.value}`));
  format.addEventListener("change", formatHelp);
  formatHelp();
  const drawGame = async () => {
    const game = games.find((g) => g.name === select.value) || games[0];
    if (!game) return;
    const say = await gameTexts(game.name).catch(() => null);
    const summary = say ? say("game.summary") : "game.summary";
    document.getElementById("t-summary").textContent = summary === "game.summary" ? game.summary || "" : summary;
    const box = document.getElementById("t-options");
    box.replaceChildren(h("legend", {}, tr("lobby.options")), ...optionFields(game, say));
    box.hidden = !(game.options || []).length;
    const levels = await levelsOf(game.name);
    if (select.value !== game.name) return; // chosen again meanwhile
    const choices = [
      { agent: "random", label: tr("level.random"), note: "" },
      ...levels.map((l) => ({ agent: `level:${l.level}`, label: tr(`level.${l.level}`), note: levelNote(l) })),
    ];
    const list = document.getElementById("t-ai-list");
    list.dataset.game = game.name; // drawn for this game
    list.replaceChildren(
      ...choices.map((c) =>
        h(
          "label",
          { class: "field field-check t-ai-choice" },
          h("input", { type: "checkbox", name: "ai", value: c.agent, dataset: { agent: c.agent } }),
          h("span", {}, c.label, c.note ? h("small", { class: "muted" }, ` · ${c.note}`) : null),
        ),
      ),
    );
  };
  select.addEventListener("change", drawGame);
  await drawGame();
  inviteField();
  form.hidden = !me; // shown once every field is ready
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const ai = [...document.querySelectorAll("#t-ai-list input:checked")].map((box) => box.value);
    const invited = [...document.querySelectorAll("#t-invited-list li")].map((li) => li.dataset.name);
    const when = new Date(starts.value).getTime();
    if (!Number.isFinite(when)) {
      toast(tr("tour.bad_start"));
      return;
    }
    try {
      const t = await api("/api/tournaments", {
        method: "POST",
        body: {
          name: document.getElementById("t-name").value,
          game: select.value,
          options: readOptionFields(document.getElementById("t-options")),
          format: format.value,
          entrants: [...invited.map((name) => ({ player: name })), ...ai.map((spec) => ({ ai: spec }))],
          starts_at: Math.max(when / 1000, Date.now() / 1000),
          show_up_seconds: Number(showUp.value),
        },
      });
      location.href = `/tournaments/${t.id}`;
    } catch (err) {
      fail(err);
    }
  });
  renderList(await api("/api/tournaments"));
  live("/ws/tournaments", (msg) => msg.type === "tournaments" && renderList(msg.tournaments));
}

/** Invited players by name: each name is looked up (a registered player) and listed with
 * a button to take it off again. */
function inviteField() {
  const input = document.getElementById("t-invite");
  input.placeholder = tr("tour.invite_placeholder");
  const list = document.getElementById("t-invited-list");
  const add = async () => {
    const wanted = input.value.trim();
    if (!wanted) return;
    let found;
    try {
      found = await api(`/api/players/${encodeURIComponent(wanted)}`);
    } catch {
      toast(tr("tour.no_player", { name: wanted }));
      return;
    }
    if ([...list.children].some((li) => li.dataset.name === found.name)) return;
    const item = h(
      "li",
      { class: "chip", dataset: { name: found.name } },
      found.name,
      h("button", { type: "button", class: "btn btn-small btn-ghost", "aria-label": tr("tour.uninvite", { name: found.name }), onclick: () => item.remove() }, "×"),
    );
    list.append(item);
    input.value = "";
  };
  document.getElementById("t-invite-add").addEventListener("click", add);
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      add();
    }
  });
}

function renderList(tournaments) {
  const list = document.getElementById("t-list");
  list.replaceChildren(
    row(
      [tr("acc.name"), tr("lobby.game"), tr("tour.format"), tr("tour.entrants"), tr("tour.status"), tr("tour.starts")],
      "th",
    ),
  );
  for (const t of tournaments) {
    const line = row([
      h("a", { href: `/tournaments/${t.id}` }, t.name),
      titleOf(t.game),
      formatText(t.format),
      t.entrants,
      stateText(t.status),
      formatMoment(new Date(t.starts_at * 1000)),
    ]);
    line.dataset.tournament = t.id;
    list.append(line);
  }
}

/** A WebSocket that hands each message to `onMessage` and reconnects when it closes. */
function live(path, onMessage) {
  const connect = () => {
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}`);
    ws.addEventListener("message", (e) => onMessage(JSON.parse(e.data)));
    ws.addEventListener("close", () => setTimeout(connect, 2000));
  };
  connect();
}

/** A tournament's or match's status ("open", "running", "playing", ...) in the page's language. */
const STATES = ["open", "running", "finished", "cancelled", "waiting", "playing"];
function stateText(status) {
  return STATES.includes(status) ? tr(`tour.state.${status}`) : String(status);
}

/** Why a tournament ended early, in the page's language. */
const NOTES = {
  "too few entrants": "tour.too_few",
  "cancelled by the organizer": "tour.cancelled_organizer",
  "cancelled by an operator": "tour.cancelled_operator",
};
function noteText(note) {
  return NOTES[note] ? tr(NOTES[note]) : note;
}

/** A tournament format ("round_robin", "knockout") in the page's language. */
function formatText(format) {
  return format === "round_robin" || format === "knockout" ? tr(`tour.fmt.${format}`) : format.replace("_", " ");
}

/** The knockout as a drawn bracket: rounds as columns, matches as boxes, winners advance
 * (rounds not yet drawn are empty boxes, so the whole bracket shows from the start). */
function renderBracket(t) {
  const first = t.rounds.length ? t.rounds[0].matches.filter((m) => m.game_no === 0).length : 0;
  const columns = [];
  for (let size = first, r = 1; size >= 1; size = Math.floor(size / 2), r++) {
    const drawn = t.rounds.find((x) => x.round === r);
    const boxes = [];
    for (let slot = 0; slot < size; slot++) {
      const games = drawn ? drawn.matches.filter((m) => m.slot === slot) : [];
      const last = games[games.length - 1];
      const seats = games.length ? games[0].seats : [{ name: "?" }, { name: "?" }];
      const won = last && last.winner ? last.winner : null;
      const lines = seats.map((s) =>
        h("div", { class: `bracket-seat${won && s.entrant === won ? " winner" : ""}${won && s.entrant !== won ? " loser" : ""}` }, s.name || tr("tour.bye")),
      );
      const note = [];
      if (games.length > 1) note.push(tr(games.length > 2 ? "tour.replays" : "tour.replay_one", { n: games.length - 1 }));
      if (last && last.termination === "forfeit") note.push(tr("tour.forfeit"));
      if (last && last.status === "playing") note.push("playing");
      const link = last && last.table ? h("a", { href: last.status === "finished" ? `/replay/${last.table}` : `/table/${last.table}` }, last.status === "finished" ? tr("tour.link_replay") : tr("tour.watch")) : "";
      boxes.push(h("div", { class: `bracket-match${last ? ` ${last.status}` : " pending"}`, dataset: { round: r, slot } }, ...lines, h("div", { class: "bracket-note" }, note.join(" · "), " ", link)));
    }
    const title = size === 1 ? tr("tour.final") : size === 2 ? tr("tour.semi") : tr("tour.round", { n: r });
    columns.push(h("div", { class: "bracket-round" }, h("h3", {}, title), h("div", { class: "bracket-boxes" }, ...boxes)));
  }
  const champion = t.status === "finished" && t.rounds.length ? t.rounds[t.rounds.length - 1].matches.at(-1) : null;
  if (champion && champion.winner_name) {
    columns.push(h("div", { class: "bracket-round" }, h("h3", {}, tr("tour.winner")), h("div", { class: "bracket-boxes" }, h("div", { class: "bracket-match champion" }, h("div", { class: "bracket-seat winner" }, champion.winner_name)))));
  }
  return h("div", { class: "bracket" }, ...columns);
}

async function takeSeat(t, table) {
  try {
    const got = await api(`/api/tournaments/${t}/tables/${table}/take`, { method: "POST" });
    saveToken(got.table, got.seat, got.token);
    location.href = `/table/${got.table}`;
  } catch (err) {
    fail(err);
  }
}

function renderTournament(t) {
  document.getElementById("t-title").textContent = t.name;
  document.getElementById("t-meta").textContent =
    `${t.game} · ${formatText(t.format)} · ${stateText(t.status)}` +
    (t.round ? ` · ${tr("tour.meta_round", { n: t.round })}` : "") +
    ` · ${tr("tour.meta_starts", { when: formatMoment(new Date(t.starts_at * 1000)) })}` +
    ` · ${tr("tour.meta_show_up", { seconds: t.show_up_seconds })}` +
    (t.note ? ` · ${noteText(t.note)}` : "");
  document.getElementById("t-rules").textContent = t.rules;
  const mine = me ? `account:${me.id}` : null;
  const joined = t.entrants.some((e) => e.entrant === mine);
  const invited = (t.invited || []).some((e) => e.entrant === mine);
  const open = t.status === "open";
  document.getElementById("t-join").hidden = !me || joined || invited || !open;
  for (const id of ["t-accept", "t-decline", "t-invited-you"]) document.getElementById(id).hidden = !invited || !open;
  document.getElementById("t-invited-box").hidden = !(t.invited || []).length;
  document.getElementById("t-invited").replaceChildren(...(t.invited || []).map((e) => h("li", {}, e.name)));
  document.getElementById("t-leave").hidden = !me || !joined || t.status !== "open";
  document.getElementById("t-start").hidden = !me || t.created_by !== me.id || t.status !== "open";
  document.getElementById("t-cancel").hidden = !me || t.created_by !== me.id || t.status !== "open";
  const standings = document.getElementById("t-standings");
  standings.replaceChildren(
    row([tr("tour.placing"), tr("tour.player"), tr("tour.wins"), tr("tour.difference"), tr("tour.played")], "th"),
  );
  for (const s of t.standings) {
    standings.append(h("tr", { dataset: { entrant: s.entrant } }, ...[s.placing, s.name, s.wins, s.difference, s.played].map((c) => h("td", {}, c))));
  }
  const yours = document.getElementById("t-mine");
  yours.replaceChildren();
  const rounds = document.getElementById("t-rounds");
  rounds.replaceChildren();
  document.getElementById("t-rounds-title").textContent =
    t.format === "knockout" ? tr("tour.bracket") : tr("tour.rounds");
  if (t.format === "knockout") rounds.append(renderBracket(t));
  for (const r of t.rounds) {
    const list = h("ul", { class: "t-round" });
    for (const m of r.matches) {
      const names = m.seats.map((s) => s.name).join(" – ");
      const status =
        m.status === "finished"
          ? ((m.winner_names || []).length ? tr("tour.won", { names: m.winner_names.join(" & ") }) : tr("tour.draw")) +
            (m.termination === "forfeit" ? ` (${tr("tour.forfeit")})` : "")
          : stateText(m.status);
      const link = m.table ? h("a", { href: m.status === "finished" ? `/replay/${m.table}` : `/table/${m.table}` }, m.status === "finished" ? tr("tour.link_replay") : tr("tour.watch")) : "";
      list.append(h("li", {}, `${names}${m.game_no ? ` (${tr("tour.replay_no", { n: m.game_no })})` : ""}: ${status} `, link));
      if (mine && m.table && m.status === "playing" && m.seats.some((s) => s.entrant === mine)) {
        yours.append(h("li", {}, h("button", { class: "btn btn-primary take-seat", onclick: () => takeSeat(t.id, m.table) }, tr("tour.play", { names }))));
      }
    }
    if (t.format !== "knockout") rounds.append(h("h3", {}, tr("tour.round", { n: r.round })), list);
  }
  const entrants = document.getElementById("t-entrants");
  entrants.replaceChildren(...t.entrants.map((e) => h("li", {}, `${e.name} (${e.rating.rating.toFixed(0)})`)));
}

async function tournamentPage() {
  const id = location.pathname.split("/").pop();
  const act = (what) => async () => {
    try {
      renderTournament(await api(`/api/tournaments/${id}/${what}`, { method: "POST" }));
    } catch (err) {
      fail(err);
    }
  };
  document.getElementById("t-join").addEventListener("click", act("join"));
  document.getElementById("t-leave").addEventListener("click", act("leave"));
  document.getElementById("t-start").addEventListener("click", act("start"));
  document.getElementById("t-accept").addEventListener("click", act("accept"));
  document.getElementById("t-cancel").addEventListener("click", () => window.confirm(tr("tour.cancel_confirm")) && act("cancel")());
  document.getElementById("t-decline").addEventListener("click", act("decline"));
  renderTournament(await api(`/api/tournaments/${id}`));
  live(`/ws/tournaments/${id}`, (msg) => msg.type === "tournament" && renderTournament(msg.tournament));
}

translatePage();
const known = loadMe();
const pages = { player: playerPage, tournaments: tournamentsPage, tournament: tournamentPage };
if (page === "account") {
  accountPage(known); // its buttons answer from the first moment
} else {
  known.then(() => pages[page] && pages[page]()).catch(fail);
}
