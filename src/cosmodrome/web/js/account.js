// The optional account: who is logged in (the session lives in an HttpOnly cookie the page
// never sees), and a small bar of links for the page headers.
import { api, el, t } from "./api.js";

let known = null;
export async function whoami(fresh = false) {
  if (known && !fresh) return known;
  try { known = (await api("GET", "/api/account")).account; } catch (e) { known = null; }
  return known;
}

// Links for a page header: My games, Leaderboard, and the account (or "Log in").
export async function accountBar(box) {
  if (!box) return;
  const me = await whoami();
  box.replaceChildren(
    el("a", { class: "small", href: "/mygames.html", "data-testid": "nav-mygames", text: t("My games") }), " ",
    el("a", { class: "small", href: "/leaderboard.html", text: t("Leaderboard") }), " ",
    me ? el("a", { class: "pill", href: `/profile.html?name=${encodeURIComponent(me.name)}`, "data-testid": "nav-me", text: me.name })
      : el("a", { class: "small", href: "/account.html", "data-testid": "nav-login", text: t("Log in") }));
}
