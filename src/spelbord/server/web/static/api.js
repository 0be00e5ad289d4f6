// Spelbord front end: the HTTP API, seat tokens kept in localStorage, and small DOM helpers.
// Plain ES module, no build step. Every page imports from here.

import { t } from "/static/i18n.js";

/** An API error: the server's message in the page's language (its {"message": "..."}, else
 * the English {"error": "..."}) and the HTTP status. */
export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

/** Call the JSON API; resolves to the parsed body, rejects with ApiError. */
export async function api(path, { method = "GET", body } = {}) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(t("api.unreachable", { reason: err.message }), 0);
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const message = data && (data.message || data.error || data.detail);
    throw new ApiError(
      typeof message === "string" ? message : `${response.status} ${response.statusText}`,
      response.status,
    );
  }
  return data;
}

// ---------------------------------------------------------------- seat tokens
const TOKEN_KEY = (table) => `spelbord.tokens.${table}`;
const INVITE_KEY = (table) => `spelbord.invites.${table}`;

function readJson(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : fallback;
  } catch {
    return fallback;
  }
}

/** The tokens this browser holds for a table: {"<seat>": token}. */
export function tokensFor(table) {
  const tokens = readJson(TOKEN_KEY(table), {});
  return tokens && typeof tokens === "object" ? tokens : {};
}

/** Remember the token of one seat of a table. */
export function saveToken(table, seat, token) {
  const tokens = tokensFor(table);
  tokens[String(seat)] = token;
  localStorage.setItem(TOKEN_KEY(table), JSON.stringify(tokens));
}

/** Seats (numbers, ascending) this browser holds a token for. */
export function heldSeats(table) {
  return Object.keys(tokensFor(table))
    .map(Number)
    .filter((n) => Number.isInteger(n))
    .sort((a, b) => a - b);
}

/** Invite links of a table this browser created: {"<seat>": absolute URL}. */
export function invitesFor(table) {
  return readJson(INVITE_KEY(table), {});
}

/** Remember the invite links the server returned when this browser created a table. */
export function saveInvites(table, invites) {
  const absolute = {};
  for (const [seat, path] of Object.entries(invites || {})) {
    absolute[seat] = new URL(path, location.origin).href;
  }
  localStorage.setItem(INVITE_KEY(table), JSON.stringify(absolute));
  return absolute;
}

/** Read a record file chosen by the user, import it, and return the new table id. */
export async function importRecordFile(file) {
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch {
    throw new ApiError(`${file.name} is not a JSON file`, 400);
  }
  const result = await api("/api/import", { method: "POST", body: record });
  return result.table;
}

// ---------------------------------------------------------------- DOM helpers
/** Create an element: h("button", {class: "x", onclick: f}, "text", child, ...). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Show a short message at the bottom of the screen (kind: "error" | "info"). */
export function toast(message, kind = "error") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div", { id: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const item = h("div", { class: `toast toast-${kind}` }, message);
  box.append(item);
  setTimeout(() => item.classList.add("toast-out"), 4200);
  setTimeout(() => item.remove(), 4800);
}

/** Copy text to the clipboard (falls back to selecting a temporary field). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h("textarea", { class: "offscreen", readonly: true });
    area.value = text;
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** A read-only link field with a copy button. */
export function inviteRow(label, url) {
  const input = h("input", { type: "text", readonly: true, value: url, class: "invite-url" });
  input.value = url;
  input.addEventListener("focus", () => input.select());
  const button = h("button", { type: "button", class: "btn btn-small copy" }, t("copy.copy"));
  button.addEventListener("click", async () => {
    const ok = await copyText(url);
    button.textContent = ok ? t("copy.copied") : t("copy.select");
    setTimeout(() => (button.textContent = t("copy.copy")), 1600);
  });
  return h("div", { class: "invite" }, h("span", { class: "invite-label" }, label), input, button);
}

/** Load a game's renderer module; resolves to null when it cannot be loaded. */
export async function loadRenderer(game) {
  try {
    return await import(`/games/${encodeURIComponent(game)}/renderer.js`);
  } catch (err) {
    console.warn(`no renderer for ${game}:`, err);
    return null;
  }
}

/**
 * A plain fallback renderer for games that ship no renderer module: the legal actions as
 * buttons (with a filter when there are many) above the observation as text.
 */
export const fallbackRenderer = {
  render(root, view, ui) {
    root.replaceChildren();
    const given = ui.replay ? [] : view.legal || [];
    // A game's compact entries (one for many actions) are for its own renderer: here
    // every legal action id gets a plain button instead.
    const legal = given.every((a) => Number.isInteger(a.action))
      ? given
      : (view.actions || []).map((id) => ({ action: id, text: `action ${id}` }));
    const actions = h("div", { class: "fallback-actions" });
    const shown = 40;
    const draw = (filter) => {
      const wanted = filter.trim().toLowerCase();
      const matches = legal.filter((a) => String(a.text).toLowerCase().includes(wanted));
      actions.replaceChildren(
        ...matches.slice(0, shown).map((action) =>
          h(
            "button",
            { type: "button", class: "btn btn-small", onclick: () => ui.act(action) },
            action.text,
          ),
        ),
      );
      if (matches.length > shown) {
        actions.append(
          h("span", { class: "muted" }, `${matches.length - shown} more: type to narrow down`),
        );
      }
    };
    if (legal.length > shown) {
      const search = h("input", {
        type: "text",
        class: "fallback-filter",
        placeholder: t("fallback.filter_n", { n: legal.length }),
        "aria-label": t("fallback.filter"),
      });
      search.addEventListener("input", () => draw(search.value));
      root.append(search);
    }
    draw("");
    const pre = h("pre", { class: "fallback-observation" });
    pre.textContent = JSON.stringify(view.observation, null, 2);
    root.append(actions, pre);
  },
};
