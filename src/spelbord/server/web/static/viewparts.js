// The generic parts of a VIEW that the table and the replay pages share: seat names,
// the status line, the seat list and the move list. Game boards are the renderers' job.
import { h } from "/static/api.js";
import { formatNumber, listText, loadedGameTexts, t } from "/static/i18n.js";
import { shownNotation } from "/static/notation.js";

const CHANCE = -1;
const SIMULTANEOUS = -2;
const TERMINAL = -4;

/**
 * Display names per seat: the renderer's seat names (e.g. "Ivory (A)"), else the game's own
 * side names (``info.seat_names`` of /api/games: White and Black, South and North), else
 * "Seat n" counted from 1.
 */
export function seatNames(view, renderer, info = null) {
  const count = (view.seats || []).length;
  let names = null;
  if (renderer && typeof renderer.seatNames === "function") {
    try {
      names = renderer.seatNames(view);
    } catch {
      names = null;
    }
  }
  const sides = (info && info.seat_names) || [];
  return Array.from(
    { length: count },
    (_, i) => (names && names[i]) || sides[i] || t("seat.n", { n: i + 1 }),
  );
}

/**
 * The name a player chose for a seat, or null when the seat carries only its side's name
 * (or a default the server gave it, like the AI's).
 */
export function chosenName(view, seat, names, info = null) {
  const entry = (view.seats || []).find((s) => s.seat === seat);
  if (!entry || !entry.name || entry.kind === "ai") return null;
  const sides = new Set([names[seat], ...((info && info.seat_names) || [])]);
  const plain = /^(Seat|Player) \d+$/.test(entry.name);
  return sides.has(entry.name) || plain ? null : entry.name;
}

/** Who plays each seat as the page names them: "Ann (White)" where Ann chose a name. */
export function playerNames(view, names, info = null) {
  return names.map((side, seat) => {
    const chosen = chosenName(view, seat, names, info);
    return chosen ? `${chosen} (${side})` : side;
  });
}

/** AI budgets the lobby offered before the levels (tables made then still show them). */
const BUDGETS = [
  [/^random$/, "level.random"],
  [/:200it$/, "level.easy"],
  [/:0\.5s$/, "level.medium"],
  [/:2s$/, "level.hard"],
  [/:5s$/, "level.master"],
];

/**
 * The name of an AI seat's level: ``level:hard`` is "Hard"; a spec that a level of the
 * game plays as (``info.levels`` of /api/games, e.g. Omringad's "portfolio:1s") is that
 * level; else an older lobby budget's name, else the agent spec itself.
 */
export function agentLevel(agent, info = null) {
  const spec = String(agent || "");
  const level = /^level:(\w+)$/.exec(spec);
  if (level) return t(`level.${level[1]}`);
  const table = (info && info.levels) || {};
  for (const [name, played] of Object.entries(table)) if (played === spec) return t(`level.${name}`);
  for (const [pattern, key] of BUDGETS) if (pattern.test(spec)) return t(key);
  return spec || t("level.computer");
}

/** Who a seat is: "you", the player's name, "at this screen", or the AI and its level
(``info``: the game's entry of /api/games, for its level table). */
export function seatOccupant(view, entry, info = null) {
  if (entry.seat === view.seat) return t("seat.you");
  if (entry.kind === "ai") return `${t("seat.ai")} · ${agentLevel(entry.agent, info)}`;
  // an imported game's seat, or any seat in a replay: no one sits there now
  if (!entry.claimed && (view.status === "finished" || view.replay)) return "";
  if (!entry.claimed) return entry.kind === "invite" ? t("seat.invited") : t("seat.free");
  // A name the server gave by default ("Player 2", a side's English name) is not shown:
  // a seat at this screen says so, any other seat is a player.
  const chosen = chosenName(view, entry.seat, [], info);
  return chosen || t(entry.kind === "local" ? "seat.here" : "seat.player");
}

/** The winners of a finished game (seats with the highest return), or [] for a draw. */
export function winners(result) {
  const returns = (result && result.returns) || [];
  if (!returns.length) return [];
  const best = Math.max(...returns);
  const top = returns.map((r, i) => [r, i]).filter(([r]) => r === best).map(([, i]) => i);
  return top.length === returns.length ? [] : top;
}

/**
 * " · rules vN" when a table (or lobby summary) is played under rules version N that is
 * not its game's newest (``info``: the game's entry of /api/games); else "".
 */
