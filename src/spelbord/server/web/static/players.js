// Players, ratings and tournaments (issue 16): the account, player and tournament pages.
import { api, h, saveToken, toast } from "/static/api.js";
import { t as tr, translatePage } from "/static/i18n.js";

const page = document.body.className.replace("page-", "");
let me = null;

async function loadMe() {
  me = (await api("/api/account")).account;
  const link = document.getElementById("me-link");
  if (link) {
    link.textContent = me ? me.name : tr("acc.sign_in");
    link.href = me ? `/player/${encodeURIComponent(me.name)}` : "/account";
  }
}

function row(cells, tag = "td") {
  return h("tr", {}, ...cells.map((c) => h(tag, {}, c)));
}

function fail(err) {
  toast(err.message || String(err));
}

// ---------------------------------------------------------------- account
function accountPage() {
  const state = document.getElementById("account-state");
  const form = document.getElementById("signin-form");
  const signedIn = document.getElementById("signed-in-actions");
  const cards = ["invitations-card", "password-card", "signout-all-hint"].map((id) => document.getElementById(id));
  const show = async () => {
    state.textContent = me ? tr("acc.signed_in", { name: me.name }) : tr("acc.guest");
    form.hidden = !!me;
    signedIn.hidden = !me;
    for (const card of cards) card.hidden = !me;
    if (me) await showInvitations();
  };
  const send = async (path) => {
    const name = document.getElementById("acc-name").value;
    const password = document.getElementById("acc-password").value;
    try {
      await api(path, { method: "POST", body: { name, password } });
      await loadMe();
      await show();
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
    await loadMe();
    await show();
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
  show();
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
            when: new Date(inv.starts_at * 1000).toLocaleString(),
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
async function playerPage() {
  const name = decodeURIComponent(location.pathname.split("/").pop());
  const data = await api(`/api/players/${encodeURIComponent(name)}`);
  document.getElementById("player-name").textContent = data.name;
  const ratings = document.getElementById("player-ratings");
  ratings.append(row([tr("lobby.game"), tr("tour.rating"), "RD", tr("tour.games")], "th"));
  for (const r of data.ratings) ratings.append(row([r.game, r.rating.toFixed(0), r.rd.toFixed(0), r.games]));
  const games = document.getElementById("player-games");
  games.append(row([tr("lobby.game"), tr("tour.opponents"), tr("tour.result"), tr("player.rated_col"), tr("btn.replay")], "th"));
  for (const g of data.games) {
    games.append(
      row([
        g.game,
        g.opponents.join(", "),
        g.outcome || g.status,
        ratedText(g),
        h("a", { href: g.status === "finished" ? g.replay : `/table/${g.table}` }, g.status === "finished" ? tr("tour.link_replay") : tr("tour.link_table")),
      ]),
    );
  }
}

/** Whether a game of the player's history counted for ratings, and why not. */
const UNRATED = ["forfeit", "abandoned", "cancelled", "agent_failed", "agent_no_answer", "agent_illegal", "agent_timeout"];
function ratedText(game) {
  if (game.rated) return tr("player.rated");
  if (!game.unrated) return "";
  const why = UNRATED.includes(game.unrated) ? tr(`unrated.${game.unrated}`) : game.unrated;
  return tr("player.unrated", { why });
}

// ---------------------------------------------------------------- tournaments
async function tournamentsPage() {
  const games = await api("/api/games");
  const select = document.getElementById("t-game");
  for (const g of games) select.append(h("option", { value: g.name }, g.title || g.name));
  document.getElementById("t-signin-hint").hidden = !!me;
  document.getElementById("t-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const ai = document.getElementById("t-ai").value.split(",").map((s) => s.trim()).filter(Boolean);
    const invited = document.getElementById("t-invite").value.split(",").map((s) => s.trim()).filter(Boolean);
    let options;
    try {
      options = JSON.parse(document.getElementById("t-options").value || "{}");
    } catch {
      toast(tr("tour.options_json"));
      return;
    }
    try {
      const t = await api("/api/tournaments", {
        method: "POST",
        body: {
          name: document.getElementById("t-name").value,
          game: select.value,
          options,
          format: document.getElementById("t-format").value,
          entrants: [...invited.map((name) => ({ player: name })), ...ai.map((spec) => ({ ai: spec }))],
          starts_in: Number(document.getElementById("t-starts").value) * 60,
          show_up_seconds: Number(document.getElementById("t-showup").value),
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
      t.game,
      formatText(t.format),
      t.entrants,
      stateText(t.status),
      new Date(t.starts_at * 1000).toLocaleString(),
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
    ` · ${tr("tour.meta_starts", { when: new Date(t.starts_at * 1000).toLocaleString() })}` +
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

const pages = { account: accountPage, player: playerPage, tournaments: tournamentsPage, tournament: tournamentPage };
translatePage();
loadMe()
  .then(() => pages[page] && pages[page]())
  .catch(fail);
