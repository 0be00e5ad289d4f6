// Gunst for the Spelbord table: the battlefield ring with five rows a side (row 1, the
// knights, next to the battlefield line), each side's life stones, hand and plane staff
// (a lane per deity: start, Tusmørket, Tågen, hand, and the field, where under rules
// version 3 a deity that has acted stays, marked spent, until the round ends), the season
// marker, a decision panel built from view.legal (the secret Tinge selection, who goes
// first, the favour, Dommen's deities and rows, Archimedes leaving the rows as they are,
// the scholars' mode, raising deities) and the event log of the observation, step by
// step, the newest highlighted.
//
// render(root, view, ui) draws VIEW into root; ui.act(actionDict) plays an action.

import { h, injectStyle, svgEl } from "/static/kit.js";
import { t, tn } from "./texts.js";

const ROW_H = 27;
const LINE_H = 38;
const PAD = 12;
const PANEL_H = 150;
const RING_W = 380;
const WIDE_MIN = 840; // root width (px) from which the staffs stand beside the ring
const LIFE = 12;

/** Per root element: the Tinge selection being made, the log already shown, the layout. */
const memory = new WeakMap();

/** The seat drawn at the bottom: the viewer's, or seat 0 for spectators. */
function homeSeat(view) {
  return Number.isInteger(view.seat) ? view.seat : 0;
}

