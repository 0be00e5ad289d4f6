// The panels round the board: the players (gold, income, score, team), the decision bar
// built from view.legal (terrain tiles, purchases, placements, moves, hits to send or to
// allocate, the diplomat's envoy, merges), the square picked for details, your own stacks,
// the log of the round and the legend.

import { h, svgEl as el } from "/static/kit.js";
import { seatOk } from "./dom.js";
import { notation, t, tn } from "./texts.js";
import { terrainSymbol, stackTitle } from "./board.js";
import { battleStep, unitChip } from "./battle.js";
import { clockBox, cupLine } from "./auction.js";
import {
  battleInfo,
  besiegers,
  intruders,
  siegeLimit,
  squaresControlled,
  stacksAt,
} from "./view.js";
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

/** How the game ended in words ("Red reached the target"), never the raw key "target". */
function endText(termination, names) {
  const key = `end.${termination || "target"}`;
  const text = t(key, { names: names.join(t("and")) });
  return text === key ? termination || "" : text;
}

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
            title: t("tag.team_title"),
          },
          t("tag.team", { team: teamText(teams, teams[seat], map.letters) }),
        ),
      );
    if (obs.initiative === seat)
      tags.push(
        h(
          "span",
          { class: "om-tag", title: t("tag.initiative_title") },
          `★ ${t("tag.initiative")}`,
        ),
      );
    if (obs.phase === "move" && (obs.passed || [])[seat])
      tags.push(h("span", { class: "om-tag" }, t("tag.passed")));
    if (obs.phase === "setup")
      tags.push(
        h("span", { class: "om-tag" }, t("tag.tiles", { n: (obs.tiles_placed || [])[seat] || 0 })),
      );
    if (
      (obs.bought_count || [])[seat] &&
      ["pregame", "purchase", "move", "battle", "reinforce"].includes(obs.phase)
    ) {
      tags.push(
        h(
          "span",
          { class: "om-tag", title: t("tag.bought_title") },
          t("tag.bought", { n: obs.bought_count[seat] }),
        ),
      );
    }
    const secret = !you && ["pregame", "purchase"].includes(obs.phase);
    const goldNote = secret ? t("stat.gold_secret") : t("stat.gold_title");
    wrap.append(
      h(
        "div",
        {
          class: `om-player ${ownClass(seat)} ${toMove ? "om-active" : ""}`,
          "data-seat": seat,
        },
        h("span", { class: "om-chip" }),
        h("strong", {}, `${NAMES[seat]} · ${map.letters[seat]}${you ? t("you_suffix") : ""}`),
        ...tags,
        obs.phase === "setup"
          ? null
          : h(
              "span",
              { class: "om-stats" },
              h("span", { title: goldNote }, `◉ ${secret ? "≤" : ""}${t("stat.gold", { n: gold })}`),
              h("span", { title: t("stat.income_title") }, t("stat.income", { n: income })),
              h(
                "span",
                { title: t("stat.score_title", { target }) },
                t("stat.score", { n: score, target }),
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
        h("th", {}, t("shop.unit")),
        h("th", {}, t("shop.cost")),
        h("th", { title: t("shop.f_title") }, "F"),
        h("th", { title: t("shop.s_title") }, "S"),
        h("th", { title: t("shop.pool_title") }, t("shop.pool")),
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
        h("td", {}, k === "G" ? t("shop.general_s") : fs(u.S)),
        h("td", {}, pool ? String(pool[KINDS.indexOf(k)]) : "?"),
        h(
          "td",
          {},
          a ? button(ctx, t("btn.buy"), a, "om-buy", t("btn.buy_title", { unit: u.name, n: u.cost })) : "",
        ),
      ),
    );
  }
  table.append(body);
  return table;
}

/**
 * What reinforcing settlement ``sq`` beside another player's units means (R55): from rules
 * version 4 (``obs.controller_defends``) its controller defends the next battle there, with
 * a castle's +1; before, the intruder did, being there first. "" when nobody intrudes.
 */
