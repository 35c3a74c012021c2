// A game's end-of-game statistics (each game declares them beside its scoring): a table of
// rows, a label and one number a seat, shown in the result panel and at a replay's end, in a box
// of its own that scrolls sideways if the table is wider than the panel (words are never cut).
import { el, t } from "./api.js";

// a word with a hyphen in it ("FI-jelzők") kept on one line: the cell wraps at its spaces only
const words = text => String(text).split(/(\s+)/).filter(Boolean).map(w => w.includes("-") ? el("span", { class: "word", text: w }) : w);

export function statsTable(rows, seats) {
  if (!Array.isArray(rows) || !rows.length) return null;
  return el("div", { class: "stats-box" }, el("table", { class: "stats", "data-testid": "stats" },
    el("caption", { text: t("How the game went") }),
    el("tr", {}, el("th", { scope: "col", text: "" }), seats.map(s => el("th", { scope: "col" }, words(s.display || s.name)))),
    rows.map(r => el("tr", { title: r.help || null, "data-stat": r.key },
      el("th", { scope: "row" }, words(r.label)), r.values.map(v => el("td", { text: v === null || v === undefined ? "–" : String(v) }))))));
}
