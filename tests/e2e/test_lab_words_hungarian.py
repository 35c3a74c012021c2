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
    assert sources and not [s for s in sources if re.search(r"\b(RB|sheet|component sheet|fact|assumed|the|and)\b", s)], sources
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
