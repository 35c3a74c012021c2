// First-game hints: beside the decision, what it means and what each kind of option does, in
// our own words. The game provides them through the core (its help file): the decision of the
// seat to move carries `hint: {text, options: [{text, actions}]}`, the waiting line the text
// alone. Switched off and on with a checkbox; the choice is kept in localStorage.
import { el, t, tn } from "./api.js";

const KEY = "cosmodrome-hints";

export function hintsOn() {
  try { return localStorage.getItem(KEY) !== "0"; } catch (e) { return true; }
}

function remember(on) {
  try { localStorage.setItem(KEY, on ? "1" : "0"); } catch (e) { /* private mode: this page only */ }
}

// The labels of a group of options, shortened: "a, b and 4 more" (the count in the reader's
// language and plural form).
export function shortLabels(actions, byAction) {
  const names = actions.map(a => byAction.get(a)).filter(Boolean);
  if (names.length <= 2) return names.join(", ");
  const n = names.length - 2;
  return tn("{names} and {n} more", "{names} and {n} more", n, { names: names.slice(0, 2).join(", ") });
}

// The hint layer on `box` (a panel) switched by the checkbox `toggle`; draw(m) with each table message.
export function hintLayer(box, toggle) {
  let last = null;
  toggle.checked = hintsOn();
  const off = el("button", { type: "button", class: "small", "data-testid": "hint-off", text: t("Hide hints"),
    title: t("Switch the first-game hints off (the Your turn panel switches them on again)"),
    onclick: () => { toggle.checked = false; remember(false); draw(last); } });
  toggle.addEventListener("change", () => { remember(toggle.checked); draw(last); });

  // on a phone the hint is one line above the board until asked for (the board comes first)
  const phone = window.matchMedia ? window.matchMedia("(max-width: 900px)") : { matches: false };
  let unfolded = false;
  const more = el("button", { type: "button", class: "small", "data-testid": "hint-more", "aria-expanded": "false",
    onclick: () => { unfolded = !unfolded; draw(last); } });

  function draw(m) {
    last = m;
    const mine = m && m.decision && m.decision.hint;
    const text = mine ? mine.text : m && m.waiting && m.waiting.hint;
    if (!hintsOn() || !text || m.status !== "running") { box.hidden = true; return; }
    const byAction = new Map(((m.decision && m.decision.options) || []).map(o => [o.action, o.label]));
    const who = mine ? t("Your decision") : t("{name} is deciding", { name: m.waiting.seat_name });
    const folded = phone.matches && !unfolded;
    more.textContent = folded ? t("Show") : t("Fold");
    more.setAttribute("aria-expanded", String(!folded));
    box.classList.toggle("folded", folded);
    if (folded) {
      box.replaceChildren(el("div", { class: "hint-head" }, el("h3", { text: `${t("Hint")} · ${who}` }), more));
      box.hidden = false;
      return;
    }
    // replaceChildren writes a null as the text "null": leave absent parts out
    box.replaceChildren(...[
      el("div", { class: "hint-head" }, el("h3", { text: `${t("Hint")} · ${who}` }), phone.matches ? more : null, off),
      el("p", { class: "hint-text small", "data-testid": "hint-text", text }),
      mine && mine.options.length ? el("ul", { class: "small", "data-testid": "hint-options" },
        mine.options.map(g => el("li", {}, el("b", { text: shortLabels(g.actions, byAction) }), ": ", g.text))) : null,
    ].filter(Boolean));
    box.hidden = false;
  }
  return { draw };
}
