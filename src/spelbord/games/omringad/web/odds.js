// Battle odds (games/omringad/engine/odds.py): the calculator page (/tools/omringad/odds) and the
// odds of the battle being fought, shown in the battle panel. The odds are exact (dynamic
// programming over the battle's states, not sampling); casualties follow a stated policy.

import { formatPercent } from "/static/i18n.js";
import { h, loadStyle } from "/static/kit.js";
import { t } from "./texts.js";
import { nameOf, unitName } from "./units.js";

await loadStyle("omringad-odds", new URL("./odds.css", import.meta.url));

// "47.71%" ("47,71 %" in Swedish); four decimals for a chance under a tenth of a percent.
const pct = (p) => formatPercent(p, p > 0 && p < 0.001 ? 4 : 2);

function bar(p) {
  return h("span", { class: "om-bar", style: `width: ${Math.max(1, Math.round(80 * p))}px` });
}

/** "MMr" in words: "2 × mercenary, 1 × damaged rider" ("nobody" when empty). */
function unitsText(code) {
  if (!code) return t("odds.nobody");
  const counts = new Map();
  for (const ch of code) counts.set(ch, (counts.get(ch) || 0) + 1);
  return [...counts]
    .map(([ch, n]) => t("odds.count", { n, unit: unitName(ch) }))
    .join(", ");
}

function outcomeRows(odds, names, fractions) {
  return odds.outcomes.map((o) => {
    const label =
      o.outcome === "attacker wins" && names
        ? t("odds.named.attacker_wins", { name: names[0] })
        : o.outcome === "defender wins" && names
          ? t("odds.named.defender_wins", { name: names[1] })
          : t(`odds.outcome.${o.outcome.replace(/\W+/g, "_")}`);
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
    limit && rows.length > limit ? h("p", { class: "om-small muted" }, t("odds.more", { n: rows.length - limit })) : null,
  );
}

/** The odds of the battle being fought (the VIEW's tools.odds), for the battle panel. */
export function oddsSection(odds) {
  if (!odds) return null;
  const box = h("div", { class: "om-odds om-odds-live", "data-odds": "live" });
  if (odds.too_large) {
    box.append(h("p", { class: "om-small muted" }, t("odds.too_large")));
    return box;
  }
  const names = [nameOf(odds.attacker_owner), nameOf(odds.defender_owner)];
  box.append(
    h("h4", {}, t("odds.from_here")),
    h("table", {}, h("tbody", {}, outcomeRows(odds, names, false))),
    h(
      "div",
      { class: "om-odds-sides" },
      survivorTable(t("odds.keeps", { name: names[0] }), odds.survivors.attacker, 3, false),
      survivorTable(t("odds.keeps", { name: names[1] }), odds.survivors.defender, 3, false),
    ),
    h(
      "p",
      { class: "om-small muted" },
      t("odds.live_note", { policy: policyText(odds) }),
      " ",
      h("a", { href: "/tools/omringad/odds", target: "_blank", rel: "noopener" }, t("odds.title")),
    ),
  );
  return box;
}

/** The casualty policy's rule in the page's language (the server's English as a fallback). */
function policyText(odds) {
  const key = `odds.policy.${odds.policy || "computer"}.text`;
  const text = t(key);
  return text === key ? odds.policy_text : text;
}

/** A choice's name: a terrain, a step or a policy in the page's language. */
function choiceName(name, value) {
  const key = name === "terrain" ? `terrain.${value}` : name === "step" ? `step.${value}` : `odds.policy.${value}`;
  const text = t(key);
  return text === key ? value : text;
}

function select(name, field, label) {
  const el = h("select", { name, id: `odds-${name}` });
  for (const c of field.choices || []) {
    el.append(h("option", { value: c, selected: c === field.default ? "" : null }, choiceName(name, c)));
  }
  return h("label", {}, label, el);
}

/** The calculator page: both sides' units, the terrain and the policy; the exact odds.
 * Returns the page's title and summary in the page's language. */
export function mountTool(root, { desc, run }) {
  const field = (n) => desc.fields.find((f) => f.name === n);
  const max = desc.limits.max_units;
  const attack = h("input", { name: "attack", id: "odds-attack", value: "MMR", maxlength: field("attack").max_length, autocomplete: "off" });
  const defend = h("input", { name: "defend", id: "odds-defend", value: "GAA", maxlength: field("defend").max_length, autocomplete: "off" });
  const form = h(
    "form",
    { class: "om-odds-form", id: "odds-form" },
    h("label", {}, t("odds.attack_units", { max }), attack),
    h("label", {}, t("odds.defend_units", { max }), defend),
    select("terrain", field("terrain"), t("odds.terrain")),
    select("policy", field("policy"), t("odds.policy")),
    select("step", field("step"), t("odds.first_step")),
    h("div", {}, h("button", { class: "btn", type: "submit", id: "odds-go" }, t("odds.go"))),
  );
  const help = h(
    "p",
    { class: "om-small muted" },
    t("odds.help"),
  );
  const out = h("div", { id: "odds-result", class: "om-odds", "aria-live": "polite" });
  root.replaceChildren(form, help, out);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const params = Object.fromEntries(new FormData(form));
    out.replaceChildren(h("p", { class: "muted" }, t("odds.computing")));
    try {
      const odds = await run(params);
      showResult(out, odds);
    } catch (err) {
      out.replaceChildren(h("p", { class: "om-error", role: "alert" }, err.message));
    }
  });
  return { title: t("odds.title"), summary: t("odds.summary") };
}

function showResult(out, odds) {
  const fractions = odds.exact;
  out.replaceChildren(
    h(
      "h3",
      {},
      t("odds.heading", {
        attacker: unitsText(odds.attacker),
        defender: unitsText(odds.defender),
        terrain: choiceName("terrain", odds.terrain),
      }),
    ),
    h("table", { id: "odds-outcomes" }, h("tbody", {}, outcomeRows(odds, null, fractions))),
    h(
      "div",
      { class: "om-odds-sides" },
      survivorTable(t("odds.attacker_survivors"), odds.survivors.attacker, 0, fractions),
      survivorTable(t("odds.defender_survivors"), odds.survivors.defender, 0, fractions),
    ),
    h(
      "p",
      { class: "om-small muted" },
      t(odds.exact ? "odds.exact" : "odds.floating", {
        policy: choiceName("policy", odds.policy),
        rule: policyText(odds),
        error: odds.bound_error.toExponential(1),
      }),
    ),
  );
}