export function rulesNote(version, info) {
  if (!Number.isInteger(version) || !info || version === info.version) return "";
  return ` · ${t("rules.version", { n: version })}`;
}

/**
 * Point the top bar's rules link at ``game``'s rules: "Rules for <title>" on a wider
 * screen, "Rules" where a phone's one-line bar has no room (CSS shows one of the two).
 */
export function pointRulesLink(link, game, title) {
  link.href = `/rules/${encodeURIComponent(game)}`;
  link.replaceChildren(
    h("span", { class: "wide-only" }, t("nav.rules_of", { title })),
    h("span", { class: "narrow-only" }, t("nav.rules")),
  );
}

/**
 * Why a game ended, in the page's language: the game's own words for its termination
 * (``end.<termination>`` in its catalogue, ``{names}`` the seats of ``result.by``), else
 * the platform's (resign, abandoned, ...); "" when neither has words for it.
 */
function endReason(result, name, gt) {
  const key = `end.${result.termination}`;
  const say = gt || t;
  const template = say(key);
  if (template === key) return "";
  // a two-seat result has no ``by``: who resigned is who lost
  const lost = (result.returns || []).map((r, s) => [r, s]).filter(([r]) => r < 0).map(([, s]) => s);
  const seats = result.by || (result.termination === "resign" && lost.length === 1 ? lost : []);
  const by = seats.map(name);
  if (template.includes("{names}") && !by.length) return ""; // stored before ``by`` was
  return say(key, { names: listText(by) });
}

/**
 * A finished game's result in words: "You and Azure (D) win: Azure (D) reached the
 * target", "White wins: every enemy piece captured (1-0)", "Draw: the same position for
 * the third time (1/2-1/2)". ``names``: the seats' names; ``viewer``: the seat called "You" (or null);
 * ``game``: the game whose catalogue names its endings (loaded with its renderer).
 */
export function resultText(result, names, viewer = null, game = null) {
  const won = winners(result);
  const name = (s) => (s === viewer ? t("status.you") : names[s] ?? t("seat.n", { n: s + 1 }));
  const why = endReason(result, name, game ? loadedGameTexts(game) : null);
  let said;
  if (!won.length) said = t("status.draw");
  else {
    const who = listText(won.map(name));
    const drawn = won.every((s) => result.returns[s] === 0);
    const one = won.length === 1 && won[0] !== viewer;
    said = drawn ? t("status.drawn", { names: who }) : t(one ? "status.wins" : "status.win", { names: who });
  }
  const words = why ? t("status.result_why", { result: said, why }) : said;
  // two seats: the score as every record has it, "1-0", "0-1" or "1/2-1/2"
  const score = /^(1-0|0-1|1\/2-1\/2)$/.test(result.text || "") ? ` (${result.text})` : "";
  return words + score;
}

/**
 * " · not rated: ..." when the server moved for a seat in this game (the result's
 * ``irregular``: its AI failed, gave no answer or an illegal one, or its clock ran out);
 * else "". Such a result never counts for ratings.
 */
export function irregularNote(result, names) {
  const irr = result && result.irregular;
  if (!irr) return "";
  const why = t(`irregular.${irr.reason}`);
  // The move list numbers moves from 1: ply p is move p + 1.
  return ` · ${t("status.irregular", { name: names[irr.seat] ?? String(irr.seat), ply: irr.ply + 1, why })}`;
}

/** One line saying what is happening: the result, whose turn, or who we wait for. */
export function statusText(view, names) {
  if (view.result) {
    const text = resultText(view.result, names, view.seat ?? null, view.game);
    return `${text}${irregularNote(view.result, names)}`;
  }
  if (view.status === "waiting") return t("status.waiting");
  if (view.your_turn) return t("status.your_move");
  if (view.to_move === CHANCE) return t("status.chance");
  if (view.to_move === SIMULTANEOUS) return t("status.simultaneous");
  if (view.to_move === TERMINAL) return t("status.over");
  const entry = (view.seats || []).find((s) => s.seat === view.to_move);
  // a replay shows a position of the past: nobody is thinking there
  const thinking = entry && entry.kind === "ai" && !view.replay;
  const name = names[view.to_move] ?? "?";
  const waiting = (view.ai || []).find((a) => a.seat === view.to_move && a.line > 0);
  if (thinking && waiting) return t("status.in_line", { name, n: waiting.line });
  return t(thinking ? "status.thinking" : "status.to_move", { name });
}

