// Omringad for the Spelbord table, for two or four players. The board is drawn from the
// map in the observation (R1-R4: countries, seams, steps; see geometry.js): two countries
// sewn like a pillow side by side, or four in the block A B / C D, every seam drawn where a
// unit leaving an edge arrives. Panels around the board: the players (gold, income, score,
// team), the decision bar built from view.legal, the auction of special units (auction.js),
// the battle being fought with every party and die (battle.js), the square picked for
// details, your own stacks, and the log of the round.
//
// render(root, view, ui) draws VIEW into root; ui.act(actionDict) plays an action. Every
// button and every highlighted square stands for one legal action of view.legal (the bid
// stepper's button stands for the amount it shows). The style sheet is style.css (the
// odds' is odds.css, linked by odds.js), loaded once with the module.

import { h, loadStyle } from "/static/kit.js";
import { seatOk } from "./dom.js";
import { geometry, mapOf } from "./geometry.js";
import { drawBoard } from "./board.js";
import { auctionPanel } from "./auction.js";
import { battlePanel, battleSummary } from "./battle.js";
import {
  decisionBar,
  infoPanel,
  legend,
  logPanel,
  logRound,
  ownStacks,
  playersPanel,
} from "./panels.js";
import { zoomable } from "./zoom.js";
import { battleInfo, siegeLimit, sortLegal, stacksAt } from "./view.js";
import { NAMES, TERRAIN, UNITS, kindLetter, nameOf, playerCount } from "./units.js";
import { t } from "./texts.js";

await loadStyle("omringad-style", new URL("./style.css", import.meta.url));

/** Per root element: selection, queued takes, the round log, timers, the last observation. */
const memory = new WeakMap();

const TALL_BELOW = 620; // narrower roots stack the pillow's two countries
const ZOOM_BELOW = 700; // narrower roots get the four-country board in a zoomable frame

/** Scale of the board's small texts: larger when the drawing is shrunk a lot (phones). */
const textScale = (geo, width) => Math.min(1.8, Math.max(1, (geo.width / width) * 0.75));

function draw(root, view, ui, mem) {
  for (const timer of mem.timers) clearInterval(timer);
  mem.timers = [];
  const obs = view.observation;
  const map = mapOf(obs);
  const width = root.clientWidth || window.innerWidth || 1000;
  const tall = map.countries === 2 && width < TALL_BELOW;
  const me = seatOk(view.seat) ? view.seat : null;
  const home = map.countries === 2 && me !== null && me < 2 ? me : 0;
  const geo = geometry(map, tall, home);
  geo.ts = textScale(geo, width);
  const g = sortLegal(view, ui);
  const ctx = { view, obs, map, ui, mem, g, me, at: stacksAt(obs), players: playerCount(view) };
  const { svg, targets } = drawBoard(ctx, geo);
  const act = (a) => {
    mem.sel = null;
    mem.queue = [];
    ui.act(a);
  };
  const used = new Set();
  const auction = auctionPanel(ctx, act, used);
  const wrap = h("div", {
    class: `om ${tall ? "om-tall" : "om-wide"} om-map-${map.name}`,
    "data-players": ctx.players,
  });
  const bar = decisionBar(ctx, targets, used, Boolean(auction));
  // The four-country board on a phone: pinch-zoom and pan in a frame of its own.
  const board = map.countries === 4 && width < ZOOM_BELOW ? zoomable(svg, mem) : svg;
  // While bidding runs against the clock, the auction comes first (on a phone: no scrolling);
  // the winner's placement is played on the board, so then the board comes first.
  const bidding = auction && !(obs.auction.winner >= 0);
  // While bidding, the decision is the auction panel's: the bar below the board only tells.
  if (bidding) bar.removeAttribute("data-decision");
  if (bidding) wrap.append(playersPanel(ctx), auction, board, bar);
  else wrap.append(playersPanel(ctx), board, bar, ...(auction ? [auction] : []));
  for (const part of [battlePanel(ctx), infoPanel(ctx), ownStacks(ctx), logPanel(ctx)])
    if (part) wrap.append(part);
  wrap.append(legend(ctx));
  root.replaceChildren(wrap);
  root.classList.add("om-root");
  mem.tall = tall;
  mem.ts = geo.ts;
  wire(svg, root, view, ui, mem, targets);
}

