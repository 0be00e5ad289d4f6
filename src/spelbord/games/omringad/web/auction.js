// The auction of a special unit (R100-R105): the lot drawn from the cup, what is still in
// the cup, the standing bid and its bidder, who is out, the bids in order, the bid clock of
// the seat to act (view.clock), and for the seat to act quick bids, a stepper and pass.
// The winner's placement is played on the board: its legal squares glow there.

import { h } from "/static/kit.js";
import { seatOk } from "./dom.js";
import { notation, t, tn } from "./texts.js";
import { KIND_OF_NAME, NAMES, SPECIALS, UNITS, kindLetter, nameOf, ownClass } from "./units.js";

/** The name of a kind name of the observation, with its letter: "dragon (Z)". */
const lotName = (kind) => {
  const code = kindLetter(kind);
  return `${(UNITS[code] || { name: kind }).name} (${code})`;
};

/** A special unit as a badge: its letter in gold and its name. */
function specialBadge(kind, extra = "") {
  const code = kindLetter(kind);
  const u = UNITS[code] || { name: kind };
  return h(
    "span",
    { class: `om-special-badge ${extra}`, title: u.note || u.name, "data-kind": kind },
    h("b", {}, code),
    ` ${u.name}`,
  );
}

/** The special units still in the cup (R100), in the cup's order. */
export function cupLine(obs) {
  const cup = obs.cup || [];
  const sorted = [...cup].sort(
    (a, b) => SPECIALS.indexOf(KIND_OF_NAME[a]) - SPECIALS.indexOf(KIND_OF_NAME[b]),
  );
  return h(
    "div",
    { class: "om-cup", "data-count": cup.length },
    h("span", { class: "om-small" }, t("cup.title", { n: cup.length })),
    sorted.length
      ? sorted.map((k) => specialBadge(k, "om-cup-item"))
      : h("span", { class: "muted" }, t("cup.empty")),
  );
}

/** When each VIEW arrived here (``performance.now()``): its clocks count from then. */
const received = new WeakMap();

/**
 * The running clock to show: of the seat to bid, else the viewer's, else the first one.
 * The server sends ``clock`` and ``clocks`` ({seat, seconds, deadline in epoch ms,
 * remaining}); like the table page, the ``remaining`` seconds count (the local clock may be
 * off), the ``deadline`` only when they are missing.
 */
function runningClock(view) {
  const clocks = (view.clocks || (view.clock ? [view.clock] : [])).filter(Boolean);
  if (!clocks.length) return null;
  const au = (view.observation || {}).auction;
  const toAct = au && seatOk(au.to_act) ? au.to_act : view.seat;
  const clock = clocks.find((c) => c.seat === toAct) || clocks[0];
  if (!received.has(view)) received.set(view, performance.now());
  const left =
    typeof clock.remaining === "number"
      ? clock.remaining * 1000
      : Number(clock.deadline) - Date.now();
  if (!Number.isFinite(left)) return null;
  return {
    seat: clock.seat,
    seconds: Number(clock.seconds) || 10,
    end: received.get(view) + Math.max(0, left),
  };
}

/**
 * The countdown of the running decision clock: the seat's name, the seconds left and a
 * bar, ticking until the time is up; null without a clock.
 */
export function clockBox(view, mem) {
  const clock = runningClock(view);
  if (!clock) return null;
  const text = h("span", { class: "om-clock-text" });
  const fill = h("span", { class: "om-clock-fill" });
  const you = seatOk(view.seat) && view.seat === clock.seat;
  const bidding = (view.observation || {}).phase === "auction";
  const what = bidding ? "clock.bid" : "clock.decide";
  const box = h(
    "div",
    { class: `om-clock${you ? " om-clock-you" : ""}`, "data-seat": clock.seat, role: "timer" },
    text,
    h("span", { class: "om-clock-bar" }, fill),
  );
  const tick = () => {
    const left = Math.max(0, (clock.end - performance.now()) / 1000);
    const params = { name: nameOf(clock.seat), n: Math.ceil(left) };
    text.textContent = t(`${what}${you ? ".you" : ""}`, params);
    fill.style.width = `${Math.min(100, (100 * left) / clock.seconds)}%`;
    box.classList.toggle("om-clock-low", left <= 3);
    box.dataset.left = String(Math.ceil(left));
    return left > 0;
  };
  tick();
  const timer = setInterval(() => {
    if (!box.isConnected || !tick()) clearInterval(timer);
  }, 250);
  mem.timers.push(timer);
  return box;
}

