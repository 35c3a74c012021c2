// The lobby: create a game (type, players, seats human or bot, options), copy join links, list games.
import { accountBar } from "./account.js";
import { api, el, resultText, botLabel, botHelp, pgettext, t as tr, banner } from "./api.js";  // tr: `t` names a game type here
import { aboutPanel } from "./about.js";
import { whoami } from "./account.js";
import { linkOf, stateOf, opponents, started, loadMyGames, statusWord } from "./mine.js";
import { tourOf } from "./tours.js";

const $ = (id) => document.getElementById(id);
let types = [];

function currentType() { return types.find(t => t.name === $("game").value); }

function seatRows() {
  const t = currentType();
  // a count outside the game's range (typed, not stepped) is brought back into it
  let n = Math.round(Number($("players").value));
  if (!(n >= t.min_players)) n = t.min_players;
  if (n > t.max_players) n = t.max_players;
  if (String(n) !== $("players").value) $("players").value = n;
  const box = $("seats");
  const old = [...box.querySelectorAll(".seat-row")].map(r => ({
    kind: r.querySelector(".kind").value, bot: r.querySelector(".bot").value }));
  box.replaceChildren(el("h3", { text: tr("Seats") }));
  for (let i = 0; i < n; i++) {
    const prev = old[i] || { kind: i === 0 ? "human" : "bot", bot: t.bots[0] };
    const kind = el("select", { class: "kind", "aria-label": tr("seat {n}: a person or a bot", { n: i + 1 }) },
      el("option", { value: "human", text: tr("Human") }), el("option", { value: "bot", text: tr("Bot") }));
    kind.value = prev.kind;
    const bot = el("select", { class: "bot", "aria-label": tr("seat {n} bot level", { n: i + 1 }) },
      t.bots.map(b => el("option", { value: b, text: botLabel(b), title: botHelp(b) })));
    const tip = () => (bot.title = botHelp(bot.value));
    bot.addEventListener("change", tip);
    if (t.bots.includes(prev.bot)) bot.value = prev.bot;
    tip();
    const sync = () => (bot.disabled = kind.value !== "bot");
    kind.addEventListener("change", sync);
    sync();
    box.append(el("div", { class: "seat-row", "data-seat": i },
      el("span", { class: "seat-name", text: tr("Seat {n}", { n: i + 1 }) }), kind, bot));
  }
}

function optionRows() {
  const t = currentType();
  const box = $("options");
  const adv = $("advanced-options");
  box.replaceChildren();
  adv.replaceChildren();
  if (t.options.some(o => o.kind !== "path")) box.append(el("h3", { text: tr("Options") }));
  for (const o of t.options) {
    let input;
    if (o.kind === "path") {
      // a data file: the packaged one, a variant the server offers, or your own file (sent as content)
      input = el("select", { name: o.name },
        el("option", { value: "", text: tr("the packaged file") }),
        (t.variants || []).map(v => el("option", { value: v, text: v })),
        el("option", { value: "#file", text: tr("my own file…") }));
      const file = el("input", { type: "file", accept: ".toml", "data-file-for": o.name, hidden: true });
      input.addEventListener("change", () => (file.hidden = input.value !== "#file"));
      input.dataset.option = o.name;
      input.dataset.kind = o.kind;
      adv.append(el("div", { class: "row", title: o.help }, el("label", { text: o.label || o.name }), input, file,
        el("span", { class: "muted small", text: o.help })));
      continue;
    } else if (o.kind === "bool") {
      input = el("input", { type: "checkbox", name: o.name });
      input.checked = !!o.default;
    } else if (o.choices && o.choices.length) {
      input = el("select", { name: o.name },
        o.choices.map((c, k) => el("option", { value: c, text: (o.choice_labels || [])[k] ?? c })));
      input.value = o.default;
    } else {
      input = el("input", { type: o.kind === "int" ? "number" : "text", name: o.name, value: o.default ?? "" });
    }
    input.dataset.option = o.name;
    input.dataset.kind = o.kind;
    input.id = `opt-${o.name}`;
    box.append(el("div", { class: "row", title: o.help, "data-players": o.players ? o.players.join("-") : null },
      el("label", { for: input.id, text: o.label || o.name }), input,
      el("span", { class: "muted small", text: o.help })));
  }
  optionsForPlayers();
}

