// The game table: claim an invite, show the live VIEW, let the seat act.
// Views arrive over a WebSocket (reconnecting with backoff); actions go over HTTP so each
// one gets its own answer or error.
import {
  ApiError,
  api,
  fallbackRenderer,
  h,
  heldSeats,
  invitesFor,
  inviteRow,
  loadRenderer,
  saveToken,
  toast,
  tokensFor,
} from "/static/api.js";
import {
  clockEnds,
  drawMoves,
  drawSeats,
  rulesNote,
  moveText,
  partText,
  playerNames,
  pointRulesLink,
  seatNames,
  statusText,
  tickClocks,
} from "/static/viewparts.js";
import { drawGameClocks } from "/static/clock.js";
import { onBackOnline, showConnection } from "/static/reconnect.js";
import { mountNotifyToggles, onNewView } from "/static/notify.js";
import { drawOffers } from "/static/offers.js";
import { fit, keepFitted } from "/static/fit.js";
import { keepFocus } from "/static/focus.js";
import { boardKeys } from "/static/keyboard.js";
import { gameTexts, languagePicker, loadLanguage, t, translatePage } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const watching = params.has("watch");

const page = {
  table: null,
  token: null, // null: spectator
  seat: null,
  view: null,
  renderer: null,
  rendererGame: null,
  referenceGame: null, // the game whose quick-reference card is shown
  announced: null, // the number of moves the screen reader has been told of
  rendererLoad: null, // the promise that sets ``renderer``
  games: [],
  socket: null,
  pending: false,
  hopPly: null, // hot seat at simultaneous nodes: the ply of the last hand-over
  revealed: new Set(), // hot-seat: seats that have uncovered the screen this turn
  received: new WeakMap(), // view -> performance.now() when it arrived (for its clocks)
  drawn: null, // the view drawn last (a rematch made since then is followed)
};

// ---------------------------------------------------------------- live connection
class Live {
  constructor(table, token, onView, onState, onPresence) {
    this.url = new URL(`/ws/tables/${encodeURIComponent(table)}`, location.href);
    this.url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    if (token) this.url.searchParams.set("token", token);
    this.onView = onView;
    this.onState = onState;
    this.onPresence = onPresence;
    this.delay = 500;
    this.closed = false;
    this.ws = null;
    this.timer = null;
    this.ping = null;
    this.open();
  }

  open() {
    this.onState(this.delay > 500 ? "reconnecting" : "connecting");
    const ws = new WebSocket(this.url.href);
    this.ws = ws;
    this.moves = null; // the move list this connection was sent (see merge)
    this.seq = null; // the table's sequence number of the last frame taken (see merge)
    this.syncing = false; // a whole view has been asked for
    ws.addEventListener("open", () => {
      this.delay = 500;
      this.onState("live");
      this.ping = setInterval(() => this.send({ type: "ping" }), 25000);
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "view") {
        const view = this.merge(message.view, message.seq);
        if (view) this.onView(view);
      } else if (message.type === "presence") this.onPresence(message.connected);
      else if (message.type === "ai") onAiLine(message.ai);
      else if (message.type === "error") toast(message.text || message.message);
    });
    ws.addEventListener("close", (event) => {
      clearInterval(this.ping);
      if (this.closed || this.ws !== ws) return;
      if (event.code === 4409 && !page.view) {
        // The table cannot be loaded (e.g. its rules version is gone): retrying won't help.
        this.onState("offline");
        return;
      }
      this.onState("offline");
      const wait = this.delay * (0.75 + Math.random() * 0.5);
      this.delay = Math.min(this.delay * 2, 15000);
      this.timer = setTimeout(() => this.open(), wait);
    });
  }

  /**
   * The whole view from a frame: the server sends the move list's entries from ply
   * ``moves_from`` on (0: the whole list), and the table's sequence number ``seq`` (one
   * more with every change). A partial frame whose ``seq`` skips one (a frame was missed,
   * e.g. while the table moved to another server) or that leaves a gap in the list is
   * dropped and the whole view asked for again; a frame older than the last one taken is
   * stale and dropped.
   */
  merge(view, seq) {
    const from = view.moves_from || 0;
    const known = this.moves || [];
    const numbered = Number.isInteger(seq) && this.seq !== null;
    if (numbered && seq < this.seq) return null; // stale: already past it
    if (from > 0 && ((numbered && seq > this.seq + 1) || from > known.length)) {
      if (!this.syncing) this.send({ type: "sync" });
      this.syncing = true;
      return null;
    }
    if (Number.isInteger(seq)) this.seq = seq;
    if (from === 0) this.syncing = false;
    this.moves = from === 0 ? view.moves || [] : known.slice(0, from).concat(view.moves || []);
    return { ...view, moves: this.moves, moves_from: 0 };
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  /** Reconnect now if the connection is down (the browser is back online). */
  retryNow() {
    if (this.closed || (this.ws && this.ws.readyState <= WebSocket.OPEN)) return;
    clearTimeout(this.timer);
    this.open();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.ping);
    if (this.ws) this.ws.close();
  }
}

