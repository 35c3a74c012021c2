// "My games": every game whose seat this browser opened (localStorage) and, when logged in,
// every game the account holds a seat in (from the server, on any browser). Shows whose turn
// it is, the clock, and alerts (title, favicon, opt-in sound and notification) when one of
// them becomes your turn. Polls the server every few seconds (?every=seconds).
import { api, el, t, banner as shared } from "./api.js";
import { whoami, accountBar } from "./account.js";
import { forget } from "./mylist.js";
import { linkOf, stateOf, opponents, started, loadMyGames } from "./mine.js";
import { fmtClock } from "./clock.js";
import { prefs, beep, favicon, prefsPanel } from "./alert.js";

const $ = (id) => document.getElementById(id);
const every = Math.max(1, Number(new URLSearchParams(location.search).get("every")) || 5) * 1000;
let turnsBefore = null;   // the keys of the games that were your turn at the last look

// this page's banner stays until the next answer replaces it
const banner = (text, level = "error") => shared(text, level, 0);

function clockOf(g) {
  if (!g.clock) return "";
  const left = g.clock.remaining[g.seat];
  return `${fmtClock(left)}${g.clock.running === g.seat ? " ▸" : ""}`;
}

function draw(games, me) {
  const rows = games.map(g => el("tr", { class: g.your_turn ? "your-turn" : "", "data-testid": "my-game", "data-game": g.id,
    "data-your-turn": g.your_turn ? "1" : "0" },
    el("td", {}, el("a", { href: linkOf(g), text: g.title || g.game || g.id })),
    el("td", { text: g.seat_name || t("Seat {n}", { n: g.seat + 1 }) }),
    el("td", { class: "small", "data-testid": "my-game-against", text: opponents(g) }),
    el("td", { class: "small", text: started(g) }),
    el("td", { "data-testid": "my-game-state", text: stateOf(g) }),
    el("td", { class: "seat-clock", text: clockOf(g) }),
    el("td", {}, g.fromAccount ? el("span", { class: "muted small", text: t("account") })
      : el("button", { type: "button", class: "small", text: t("forget"), title: t("take this game off this browser's list"), onclick: () => { forget(g.id, g.seat); look(); } }))));
  $("games").replaceChildren(games.length ? el("table", { class: "board-list" },
    el("tr", {}, ...[t("Game"), t("Seat"), t("Against"), t("Started"), t("State"), t("Clock"), ""].map(h => el("th", { text: h }))), rows)
    : el("p", { class: "muted", text: t("No games yet: create one in the lobby, or open a seat's link.") }));
  $("source").textContent = me ? t("The games of {name} (on the server) and those opened in this browser.", { name: me.name })
    : t("The games opened in this browser. Log in to see your games on every browser.");
}

async function look() {
  const me = await whoami();
  let games;
  try { games = await loadMyGames(me); }
  catch (e) { banner(t("Cannot reach the server: {error}", { error: e.message }), "warning"); return; }
  games.sort((a, b) => (b.your_turn - a.your_turn) || (a.status === "running" ? -1 : 1));
  draw(games, me);
  const turns = games.filter(g => g.your_turn);
  const keys = new Set(turns.map(g => `${g.id}/${g.seat}`));
  $("turn-count").textContent = turns.length ? t("{n} your turn", { n: turns.length }) : "";
  document.title = `${turns.length ? `● ${t("Your turn")} (${turns.length}) — ` : ""}${t("My games")} — Cosmodrome`;
  favicon(turns.length ? "#ffb545" : "#5c6a99");
  const fresh = turnsBefore ? turns.filter(g => !turnsBefore.has(`${g.id}/${g.seat}`)) : [];
  if (fresh.length) {
    if (prefs.get("sound")) beep();
    if (prefs.get("notify") && document.hidden && "Notification" in window && Notification.permission === "granted") {
      try { new Notification(`Cosmodrome: ${t("your turn")}`, { body: fresh.map(g => g.title).join(", "), tag: "cosmodrome-my-games" }); }
      catch (e) { /* notifications from a service worker only */ }
    }
  }
  turnsBefore = keys;
}

accountBar($("account-bar"));
prefsPanel(banner);
look();
setInterval(look, every);
