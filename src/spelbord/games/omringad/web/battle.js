// The battle being fought (R40-R49, R92, R123): every party (the first attacker, the
// defender, the later attackers, the neutral dragon) with its units and the hits it still
// has to send or to take, each die of the step being rolled and of the last finished step
// as the observation gives them (face, the face it needs and why, hit or miss), per party,
// the R92 count of steps without a hit, and the exact odds from here (odds.js).

import { diePips, h, svgEl as el } from "/static/kit.js";
import { signed } from "./dom.js";
import { oddsSection } from "./odds.js";
import { t, tn } from "./texts.js";

/** A battle step's name ("ranged", "melee") in the page's language. */
const stepName = (step) => t(`step.${step}`);
import { battleInfo } from "./view.js";
import { DRAGON, TERRAIN, isSpecial, nameOf, ownClass, unitName } from "./units.js";

// R92: rolled steps in a row without a hit before a stand-off (20 under rules version 1)
const OLD_STALL_LIMIT = 20;
const RANGED_CODES = new Set(["A", "K"]); // archers and catapults: -1 in a forest (R44)

/** "Attacker", "Defender", "Attacker 2" ... (party 0 is the first attacker, 1 the defender). */
function roleName(party) {
  if (party === 1) return t("battle.defender");
  return party === 0 ? t("battle.attacker") : t("battle.attacker_n", { n: party });
}

/**
 * Where a die's modifier comes from (R42-R44). The terrain parts follow from the die itself
 * (its party, unit and square); what remains of the engine's ``modifier`` is the general's
 * +1 (R42), so the explanation always adds up to the modifier the engine used.
 */
function modifierParts(die, terrain) {
  const code = die.unit.toUpperCase();
  const parts = [];
  if (die.side === 1 && terrain === "C") parts.push([t("mod.castle"), 1]);
  if (die.side === 1 && terrain === "M" && code === "E") parts.push([t("mod.mountain_elite"), 1]);
  if (terrain === "F" && RANGED_CODES.has(code)) parts.push([t("mod.forest"), -1]);
  const rest = die.modifier - parts.reduce((n, [, v]) => n + v, 0);
  if (rest === 1) parts.unshift(["general", 1]);
  else if (rest !== 0) parts.push(["other", rest]);
  return parts;
}

/** "needs 5+ (S 5, general +1, forest −1)", with the 6-always / 1-never rule when it bites. */
function neededText(die, terrain) {
  const parts = modifierParts(die, terrain);
  const why = [`S ${die.strength}`, ...parts.map(([n, v]) => `${n} ${signed(v)}`)].join(", ");
  const raw = die.strength - die.modifier;
  const need = die.needed === 6 ? t("need.six") : t("need.n", { n: die.needed });
  const rule = raw > 6 ? t("need.six_hits") : raw < 2 ? t("need.one_misses") : "";
  return `${need} (${why}${rule})`;
}

/** A unit letter as a chip (special units in gold). */
export function unitChip(code, extra = "", title = null) {
  const cls = `om-unit${isSpecial(code) ? " om-unit-special" : ""}${extra ? ` ${extra}` : ""}`;
  return h("span", { class: cls, title: title || unitName(code) }, code);
}

function battleTitle(b, map, terrain) {
  const attackers = b.parties.filter((p) => p.attacking).map((p) => nameOf(p.owner));
  const one = attackers.length === 1;
  const who =
    b.defender.owner === DRAGON
      ? t(one ? "battle.faces_dragon" : "battle.face_dragon", { names: attackers.join(", ") })
      : t(one ? "battle.attacks" : "battle.attack", {
          names: attackers.join(", "),
          name: nameOf(b.defender.owner),
        });
  return t("battle.on", { square: map.label(b.square), terrain: terrain.name, who });
}

export function battleSummary(b, map) {
  return battleTitle(b, map, TERRAIN[b.terrain] || TERRAIN["."]);
}