function connectionState(state) {
  const conn = $("conn");
  conn.dataset.state = state;
  conn.querySelector("span").textContent = t(`conn.${state}`);
  showConnection(state);
}

onBackOnline(() => page.socket && page.socket.retryNow());

function connect() {
  if (page.socket) page.socket.close();
  page.socket = new Live(page.table, page.token, onView, connectionState, onPresence);
}

// ---------------------------------------------------------------- seats and tokens
/** Use the token of ``seat`` (a seat this browser holds) from now on. */
function useSeat(seat) {
  const tokens = tokensFor(page.table);
  page.seat = seat;
  page.token = seat === null ? null : tokens[String(seat)];
  page.view = null;
}

/**
 * Hot seat: when it is the turn of another seat this screen holds, switch to it.
 * Returns true when the seat changed (a fresh view is then being fetched).
 */
function followHotSeat(view) {
  if (watching || view.result || view.your_turn) return false;
  const held = heldSeats(page.table);
  if (held.length < 2) return false;
  let next = null;
  if (held.includes(view.to_move)) {
    next = view.to_move;
  } else if (view.to_move === -2 && page.hopPly !== view.ply) {
    // Simultaneous choices: hand the screen on once per decision, never back and forth.
    next = held.find((s) => s !== page.seat) ?? null;
    page.hopPly = view.ply;
  }
  if (next === null || next === page.seat) return false;
  useSeat(next);
  connect();
  refresh();
  return true;
}

// ---------------------------------------------------------------- drawing
/** The game's quick-reference card (its web/reference.js), beside the board when it has one. */
async function showReference(view) {
  if (page.referenceGame === view.game) return;
  page.referenceGame = view.game;
  let mod = null;
  try {
    mod = await import(`/games/${encodeURIComponent(view.game)}/reference.js`);
  } catch {
    return; // a game without a card
  }
  $("ref").replaceChildren(mod.card(view));
  $("ref-box").hidden = false;
}

function ensureRenderer(game) {
  if (page.rendererGame !== game) {
    page.rendererGame = game;
    // its catalogue too: the move list's notation words, even without its renderer
    const texts = gameTexts(game).catch(() => null);
    page.rendererLoad = Promise.all([loadRenderer(game), texts]).then(([mod]) => {
      page.renderer = mod || fallbackRenderer;
    });
  }
  return page.rendererLoad;
}

function newer(view) {
  const old = page.view;
  if (!old || old.seat !== view.seat) return true;
  // the table's sequence number grows with every change (a takeback lowers the ply)
  if (Number.isInteger(view.seq) && Number.isInteger(old.seq) && view.seq !== old.seq)
    return view.seq > old.seq;
  if (view.ply !== old.ply) return view.ply > old.ply;
  return !(old.status === "finished" && view.status !== "finished");
}

async function onView(view) {
  page.received.set(view, performance.now());
  if (view.seat !== page.seat && !(page.seat === null && view.seat == null)) return;
  if (!newer(view)) return;
  page.view = view;
  if (followHotSeat(view)) return;
  await ensureRenderer(view.game);
  showReference(view);
  if (page.view !== view) return; // a newer view arrived while the renderer loaded
  draw(view);
}

