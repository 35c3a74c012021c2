// A player's (or a bot level's, ?name=bot:<level>) ratings and rated games.
import { api, botLabel, decimal, el, playerName, t, tn } from "./api.js";
import { accountBar } from "./account.js";

const $ = (id) => document.getElementById(id);
const name = new URLSearchParams(location.search).get("name") || "";

// An account's last games of one type, one row a game (newest first): how each went over time.
function historyTable(g) {
  if (!g.history || !g.history.length) return null;
  return el("table", { class: "board-list stats-history", "data-history": g.game },
    el("caption", { text: tn("{title}: the last game", "{title}: the last {n} games, one by one", g.history.length, { title: g.title }) }),
    el("tr", {}, ...[t("When"), t("Result"), ...g.rows.map(r => r.label), ""].map(h => el("th", { scope: "col", text: h }))),
    g.history.map(h => el("tr", { "data-testid": "history-game" },
      el("td", { text: h.time ? new Date(h.time * 1000).toLocaleDateString() : "" }),
      el("td", { text: h.won ? t("won") : t("lost") }),
      ...g.rows.map(r => el("td", { "data-stat": r.key, text: h.values[r.key] === undefined ? "–" : String(h.values[r.key]) })),
      el("td", {}, h.game_id ? el("a", { href: `/replay.html?game=${encodeURIComponent(h.game_id)}`, text: t("replay") }) : null))));
}

async function main() {
  accountBar($("account-bar"));
  let p;
  try { p = await api("GET", `/api/players/${encodeURIComponent(name)}`); }
  catch (e) { $("name").textContent = e.message; return; }
  const shown = p.kind === "bot" ? t("bot {level}", { level: botLabel(p.name.replace(/^bot /, "")) }) : p.name;
  $("name").textContent = p.kind === "bot" ? t("{name} (a bot level)", { name: shown }) : shown;
  document.title = `Cosmodrome — ${shown}`;
  $("ratings").replaceChildren(p.ratings.length ? el("table", { class: "board-list" },
    el("tr", {}, ...[t("Game"), t("Rating"), "μ", "σ", t("Games")].map(h => el("th", { text: h }))),
    p.ratings.map(r => el("tr", {}, el("td", {}, el("a", { href: `/leaderboard.html?game=${encodeURIComponent(r.game)}`, text: r.title })),
      el("td", { text: decimal(r.rating) }), el("td", { text: decimal(r.mu) }), el("td", { text: decimal(r.sigma) }),
      el("td", { text: r.games }))))
    : el("p", { class: "muted", text: t("No rating yet.") }));
  $("history").replaceChildren(p.history.length ? el("table", { class: "board-list" },
    el("tr", {}, ...[t("When"), t("Game"), t("Place"), t("Against"), t("Rating"), ""].map(h => el("th", { text: h }))),
    p.history.map(h => el("tr", { "data-testid": "history-row" },
      el("td", { text: new Date(h.time * 1000).toLocaleString() }), el("td", { text: h.title }),
      el("td", { text: h.won ? t("won") : t("place {n}", { n: h.place }) }), el("td", { text: h.against.map(playerName).join(", ") }),
      el("td", { text: `${decimal(h.before)} → ${decimal(h.after)}` }),
      el("td", {}, el("a", { href: `/replay.html?game=${encodeURIComponent(h.game_id)}`, text: t("replay") })))))
    : el("p", { class: "muted", text: t("No rated game yet.") }));
  if (p.statistics && p.statistics.length) {
    // per game type: the games played and won, then each statistic's total and average a game
    $("stats-panel").hidden = false;
    $("stats").replaceChildren(...p.statistics.flatMap(g => [el("table", { class: "board-list", "data-game": g.game },
      el("caption", { text: tn("{title}: {n} game, {won} won", "{title}: {n} games, {won} won", g.games, { title: g.title, won: g.won }) }),
      el("tr", {}, ...["", t("Total"), t("A game")].map(h => el("th", { scope: "col", text: h }))),
      g.rows.map(r => el("tr", { "data-stat": r.key }, el("th", { scope: "row", text: r.label }),
        el("td", { text: String(r.total) }), el("td", { text: String(r.average) })))),
      historyTable(g)].filter(Boolean)));
  }
  if (p.games) {
    $("games-panel").hidden = false;
    $("games").replaceChildren(p.games.length ? el("table", { class: "board-list" },
      el("tr", {}, ...[t("When"), t("Game"), t("Players"), t("Result"), ""].map(h => el("th", { text: h }))),
      p.games.map(g => el("tr", { "data-testid": "game-row" },
        el("td", { text: new Date(g.time * 1000).toLocaleString() }), el("td", { text: g.title }),
        el("td", { text: g.players.join(", ") }), el("td", { text: g.rated ? (g.won ? t("won (rated)") : t("lost (rated)")) : (g.won ? t("won") : t("lost")) }),
        el("td", {}, el("a", { href: `/replay.html?game=${encodeURIComponent(g.game_id)}`, text: t("replay") })))))
      : el("p", { class: "muted", text: t("No finished game yet.") }));
  }
}
main();
