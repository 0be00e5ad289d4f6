// The event log of the observation: one line of text per event (rules.py), and the list
// beside the board, the events new since the last drawing highlighted.

import { h } from "/static/kit.js";
import {
  KINS,
  DEITIES,
  PLACES,
  SPENT,
  keepsSpent,
  favourOf,
  names,
  rowWord,
  placeName,
} from "./pieces.js";
import { t } from "./texts.js";

// ---------------------------------------------------------------- the event log (rules.py)
function selectionShort(kin, deities) {
  const parts = KINS.filter((k) => kin[k.index]).map((k) => `${kin[k.index]}${k.letter}`);
  parts.push(...deities.map((d) => DEITIES[d].short));
  const size = kin.reduce((s, n) => s + n, 0) + deities.length;
  return `${parts.join(" ") || t("ev.nothing")} (${size})`;
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** "your Extazia, Player 2's Archimedes" for per-seat lists of deity indices. */
function deityList(perSeat, nm) {
  return perSeat
    .flatMap((ds, seat) => ds.map((d) => `${nm.single(seat)} ${DEITIES[d].name}`))
    .join(", ");
}

/** Per seat: the deities spent on the field now (R13, rules version 3). */
function spentDeities(obs) {
  return [0, 1].map((seat) => {
    const places = (obs.deities || [{}, {}])[seat] || {};
    return DEITIES.map((_, d) => d).filter((d) => places[DEITIES[d].name] === SPENT);
  });
}

/** A line under the decision: which deities wait on the field, spent, and why. */
export function spentNote(view, obs) {
  const spent = spentDeities(obs);
  if (!spent.some((ds) => ds.length)) return null;
  const chips = spent.flatMap((ds) =>
    ds.map((d) => h("span", { class: "gu-spent-chip" }, DEITIES[d].short)),
  );
  return h(
    "p",
    { class: "gu-spent-note", "data-spent": spent.map((ds) => ds.length).join(",") },
    ...chips,
    t("spent.note", { list: deityList(spent, names(view)) }),
  );
}

/** One event of the observation's log in words ("" for none). */
export function eventText(e, view) {
  const nm = names(view);
  const S = (seat) => nm.label(seat);
  const rowName = (r) => rowWord(KINS[r].plural);
  const own = (seat, r) => `${nm.possessive(seat)} ${rowName(r)}`;
  const deity = (seat, d) => `${nm.single(seat)} ${DEITIES[d].name}`;
  const place = (i) => placeName(PLACES[i]);
  switch (e.e) {
    case "reveal":
      return t("ev.reveal", {
        list: [0, 1].map((s) => `${S(s)} ${selectionShort(e.kin[s], e.deities[s])}`).join(" · "),
      });
    case "chooser":
      return t(nm.key("ev.chooser", e.seat), { name: S(e.seat), n: favourOf(e.favour) });
    case "coin":
      return t(nm.key("ev.coin", e.seat), { name: S(e.seat) });
    case "first":
      return t(nm.key("ev.first", e.seat), { name: S(e.seat) });
    case "favour":
      if (e.deity < 0) return capital(t("ev.favour_lost", { whose: nm.single(e.seat) }));
      return t("ev.favour", { deity: deity(e.seat, e.deity), place: place(e.to) });
    case "deity": {
      const who = capital(deity(e.seat, e.deity));
      const other = 1 - e.seat;
      let what;
      if (e.leave) what = t("ev.deity.leave");
      else if (e.row < 0) what = t("ev.deity.none");
      else if (e.deity === 0) what = t("ev.deity.double", { row: own(e.seat, e.row) });
      else if (e.deity === 1) what = t("ev.deity.banish", { row: own(other, e.row) });
      else if (e.deity === 2)
        what = t("ev.deity.convert", { row: own(other, e.row), dest: own(e.seat, e.dest) });
      else what = t("ev.deity.move", { row: own(e.seat, e.row), dest: rowName(e.dest) });
      return t(keepsSpent(view.observation || {}) ? "ev.deity_spent" : "ev.deity", { who, what });
    }
    case "tagen":
      return t("ev.tagen", { list: deityList(e.deities, nm) });
    case "row":
      return e.acts > 1
        ? t("ev.row.times", { row: capital(own(e.seat, e.row)), n: e.acts })
        : t("ev.row", { row: capital(own(e.seat, e.row)) });
    case "knight":
      if (!e.took.length) return capital(t("ev.knight_nothing", { whose: nm.single(e.seat) }));
      return capital(
        t(nm.key("ev.knight", 1 - e.seat), {
          whose: nm.single(e.seat),
          name: S(1 - e.seat),
          kin: e.took.map((r) => t(`kin.${KINS[r].name}`)).join(", "),
        }),
      );
    case "hit":
      return t(nm.key("ev.hit", e.seat), { name: S(e.seat), n: e.life });
    case "steal":
      return capital(
        e.ok
          ? t(nm.key("ev.steal", 1 - e.seat), { whose: nm.single(e.seat), name: S(1 - e.seat) })
          : t("ev.steal_none", { whose: nm.single(e.seat) }),
      );
    case "raise":
      if (e.deity < 0) return capital(t("ev.raise_lost", { whose: nm.single(e.seat) }));
      return t("ev.raise", { deity: capital(deity(e.seat, e.deity)), place: place(e.to) });
    case "mode":
      return t(e.mode === 1 ? "ev.mode.strike" : "ev.mode.raise", {
        row: capital(own(e.seat, 4)),
      });
    case "season-end":
      return t("ev.season_end", {
        n: e.season,
        life: [0, 1].map((s) => `${S(s)} ${e.life[s]}`).join(", "),
      });
    case "end":
      if (e.loser < 0) return t("ev.draw");
      return t(nm.key("ev.win", 1 - e.loser), {
        name: S(1 - e.loser),
        how:
          e.why === "life"
            ? t(nm.key("ev.no_life", e.loser), { name: S(e.loser) })
            : t("result.more_life"),
      });
    default:
      return "";
  }
}

/** The current season's reveal and what followed it before Dommen (chooser, coin, first, favour). */
export function seasonReveal(obs) {
  const log = obs.log || [];
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i].e === "reveal") {
      if (log[i].season !== obs.season) return null;
      const after = [];
      for (const e of log.slice(i + 1)) {
        if (!["chooser", "coin", "first", "favour"].includes(e.e)) break;
        after.push(e);
      }
      return { event: log[i], after };
    }
  }
  return null;
}

