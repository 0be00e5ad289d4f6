// What the Omringad board knows about units, terrain, phases and players: the unit table
// (R20, and the special units of R110-R117), terrain (R10-R15), seat names and colours.

import { seatOk } from "./dom.js";
import { t } from "./texts.js";

/** The unit table: cost, F and S undamaged / damaged, hits to eliminate, ranged, special. */
export const UNITS = {
  M: { name: t("unit.M"), cost: 2, F: [1, 1], S: [6, 6], hp: 2 },
  E: { name: t("unit.E"), cost: 3, F: [2, 2], S: [5, 5], hp: 2, mountain: true },
  A: { name: t("unit.A"), cost: 4, F: [2, 1], S: [5, 5], hp: 2, ranged: true },
  R: { name: t("unit.R"), cost: 5, F: [3, 3], S: [4, 5], hp: 2 },
  K: { name: t("unit.K"), cost: 6, F: [1, 1], S: [4, 4], hp: 2, ranged: true },
  G: { name: t("unit.G"), cost: 10, F: [2, 2], S: [null, null], hp: 1 },
  D: {
    name: t("unit.D"),
    kind: "diplomat",
    special: true,
    F: [1, 1],
    S: [null, null],
    hp: 1,
    note: t("unit.D.note"),
  },
  Z: {
    name: t("unit.Z"),
    kind: "dragon",
    special: true,
    F: [null, null],
    S: [2, 3],
    hp: 2,
    note: t("unit.Z.note"),
  },
  H: {
    name: t("unit.H"),
    kind: "horses",
    special: true,
    F: [null, null],
    S: [null, null],
    hp: 0,
    note: t("unit.H.note"),
  },
  I: {
    name: t("unit.I"),
    kind: "infiltrator",
    special: true,
    F: [2, 2],
    S: [null, null],
    hp: 1,
    note: t("unit.I.note"),
  },
  X: {
    name: t("unit.X"),
    kind: "elephants",
    special: true,
    F: [3, 2],
    S: [4, 4],
    hp: 2,
    note: t("unit.X.note"),
  },
  W: {
    name: t("unit.W"),
    kind: "magician",
    special: true,
    F: [2, 2],
    S: [3, 3],
    hp: 1,
    ranged: true,
    note: t("unit.W.note"),
  },
  P: {
    name: t("unit.P"),
    kind: "pirates",
    special: true,
    F: [2, 1],
    S: [5, 5],
    hp: 2,
    note: t("unit.P.note"),
  },
  S: {
    name: t("unit.S"),
    kind: "snipers",
    special: true,
    F: [2, 2],
    S: [6, 6],
    hp: 2,
    ranged: true,
    note: t("unit.S.note"),
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
  return code === code.toUpperCase() ? u.name : t("unit.damaged", { name: u.name });
}

/** The letter and name of a kind name (``"dragon"`` gives Z, the dragon). */
export function kindLetter(name) {
  return KIND_OF_NAME[name] || (UNITS[name] ? name : "?");
}

/** Terrain letters of the observation (R10-R15). */
export const TERRAIN = {
  ".": { name: t("terrain.bare"), points: 0, note: t("terrain.bare.note") },
  M: { name: t("terrain.mountain"), points: 1, note: t("terrain.mountain.note") },
  C: { name: t("terrain.castle"), points: 5, note: t("terrain.castle.note"), settlement: true },
  V: { name: t("terrain.village"), points: 2, note: t("terrain.village.note"), settlement: true },
  L: { name: t("terrain.lake"), points: 0, note: t("terrain.lake.note") },
  F: { name: t("terrain.forest"), points: 1, note: t("terrain.forest.note") },
  "?": { name: t("terrain.unknown"), points: 0, note: t("terrain.unknown.note") },
};
export const TILE_ORDER = ["C", "V", "V", "L", "L", "F", "F", "M", "M"]; // R5 ruling

export const PHASE_TEXT = {
  setup: t("phase.setup"),
  pregame: t("phase.pregame"),
  initiative: t("phase.initiative"),
  auction: t("phase.auction"),
  purchase: t("phase.purchase"),
  move: t("phase.move"),
  battle: t("phase.battle"),
  reinforce: t("phase.reinforce"),
  over: t("phase.over"),
};

/** Seat i holds country i; its name and colour (the dragon, owner -1, is nobody's). */
export const NAMES = [t("side.0"), t("side.1"), t("side.2"), t("side.3")];
export const DRAGON = -1;

export const nameOf = (owner) =>
  owner === DRAGON ? t("dragon") : NAMES[owner] || t("seat", { n: owner + 1 });

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