const STYLE = `
.gunst-root { display: block !important; }
.gunst { width: 100%; container-type: inline-size; }
.gu-grid { display: grid; grid-template-columns: minmax(0, 1fr) 230px; gap: 12px;
  grid-template-areas: "panel panel" "board log"; }
@container (max-width: 640px) {
  .gu-grid { grid-template-columns: minmax(0, 1fr); grid-template-areas: "panel" "board" "log"; }
  .gu-events { max-height: 300px; min-height: 0; flex-basis: auto !important; }
}
.gu-panel-html { grid-area: panel; }
.gu-board { grid-area: board; align-self: start; width: 100%; height: auto; display: block; filter: drop-shadow(0 10px 22px rgba(0,0,0,.4)); }
.gu-board text { font-family: system-ui, sans-serif; }
.gu-panel { fill: rgba(255,255,255,.035); stroke: rgba(255,255,255,.09); }
.gu-panel.gu-to-move { stroke: #e6b450; stroke-width: 1.6; fill: rgba(230,180,80,.07); }
.gu-name { font-weight: 700; font-size: 14px; fill: #ece6da; }
.gu-badge { fill: rgba(230,180,80,.2); stroke: rgba(230,180,80,.6); }
.gu-badge-text { font-size: 10.5px; font-weight: 700; fill: #f1c35a; text-anchor: middle; }
.gu-small { font-size: 11px; fill: #98a2ad; }
.gu-count { font-size: 12px; fill: #ece6da; font-weight: 600; }
.gu-swatch.gu-seat-0, .gu-seat-0 .gu-kin-disc, .gu-dot.gu-seat-0 { fill: #f3ecdc; background: #f3ecdc; }
.gu-swatch.gu-seat-1, .gu-seat-1 .gu-kin-disc, .gu-dot.gu-seat-1 { fill: #2b2f37; background: #2b2f37; }
.gu-swatch { stroke: #8d97a3; stroke-width: 1.2; }
.gu-kin-disc { stroke-width: 2.4; }
.gu-kind-0 .gu-kin-disc { stroke: #e0705c; } .gu-kind-1 .gu-kin-disc { stroke: #e6b450; }
.gu-kind-2 .gu-kin-disc { stroke: #7cc48a; } .gu-kind-3 .gu-kin-disc { stroke: #b48ae0; }
.gu-kind-4 .gu-kin-disc { stroke: #5fa8e0; }
.gu-kin-letter { font-size: 10.5px; font-weight: 800; text-anchor: middle; }
.gu-seat-0 .gu-kin-letter { fill: #1b1607; } .gu-seat-1 .gu-kin-letter { fill: #f3ecdc; }
.gu-kin.gu-empty { opacity: .3; }
.gu-stone { fill: #5fb3a1; stroke: #2d5f55; stroke-width: 1; }
.gu-stone-lost { fill: none; stroke: rgba(255,255,255,.18); }
.gu-life-num { font-size: 13px; font-weight: 800; fill: #ece6da; }
.gu-staff-head { font-size: 10px; fill: #98a2ad; }
.gu-staff { stroke: #6b5a3a; stroke-width: 3; stroke-linecap: round; }
.gu-notch { fill: #8b7750; }
.gu-field-sep { stroke: rgba(255,255,255,.18); stroke-dasharray: 3 3; }
.gu-deity-name { font-size: 10px; fill: #c9d0d6; }
.gu-deity-token rect { stroke: rgba(0,0,0,.5); stroke-width: 1; }
.gu-deity-token text { font-size: 9.5px; font-weight: 800; text-anchor: middle; fill: #15181c; }
.gu-deity-0 .gu-deity-token rect { fill: #e58fbb; } .gu-deity-1 .gu-deity-token rect { fill: #5fb3a1; }
.gu-deity-2 .gu-deity-token rect { fill: #e6b450; } .gu-deity-3 .gu-deity-token rect { fill: #7ea6e8; }
.gu-lane[data-place="start"] .gu-deity-token { opacity: .75; }
.gu-lane[data-place="field"] .gu-deity-token rect { stroke: #fff; stroke-width: 1.6; }
.gu-lane[data-place="spent"] .gu-deity-token rect { fill: #59606a; stroke: #c9d0d6; stroke-width: 1.4; stroke-dasharray: 3 2; }
.gu-lane[data-place="spent"] .gu-deity-token text { fill: #e3e7ea; text-decoration: line-through; }
.gu-lane[data-place="spent"] .gu-deity-name { fill: #7d8792; font-style: italic; }
.gu-in-use .gu-deity-token rect { stroke: #ffd36e; stroke-width: 3; }
.gu-in-use .gu-deity-name { fill: #ffd36e; font-weight: 700; }
.gu-string { fill: rgba(120,96,60,.10); stroke: #9b8356; stroke-width: 2.5; stroke-dasharray: 1 0; }
.gu-line { stroke: rgba(236,230,218,.35); stroke-width: 1.5; stroke-dasharray: 6 5; }
.gu-step { font-size: 13px; font-weight: 800; fill: #e6b450; letter-spacing: .04em; }
.gu-pip { stroke: rgba(255,255,255,.35); stroke-width: 1.2; }
.gu-pip-past { fill: rgba(255,255,255,.12); } .gu-pip-now { fill: #e6b450; stroke: #ffd36e; }
.gu-pip-later { fill: none; }
.gu-pip-num { font-size: 10px; font-weight: 800; fill: #ece6da; }
.gu-pip-now + .gu-pip-num { fill: #1b1607; }
.gu-row-bg { fill: rgba(255,255,255,.03); stroke: rgba(255,255,255,.05); }
.gu-row-num { font-size: 11px; font-weight: 800; fill: #98a2ad; }
.gu-row-name { font-size: 12.5px; fill: #c9d0d6; }
.gu-row-effect { font-size: 10.5px; fill: #6f7a85; }
.gu-x2 { font-size: 14px; font-weight: 900; fill: #e58fbb; }
.gu-left { font-size: 10.5px; font-weight: 700; fill: #ffd36e; }
.gu-doubled .gu-row-bg { fill: rgba(229,143,187,.13); stroke: rgba(229,143,187,.6); }
.gu-active .gu-row-bg { fill: rgba(230,180,80,.18); stroke: #e6b450; stroke-width: 1.6; }
.gu-source .gu-row-bg { stroke: #7fd1ff; stroke-width: 2; stroke-dasharray: 4 3; }
.gu-pick { cursor: pointer; }
.gu-pick .gu-row-bg { stroke: #f1c35a; stroke-width: 2; stroke-dasharray: 5 3; fill: rgba(241,195,90,.08); }
.gu-pick:hover .gu-row-bg, .gu-pick:focus-visible .gu-row-bg { fill: rgba(241,195,90,.25); }
.gu-pick:focus { outline: none; }
.gu-flash .gu-row-bg, .gu-flash .gu-deity-token rect { animation: gu-flash 1.4s ease-out 2; }
.gu-life.gu-flash { animation: gu-blink 0.7s ease-in-out 3; }
@keyframes gu-flash { 0% { fill: rgba(255,211,110,.55); } 100% { fill: rgba(255,255,255,.03); } }
@keyframes gu-blink { 50% { opacity: .35; } }
.gu-panel-html { padding: 12px 14px; border-radius: 12px; border: 1px solid rgba(255,255,255,.09);
  background: linear-gradient(180deg, #1f262e, #1a2027); }
.gu-panel-html.gu-your-turn { border-color: rgba(230,180,80,.7); box-shadow: 0 0 0 1px rgba(230,180,80,.25); }
.gu-prompt { margin: 0 0 10px; font-weight: 700; color: #e6b450; }
.gu-wait { margin: 0; color: #c9d0d6; }
.gu-choices { display: flex; flex-wrap: wrap; gap: 8px; }
.gu-choice { flex: 1 1 150px; flex-direction: column; align-items: flex-start; text-align: left; gap: 0; min-height: 48px; }
.gu-choice small, .gu-toggle small { font-weight: 400; color: #98a2ad; font-size: .8rem; }
.gu-tinge { display: grid; gap: 10px; }
.gu-kins { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 6px 16px; }
.gu-stepper { display: grid; grid-template-columns: auto minmax(0, 1fr) auto 2.2em auto; align-items: center; gap: 8px; }
.gu-stepper .btn { min-width: 44px; min-height: 40px; padding: 0; font-size: 1.2rem; }
.gu-stepper output { text-align: center; font-weight: 800; font-size: 1.1rem; }
.gu-stepper-name { min-width: 0; line-height: 1.2; }
.gu-stepper-name small { display: block; color: #98a2ad; }
.gu-chip { display: inline-grid; place-items: center; width: 24px; height: 24px; border-radius: 50%;
  font-weight: 800; font-size: .8rem; border: 2.5px solid; background: #f3ecdc; color: #1b1607; }
.gu-chip.gu-kind-0 { border-color: #e0705c; } .gu-chip.gu-kind-1 { border-color: #e6b450; }
.gu-chip.gu-kind-2 { border-color: #7cc48a; } .gu-chip.gu-kind-3 { border-color: #b48ae0; }
.gu-chip.gu-kind-4 { border-color: #5fa8e0; }
.gu-deities { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 6px; }
.gu-toggle { flex-direction: column; align-items: flex-start; gap: 0; text-align: left; min-height: 48px; }
.gu-toggle b { overflow-wrap: anywhere; }
.gu-toggle.gu-on { background: rgba(230,180,80,.22); border-color: #e6b450; }
.gu-toggle.gu-on b::before { content: "✓ "; color: #e6b450; }
.gu-hint { margin: 0; font-size: .85rem; color: #98a2ad; }
.gu-spent-note { margin: 10px 0 0; font-size: .86rem; color: #c9d0d6; }
.gu-spent-note .gu-spent-chip { display: inline-block; padding: 0 6px; margin-right: 6px; border-radius: 8px;
  border: 1px dashed #c9d0d6; background: #59606a; color: #e3e7ea; font-weight: 800; font-size: .75rem;
  text-decoration: line-through; }
.gu-choice-leave { border-style: dashed; }
.gu-submit { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; justify-content: flex-end; }
.gu-sel-text { margin-right: auto; background: #11161b; padding: 4px 8px; border-radius: 6px; }
.gu-reveal { margin-top: 10px; padding: 8px 12px; border-radius: 10px; background: rgba(95,179,161,.1);
  border: 1px solid rgba(95,179,161,.4); }
.gu-reveal h3 { margin: 0 0 4px; }
.gu-reveal ul { list-style: none; margin: 0; padding: 0; }
.gu-reveal li { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; }
.gu-reveal p { margin: 4px 0 0; font-size: .88rem; color: #c9d0d6; }
.gu-reveal.gu-fresh { animation: gu-turn .7s ease-out; }
@keyframes gu-turn { from { transform: perspective(600px) rotateX(80deg); opacity: 0; } to { transform: none; opacity: 1; } }
.gu-log { grid-area: log; min-width: 0; display: flex; flex-direction: column; padding: 10px 10px 6px; border-radius: 12px; border: 1px solid rgba(255,255,255,.09);
  background: linear-gradient(180deg, #1f262e, #1a2027); }
.gu-log h3 { margin: 0 0 6px; }
.gu-events { list-style: none; margin: 0; padding: 0; flex: 1 1 0; min-height: 220px; overflow: auto; font-size: .84rem;
  display: grid; gap: 2px; }
.gu-season-head { margin-top: 6px; font-weight: 800; color: #e6b450; font-size: .78rem; text-transform: uppercase;
  letter-spacing: .08em; }
.gu-event { display: flex; gap: 6px; align-items: baseline; padding: 3px 6px; border-radius: 6px; color: #c9d0d6; }
.gu-dot { flex: none; width: 9px; height: 9px; border-radius: 50%; border: 1px solid #8d97a3; display: inline-block; }
.gu-event.gu-new { animation: gu-in .45s ease-out backwards; background: rgba(230,180,80,.08); }
.gu-event.gu-latest { background: rgba(230,180,80,.2); color: #ece6da; font-weight: 600; }
.gu-ev-hit { color: #ffb1a3; } .gu-ev-end, .gu-ev-season-end { color: #ece6da; font-weight: 700; }
@keyframes gu-in { from { opacity: 0; transform: translateX(10px); } to { opacity: 1; transform: none; } }
`;

