// Places on a board that act on click: a renderer indexes the options of the current decision by
// the place they name (a box, a slot, a die, a marine...) and marks those places "hot". A hot place
// is a button for the mouse, the touch screen and the keyboard (Enter or Space; the page's focus
// ring shows where the keyboard is); when several options name the same place, a small menu asks
// which. Used by the Moon and Mars renderers; ``hl`` and ``pop`` are their CSS class names.
import { el, pgettext, svg } from "../api.js";

/** An index of options by place key: ``add(key, option)``, read with ``get(key)``. */
export function optionIndex() {
  const idx = new Map();
  idx.add = (k, o) => { if (!idx.has(k)) idx.set(k, []); idx.get(k).push(o); };
  return idx;
}

export function places({ hl, pop }) {
  function closeMenus() { document.querySelectorAll(`.${pop}`).forEach(p => p.remove()); }

  function choose(ctx, opts, ev) {
    closeMenus();
    if (!opts || !opts.length) return;
    if (opts.length === 1) return ctx.onAction(opts[0].action);
    const x = ev && ev.clientX ? Math.min(ev.clientX, window.innerWidth - 260) : 40;
    const y = ev && ev.clientY ? ev.clientY + 8 : 100;
    const menu = el("div", { class: pop, role: "menu", style: `left:${Math.max(4, x)}px; top:${y}px` },
      opts.map(o => el("button", { text: o.label, "data-action": o.action, role: "menuitem",
        onclick: (e) => { e.stopPropagation(); menu.remove(); ctx.onAction(o.action); } })),
      el("button", { class: "small", text: pgettext("menu", "Cancel"), onclick: (e) => { e.stopPropagation(); menu.remove(); } }));
    document.body.append(menu);
    const first = menu.querySelector("button");
    if (first && !ev) first.focus();
  }

  /** Mark ``node`` as the place ``key`` of ``idx`` (nothing when no option names it). */
  function hot(node, ctx, idx, key) {
    const opts = idx.get(key);
    if (!opts || !opts.length) return node;
    node.classList.add(hl);
    node.setAttribute("data-place", key);
    node.setAttribute("data-action", opts.map(o => o.action).join(","));
    node.setAttribute("role", "button");
    node.setAttribute("tabindex", "0");
    const lab = opts.map(o => o.label).join(" / ");
    // an element that shows text is named by it (axe: the visible text must be in the name);
    // the option then describes it through the title
    if (node instanceof SVGElement || !node.textContent.trim()) node.setAttribute("aria-label", lab);
    if (node instanceof SVGElement) node.append(svg("title", { text: lab })); else node.title = lab;
    node.addEventListener("click", (ev) => { ev.stopPropagation(); choose(ctx, opts, ev); });
    node.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); choose(ctx, opts, null); } });
    return node;
  }

  return { hot, choose, closeMenus };
}
