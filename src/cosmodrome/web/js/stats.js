// A game's end-of-game statistics (each game declares them beside its scoring): a table of
// rows, a label and one number a seat, shown in the result panel and at a replay's end.
import { el, t } from "./api.js";

export function statsTable(rows, seats) {
  if (!Array.isArray(rows) || !rows.length) return null;
  return el("table", { class: "stats", "data-testid": "stats" },
    el("caption", { text: t("How the game went") }),
    el("tr", {}, el("th", { scope: "col", text: "" }), seats.map(s => el("th", { scope: "col", text: s.display || s.name }))),
    rows.map(r => el("tr", { title: r.help || null, "data-stat": r.key },
      el("th", { scope: "row", text: r.label }), r.values.map(v => el("td", { text: v === null || v === undefined ? "–" : String(v) })))));
}
