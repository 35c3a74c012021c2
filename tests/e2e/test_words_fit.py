"""Hungarian words fit their boxes (issue #29, a Hungarian reader's findings: Cosmic Run's
technology names, Mars's "destroyed" and deck line, Venus's "Ganümédész" ran out of their boxes).
A Hungarian table of each game, early in a game and at its end, on a laptop (1280×800) and a
phone (390×844): no text sticks out of its box, none is cut by a box that hides what overflows
(an ellipsis included), none is off the screen, and the page is no wider than the screen; the
words of the drawings (SVG) stay inside the drawing, inside the box drawn behind them, and Mars's
notes inside the planet. Animations are off (reduced motion) and the fonts loaded before measuring."""

from __future__ import annotations

import random

import pytest
from e2e_helpers import post_json as post

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
GAMES = {"cosmic-run": 2, "mars": 2, "venus": 3, "moon": 2}
#: each text of the page measured against its box; a list of what does not fit
OVERFLOWS = r"""() => {
  const bad = [];
  const name = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
    (e.getAttribute("class") ? "." + String(e.getAttribute("class")).trim().split(/\s+/).join(".") : "");
  const path = e => {
    const p = [];
    for (let x = e; x && x !== document.body && p.length < 3; x = x.parentElement) p.unshift(name(x));
    return p.join(" > ");
  };
  const shown = e => {
    for (let x = e; x && x !== document; x = x.parentElement) {
      const cs = getComputedStyle(x);
      if (cs.display === "none" || cs.visibility === "hidden" || x.hidden) return false;
    }
    return e.getClientRects().length > 0;
  };
  const W = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > W + 1)
    bad.push({ kind: "page", sw: document.documentElement.scrollWidth, w: W });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const n = walker.currentNode;
    const host = n.parentElement;
    if (!n.nodeValue.trim() || !host
        || host.closest("svg, script, style, option, select, .sr-only, [aria-hidden=true]") || !shown(host)) continue;
    // a word for screen readers only (a status dot)
    if (getComputedStyle(host).color === "rgba(0, 0, 0, 0)") continue;
    const range = document.createRange(); range.selectNodeContents(n);
    const rects = [...range.getClientRects()].filter(r => r.width > 0);
    if (!rects.length) continue;
    const left = Math.min(...rects.map(r => r.left)), right = Math.max(...rects.map(r => r.right));
    const top = Math.min(...rects.map(r => r.top)), bottom = Math.max(...rects.map(r => r.bottom));
    let block = host; while (block && getComputedStyle(block).display === "inline") block = block.parentElement;
    const text = n.nodeValue.trim().slice(0, 50);
    const b = block.getBoundingClientRect(), cs = getComputedStyle(block);
    const inL = b.left + parseFloat(cs.borderLeftWidth), inR = b.right - parseFloat(cs.borderRightWidth);
    if (left < inL - 1 || right > inR + 1)
      bad.push({ kind: "out-of-box", el: path(block), text, over: Math.round(Math.max(inL - left, right - inR)) });
    // a table wider than its panel scrolls sideways in a box of its own: the box is on the screen
    const sx = (() => {
      for (let a = host; a && a !== document.body; a = a.parentElement) {
        const o = getComputedStyle(a).overflowX;
        if (o === "auto" || o === "scroll") return a;
      }
      return null;
    })();
    const seen = sx ? sx.getBoundingClientRect() : { left, right };
    if (seen.left < -1 || seen.right > W + 1) bad.push({ kind: "off-screen", el: path(sx || block), text });
    for (let a = host; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      const clipX = s.overflowX === "hidden" || s.overflowX === "clip";
      const clipY = s.overflowY === "hidden" || s.overflowY === "clip";
      if (!clipX && !clipY) continue;
      const r = a.getBoundingClientRect();
      if (clipX && (left < r.left - 1 || right > r.right + 1)) {
        bad.push({ kind: "clipped-x", el: path(a), text }); break;
      }
      if (clipY && s.webkitLineClamp === "none" && (top < r.top - 1 || bottom > r.bottom + 1)) {
        bad.push({ kind: "clipped-y", el: path(a), text }); break;
      }
    }
  }
  // SVG words: inside the drawing, and inside the box drawn behind them (a rect first in their group)
  for (const tx of document.querySelectorAll("svg text")) {
    if (!tx.textContent.trim() || !shown(tx)) continue;
    const r = tx.getBoundingClientRect(), own = tx.ownerSVGElement.getBoundingClientRect();
    const text = tx.textContent.trim().slice(0, 50);
    if (r.left < own.left - 1 || r.right > own.right + 1) bad.push({ kind: "svg-out", el: path(tx), text });
    const disc = tx.closest(".mars-centre") && tx.ownerSVGElement.querySelector("circle.mars-planet");
    if (disc && tx.closest(".mars-centre") === tx.parentNode) {   // the centre's notes stay inside the planet
      const d = disc.getBoundingClientRect(), rad = d.width / 2;
      const cx = (d.left + d.right) / 2, cy = (d.top + d.bottom) / 2;
      const y = (r.top + r.bottom) / 2;
      if (Math.hypot(r.left - cx, y - cy) > rad + 1 || Math.hypot(r.right - cx, y - cy) > rad + 1)
        bad.push({ kind: "svg-disc", el: path(tx), text });
    }
    const box = tx.parentNode.tagName === "g" ? [...tx.parentNode.children].find(c => c.tagName === "rect") : null;
    const bb = box && box.getBoundingClientRect();
    if (bb && r.top + r.height / 2 > bb.top && r.top + r.height / 2 < bb.bottom
        && (r.left < bb.left - 1 || r.right > bb.right + 1))
      bad.push({ kind: "svg-box", el: path(tx), text, tw: Math.round(r.width), bw: Math.round(bb.width) });
  }
  return bad;
}"""