// An option that does not apply to the chosen player count (a solo rule in a two-player game)
// is hidden, and not sent.
function optionsForPlayers() {
  const n = Number($("players").value);
  let shown = 0;
  for (const row of $("options").querySelectorAll(".row")) {
    const range = row.dataset.players;
    const [lo, hi] = range ? range.split("-").map(Number) : [-Infinity, Infinity];
    row.hidden = n < lo || n > hi;
    if (!row.hidden) shown += 1;
  }
  const head = $("options").querySelector("h3");
  if (head) head.hidden = shown === 0;
}

function gameChanged() {
  const t = currentType();
  $("players").min = t.min_players;
  $("players").max = t.max_players;
  const n = Number($("players").value);
  if (n < t.min_players || n > t.max_players) $("players").value = Math.min(t.max_players, Math.max(t.min_players, 3));
  const count = tr("({min}–{max} players)", { min: t.min_players, max: t.max_players });
  $("game-desc").textContent = `${t.description || ""} ${count}`;
  $("about").replaceChildren(aboutPanel(t));
  $("rules-link").href = `/rules.html?game=${encodeURIComponent(t.name)}`;
  $("rules-link").textContent = tr("How to play {game}", { game: t.title });
  $("rules-link").hidden = !t.how_to_play;
  // a guided first game for each game that has a script (tours.js)
  $("learn").textContent = tr("Learn to play {game}", { game: t.title });
  $("learn").hidden = !tourOf(t.name);
  seatRows();
  optionRows();
}

async function collectOptions() {
  const out = {};
  for (const input of $("create").querySelectorAll("[data-option]")) {
    if (input.closest(".row") && input.closest(".row").hidden) continue;   // not for this player count
    const k = input.dataset.kind;
    if (k === "path") {
      if (input.value === "#lab" && labVariant) out[input.dataset.option] = labVariant;
      else if (input.value === "#file") {
        const f = $("create").querySelector(`[data-file-for="${input.dataset.option}"]`).files[0];
        if (!f) throw new Error(tr("choose a file for {option}", { option: input.dataset.option }));
        out[input.dataset.option] = { toml: await f.text(), name: f.name };
      } else if (input.value !== "") out[input.dataset.option] = input.value;
    } else if (k === "bool") out[input.dataset.option] = input.checked;
    else if (k === "int") out[input.dataset.option] = Number(input.value);
    else if (input.value !== "") out[input.dataset.option] = input.value;
  }
  return out;
}

function showLinks(res) {
  const box = $("links");
  const rows = [el("h2", { text: tr("Join links") }),
    el("p", { class: "muted small", text: tr("Send each player their own link: it is their secret seat. Anyone with a link plays that seat.") })];
  const linkRow = (label, url, testid) => {
    const input = el("input", { value: url, readonly: true, "data-testid": testid });
    return el("div", { class: "link-row" }, el("span", { text: label, style: "min-width:6em" }), input,
      el("button", { type: "button", text: tr("Copy"), onclick: async () => {
        input.select();
        try { await navigator.clipboard.writeText(url); banner(tr("Link copied."), "info"); }
        catch (e) { document.execCommand && document.execCommand("copy"); banner(tr("Link selected: copy it with Ctrl+C."), "info"); }
      } }),
      el("a", { href: url, text: tr("Open"), target: "_blank" }));
  };
  for (const s of res.seats) {
    if (s.kind === "human" && s.link) rows.push(linkRow(s.name, s.link, `link-seat-${s.seat}`));
    else if (s.open) rows.push(el("div", { class: "link-row muted small", text: tr("{name}: open — anyone may take it from the open games", { name: s.name }) }));
    else rows.push(el("div", { class: "link-row muted small", title: botHelp(s.bot), text: tr("{name}: bot ({level})", { name: s.name, level: botLabel(s.bot) }) }));
  }
  if (res.hotseat) rows.push(linkRow(tr("Hot-seat"), res.hotseat, "link-hotseat"));
  rows.push(linkRow(tr("Spectate"), res.spectate, "link-spectate"));
  box.replaceChildren(el("div", { class: "panel", style: "margin-top:1em" }, rows));
}

// The creator goes straight to their seat (the first human seat; a spectator's table when every
// seat is a bot). The other seats' links travel in this tab's sessionStorage, never in a URL,
// and the table shows them in its "Invite" panel.
function goToSeat(res) {
  const own = res.seats.find(s => s.kind === "human" && s.link);
  try { sessionStorage.setItem(`cosmodrome-links-${res.id}`, JSON.stringify(res)); }
  catch (e) { showLinks(res); return; }   // no storage: show the links here instead
  location.href = own ? own.link : res.spectate;
}

