// The games of the person at this browser: the seats opened here (localStorage) and, when logged
// in, the account's seats on the server. Used by "my games" and by the lobby.
import { api, botLabel, language, t } from "./api.js";
import { myList } from "./mylist.js";

export function linkOf(g) {
  return g.link ? g.link.replace(new RegExp("^https?://[^/]+"), "") : `/table.html?game=${encodeURIComponent(g.id)}#token=${g.token}`;
}

// a game's status in words (the server's status names, translated)
export function statusWord(status) {
  const words = { running: t("running"), finished: t("finished"), replay: t("replay"), waiting: t("waiting") };
  return words[status] || status;
}

export function stateOf(g) {
  if (g.missing) return t("not on this server");
  if (g.status !== "running") return g.result ? (g.result.winners.includes(g.seat) ? t("over: you won") : t("over")) : statusWord(g.status);
  if (g.stand_in) return t("a bot plays your seat (your time ran out): open it to take it back");
  if (g.your_turn) return t("your turn");
  const someone = t("someone");
  return t("{name} is deciding", { name: g.to_move_name || someone });
}

// The others at the table, so two games of the same kind are told apart.
export function opponents(g) {
  const others = (g.seats || []).filter(s => s.seat !== g.seat)
    .map(s => s.kind === "bot" ? t("bot {level}", { level: botLabel(s.bot) }) : (s.display || s.player || s.name));
  // a game of one seat (the solo game) says so rather than leaving the cell blank
  return others.length ? others.join(", ") : t("solo");
}
export function started(g) {
  return g.created ? new Date(g.created * 1000).toLocaleString(language(), { dateStyle: "short", timeStyle: "short" }) : "";
}

// Every game of mine, newest first among equals: [{id, seat, title, status, your_turn, seats, ...}].
export async function loadMyGames(me) {
  const local = myList();
  let games = [];
  if (local.length) {
    const r = await api("POST", "/api/games/status", { games: local.map(g => ({ id: g.id, seat: g.seat })) });
    games = r.games.map((x, i) => ({ ...x, token: local[i].token, title: x.title || local[i].title, seat: local[i].seat }));
  }
  if (me) {
    const r = await api("GET", "/api/account/games");
    for (const x of r.games) {
      const same = games.find(g => g.id === x.id && g.seat === x.seat);
      if (same) Object.assign(same, x, { fromAccount: true });
      else games.push({ ...x, fromAccount: true });
    }
  }
  return games;
}