/** The AI seats' jobs moved in line (``[{seat, line}]``): the status line says so. */
function onAiLine(ai) {
  const view = page.view;
  if (!view || !Array.isArray(ai) || !page.renderer) return;
  const updated = { ...view, ai };
  page.received.set(updated, page.received.get(view) ?? performance.now());
  page.view = updated;
  const players = playerNames(updated, seatNames(updated, page.renderer), gameInfo(updated));
  const status = statusText(updated, players);
  $("status").textContent = status;
  $("board-status").textContent = status;
}

/** Someone came or left: the server sends who is connected, not a whole view. */
function onPresence(connected) {
  const view = page.view;
  if (!view || !Array.isArray(connected) || !page.renderer) return;
  const seats = (view.seats || []).map((s, i) => ({ ...s, connected: Boolean(connected[i]) }));
  const updated = { ...view, seats };
  const received = page.received.get(view) ?? performance.now();
  page.received.set(updated, received);
  page.view = updated;
  const names = seatNames(updated, page.renderer);
  const canSit =
    updated.status === "waiting" && (updated.seat === null || updated.seat === undefined);
  drawSeats(
    $("seats"),
    updated,
    names,
    canSit ? claimSeat : null,
    clockEnds(updated, received),
    gameInfo(updated),
  );
}

function gameInfo(view) {
  return page.games.find((g) => g.name === view.game) || null;
}

function coverFor(view, names) {
  // Hidden-information games at a shared screen: cover the board between seats.
  const cover = $("cover");
  const info = gameInfo(view);
  const hidden = info && info.information !== "perfect";
  const shared = heldSeats(page.table).length > 1 && !watching;
  if (!hidden || !shared || view.seat === null || page.revealed.has(`${view.seat}:${view.ply}`)) {
    cover.hidden = true;
    delete cover.dataset.shows;
    return false;
  }
  // The same hand-over drawn again (a repeated view): keep it, and a press under way on it.
  const shows = `${view.seat}:${view.ply}:${names[view.seat]}`;
  if (!cover.hidden && cover.dataset.shows === shows) return true;
  cover.dataset.shows = shows;
  cover.replaceChildren(
    h("p", {}, t("curtain.pass", { name: names[view.seat] })),
    h(
      "button",
      {
        type: "button",
        class: "btn btn-primary",
        onclick: () => {
          page.revealed.add(`${view.seat}:${view.ply}`);
          draw(view);
        },
      },
      t("curtain.show", { name: names[view.seat] }),
    ),
  );
  cover.hidden = false;
  return true;
}

