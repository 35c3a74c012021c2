// The leaderboard of one game type (?game=...): players and bot levels by rating.
import { api, botHelp, botLabel, decimal, el, t } from "./api.js";
import { accountBar } from "./account.js";

const $ = (id) => document.getElementById(id);
const q = new URLSearchParams(location.search);

export function profileLink(r) {
  const spec = r.name.replace(/^bot /, "");
  const key = r.kind === "bot" ? `bot:${spec}` : r.name;
  // a bot level by the name people call it (the server names it by its spec)
  return r.kind === "game" ? el("span", { text: r.name })
    : el("a", { href: `/profile.html?name=${encodeURIComponent(key)}`, text: r.kind === "bot" ? t("bot {level}", { level: botLabel(spec) }) : r.name,
                title: r.kind === "bot" ? botHelp(spec) : null });
}

async function show(game) {
  try {
    const r = await api("GET", `/api/ratings?game=${encodeURIComponent(game)}`);
    $("board").replaceChildren(r.ratings.length ? el("table", { class: "board-list" },
      el("tr", {}, ...["#", t("Player"), t("Rating"), "μ", "σ", t("Games")].map(h => el("th", { text: h }))),
      r.ratings.map((x, i) => el("tr", { "data-testid": "lb-row", "data-kind": x.kind },
        el("td", { text: i + 1 }), el("td", {}, profileLink(x)), el("td", { text: decimal(x.rating) }),
        el("td", { text: decimal(x.mu) }), el("td", { text: decimal(x.sigma) }), el("td", { text: x.games }))))
      : el("p", { class: "muted", text: t("No rated game of this kind has ended yet.") }));
  } catch (e) { $("board").replaceChildren(el("p", { class: "muted", text: e.message })); }
}

async function main() {
  accountBar($("account-bar"));
  const types = (await api("GET", "/api/game-types")).games;
  $("lb-game").replaceChildren(...types.map(t => el("option", { value: t.name, text: t.title })));
  const game = q.get("game") && types.some(t => t.name === q.get("game")) ? q.get("game") : types[0].name;
  $("lb-game").value = game;
  $("lb-game").addEventListener("change", () => {
    history.replaceState(null, "", `?game=${encodeURIComponent($("lb-game").value)}`);
    show($("lb-game").value);
  });
  show(game);
}
main();