// ---------------------------------------------------------------- decision clocks
/**
 * When each running clock of a VIEW runs out, in this page's ``performance.now()``
 * milliseconds, by seat. ``receivedAt``: when the view arrived. The server's
 * ``remaining`` seconds are used (the local clock may be off); ``deadline`` (epoch ms)
 * only when a view lacks them.
 */
export function clockEnds(view, receivedAt = performance.now()) {
  const ends = new Map();
  const clocks = view.clocks || (view.clock ? [view.clock] : []);
  for (const clock of clocks) {
    const left =
      typeof clock.remaining === "number" ? clock.remaining * 1000 : clock.deadline - Date.now();
    ends.set(clock.seat, { end: receivedAt + Math.max(0, left), seconds: clock.seconds });
  }
  return ends;
}

/** Seconds left as shown: tenths under ten seconds (in the page's language's numbers),
 * whole seconds above. */
export function clockText(ms) {
  const s = Math.max(0, ms) / 1000;
  return s < 10 ? formatNumber(s, 1) : String(Math.ceil(s));
}

/** Update every countdown on the page (call it a few times a second). */
export function tickClocks(root = document) {
  const now = performance.now();
  for (const el of root.querySelectorAll(".seat-clock[data-end]")) {
    const left = Number(el.dataset.end) - now;
    const total = Number(el.dataset.seconds) * 1000 || 1;
    el.querySelector(".seat-clock-time").textContent = clockText(left);
    el.dataset.urgent = left < Math.min(3000, total / 3) ? "1" : "0";
    el.style.setProperty("--left", String(Math.max(0, Math.min(1, left / total))));
  }
}

function clockBadge(clock) {
  const badge = h(
    "span",
    {
      class: "seat-clock",
      title: t("clock.title"),
      dataset: { end: String(clock.end), seconds: String(clock.seconds) },
    },
    h("span", { class: "seat-clock-time" }, clockText(clock.end - performance.now())),
  );
  tickClocks(h("div", {}, badge));
  return badge;
}

/**
 * Fill the seat list: colour swatch, name, who sits there, its decision clock if one runs
 * (``ends`` from ``clockEnds``), connection dot, turn marker; ``onClaim(seat)`` offers free
 * open seats to the viewer; ``info``: the game's entry of /api/games (AI level names).
 */
export function drawSeats(list, view, names, onClaim = null, ends = null, info = null) {
  list.replaceChildren(
    ...(view.seats || []).map((entry) =>
      h(
        "li",
        {
          class: [
            "seat",
            entry.seat === view.to_move && !view.result ? "seat-to-move" : "",
            entry.seat === view.seat ? "seat-mine" : "",
          ].join(" "),
          dataset: { seat: entry.seat },
        },
        h("i", { class: `seat-dot seat-swatch-${entry.seat}` }),
        h("span", { class: "seat-title", dataset: { toMove: t("seat.to_move") } }, names[entry.seat]),
        // who sits there, the clock and presence wrap to a line of their own together
        h(
          "span",
          { class: "seat-state" },
          h("span", { class: "seat-who muted" }, seatOccupant(view, entry, info)),
          h(
            "span",
            { class: "seat-clock-slot" },
            ends && ends.has(entry.seat) && !view.result ? clockBadge(ends.get(entry.seat)) : null,
          ),
          onClaim && entry.kind === "open" && !entry.claimed
          ? h(
              "button",
              { type: "button", class: "btn btn-small btn-primary sit", onclick: () => onClaim(entry.seat) },
              t("seat.sit"),
            )
          : entry.kind === "ai"
          ? h("span", { class: "badge" }, t("seat.ai"))
          : h("i", {
              class: `online ${entry.connected ? "online-yes" : ""}`,
              title: entry.connected ? t("seat.connected") : t("seat.not_connected"),
            }),
        ),
      ),
    ),
  );
}

/** A move entry's text with seat names: a joint action names each seat's part
 * (``game``: whose words the notation uses, see ``partText``). */
export function moveText(move, names, game = null) {
  if (!move) return "";
  if (!Array.isArray(move.parts)) return partText(move, game);
  return move.parts
    .map((part) => `${names[part.seat] ?? t("seat.n", { n: part.seat + 1 })}: ${partText(part, game)}`)
    .join("; ");
}

/** The server's English suffix of a visible move the clock played (views.TIME_SUFFIX). */
const TIME_SUFFIX = " (time)";

