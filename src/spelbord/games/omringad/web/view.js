// Reading the VIEW: stacks by square, sieges, the legal actions by kind, the battle's parties.

import { seatOk } from "./dom.js";
import { hostile, teamsOf } from "./units.js";

export function stacksAt(obs) {
  const at = new Map();
  for (const s of obs.stacks || []) {
    if (!at.has(s.square)) at.set(s.square, []);
    at.get(s.square).push(s);
  }
  return at;
}

/** Whether a stack may besiege from its square (R53, R116, R118), as far as one can see;
 * the dragon (owner -1) besieges where the rules version says so (R111, version 4). */
function besieges(obs, s) {
  if ((obs.terrain || [])[s.square] === "L") return false;
  if (s.owner < 0) return Boolean(obs.dragon_besieges);
  const known = s.units || (s.count === 1 ? [s.top] : null);
  if (!known) return true;
  return known.some((u) => !["D", "I", "W", "H"].includes(u.toUpperCase()));
}

/** Distinct squares next to settlement ``sq`` holding besieging enemies of its controller (R50). */
export function besiegers(obs, map, at, sq) {
  const owner = (obs.control || [])[sq];
  const teams = teamsOf(obs);
  const enemy = (s) => hostile(s.owner, owner, teams) && besieges(obs, s);
  return map.neighbours(sq).filter((n) => (at.get(n) || []).some(enemy));
}

/**
 * Other players' stacks standing in settlement ``sq`` that its controller holds: units that
 * could not take it alone (a lone magician, say). Its controller may still reinforce it
 * (R55); from rules version 4 it then defends the next battle there.
 */
export function intruders(obs, at, sq) {
  const owner = (obs.control || [])[sq];
  return (at.get(sq) || []).filter((s) => s.owner >= 0 && s.owner !== owner);
}

/** The siege limit of a settlement: null (none), 2 or 0 (R51-R52), minus units placed. */
export function siegeLimit(obs, map, at, sq) {
  const n = besiegers(obs, map, at, sq).length;
  if (n === 0) return { level: 0, cap: null, left: null };
  const cap = n === 1 ? 2 : 0;
  const placed = (obs.placed_here || [])[sq] || 0;
  return { level: Math.min(n, 2), cap, left: Math.max(0, cap - placed) };
}

export function squaresControlled(obs, seat) {
  return (obs.control || []).filter((c) => c === seat).length;
}

/** The legal actions of the viewer, grouped by kind (none for spectators and replays). */
export function sortLegal(view, ui) {
  const acting = !ui.replay && seatOk(ui.seat) && !view.result && view.your_turn !== false;
  const legal = acting ? view.legal || [] : [];
  const g = {
    all: legal,
    squares: new Map(),
    tiles: new Map(),
    buy: new Map(),
    take: [],
    hit: [],
    place: [],
    merge: [],
    target: [],
    bid: [],
    done: null,
    pass: null,
    stop: null,
    envoy: null,
    fight: null,
    other: [],
  };
  for (const a of legal) {
    if (a.kind === "square") g.squares.set(a.square, a);
    else if (a.kind === "tile") g.tiles.set(a.cell, a);
    else if (a.kind === "buy") g.buy.set(a.unit, a);
    else if (a.kind === "bid") g.bid.push(a);
    else if (Array.isArray(g[a.kind])) g[a.kind].push(a);
    else if (["done", "pass", "stop", "envoy", "fight"].includes(a.kind)) g[a.kind] = a;
    else g.other.push(a);
  }
  g.bid.sort((a, b) => a.amount - b.amount);
  return g;
}

/**
 * The battle being fought: its square, terrain, next step and parties. ``battle`` is
 * [square, attacker, defender, step, pending_a, pending_d, (owner, pending) of the later
 * attackers...]: party 0 is the first attacker, party 1 the defender, 2... the later
 * attackers (R123); ``unsent`` counts per party the hits scored and not yet sent; ``snipes``
 * (when given) is [] or [snipers' party, their hits unsent, sniper hits taken per party].
 */
export function battleInfo(obs) {
  const b = obs.battle || [];
  if (b.length < 6) return null;
  const sq = b[0];
  const owners = [b[1], b[2]];
  const pending = [b[4], b[5]];
  for (let i = 6; i + 1 < b.length; i += 2) {
    owners.push(b[i]);
    pending.push(b[i + 1]);
  }
  const here = (obs.stacks || []).filter((s) => s.square === sq);
  const snipes = Array.isArray(obs.snipes) ? obs.snipes : [];
  const parties = owners.map((owner, k) => {
    const s = here.find((x) => x.owner === owner);
    return {
      party: k,
      owner,
      attacking: k !== 1,
      units: s ? s.units || [s.top] : [],
      count: s ? s.count : 0,
      pending: pending[k] || 0,
      unsent: (obs.unsent || [])[k] || 0,
      // The snipers' hits (R117): those this party's snipers still send, those it took.
      snipesUnsent: snipes.length && snipes[0] === k ? snipes[1] : 0,
      sniped: snipes.length ? snipes[2 + k] || 0 : 0,
    };
  });
  return {
    square: sq,
    terrain: (obs.terrain || [])[sq],
    parties,
    attacker: parties[0],
    defender: parties[1],
    nextStep: b[3] === 0 ? "ranged" : "melee",
    pending,
  };
}
