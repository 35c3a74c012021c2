// A guided first game ("Learn to play" in the lobby): over the opening decisions of a prepared
// game against a bot, a panel says what the decision is, why one might choose each kind of
// option (the game's own first-game hints, in our words) and where to click (one option is
// marked as a fair first try). Skippable at any step; it ends by itself after a few decisions.
import { el, t } from "./api.js";

const STEPS = 5;             // the decisions the tour walks through
const KEY = (game) => `cosmodrome-tour-${game}`;

// The tour of the page at ``box`` for game ``gameId``; draw(m, optionsBox) with each table message.
export function tourLayer(box, gameId) {
  let step = 0, lastVersion = null, skipped = false;
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY(gameId)) || "null");
    if (kept) { step = kept.step; skipped = kept.skipped; }
  } catch (e) { /* private mode: this page only */ }
  const keep = () => { try { sessionStorage.setItem(KEY(gameId), JSON.stringify({ step, skipped })); } catch (e) { /* */ } };

  // A fair first try: the first option of the hint's first group (the hints list the kinds of
  // option in the game's own order), else the first option offered.
  // (only an option that has its own button: options alike share the first one's)
  function suggestion(d, optionsBox) {
    const shown = (a) => d.options.some(o => o.action === a) &&
      (!optionsBox || optionsBox.querySelector(`button[data-action="${a}"]`));
    const groups = (d.hint && d.hint.options) || [];
    for (const g of groups) for (const a of g.actions) if (shown(a)) return a;
    const first = d.options.find(o => shown(o.action));
    return first ? first.action : null;
  }

  function draw(m, optionsBox) {
    if (skipped || !m || m.status !== "running") { box.hidden = true; return; }
    if (m.decision && lastVersion !== null && m.version !== lastVersion && step < STEPS) { step += 1; keep(); }
    if (m.decision) lastVersion = m.version;
    if (step >= STEPS) {
      box.replaceChildren(el("h3", { text: t("Guided first game") }),
        el("p", { "data-testid": "tour-done", text: t("That was the opening: you have met the main decisions. Play on against the bot; the hints stay beside each decision, and How to play has the whole rules in short.") }),
        el("button", { type: "button", class: "small", text: t("Close the guide"), onclick: () => { skipped = true; keep(); box.hidden = true; } }));
      box.hidden = false;
      return;
    }
    const skip = el("button", { type: "button", class: "small", "data-testid": "tour-skip", text: t("Skip the guide"),
      onclick: () => { skipped = true; keep(); box.hidden = true; optionsBox && optionsBox.querySelectorAll(".suggested").forEach(b => b.classList.remove("suggested")); } });
    const head = el("div", { class: "hint-head" }, el("h3", { text: t("Guided first game · step {n} of {total}", { n: step + 1, total: STEPS }) }), skip);
    if (!m.decision) {
      box.replaceChildren(head, el("p", { class: "small", "data-testid": "tour-text",
        text: t("The other side is deciding. Watch the board and the log: each move shows there as it happens.") }));
      box.hidden = false;
      return;
    }
    const d = m.decision;
    const pick = suggestion(d, optionsBox);
    const chosen = d.options.find(o => o.action === pick);
    const why = ((d.hint && d.hint.options) || []).slice(0, 4);
    box.replaceChildren(...[head,
      el("p", { "data-testid": "tour-text" }, el("b", { text: t("What this is: ") }), d.hint ? d.hint.text : d.prompt),
      why.length ? el("ul", { class: "small" }, why.map(g => el("li", { text: g.text }))) : null,
      chosen ? el("p", { class: "small", "data-testid": "tour-try" }, el("b", { text: t("Where to click: ") }),
        t("a fair first try is “{label}”, marked in the decision panel (a highlighted place on the board does the same).", { label: chosen.label })) : null,
    ].filter(Boolean));
    box.hidden = false;
    if (optionsBox && pick !== null) {
      const b = optionsBox.querySelector(`button[data-action="${pick}"]`);
      if (b) b.classList.add("suggested");
    }
  }
  return { draw };
}