// The clock and chat settings of a new game (the form's "Clock" and "Chat" rows).
function clockAndChat() {
  const kind = $("clock-kind").value, amount = Number($("clock-amount").value);
  const clock = kind === "realtime" ? { kind, minutes: amount, increment: Number($("clock-inc").value), on_timeout: $("clock-timeout").value }
    : kind === "turn" ? { kind, hours: amount, on_timeout: $("clock-timeout").value } : { kind: "none" };
  return { clock, chat: $("chat-mode").value, rated: $("rated").checked };
}
function clockRows() {
  const kind = $("clock-kind").value;
  $("clock-row").hidden = $("clock-timeout-row").hidden = kind === "none";
  $("clock-inc-box").hidden = kind !== "realtime";
  $("clock-unit").textContent = kind === "turn" ? tr("hours a move") : tr("minutes each");
  if (kind === "turn" && Number($("clock-amount").value) < 1) $("clock-amount").value = 24;
}

async function create(ev) {
  ev.preventDefault();
  const seats = [...$("seats").querySelectorAll(".seat-row")].map(r => {
    const kind = r.querySelector(".kind").value;
    return kind === "bot" ? { kind, bot: r.querySelector(".bot").value } : { kind };
  });
  let options;
  try { options = await collectOptions(); } catch (e) { return banner(tr("Could not create the game: {error}", { error: e.message })); }
  const body = { game: $("game").value, players: Number($("players").value), seats, options,
    public: $("public").checked };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  Object.assign(body, clockAndChat());
  try {
    const res = await api("POST", "/api/games", body);
    goToSeat(res);
  } catch (e) { banner(tr("Could not create the game: {error}", { error: e.message })); }
}

// "Learn to play": the prepared game of the game's script (tours.js: its seed and seats, the
// others a random bot) whose table walks the newcomer through the opening (tour.js).
async function learn() {
  const t = currentType();
  const script = tourOf(t.name) || { seed: 20, players: 2 };
  const n = Math.max(t.min_players, Math.min(script.players, t.max_players));
  const bot = t.bots.includes("random") ? "random" : t.bots[0];
  const seats = Array.from({ length: n }, (_, i) => i === 0 ? { kind: "human" } : { kind: "bot", bot });
  try {
    const res = await api("POST", "/api/games", { game: t.name, players: n, seats, options: {}, seed: script.seed });
    const own = res.seats.find(s => s.kind === "human" && s.link);
    location.href = own.link.replace("/table.html?", "/table.html?learn=1&");
  } catch (e) { banner(tr("Could not start the guided game: {error}", { error: e.message })); }
}

function gameTable(list, kind) {
  if (!list.length) return el("span", { class: "muted", text: pgettext("games", "none") });
  return el("table", { class: "games" },
    el("tr", {}, el("th", { text: tr("Game") }), el("th", { text: tr("Seats") }), el("th", { text: tr("State") }), el("th", { text: "" })),
    list.map(g => el("tr", { "data-game": g.id },
      el("td", { text: `${g.title || g.game} · ${g.id}`, "data-testid": "lobby-game-title" }),
      el("td", { class: "small", text: g.seats.map(s => s.kind === "bot" ? tr("bot {level}", { level: botLabel(s.bot) }) : (s.open ? tr("free") : tr("human"))).join(", ") }),
      el("td", { class: "small", text: g.status === "running" ? tr("{n} moves · {name} to move", { n: g.actions ?? g.version, name: g.to_move_name || "" })
          : g.result ? (g.result.cooperative ? resultText(g.result).toLowerCase() : g.result.all_lose ? tr("everyone lost") : tr("won by {names}", { names: g.result.winner_names.join(" & ") })) : statusWord(g.status) }),
      el("td", {},
        kind === "open" && g.public ? el("button", { text: tr("Join"), onclick: () => join(g.id) }) : null,
        g.status === "running" ? el("a", { href: `/table.html?game=${g.id}`, text: tr("Watch") }) : null, " ",
        el("a", { href: `/replay.html?game=${g.id}`, text: tr("Replay") })))));
}

async function join(id) {
  try {
    const res = await api("POST", `/api/games/${id}/join`, {});
    location.href = res.link;
  } catch (e) { banner(tr("Could not join: {error}", { error: e.message })); }
}