/** The battle being fought: its parties, the dice of this step and of the last one, and R92. */
export function battlePanel(ctx) {
  const { obs, map } = ctx;
  const b = battleInfo(obs);
  const dice = obs.dice || [];
  const last = obs.last_dice || [];
  if (!b) {
    // After the round's last battle: its final roll stays in view during the reinforcements.
    if (obs.phase !== "reinforce" || !last.length) return null;
    const box = h("div", { class: "om-battle om-battle-over" });
    box.append(h("h3", {}, t("battle.over_round")));
    box.append(diceStep(ctx, null, last, false));
    return box;
  }
  const box = h("div", { class: "om-battle", "data-parties": b.parties.length });
  box.append(h("h3", {}, battleSummary(b, map)));
  box.append(h("p", { class: "om-small om-battle-status" }, battleStatus(b, dice, last)));
  box.append(stallMeter(obs.stall || 0, obs.stall_limit || OLD_STALL_LIMIT));
  const grid = h("div", { class: "om-sides" });
  for (const p of b.parties) {
    const col = h(
      "div",
      {
        class: `om-side om-party ${ownClass(p.owner)}`,
        "data-party": p.party,
        "data-owner": p.owner,
      },
      h(
        "strong",
        {},
        h("span", { class: "om-chip" }),
        ` ${roleName(p.party)}: ${nameOf(p.owner)} (${p.count})`,
      ),
      h(
        "div",
        { class: "om-roster" },
        p.units.map((code) => unitChip(code)),
      ),
    );
    if (p.unsent > 0)
      col.append(h("p", { class: "om-pending om-unsent" }, t("pending.send", { hits: tn("hits", p.unsent) })));
    if (p.snipesUnsent > 0)
      col.append(
        h("p", { class: "om-pending om-unsent" }, t("pending.send", { hits: tn("sniper_hits", p.snipesUnsent) })),
      );
    if (p.pending > 0)
      col.append(h("p", { class: "om-pending" }, t("pending.allocate", { hits: tn("hits", p.pending) })));
    if (p.sniped > 0)
      col.append(
        h("p", { class: "om-pending" }, t("pending.sniped", { hits: tn("sniper_hits", p.sniped) })),
      );
    if (p.count === 0) col.append(h("p", { class: "om-small muted" }, t("battle.no_units")));
    grid.append(col);
  }
  box.append(grid);
  // The exact odds from here (the VIEW's tools.odds: from what this seat sees, R80).
  const odds = oddsSection((ctx.view.tools || {}).odds);
  if (odds) box.append(odds);
  if (dice.length) box.append(diceStep(ctx, b, dice, true));
  if (last.length) box.append(diceStep(ctx, b, last, false));
  box.append(
    h(
      "p",
      { class: "om-small muted" },
      t("battle.explain"),
    ),
  );
  return box;
}

function battleStatus(b, dice, last) {
  if (dice.length) {
    const rolled = dice.filter((d) => d.die !== null).length;
    return t("status.rolling", { step: stepName(dice[0].step), n: rolled, of: dice.length });
  }
  const step =
    last.length && last[0].square === b.square ? t("status.step_hit", { step: stepName(last[0].step) }) : "";
  const sender = b.parties.find((p) => p.unsent > 0 || p.snipesUnsent > 0);
  if (sender) return step + t("status.sends", { name: nameOf(sender.owner) });
  const taker = b.parties.find((p) => p.pending > 0);
  if (taker) return step + t("status.allocates", { name: nameOf(taker.owner) });
  const sniped = b.parties.find((p) => p.sniped > 0);
  if (sniped) return step + t("status.snipers", { name: nameOf(sniped.owner) });
  return t("status.next", { step: stepName(b.nextStep) });
}

/** How close the battle is to a stand-off by R92: rolled steps in a row with no hit. */
function stallMeter(stall, limit) {
  const near = stall >= limit - 5;
  const pct = Math.min(100, (100 * stall) / limit);
  return h(
    "div",
    {
      class: `om-stall${near ? " om-stall-near" : ""}`,
      "data-stall": stall,
      title: t("stall.title", { n: limit }),
    },
    h("span", {}, t("stall.count", { n: stall, of: limit })),
    h(
      "span",
      { class: "om-stall-bar" },
      h("span", { class: "om-stall-fill", style: `width: ${pct}%` }),
    ),
    h("span", { class: "om-small" }, t("stall.at", { n: limit })),
  );
}