/**
 * One move (or part of a joint action) in the page's language: a hidden move or chance
 * outcome by its ``kind`` ("moves.hidden", "moves.chance"), the clock's `` (time)`` as
 * "moves.time"; the game's own notation with the words ``game``'s catalogue translates
 * (``shownNotation``: "buy G" is "köp G" in Swedish), squares and symbols as sent; without
 * ``game`` the notation stays as the server sent it.
 */
export function partText(part, game = null) {
  if (!part) return "";
  const timed = part.timeout ? ` ${t("moves.time")}` : "";
  if (part.kind === "hidden" || part.kind === "chance") return `${t(`moves.${part.kind}`)}${timed}`;
  const text = String(part.text ?? "");
  const notation = part.timeout && text.endsWith(TIME_SUFFIX) ? text.slice(0, -TIME_SUFFIX.length) : text;
  return `${shownNotation(notation, game)}${timed}`;
}

/**
 * The seat whose turn a chance outcome serves. Between two decisions of one seat it is
 * that seat's (a reveal after a shot, then the next shot). In a run of outcomes between
 * two seats' decisions the last one opens the next seat's turn (its roll, the coin or
 * initiative before its choice) and the earlier ones close the previous turn (what its
 * shots revealed); outcomes before any decision open the first turn, those after the last
 * close it.
 */
function chanceSeat(moves, index) {
  const decides = (move) => move.seat !== CHANCE || Array.isArray(move.parts);
  let next = index + 1;
  while (next < moves.length && !decides(moves[next])) next++;
  let prev = index - 1;
  while (prev >= 0 && !decides(moves[prev])) prev--;
  const after = next < moves.length ? moves[next].seat : null;
  const before = prev >= 0 ? moves[prev].seat : null;
  if (before === null) return after ?? CHANCE;
  if (after === null || after === before) return before;
  return index === next - 1 ? after : before;
}

/** The parts of an entry that say something: a seat that had nothing to do ("wait" at a
 * simultaneous step where it has finished) is left out of the score sheet. */
function sayingParts(move) {
  const parts = move.parts.filter((part) => part.text !== "wait");
  return parts.length ? parts : move.parts;
}

/**
 * The score sheet's rows, one per turn: a seat's whole chain of small decisions (a move
 * and its steps, a roll and what it moved, shots and what they revealed), a simultaneous
 * step of every seat at once (Gunst's round, a phase of Omringad's simultaneous choices:
 * consecutive joint entries are one turn), the chance outcomes folded into the turn they
 * serve. Each row: ``first``..``index`` are the entries (plies) it covers, ``seat`` whose
 * turn it is (``SIMULTANEOUS`` for a joint one), ``steps`` the entries' texts in order
 * (``{seat, text, chance, hidden}``), ``number`` the turn counted from 1: the number the
 * replay's counter shows for a position inside it. ``game``: whose words the steps' notation
 * is shown in (``partText``).
 *
 * >>> turnRows([{seat: -1, text: "roll 4"}, {seat: 0, text: "c4-c7"}, {seat: 1, text: "d2-d3"}])
 * [{number: 1, seat: 0, first: 0, index: 1, ...}, {number: 2, seat: 1, first: 2, index: 2, ...}]
 */
export function turnRows(moves, game = null) {
  const rows = [];
  const list = moves || [];
  list.forEach((move, index) => {
    const joint = Array.isArray(move.parts);
    const seat = joint ? SIMULTANEOUS : move.seat === CHANCE ? chanceSeat(list, index) : move.seat;
    let row = rows[rows.length - 1];
    if (!row || row.seat !== seat) {
      row = { seat, first: index, index, steps: [], number: rows.length + 1 };
      rows.push(row);
    }
    row.index = index;
    if (joint) {
      for (const part of sayingParts(move)) {
        row.steps.push({
          seat: part.seat,
          text: partText(part, game),
          hidden: Boolean(part.hidden),
          marks: part.marks || [],
        });
      }
    } else {
      row.steps.push({
        seat: move.seat,
        text: partText(move, game),
        chance: move.seat === CHANCE,
        hidden: Boolean(move.hidden),
        marks: move.marks || [],
      });
    }
  });
  return rows;
}

/** The row (turn) that holds entry ``at`` (0-based), or null. */
export function rowOf(rows, at) {
  return rows.find((row) => row.first <= at && at <= row.index) || null;
}

