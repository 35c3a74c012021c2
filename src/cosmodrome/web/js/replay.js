// The replay viewer: step and scrub through a game from any seat's view or the spectators'.
import { api, el, params, loadRenderer, seatTokens } from "./api.js";

const $ = (id) => document.getElementById(id);
const p = params();
const gameId = p.get("game");
const token = seatTokens()[0] || null;   // from the fragment: a seat's view of a running game
let info = null, renderer = null, step = 0, steps = 0, timer = null, pending = 0;

function banner(text, level = "error") {
  const b = $("banner");
  b.className = `banner ${level}`; b.textContent = text; b.hidden = false;
  clearTimeout(banner.t); banner.t = setTimeout(() => (b.hidden = true), 6000);
}

async function show(n) {
  step = Math.max(0, Math.min(steps, n));
  $("scrub").value = step;
  $("stepno").textContent = `${step} / ${steps}`;
  const seat = $("seat").value;
  const q = new URLSearchParams({ step });
  if (seat !== "") q.set("seat", seat);
  const ticket = ++pending;
  let r;
  try { r = await api("GET", `/api/games/${gameId}/replay?${q}`, undefined, token); }
  catch (e) { return banner(e.message); }
  if (ticket !== pending) return; // a later request is on its way
  if (!renderer) renderer = await loadRenderer(r.game);
  $("last-action").textContent = r.step === 0 ? "The start of the game."
    : `Move ${r.step}: ${r.seats[r.mover] ? r.seats[r.mover].name : ""}${r.last_action ? ` — ${r.last_action}` : ""}`;
  $("log").replaceChildren(...r.log.map(l => el("div", { class: (l.kind === "server" ? "server" : "") + (l.chance ? " chance" : ""), text: l.text })));
  $("log").scrollTop = $("log").scrollHeight;
  const res = $("result");
  if (r.result) {
    res.hidden = false;
    res.replaceChildren(el("h2", { text: r.result.all_lose ? "Everyone lost!" : `Winner: ${r.result.winner_names.join(" & ")}` }));
  } else res.hidden = true;
  renderer.render($("board"), { view: r.view, seat: r.seat, seatName: r.seat_name, seats: r.seats, title: r.title,
    decision: null, waiting: null, result: r.result, dice: null, log: r.log, mode: "replay", status: r.status,
    onAction: () => {} });
}

async function main() {
  if (!gameId) return banner("No game given.");
  $("table-link").href = `/table.html?game=${gameId}${token ? `#token=${token}` : ""}`;
  try { info = await api("GET", `/api/games/${gameId}`); } catch (e) { return banner(e.message); }
  $("title").textContent = `Replay · ${info.title} · game ${gameId}`;
  steps = info.actions;
  $("scrub").max = steps;
  const sel = $("seat");
  sel.append(el("option", { value: "", text: "Spectators" }));
  for (const s of info.seats) sel.append(el("option", { value: s.seat, text: s.name }));
  // a seat's link (table -> replay) opens that seat's view: ?seat=N (a seat number is no secret)
  const want = p.get("seat");
  if (want !== null && info.seats.some(s => String(s.seat) === want)) sel.value = want;
  sel.addEventListener("change", () => show(step));
  $("first").onclick = () => show(0);
  $("prev").onclick = () => show(step - 1);
  $("next").onclick = () => show(step + 1);
  $("last").onclick = () => show(steps);
  $("scrub").addEventListener("input", (e) => show(Number(e.target.value)));
  $("play").onclick = () => {
    if (timer) { clearInterval(timer); timer = null; $("play").textContent = "play"; return; }
    $("play").textContent = "pause";
    timer = setInterval(() => { if (step >= steps) { $("play").click(); } else show(step + 1); }, 700);
  };
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") show(step + 1);
    if (e.key === "ArrowLeft") show(step - 1);
  });
  show(info.status === "running" ? steps : 0);
}
main();