def record(game, players, seed, actions):
    """A record of a seeded random game after ``actions`` actions (or at its end), and the seat to move."""
    from cosmodrome.core import GameRecord

    rec, s = GameRecord.start(game, players, seed)
    rng = random.Random(seed)
    while not s.is_terminal() and len(rec.actions) < actions:
        a = rng.choice(s.legal_actions())
        s.apply(a)
        rec.actions.append(a)
    return rec.to_json(), (0 if s.is_terminal() else s.to_move())


@pytest.fixture(scope="module")
def tables(server):
    """Per game: an early table and a finished one (imported games: their seats' tokens)."""
    out = {}
    for game, players in GAMES.items():
        for when, actions in (("early", 5), ("end", 10 ** 6)):
            rec, seat = record(game, players, 7, actions)
            g = post(server, "/api/games/import",
                     {"record": rec, "mode": "continue", "seats": [{"kind": "human"}] * players})
            out[game, when] = f"{server}/table.html?game={g['id']}#token={g['seats'][seat]['token']}"
    return out


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_hungarian_word_fits_its_box(browser, tables, game, size):
    ctx = browser.new_context(viewport=SIZES[size], locale="hu-HU", reduced_motion="reduce")
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        for when in ("early", "end"):
            page.goto(tables[game, when])
            page.wait_for_selector("[data-testid=log] *", timeout=20000)
            page.wait_for_selector("#board svg, #board .vn, #board .cr", timeout=20000)
            # the game's own stylesheet is linked when its table is first drawn: measured once loaded
            page.wait_for_function("[...document.querySelectorAll('link[rel=stylesheet]')].every(l => l.sheet)",
                                   timeout=20000)
            page.evaluate("document.fonts.ready.then(() => new Promise(r => "
                          "requestAnimationFrame(() => requestAnimationFrame(r))))")
            assert page.evaluate("document.documentElement.lang") == "hu"
            shown = page.evaluate("document.body.innerText") + " ".join(page.locator("svg text").all_text_contents())
            # the words the reader found running over: here to be measured
            expect = {("cosmic-run", "early"): "Transzformátor", ("venus", "early"): "Ganümédész",
                      ("mars", "early"): "még nincs ledobva", ("mars", "end"): "romokban"}.get((game, when))
            assert expect is None or expect in shown, (game, when, expect)
            assert page.evaluate(OVERFLOWS) == [], (game, when, size)
        assert errors == []
    finally:
        ctx.close()


#: the words of the end screens' statistics tables that a line break cuts in two: each word of a
#: cell (a run of letters between spaces) measured with a Range; its boxes must share one line
SPLIT_WORDS = r"""() => {
  const split = [];
  for (const table of document.querySelectorAll("#result table.stats, [data-testid=cr-end] table")) {
    const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const n = walker.currentNode;
      for (const m of n.nodeValue.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(n, m.index); range.setEnd(n, m.index + m[0].length);
        const tops = [...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top));
        if (new Set(tops).size > 1) split.push(m[0] + " (" + n.nodeValue.trim() + ")");
      }
    }
  }
  return split;
}"""

#: the end screens the reader found words cut on (issue #29): game, language, screen size
END_SCREENS = [("moon", "hu-HU", "laptop"), ("mars", "hu-HU", "laptop"), ("mars", "hu-HU", "phone"),
               ("cosmic-run", "hu-HU", "phone"), ("cosmic-run", "en-US", "phone")]


@pytest.mark.parametrize(("game", "locale", "size"), END_SCREENS, ids=["-".join(s) for s in END_SCREENS])
def test_no_word_of_an_end_table_is_cut_in_two(browser, tables, game, locale, size):
    """A statistics table's cell wraps between words, never inside one ("Szovjetuni|ó", "Oran|ge"),
    and still fits its box (a table wider than its panel scrolls in a box of its own)."""
    ctx = browser.new_context(viewport=SIZES[size], locale=locale, reduced_motion="reduce")
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(tables[game, "end"])
        table = "[data-testid=cr-end] table" if game == "cosmic-run" else "#result table.stats"
        page.wait_for_selector(table, timeout=20000)
        # a game's own stylesheet is added when its board is first drawn: measured once it is in
        page.wait_for_function("[...document.querySelectorAll('link[rel=stylesheet]')].every(l => l.sheet)",
                               timeout=20000)
        page.evaluate("document.fonts.ready.then(() => new Promise(r => "
                      "requestAnimationFrame(() => requestAnimationFrame(r))))")
        assert page.evaluate("document.documentElement.lang") == locale[:2]
        # the table has words long enough to be cut, and rows under its headings
        assert page.locator(table).locator("tr").count() >= 3
        assert page.evaluate(SPLIT_WORDS) == [], (game, locale, size)
        assert page.evaluate(OVERFLOWS) == [], (game, locale, size)
        assert errors == []
    finally:
        ctx.close()