/** A turn in words: its steps in order, each seat's part named at a simultaneous turn. */
export function turnText(row, names) {
  if (!row) return "";
  if (row.seat !== SIMULTANEOUS) return row.steps.map((s) => s.text).join(", ");
  const seats = [...new Set(row.steps.map((s) => s.seat))];
  return seats
    .map((seat) => {
      const said = row.steps.filter((s) => s.seat === seat).map((s) => s.text).join(", ");
      return `${names[seat] ?? t("seat.n", { n: seat + 1 })}: ${said}`;
    })
    .join("; ");
}

/**
 * A move's mark (``marks`` of its entry: the game's name of what the move brought about,
 * a capture, a battle): the game's sign for it (``mark.<name>.symbol`` in its catalogue),
 * an image to screen readers whose name is the mark's words (``mark.<name>``), shown as
 * its title too.
 */
export function markSpan(mark, game = null) {
  const say = (game && loadedGameTexts(game)) || t;
  const words = say(`mark.${mark}`);
  const label = words === `mark.${mark}` ? mark.replace(/_/g, " ") : words;
  const sign = say(`mark.${mark}.symbol`);
  return h(
    "span",
    { class: "move-mark", role: "img", "aria-label": label, title: label, dataset: { mark } },
    sign === `mark.${mark}.symbol` ? "•" : sign,
  );
}

function stepSpan(step, game) {
  const cls = ["move-step"];
  if (step.chance) cls.push("move-chance", "muted");
  if (step.hidden) cls.push("move-hidden");
  if (step.marks && step.marks.length) cls.push("move-marked");
  return h("span", { class: cls.join(" ") }, step.text, ...(step.marks || []).map((m) => markSpan(m, game)));
}

/**
 * Fill the move list, one row per turn (``turnRows``): the turn's number, whose turn it
 * is, and its steps as words that wrap only between words; at a simultaneous turn one line
 * per seat. ``current`` is the number of entries shown on the board (the replay marks the
 * turn holding entry ``current - 1``); ``onPick(n)`` makes the rows clickable and shows
 * the position after ``n`` entries (the end of the turn); ``game``: whose catalogue names
 * the moves' marks (``markSpan``) and the words of its notation (``partText``).
 */
export function drawMoves(list, moves, names, { current = null, onPick = null, game = null } = {}) {
  const step = (s) => stepSpan(s, game);
  list.replaceChildren(
    ...turnRows(moves, game).map((row) => {
      const joint = row.seat === SIMULTANEOUS;
      let body;
      if (joint) {
        const seats = [...new Set(row.steps.map((s) => s.seat))];
        body = seats.map((seat) =>
          h(
            "span",
            { class: "move-part", title: names[seat] || "" },
            h("i", { class: `seat-dot seat-swatch-${seat}` }),
            h(
              "span",
              { class: "move-text" },
              ...row.steps.filter((s) => s.seat === seat).map(step),
            ),
          ),
        );
      } else {
        body = [
          h("i", { class: `seat-dot seat-swatch-${row.seat}`, title: names[row.seat] || "" }),
          h("span", { class: "move-text" }, ...row.steps.map(step)),
        ];
      }
      const item = h(
        "li",
        {
          class: joint ? "move move-joint" : "move",
          dataset: { index: row.index, first: row.first, number: row.number },
          title: turnText(row, names),
        },
        h("span", { class: "move-num" }, `${row.number}.`),
        ...body,
      );
      if (onPick) item.addEventListener("click", () => onPick(row.index + 1));
      return item;
    }),
  );
  if (!list.children.length) list.append(h("li", { class: "empty muted" }, t("moves.none")));
  markMove(list, current);
}

/**
 * Highlight the turn that led to the position after ``current`` entries (none at the start
 * or when ``current`` is null) and scroll the list to it; at the start (0) to the top, when
 * ``current`` is null (the live table) to the latest turn.
 */
export function markMove(list, current) {
  for (const item of list.querySelectorAll(".move-current")) item.classList.remove("move-current");
  const at = current ? current - 1 : null;
  const entry =
    at === null
      ? null
      : [...list.querySelectorAll("li.move")].find(
          (li) => Number(li.dataset.first) <= at && at <= Number(li.dataset.index),
        ) || null;
  if (entry) entry.classList.add("move-current");
  const box = list.parentElement;
  if (current === 0 && box) {
    box.scrollTop = 0; // the start position: the list from its beginning
    return;
  }
  const mark = entry || list.lastElementChild;
  if (mark && box && box.scrollHeight > box.clientHeight) {
    const at = mark.getBoundingClientRect();
    const view = box.getBoundingClientRect();
    box.scrollTop += at.top - view.top - (box.clientHeight - at.height) / 2;
  }
}
