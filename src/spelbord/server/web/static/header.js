// The top bar's account corner on every page (lobby, table, replay, rules, lab, study
// pages, tournaments, account): who is signed in, as a link to their player page, with
// links to the account page and to sign out; a guest sees "Sign in".
//
//   <script type="module" src="/static/header.js"></script>   (any page with .topbar)
//
// The corner is <div class="who" id="who" data-account="name|"> at the end of the top
// bar; ``whoIsSignedIn()`` resolves to the account ({id, name}) or null for a guest.
import { api, h, toast } from "/static/api.js";
import { t, translatePage } from "/static/i18n.js";

let asked = null;

/** The signed-in account ({id, name, ...}) or null: asked once per page. */
export function whoIsSignedIn() {
  if (!asked) asked = api("/api/account").then((got) => (got && got.account) || null, () => null);
  return asked;
}

async function signOut() {
  try {
    await api("/api/account/signout", { method: "POST" });
  } catch (err) {
    toast(err.message);
    return;
  }
  location.reload();
}

/** Draw the corner into the page's top bar (once). */
export async function drawAccountCorner() {
  const bar = document.querySelector(".topbar");
  if (!bar || document.getElementById("who")) return;
  // the links of a page the server built (rules, lab) come in English
  for (const nav of bar.querySelectorAll("nav.site-links")) translatePage(nav);
  const corner = h("div", { class: "who", id: "who", "aria-label": t("who.label"), role: "group" });
  bar.append(corner);
  const me = await whoIsSignedIn();
  corner.dataset.account = me ? me.name : "";
  if (!me) {
    corner.append(h("a", { class: "who-signin", href: "/account" }, t("acc.sign_in")));
    return;
  }
  corner.append(
    h("span", { class: "who-dot", "aria-hidden": "true" }),
    h(
      "a",
      { class: "who-name", href: `/player/${encodeURIComponent(me.name)}`, title: t("who.your_page") },
      me.name,
    ),
    h("a", { class: "who-account", href: "/account" }, t("nav.account")),
    h("button", { type: "button", class: "who-signout", onclick: signOut }, t("acc.sign_out")),
  );
}

drawAccountCorner();
