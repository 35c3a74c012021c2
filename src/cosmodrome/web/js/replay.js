// The replay viewer: step and scrub through a game from any seat's view or the spectators'.
import { statsTable } from "./stats.js";
import { explain } from "./glossary.js";
import { chatLine } from "./chat.js";
import { api, el, params, loadRenderer, seatTokens, resultText, pgettext, t, banner } from "./api.js";
import { snapshot, play } from "./motion.js";

const $ = (id) => document.getElementById(id);
const p = params();
const gameId = p.get("game");
const token = seatTokens()[0] || null;   // from the fragment: a seat's view of a running game
let info = null, renderer = null, step = 0, steps = 0, timer = null, pending = 0;
let marks = [], turns = [];   // steps where a period / round begins, and where the mover changes

// Jump points from the whole (public) log and the movers: a period or round begins the step after
// the action whose log line announced it; a turn begins where another seat moves.
const MARK_KINDS = ["period", "round"];
function jumpPoints(r) {
  marks = [];
  for (const l of r.log) {
    if (!MARK_KINDS.includes(l.kind)) continue;
    const at = l.i < 0 ? 0 : l.i + 1;
    if (!marks.some(m => m.step === at)) marks.push({ step: at, kind: l.kind, label: l.text });
  }
  const mv = r.movers || [];
  turns = [0];
  for (let k = 1; k < mv.length; k++) if (mv[k] !== mv[k - 1]) turns.push(k);
  const kind = marks.length ? marks[0].kind : null;
  for (const [id, dir] of [["prev-mark", "previous"], ["next-mark", "next"]]) {
    $(id).hidden = !kind;
    $(id).textContent = kind ? JUMPS[dir][kind]() : "";
  }
  $("jump").replaceChildren(el("option", { value: 0, text: pgettext("replay", "start") }),
    marks.map(m => el("option", { value: m.step, text: t("{label} (step {n})", { label: m.label, n: m.step }) })),
    turns.length > 1 ? el("optgroup", { label: t("turns") }, turns.map(k => el("option", { value: k,
      text: t("step {n}: {name}", { n: k, name: mv[k] !== undefined && r.seats[mv[k]] ? r.seats[mv[k]].name : "" }) }))) : null,
    el("option", { value: steps, text: pgettext("replay", "end") }));
}
// the jump buttons' words, by the kind of mark the game's log announces
const JUMPS = {
  previous: { period: () => t("previous period"), round: () => t("previous round") },
  next: { period: () => t("next period"), round: () => t("next round") },
};
const before = (list) => [...list].reverse().find(x => x < step);
const after = (list) => list.find(x => x > step);

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
  const move = t("Move {n}: {name}", { n: r.step, name: r.seats[r.mover] ? r.seats[r.mover].name : "" });
  $("last-action").textContent = r.step === 0 ? t("The start of the game.") : `${move}${r.last_action ? ` — ${r.last_action}` : ""}`;
  $("log").replaceChildren(...r.log.map(l => el("div", { class: (l.kind === "server" ? "server" : "") + (l.chance ? " chance" : ""), text: l.text })));
  $("log").scrollTop = $("log").scrollHeight;
  $("chat").replaceChildren(...(r.chat || []).map(chatLine));
  const res = $("result");
  if (r.result) {
    res.hidden = false;
    res.replaceChildren(...[el("h2", { text: resultText(r.result) }), statsTable(r.result.statistics, r.seats)].filter(Boolean));
  } else res.hidden = true;
  const before = snapshot();   // stepping through moves the pieces as at the table
  renderer.render($("board"), { view: r.view, seat: r.seat, seatName: r.seat_name, seats: r.seats, title: r.title,
    decision: null, waiting: null, result: r.result, dice: null, log: r.log, mode: "replay", status: r.status,
    onAction: () => {} });
  play(before);
  explain($("board"), r.game);
}

async function main() {
  if (!gameId) return banner(t("No game given."));
  $("table-link").href = `/table.html?game=${gameId}${token ? `#token=${token}` : ""}`;
  try { info = await api("GET", `/api/games/${gameId}`); } catch (e) { return banner(e.message); }
  $("title").textContent = t("Replay · {title} · game {id}", { title: info.title, id: gameId });
  steps = info.actions;
  $("scrub").max = steps;
  const sel = $("seat");
  sel.append(el("option", { value: "", text: t("Spectators") }));
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
  $("prev-mark").onclick = () => show(before(marks.map(m => m.step)) ?? 0);
  $("next-mark").onclick = () => show(after(marks.map(m => m.step)) ?? steps);
  $("prev-turn").onclick = () => show(before(turns) ?? 0);
  $("next-turn").onclick = () => show(after(turns) ?? steps);
  $("jump").addEventListener("change", (e) => show(Number(e.target.value)));
  try { jumpPoints(await api("GET", `/api/games/${gameId}/replay?step=${steps}`)); }
  catch (e) { banner(t("No jump points: {error}", { error: e.message }), "warning"); }
  $("play").onclick = () => {
    if (timer) { clearInterval(timer); timer = null; $("play").textContent = t("play"); return; }
    $("play").textContent = t("pause");
    timer = setInterval(() => { if (step >= steps) { $("play").click(); } else show(step + 1); }, 700);
  };
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") show(step + 1);
    if (e.key === "ArrowLeft") show(step - 1);
  });
  show(info.status === "running" ? steps : 0);
}
main();