// The visitor's own games (this browser's seats, the account's): running first, then the finished.
async function mine() {
  let games;
  try { games = await loadMyGames(await whoami()); } catch (e) { return; }
  games = games.filter(g => !g.missing);
  games.sort((a, b) => ((a.status === "running" ? 0 : 1) - (b.status === "running" ? 0 : 1)) || (b.your_turn - a.your_turn)
    || ((b.created || 0) - (a.created || 0)));
  $("my-games-box").replaceChildren(games.length ? el("table", { class: "games" },
    el("tr", {}, ...[tr("Game"), tr("Against"), tr("Started"), tr("State")].map(h => el("th", { text: h }))),
    games.slice(0, 12).map(g => el("tr", { "data-testid": "lobby-my-game", "data-game": g.id },
      el("td", {}, el("a", { href: linkOf(g), text: g.title || g.game })),
      el("td", { class: "small", text: opponents(g) }), el("td", { class: "small", text: started(g) }),
      el("td", { class: "small", text: stateOf(g) }))))
    : el("span", { class: "muted", text: tr("none yet: a game you create or join here is listed") }));
}

async function refresh() {
  mine();
  try {
    const [open, running, finished] = await Promise.all(["open", "running", "finished"].map(s => api("GET", `/api/games?status=${s}`)));
    $("open-games").replaceChildren(gameTable(open.games.filter(g => g.public), "open"));
    $("running-games").replaceChildren(gameTable(running.games, "running"));
    $("finished-games").replaceChildren(gameTable([...finished.games], "finished"));
  } catch (e) { banner(tr("Could not list games: {error}", { error: e.message })); }
}

async function importRecord(mode) {
  const f = $("import-file").files[0];
  if (!f) return banner(tr("Choose a record file first."));
  let record;
  try { record = JSON.parse(await f.text()); } catch (e) { return banner(tr("That file is not JSON.")); }
  const body = { record, mode };
  if ($("import-upto").value !== "") body.upto = Number($("import-upto").value);
  if (mode === "continue") {
    const n = record.players || 2;
    body.seats = Array.from({ length: n }, (_, i) => i === 0 ? { kind: "human" } : { kind: "bot", bot: "random" });
  }
  try {
    const res = await api("POST", "/api/games/import", body);
    if (mode === "replay") location.href = res.replay; else goToSeat(res);
    refresh();
  } catch (e) { banner(tr("Could not import: {error}", { error: e.message })); }
}

async function main() {
  try {
    types = (await api("GET", "/api/game-types")).games;
  } catch (e) { return banner(tr("Cannot load the game list: {error}", { error: e.message })); }
  const sel = $("game");
  for (const t of types) sel.append(el("option", { value: t.name, text: t.title || t.name }));
  // "New game" at the end of a table comes back here with its game chosen (?game=...)
  const asked = new URLSearchParams(location.search).get("game");
  if (asked && types.find(t => t.name === asked)) sel.value = asked;
  else if (types.find(t => t.name === "venus")) sel.value = "venus";
  sel.addEventListener("change", gameChanged);
  const playersChanged = () => { seatRows(); optionsForPlayers(); };
  $("players").addEventListener("change", playersChanged);
  $("players").addEventListener("input", () => { if ($("players").value !== "") playersChanged(); });
  $("create").addEventListener("submit", create);
  $("learn").addEventListener("click", learn);
  $("clock-kind").addEventListener("change", clockRows);
  accountBar($("account-bar"));
  $("import-replay").addEventListener("click", () => importRecord("replay"));
  $("import-continue").addEventListener("click", () => importRecord("continue"));
  gameChanged();
  playLabVariant(new URLSearchParams(location.search).get("lab"));
  refresh();
  setInterval(refresh, 5000);
}

// "Play this variant" in the design lab comes here with ?game=...&lab=<run id>: the run's
// variant is chosen as the game's data file (sent as content, as your own file would be).
let labVariant = null;
async function playLabVariant(id) {
  if (!id) return;
  try {
    const run = await api("GET", `/api/lab/runs/${encodeURIComponent(id)}`);
    const sel = $("advanced-options").querySelector("select[data-kind=path]");
    if (!sel || run.game !== $("game").value) return;
    labVariant = { toml: run.variant.toml, name: run.variant.name };
    sel.append(el("option", { value: "#lab", text: tr("design lab: {name}", { name: run.variant.name }) }));
    sel.value = "#lab";
    $("advanced").open = true;
  } catch (e) { banner(tr("Could not load the lab's variant: {error}", { error: e.message })); }
}
main();
