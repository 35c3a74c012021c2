// A game's chat panel: lines are always shown as text (textContent), never as markup.
// The table hands it every table message (whole chat on a reset) and every "chat" message.
import { api, el, t } from "./api.js";

const lines = new Map();     // i -> line, so a line sent twice (socket + resync) shows once
let state = { box: null, form: null, input: null, gameId: null, token: null, mode: "players", seat: null };

function fmtTime(t) {
  try { return new Date(t * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }); }
  catch (e) { return ""; }
}

// One line of chat as an element (also used by the replay viewer).
export function chatLine(l) {
  return el("div", { class: "chat-line", "data-seat": l.seat, "data-testid": "chat-line" },
    el("span", { class: "muted", text: `${fmtTime(l.time)} ` }),
    el("b", { text: `${l.name}: ` }), el("span", { class: "chat-text", text: l.text }));
}

function redraw() {
  const box = state.box;
  const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 20;
  const all = [...lines.values()].sort((a, b) => a.i - b.i);
  box.replaceChildren(...(all.length ? all.map(chatLine) : [el("span", { class: "muted", text: t("no messages yet") })]));
  if (atBottom) box.scrollTop = box.scrollHeight;
}

export function initChat(gameId, box, form, input, banner) {
  state = { ...state, box, form, input, gameId, banner };
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const text = input.value;
    if (!text.trim()) return;
    try {
      const r = await api("POST", `/api/games/${gameId}/chat`, { text }, state.token);
      lines.set(r.line.i, r.line);
      input.value = "";
      redraw();
    } catch (e) { banner(e.message, "warning"); }
  });
}

// The shown seat's token (null: a spectator) and the table's message.
export function chatTable(msg, token) {
  state.token = token;
  state.mode = msg.chat_mode || "players";
  state.seat = msg.seat;
  if (msg.chat) { lines.clear(); for (const l of msg.chat) lines.set(l.i, l); }
  const canWrite = state.mode === "all" || (state.mode === "players" && msg.seat !== null && msg.seat !== undefined);
  state.form.hidden = !canWrite;
  state.box.closest(".panel").hidden = state.mode === "off";
  if (msg.chat) redraw();
}

export function chatMessage(msg) {
  if (!msg.line) return;
  lines.set(msg.line.i, msg.line);
  redraw();
}
