// The panels round the board: the players (gold, income, score, team), the decision bar
// built from view.legal (terrain tiles, purchases, placements, moves, hits to send or to
// allocate, the diplomat's envoy, merges), the square picked for details, your own stacks,
// the log of the round and the legend.

import { h, svgEl as el } from "/static/kit.js";
import { plural, seatOk } from "./dom.js";
import { terrainSymbol, stackTitle } from "./board.js";
import { battleStep, unitChip } from "./battle.js";
import { clockBox, cupLine } from "./auction.js";
import { battleInfo, besiegers, siegeLimit, squaresControlled, stacksAt } from "./view.js";
import {
  KINDS,
  KIND_OF_NAME,
  NAMES,
  PHASE_TEXT,
  SPECIALS,
  TERRAIN,
  TILE_ORDER,
  UNITS,
  kindLetter,
  nameOf,
  ownClass,
  teamText,
  teamsOf,
  unitName,
} from "./units.js";

// ------------------------------------------------------------------ players
export function playersPanel(ctx) {
  const { view, obs, map, players } = ctx;
  const target = (view.options || {}).target || 50;
  const teams = teamsOf(obs);
  const wrap = h("div", { class: `om-players om-players-${players}` });
  let order = Array.from({ length: players }, (_, i) => i);
  if (players === 2 && view.seat === 1) order = [1, 0];
  if (teams) order.sort((a, b) => teams[a] - teams[b] || a - b);
  for (const seat of order) {
    const toMove =
      !view.result &&
      (view.to_move === seat ||
        (view.to_move === -2 && (obs.stage || [])[seat] !== "done" && obs.phase !== "setup"));
    const you = view.seat === seat;
    const gold = (obs.gold || [])[seat] ?? 0;
    const income = squaresControlled(obs, seat);
    const score = (obs.score || [])[seat] ?? 0;
    const tags = [];
    if (teams)
      tags.push(
        h(
          "span",
          {
            class: `om-tag om-team-tag om-team-${teams[seat]}`,
            title: "team mates never fight each other (R121)",
          },
          `team ${teamText(teams, teams[seat], map.letters)}`,
        ),
      );
    if (obs.initiative === seat)
      tags.push(
        h(
          "span",
          { class: "om-tag", title: "holds the initiative (moves and reinforces first)" },
          "★ initiative",
        ),
      );
    if (obs.phase === "move" && (obs.passed || [])[seat])
      tags.push(h("span", { class: "om-tag" }, "passed"));
    if (obs.phase === "setup")
      tags.push(h("span", { class: "om-tag" }, `${(obs.tiles_placed || [])[seat] || 0}/9 tiles`));
    if (
      (obs.bought_count || [])[seat] &&
      ["pregame", "purchase", "move", "battle", "reinforce"].includes(obs.phase)
    ) {
      tags.push(
        h(
          "span",
          { class: "om-tag", title: "units bought, waiting to be placed" },
          `${obs.bought_count[seat]} bought`,
        ),
      );
    }
    const secret = !you && ["pregame", "purchase"].includes(obs.phase);
    const goldNote = secret ? "gold at the start of the purchase (spending is secret)" : "gold";
    wrap.append(
      h(
        "div",
        {
          class: `om-player ${ownClass(seat)} ${toMove ? "om-active" : ""}`,
          "data-seat": seat,
        },
        h("span", { class: "om-chip" }),
        h("strong", {}, `${NAMES[seat]} · ${map.letters[seat]}${you ? " (you)" : ""}`),
        ...tags,
        obs.phase === "setup"
          ? null
          : h(
              "span",
              { class: "om-stats" },
              h("span", { title: goldNote }, `◉ ${secret ? "≤" : ""}${gold} gold`),
              h(
                "span",
                { title: "income: one gold per square controlled (R61)" },
                `+${income}/round`,
              ),
              h(
                "span",
                { title: `score; the target is ${target} (R63)` },
                `${score}/${target} pts`,
              ),
            ),
      ),
    );
  }
  return wrap;
}