/** The amounts of the quick bids: the least, one and five more, and everything. */
function quickAmounts(amounts) {
  const min = amounts[0];
  const max = amounts[amounts.length - 1];
  const want = [min, min + 4, max];
  return [...new Set(want)].filter((n) => amounts.includes(n));
}

/**
 * One line: a compact stepper over the legal amounts with its bid button, a few quick bids
 * (the stepper's own amount is not repeated) and pass.
 */
function bidControls(ctx, act) {
  const { g, mem, view } = ctx;
  const bids = g.bid;
  const amounts = bids.map((a) => a.amount);
  const byAmount = new Map(bids.map((a) => [a.amount, a]));
  const box = h("div", { class: "om-bid-controls", "data-decision": "bid" });
  if (bids.length) {
    if (mem.bidPly !== view.ply || !byAmount.has(mem.bidAmount)) {
      mem.bidPly = view.ply;
      mem.bidAmount = amounts[0];
    }
    const input = h("input", {
      type: "number",
      class: "om-bid-input",
      min: amounts[0],
      max: amounts[amounts.length - 1],
      step: 1,
      value: mem.bidAmount,
      inputmode: "numeric",
      "aria-label": t("bid.input"),
    });
    const go = h("button", { type: "button", class: "btn btn-small btn-primary om-bid-go" });
    const setAmount = (n) => {
      const target = Number.isFinite(n) ? n : amounts[0];
      // The nearest legal amount (the legal bids are every amount from the least to the gold).
      let best = amounts[0];
      for (const m of amounts) if (Math.abs(m - target) < Math.abs(best - target)) best = m;
      mem.bidAmount = best;
      input.value = String(best);
      const a = byAmount.get(best);
      go.dataset.action = String(a.action);
      go.dataset.amount = String(best);
      go.textContent = t("bid.go", { n: best });
      go.title = notation(a.text);
    };
    const stepBy = (d) => {
      const i = amounts.indexOf(mem.bidAmount);
      setAmount(amounts[Math.max(0, Math.min(amounts.length - 1, i + d))]);
    };
    input.addEventListener("change", () => setAmount(Number(input.value)));
    input.addEventListener("keydown", (e) => {
      if (e.key !== "Enter") return;
      e.preventDefault();
      setAmount(Number(input.value));
      act(byAmount.get(mem.bidAmount));
    });
    go.addEventListener("click", () => {
      setAmount(Number(input.value));
      act(byAmount.get(mem.bidAmount));
    });
    setAmount(mem.bidAmount);
    const step = (cls, title, text, d) =>
      h("button", { type: "button", class: `btn btn-small ${cls}`, title, onclick: () => stepBy(d) }, text);
    box.append(
      h(
        "span",
        { class: "om-stepper" },
        step("om-step-down", t("bid.less"), "−", -1),
        input,
        step("om-step-up", t("bid.more"), "+", 1),
      ),
      go,
    );
    const quick = h("span", { class: "om-quick-bids" });
    for (const n of quickAmounts(amounts)) {
      if (n === amounts[0]) continue; // the stepper's button offers it already
      const a = byAmount.get(n);
      const all = n === amounts[amounts.length - 1] && amounts.length > 1;
      quick.append(
        h(
          "button",
          {
            type: "button",
            class: "btn btn-small om-bid",
            "data-action": a.action,
            "data-amount": n,
            title: t("bid.quick_title", { move: notation(a.text), n }),
            onclick: () => act(a),
          },
          all ? t("bid.all_in", { n }) : String(n),
        ),
      );
    }
    if (quick.childElementCount) box.append(quick);
  }
  if (g.pass)
    box.append(
      h(
        "button",
        {
          type: "button",
          class: "btn btn-small om-pass",
          "data-action": g.pass.action,
          title: t("bid.pass_title"),
          onclick: () => act(g.pass),
        },
        t("bid.pass"),
      ),
    );
  return box;
}