// ---------------------------------------------------------------- the pieces (pieces.py)
const KINS = [
  { index: 0, name: "knight", plural: "knights", letter: "K" },
  { index: 1, name: "warrior", plural: "warriors", letter: "W" },
  { index: 2, name: "farmer", plural: "farmers", letter: "F" },
  { index: 3, name: "thief", plural: "thieves", letter: "T" },
  { index: 4, name: "scholar", plural: "scholars", letter: "S" },
];
const DEITIES = [
  { name: "Extazia", short: "Ex", effect: t("deity.extazia") },
  { name: "Vandringsmanden", short: "Va", effect: t("deity.vandringsmanden") },
  { name: "Eurika", short: "Eu", effect: t("deity.eurika") },
  { name: "Archimedes", short: "Ar", effect: t("deity.archimedes") },
];
/** The deity track (R2) and, last, the field (a deity brought this round). */
const PLACES = ["start", "Tusmørket", "Tågen", "hand", "field"];
/** Where a deity that has acted waits until the round ends (R13, rules version 3): on the
 * field, drawn in the field's column and marked spent. */
const SPENT = "spent";
/** The column of the staff a place is drawn in. */
const columnOf = (place) => (place === SPENT ? 4 : Math.max(0, PLACES.indexOf(place)));
/** Whether the observation's rules keep acted deities on the field (version 3 on). */
const keepsSpent = (obs) => (obs.rules_version ?? 2) >= 3;
/** R7: the favour that applies moves one deity at most from the start to the hand. */
const favourOf = (n) => Math.min(n, 3);
const ROW_EFFECTS = [
  { short: t("effect.knights"), long: t("effect.knights_long") },
  { short: t("effect.warriors"), long: t("effect.warriors_long") },
  { short: t("effect.farmers"), long: t("effect.farmers_long") },
  { short: t("effect.thieves"), long: t("effect.thieves_long") },
  { short: t("effect.scholars"), long: t("effect.scholars_long") },
];
const STEP_OF_PHASE = {
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

const deityIndex = (name) => DEITIES.findIndex((d) => d.name === name);

/**
 * The action of a Tinge selection, if the legal "selections" entry allows it: the kin
 * counts in mixed radix, times 16, plus bit d for each deity d (the server's
 * Selection.code), with the selection's notation ("bring 1K 2W Ex" or "bring nothing").
 */
function selectionAction(entry, kin, deities) {
  if (!entry) return null;
  if (kin.some((n, k) => n < 0 || n > (entry.hand[k] ?? 0))) return null;
  if ([...deities].some((d) => !entry.deities.includes(DEITIES[d].name))) return null;
  const value = kin.reduce((v, n, k) => v * entry.radix[k] + n, 0);
  const mask = [...deities].reduce((m, d) => m | (1 << d), 0);
  const parts = KINS.filter((k) => kin[k.index]).map((k) => `${kin[k.index]}${k.letter}`);
  parts.push(
    ...DEITIES.filter((_, d) => deities.has(d)).map((d) => d.short),
  );
  return {
    action: value * 16 + mask,
    kind: "select",
    text: `bring ${parts.length ? parts.join(" ") : "nothing"}`, // the notation (not shown as prose)
  };
}

/** Words for seats, from the viewer's point of view ("You", "Player 2", "your", "Player 2's"). */
function names(view) {
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
function spentNote(view, obs) {
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
function eventText(e, view) {
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
function seasonReveal(obs) {
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

// ---------------------------------------------------------------- the board (SVG)
function kinToken(kind, seat, x, y, r = 10, extra = "") {
  const kin = KINS[kind];
  return svgEl(
    "g",
    { class: `gu-kin gu-seat-${seat} gu-kind-${kind} ${extra}`, transform: `translate(${x} ${y})` },
    svgEl("title", {}, kin.name),
    svgEl("circle", { r, class: "gu-kin-disc" }),
    svgEl("text", { class: "gu-kin-letter", y: 4 }, kin.letter),
  );
}

function lifeStones(seat, life, x, y, flash) {
  const g = svgEl("g", {
    class: `gu-life ${flash ? "gu-flash" : ""}`,
    "data-life": seat,
    "aria-label": t("life.label", { n: life }),
  });
  for (let i = 0; i < LIFE; i++) {
    const on = i < life;
    g.append(
      svgEl("circle", {
        class: on ? "gu-stone" : "gu-stone gu-stone-lost",
        cx: x + i * 12.5,
        cy: y,
        r: 5,
      }),
    );
  }
  g.append(
    svgEl("text", { class: "gu-life-num", x: x + LIFE * 12.5 + 3, y: y + 4.5 }, String(life)),
  );
  return g;
}

/** A side's panel: name and badges, life stones, hand, and the plane staff. */
function sidePanel(view, obs, seat, x, y, width, focus) {
  const nm = names(view);
  const g = svgEl("g", { class: "gu-side", "data-seat": seat, transform: `translate(${x} ${y})` });
  const acting = view.to_move === seat || (view.to_move === -2 && obs.phase === "tinge");
  g.append(
    svgEl("rect", {
      class: `gu-panel ${acting && !view.result ? "gu-to-move" : ""}`,
      x: 0,
      y: 0,
      width,
      height: PANEL_H - 8,
      rx: 10,
    }),
  );
  g.append(svgEl("circle", { class: `gu-swatch gu-seat-${seat}`, cx: 16, cy: 18, r: 7 }));
  const badges = [];
  if (obs.chooser === seat && obs.phase !== "tinge") badges.push("chooser");
  if (obs.first === seat && obs.phase !== "tinge") badges.push("first");
  g.append(svgEl("text", { class: "gu-name", x: 29, y: 23 }, nm.label(seat)));
  let bx = 29 + nm.label(seat).length * 7.6 + 8;
  for (const badge of badges) {
    const text = t(`badge.${badge}`);
    const w = text.length * 6.2 + 12;
    g.append(svgEl("rect", { class: "gu-badge", x: bx, y: 10, width: w, height: 16, rx: 8 }));
    g.append(svgEl("text", { class: "gu-badge-text", x: bx + w / 2, y: 22 }, text));
    bx += w + 5;
  }
  const life = (obs.life || [LIFE, LIFE])[seat];
  g.append(lifeStones(seat, life, width - 178, 18, focus.life.includes(seat)));

  // The hand: kin still to bring.
  const hand = (obs.hand || [[], []])[seat] || [];
  g.append(svgEl("text", { class: "gu-small", x: 12, y: 50 }, t("place.hand")));
  KINS.forEach((kin, k) => {
    const cx = 62 + k * 58;
    const n = hand[k] ?? 0;
    g.append(kinToken(k, seat, cx, 46, 9, n ? "" : "gu-empty"));
    g.append(svgEl("text", { class: "gu-count", x: cx + 13, y: 50 }, `×${n}`));
  });

  // The plane staff: a lane per deity; the track places, then the field.
  const cols = staffColumns(width);
  const top = 68;
  PLACES.forEach((place, i) => {
    g.append(
      svgEl(
        "text",
        { class: "gu-staff-head", x: cols[i], y: top + 8, "text-anchor": "middle" },
        placeName(place),
      ),
    );
  });
  g.append(
    svgEl("line", {
      class: "gu-field-sep",
      x1: (cols[3] + cols[4]) / 2,
      x2: (cols[3] + cols[4]) / 2,
      y1: top,
      y2: top + 14 + 4 * 15,
    }),
  );
  const places = (obs.deities || [{}, {}])[seat] || {};
  DEITIES.forEach((deity, d) => {
    const ly = top + 21 + d * 15;
    const place = places[deity.name] || "start";
    const col = columnOf(place);
    const inUse = obs.deity_in_use === d && view.to_move === seat;
    const flash = focus.deities.some(([s, x]) => s === seat && x === d);
    const lane = svgEl("g", {
      class: `gu-lane gu-deity-${d} ${inUse ? "gu-in-use" : ""} ${flash ? "gu-flash" : ""}`,
      "data-deity": deity.name,
      "data-place": place,
    });
    lane.append(svgEl("text", { class: "gu-deity-name", x: 12, y: ly + 4 }, deity.name));
    lane.append(svgEl("line", { class: "gu-staff", x1: cols[0], x2: cols[3], y1: ly, y2: ly }));
    for (let i = 0; i < 4; i++)
      lane.append(svgEl("circle", { class: "gu-notch", cx: cols[i], cy: ly, r: 2 }));
    lane.append(
      svgEl(
        "g",
        { class: "gu-deity-token", transform: `translate(${cols[col]} ${ly})` },
        svgEl(
          "title",
          {},
          place === SPENT
            ? `${deity.name}: ${t("deity.spent")}`
            : `${deity.name}: ${placeName(place)}. ${deity.effect}`,
        ),
        svgEl("rect", { x: -13, y: -6.5, width: 26, height: 13, rx: 6.5 }),
        svgEl("text", { y: 3.6 }, deity.short),
      ),
    );
    g.append(lane);
  });
  return g;
}

function staffColumns(width) {
  const field = width - 26;
  const first = 124;
  const step = (field - 34 - first) / 3;
  return [first, first + step, first + 2 * step, first + 3 * step, field];
}

/** The rows of the ring: y of the middle of ``row`` on ``seat``'s side. */
function rowY(row, seat, home) {
  if (seat === home) return PAD + 5 * ROW_H + LINE_H + row * ROW_H + ROW_H / 2;
  return PAD + (4 - row) * ROW_H + ROW_H / 2;
}

function ringHeight() {
  return 2 * PAD + 10 * ROW_H + LINE_H;
}

/** The battlefield ring: both sides' five rows and the season marker on the line. */
function ring(view, obs, x, y, picks, focus) {
  const home = homeSeat(view);
  const g = svgEl("g", { class: "gu-ring", transform: `translate(${x} ${y})` });
  const height = ringHeight();
  g.append(
    svgEl("rect", {
      class: "gu-string",
      x: 2,
      y: 2,
      width: RING_W - 4,
      height: height - 4,
      rx: 44,
    }),
  );
  const lineY = PAD + 5 * ROW_H + LINE_H / 2;
  g.append(svgEl("line", { class: "gu-line", x1: 16, x2: RING_W - 16, y1: lineY, y2: lineY }));
  g.append(seasonMarker(obs, 24, lineY));
  const step = view.result ? STEP_OF_PHASE.over : STEP_OF_PHASE[obs.phase] || "";
  g.append(
    svgEl("text", { class: "gu-step", x: RING_W - 22, y: lineY + 5, "text-anchor": "end" }, step),
  );

  const slaget = obs.slaget || {};
  const inSlaget = obs.phase === "mode" || obs.phase === "raise";
  const activeSeat = inSlaget ? (slaget.side === 0 ? obs.first : 1 - obs.first) : -1;
  for (const seat of [0, 1]) {
    for (let row = 0; row < 5; row++) {
      const cy = rowY(row, seat, home);
      const pieces = ((obs.rows || [[], []])[seat] || [])[row] || [];
      const doubled = (obs.doubled || [-1, -1])[seat] === row;
      const pick = picks.get(`${seat}:${row}`);
      const active = inSlaget && activeSeat === seat && slaget.row === row;
      const source =
        obs.phase === "dest" &&
        obs.source === row &&
        ((obs.deity_in_use === 2 && seat !== view.to_move) ||
          (obs.deity_in_use === 3 && seat === view.to_move));
      const flash = focus.rows.some(([s, r]) => s === seat && r === row);
      const classes = ["gu-row", `gu-row-${row}`];
      if (doubled) classes.push("gu-doubled");
      if (pick) classes.push("gu-pick");
      if (active) classes.push("gu-active");
      if (source) classes.push("gu-source");
      if (flash) classes.push("gu-flash");
      const rowG = svgEl("g", {
        class: classes.join(" "),
        "data-seat": seat,
        "data-row": row + 1,
        "data-pieces": pieces.length,
      });
      rowG.append(
        svgEl("rect", {
          class: "gu-row-bg",
          x: 14,
          y: cy - ROW_H / 2 + 1.5,
          width: RING_W - 28,
          height: ROW_H - 3,
          rx: 7,
        }),
      );
      rowG.append(
        svgEl(
          "text",
          { class: "gu-row-num", x: 30, y: cy + 4.5, "text-anchor": "middle" },
          String(row + 1),
        ),
      );
      rowG.append(svgEl("text", { class: "gu-row-name", x: 42, y: cy + 4.5 }, rowWord(KINS[row].plural)));
      const room = RING_W - 60 - 112;
      const spacing = Math.min(22, pieces.length > 1 ? room / (pieces.length - 1) : 22);
      pieces.forEach((kind, i) => rowG.append(kinToken(kind, seat, 114 + i * spacing, cy, 9.5)));
      if (doubled) {
        rowG.append(
          svgEl(
            "text",
            { class: "gu-x2", x: RING_W - 26, y: cy + 4.5, "text-anchor": "end" },
            "×2",
          ),
        );
      } else if (pieces.length * spacing < room - 90) {
        rowG.append(
          svgEl(
            "text",
            { class: "gu-row-effect", x: RING_W - 26, y: cy + 4, "text-anchor": "end" },
            ROW_EFFECTS[row].short,
          ),
        );
      }
      if (active && slaget.left > 0) {
        rowG.append(
          svgEl(
            "text",
            { class: "gu-left", x: RING_W - 52, y: cy + 4.5, "text-anchor": "end" },
            t("row.to_act", { n: slaget.left }),
          ),
        );
      }
      rowG.append(svgEl("title", {}, `${rowWord(KINS[row].plural)}: ${ROW_EFFECTS[row].long}`));
      if (pick) {
        rowG.setAttribute("role", "button");
        rowG.setAttribute("tabindex", "0");
        rowG.setAttribute("aria-label", pick.label);
        rowG.dataset.action = String(pick.action.action);
      }
      g.append(rowG);
    }
  }
  return g;
}

function seasonMarker(obs, x, y) {
  const g = svgEl("g", { class: "gu-season", "data-season": obs.season });
  g.append(svgEl("text", { class: "gu-small", x, y: y + 4.5 }, t("season")));
  for (let s = 1; s <= 4; s++) {
    const cx = x + 58 + (s - 1) * 24;
    const state =
      s < obs.season || obs.phase === "over" ? "past" : s === obs.season ? "now" : "later";
    g.append(svgEl("circle", { class: `gu-pip gu-pip-${state}`, cx, cy: y, r: 9 }));
    g.append(
      svgEl("text", { class: "gu-pip-num", x: cx, y: y + 4, "text-anchor": "middle" }, String(s)),
    );
  }
  return g;
}

function board(view, obs, wide, picks, focus) {
  const home = homeSeat(view);
  const away = 1 - home;
  const ringH = ringHeight();
  let width;
  let height;
  const parts = [];
  if (wide) {
    const panelW = 360;
    width = RING_W + 16 + panelW;
    height = Math.max(ringH, 2 * PANEL_H) + 4;
    parts.push(ring(view, obs, 0, (height - ringH) / 2, picks, focus));
    parts.push(sidePanel(view, obs, away, RING_W + 16, 2, panelW, focus));
    parts.push(sidePanel(view, obs, home, RING_W + 16, height - PANEL_H + 6, panelW, focus));
  } else {
    width = RING_W;
    height = 2 * PANEL_H + ringH + 4;
    parts.push(sidePanel(view, obs, away, 0, 2, RING_W, focus));
    parts.push(ring(view, obs, 0, PANEL_H, picks, focus));
    parts.push(sidePanel(view, obs, home, 0, PANEL_H + ringH + 10, RING_W, focus));
  }
  return svgEl(
    "svg",
    {
      class: `gu-board ${wide ? "gu-wide" : "gu-narrow"}`,
      viewBox: `0 0 ${width} ${height}`,
      role: "img",
      "aria-label": t("board.label", { season: obs.season, phase: obs.phase }),
      "data-ply": view.ply,
    },
    ...parts,
  );
}

// ---------------------------------------------------------------- the decision panel
/** Rows on the board that a legal action names: "seat:row" -> {action, label}. */
function rowPicks(view, legal) {
  const picks = new Map();
  const me = view.seat;
  for (const a of legal) {
    if (a.kind !== "row") continue;
    const seat = a.side === "opponent" ? 1 - me : me;
    picks.set(`${seat}:${a.number - 1}`, { action: a, label: a.text });
  }
  return picks;
}

function pieceCount(obs, seat, row) {
  return (((obs.rows || [[], []])[seat] || [])[row] || []).length;
}

const ROW_VERBS = ["double", "banish", "convert", "move", "into", "onto"];
/** A row's name ("knights", ...) in the page's language. */
const rowWord = (row) => t(`row.${row}`);
/** A deity's place ("start", "Tusmørket", "Tågen", "hand", "field", "spent") in the page's
 * language. */
const placeName = (place) =>
  ["start", "hand", "field", SPENT].includes(place) ? t(`place.${place}`) : place;

/** Title and detail of one decision button. */
function decisionLabel(a, view, obs) {
  const nm = names(view);
  const me = view.seat;
  if (a.kind === "first") {
    return [
      a.seat === me ? t("btn.i_first") : t("btn.first", { name: nm.label(a.seat) }),
      t("btn.first_detail"),
    ];
  }
  if (a.kind === "deity") {
    const d = deityIndex(a.deity);
    const place = ((obs.deities || [{}, {}])[me] || {})[a.deity] || "start";
    const at = PLACES.indexOf(place);
    if (a.purpose === "invoke") return [t("btn.invoke", { deity: a.deity }), DEITIES[d].effect];
    const steps = a.purpose === "favour" ? favourOf(obs.favour) : 1;
    const to = PLACES[Math.min(3, at + steps)];
    const verb = a.purpose === "favour" ? "btn.favour" : "btn.raise";
    return [t(verb, { deity: a.deity }), `${placeName(place)} → ${placeName(to)}`];
  }
  if (a.kind === "row") {
    const seat = a.side === "opponent" ? 1 - me : me;
    const n = pieceCount(obs, seat, a.number - 1);
    const key = `btn.row.${ROW_VERBS.includes(a.purpose) ? a.purpose : "row"}`;
    const whose = a.side === "opponent" ? nm.possessive(seat) : t("poss.many.you");
    return [t(key, { whose, row: rowWord(a.row) }), tn("btn.row_detail", n, { number: a.number })];
  }
  if (a.kind === "leave") return [t("btn.leave"), t("btn.leave_detail")];
  if (a.kind === "mode") {
    const left = (obs.slaget || {}).left;
    return a.mode === "raise"
      ? [t("btn.mode.raise"), t("btn.mode.raise_detail", { n: left })]
      : [t("btn.mode.strike"), t("btn.mode.strike_detail", { n: left })];
  }
  return [a.text, ""];
}

const TARGET_PROMPTS = [
  t("prompt.target.extazia"),
  t("prompt.target.vandringsmanden"),
  t("prompt.target.eurika"),
  t("prompt.target.archimedes"),
];
const DEST_PROMPTS = {
  2: t("prompt.dest.eurika"),
  3: t("prompt.dest.archimedes"),
};

/** What the seat to move is asked, in words. */
function prompt(view, obs) {
  const nm = names(view);
  const seat = view.to_move;
  switch (obs.phase) {
    case "tinge":
      return t("prompt.tinge");
    case "coin":
      return t("prompt.coin");
    case "order":
      return seat === nm.me ? t("prompt.order.you") : t("prompt.order", { name: nm.label(seat) });
    case "favour":
      return tn("prompt.favour", favourOf(obs.favour));
    case "invoke":
      return t("prompt.invoke");
    case "target":
      if ((view.legal || []).some((a) => a.kind === "leave"))
        return t("prompt.target.archimedes_leave");
      return TARGET_PROMPTS[obs.deity_in_use] || t("prompt.which_row");
    case "dest":
      return DEST_PROMPTS[obs.deity_in_use] || t("prompt.which_row");
    case "mode":
      return t("prompt.mode", { n: (obs.slaget || {}).left });
    case "raise":
      return t((obs.slaget || {}).row === 4 ? "prompt.raise.scholar" : "prompt.raise.farmer", {
        n: (obs.slaget || {}).left,
      });
    default:
      return "";
  }
}

function waitingText(view, obs, mem) {
  const nm = names(view);
  if (view.result || obs.phase === "over") return resultText(view, obs);
  if (view.status === "waiting") return t("wait.seats");
  if (obs.phase === "tinge") {
    const sent = mem.submitted;
    const mine = sent && sent.ply === view.ply && sent.seat === view.seat ? sent.text : null;
    if (mine) return t("wait.sent", { selection: mine });
    if (Number.isInteger(view.seat)) return t("wait.other_secret", { name: nm.label(1 - view.seat) });
    return t("wait.both_secret");
  }
  if (view.to_move === -1) return t("wait.coin");
  const step = STEP_OF_PHASE[obs.phase] || "";
  const deity = (DEITIES[obs.deity_in_use] || {}).name;
  const task = {
    order: "wait.order",
    favour: "wait.favour",
    invoke: "wait.invoke",
    target: "wait.target",
    dest: "wait.dest",
    mode: "wait.mode",
    raise: "wait.raise",
  }[obs.phase] || "wait.decides";
  return t(task, { step, name: nm.label(view.to_move), deity, n: favourOf(obs.favour) });
}

function resultText(view, obs) {
  const nm = names(view);
  const log = obs.log || [];
  const end = log.length && log[log.length - 1].e === "end" ? log[log.length - 1] : null;
  const loser = end ? end.loser : obs.loser;
  if (!end && !view.result) return t("result.over");
  if (loser < 0) return t("result.draw");
  const winner = 1 - loser;
  const how =
    end && end.why === "life"
      ? t("result.no_life", { name: nm.label(loser) })
      : t("result.more_life");
  return t(winner === nm.me ? "result.you_win" : "result.wins", { name: nm.label(winner), how });
}

/** The Tinge panel: kin steppers and deity toggles matched against the legal selections. */
function tingePanel(view, obs, legal, ui, mem, redraw) {
  const me = view.seat;
  const hand = (obs.hand || [[], []])[me] || [0, 0, 0, 0, 0];
  const places = (obs.deities || [{}, {}])[me] || {};
  const entry = legal.find((a) => a.kind === "selections") || null;
  const sel = mem.selection;
  const chosen = selectionAction(entry, sel.kin, sel.deities);

  const kinRows = KINS.map((kin, k) => {
    const n = sel.kin[k];
    const change = (delta) => {
      sel.kin[k] = Math.max(0, Math.min(hand[k], n + delta));
      redraw();
    };
    return h(
      "div",
      { class: "gu-stepper", "data-kin": kin.name },
      h("span", { class: `gu-chip gu-kind-${k}` }, kin.letter),
      h(
        "span",
        { class: "gu-stepper-name" },
        rowWord(kin.plural),
        h("small", {}, t("tinge.in_hand", { n: hand[k] })),
      ),
      h(
        "button",
        {
          type: "button",
          class: "btn btn-small gu-minus",
          disabled: n <= 0,
          "aria-label": t("tinge.less", { kin: t(`kin.${kin.name}`) }),
          onclick: () => change(-1),
        },
        "−",
      ),
      h("output", { class: "gu-n" }, String(n)),
      h(
        "button",
        {
          type: "button",
          class: "btn btn-small gu-plus",
          disabled: n >= hand[k],
          "aria-label": t("tinge.more", { kin: t(`kin.${kin.name}`) }),
          onclick: () => change(1),
        },
        "+",
      ),
    );
  });
  const deityButtons = DEITIES.map((deity, d) => {
    const ready = places[deity.name] === "hand";
    const on = sel.deities.has(d);
    return h(
      "button",
      {
        type: "button",
        class: `btn gu-toggle gu-deity-${d} ${on ? "gu-on" : ""}`,
        "aria-pressed": on ? "true" : "false",
        "data-deity": deity.name,
        disabled: !ready,
        title: deity.effect,
        onclick: () => {
          if (on) sel.deities.delete(d);
          else sel.deities.add(d);
          redraw();
        },
      },
      h("b", {}, deity.name),
      h("small", {}, ready ? deity.effect : t("deity.at", { place: placeName(places[deity.name] || "start") })),
    );
  });
  const count = sel.kin.reduce((s, n) => s + n, 0) + sel.deities.size;
  const other = 1 - me;
  const otherHand = (obs.hand || [[], []])[other] || [];
  const otherReady = DEITIES.filter(
    (d) => ((obs.deities || [{}, {}])[other] || {})[d.name] === "hand",
  );
  const nm = names(view);
  const submit = h(
    "button",
    {
      type: "button",
      class: "btn btn-primary gu-bring",
      disabled: !chosen,
      onclick: () => {
        if (!chosen) return;
        mem.submitted = { ply: view.ply, seat: view.seat, text: chosen.text };
        ui.act(chosen);
      },
    },
    chosen
      ? count
        ? tn("btn.bring", count)
        : t("btn.bring_nothing")
      : t("btn.not_possible"),
  );
  return h(
    "div",
    { class: "gu-tinge" },
    h("div", { class: "gu-kins" }, ...kinRows),
    h("div", { class: "gu-deities" }, ...deityButtons),
    h(
      "p",
      { class: "gu-hint" },
      t(otherReady.length ? "tinge.other_can" : "tinge.other_can_no_deity", {
        name: nm.label(other),
        kin:
          KINS.filter((k) => otherHand[k.index])
            .map((k) => `${otherHand[k.index]}${k.letter}`)
            .join(" ") || t("tinge.no_kin"),
        deities: otherReady.map((d) => d.name).join(", "),
      }),
    ),
    h(
      "div",
      { class: "gu-submit" },
      h("code", { class: "gu-sel-text" }, chosen ? chosen.text : "—"),
      h(
        "button",
        {
          type: "button",
          class: "btn btn-ghost btn-small",
          onclick: () => {
            mem.selection = emptySelection();
            redraw();
          },
        },
        t("tinge.clear"),
      ),
      submit,
    ),
  );
}

function emptySelection() {
  return { kin: [0, 0, 0, 0, 0], deities: new Set() };
}

function revealCard(view, obs, fresh) {
  const reveal = seasonReveal(obs);
  if (!reveal || obs.phase === "tinge") return null;
  const nm = names(view);
  const home = homeSeat(view);
  const lines = [home, 1 - home].map((seat) => {
    const kin = reveal.event.kin[seat];
    const deities = reveal.event.deities[seat];
    const size = kin.reduce((s, n) => s + n, 0) + deities.length;
    const parts = KINS.filter((_, k) => kin[k]).map(
      (k) => `${kin[k.index]} ${kin[k.index] === 1 ? t(`kin.${k.name}`) : rowWord(k.plural)}`,
    );
    const gods = deities.map((d) => DEITIES[d].name);
    const text = [...parts, ...gods].join(", ") || t("ev.nothing");
    return h(
      "li",
      { "data-seat": seat },
      h("span", { class: `gu-dot gu-seat-${seat}` }),
      h("b", {}, `${nm.label(seat)}: `),
      text,
      h("small", {}, ` (${size})`),
    );
  });
  const after = reveal.after.map((e) => eventText(e, view)).filter(Boolean);
  return h(
    "div",
    { class: `gu-reveal ${fresh ? "gu-fresh" : ""}` },
    h("h3", {}, t("reveal.title", { n: reveal.event.season })),
    h("ul", {}, ...lines),
    after.length ? h("p", {}, after.join(" ")) : null,
  );
}

function decisionPanel(view, obs, legal, ui, mem, redraw, freshReveal) {
  const panel = h("section", {
    class: "gu-panel-html",
    "aria-label": t("panel.decision"),
    "data-decision": "panel",
  });
  const reveal = revealCard(view, obs, freshReveal);
  const spent = spentNote(view, obs);
  if (!legal.length) {
    panel.append(h("p", { class: "gu-wait" }, waitingText(view, obs, mem)));
    if (spent) panel.append(spent);
    if (reveal) panel.append(reveal);
    return panel;
  }
  panel.classList.add("gu-your-turn");
  panel.append(h("p", { class: "gu-prompt" }, prompt(view, obs)));
  if (obs.phase === "tinge") {
    panel.append(tingePanel(view, obs, legal, ui, mem, redraw));
    return panel;
  }
  if (reveal) panel.append(reveal);
  const buttons = legal.map((a) => {
    const [title, detail] = decisionLabel(a, view, obs);
    return h(
      "button",
      {
        type: "button",
        class: `btn gu-choice gu-choice-${a.kind}`,
        "data-action": a.action,
        "data-text": a.text,
        onclick: () => ui.act(a),
      },
      h("b", {}, title),
      detail ? h("small", {}, detail) : null,
    );
  });
  panel.append(h("div", { class: "gu-choices" }, ...buttons));
  if (spent) panel.append(spent);
  return panel;
}

// ---------------------------------------------------------------- the event list
/**
 * What the events new since the last drawing point at on the board (rows, life stones,
 * deity lanes); only those of the round the board shows. Without new events: the last one.
 */
function focusOf(obs, shown) {
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

function eventList(view, obs, shown) {
  const log = obs.log || [];
  const list = h("ol", { class: "gu-events", "aria-live": "polite" });
  let season = 0;
  let fresh = 0;
  log.forEach((e, i) => {
    if (e.e === "reveal" && e.season !== season) {
      season = e.season;
      list.append(h("li", { class: "gu-season-head" }, `Season ${season}`));
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

// ---------------------------------------------------------------- entry points
/** Warnings for the shared status card: the last season, and a side close to losing. */
/** Seat names for the shared page, in the page's language ("Player 1", "Spiller 1"). */
export function seatNames() {
  return [t("player", { n: 1 }), t("player", { n: 2 })];
}

export function describe(view) {
  const obs = view.observation || {};
  if (view.result || obs.phase === "over") return "";
  const nm = names(view);
  const notes = [];
  (obs.life || []).forEach((life, seat) => {
    if (life <= 3)
      notes.push(tn("note.life", life, { name: nm.label(seat) }));
  });
  if (obs.season === 4) notes.push(t("note.last_season"));
  return notes.join(" ");
}

export function render(root, view, ui) {
  injectStyle("gunst-style", STYLE);
  const obs = view.observation || {};
  const log = obs.log || [];
  let mem = memory.get(root);
  if (!mem) {
    mem = {
      turn: null,
      selection: emptySelection(),
      shown: log.length,
      submitted: null,
      wide: null,
      table: view.table,
    };
    memory.set(root, mem);
    if (typeof ResizeObserver === "function") {
      mem.observer = new ResizeObserver(() => {
        const wide = root.clientWidth >= WIDE_MIN;
        if (mem.args && mem.wide !== null && wide !== mem.wide) render(root, ...mem.args);
      });
      mem.observer.observe(root);
    }
  }
  if (mem.table !== view.table || log.length < mem.shown) {
    mem.shown = log.length; // another table, or a replay stepping back: nothing is new
    mem.table = view.table;
  }
  // A selection in the making belongs to one seat at one ply: at a shared screen (hot seat)
  // the next seat must not find the previous one's secret choice in the panel.
  const turn = `${view.table}:${view.ply}:${view.seat}`;
  if (mem.turn !== turn) {
    mem.selection = emptySelection();
    mem.turn = turn;
  }
  const shown = mem.shown;
  mem.args = [view, ui];

  const canAct =
    !ui.replay && Number.isInteger(view.seat) && !view.result && view.your_turn !== false;
  const legal = canAct ? view.legal || [] : [];
  const picks = obs.phase === "tinge" ? new Map() : rowPicks(view, legal);
  const wide = (root.clientWidth || 800) >= WIDE_MIN;
  mem.wide = wide;
  const focus = focusOf(obs, shown);

  let newReveal = false;
  for (let i = shown; i < log.length; i++) if (log[i].e === "reveal") newReveal = true;

  const redraw = () => render(root, view, ui);
  const svg = board(view, obs, wide, picks, focus);
  const events = eventList(view, obs, shown);
  const panel = decisionPanel(view, obs, legal, ui, mem, redraw, newReveal);
  const wrap = h(
    "div",
    { class: "gunst" },
    h(
      "div",
      { class: "gu-grid" },
      panel,
      svg,
      h("aside", { class: "gu-log" }, h("h3", {}, t("log.title")), events),
    ),
  );
  root.replaceChildren(wrap);
  root.classList.add("gunst-root");
  mem.shown = log.length;
  if (events.scrollHeight > events.clientHeight) events.scrollTop = events.scrollHeight;

  for (const rowG of svg.querySelectorAll(".gu-pick")) {
    const pick = picks.get(`${rowG.dataset.seat}:${Number(rowG.dataset.row) - 1}`);
    const fire = () => ui.act(pick.action);
    rowG.addEventListener("click", fire);
    rowG.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        fire();
      }
    });
  }
}
