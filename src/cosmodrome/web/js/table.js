// The table: one WebSocket per held seat (several for hot-seat, none-token for spectators).
// Each socket receives its own view after every accepted action; actions go through REST.
// The seat tokens come from the link's fragment (#token=...), are sent in the socket's first
// frame and in a header for REST, and never appear in a URL the page requests.
import { api, el, params, loadRenderer, seatTokens, download, resultText } from "./api.js";
import { aboutPanel } from "./about.js";

const $ = (id) => document.getElementById(id);
const p = params();
const gameId = p.get("game");
const tokens = seatTokens();

const conns = [];            // {token, seat, ws, msg, log: [], attempts, alive}
let shown = null;            // the conn whose view is displayed
let handoverPending = false;
let renderer = null;
let busy = false;

function banner(text, level = "error", ms = 7000) {
  const b = $("banner");
  b.className = `banner ${level}`;
  b.textContent = text;
  b.hidden = false;
  clearTimeout(banner.t);
  if (ms) banner.t = setTimeout(() => (b.hidden = true), ms);
}

function setConn() {
  const c = $("conn");
  const down = conns.filter(x => !x.alive);
  if (!down.length) { c.className = "pill ok"; c.textContent = "connected"; }
  else { c.className = "pill bad"; c.textContent = "reconnecting…"; }
}