/** The auction panel (null outside the auction); ``used`` collects the actions it offers. */
export function auctionPanel(ctx, act, used) {
  const { view, obs, g } = ctx;
  const au = obs.auction;
  if (!au) return null;
  const box = h("section", { class: "om-auction", "data-lot": au.lot || "" });
  box.append(h("h3", {}, t("auction.title")));
  if (au.lot) {
    const code = kindLetter(au.lot);
    const u = UNITS[code] || { name: au.lot };
    box.append(
      h(
        "div",
        { class: "om-lot" },
        h("span", { class: `om-lot-icon${code === "Z" ? " om-lot-dragon" : ""}` }, code),
        h(
          "div",
          {},
          h("strong", {}, t(seatOk(au.winner) ? "auction.sold" : "auction.up", { unit: u.name })),
          u.note ? h("div", { class: "om-small" }, u.note) : null,
        ),
      ),
    );
  } else {
    box.append(h("p", { class: "om-small" }, t("wait.cup")));
  }
  const standing = au.bid > 0 && seatOk(au.bidder);
  box.append(
    h(
      "p",
      { class: "om-standing", "data-bid": au.bid, "data-bidder": au.bidder },
      standing ? t("auction.standing", { n: au.bid, name: nameOf(au.bidder) }) : t("auction.no_bid"),
    ),
  );
  const clock = clockBox(view, ctx.mem);
  if (clock) box.append(clock);
  // The decision right under the lot and the clock: no scrolling while the clock runs.
  if (g.bid.length || g.pass) {
    box.append(bidControls(ctx, act));
    for (const a of g.bid) used.add(a.action);
    if (g.pass) used.add(g.pass.action);
  }
  // Every bidder: gold, out or in, the standing bid, whose turn.
  const gold = obs.gold || [];
  const rows = h("div", { class: "om-bidders" });
  for (let seat = 0; seat < ctx.players; seat++) {
    const out = Boolean((au.out || [])[seat]);
    const state = seatOk(au.winner)
      ? seat === au.winner
        ? "won"
        : "lost"
      : out
        ? "out"
        : seat === au.to_act
          ? "to bid"
          : seat === au.bidder
            ? "high bid"
            : "in";
    rows.append(
      h(
        "span",
        {
          class: `om-bidder ${ownClass(seat)} om-bidder-${state.replace(" ", "-")}`,
          "data-seat": seat,
          "data-state": state,
        },
        h("span", { class: "om-chip" }),
        ` ${NAMES[seat]}${seat === view.seat ? t("you_suffix") : ""}: ${t("stat.gold", { n: gold[seat] ?? 0 })} · ${t(`bidder.${state.replace(" ", "_")}`)}`,
      ),
    );
  }
  box.append(rows);
  const bids = au.bids || [];
  if (bids.length)
    box.append(
      h(
        "ol",
        { class: "om-bids" },
        bids.map(([seat, amount]) =>
          h(
            "li",
            { class: ownClass(seat) },
            amount > 0
              ? t("auction.bids", { name: nameOf(seat), n: amount })
              : t("auction.passes", { name: nameOf(seat) }),
          ),
        ),
      ),
    );
  if (seatOk(au.winner)) {
    const price = au.bid > 0 ? t("auction.price", { n: au.bid }) : "";
    const what = au.lot ? lotName(au.lot) : t("unit");
    const where =
      au.winner === view.seat && (au.places || []).length
        ? t("auction.where", { squares: tn("squares", au.places.length) })
        : t("auction.placing");
    box.append(
      h("p", { class: "om-won" }, t("auction.won", { name: nameOf(au.winner), unit: what, price, where })),
    );
  }
  box.append(cupLine(obs));
  return box;
}