// ------------------------------------------------------------------ the decision bar
export function button(ctx, label, action, cls = "", title = null, extra = {}) {
  const { ui, mem } = ctx;
  return h(
    "button",
    {
      type: "button",
      class: `btn btn-small ${cls}`,
      title: title || action.text,
      "data-action": action.action,
      ...extra,
      onclick: () => {
        mem.sel = null;
        mem.queue = [];
        ui.act(action);
      },
    },
    label,
  );
}

function purchaseTable(ctx) {
  const { obs, g } = ctx;
  const pool = obs.pool || null;
  const table = h("table", { class: "om-shop" });
  table.append(
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", {}, "unit"),
        h("th", {}, "cost"),
        h("th", { title: "movement" }, "F"),
        h("th", { title: "strength: the die must reach it" }, "S"),
        h("th", { title: "units left in your pool" }, "pool"),
        h("th", {}, ""),
      ),
    ),
  );
  const body = h("tbody");
  for (const k of KINDS) {
    const u = UNITS[k];
    const a = g.buy.get(k);
    const fs = (v) => (v[0] === v[1] ? `${v[0] ?? "–"}` : `${v[0]}/${v[1]}`);
    body.append(
      h(
        "tr",
        { class: a ? "" : "om-off" },
        h("td", {}, h("b", { class: "om-letter" }, k), ` ${u.name}`),
        h("td", {}, `${u.cost}`),
        h("td", {}, k === "G" ? "2" : fs(u.F)),
        h("td", {}, k === "G" ? "+1 others" : fs(u.S)),
        h("td", {}, pool ? String(pool[KINDS.indexOf(k)]) : "?"),
        h(
          "td",
          {},
          a ? button(ctx, "Buy", a, "om-buy", `buy one ${u.name} for ${u.cost} gold`) : "",
        ),
      ),
    );
  }
  table.append(body);
  return table;
}

function boughtList(obs) {
  const bought = (obs.bought || []).map((n) => KIND_OF_NAME[n] || n);
  if (!bought.length) return h("span", { class: "muted" }, "nothing bought yet");
  const counts = {};
  for (const k of bought) counts[k] = (counts[k] || 0) + 1;
  return h(
    "span",
    {},
    Object.entries(counts)
      .map(([k, n]) => `${n}× ${UNITS[k] ? UNITS[k].name : k}`)
      .join(", "),
  );
}

/** The party of ``seat`` in the battle ``b``, or null. */
const partyOf = (b, seat) => (b ? b.parties.find((p) => p.owner === seat) || null : null);

/**
 * The prompt and the buttons of the decision in front of the viewer. ``used`` holds the
 * actions offered elsewhere (the auction panel); every other legal action gets a button
 * here or is a square of the board.
 */
