// Battle odds (games/omringad/odds.py): the calculator page (/tools/omringad/odds) and the
// odds of the battle being fought, shown in the battle panel. The odds are exact (dynamic
// programming over the battle's states, not sampling); casualties follow a stated policy.

import { h, injectStyle } from "/static/kit.js";
import { nameOf, unitName } from "./units.js";

const STYLE = `
.om-odds { margin-top: 6px; }
.om-odds table { border-collapse: collapse; width: 100%; font-size: .9rem; }
.om-odds td, .om-odds th { padding: 2px 6px; text-align: left; }
.om-odds td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.om-odds .om-bar { display: inline-block; height: .7em; background: #6fa8dc; border-radius: 2px;
  vertical-align: middle; }
.om-odds .om-frac { color: #9aa4ae; font-size: .8rem; word-break: break-all; }
.om-odds-form { display: grid; gap: 8px; grid-template-columns: repeat(auto-fill, minmax(min(100%, 220px), 1fr)); }
.om-odds-form label { display: grid; gap: 2px; font-size: .9rem; }
.om-odds-form input, .om-odds-form select { font: inherit; padding: 4px 6px; }
.om-odds-sides { display: grid; gap: 8px; grid-template-columns: repeat(auto-fit, minmax(min(100%, 260px), 1fr)); }
`;

const pct = (p) => `${(100 * p).toFixed(p > 0 && p < 0.001 ? 4 : 2)}%`;

function bar(p) {
  return h("span", { class: "om-bar", style: `width: ${Math.max(1, Math.round(80 * p))}px` });
}

/** "MMr" in words: "2 mercenaries, 1 damaged rider" ("nobody" when empty). */
function unitsText(code) {
  if (!code) return "nobody";
  const counts = new Map();
  for (const ch of code) counts.set(ch, (counts.get(ch) || 0) + 1);
  return [...counts]
    .map(([ch, n]) => `${n} ${unitName(ch)}`)
    .join(", ");
}

function outcomeRows(odds, names, fractions) {
  return odds.outcomes.map((o) => {
    const label =
      o.outcome === "attacker wins" && names
        ? `${names[0]} wins (attacker)`
        : o.outcome === "defender wins" && names
          ? `${names[1]} wins (defender)`
          : o.outcome === "stand-off"
            ? "Stand-off: the attackers go back"
            : o.outcome === "nobody left"
              ? "Nobody is left"
              : o.outcome.charAt(0).toUpperCase() + o.outcome.slice(1);
    return h(
      "tr",
      { "data-outcome": o.outcome, "data-p": o.p },
      h("td", {}, label),
      h("td", { class: "num" }, pct(o.p)),
      h("td", {}, bar(o.p)),
      fractions && o.exact ? h("td", { class: "om-frac" }, o.exact) : null,
    );
  });
}

function survivorTable(title, rows, limit, fractions) {
  const shown = limit ? rows.slice(0, limit) : rows;
  return h(
    "div",
    { class: "om-odds-side" },
    h("strong", {}, title),
    h(
      "table",
      {},
      h("tbody", {}, shown.map((r) =>
        h(
          "tr",
          { "data-units": r.units, "data-p": r.p },
          h("td", { title: unitsText(r.units) }, r.units || "—"),
          h("td", { class: "num" }, pct(r.p)),
          h("td", {}, bar(r.p)),
          fractions && r.exact ? h("td", { class: "om-frac" }, r.exact) : null,
        ),
      )),
    ),
    limit && rows.length > limit ? h("p", { class: "om-small muted" }, `and ${rows.length - limit} more`) : null,
  );
}

