"""The design lab read in Hungarian (issue #29, a reader's findings): how the games of a run ended
is said in words (not the games' codes, "stuck", "normal"), each entry's mark and source note
are Hungarian, and the variant's default name is too."""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_run_read_in_hungarian_says_how_its_games_ended(server, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="hu-HU")
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/lab.html?game=cosmic-run")
    page.wait_for_selector(".entry", timeout=20000)
    assert page.input_value("#lab-name") == "saját változatom"
    marks = page.eval_on_selector_all(".entry-head .pill", "ns => ns.map(n => n.textContent)")
    assert marks and set(marks) <= {"tény", "feltevés"}, marks
    sources = page.eval_on_selector_all("[data-testid=lab-source]", "ns => ns.map(n => n.textContent)")
    assert sources, sources
    assert not [s for s in sources if re.search(r"\b(RB|sheet|component sheet|fact|assumed|the|and)\b", s)], sources
    page.fill("#lab-players", "2")
    page.dispatch_event("#lab-players", "change")
    page.fill("#lab-games", "6")
    page.click("#lab-run")
    page.wait_for_selector("[data-testid=lab-breakdown-table]", timeout=120000)
    row = page.locator("[data-testid=lab-breakdown-table] tr", has_text="Hogyan értek véget a játszmák").inner_text()
    assert not re.search(r"\b(stuck|rounds|planets|normal|mission|destroyed|zorlord|rapid-fire|a player)\b", row), row
    assert re.search(r"forduló|bolygó|hajói", row), row
    assert errors == []
    ctx.close()


def test_the_page_chooses_the_hungarian_article_for_the_word_filled_in(server, browser):
    # the page's catalog writes "{game:az}"-style fields with the article of the value: "az" before
    # a vowel sound (and egy, öt, ezer...), "a" before a consonant; never "a(z)"
    ctx = browser.new_context(locale="hu-HU")
    page = ctx.new_page()
    page.goto(f"{server}/lab.html")
    page.wait_for_selector(".entry", timeout=20000)
    got = page.evaluate("""async () => { const m = await import('/js/i18n.js');
      const run = g => m.t("Run a variant of {game} to see it beside the printed game.", { game: g });
      const die = n => m.t("die {n}", { n });
      return [run("Irány a Vénusz!"), run("Séta a Holdon"), die(1), die(2), die(5), die(10),
              m.article(1000), m.article(15), m.article("S")]; }""")
    assert got == ["Futtasd az Irány a Vénusz! egy változatát, hogy a nyomtatott játék mellett lásd.",
                   "Futtasd a Séta a Holdon egy változatát, hogy a nyomtatott játék mellett lásd.",
                   "az 1. kocka", "a 2. kocka", "az 5. kocka", "a 10. kocka", "az", "a", "az"], got
    catalog = page.evaluate("async () => (await (await fetch('/api/i18n/hu')).json()).messages")
    assert not [k for k, v in catalog.items() if "a(z)" in str(v) or "A(z)" in str(v)]
    ctx.close()
