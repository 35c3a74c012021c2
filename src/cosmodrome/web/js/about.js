// "About this game": what of the game's components is our reconstruction rather than printed
// fact, from the game type's `reconstructed` info (the fact/assumed marks of its data file).
import { el, pgettext, t } from "./api.js";

// The abbreviations the source notes use, each in words, those the notes shown use only:
//   "RB: the rulebook; HU: the Hungarian edition's rulebook"
function sourceLegend(sources) {
  const abbreviations = [
    [pgettext("a source note: the rulebook", "RB"), t("the rulebook")],
    ["SUM", t("the rules summary")],
    ["HU", t("the Hungarian edition's rulebook")],
    [pgettext("a source note: our component sheet", "sheet"), t("our component sheet")],
  ];
  const used = abbreviations.filter(([a]) => sources.some(s => new RegExp(`(^|[^\\p{L}])${a}($|[^\\p{L}])`, "u").test(s)));
  return used.length ? t("Sources: {list}", { list: used.map(([a, words]) => `${a}: ${words}`).join("; ") }) : "";
}

// A <details> panel listing, per section of the component data, the reconstructed entries
// with their sources, and the game's notes on names we invented. `type` is one entry of
// GET /api/game-types.
export function aboutPanel(type) {
  const rec = (type && type.reconstructed) || { sections: [], notes: [] };
  const body = [];
  if (!rec.sections.length && !rec.notes.length) {
    body.push(el("p", { class: "small", text: t("Nothing of this game's components is our reconstruction.") }));
  } else {
    body.push(el("p", { class: "small",
      text: t("The rulebook we play from lost its pictures, so these parts of the components are our " +
            "reconstruction, consistent with everything the rules say but not printed fact:") }));
    body.push(el("ul", { class: "about-list small" }, rec.sections.map(s =>
      el("li", {},
        el("details", {},
          el("summary", { "data-section": s.section,
            text: t("{section}: {n} of {total} entries reconstructed", { section: s.label || s.section, n: s.assumed, total: s.total }) }),
          // an entry in words (the file's key stays in data-path)
          el("ul", {}, s.entries.map(e => el("li", { "data-path": e.path, text: `${e.label || e.path}: ${e.source}` })))))),
      rec.notes.map(n => el("li", { text: n }))));
    const legend = sourceLegend(rec.sections.flatMap(s => s.entries.map(e => e.source)));
    if (legend) body.push(el("p", { class: "small muted", "data-testid": "about-sources", text: legend }));
  }
  return el("details", { class: "panel about", "data-testid": "about" },
    el("summary", { text: type ? t("About {game}", { game: type.title }) : t("About this game") }),
    type && type.description ? el("p", { class: "small", text: type.description }) : null,
    ...body);
}