/** The odds of the battle being fought (the VIEW's tools.odds), for the battle panel. */
export function oddsSection(odds) {
  injectStyle("omringad-odds", STYLE);
  if (!odds) return null;
  const box = h("div", { class: "om-odds om-odds-live", "data-odds": "live" });
  if (odds.too_large) {
    box.append(h("p", { class: "om-small muted" }, "Odds: this battle is too large to compute while you play; try the battle calculator."));
    return box;
  }
  const names = [nameOf(odds.attacker_owner), nameOf(odds.defender_owner)];
  box.append(
    h("h4", {}, "Odds from here"),
    h("table", {}, h("tbody", {}, outcomeRows(odds, names, false))),
    h(
      "div",
      { class: "om-odds-sides" },
      survivorTable(`${names[0]} keeps`, odds.survivors.attacker, 3, false),
      survivorTable(`${names[1]} keeps`, odds.survivors.defender, 3, false),
    ),
    h(
      "p",
      { class: "om-small muted" },
      `Exact odds from what everyone sees of this battle, if every hit goes where the computer players put it (${odds.policy_text}); the snipers aim at the enemy's most valuable unit; a diplomat is kept.`,
      " ",
      h("a", { href: "/tools/omringad/odds", target: "_blank", rel: "noopener" }, "Battle calculator"),
    ),
  );
  return box;
}

function select(name, field, label) {
  const el = h("select", { name, id: `odds-${name}` });
  for (const c of field.choices || []) el.append(h("option", { value: c, selected: c === field.default ? "" : null }, c));
  return h("label", {}, label, el);
}

/** The calculator page: both sides' units, the terrain and the policy; the exact odds. */
export function mountTool(root, { desc, run }) {
  injectStyle("omringad-odds", STYLE);
  const field = (n) => desc.fields.find((f) => f.name === n);
  const max = desc.limits.max_units;
  const attack = h("input", { name: "attack", id: "odds-attack", value: "2 mercenaries, 1 rider", maxlength: field("attack").max_length, autocomplete: "off" });
  const defend = h("input", { name: "defend", id: "odds-defend", value: "GAA", maxlength: field("defend").max_length, autocomplete: "off" });
  const form = h(
    "form",
    { class: "om-odds-form", id: "odds-form" },
    h("label", {}, `Attacker's units (at most ${max})`, attack),
    h("label", {}, `Defender's units (at most ${max})`, defend),
    select("terrain", field("terrain"), "Terrain"),
    select("policy", field("policy"), "Who takes each hit"),
    select("step", field("step"), "First step"),
    h("div", {}, h("button", { class: "btn", type: "submit", id: "odds-go" }, "Compute the odds")),
  );
  const help = h(
    "p",
    { class: "om-small muted" },
    "Units: letters M mercenary, E elite soldier, A archer, R rider, K catapult, G general; special units D diplomat, Z dragon (alone, defending), H horses, I infiltrator, X war elephants, W magician, P pirates, S snipers; lower case when damaged (GMMe). Or words: 2 mercenaries, 1 rider (damaged). Policies: computer, the computer players' rule (each hit to the unit of least worth: its cost, special units 8, 5 more when already damaged); cheapest, the cheapest unit first, a damaged one before an undamaged one. The snipers' hits go to the enemy's most valuable unit; a diplomat is kept. Exact for the battle as the booklet has it; the 200-step bound of R92 changes a figure by less than the shown error.",
  );
  const out = h("div", { id: "odds-result", class: "om-odds", "aria-live": "polite" });
  root.replaceChildren(form, help, out);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const params = Object.fromEntries(new FormData(form));
    out.replaceChildren(h("p", { class: "muted" }, "Computing…"));
    try {
      const odds = await run(params);
      showResult(out, odds);
    } catch (err) {
      out.replaceChildren(h("p", { class: "om-error", role: "alert" }, err.message));
    }
  });
}

function showResult(out, odds) {
  const fractions = odds.exact;
  out.replaceChildren(
    h("h3", {}, `${unitsText(odds.attacker)} against ${unitsText(odds.defender)} (${odds.terrain})`),
    h("table", { id: "odds-outcomes" }, h("tbody", {}, outcomeRows(odds, null, fractions))),
    h(
      "div",
      { class: "om-odds-sides" },
      survivorTable("Attacker's survivors", odds.survivors.attacker, 0, fractions),
      survivorTable("Defender's survivors", odds.survivors.defender, 0, fractions),
    ),
    h(
      "p",
      { class: "om-small muted" },
      `${odds.exact ? "Exact fractions." : "Floating point: the same exact chain, without fractions (too large for them)."} Casualties: ${odds.policy} (${odds.policy_text}). The R92 bound changes no figure by more than ${odds.bound_error.toExponential(1)}.`,
    ),
  );
}
