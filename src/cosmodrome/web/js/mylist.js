// "My games" kept in this browser (localStorage): the games whose seat links were opened here.
// A seat's token stays on this machine (as in the link itself); the server is asked only whose
// turn it is, by game and seat number.
const KEY = "cosmodrome-my-games";
const MAX = 100;

export function myList() {
  try { const v = JSON.parse(localStorage.getItem(KEY) || "[]"); return Array.isArray(v) ? v : []; }
  catch (e) { return []; }
}
function save(list) {
  try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, MAX))); } catch (e) { /* private mode */ }
}
export function remember(id, seat, token, title) {
  if (!token || typeof seat !== "number") return;
  const list = myList().filter(g => !(g.id === id && g.seat === seat));
  list.unshift({ id, seat, token, title, added: Date.now() });
  save(list);
}
export function forget(id, seat) { save(myList().filter(g => !(g.id === id && g.seat === seat))); }
