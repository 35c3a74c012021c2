// The table's jargon in words: the first time a short name (EC, MMM, LZ, CP...) shows in a
// panel, it becomes an <abbr> whose tooltip says what it is. Words only; the game's texts and
// the board stay as they are otherwise.
import { el, t } from "./api.js";

const TERMS = {
  moon: {  // the short names as the reader's language writes them
    [t("EC")]: t("extra-chance counter: taken when your astronaut is last; spend one to roll a die again or to take one more die"),
    H: t("handicap counter: taken by the leader; hand one back to roll three dice"),
  },
  mars: {  // the short names of the English texts (the Hungarian ones write the names out)
    MMM: t("the Martian Master Mind: the alien brain at the top of the ring that the marines try to blow up"),
    LZ: t("the Landing Zone: the marines' base at the foot of the ring"),
  },
  venus: {  // the short names as the reader's language writes them
    [t("CP")]: t("combat points: what an attack pays to take a defended tile (units and benefit cards give them)"),
    [t("VP")]: t("victory points: the score at the end"),
  },
  "cosmic-run": {
    [t("VP")]: t("victory points: the score at the end"),
  },
};

// Wrap the first whole-word use of each term of ``game`` inside ``root`` (not inside SVG, links,
// buttons' accessible names are kept: a term inside a button gets the abbr too).
export function explain(root, game) {
  const terms = TERMS[game];
  if (!root || !terms) return;
  const names = Object.keys(terms);
  const re = new RegExp(`\\b(${names.join("|")})\\b`);
  const done = new Set();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: n => (n.parentElement && !n.parentElement.closest("svg, abbr, script, style, input, textarea, select")
      ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
  });
  const hits = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const m = re.exec(n.nodeValue);
    if (m && !done.has(m[1])) { done.add(m[1]); hits.push([n, m]); }
    if (done.size === names.length) break;
  }
  for (const [n, m] of hits) {
    const after = n.splitText(m.index);
    after.nodeValue = after.nodeValue.slice(m[1].length);
    n.parentNode.insertBefore(el("abbr", { class: "term", title: terms[m[1]], "data-term": m[1], text: m[1] }), after);
  }
}