/**
 * The parties of a step's dice, in party order: [party, owner]. From the battle when the
 * dice are of the battle being fought, else from the dice (with two players the other
 * party's owner follows from the first).
 */
function diceParties(ctx, b, dice) {
  const sq = dice[0].square;
  if (b && b.square === sq) return b.parties.map((p) => [p.party, p.owner]);
  const owners = new Map();
  for (const d of dice) if (!owners.has(d.side)) owners.set(d.side, d.owner);
  if (owners.size === 1 && ctx.players === 2) {
    const [[side, owner]] = [...owners];
    owners.set(1 - side, owner >= 0 ? 1 - owner : DRAGON);
  }
  return [...owners].sort((x, y) => x[0] - y[0]);
}

/**
 * One step's dice, party by party: ``current`` for the step being rolled, else the last
 * finished step (of the battle ``b``, or named by its square when it was another one).
 */
function diceStep(ctx, b, dice, current) {
  const { obs, map } = ctx;
  const sq = dice[0].square;
  const terrain = (obs.terrain || [])[sq];
  const parties = diceParties(ctx, b, dice);
  const hits = parties.map(([side]) => dice.filter((d) => d.side === side && d.hit).length);
  const step = dice[0].step;
  let title;
  if (current) title = t("dice.this_step", { step: stepName(step) });
  else {
    const where = !b || b.square !== sq ? t("dice.on", { square: map.label(sq) }) : "";
    // "Ivory scored 1 hit, Slate 0 hits" (every party that rolled or could be hit).
    const scores = parties.map(([, owner], i) =>
      i === 0
        ? t("dice.scored", { name: nameOf(owner), hits: tn("hits", hits[i]) })
        : `${nameOf(owner)} ${tn("hits", hits[i])}`,
    );
    const score = hits.some(Boolean) ? scores.join(", ") : t("dice.no_hit");
    title = t("dice.last_step", { step: stepName(step), where, score });
  }
  const box = h(
    "div",
    { class: `om-step ${current ? "om-step-now" : "om-step-last"}`, "data-step": step },
    h("h4", {}, title),
  );
  const grid = h("div", { class: "om-sides" });
  for (const [side, owner] of parties) {
    const mine = dice.filter((d) => d.side === side);
    const who = `${roleName(side)} ${nameOf(owner)}`;
    const cards = h("div", { class: "om-die-cards" }, mine.map((d) => dieCard(d, terrain)));
    grid.append(
      h(
        "div",
        { class: `om-dice-side ${ownClass(owner)}`, "data-party": side },
        h("div", { class: "om-small" }, h("span", { class: "om-chip" }), ` ${who}`),
        mine.length ? cards : h("div", { class: "om-small muted" }, t("dice.no_fire")),
      ),
    );
  }
  box.append(grid);
  return box;
}

/** One unit's die: the face with pips (blank until rolled), what it needs and why, hit or miss. */
function dieCard(d, terrain) {
  const result = d.die === null ? "waiting" : d.hit ? "hit" : "miss";
  const need = neededText(d, terrain);
  const who = `${nameOf(d.owner)} ${unitName(d.unit)}`;
  const title =
    d.die === null
      ? t("dice.not_rolled", { who, need })
      : t("dice.rolled", { who, n: d.die, need, result: t(`dice.${result}`) });
  return h(
    "div",
    {
      class: `om-die-card om-${result}${isSpecial(d.unit) ? " om-die-special" : ""}`,
      title,
      "data-unit": d.unit,
      "data-face": d.die === null ? "" : d.die,
      "data-result": result,
      "data-owner": d.owner,
    },
    dieFace(d.die, d.owner),
    h(
      "div",
      { class: "om-die-text" },
      h(
        "div",
        {},
        h("b", {}, d.unit),
        ` ${unitName(d.unit)} `,
        h("span", { class: "om-result" }, result === "waiting" ? "to roll" : result),
      ),
      h("div", { class: "om-need" }, need),
    ),
  );
}