export function intruderText(obs, map, at, sq) {
  const s = intruders(obs, at, sq)[0];
  if (!s) return "";
  const units = s.count === 1 ? unitName(s.top) : tn("units", s.count);
  const castle = (obs.terrain || [])[sq] === "C";
  const who = obs.controller_defends ? "you_defend" : "it_defends";
  return t(`intruder.${who}${castle ? "_castle" : ""}`, {
    square: map.label(sq),
    settlement: (TERRAIN[(obs.terrain || [])[sq]] || TERRAIN["."]).name,
    name: nameOf(s.owner),
    units,
  });
}

/** The viewer's settlements where another player's units stand (R55), by square. */
function intrudedSettlements(ctx) {
  const { obs, at, me } = ctx;
  return (obs.control || [])
    .map((c, sq) => [c, sq])
    .filter(
      ([c, sq]) =>
        c === me &&
        (TERRAIN[(obs.terrain || [])[sq]] || {}).settlement &&
        intruders(obs, at, sq).length,
    )
    .map(([, sq]) => sq);
}

function boughtList(obs) {
  const bought = (obs.bought || []).map((n) => KIND_OF_NAME[n] || n);
  if (!bought.length) return h("span", { class: "muted" }, t("bought.none"));
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
        ? t("result.wins", { name: names[0] })
        : w.length > 1 && teamsOf(obs) && new Set(w.map((s) => obs.teams[s])).size === 1
          ? t("result.team", { names: names.join(t("and")) })
          : w.length > 1
            ? t("result.draw", { names: names.join(", ") })
            : t("result.over");
    say(
      t("result.line", {
        text,
        why: endText(view.result.termination, names),
        score: (obs.score || []).join("–"),
      }),
    );
  } else if (!g.all.length) {
    say(waitingText(ctx));
  } else if (g.tiles.size) {
    const n = (obs.tiles_placed || [])[me] || 0;
    const tile = TILE_ORDER[n];
    say(
      t("prompt.tile", { n: n + 1, country: map.letters[me], terrain: TERRAIN[tile].name }),
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
    const lot = au.lot ? (UNITS[kindLetter(au.lot)] || { name: au.lot }).name : t("special_unit");
    say(t("prompt.auction", { lot, bid: au.bid || t("none") }));
  } else if (au && obs.phase === "auction" && g.squares.size) {
    const lot = au.lot ? (UNITS[kindLetter(au.lot)] || { name: au.lot }).name : t("unit");
    say(t("prompt.won", { lot, squares: tn("squares", g.squares.size) }));
    if (g.squares.size <= 8)
      for (const a of g.squares.values()) add(button(ctx, `→ ${a.label}`, a, "om-sqbtn"), a);
  } else if (
    g.buy.size ||
    (g.done && ["pregame", "purchase"].includes(obs.phase) && (obs.stage || [])[me] === "buy")
  ) {
    say(
      t(obs.phase === "pregame" ? "prompt.opening_purchase" : "prompt.purchase", {
        gold: (obs.gold || [])[me],
      }),
    );
    bar.lastChild.append(boughtList(obs));
    bar.append(purchaseTable(ctx));
    for (const a of g.buy.values()) used.add(a.action);
    if (g.done) add(button(ctx, t("btn.done_buying"), g.done, "btn-primary"), g.done);
  } else if (g.place.length || (obs.placing >= 0 && g.squares.size)) {
    const placing = obs.placing >= 0 ? KINDS[obs.placing] : null;
    if (placing) {
      const key = obs.phase === "pregame" ? "prompt.place_opening" : "prompt.place";
      say(t(key, { unit: UNITS[placing].name }));
    } else {
      say(t(g.merge.length ? "prompt.choose_place_merge" : "prompt.choose_place"));
      bar.lastChild.append(boughtList(obs));
    }
    if (obs.phase === "reinforce")
      for (const sq of intrudedSettlements(ctx)) say(intruderText(obs, map, ctx.at, sq));
    for (const a of g.place) add(button(ctx, t("btn.place", { unit: unitName(a.unit) }), a), a);
    for (const a of g.squares.values()) add(button(ctx, `→ ${a.label}`, a, "om-sqbtn"), a);
  } else if (obs.phase === "move" && obs.move && obs.move.origin < 0) {
    say(t("prompt.move"));
    if (g.pass) add(button(ctx, t("btn.pass"), g.pass), g.pass);
    for (const a of g.squares.values()) used.add(a.action);
  } else if (obs.phase === "move" && obs.move && !(obs.move.path || []).length) {
    takeButtons(ctx, say, add, buttons);
  } else if (obs.phase === "move") {
    const path = obs.move.path || [];
    say(t(g.stop ? "prompt.walk_stop" : "prompt.walk", { n: path.length - 1 }));
    for (const a of g.squares.values()) add(button(ctx, `→ ${a.label}`, a, "om-sqbtn"), a);
    if (g.stop)
      add(
        button(ctx, t("btn.stop", { square: label(path[path.length - 1]) }), g.stop, "btn-primary"),
        g.stop,
      );
  } else if (g.envoy || g.fight) {
    const b = battleInfo(obs);
    say(t("prompt.diplomat", { square: b ? label(b.square) : t("attacked_square") }));
    if (g.envoy)
      add(
        button(ctx, t("btn.envoy"), g.envoy, "btn-primary om-envoy", t("btn.envoy_title")),
        g.envoy,
      );
    if (g.fight)
      add(button(ctx, t("btn.fight"), g.fight, "om-fight", t("btn.fight_title")), g.fight);
  } else if (g.target.length) {
    const b = battleInfo(obs);
    const mine = partyOf(b, me);
    const n = mine ? mine.unsent : 0;
    say(
      n > 0 || !mine ? t("prompt.send_hits", { hits: tn("hits", n) }) : t("prompt.snipers_send"),
    );
    for (const a of g.target) {
      const p = partyOf(b, a.seat);
      const already = p && p.pending ? t("already", { n: p.pending }) : "";
      const what = p ? ` (${tn("units", p.count)}${already})` : "";
      add(
        button(
          ctx,
          h("span", {}, h("span", { class: "om-chip" }), ` ${t("btn.hit_party", { name: nameOf(a.seat) })}${what}`),
          a,
          `om-target-btn ${ownClass(a.seat)}`,
          t("btn.hit_party_title", { move: notation(a.text), name: nameOf(a.seat) }),
          { "data-seat": a.seat },
        ),
        a,
      );
    }
  } else if (g.hit.length) {
    const b = battleInfo(obs);
    const mine = partyOf(b, me);
    const n = mine ? mine.pending : 0;
    if (n > 0) say(t("prompt.took_hits", { hits: tn("hits", n) }));
    else {
      const hit = b ? b.parties.find((p) => p.sniped > 0 || p.pending > 0) : null;
      say(hit ? t("prompt.snipers_hit", { name: nameOf(hit.owner) }) : t("prompt.snipers_hit_any"));
    }
    for (const a of g.hit) {
      const u = a.unit;
      const kind = UNITS[u.toUpperCase()];
      const what = u === u.toUpperCase() && kind && kind.hp > 1 ? "damage" : "eliminate";
      add(
        button(ctx, t(`btn.hit.${what}`, { unit: unitName(u) }), a, what === "eliminate" ? "om-kill" : ""),
        a,
      );
    }
  } else if (obs.phase === "reinforce") {
    say(
      g.merge.length ? t("prompt.reinforce_merge") : t("prompt.reinforce"),
    );
  } else {
    say(t("prompt.decide"));
  }
  if (!hasAuction) {
    const clock = clockBox(view, ctx.mem);
    if (clock) bar.append(clock);
  }
  for (const a of g.merge) {
    const sq = a.square;
    const what = { unit: UNITS[a.unit].name, square: a.label || label(sq) };
    add(button(ctx, t("btn.merge", what), a), a);
  }
  if (g.done && !used.has(g.done.action))
    add(button(ctx, t("btn.done"), g.done, "btn-primary"), g.done);
  // Everything else that is legal still gets a button: no decision is unreachable.
  for (const a of g.all) {
    if (used.has(a.action) || targets.has(a.square) || a.kind === "tile") continue;
    add(button(ctx, notation(a.text), a), a);
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
    t("prompt.group", {
      square: map.label(origin),
      units: group.length ? group.map(unitName).join(", ") : t("no_units_yet"),
    }),
  );
  const counts = new Map();
  for (const a of g.take) counts.set(a.unit, a);
  const stack = (obs.stacks || []).find((s) => s.square === origin && s.owner === me);
  for (const a of g.take) {
    const free = stack ? stack.units.filter((u, i) => u === a.unit && !stack.moved[i]).length : 0;
    const taken = group.filter((u) => u === a.unit).length;
    add(button(ctx, t("btn.take", { unit: unitName(a.unit), n: free - taken }), a), a);
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
            title: t("btn.take_all_title"),
            onclick: () => {
              mem.queue = queue.slice(1);
              mem.queuePly = view.ply;
              ui.act(counts.get(queue[0]));
            },
          },
          t("btn.take_all", { n: queue.length }),
        ),
      );
    }
  }
  if (g.done) add(button(ctx, t("btn.start_walking"), g.done, "btn-primary"), g.done);
}