// ---------------------------------------------------------------- the event list
/**
 * What the events new since the last drawing point at on the board (rows, life stones,
 * deity lanes); only those of the round the board shows. Without new events: the last one.
 */
export function focusOf(obs, shown) {
  const focus = { rows: [], life: [], deities: [] };
  const log = obs.log || [];
  let from = Math.max(0, Math.min(shown, log.length - 1));
  for (let i = from; i < log.length; i++) if (log[i].e === "season-end") from = i + 1;
  for (const e of log.slice(from)) {
    if (e.e === "row") focus.rows.push([e.seat, e.row]);
    if (e.e === "deity" && e.row >= 0) {
      const own = e.deity === 0 || e.deity === 3; // Extazia, Archimedes: own rows
      focus.rows.push([own ? e.seat : 1 - e.seat, e.row]);
      if (e.dest >= 0) focus.rows.push([e.seat, e.dest]);
    }
    if (e.e === "hit") focus.life.push(e.seat);
    if ((e.e === "raise" || e.e === "favour") && e.deity >= 0)
      focus.deities.push([e.seat, e.deity]);
    if (e.e === "deity") focus.deities.push([e.seat, e.deity]);
    if (e.e === "knight") for (const r of e.took) focus.rows.push([1 - e.seat, r]);
    if (e.e === "steal" && e.ok) focus.rows.push([e.seat, 4]);
  }
  return focus;
}

export function eventList(view, obs, shown) {
  const log = obs.log || [];
  const list = h("ol", { class: "gu-events", "aria-live": "polite" });
  let season = 0;
  let fresh = 0;
  log.forEach((e, i) => {
    if (e.e === "reveal" && e.season !== season) {
      season = e.season;
      list.append(h("li", { class: "gu-season-head" }, t("log.season", { n: season })));
    }
    const text = eventText(e, view);
    if (!text) return;
    const classes = ["gu-event", `gu-ev-${e.e}`];
    if (i >= shown) {
      classes.push("gu-new");
    }
    if (i === log.length - 1) classes.push("gu-latest");
    const seat = Number.isInteger(e.seat) ? e.seat : null;
    const item = h(
      "li",
      { class: classes.join(" "), "data-index": i },
      seat === null
        ? h("span", { class: "gu-dot" })
        : h("span", { class: `gu-dot gu-seat-${seat}` }),
      h("span", {}, text),
    );
    if (i >= shown) item.style.animationDelay = `${Math.min(fresh, 12) * 0.22}s`;
    if (i >= shown) fresh += 1;
    list.append(item);
  });
  if (!log.length) list.append(h("li", { class: "gu-event gu-none" }, t("log.empty")));
  return list;
}