export function decisionBar(ctx, targets, used, hasAuction) {
  const { view, obs, map, g, me } = ctx;
  const bar = h("div", {
    class: `om-bar ${g.all.length ? "om-bar-turn" : ""}`,
    "data-decision": "bar",
  });
  const say = (text) => bar.append(h("p", { class: "om-prompt" }, text));
  const buttons = h("div", { class: "om-buttons" });
  const add = (node, ...actions) => {
    for (const a of actions) used.add(a.action);
    buttons.append(node);
  };
  const label = map.label;
  const au = obs.auction || null;
  if (view.result) {
    const w = obs.winners || [];
    const names = w.map(nameOf);
    const text =
      w.length === 1
        ? `${names[0]} wins`
        : w.length > 1 && teamsOf(obs) && new Set(w.map((s) => obs.teams[s])).size === 1
          ? `${names.join(" and ")} win as a team`
          : w.length > 1
            ? `A draw between ${names.join(", ")}`
            : "Game over";
    say(`${text} (${view.result.termination || ""}). Score ${(obs.score || []).join("–")}.`);
  } else if (!g.all.length) {
    say(waitingText(ctx));
  } else if (g.tiles.size) {
    const n = (obs.tiles_placed || [])[me] || 0;
    const t = TILE_ORDER[n];
    say(
      `Secret terrain, tile ${n + 1} of 9: tap a square of your country (${map.letters[me]}) for your ${TERRAIN[t].name}.`,
    );
    bar.append(
      h(
        "div",
        { class: "om-tiles" },
        TILE_ORDER.map((l, i) =>
          h(
            "span",
            { class: `om-tile-chip ${i < n ? "om-done" : i === n ? "om-now" : ""}` },
            TERRAIN[l].name,
          ),
        ),
      ),
    );
    for (const a of g.tiles.values()) used.add(a.action);
  } else if (au && (g.bid.length || (g.pass && obs.phase === "auction"))) {
    const lot = au.lot ? (UNITS[kindLetter(au.lot)] || { name: au.lot }).name : "special unit";
    say(
      `Auction of the ${lot}: raise the standing bid (${au.bid || "none"}) or pass; a pass puts you out of this auction.`,
    );
  } else if (au && obs.phase === "auction" && g.squares.size) {
    const lot = au.lot ? (UNITS[kindLetter(au.lot)] || { name: au.lot }).name : "unit";
    say(
      `You won the ${lot}: tap a highlighted square to place it (${plural(g.squares.size, "square")}).`,
    );
    if (g.squares.size <= 8)
      for (const a of g.squares.values()) add(button(ctx, `→ ${a.label}`, a, "om-sqbtn"), a);
  } else if (
    g.buy.size ||
    (g.done && ["pregame", "purchase"].includes(obs.phase) && (obs.stage || [])[me] === "buy")
  ) {
    say(
      `${obs.phase === "pregame" ? "Opening purchase" : "Purchase"}: ${(obs.gold || [])[me]} gold left (unspent gold is lost). Bought: `,
    );
    bar.lastChild.append(boughtList(obs));
    bar.append(purchaseTable(ctx));
    for (const a of g.buy.values()) used.add(a.action);
    if (g.done) add(button(ctx, "Done buying", g.done, "btn-primary"), g.done);
  } else if (g.place.length || (obs.placing >= 0 && g.squares.size)) {
    const placing = obs.placing >= 0 ? KINDS[obs.placing] : null;
    if (placing) {
      say(
        `Place your ${UNITS[placing].name}: tap a highlighted ${obs.phase === "pregame" ? "settlement (stacks differ by at most one)" : "castle or village (siege limits apply)"}.`,
      );
    } else {
      say(
        `Choose the next unit to place${g.merge.length ? ", or merge two damaged units" : ""}. Still to place: `,
      );
      bar.lastChild.append(boughtList(obs));
    }
    for (const a of g.place) add(button(ctx, `Place ${unitName(a.unit)}`, a), a);
    for (const a of g.squares.values()) add(button(ctx, `→ ${a.label}`, a, "om-sqbtn"), a);
  } else if (obs.phase === "move" && obs.move && obs.move.origin < 0) {
    say(
      "Movement: tap a glowing stack to move a group from it, or pass (ends your movement this round).",
    );
    if (g.pass) add(button(ctx, "Pass", g.pass), g.pass);
    for (const a of g.squares.values()) used.add(a.action);
  } else if (obs.phase === "move" && obs.move && !(obs.move.path || []).length) {
    takeButtons(ctx, say, add, buttons);
  } else if (obs.phase === "move") {
    const path = obs.move.path || [];
    say(
      `Walk: tap a glowing square for the next step (${path.length - 1} taken)${g.stop ? ", or stop here" : ""}. The move ends by itself when no step is left.`,
    );
    for (const a of g.squares.values()) add(button(ctx, `→ ${a.label}`, a, "om-sqbtn"), a);
    if (g.stop)
      add(button(ctx, `Stop on ${label(path[path.length - 1])}`, g.stop, "btn-primary"), g.stop);
  } else if (g.envoy || g.fight) {
    const b = battleInfo(obs);
    say(
      `Your diplomat stands on ${b ? label(b.square) : "the attacked square"}: send it as an envoy (the attack ends, the attackers go back, the diplomat returns to the cup) or fight (R110).`,
    );
    if (g.envoy)
      add(
        button(ctx, "Envoy: end the attack", g.envoy, "btn-primary om-envoy", "spend it (R110)"),
        g.envoy,
      );
    if (g.fight)
      add(button(ctx, "Fight", g.fight, "om-fight", "keep the diplomat for now"), g.fight);
  } else if (g.target.length) {
    const b = battleInfo(obs);
    const mine = partyOf(b, me);
    const n = mine ? mine.unsent : 0;
    say(
      n > 0 || !mine
        ? `Your units scored ${plural(n, "hit")}: send them one at a time to an enemy party (R123).`
        : "Your snipers hit: choose the enemy party each of their hits strikes (R117).",
    );
    for (const a of g.target) {
      const p = partyOf(b, a.seat);
      const what = p ? ` (${p.count} unit${p.count === 1 ? "" : "s"}${p.pending ? `, ${p.pending} already` : ""})` : "";
      add(
        button(
          ctx,
          h("span", {}, h("span", { class: "om-chip" }), ` Hit ${nameOf(a.seat)}${what}`),
          a,
          `om-target-btn ${ownClass(a.seat)}`,
          `${a.text}: the next hit goes to ${nameOf(a.seat)}'s party`,
          { "data-seat": a.seat },
        ),
        a,
      );
    }
  } else if (g.hit.length) {
    const b = battleInfo(obs);
    const mine = partyOf(b, me);
    const n = mine ? mine.pending : 0;
    if (n > 0) say(`You took ${plural(n, "hit")}: allocate them one at a time.`);
    else {
      const hit = b ? b.parties.find((p) => p.sniped > 0 || p.pending > 0) : null;
      say(
        `Your snipers hit${hit ? ` ${nameOf(hit.owner)}` : ""}: choose which unit takes each hit (R117).`,
      );
    }
    for (const a of g.hit) {
      const u = a.unit;
      const kind = UNITS[u.toUpperCase()];
      const what = u === u.toUpperCase() && kind && kind.hp > 1 ? "damage" : "eliminate";
      add(
        button(ctx, `Hit ${unitName(u)} (${what})`, a, what === "eliminate" ? "om-kill" : ""),
        a,
      );
    }
  } else if (obs.phase === "reinforce") {
    say(
      g.merge.length
        ? "Reinforcements: merge damaged pairs or finish."
        : "Reinforcements: finish your turn.",
    );
  } else {
    say("Your decision:");
  }
  if (!hasAuction) {
    const clock = clockBox(view, ctx.mem);
    if (clock) bar.append(clock);
  }
  for (const a of g.merge) {
    const sq = a.square;
    add(button(ctx, `Merge 2 damaged ${UNITS[a.unit].name}s on ${a.label || label(sq)}`, a), a);
  }
  if (g.done && !used.has(g.done.action))
    add(button(ctx, "Done", g.done, "btn-primary"), g.done);
  // Everything else that is legal still gets a button: no decision is unreachable.
  for (const a of g.all) {
    if (used.has(a.action) || targets.has(a.square) || a.kind === "tile") continue;
    add(button(ctx, a.text, a), a);
  }
  if (buttons.childElementCount) bar.append(buttons);
  return bar;
}