function waitingText(ctx) {
  const { view, obs, ui, players } = ctx;
  const two = players === 2 ? "two" : "all";
  const phase = PHASE_TEXT[obs.phase] || obs.phase;
  if (ui.replay) return t("wait.round", { n: obs.round || 0, phase });
  const who = seatOk(view.to_move) ? nameOf(view.to_move) : null;
  if (obs.phase === "setup") return t(`wait.setup.${two}`);
  if (["pregame", "purchase"].includes(obs.phase)) return t(`wait.purchase.${two}`);
  if (view.to_move === -1) {
    if (obs.phase === "battle") return t("wait.dice");
    if (obs.phase === "auction") return t("wait.cup");
    return t("wait.initiative");
  }
  if (who && seatOk(view.seat)) return t("wait.for", { name: who, phase });
  if (who) return t("wait.to_play", { name: who, phase });
  return t("wait.round", { n: obs.round, phase });
}

// ------------------------------------------------------------------ details
export function infoPanel(ctx) {
  const { obs, map, mem, at } = ctx;
  if (mem.sel === null || mem.sel === undefined) return null;
  const sq = mem.sel;
  const letter = (obs.terrain || [])[sq] || ".";
  const ter = TERRAIN[letter] || TERRAIN["."];
  const owner = (obs.control || [])[sq];
  const box = h("div", { class: "om-info" });
  box.append(h("h3", {}, `${map.label(sq)} · ${ter.name}`));
  const note = ter.note.charAt(0).toUpperCase() + ter.note.slice(1);
  const conquered = owner !== map.countryOf(sq) ? t("info.conquered") : "";
  box.append(
    h(
      "p",
      { class: "om-small" },
      `${note}. ${tn("info.worth", ter.points)} ${t("info.controlled", { name: NAMES[owner] ?? "?" })}${conquered}.`,
    ),
  );
  box.append(
    h(
      "p",
      { class: "om-small" },
      t("info.neighbours", { squares: map.neighbours(sq).map(map.label).join(", ") }),
    ),
  );
  if (ter.settlement && obs.phase !== "setup") {
    const lim = siegeLimit(obs, map, at, sq);
    const dragon = (n) => (at.get(n) || []).some((s) => s.owner < 0);
    const from = besiegers(obs, map, at, sq)
      .map((n) => (dragon(n) ? t("siege.dragon", { square: map.label(n) }) : map.label(n)))
      .join(", ");
    box.append(
      h(
        "p",
        { class: "om-small" },
        lim.level === 0
          ? t("siege.none")
          : lim.level === 1
            ? t("siege.partial", { from, n: lim.left })
            : t("siege.full", { from }),
      ),
    );
    const intruding = intruders(obs, at, sq)[0];
    if (intruding) {
      const key = !obs.controller_defends
        ? "intruder.info_old"
        : letter === "C"
          ? "intruder.info_castle"
          : "intruder.info";
      const units =
        intruding.count === 1 ? unitName(intruding.top) : tn("units", intruding.count);
      const params = { name: nameOf(intruding.owner), units, controller: NAMES[owner] ?? "?" };
      box.append(h("p", { class: "om-small om-intruder" }, t(key, params)));
    }
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
          unitChip(u, moved ? "om-unit-moved" : "", `${unitName(u)}${moved ? t("moved") : ""}`),
        );
      });
    } else {
      const rest = s.count > 1 ? t("info.hidden") : "";
      row.append(`${tn("units", s.count)}, ${t("top", { unit: unitName(s.top) })}${rest}`);
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
      t("own.summary", { n: total, stacks: tn("stacks", mine.length) }),
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
        t("own.pool", { units: KINDS.map((k, i) => `${obs.pool[i]} ${k}`).join(" · ") }),
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
      t(obs.initiative >= 0 ? "log.round_initiative" : "log.round", {
        n: obs.round,
        name: obs.initiative >= 0 ? nameOf(obs.initiative) : "",
        peace: obs.round === 1 ? t("log.peace") : "",
      }),
    );
  if ((obs.bought_count || []).some(Boolean) && obs.phase !== "pregame") {
    const seats = Array.from({ length: players }, (_, s) => s);
    items.push(
      t("log.bought", {
        counts: seats.map((s) => `${nameOf(s)} ${(obs.bought_count || [])[s] || 0}`).join(", "),
      }),
    );
  }
  for (const e of obs.entries || [])
    items.push(
      t("log.attacked", {
        name: nameOf(e[1]),
        square: label(e[0]),
        from: label(e[2]),
        units: tn("units", e[3]),
      }),
    );
  items.push(...(mem.log || []));
  const placed = (obs.placed_here || []).map((n, sq) => [n, sq]).filter(([n]) => n > 0);
  if (obs.phase === "reinforce" && placed.length)
    items.push(t("log.placed", { where: placed.map(([n, sq]) => `${n} → ${label(sq)}`).join(", ") }));
  if (obs.phase === "move" && seatOk(obs.move && obs.move.mover) && (obs.move.path || []).length) {
    items.push(
      t("log.moving", {
        name: nameOf(obs.move.mover),
        units: tn("units", obs.move.count),
        path: obs.move.path.map(label).join(" → "),
      }),
    );
  }
  if (!items.length) return null;
  const box = h("details", { class: "om-log", open: true });
  box.append(h("summary", {}, t("log.title", { phase: PHASE_TEXT[obs.phase] || obs.phase })));
  box.append(
    h(
      "ol",
      {},
      items.map((item) => h("li", {}, item)),
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
      t("log.moved", { name: nameOf(pm.mover), units: tn("units", pm.count), top: pm.top, route }),
    );
  }
  if (prev.phase === "move") {
    (obs.passed || []).forEach((p, i) => {
      if (p && !(prev.passed || [])[i]) mem.log.push(t("log.passed", { name: nameOf(i) }));
    });
  }
  // The auction's outcome, once it is over.
  const pa = prev.auction;
  if (pa && pa.lot && !obs.auction) {
    const name = (UNITS[kindLetter(pa.lot)] || { name: pa.lot }).name;
    mem.log.push(
      pa.bid > 0 && pa.bidder >= 0
        ? t("log.auction_sold", { name: nameOf(pa.bidder), unit: name, n: pa.bid })
        : t("log.auction_unsold", { unit: name }),
    );
  }
  battleStep(prev, obs, mem, map);
}

// ------------------------------------------------------------------ the legend
export function legend(ctx) {
  const { obs } = ctx;
  const box = h("details", { class: "om-legend" });
  box.append(h("summary", {}, t("legend.title")));
  const row = h("div", { class: "om-legend-row" });
  for (const l of ["C", "V", "F", "M", "L", "."]) {
    const ter = TERRAIN[l];
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
        `${ter.name} (${ter.points})`,
      ),
    );
  }
  box.append(row);
  box.append(
    h(
      "p",
      { class: "om-small" },
      t("legend.units", { units: KINDS.map((k) => `${k} ${UNITS[k].name}`).join(", ") }),
    ),
  );
  box.append(
    h(
      "p",
      { class: "om-small" },
      t("legend.specials", { units: SPECIALS.map((k) => `${k} ${UNITS[k].name}`).join(", ") }),
    ),
  );
  if (Array.isArray(obs.cup)) box.append(cupLine(obs));
  return box;
}
