// Pocket Race (the tiny test game): tracks per seat and your hand; click a card to play it.
import { el } from "../api.js";

export const name = "pocket-race";

export function render(root, ctx) {
  const v = ctx.view;
  const best = Math.max(10, ...v.tracks);
  const opts = new Map((ctx.decision ? ctx.decision.options : []).map(o => [o.action, o]));
  const tracks = v.tracks.map((t, i) =>
    el("div", { class: "pr-track", "data-seat": i },
      el("span", { text: (ctx.seats[i] || {}).name || `Player ${i + 1}` }),
      el("div", { class: "pr-bar" }, el("div", { style: `width:${(100 * t) / best}%` })),
      el("b", { text: t })));
  let hand;
  if (v.hand) {
    hand = el("div", { class: "hand", "data-testid": "hand" }, v.hand.map(c => {
      const o = opts.get(c - 1);
      return el("span", {
        class: "card big" + (o ? " playable" : ""), title: o ? o.label : `A ${c}`, "data-card": c,
        "data-action": o ? o.action : null,
        onclick: o ? () => ctx.onAction(o.action) : null,
        // a playable card is a button for the keyboard too
        role: o ? "button" : null, tabindex: o ? "0" : null,
        onkeydown: o ? (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ctx.onAction(o.action); } } : null,
      }, String(c));
    }));
  } else {
    hand = el("p", { class: "hand-hidden", text: "Spectators see no hand." });
  }
  root.replaceChildren(el("div", { class: "panel" },
    el("h2", { text: "Tracks" }), el("div", { class: "pr-tracks" }, tracks),
    el("p", { class: "muted small", text: `Deck: ${v.deck_size} cards · turn ${v.turn + 1} · hand sizes ${v.hand_sizes.join(", ")}` }),
    v.hand ? null : el("h2", { text: "Your hand" }), v.hand ? null : hand),
    // the page docks the hand next to the decision (a drawer on a phone)
    v.hand ? el("div", { class: "panel", "data-dock": "hand", "data-count": v.hand.length, "data-title": "Your hand" }, hand) : null);
}