/** The group being formed: a button per kind of unit to take, "take all" and done. */
function takeButtons(ctx, say, add, buttons) {
  const { view, obs, map, g, me, mem, ui } = ctx;
  const origin = obs.move.origin;
  const group = obs.move.group || [];
  say(
    `Group from ${map.label(origin)}: ${group.length ? group.map(unitName).join(", ") : "no units yet"}. Add units (the first is the top), then Done.`,
  );
  const counts = new Map();
  for (const a of g.take) counts.set(a.unit, a);
  const stack = (obs.stacks || []).find((s) => s.square === origin && s.owner === me);
  for (const a of g.take) {
    const free = stack ? stack.units.filter((u, i) => u === a.unit && !stack.moved[i]).length : 0;
    const taken = group.filter((u) => u === a.unit).length;
    add(button(ctx, `Take ${unitName(a.unit)} (${free - taken} free)`, a), a);
  }
  if (g.take.length > 1 || (g.take.length === 1 && stack)) {
    const queue = [];
    if (stack) {
      const left = {};
      stack.units.forEach((u, i) => {
        if (!stack.moved[i]) left[u] = (left[u] || 0) + 1;
      });
      for (const u of group) left[u] -= 1;
      for (const [u, n] of Object.entries(left))
        for (let i = 0; i < n; i++) if (counts.has(u)) queue.push(u);
    }
    if (queue.length > 1) {
      buttons.append(
        h(
          "button",
          {
            type: "button",
            class: "btn btn-small",
            title: "take every free unit, one action at a time",
            onclick: () => {
              mem.queue = queue.slice(1);
              mem.queuePly = view.ply;
              ui.act(counts.get(queue[0]));
            },
          },
          `Take all ${queue.length}`,
        ),
      );
    }
  }
  if (g.done) add(button(ctx, "Done: start walking", g.done, "btn-primary"), g.done);
}

