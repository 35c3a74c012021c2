// The table: one WebSocket per held seat (several for hot-seat, none-token for spectators).
// Each socket receives its own view after every accepted action; actions go through REST.
// The seat tokens come from the link's fragment (#token=...), are sent in the socket's first
// frame and in a header for REST, and never appear in a URL the page requests.
import { api, el, params, loadRenderer, seatTokens, download, resultText, botLabel, botHelp, language, t, banner } from "./api.js";
import { aboutPanel } from "./about.js";
import { initChat, chatTable, chatMessage } from "./chat.js";
import { setClock, clockText, describeClock } from "./clock.js";
import { prefs, beep, favicon, prefsPanel } from "./alert.js";
import { whoami } from "./account.js";
import { remember } from "./mylist.js";
import { statusWord } from "./mine.js";
import { hintLayer } from "./hints.js";
import { snapshot, play } from "./motion.js";
import { statsTable } from "./stats.js";
import { explain } from "./glossary.js";
import { tourLayer } from "./tour.js";

const $ = (id) => document.getElementById(id);
const p = params();
const gameId = p.get("game");
const tokens = seatTokens();

const conns = [];            // {token, seat, ws, msg, log: [], attempts, alive}
let shown = null;            // the conn whose view is displayed
let handoverPending = false;
let renderer = null;
let busy = false;
let handOpen = !window.matchMedia("(max-width: 900px)").matches;  // the hand drawer: shut on a phone
let wasMyTurn = false;
let hints = null;            // the first-game hint layer (hints.js)
let tour = null;             // the guided first game (tour.js), when the lobby's "Learn to play" opened this table

// ----- seat colours (log lines, seats) --------------------------------------------------------
const PALETTE = ["#e0453a", "#3f7be8", "#9b59d0", "#f2c230", "#3dbb6a", "#ff8c42"];
// A renderer may export seatInfo(view, seat) -> {colour, aliases: [names used in log texts]}.
function seatInfo(m, seat) {
  const own = renderer && renderer.seatInfo ? renderer.seatInfo(m.view || {}, seat) : null;
  const s = m.seats[seat] || {};
  return { colour: (own && own.colour) || PALETTE[seat % PALETTE.length],
    names: [s.name, `Player ${seat + 1}`, ...((own && own.aliases) || [])].filter(Boolean) };
}
// The seat a log line is about: its data's seat, else the seat whose name opens the line
// (``infos``: seatInfo of every seat, worked out once per drawing).
function lineSeat(infos, l) {
  const d = l.data || {};
  if (typeof d.seat === "number") return d.seat;
  const text = String(l.text || "");
  let best = null, len = 0;
  for (let i = 0; i < infos.length; i++)
    for (const n of infos[i].names)
      if (n.length > len && text.startsWith(n) && !/\w/.test(text.charAt(n.length))) { best = i; len = n.length; }
  return best;
}

// ----- your turn: title, favicon, sound, notification ------------------------------------------
function yourTurn(m) {
  const mine = Boolean(m.decision) && m.status === "running";
  document.title = `${mine ? `● ${t("Your turn")} — ` : ""}${m.title} — ${m.seat_name} — Cosmodrome`;
  favicon(mine ? "#ffb545" : "#5c6a99");
  document.body.classList.toggle("my-turn", mine);
  if (mine && !wasMyTurn) {
    if (prefs.get("sound")) beep();
    if (prefs.get("notify") && document.hidden && "Notification" in window && Notification.permission === "granted") {
      try { new Notification(`Cosmodrome: ${t("your turn")}`, { body: `${m.title}: ${m.decision.prompt}`, tag: `cosmodrome-${gameId}` }); }
      catch (e) { /* some browsers allow notifications from a service worker only */ }
    }
  }
  wasMyTurn = mine;
}

// A seat as people see it: the person's display name (if they picked one) with the game's name.
function seatLabel(s) { return s && s.display ? `${s.display} · ${s.name}` : (s ? s.name : ""); }

function setConn() {
  const c = $("conn");
  const down = conns.filter(x => !x.alive);
  // a refused link (no such game, a token that is not a seat) does not come back by retrying
  if (down.length && down.every(x => x.fatal)) { c.className = "pill bad"; c.textContent = down[0].fatalText || t("not connected"); }
  else if (!down.length) { c.className = "pill ok"; c.textContent = t("connected"); }
  else { c.className = "pill bad"; c.textContent = t("reconnecting…"); }
}

