// The pieces of Gunst (pieces.py) and their names in the page's language: kin, deities,
// places, rows, and whose name to show for a seat.

import { t } from "./texts.js";

// ---------------------------------------------------------------- the pieces (pieces.py)
/** ``code``: the letter of the notation ("bring 1K 2W"); ``letter``: the one shown, in the
 * page's language (Danish R K B T L after the rulebook's Ridder, Kriger, Bonde, Tyv, Lærd). */
export const KINS = [
  { index: 0, name: "knight", plural: "knights", code: "K", letter: t("letter.knight") },
  { index: 1, name: "warrior", plural: "warriors", code: "W", letter: t("letter.warrior") },
  { index: 2, name: "farmer", plural: "farmers", code: "F", letter: t("letter.farmer") },
  { index: 3, name: "thief", plural: "thieves", code: "T", letter: t("letter.thief") },
  { index: 4, name: "scholar", plural: "scholars", code: "S", letter: t("letter.scholar") },
];
export const DEITIES = [
  { name: "Extazia", short: "Ex", effect: t("deity.extazia") },
  { name: "Vandringsmanden", short: "Va", effect: t("deity.vandringsmanden") },
  { name: "Eurika", short: "Eu", effect: t("deity.eurika") },
  { name: "Archimedes", short: "Ar", effect: t("deity.archimedes") },
];
/** The deity track (R2) and, last, the field (a deity brought this round). */
export const PLACES = ["start", "Tusmørket", "Tågen", "hand", "field"];
/** Where a deity that has acted waits until the round ends (R13, rules version 3): on the
 * field, drawn in the field's column and marked spent. */
export const SPENT = "spent";
/** The column of the staff a place is drawn in. */
export const columnOf = (place) => (place === SPENT ? 4 : Math.max(0, PLACES.indexOf(place)));
/** Whether the observation's rules keep acted deities on the field (version 3 on). */
export const keepsSpent = (obs) => (obs.rules_version ?? 2) >= 3;
/** R7: the favour that applies moves one deity at most from the start to the hand. */
export const favourOf = (n) => Math.min(n, 3);
export const ROW_EFFECTS = [
  { short: t("effect.knights"), long: t("effect.knights_long") },
  { short: t("effect.warriors"), long: t("effect.warriors_long") },
  { short: t("effect.farmers"), long: t("effect.farmers_long") },
  { short: t("effect.thieves"), long: t("effect.thieves_long") },
  { short: t("effect.scholars"), long: t("effect.scholars_long") },
];
export const STEP_OF_PHASE = {
  tinge: "Tinge",
  coin: "Tinge",
  order: "Tinge",
  favour: "Tinge",
  invoke: "Dommen",
  target: "Dommen",
  dest: "Dommen",
  mode: "Slaget",
  raise: "Slaget",
  over: t("phase.over"),
};

export const deityIndex = (name) => DEITIES.findIndex((d) => d.name === name);

/**
 * The action of a Tinge selection, if the legal "selections" entry allows it: the kin
 * counts in mixed radix, times 16, plus bit d for each deity d (the server's
 * Selection.code), with the selection's notation ("bring 1K 2W Ex" or "bring nothing").
 */
export function selectionAction(entry, kin, deities) {
  if (!entry) return null;
  if (kin.some((n, k) => n < 0 || n > (entry.hand[k] ?? 0))) return null;
  if ([...deities].some((d) => !entry.deities.includes(DEITIES[d].name))) return null;
  const value = kin.reduce((v, n, k) => v * entry.radix[k] + n, 0);
  const mask = [...deities].reduce((m, d) => m | (1 << d), 0);
  const picked = KINS.filter((k) => kin[k.index]);
  const gods = DEITIES.filter((_, d) => deities.has(d)).map((d) => d.short);
  const parts = [...picked.map((k) => `${kin[k.index]}${k.code}`), ...gods];
  const shown = [...picked.map((k) => `${kin[k.index]}${k.letter}`), ...gods];
  return {
    action: value * 16 + mask,
    kind: "select",
    text: `bring ${parts.length ? parts.join(" ") : "nothing"}`, // the notation
    label: shown.length ? t("tinge.selection", { list: shown.join(" ") }) : t("btn.bring_nothing"),
  };
}

/** Words for seats, from the viewer's point of view ("You", "Player 2", "your", "Player 2's"). */
export function names(view) {
  const me = Number.isInteger(view.seat) ? view.seat : null;
  const label = (seat) => (seat === me ? t("you") : t("player", { n: seat + 1 }));
  const whose = (seat, number) =>
    seat === me ? t(`poss.${number}.you`) : t(`poss.${number}`, { name: label(seat) });
  return {
    me,
    label,
    subject: label,
    /** "your" / "Player 2's" before a plural (a row of kin). */
    possessive: (seat) => whose(seat, "many"),
    /** The same before a singular (a knight, a deity, a favour). */
    single: (seat) => whose(seat, "one"),
    /** ``key`` + ".you" when ``seat`` is the viewer (English conjugates the verb). */
    key: (key, seat) => (seat === me ? `${key}.you` : key),
  };
}


/** The seat drawn at the bottom: the viewer's, or seat 0 for spectators. */
export function homeSeat(view) {
  return Number.isInteger(view.seat) ? view.seat : 0;
}
/** A row's name ("knights", ...) in the page's language. */
export const rowWord = (row) => t(`row.${row}`);
/** A deity's place ("start", "Tusmørket", "Tågen", "hand", "field", "spent") in the page's
 * language. */
export const placeName = (place) =>
  ["start", "hand", "field", SPENT].includes(place) ? t(`place.${place}`) : place;