function waitingText(ctx) {
  const { view, obs, ui, players } = ctx;
  const all = players === 2 ? "Both" : "All";
  if (ui.replay) return `Round ${obs.round || 0}: ${PHASE_TEXT[obs.phase] || obs.phase}.`;
  const who = seatOk(view.to_move) ? nameOf(view.to_move) : null;
  if (obs.phase === "setup")
    return `${all} players place terrain in secret; waiting for the ${players === 2 ? "other player" : "others"}.`;
  if (["pregame", "purchase"].includes(obs.phase))
    return `${all} buy in secret; waiting for the ${players === 2 ? "other player" : "others"} to finish.`;
  if (view.to_move === -1) {
    if (obs.phase === "battle") return "The dice are rolling…";
    if (obs.phase === "auction") return "Drawing a special unit from the cup…";
    return "Rolling for the initiative…";
  }
  if (who && seatOk(view.seat))
    return `Waiting for ${who} (${PHASE_TEXT[obs.phase] || obs.phase}).`;
  if (who) return `${who} to play (${PHASE_TEXT[obs.phase] || obs.phase}).`;
  return `Round ${obs.round}: ${PHASE_TEXT[obs.phase] || obs.phase}.`;
}

// ------------------------------------------------------------------ details
export function infoPanel(ctx) {
  const { obs, map, mem, at } = ctx;
  if (mem.sel === null || mem.sel === undefined) return null;
  const sq = mem.sel;
  const letter = (obs.terrain || [])[sq] || ".";
  const t = TERRAIN[letter] || TERRAIN["."];
  const owner = (obs.control || [])[sq];
  const box = h("div", { class: "om-info" });
  box.append(h("h3", {}, `${map.label(sq)} · ${t.name}`));
  const note = t.note.charAt(0).toUpperCase() + t.note.slice(1);
  box.append(
    h(
      "p",
      { class: "om-small" },
      `${note}. Worth ${t.points} point${t.points === 1 ? "" : "s"}. Controlled by ${NAMES[owner] ?? "?"}${owner !== map.countryOf(sq) ? " (conquered)" : ""}.`,
    ),
  );
  box.append(
    h("p", { class: "om-small" }, `Neighbours: ${map.neighbours(sq).map(map.label).join(", ")}`),
  );
  if (t.settlement && obs.phase !== "setup") {
    const lim = siegeLimit(obs, map, at, sq);
    const from = besiegers(obs, map, at, sq).map(map.label).join(", ");
    box.append(
      h(
        "p",
        { class: "om-small" },
        lim.level === 0
          ? "Not besieged: no reinforcement limit."
          : lim.level === 1
            ? `Partial siege from ${from}: at most 2 reinforcements (${lim.left} left this round).`
            : `Full siege from ${from}: no reinforcements.`,
      ),
    );
  }
  for (const s of at.get(sq) || []) {
    const units = s.units || null;
    const row = h(
      "p",
      { class: `om-small om-stackline ${ownClass(s.owner)}`, title: stackTitle(s) },
      h("span", { class: "om-chip" }),
      ` ${nameOf(s.owner)}: `,
    );
    if (units) {
      units.forEach((u, i) => {
        const moved = s.moved && s.moved[i];
        row.append(
          unitChip(u, moved ? "om-unit-moved" : "", `${unitName(u)}${moved ? " (moved)" : ""}`),
        );
      });
    } else {
      const rest = s.count > 1 ? " (the others are hidden)" : "";
      row.append(`${s.count} unit${s.count === 1 ? "" : "s"}, top ${unitName(s.top)}${rest}`);
    }
    box.append(row);
  }
  return box;
}