function draw(view) {
  const renderer = page.renderer;
  const names = seatNames(view, renderer, gameInfo(view));
  const players = playerNames(view, names, gameInfo(view));
  const title = (gameInfo(view) || {}).title || view.game;
  $("game-title").textContent = title + rulesNote(view.rules_version, gameInfo(view));
  pointRulesLink($("rules-link"), view.game, title);
  document.title = `${view.your_turn ? `● ${t("notify.tab")} · ` : ""}${title} #${view.table} · Spelbord`;
  if (view.seat !== null && view.seat !== undefined) mountNotifyToggles($("resign").parentElement);
  onNewView(view, title);
  document.body.dataset.status = view.status;
  document.body.dataset.yourTurn = view.your_turn ? "1" : "0";
  document.body.dataset.ply = String(view.ply);

  const board = $("board");
  if (!coverFor(view, names)) {
    const ui = { seat: view.seat, replay: false, act: (action) => act(action), notify: toast };
    try {
      renderer.render(board, view, ui);
    } catch (err) {
      console.error(err);
      fallbackRenderer.render(board, view, ui);
    }
  } else {
    board.replaceChildren();
  }
  fit(board);

  const status = statusText(view, players);
  $("status").textContent = status;
  $("board-status").textContent = status;
  $("board-status").dataset.turn = view.your_turn ? "you" : view.result ? "over" : "other";
  $("status-card").dataset.turn = view.your_turn ? "you" : view.result ? "over" : "other";
  const describe = typeof renderer.describe === "function" ? renderer.describe(view) : "";
  $("describe").textContent = describe || "";
  $("describe").hidden = !describe;
  $("role").textContent =
    view.seat === null || view.seat === undefined
      ? t("role.watching")
      : t("role.plays", { side: names[view.seat] });
  const canSit = view.status === "waiting" && (view.seat === null || view.seat === undefined);
  const ends = clockEnds(view, page.received.get(view) ?? performance.now());
  drawSeats($("seats"), view, names, canSit ? claimSeat : null, ends, gameInfo(view));
  drawGameClocks(view, names, page.received.get(view) ?? performance.now());
  drawMoves($("moves"), view.moves, players, { game: view.game });
  announce(view, players);
  const rows = $("moves").querySelectorAll("li.move").length;
  $("moves-count").textContent = rows ? `(${rows})` : "";
  page.names = names;
  drawInvites(view);

  const resign = $("resign");
  resign.hidden = view.seat === null || view.seat === undefined || view.status !== "running";
  resetResign();
  drawOffers(view, page.drawn, { table: page.table, token: page.token, names: players, onView });
  page.drawn = view;
  const replay = $("replay-link");
  replay.hidden = view.status !== "finished";
  replay.href = `/replay/${encodeURIComponent(view.table)}`;
  showAnalyseLink(view);
  document.body.dataset.ready = "1";
}

/** Fair play (docs/fair-play.md): while people play each other nobody analyses the game
 * (the page says so to its players); a person playing the computer may analyse their own
 * position when it is their move (a game with an analysis board that hides nothing): the
 * server writes its link for that seat's token only. */
async function showAnalyseLink(view) {
  const link = $("analyse-link");
  const game = (page.games || []).find((g) => g.name === view.game);
  const board = game && (game.study || []).includes("analysis") && game.information === "perfect";
  const people = (view.seats || []).filter((s) => s.kind !== "ai").length >= 2;
  $("fair-play").hidden = !(board && people && view.status === "running" && view.seat != null);
  const ok = board && !people && view.status === "running" && view.your_turn && page.token;
  if (!ok) {
    link.hidden = true;
    return;
  }
  const key = `${view.table}:${view.ply}`;
  if (link.dataset.key === key) return;
  link.dataset.key = key;
  link.hidden = true;
  const query = new URLSearchParams({ ply: String(view.ply), token: page.token });
  try {
    const r = await api(`/api/tables/${encodeURIComponent(view.table)}/analysis?${query}`);
    if (link.dataset.key !== key) return;
    link.href = r.url;
    link.hidden = false;
  } catch {
    link.hidden = true;
  }
}

/** Tell screen readers the last move when a new one arrives (not on the first drawing). */
function announce(view, players) {
  const moves = view.moves || [];
  const count = moves.length;
  if (page.announced !== null && count > page.announced && count) {
    const last = moves[count - 1];
    const text = Array.isArray(last.parts)
      ? moveText(last, players, view.game)
      : `${players[last.seat] ?? (last.seat === -1 ? t("moves.chance") : "")}: ${partText(last, view.game)}`;
    $("announce").textContent = t("announce.last", { text });
  }
  page.announced = count;
}

function drawInvites(view) {
  const box = $("invites");
  const invites = invitesFor(page.table);
  const waiting = (view.seats || []).filter(
    (s) => s.kind === "invite" && !s.claimed && invites[String(s.seat)],
  );
  if (view.status !== "waiting" || !waiting.length) {
    box.hidden = true;
    return;
  }
  box.replaceChildren(
    h("h2", {}, t("table.invites")),
    ...waiting.map((s) =>
      inviteRow(page.names[s.seat] || t("seat.n", { n: s.seat + 1 }), invites[String(s.seat)]),
    ),
  );
  box.hidden = false;
}