function wire(svg, root, view, ui, mem, targets) {
  let down = null;
  const squareOf = (e) => {
    const node = e.target.closest ? e.target.closest("[data-square]") : null;
    return node ? Number(node.getAttribute("data-square")) : null;
  };
  const choose = (sq) => {
    if (sq !== null && targets.has(sq)) {
      mem.sel = null;
      mem.queue = [];
      ui.act(targets.get(sq));
      return;
    }
    mem.sel = sq === null || mem.sel === sq ? null : sq;
    draw(root, view, ui, mem);
  };
  svg.addEventListener("pointerdown", (e) => {
    if (e.button !== undefined && e.button > 0) return;
    down = { id: e.pointerId, x: e.clientX, y: e.clientY };
  });
  svg.addEventListener("pointercancel", () => (down = null));
  svg.addEventListener("pointerup", (e) => {
    if (!down || down.id !== e.pointerId) return;
    const far = Math.hypot(e.clientX - down.x, e.clientY - down.y) > 12;
    down = null;
    if (!far && !(mem.zoom && mem.zoom.pinching)) choose(squareOf(e));
  });
  svg.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const sq = squareOf(e);
    if (sq === null) return;
    e.preventDefault();
    choose(sq);
  });
  // Escape (static/keyboard.js): drop the picked square.
  svg.addEventListener("board-cancel", () => {
    if (mem.sel !== null && mem.sel !== undefined) choose(null);
  });
}

/** Draw VIEW into ``root``; ``ui.act`` plays an action dict, ``ui.replay`` disables input. */
export function render(root, view, ui) {
  if (!view || !view.observation) {
    root.replaceChildren(h("p", { class: "muted" }, t("no_position")));
    return;
  }
  let mem = memory.get(root);
  if (!mem) {
    mem = {
      sel: null,
      queue: [],
      queuePly: null,
      ply: null,
      log: [],
      obs: null,
      view: null,
      ui: null,
      timers: [],
    };
    memory.set(root, mem);
    window.addEventListener("resize", () => {
      if (!mem.view || !root.isConnected) return;
      const width = root.clientWidth || window.innerWidth;
      const map = mapOf(mem.view.observation);
      const tall = map.countries === 2 && width < TALL_BELOW;
      const ts = textScale(geometry(map, tall, 0), width);
      if (tall !== mem.tall || Math.abs(ts - mem.ts) > 0.1) draw(root, mem.view, mem.ui, mem);
    });
  }
  const replay = Boolean(ui.replay);
  if (replay || (mem.ply !== null && view.ply < mem.ply)) mem.obs = null; // no log across jumps
  if (mem.ply !== view.ply) mem.sel = null;
  logRound(view, mem, mapOf(view.observation));
  mem.ply = view.ply;
  mem.view = view;
  mem.ui = { ...ui, replay };
  draw(root, view, mem.ui, mem);
  // "Take all": the next queued unit, once the previous take has been applied.
  if (mem.queue.length && view.ply > mem.queuePly && !replay) {
    const g = sortLegal(view, mem.ui);
    const next = g.take.find((a) => a.unit === mem.queue[0]);
    if (next) {
      mem.queue.shift();
      mem.queuePly = view.ply;
      sendQueued(mem, view, ui, next);
    } else {
      mem.queue = [];
    }
  }
}

/**
 * Send a queued take outside of the current drawing: the page ignores actions while one is
 * in flight, so try again a few times until a newer view has arrived.
 */
function sendQueued(mem, view, ui, action) {
  let tries = 0;
  const attempt = () => {
    if (mem.view !== view || tries++ >= 12) return;
    ui.act(action);
    setTimeout(attempt, 150);
  };
  setTimeout(attempt, 30);
}

/** A short note for notable moments: an auction, a battle, the peace round, a siege of yours. */
export function describe(view) {
  const obs = (view && view.observation) || null;
  if (!obs || view.result) return "";
  const map = mapOf(obs);
  const au = obs.auction;
  if (au && au.lot) {
    const name = (UNITS[kindLetter(au.lot)] || { name: au.lot }).name;
    const bid =
      au.bid > 0 && au.bidder >= 0
        ? t("auction.bid_by", { n: au.bid, name: nameOf(au.bidder) })
        : t("auction.no_bid_lower");
    return t("note.auction", { unit: name, bid });
  }
  const b = battleInfo(obs);
  if (b) return `${battleSummary(b, map)}.`;
  if (obs.round === 1 && obs.phase === "move")
    return t("note.peace");
  if (seatOk(view.seat) && obs.phase === "reinforce") {
    const at = stacksAt(obs);
    const sieged = (obs.control || [])
      .map((c, sq) => [c, sq])
      .filter(
        ([c, sq]) =>
          c === view.seat &&
          (TERRAIN[obs.terrain[sq]] || {}).settlement &&
          siegeLimit(obs, map, at, sq).level > 0,
      )
      .map(([, sq]) => map.label(sq));
    if (sieged.length) return t("note.besieged", { squares: sieged.join(", ") });
  }
  return "";
}

/** Seat names for the shared page: seat i holds country i (A, B, C, D). */
export function seatNames(view) {
  const n = playerCount(view || {});
  return NAMES.slice(0, n).map((name, i) => `${name} (${"ABCD"[i]})`);
}