export function ownStacks(ctx) {
  const { view, obs, map } = ctx;
  if (!seatOk(view.seat)) return null;
  const mine = (obs.stacks || []).filter((s) => s.owner === view.seat && s.units);
  if (!mine.length && obs.phase === "setup") return null;
  const box = h("details", { class: "om-own" });
  const total = mine.reduce((n, s) => n + s.count, 0);
  box.append(
    h(
      "summary",
      {},
      `Your units: ${total} on the board in ${mine.length} stack${mine.length === 1 ? "" : "s"}`,
    ),
  );
  for (const s of mine) {
    const row = h("p", { class: "om-small om-stackline" }, h("b", {}, map.label(s.square)), " ");
    s.units.forEach((u, i) =>
      row.append(unitChip(u, s.moved && s.moved[i] ? "om-unit-moved" : "")),
    );
    box.append(row);
  }
  if (obs.pool)
    box.append(
      h(
        "p",
        { class: "om-small muted" },
        `Pool: ${KINDS.map((k, i) => `${obs.pool[i]} ${k}`).join(" · ")}`,
      ),
    );
  return box;
}

// ------------------------------------------------------------------ the round log
export function logPanel(ctx) {
  const { obs, map, mem, players } = ctx;
  const label = map.label;
  const items = [];
  if (obs.round)
    items.push(
      `Round ${obs.round}${obs.initiative >= 0 ? `: ${nameOf(obs.initiative)} has the initiative` : ""}${obs.round === 1 ? " (peace round: no crossing into another country)" : ""}.`,
    );
  if ((obs.bought_count || []).some(Boolean) && obs.phase !== "pregame") {
    const seats = Array.from({ length: players }, (_, s) => s);
    items.push(
      `Bought this round: ${seats.map((s) => `${nameOf(s)} ${(obs.bought_count || [])[s] || 0}`).join(", ")} unit(s).`,
    );
  }
  for (const e of obs.entries || [])
    items.push(
      `${nameOf(e[1])} attacked ${label(e[0])} from ${label(e[2])} with ${e[3]} unit${e[3] === 1 ? "" : "s"}.`,
    );
  items.push(...(mem.log || []));
  const placed = (obs.placed_here || []).map((n, sq) => [n, sq]).filter(([n]) => n > 0);
  if (obs.phase === "reinforce" && placed.length)
    items.push(`Placed: ${placed.map(([n, sq]) => `${n} on ${label(sq)}`).join(", ")}.`);
  if (obs.phase === "move" && seatOk(obs.move && obs.move.mover) && (obs.move.path || []).length) {
    items.push(
      `${nameOf(obs.move.mover)} is moving ${obs.move.count} unit(s): ${obs.move.path.map(label).join(" → ")}`,
    );
  }
  if (!items.length) return null;
  const box = h("details", { class: "om-log", open: true });
  box.append(h("summary", {}, `This round (${PHASE_TEXT[obs.phase] || obs.phase})`));
  box.append(
    h(
      "ol",
      {},
      items.map((t) => h("li", {}, t)),
    ),
  );
  return box;
}