function connect(conn) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/games/${encodeURIComponent(gameId)}`);
  conn.ws = ws;
  ws.onopen = () => {
    ws.send(JSON.stringify({ type: "hello", token: conn.token }));
    if (conn.attempts > 0) banner("Reconnected: the table is up to date.", "info", 3000);
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
    banner(`Connection to the server lost — reconnecting in ${Math.round(wait / 1000)} s. No accepted move is lost.`, "warning", wait + 500);
    setTimeout(() => connect(conn), wait);
  };
}

function onMessage(conn, msg) {
  if (msg.type === "error") {
    if (msg.status === 403 || msg.status === 404) {
      conn.fatal = true;
      banner(msg.error, "error", 0);
    } else banner(msg.error);
    return;
  }
  if (msg.type === "notice") return banner(msg.text, msg.level || "warning");
  if (msg.type !== "table") return;
  if (conn.msg && !msg.log_reset && msg.version <= conn.msg.version) return; // already shown
  if (msg.log_reset) conn.log = msg.log.slice();
  else conn.log.push(...msg.log);
  conn.seat = msg.seat;
  conn.msg = msg;
  if (msg.notice) banner(msg.notice, "info", 4000);
  busy = false;
  choose();
  draw();
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
    else if (e.status === 503) banner(`The server could not store your move: ${e.message}`, "error");
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
    banner(`Took back ${r.undone} decision(s).`, "info", 3000);
  } catch (e) { banner(e.message, e.status === 409 ? "warning" : "error"); }
}

function drawDecision() {
  const box = $("decision");
  const m = shown.msg;
  box.classList.remove("mine");
  if (m.status !== "running") {
    box.replaceChildren(el("div", { class: "waiting", text: m.status === "replay" ? "An imported record, for replay." : "The game is over." }));
    return;
  }
  if (m.decision) {
    box.classList.add("mine");
    box.replaceChildren(
      el("div", { class: "prompt", "data-testid": "prompt",
        text: m.decision.prompt.startsWith(m.seat_name) ? m.decision.prompt : `${m.seat_name}: ${m.decision.prompt}` }),
      el("div", { class: "options" }, m.decision.options.map(o =>
        el("button", { "data-action": o.action, disabled: busy, title: o.data && o.data.help ? o.data.help : null,
          onclick: () => act(o.action), text: o.label }))));
  } else if (m.waiting) {
    const w = m.waiting;
    box.replaceChildren(el("div", { class: "waiting", "data-testid": "waiting" },
      el("b", { text: w.seat_name }), w.bot ? " (bot) " : " ", "is deciding: ", w.prompt));
  } else box.replaceChildren();
}

function drawSide() {
  const m = shown.msg;
  const mover = m.waiting ? m.waiting.seat : null;
  $("seats").replaceChildren(...m.seats.map(s => el("span", {
    class: "pill" + (s.seat === m.seat ? " me" : "") + (s.seat === mover ? " mover" : ""),
    text: `${s.name}${s.kind === "bot" ? ` · bot ${s.bot}` : ""}${s.seat === m.seat ? " (you)" : ""}` })));
  const logBox = $("log");
  const atBottom = logBox.scrollTop + logBox.clientHeight >= logBox.scrollHeight - 20;
  logBox.replaceChildren(...shown.log.map(l => el("div", {
    class: (l.kind === "server" ? "server" : "") + (l.chance ? " chance" : ""), text: l.text })));
  if (atBottom || shown.log.length < 30) logBox.scrollTop = logBox.scrollHeight;
  // a renderer that draws the dice on its own board (showsDice) needs no "Last roll" panel
  $("dice").closest(".panel").hidden = Boolean(renderer && renderer.showsDice);
  const d = m.dice;
  const face = renderer && renderer.formatDie ? renderer.formatDie : String;
  $("dice").replaceChildren(...(d ? [...d.dice.map(x => el("span", { class: "die" + (face(x) === "☠" ? " skull" : ""), text: face(x) })),
    el("span", { class: "muted small", text: d.text })] : [el("span", { class: "muted small", text: "no dice yet" })]));
  $("undo").hidden = !m.can_undo;
  const r = $("result");
  if (m.result) {
    r.hidden = false;
    const names = m.seats.map(s => s.name);
    r.replaceChildren(el("h2", { "data-testid": "winner",
      text: resultText(m.result) }),
      el("table", {}, el("tr", {}, el("th", { text: "Seat" }), el("th", { text: "Score" })),
        names.map((n, i) => el("tr", {}, el("td", { text: n }), el("td", { text: m.result.scores[i] })))));
  } else r.hidden = true;
}

// The "About this game" panel (what of the components we reconstructed), once per page.
async function showAbout(game) {
  try {
    const types = (await api("GET", "/api/game-types")).games;
    const t = types.find(x => x.name === game);
    if (t) $("about").replaceChildren(aboutPanel(t));
  } catch (e) { /* the panel is optional; the table works without it */ }
}

async function draw() {
  if (!shown || !shown.msg) return;
  const m = shown.msg;
  if (!renderer) {
    renderer = await loadRenderer(m.game);
    showAbout(m.game);
  }
  document.title = `${m.title} — ${m.seat_name} — Cosmodrome`;
  $("title").textContent = `${m.title} · game ${m.game_id}`;
  $("status").textContent = m.status === "running" ? `move ${m.actions}` : m.status;
  $("status").className = "pill" + (m.status === "finished" ? " ok" : "");
  $("whoami").textContent = m.seat === null ? "Spectator" : `You: ${m.seat_name}`;
  if (handoverPending) { $("board").replaceChildren(); $("decision").replaceChildren(); return; }
  drawDecision();
  drawSide();
  try {
    renderer.render($("board"), {
      view: m.view, seat: m.seat, seatName: m.seat_name, seats: m.seats, title: m.title, decision: m.decision,
      waiting: m.waiting, result: m.result, dice: m.dice, log: shown.log, mode: "play", status: m.status,
      onAction: act,
    });
  } catch (e) {
    console.error(e);
    const generic = await import("./renderers/generic.js");
    generic.render($("board"), { view: m.view, seatName: m.seat_name, title: m.title });
    banner(`The table drawing failed (${e.message}); showing the raw view.`, "warning");
  }
}

function main() {
  if (!gameId) { banner("No game given: open a join link from the lobby.", "error", 0); return; }
  $("replay-link").href = `/replay.html?game=${gameId}`;
  $("replay-link").addEventListener("click", () => {
    // the replay viewer may show the shown seat's view of a running game: hand it the token
    const t = shown && shown.token;
    $("replay-link").href = `/replay.html?game=${gameId}${t ? `#token=${t}` : ""}`;
  });
  $("record-link").addEventListener("click", async (ev) => {
    ev.preventDefault();
    // a running game's full record is sealed; a seat downloads what it has seen
    const t = shown && shown.token;
    const running = shown && shown.msg && shown.msg.status === "running";
    try {
      await download(`/api/games/${gameId}/record`, running ? t : null,
        running && t ? `cosmodrome-${gameId}-seat${shown.seat + 1}.json` : `cosmodrome-${gameId}.json`);
    } catch (e) { banner(e.message, "warning"); }
  });
  $("undo").addEventListener("click", undo);
  $("handover-btn").addEventListener("click", () => {
    handoverPending = false;
    $("handover").hidden = true;
    draw();
  });
  const list = tokens.length ? tokens : [null];
  for (const t of list) {
    const c = { token: t, seat: null, ws: null, msg: null, log: [], attempts: 0, alive: false };
    conns.push(c);
    connect(c);
  }
  setInterval(() => conns.forEach(c => c.ws && c.ws.readyState === 1 && c.ws.send('{"type":"ping"}')), 20000);
}
main();
