// A guided first game ("Learn to play" in the lobby): the game's own script (tours.js) walks the
// newcomer through the opening decisions of a prepared position against a bot. Each step says
// what the decision is, why one might choose the suggested option, and where to click: the
// option is marked in the decision panel and its place on the board is lit. Skippable at any
// step; the walk ends after the script's last step. The engine here is the same for every game:
// what differs is data.
import { el, t } from "./api.js";
import { tourOf } from "./tours.js";

const KEY = (game) => `cosmodrome-tour-${game}`;

/** Whether option ``o`` fits a step's ``pick`` ({label: pattern, data: {key: value}}). */
export function fits(o, pick) {
  if (!pick) return false;
  if (pick.label && !new RegExp(pick.label).test(o.label)) return false;
  const d = o.data || {};
  return Object.entries(pick.data || {}).every(([k, v]) => d[k] === v);
}

// The tour of the page at ``box`` for game ``gameId``: draw(m, optionsBox) with each table
// message, spot(places...) once the board is drawn.
export function tourLayer(box, gameId) {
  let step = 0, skipped = false, shownAt = null, script = null;
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY(gameId)) || "null");
    if (kept) { step = kept.step; skipped = kept.skipped; }
  } catch (e) { /* private mode: this page only */ }
  const keep = () => { try { sessionStorage.setItem(KEY(gameId), JSON.stringify({ step, skipped })); } catch (e) { /* */ } };
  let suggested = null;        // the action the current step suggests

  // The option to suggest: the step's pick when offered (with its own button), else the first
  // option of the hint's first kind, else the first option.
  function suggestion(d, s, optionsBox) {
    const shown = (o) => !optionsBox || optionsBox.querySelector(`button[data-action="${o.action}"]`);
    const own = d.options.find(o => fits(o, s.pick) && shown(o));
    if (own) return own;
    for (const g of (d.hint && d.hint.options) || []) {
      const o = d.options.find(x => g.actions.includes(x.action) && shown(x));
      if (o) return o;
    }
    return d.options.find(shown) || null;
  }

  function close() {
    skipped = true; keep(); box.hidden = true; suggested = null;
    document.querySelectorAll(".suggested, .tour-spot").forEach(b => b.classList.remove("suggested", "tour-spot"));
  }

  function done() {
    box.replaceChildren(el("h3", { text: t("Guided first game") }),
      el("p", { "data-testid": "tour-done", text: t("That was the opening: you have met the main decisions of this game. Play on against the bot; the hints stay beside each decision, and How to play has the whole rules in short.") }),
      el("button", { type: "button", class: "small", "data-testid": "tour-close", text: t("Close the guide"), onclick: close }));
    box.hidden = false;
  }

  function draw(m, optionsBox) {
    suggested = null;
    if (!script && m) script = tourOf(m.game);
    if (skipped || !script || !m || m.status !== "running") { box.hidden = true; return; }
    const steps = script.steps;
    // the step shown before was answered: on to the next
    if (shownAt && m.version !== shownAt.version && shownAt.step === step) { step += 1; shownAt = null; keep(); }
    if (step >= steps.length) return done();
    const skip = el("button", { type: "button", class: "small", "data-testid": "tour-skip", text: t("Skip the guide"), onclick: close });
    const head = (n) => el("div", { class: "hint-head" }, el("h3", { text: t("Guided first game · step {n} of {total}", { n, total: steps.length }) }), skip);
    const d = m.decision;
    // a decision the script passes over (the bot's turn, or one the script does not walk through)
    const at = d ? steps.findIndex((s, i) => i >= step && s.kind === d.kind) : -1;
    if (!d || at < 0) {
      box.replaceChildren(head(step + 1), el("p", { class: "small", "data-testid": "tour-text",
        text: d ? `${d.hint ? d.hint.text : d.prompt} ${t("The guide goes on at the next decision it explains.")}`
          : t("The other side is deciding. Watch the board and the log: each move shows there as it happens.") }));
      box.hidden = false;
      return;
    }
    if (at !== step) { step = at; keep(); }
    const s = steps[step];
    const pick = suggestion(d, s, optionsBox);
    suggested = pick ? pick.action : null;
    shownAt = { step, version: m.version };
    box.replaceChildren(...[head(step + 1),
      el("h4", { "data-testid": "tour-title", text: s.title }),
      el("p", { "data-testid": "tour-text" }, el("b", { text: t("What this is: ") }), s.what),
      pick && fits(pick, s.pick) ? el("p", { "data-testid": "tour-why" }, el("b", { text: t("Why this one: ") }), s.why) : null,
      pick ? el("p", { class: "small", "data-testid": "tour-try" }, el("b", { text: t("Where to click: ") }),
        t("“{label}”, marked in the decision panel; where the board shows it, its place is lit there too.", { label: pick.label })) : null,
    ].filter(Boolean));
    box.hidden = false;
    if (optionsBox && suggested !== null) {
      const b = optionsBox.querySelector(`button[data-action="${suggested}"]`);
      if (b) b.classList.add("suggested");
    }
  }

  // Light the board's place of the suggested option (a renderer marks its places with the
  // actions they take: data-action, or data-options on the Venus table).
  function spot(...parts) {
    document.querySelectorAll(".tour-spot").forEach(n => n.classList.remove("tour-spot"));
    if (suggested === null) return;
    for (const part of parts) {
      if (!part) continue;
      for (const n of part.querySelectorAll("[data-action], [data-options]")) {
        const list = (n.getAttribute("data-action") || n.getAttribute("data-options") || "").split(",");
        if (list.includes(String(suggested))) n.classList.add("tour-spot");
      }
    }
  }
  return { draw, spot };
}