/** Add to the round's log what happened between the last observation and this one. */
export function logRound(view, mem, map) {
  const obs = view.observation;
  const prev = mem.obs;
  mem.obs = obs;
  if (!mem.log || mem.logRound !== obs.round || mem.logKey !== `${view.table}:${view.seat}`) {
    mem.log = [];
    mem.logRound = obs.round;
    mem.logKey = `${view.table}:${view.seat}`;
  }
  if (!prev || prev.round !== obs.round) return;
  const label = map.label;
  // A finished move: the path seen last time, ended where the mover's stack grew.
  const pm = prev.move || {};
  const nm = obs.move || {};
  if ((pm.path || []).length && !(nm.path || []).length) {
    const end = pm.path[pm.path.length - 1];
    const before = stacksAt(prev);
    const after = stacksAt(obs);
    const count = (m, sq) =>
      ((m.get(sq) || []).find((s) => s.owner === pm.mover) || { count: 0 }).count;
    let dest = end;
    for (const sq of [end, ...map.neighbours(end)])
      if (count(after, sq) - count(before, sq) === pm.count) dest = sq;
    const route = [...pm.path, ...(dest !== end ? [dest] : [])].map(label).join(" → ");
    mem.log.push(
      `${nameOf(pm.mover)} moved ${pm.count} unit${pm.count === 1 ? "" : "s"} (top ${pm.top}): ${route}`,
    );
  }
  if (prev.phase === "move") {
    (obs.passed || []).forEach((p, i) => {
      if (p && !(prev.passed || [])[i]) mem.log.push(`${nameOf(i)} passed`);
    });
  }
  // The auction's outcome, once it is over.
  const pa = prev.auction;
  if (pa && pa.lot && !obs.auction) {
    const name = (UNITS[kindLetter(pa.lot)] || { name: pa.lot }).name;
    mem.log.push(
      pa.bid > 0 && pa.bidder >= 0
        ? `Auction: ${nameOf(pa.bidder)} bought the ${name} for ${pa.bid} gold`
        : `Auction: nobody bid for the ${name}; it goes back to the cup`,
    );
  }
  battleStep(prev, obs, mem, map);
}

// ------------------------------------------------------------------ the legend
export function legend(ctx) {
  const { obs } = ctx;
  const box = h("details", { class: "om-legend" });
  box.append(h("summary", {}, "Legend"));
  const row = h("div", { class: "om-legend-row" });
  for (const l of ["C", "V", "F", "M", "L", "."]) {
    const t = TERRAIN[l];
    row.append(
      h(
        "span",
        { class: "om-legend-item" },
        el(
          "svg",
          { viewBox: "0 0 28 28", width: 26, height: 26 },
          el("rect", {
            class: `om-ground om-lg-${l === "." ? "bare" : l}`,
            x: 0,
            y: 0,
            width: 28,
            height: 28,
            rx: 4,
          }),
          terrainSymbol(l, 2, 2, 24),
        ),
        `${t.name} (${t.points})`,
      ),
    );
  }
  box.append(row);
  box.append(
    h(
      "p",
      { class: "om-small" },
      `Units: ${KINDS.map((k) => `${k} ${UNITS[k].name}`).join(", ")}; lower case (with a red notch) = damaged. A badge counts the units of a stack; a flag marks a conquered square; ≤2 / ⛔ 0 on a settlement is its siege limit. Coloured edges show the seams: a unit leaving an edge arrives at the cell with the same letter or number on the edge of the same colour.`,
    ),
  );
  box.append(
    h(
      "p",
      { class: "om-small" },
      `Special units (a gold diamond on the token): ${SPECIALS.map((k) => `${k} ${UNITS[k].name}`).join(", ")}. The dragon (spiked, purple) belongs to nobody; pirates on a lake sit in a boat.`,
    ),
  );
  if (Array.isArray(obs.cup)) box.append(cupLine(obs));
  return box;
}