// ---------------------------------------------------------------- acting
async function act(action) {
  const view = page.view;
  if (!view || !page.token || page.pending) return;
  const id = typeof action === "number" ? action : action.action;
  page.pending = true;
  document.body.dataset.pending = "1";
  try {
    const next = await api(`/api/tables/${encodeURIComponent(page.table)}/action`, {
      method: "POST",
      body: { token: page.token, action: id, ply: view.ply },
    });
    await onView(next);
  } catch (err) {
    toast(err.message);
    refresh();
  } finally {
    page.pending = false;
    document.body.dataset.pending = "0";
  }
}

let resignArmed = null;
function resetResign() {
  clearTimeout(resignArmed);
  resignArmed = null;
  const button = $("resign");
  button.textContent = t("btn.resign");
  button.classList.remove("armed");
}

async function resign() {
  const button = $("resign");
  if (!resignArmed) {
    button.textContent = t("btn.really_resign");
    button.classList.add("armed");
    resignArmed = setTimeout(resetResign, 4000);
    return;
  }
  resetResign();
  try {
    const next = await api(`/api/tables/${encodeURIComponent(page.table)}/resign`, {
      method: "POST",
      body: { token: page.token },
    });
    await onView(next);
  } catch (err) {
    toast(err.message);
  }
}

async function refresh() {
  const query = page.token ? `?token=${encodeURIComponent(page.token)}` : "";
  try {
    await onView(await api(`/api/tables/${encodeURIComponent(page.table)}/view${query}`));
  } catch (err) {
    if (page.token && err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      // A token this browser kept no longer works (e.g. a new database): watch instead.
      toast(t("table.seat_failed", { reason: err.message }));
      useSeat(null);
      connect();
      await refresh();
      return;
    }
    showFatal(err);
  }
}

function showFatal(err) {
  if (err instanceof ApiError && err.status === 404) {
    $("status").textContent = t("table.no_such", { reason: err.message });
  } else if (err instanceof ApiError && err.status === 409 && !page.view) {
    $("status").textContent = err.message; // e.g. a table whose rules version is gone
  } else {
    toast(err.message);
  }
}

// ---------------------------------------------------------------- start
async function claimSeat(seat) {
  try {
    const result = await api(`/api/tables/${encodeURIComponent(page.table)}/claim`, {
      method: "POST",
      body: { seat },
    });
    saveToken(page.table, result.seat, result.token);
    history.replaceState(null, "", `/table/${encodeURIComponent(page.table)}`);
    useSeat(result.seat);
    connect();
    await refresh();
  } catch (err) {
    toast(err.message);
  }
}

async function claimInvite(table, code) {
  try {
    const result = await api(`/api/tables/${encodeURIComponent(table)}/claim`, {
      method: "POST",
      body: { invite: code },
    });
    saveToken(table, result.seat, result.token);
    return result.seat;
  } catch (err) {
    // Opening one's own invite link again: the seat is already ours.
    if (!heldSeats(table).length) toast(err.message);
    return null;
  } finally {
    history.replaceState(null, "", `/table/${encodeURIComponent(table)}`);
  }
}

async function start() {
  await loadLanguage();
  translatePage();
  document.querySelector(".topnav").prepend(languagePicker());
  const parts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  page.table = parts[1];
  if (!page.table) {
    $("status").textContent = t("table.none_given");
    return;
  }
  let seat = null;
  if (parts[0] === "join" && parts[2]) seat = await claimInvite(page.table, parts[2]);
  const held = heldSeats(page.table);
  if (!watching && held.length) {
    const wanted = params.has("seat") ? Number(params.get("seat")) : seat;
    useSeat(held.includes(wanted) ? wanted : held[0]);
  } else {
    useSeat(null);
  }
  $("resign").addEventListener("click", resign);
  keepFitted($("board"));
  keepFocus($("board"));
  boardKeys($("board"));
  // On a phone the move list starts folded (it would make the page thousands of px tall).
  if (window.matchMedia("(max-width: 900px)").matches) $("moves-box").open = false;
  setInterval(() => tickClocks($("seats")), 100);
  page.games = await api("/api/games").catch(() => []);
  await refresh();
  connect();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refresh();
  });
}

start();
