// The rules page of one game (rules.html?game=NAME): our own summary of its rulebook, section by
// section, each naming the rulebook section it retells, with small diagrams and the lists the
// game's text module provides. Everything comes from GET /api/game-types/NAME/how-to-play (the
// core reads the game's help file); nothing is fetched from outside, so the page works offline.
import { api, el, params, t } from "./api.js";

const $ = (id) => document.getElementById(id);

// A diagram as an image: an <img> never runs what an SVG might carry, and its alt is the caption.
function diagram(s) {
  return el("figure", { class: "rules-fig" },
    el("img", { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(s.svg)}`, alt: s.caption }),
    el("figcaption", { class: "small muted", text: s.caption }));
}

function section(s, i) {
  return el("section", { class: "panel rules-section", id: `s${i + 1}`, "data-testid": "rules-section" },
    el("h2", { text: s.heading }),
    s.paragraphs.map(p => el("p", { text: p })),
    s.svg ? diagram(s) : null,
    s.items ? el("dl", { class: "rules-items" }, s.items.flatMap(([name, text]) => [el("dt", { text: name }), el("dd", { text })])) : null,
    el("p", { class: "small muted rules-source", text: t("Rulebook: {source}", { source: s.source }) }));
}

async function main() {
  const game = params().get("game") || "";
  let types = [];
  try { types = (await api("GET", "/api/game-types")).games.filter(t => t.how_to_play); } catch (e) { types = []; }
  $("games").replaceChildren(...types.map(t => el("a", { href: `/rules.html?game=${encodeURIComponent(t.name)}`,
    "aria-current": t.name === game ? "page" : null, text: t.title })));
  if (!game) {
    $("rules").replaceChildren(el("h1", { text: t("How to play") }),
      el("ul", {}, types.map(t => el("li", {}, el("a", { href: `/rules.html?game=${encodeURIComponent(t.name)}`, text: t.title })))));
    return;
  }
  let page;
  try { page = await api("GET", `/api/game-types/${encodeURIComponent(game)}/how-to-play`); }
  catch (e) {
    $("rules").replaceChildren(el("h1", { text: t("How to play") }), el("p", { class: "banner error", role: "alert", text: e.message }));
    return;
  }
  document.title = `${t("How to play {game}", { game: page.title })} — Cosmodrome`;
  $("rules").replaceChildren(
    el("h1", { id: "rules-title", text: t("How to play {game}", { game: page.title }) }),
    el("p", { class: "rules-intro", text: page.intro }),
    el("nav", { class: "panel rules-toc", "aria-label": t("sections") },
      el("ol", {}, page.sections.map((s, i) => el("li", {}, el("a", { href: `#s${i + 1}`, text: s.heading }))))),
    ...page.sections.map(section),
    el("p", { class: "small muted", text: t("Our own summary of {rulebook}; each section names the part of the rulebook it retells. Where the rulebook is silent, the table follows our own rulings, each with its reason.", { rulebook: page.rulebook }) }));
}
main();
