// The fallback renderer: the seat's view as readable JSON. Options are clicked in the side panel.
import { el } from "../api.js";

export const name = "generic";

export function render(root, ctx) {
  root.replaceChildren(
    el("div", { class: "panel" },
      el("h2", { text: `${ctx.title} — ${ctx.seatName}'s view` }),
      el("pre", { class: "json", text: JSON.stringify(ctx.view, null, 2) })));
}