function connect(conn) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/games/${encodeURIComponent(gameId)}?lang=${encodeURIComponent(language())}`);
  conn.ws = ws;
  ws.onopen = () => {
    ws.send(JSON.stringify({ type: "hello", token: conn.token, updates: true }));
    if (conn.attempts > 0) banner(t("Reconnected: the table is up to date."), "info", 3000);
    conn.attempts = 0;
    conn.alive = true;
    setConn();
  };
  ws.onmessage = (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    onMessage(conn, msg);
  };
  ws.onclose = (ev) => {
    conn.alive = false;
    setConn();
    if (conn.fatal) return;
    conn.attempts += 1;
    const wait = Math.min(8000, 500 * 2 ** Math.min(conn.attempts, 4));
    banner(t("Connection to the server lost — reconnecting in {n} s. No accepted move is lost.", { n: Math.round(wait / 1000) }), "warning", wait + 500);
    setTimeout(() => connect(conn), wait);
  };
}

function onMessage(conn, msg) {
  if (msg.type === "error") {
    if (msg.status === 403 || msg.status === 404) {
      conn.fatal = true;
      conn.fatalText = msg.status === 404 ? t("no such game") : t("link refused");
      setConn();
      if (!conns.some(c => c.msg)) {
        $("status").textContent = msg.status === 404 ? t("no game") : t("refused");
        $("title").textContent = "";
        $("decision").replaceChildren(el("div", { class: "waiting", "data-testid": "no-game" }, msg.error, " ",
          el("a", { href: "/", text: t("Back to the lobby") })));
      }
      banner(msg.error, "error", 0);
    } else banner(msg.error);
    return;
  }
  if (msg.type === "notice") return banner(msg.text, msg.level || "warning");
  if (msg.type === "rematch") return onRematch(conn, msg);
  if (msg.type === "chat") return chatMessage(msg);
  if (msg.type === "update") {
    msg = applyUpdate(conn, msg);
    if (!msg) return;
  }
  if (msg.type !== "table") return;
  conn.resyncing = 0;
  // already shown; a full (log_reset) message built before a newer one reached us (the server
  // queues them in order, but a resync is built when sent) must not take the table back
  if (conn.msg && (msg.version < conn.msg.version || (!msg.log_reset && msg.version === conn.msg.version))) return;
  if (msg.log_reset) conn.log = msg.log.slice();
  else conn.log.push(...msg.log);
  conn.seat = msg.seat;
  conn.msg = msg;
  if (msg.notice) banner(msg.notice, "info", 4000);
  busy = false;
  choose();
  drawSoon();
}

// The drawing of the tables that came, coalesced: messages that arrive while the page draws
// (bots moving fast, a long log) are drawn once, the newest, instead of one drawing each, so
// the page never falls behind and stays answerable. A timer, not an animation frame: a hidden
// tab still draws (the your-turn signals live in draw).
let drawQueued = false;
function drawSoon() {
  if (drawQueued) return;
  drawQueued = true;
  setTimeout(() => { drawQueued = false; draw(); }, 0);
}

// A move as an update (docs/SERVER.md, "Table messages"): the changed fields of the table of
// version `from`, its view's changes as operations, the new log lines. Returns the table it
// makes, or null (and asks for the whole table) when this socket does not hold that version.
function applyUpdate(conn, up) {
  if (!conn.msg || up.from !== conn.msg.version) {
    if (conn.msg && up.version <= conn.msg.version) return null; // already shown
    // once, or again after 2 s (a resync refused for its rate is asked again)
    if (Date.now() - (conn.resyncing || 0) > 2000 && conn.ws && conn.ws.readyState === 1) {
      conn.resyncing = Date.now();
      conn.ws.send(JSON.stringify({ type: "resync" }));
    }
    return null;
  }
  const msg = Object.assign({}, conn.msg, { type: "table", log_reset: false, log: up.log || [] });
  delete msg.notice;
  for (const k of Object.keys(up)) {
    if (k !== "type" && k !== "from" && k !== "log" && k !== "view_ops") msg[k] = up[k];
  }
  if (up.view_ops) msg.view = applyOps(structuredClone(conn.msg.view), up.view_ops);
  return msg;
}

// ["s", path, value] sets, ["d", path] deletes, ["a", path, items] appends to a list,
// ["t", path, n] drops the list's first n items.
function applyOps(view, ops) {
  for (const [kind, path, value] of ops) {
    if (!path.length) {
      if (kind === "s") view = value;
      else if (kind === "a") view.push(...value);
      else if (kind === "t") view.splice(0, value);
      continue;
    }
    let parent = view;
    for (const k of path.slice(0, -1)) parent = parent[k];
    const last = path[path.length - 1];
    if (kind === "s") parent[last] = value;
    else if (kind === "d") delete parent[last];
    else if (kind === "a") parent[last].push(...value);
    else if (kind === "t") parent[last].splice(0, value);
  }
  return view;
}

// Which held seat to show: the one to move if we hold it, else the one shown before.
function choose() {
  const any = conns.find(c => c.msg);
  if (!any) return;
  const w = any.msg.waiting;
  let next = shown && shown.msg ? shown : any;
  if (w) {
    const mine = conns.find(c => c.msg && c.seat === w.seat && c.seat !== null);
    if (mine) next = mine;
  }
  if (shown && next !== shown && conns.length > 1) {
    handoverPending = true;
    $("handover-who").textContent = next.msg.seat_name;
    $("handover").hidden = false;
  }
  shown = next;
}

async function act(action) {
  const c = shown;
  if (!c || !c.msg || busy || handoverPending) return;
  busy = true;
  drawDecision();
  try {
    await api("POST", `/api/games/${gameId}/act`, { action, version: c.msg.version }, c.token);
    // the socket brings the new table
    setTimeout(() => { if (busy) { busy = false; drawDecision(); } }, 4000);
  } catch (e) {
    busy = false;
    if (e.status === 409) banner(`${e.message}`, "warning");
    else if (e.status === 503) banner(t("The server could not store your move: {error}", { error: e.message }), "error");
    else banner(e.message, "error");
    if (c.ws && c.ws.readyState === 1) c.ws.send(JSON.stringify({ type: "resync" }));
    drawDecision();
  }
}

async function undo() {
  const c = shown;
  if (!c) return;
  try {
    const r = await api("POST", `/api/games/${gameId}/undo`, {}, c.token);
    banner(t("Took back {n} decision(s).", { n: r.undone }), "info", 3000);
  } catch (e) { banner(e.message, e.status === 409 ? "warning" : "error"); }
}

function drawDecision() {
  const box = $("decision");
  const m = shown.msg;
  box.classList.remove("mine");
  if (m.status !== "running") {
    box.replaceChildren(el("div", { class: "waiting", text: m.status === "replay" ? t("An imported record, for replay.") : t("The game is over.") }));
    return;
  }
  if (m.decision) {
    box.classList.add("mine");
    // replaceChildren writes a null as the text "null": leave absent parts out
    box.replaceChildren(...[
      el("div", { class: "prompt", "data-testid": "prompt",
        text: m.decision.prompt.startsWith(m.seat_name) ? m.decision.prompt : `${m.seat_name}: ${m.decision.prompt}` }),
      renderer && renderer.decisionNote ? noteOf(m) : null,
      el("div", { class: "options" }, optionGroups(m.decision))].filter(Boolean));
  } else if (m.waiting) {
    const w = m.waiting;
    box.replaceChildren(el("div", { class: "waiting", "data-testid": "waiting" },
      el("b", { text: seatLabel(m.seats[w.seat]) || w.seat_name }), w.bot ? ` ${t("(bot)")} ` : " ",
      // a decision the game keeps private comes with an empty prompt: only who decides
      w.prompt ? t("is deciding: {prompt}", { prompt: w.prompt }) : t("is deciding.")));
  } else box.replaceChildren();
}

// ----- the options of a decision, arranged to be scanned ----------------------------------------
// The way out first (a group the renderer marks ``first``: stop here, keep what you have), then
// the safe options, the risky ones (an option whose data says it ends in an accident, a fall, a
// crash..., or whose group says what it risks) after them and marked; grouped by what they act
// on when the renderer says so (optionGroup(option, decision) -> {title, short, first, risk}); a
// group's buttons may carry a short label (the full one is their tooltip and accessible name);
// options named alike are merged.
const RISKS = { accident: t("an accident"), fall: t("a fall"), crash: t("a crash"),
  hazard: t("an accident (a box without a circle)"), ceiling: t("an accident (a tunnel's ceiling)"),
  barrier: t("an accident (a barrier)"), "2! face": t("the 2! face") };
export function arrange(d, groupOf) {
  const items = d.options.map((o, i) => {
    const group = groupOf ? groupOf(o, d) : null;
    return { o, i, group, risk: RISKS[(o.data || {}).outcome] || (group && group.risk) || null };
  });
  const first = (it) => (it.group && it.group.first ? 0 : 1);
  items.sort((a, b) => first(a) - first(b) || (a.risk ? 1 : 0) - (b.risk ? 1 : 0) || a.i - b.i);
  const order = [], by = new Map(), seen = new Set();
  for (const it of items) {
    const key = it.group ? it.group.title : "";
    // two options the renderer names alike do the same thing (two unrolled dice of one colour): one button
    if (it.group && it.group.short) {
      const same = `${key}\u0000${it.group.short}`;
      if (seen.has(same)) continue;
      seen.add(same);
    }
    if (!by.has(key)) { by.set(key, []); order.push(key); }
    by.get(key).push(it);
  }
  return order.map(title => ({ title, items: by.get(title) }));
}
function optionButton(it) {
  const o = it.o;
  const short = it.group && it.group.short;
  const tip = [o.label !== short && short ? o.label : null, o.data && o.data.help, it.risk ? t("Risky: {risk}.", { risk: it.risk }) : null].filter(Boolean).join(" — ");
  return el("button", { "data-action": o.action, disabled: busy, class: it.risk ? "risky" : null, title: tip || null,
    "aria-label": short || it.risk ? o.label + (it.risk && !o.label.includes(it.risk) ? t(" (risky: {risk})", { risk: it.risk }) : "") : null,
    onclick: () => act(o.action) },
    it.risk ? el("span", { class: "risk", "aria-hidden": "true", text: "⚠ " }) : null, short || o.label);
}
// A line the renderer adds under the prompt (e.g. the dice still to place, counted down).
function noteOf(m) {
  const text = renderer.decisionNote(m.view || {}, m.decision);
  return text ? el("div", { class: "decision-note small", "data-testid": "decision-note", text }) : null;
}
function optionGroups(d) {
  const groups = arrange(d, renderer && renderer.optionGroup);
  if (groups.length === 1 && !groups[0].title) return groups[0].items.map(optionButton);
  return groups.map(g => el("div", { class: "opt-group", role: "group", "aria-label": g.title || t("other options") },
    g.title ? el("div", { class: "opt-head", text: g.title }) : null,
    el("div", { class: "opt-row" }, g.items.map(optionButton))));
}

// ----- rematch: one click at the end; everyone still here is offered their new seat ------------
let rematchWanted = false;
const rematchNext = { id: null, tokens: new Map() };   // conn -> its seat's token in the rematch
function rematchLink() {
  const toks = conns.map(c => rematchNext.tokens.get(c)).filter(Boolean);
  return `/table.html?game=${encodeURIComponent(rematchNext.id)}${toks.length ? `#token=${toks.join(",")}` : ""}`;
}
function rematchBox() {
  if (rematchNext.id) {
    return el("div", { class: "rematch", "data-testid": "rematch-ready" },
      el("a", { class: "button primary", href: rematchLink(), "data-testid": "rematch-link",
        text: conns.some(c => rematchNext.tokens.get(c)) ? t("Take your seat in the rematch") : t("Watch the rematch") }));
  }
  if (!conns.some(c => c.token)) return null;
  return el("button", { class: "primary", "data-testid": "rematch", disabled: rematchWanted,
    title: t("A new game: the same seats and settings, a new seed. Everyone still here is offered their seat."),
    text: t("Rematch"), onclick: requestRematch });
}
async function requestRematch() {
  const c = conns.find(x => x.token);
  if (!c) return;
  rematchWanted = true;
  drawSide();
  try {
    const r = await api("POST", `/api/games/${gameId}/rematch`, {}, c.token);
    rematchNext.id = r.id;
    rematchNext.tokens.set(c, r.token);
    maybeGoToRematch();
  } catch (e) { rematchWanted = false; banner(e.message, "warning"); drawSide(); }
}
function onRematch(conn, msg) {
  rematchNext.id = msg.game_id;
  if (msg.token) rematchNext.tokens.set(conn, msg.token);
  if (!maybeGoToRematch()) {
    banner(t("A rematch is ready: your seat's link is in the result panel."), "info", 6000);
    if (shown && shown.msg) drawSide();
  }
}
// The one who asked goes on at once (when every seat this page holds has its new token), and
// once: the answer to its request and the socket's rematch message both arrive, and a second
// navigation would abort the first.
let leaving = false;
function maybeGoToRematch() {
  if (leaving) return true;
  if (!rematchWanted || conns.some(c => c.token && !rematchNext.tokens.get(c))) { if (shown && shown.msg) drawSide(); return false; }
  leaving = true;
  location.href = rematchLink();
  return true;
}

function drawSide() {
  const m = shown.msg;
  const mover = m.waiting ? m.waiting.seat : null;
  const infos = m.seats.map((_, i) => seatInfo(m, i));
  $("seats").replaceChildren(...m.seats.map(s => el("span", {
    class: "pill" + (s.seat === m.seat ? " me" : "") + (s.seat === mover ? " mover" : ""),
    style: `--seat:${infos[s.seat].colour}`,
    title: s.kind === "bot" ? botHelp(s.bot) : null,
    text: `${seatLabel(s)}${s.kind === "bot" ? ` · ${t("bot {level}", { level: botLabel(s.bot) })}` : ""}${s.stand_in ? ` · ${t("bot {level} stands in", { level: botLabel(s.stand_in) })}` : ""}${s.seat === m.seat ? t(" (you)") : ""}` },
    el("span", { class: "seat-clock", "data-seat": s.seat, "data-testid": `clock-${s.seat}`, text: clockText(s.seat) }))));
  onlineSide(m);
  drawNameForm(m);
  const logBox = $("log");
  const atBottom = logBox.scrollTop + logBox.clientHeight >= logBox.scrollHeight - 20;
  logBox.replaceChildren(...shown.log.map(l => {
    const s = l.kind === "server" ? null : lineSeat(infos, l);
    return el("div", { class: (l.kind === "server" ? "server" : "") + (l.chance ? " chance" : "") + (s !== null ? " seat" : ""),
      "data-seat": s, style: s !== null ? `--seat:${infos[s].colour}` : null, text: l.text });
  }));
  if (atBottom || shown.log.length < 30) logBox.scrollTop = logBox.scrollHeight;
  // a renderer that draws the dice on its own board (showsDice) needs no "Last roll" panel
  $("dice").closest(".panel").hidden = Boolean(renderer && renderer.showsDice);
  const d = m.dice;
  const face = renderer && renderer.formatDie ? renderer.formatDie : String;
  $("dice").replaceChildren(...(d ? [...d.dice.map((x, i) => el("span", { class: "die" + (face(x) === "☠" ? " skull" : ""),
    "data-die": `roll-${i}`, "data-face": `${d.i}:${face(x)}`, text: face(x) })),
    el("span", { class: "muted small", text: d.text })] : [el("span", { class: "muted small", text: t("no dice yet") })]));
  $("undo").hidden = !m.can_undo;
  const r = $("result");
  if (m.result) {
    r.hidden = false;
    const names = m.seats.map(s => s.name);
    r.replaceChildren(...[el("h2", { "data-testid": "winner",
      text: resultText(m.result) }),
      el("table", {}, el("tr", {}, el("th", { text: t("Seat") }), el("th", { text: t("Score") })),
        names.map((n, i) => el("tr", {}, el("td", { text: n }), el("td", { text: m.result.scores[i] })))),
      statsTable(m.result.statistics, m.seats),
      wayOn(m)].filter(Boolean));
  } else r.hidden = true;
}

// The end of a game: the way on (a rematch, a new game of the same kind, the lobby, the replay).
function wayOn(m) {
  return el("div", { class: "way-on", "data-testid": "way-on" },
    rematchBox(),
    el("a", { class: "button", href: `/?game=${encodeURIComponent(m.game)}`, "data-testid": "new-game", text: t("New game") }),
    el("a", { class: "button", href: "/", "data-testid": "to-lobby", text: t("Back to the lobby") }),
    el("a", { class: "button", href: `/replay.html?game=${encodeURIComponent(gameId)}`, "data-testid": "end-replay", text: t("Replay") }));
}

// The "About this game" panel (what of the components we reconstructed), once per page.
async function showAbout(game) {
  try {
    const types = (await api("GET", "/api/game-types")).games;
    const gt = types.find(x => x.name === game);
    if (gt) $("about").replaceChildren(aboutPanel(gt));
    $("rules-link").hidden = !(gt && gt.how_to_play);
  } catch (e) { /* the panel is optional; the table works without it */ }
}

async function draw() {
  if (!shown || !shown.msg) return;
  if (!renderer) {
    const game = shown.msg.game;
    renderer = await loadRenderer(game);
    showAbout(game);
    $("rules-link").href = `/rules.html?game=${encodeURIComponent(game)}`;
  }
  // read after the wait: a message that came meanwhile is the one to draw, all of it
  const m = shown.msg;
  yourTurn(m);
  const gameWords = t("game {id}", { id: m.game_id });
  $("title").textContent = `${m.title} · ${gameWords}`;
  $("status").textContent = m.status === "running" ? t("move {n}", { n: m.actions }) : statusWord(m.status);
  $("status").className = "pill" + (m.status === "finished" ? " ok" : "");
  const mine = m.seat === null ? null : m.seats[m.seat];
  const you = t("You: {name}", { name: m.seat_name });
  $("whoami").textContent = m.seat === null ? t("Spectator") : `${you}${mine && mine.display ? ` · ${mine.display}` : ""}`;
  if (handoverPending) { $("board").replaceChildren(); $("decision").replaceChildren(); hints.draw(null); dockHand(); return; }
  const before = snapshot();   // where the pieces are, for the motion after drawing
  drawDecision();
  hints.draw(m);
  if (tour) {
    tour.draw(m, $("decision"));
    if (!$("tour").hidden) $("hint").hidden = true;   // the guide says what the hint would, and more
  }
  drawSide();
  try {
    renderer.render($("board"), {
      view: m.view, seat: m.seat, seatName: m.seat_name, seats: m.seats, title: m.title, decision: m.decision,
      waiting: m.waiting, result: m.result, dice: m.dice, log: shown.log, mode: "play", status: m.status,
      onAction: act,
    });
    dockHand();
    if (tour) tour.spot($("board"), $("hand-slot"));
    play(before);
    for (const part of [$("board"), $("decision"), $("hand-slot")]) explain(part, m.game);
  } catch (e) {
    console.error(e);
    const generic = await import("./renderers/generic.js");
    generic.render($("board"), { view: m.view, seatName: m.seat_name, title: m.title });
    banner(t("The table drawing failed ({error}); showing the raw view.", { error: e.message }), "warning");
  }
}

// The renderer's hand (data-dock="hand") moves to the dock at the bottom of the window: always in
// sight next to the decision on a laptop, a drawer above the action bar on a phone.
function dockHand(toggled = false) {
  const slot = $("hand-slot");
  // a fresh drawing brings its own hand (or none); a mere toggle keeps the docked one
  const hand = toggled ? slot.firstElementChild : $("board").querySelector('[data-dock="hand"]');
  if (!hand) { slot.replaceChildren(); $("hand-dock").hidden = true; document.body.classList.remove("has-hand"); return; }
  if (hand.parentNode !== slot) slot.replaceChildren(hand);
  $("hand-dock").hidden = false;
  document.body.classList.add("has-hand");
  const n = hand.dataset.count;
  $("hand-toggle").textContent = `${handOpen ? "▾" : "▴"} ${hand.dataset.title || t("Your hand")}${n !== undefined ? ` (${n})` : ""}`;
  $("hand-toggle").setAttribute("aria-expanded", String(handOpen));
  $("hand-dock").classList.toggle("open", handOpen);
}

// The heights of the docked parts, so the page leaves room for them.
function watchDocks() {
  if (!window.ResizeObserver) return;
  const root = document.documentElement.style;
  new ResizeObserver(() => root.setProperty("--dock-h", `${$("hand-dock").hidden ? 0 : $("hand-dock").offsetHeight}px`)).observe($("hand-dock"));
  new ResizeObserver(() => root.setProperty("--bar-h", `${$("decision").offsetHeight}px`)).observe($("decision"));
}

// Links the creator brought from the lobby (kept in this tab's sessionStorage, never in a URL).
function showInvite() {
  let res = null;
  try { res = JSON.parse(sessionStorage.getItem(`cosmodrome-links-${gameId}`) || "null"); } catch (e) { res = null; }
  if (!res) return;
  const box = $("invite");
  const row = (label, url, testid) => {
    const input = el("input", { value: url, readonly: true, "data-testid": testid, "aria-label": t("{label} link", { label }) });
    return el("div", { class: "link-row" }, el("span", { class: "lbl", text: label }), input,
      el("button", { type: "button", text: t("Copy"), onclick: async () => {
        input.select();
        try { await navigator.clipboard.writeText(url); banner(t("Link copied."), "info", 2000); }
        catch (e) { banner(t("Link selected: copy it with Ctrl+C."), "info", 3000); }
      } }));
  };
  const rows = [];
  for (const s of res.seats) {
    if (s.kind === "human" && s.link) rows.push(row(s.name, s.link, `link-seat-${s.seat}`));
    else if (s.open) rows.push(el("div", { class: "link-row muted small", "data-testid": `open-seat-${s.seat}`,
      text: t("{name}: open — anyone may take it from the lobby's open games", { name: s.name }) }));
  }
  if (res.hotseat) rows.push(row(t("Hot-seat"), res.hotseat, "link-hotseat"));
  rows.push(row(t("Spectate"), res.spectate, "link-spectate"));
  // open on a laptop; folded on a phone, where the board comes first (issue #27)
  const phone = window.matchMedia("(max-width: 900px)").matches;
  box.replaceChildren(el("details", { open: !phone }, el("summary", { text: t("Invite: send each player their own link") }),
    el("p", { class: "muted small", text: t("Each link is a secret seat: anyone holding it plays that seat.") }), rows));
  box.hidden = false;
}

// A person picks the name the others see (kept for the next table in localStorage). The form
// shows only while the game runs; it is folded to one button once the seat has a name (a name
// kept from an earlier table is used at once), and on a phone until asked for.
let nameOpen = false;
const applied = new Set();   // seats this page gave the remembered name to
function rememberedName() {
  try { return localStorage.getItem("cosmodrome-name") || ""; } catch (e) { return ""; }
}
function drawNameForm(m) {
  const form = $("name-form");
  const s = m.seat === null ? null : m.seats[m.seat];
  form.hidden = !s || s.kind !== "human" || m.status !== "running";
  if (form.hidden) return;
  const kept = rememberedName();
  if (!s.display && kept && conns.length === 1 && shown.token && !applied.has(m.seat)) {
    applied.add(m.seat);
    api("POST", `/api/games/${gameId}/name`, { name: kept }, shown.token).catch(() => applied.delete(m.seat));
  }
  const phone = window.matchMedia("(max-width: 900px)").matches;
  const named = Boolean(s.display) || (Boolean(kept) && applied.has(m.seat));
  form.classList.toggle("folded", !nameOpen && (named || phone));
  $("name-open").textContent = s.display ? t("Your name: {name} (change)", { name: s.display }) : t("Pick the name the others see");
  form.classList.toggle("ask", !s.display);
  $("name-label").textContent = s.display ? t("Your name at this table ({seat})", { seat: m.seat_name }) : t("Pick the name the others will see ({seat})", { seat: m.seat_name });
  if (document.activeElement !== $("name-input") && form.dataset.seat !== String(m.seat)) {
    let last = "";
    try { last = localStorage.getItem("cosmodrome-name") || ""; } catch (e) { last = ""; }
    $("name-input").value = s.display || last;
    form.dataset.seat = String(m.seat);
  }
}

async function saveName(ev) {
  ev.preventDefault();
  const c = shown;
  if (!c || !c.token) return;
  const name = $("name-input").value;
  try {
    const r = await api("POST", `/api/games/${gameId}/name`, { name }, c.token);
    try { localStorage.setItem("cosmodrome-name", r.name); } catch (e) { /* private mode */ }
    banner(t("Others now see you as {name}.", { name: r.name }), "info", 2500);
    nameOpen = false;
  } catch (e) { banner(e.message, "warning"); }
}

// Clock, chat and "take my seat back" (chat.js, clock.js).
function onlineSide(m) {
  setClock(m.clock);
  chatTable(m, shown.token);
  $("clock-desc").textContent = describeClock(m.clock);
  $("seed-chosen").hidden = !m.seed_chosen;
  $("take-back").hidden = !(m.seat !== null && m.seats[m.seat] && m.seats[m.seat].stand_in && m.status === "running");
  for (const c of conns) if (c.msg && c.token && !c.remembered) { c.remembered = true; remember(gameId, c.msg.seat, c.token, c.msg.title); }
  whoami().then(me => {
    const s = m.seat === null ? null : m.seats[m.seat];
    $("as-account").hidden = !(me && s && s.kind === "human" && !s.player && shown.token);
    if (me) $("as-account").textContent = t("Play this seat as {name}", { name: me.name });
  });
}
async function asAccount() {
  try { await api("POST", `/api/games/${gameId}/account-seat`, {}, shown.token); }
  catch (e) { banner(e.message, "warning"); }
}
async function takeBack() {
  try { await api("POST", `/api/games/${gameId}/back`, {}, shown.token); }
  catch (e) { banner(e.message, "warning"); }
}

function main() {
  if (!gameId) { banner(t("No game given: open a join link from the lobby."), "error", 0); return; }
  $("replay-link").href = `/replay.html?game=${gameId}`;
  $("replay-link").addEventListener("click", () => {
    // the replay viewer may show the shown seat's view of a running game: hand it the token
    const tok = shown && shown.token;
    const seat = shown && shown.seat;
    $("replay-link").href = `/replay.html?game=${gameId}${typeof seat === "number" ? `&seat=${seat}` : ""}${tok ? `#token=${tok}` : ""}`;
  });
  $("record-link").addEventListener("click", async (ev) => {
    ev.preventDefault();
    // a running game's full record is sealed; a seat downloads what it has seen
    const tok = shown && shown.token;
    const running = shown && shown.msg && shown.msg.status === "running";
    try {
      await download(`/api/games/${gameId}/record`, running ? tok : null,
        running && tok ? `cosmodrome-${gameId}-seat${shown.seat + 1}.json` : `cosmodrome-${gameId}.json`);
    } catch (e) { banner(e.message, "warning"); }
  });
  $("undo").addEventListener("click", undo);
  $("take-back").addEventListener("click", takeBack);
  $("as-account").addEventListener("click", asAccount);
  initChat(gameId, $("chat"), $("chat-form"), $("chat-input"), banner);
  setInterval(() => document.querySelectorAll(".seat-clock").forEach(e => { e.textContent = clockText(Number(e.dataset.seat)); }), 1000);
  $("hand-toggle").addEventListener("click", () => { handOpen = !handOpen; dockHand(true); });
  prefsPanel(banner);
  hints = hintLayer($("hint"), $("pref-hints"));
  if (p.get("learn")) tour = tourLayer($("tour"), gameId);
  $("name-form").addEventListener("submit", saveName);
  $("name-open").addEventListener("click", () => {
    nameOpen = true;
    $("name-form").classList.remove("folded");
    $("name-input").focus();
  });
  watchDocks();
  showInvite();
  $("handover-btn").addEventListener("click", () => {
    handoverPending = false;
    $("handover").hidden = true;
    draw();
  });
  // another link of this game pasted into the address bar changes only the fragment: load it anew
  window.addEventListener("hashchange", () => location.reload());
  const list = tokens.length ? tokens : [null];
  for (const t of list) {
    const c = { token: t, seat: null, ws: null, msg: null, log: [], attempts: 0, alive: false };
    conns.push(c);
    connect(c);
  }
  setInterval(() => conns.forEach(c => c.ws && c.ws.readyState === 1 && c.ws.send('{"type":"ping"}')), 20000);
}
main();
