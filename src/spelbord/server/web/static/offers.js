// Draw offers, takebacks and rematches on the table page (docs/time-controls.md,
// "Draws, takebacks and rematches"). The VIEW's ``offers`` says what stands and what this
// seat may do (``can``); the buttons post to /api/tables/{id}/{draw,takeback,rematch}
// and the server answers with the new view (or a 4xx whose message is shown).
// An offer made to this seat shows as a bar with Accept and Decline: in the side panel on
// a wide screen, held at the window's foot on a phone (it never moves the board).
import { api, h, saveToken, toast, tokensFor } from "/static/api.js";
import { listText, t } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);

/**
 * Draw the offer buttons (in ``controls``) and the bar of an offer (``#offer-bar``) for
 * ``view``. ``ctx``: ``{table, token, names, onView(view)}``; ``previous``: the view shown
 * before (a rematch made since then takes this browser to the new table).
 */
export function drawOffers(view, previous, ctx) {
  const offers = view.offers || { can: {} };
  const can = offers.can || {};
  const seat = view.seat;
  const mine = seat !== null && seat !== undefined;
  const running = view.status === "running";
  const has = offers.table || {};
  setButton("offer-draw", mine && running && has.draw, can.draw, () => send(ctx, "draw", "offer"));
  setButton("offer-takeback", mine && running && has.takeback, can.takeback, () =>
    send(ctx, "takeback", "offer"),
  );
  setButton("offer-rematch", mine && view.status === "finished" && !offers.rematch_table, can.rematch, () =>
    send(ctx, "rematch", "offer"),
  );
  const go = $("rematch-link");
  go.hidden = !offers.rematch_table;
  if (offers.rematch_table) go.href = `/table/${encodeURIComponent(offers.rematch_table)}`;
  drawBar(view, offers, ctx);
  const before = previous && previous.table === view.table ? previous.offers || {} : null;
  if (mine && offers.rematch_table && before && !before.rematch_table) {
    followRematch(view.table, offers.rematch_table);
  }
}

/** A button shown when ``show``, enabled when ``enabled`` (the server says why not). */
function setButton(id, show, enabled, onclick) {
  const button = $(id);
  button.hidden = !show;
  button.disabled = !enabled;
  button.onclick = enabled ? onclick : null;
}

/** The bar of the offer that stands: incoming (accept, decline) or our own (waiting). */
function drawBar(view, offers, ctx) {
  const bar = $("offer-bar");
  const seat = view.seat;
  const name = (s) => (s === seat ? t("status.you") : ctx.names[s] ?? t("seat.n", { n: s + 1 }));
  let text = "";
  let answer = null;
  if (offers.draw && view.status === "running") {
    const d = offers.draw;
    if (d.by === seat) text = t("offer.draw_out", { names: listText(d.waiting.map(name)) });
    else if ((d.accepted || []).includes(seat))
      text = t("offer.accepted_wait", { names: listText(d.waiting.map(name)) });
    else if (d.waiting.includes(seat)) {
      text = t("offer.draw_in", { name: name(d.by) });
      answer = "draw";
    }
  } else if (offers.takeback && view.status === "running") {
    const by = offers.takeback.by;
    if (by === seat) text = t("offer.takeback_out");
    else if (seat !== null && seat !== undefined) {
      text = t("offer.takeback_in", { name: name(by) });
      answer = "takeback";
    }
  } else if (offers.rematch && !offers.rematch_table) {
    const r = offers.rematch;
    if (r.by.includes(seat)) text = t("offer.rematch_out", { names: listText(r.waiting.map(name)) });
    else if (r.waiting.includes(seat)) {
      const key = (view.seats || []).length > 2 ? "offer.rematch_in_many" : "offer.rematch_in";
      text = t(key, { name: listText(r.by.map(name)) });
      answer = "rematch";
    }
  }
  if (!text) {
    bar.hidden = true;
    bar.replaceChildren();
    document.body.removeAttribute("data-offer");
    return;
  }
  const children = [h("span", { class: "offer-text" }, text)];
  if (answer) {
    children.push(
      h(
        "span",
        { class: "offer-buttons" },
        h(
          "button",
          { type: "button", class: "btn btn-primary", id: "offer-accept", onclick: () => send(ctx, answer, "accept") },
          t("btn.accept"),
        ),
        h(
          "button",
          { type: "button", class: "btn", id: "offer-decline", onclick: () => send(ctx, answer, "decline") },
          t("btn.decline"),
        ),
      ),
    );
  }
  bar.replaceChildren(...children);
  bar.dataset.kind = answer ? "in" : "out";
  bar.hidden = false;
  document.body.dataset.offer = answer ? "in" : "out";
}

async function send(ctx, what, doing) {
  try {
    const next = await api(`/api/tables/${encodeURIComponent(ctx.table)}/${what}`, {
      method: "POST",
      body: { token: ctx.token, do: doing },
    });
    await ctx.onView(next);
  } catch (err) {
    toast(err.message);
  }
}

/**
 * The rematch is made: each token this browser holds for the old table holds a seat of
 * the new one (the seats moved on); learn which, keep the tokens under the new table, and
 * go there.
 */
async function followRematch(oldTable, newTable) {
  const tokens = tokensFor(oldTable);
  for (const token of Object.values(tokens)) {
    try {
      const seen = await api(
        `/api/tables/${encodeURIComponent(newTable)}/view?token=${encodeURIComponent(token)}`,
      );
      if (Number.isInteger(seen.seat)) saveToken(newTable, seen.seat, token);
    } catch {
      // a token that holds no seat there: nothing to keep
    }
  }
  location.assign(`/table/${encodeURIComponent(newTable)}`);
}