/** A die in ``owner``'s colour showing ``face`` as pips; a blank die with "?" until rolled. */
function dieFace(face, owner) {
  return el(
    "svg",
    {
      class: `om-die-svg ${ownClass(owner)}`,
      viewBox: "0 0 4 4",
      width: 34,
      height: 34,
      role: "img",
      "aria-label": face ? t("dice.showing", { n: face }) : t("dice.blank"),
    },
    el("rect", { class: "om-die-body", x: 0.15, y: 0.15, width: 3.7, height: 3.7, rx: 0.7 }),
    ...diePips(face, 4, 0.36, "om-pip"),
    face ? null : el("text", { class: "om-die-q", x: 2, y: 2.8 }, "?"),
  );
}

// ------------------------------------------------------------------ the log of a step
/** Whether a battle step finished between two observations (its dice are now last_dice). */
function stepFinished(prev, obs) {
  const last = obs.last_dice || [];
  if (!last.length) return false;
  if (JSON.stringify(prev.last_dice || []) !== JSON.stringify(last)) return true;
  if ((obs.stall || 0) > (prev.stall || 0)) return true;
  // The same dice twice in a row: the step seen rolling last time no longer goes on.
  const was = prev.dice || [];
  if (!was.some((d) => d.die === null)) return false;
  const now = obs.dice || [];
  const count = (ds) => ds.filter((d) => d.die !== null).length;
  const goesOn =
    now.length === was.length &&
    count(now) >= count(was) &&
    now.every(
      (d, i) =>
        d.square === was[i].square &&
        d.step === was[i].step &&
        d.unit === was[i].unit &&
        (was[i].die === null || was[i].die === d.die),
    );
  return !goesOn;
}

/** "Battle B e3, ranged step: Ivory A 6 hit; Slate A 3 miss, K 2 miss". */
function stepText(map, dice) {
  const sides = [...new Set(dice.map((d) => d.side))].sort((a, b) => a - b);
  const bySide = sides.map((s) => {
    const ds = dice.filter((d) => d.side === s);
    return `${nameOf(ds[0].owner)} ${ds.map((d) => `${d.unit} ${d.die} ${t(d.hit ? "dice.hit" : "dice.miss")}`).join(", ")}`;
  });
  return t("log.step", { square: map.label(dice[0].square), step: stepName(dice[0].step), dice: bySide.join("; ") });
}

/** Log the step rolled since the last view, the losses of each party and a battle's end. */
export function battleStep(prev, obs, mem, map) {
  const label = map.label;
  const pb = battleInfo(prev);
  const nb = battleInfo(obs);
  const newStep = stepFinished(prev, obs);
  if (newStep) mem.log.push(stepText(map, obs.last_dice));
  if (!pb) return;
  for (const party of pb.parties) {
    const now =
      nb && nb.square === pb.square ? nb.parties.find((p) => p.owner === party.owner) : null;
    const was = party.units.join("");
    const is = now ? now.units.join("") : null;
    if (is !== null && is !== was)
      mem.log.push(
        t("log.losses", { square: label(pb.square), name: nameOf(party.owner), was, is: is || t("log.gone") }),
      );
  }
  if (!nb || nb.square !== pb.square) {
    const limit = prev.stall_limit || OLD_STALL_LIMIT;
    const stalled =
      newStep && !obs.last_dice.some((d) => d.hit) && (prev.stall || 0) + 1 >= limit;
    mem.log.push(
      stalled
        ? t("log.stalled", { square: label(pb.square), n: limit, name: nameOf(pb.attacker.owner) })
        : t("log.battle_over", { square: label(pb.square), name: nameOf((obs.control || [])[pb.square]) }),
    );
  }
}
