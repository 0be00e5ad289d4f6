// What the Omringad board knows about units, terrain, phases and players: the unit table
// (R20, and the special units of R110-R117), terrain (R10-R15), seat names and colours.

import { seatOk } from "./dom.js";

/** The unit table: cost, F and S undamaged / damaged, hits to eliminate, ranged, special. */
export const UNITS = {
  M: { name: "mercenary", cost: 2, F: [1, 1], S: [6, 6], hp: 2 },
  E: { name: "elite soldier", cost: 3, F: [2, 2], S: [5, 5], hp: 2, mountain: true },
  A: { name: "archer", cost: 4, F: [2, 1], S: [5, 5], hp: 2, ranged: true },
  R: { name: "rider", cost: 5, F: [3, 3], S: [4, 5], hp: 2 },
  K: { name: "catapult", cost: 6, F: [1, 1], S: [4, 4], hp: 2, ranged: true },
  G: { name: "general", cost: 10, F: [2, 2], S: [null, null], hp: 1 },
  D: {
    name: "diplomat",
    kind: "diplomat",
    special: true,
    F: [1, 1],
    S: [null, null],
    hp: 1,
    note: "spent when its square is attacked: the attack ends, the attackers go back (R110)",
  },
  Z: {
    name: "dragon",
    kind: "dragon",
    special: true,
    F: [null, null],
    S: [2, 3],
    hp: 2,
    note: "owned by nobody, never moves, attacks every unit entering its square (R111)",
  },
  H: {
    name: "horses",
    kind: "horses",
    special: true,
    F: [null, null],
    S: [null, null],
    hp: 0,
    note: "+1 F (up to 3) for the units moving with them; never hit, never alone (R112)",
  },
  I: {
    name: "infiltrator",
    kind: "infiltrator",
    special: true,
    F: [2, 2],
    S: [null, null],
    hp: 1,
    note: "cancels the enemy general's +1 while it lives (R113)",
  },
  X: {
    name: "war elephants",
    kind: "elephants",
    special: true,
    F: [3, 2],
    S: [4, 4],
    hp: 2,
    note: "melee; cannot use the horses (R114)",
  },
  W: {
    name: "magician",
    kind: "magician",
    special: true,
    F: [2, 2],
    S: [3, 3],
    hp: 1,
    ranged: true,
    note: "fires in the ranged step; cannot conquer alone (R115)",
  },
  P: {
    name: "pirates",
    kind: "pirates",
    special: true,
    F: [2, 1],
    S: [5, 5],
    hp: 2,
    note: "stand on and cross lakes as if mountains; never attacked there (R116)",
  },
  S: {
    name: "snipers",
    kind: "snipers",
    special: true,
    F: [2, 2],
    S: [6, 6],
    hp: 2,
    ranged: true,
    note: "their owner chooses which enemy unit each hit strikes (R117)",
  },
};
export const KINDS = ["M", "E", "A", "R", "K", "G"]; // the base kinds, the engine's order
export const SPECIALS = ["D", "Z", "H", "I", "X", "W", "P", "S"]; // the cup's order (R100)
/** Letter of a kind name of the observation (``bought``, ``cup``, the auction's ``lot``). */
export const KIND_OF_NAME = {
  mercenary: "M",
  elite: "E",
  archer: "A",
  rider: "R",
  catapult: "K",
  general: "G",
  diplomat: "D",
  dragon: "Z",
  horses: "H",
  infiltrator: "I",
  elephants: "X",
  magician: "W",
  pirates: "P",
  snipers: "S",
};

export const isSpecial = (code) => Boolean(code && (UNITS[code.toUpperCase()] || {}).special);

export function unitName(code) {
  if (!code) return "?";
  const u = UNITS[code.toUpperCase()];
  if (!u) return code;
  return code === code.toUpperCase() ? u.name : `damaged ${u.name}`;
}

/** The letter and name of a kind name (``"dragon"`` gives Z, the dragon). */
export function kindLetter(name) {
  return KIND_OF_NAME[name] || (UNITS[name] ? name : "?");
}

/** Terrain letters of the observation (R10-R15). */
export const TERRAIN = {
  ".": { name: "bare ground", points: 0, note: "no effect" },
  M: { name: "mountain", points: 1, note: "entering ends the move; +1 to defending elite" },
  C: { name: "castle", points: 5, note: "defenders +1; reinforcements", settlement: true },
  V: { name: "village", points: 2, note: "reinforcements", settlement: true },
  L: { name: "lake", points: 0, note: "impassable but for pirates; counts for income" },
  F: { name: "forest", points: 1, note: "archers and catapults -1" },
  "?": { name: "unknown", points: 0, note: "not revealed yet" },
};
export const TILE_ORDER = ["C", "V", "V", "L", "L", "F", "F", "M", "M"]; // R5 ruling

export const PHASE_TEXT = {
  setup: "secret terrain",
  pregame: "opening purchase",
  initiative: "initiative",
  auction: "auction",
  purchase: "purchase",
  move: "movement",
  battle: "battles",
  reinforce: "reinforcements",
  over: "game over",
};

/** Seat i holds country i; its name and colour (the dragon, owner -1, is nobody's). */
export const NAMES = ["Ivory", "Slate", "Crimson", "Azure"];
export const DRAGON = -1;

export const nameOf = (owner) => (owner === DRAGON ? "Dragon" : NAMES[owner] || `Seat ${owner + 1}`);

/** The CSS class carrying an owner's colours. */
export const ownClass = (owner) => (seatOk(owner) ? `om-own-${owner}` : "om-own-n");

/** The number of players of a view: its options, observation or seats. */
export function playerCount(view) {
  const obs = (view && view.observation) || {};
  if (Array.isArray(obs.gold) && obs.gold.length) return obs.gold.length;
  const opt = Number(((view && view.options) || {}).players);
  if (opt === 2 || opt === 4) return opt;
  const seats = ((view && view.seats) || []).length;
  return seats === 4 ? 4 : 2;
}

/** Teams of the observation: ``teams[seat]`` is the team number, or null (all alone). */
export const teamsOf = (obs) => (Array.isArray(obs.teams) ? obs.teams : null);

/** Whether two owners fight: different camps; the dragon fights everybody. */
export function hostile(a, b, teams) {
  if (a === b) return false;
  if (a < 0 || b < 0 || !teams) return true;
  return teams[a] !== teams[b];
}

/** "A+D": the countries of a team. */
export function teamText(teams, team, letters) {
  return teams
    .map((t, s) => [t, s])
    .filter(([t]) => t === team)
    .map(([, s]) => letters[s])
    .join("+");
}
