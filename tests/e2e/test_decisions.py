"""Decisions a person can scan, in headless chromium: the options grouped by what they act on
(Mars dice by colour, one button an action; Cosmic Run dice by what they do), the safe ones
first and the risky ones marked (the Moon's accidents), and a phone that shows the board first
(a one-line header, the hint folded) with the Mars decision bar clear of the Landing Zone."""

from __future__ import annotations

import pytest
from e2e_helpers import get
from e2e_helpers import post_json as post
from test_first_screens import page_of, seat_link

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def game_at(browser, base, game, kind, viewport, seed=5):
    """A two-seat game (a random bot opposite) clicked on until this seat's decision is ``kind``."""
    g = post(base, "/api/games", {"game": game, "players": 2, "seed": seed,
                                  "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    page = page_of(browser, base, seat_link(g, 0), viewport)
    for _ in range(300):
        page.wait_for_selector("#decision.mine .options button:enabled", timeout=20000)
        if page.get_attribute("[data-decision]", "data-decision") == kind:
            page.wait_for_timeout(300)
            return g, page
        try:
            page.locator("#decision.mine .options button:enabled").last.click(timeout=2000)
        except Exception:  # redrawn under the click
            pass
        page.wait_for_timeout(100)
    raise AssertionError(f"no {kind} decision came")


def test_mars_dice_are_grouped_by_colour_one_button_an_action(server, browser):
    g, page = game_at(browser, server, "mars", "program", LAPTOP)
    heads = page.locator("#decision .opt-head").all_inner_texts()
    assert heads[:3] == ["Put a blue die on", "Put a white die on", "Put a black die on"]
    blue = page.locator("#decision .opt-group", has_text="Put a blue die on")
    assert blue.locator("button").all_inner_texts() == ["action 1", "action 2", "action 3"]
    # the two blue dice are alike until rolled: one button each action, not two
    view = get(server, f"/api/games/{g['id']}/view", g["seats"][0]["token"])
    assert len(view["decision"]["options"]) > page.locator("#decision .options button").count()
    # the ring numbers its columns as the options name them (column c+1 for data col c)
    cols = page.locator("[data-testid=mars-colno]").evaluate_all(
        "ts => ts.map(t => [Number(t.dataset.col), t.textContent])")
    assert cols and all(text == str(c + 1) for c, text in cols)
    n = view["view"]["turn"]["dice_n"]
    assert page.inner_text("[data-testid=decision-note]").startswith(f"{n} of {n} dice left to place")
    blue.locator("button", has_text="action 2").click()
    page.wait_for_selector(f"[data-testid=decision-note]:has-text('{n - 1} of {n} dice left to place (1 placed)')")
    assert page.errors == []


def test_cosmic_run_shows_every_die_grouped_by_what_it_does(server, browser):
    g, page = game_at(browser, server, "cosmic-run", "draft", LAPTOP)
    n = len(get(server, f"/api/games/{g['id']}/view", g["seats"][0]["token"])["decision"]["options"])
    buttons = page.locator("#decision .options button")
    assert buttons.count() == n == 8
    assert "null" not in page.inner_text("#decision").split()
    in_box = page.evaluate("""() => { const box = document.querySelector('#decision .options').getBoundingClientRect();
        return [...document.querySelectorAll('#decision .options button')].every(b => {
          const r = b.getBoundingClientRect();
          return r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5 && r.bottom <= innerHeight; }); }""")
    assert in_box
    assert set(page.locator("#decision .opt-head").all_inner_texts()) <= {
        "Move a ship", "Advance and attack", "Lay a mine", "Gain a technology"}


def test_the_moons_safe_moves_come_first_and_accidents_are_marked(server, browser):
    g, page = game_at(browser, server, "moon", "pick", LAPTOP, seed=3)
    view = get(server, f"/api/games/{g['id']}/view", g["seats"][0]["token"])
    risky = {o["action"] for o in view["decision"]["options"] if o["data"].get("outcome") == "accident"}
    for group in page.locator("#decision .opt-group").all() or [page.locator("#decision .options")]:
        flags = [int(a) in risky for a in group.locator("button").evaluate_all("bs => bs.map(b => b.dataset.action)")]
        assert flags == sorted(flags), "a risky move before a safe one"
    marked = page.locator("#decision .options button.risky")
    assert marked.count() == len(risky)
    if risky:
        assert "risky" in (marked.first.get_attribute("title") or "").lower()


def test_a_phone_shows_the_board_first_and_the_mars_bar_leaves_the_landing_zone_clear(server, browser):
    g, page = game_at(browser, server, "mars", "program", PHONE)
    assert page.evaluate("document.querySelector('header.top').getBoundingClientRect().height") < 48
    assert page.evaluate("getComputedStyle(document.querySelector('header.top')).backgroundColor").startswith("rgb(")
    assert page.locator("[data-testid=hint-text]").count() == 0          # folded until asked for
    assert not page.is_visible("[data-testid=name-input]")
    clear = page.evaluate("""() => document.querySelector('.mars-cardname.lz').getBoundingClientRect().bottom
        <= document.querySelector('#decision').getBoundingClientRect().top""")
    assert clear
    page.click("[data-testid=hint-more]")
    assert page.is_visible("[data-testid=hint-text]")
    assert page.errors == []


@pytest.mark.parametrize("game,kind,term,words", [("moon", "program", "EC", "extra-chance"),
                                                   ("mars", "program", "MMM", "Martian Master Mind")])
def test_jargon_is_explained_in_words_on_first_use(server, browser, game, kind, term, words):
    g, page = game_at(browser, server, game, kind, LAPTOP)
    abbr = page.locator(f"#board abbr[data-term={term}]")
    assert abbr.count() == 1 and words in abbr.get_attribute("title")
    if game == "mars":
        assert "Threat level:" in page.inner_text("#board")
    assert page.errors == []


def test_the_moon_strip_shows_the_columns_and_levels_the_options_name(server, browser):
    g, page = game_at(browser, server, "moon", "pick", LAPTOP, seed=3)
    view = get(server, f"/api/games/{g['id']}/view", g["seats"][0]["token"])
    levels = page.locator("[data-testid=moon-levelno]").evaluate_all("ts => ts.map(t => t.textContent)")
    assert levels == [str(i) for i in range(len(levels))] and len(levels) >= 3
    checked = 0
    for o in view["decision"]["options"]:
        col, level = o["data"]["to"]
        if col == 0 or ", column " not in o["label"]:
            continue   # the goal box
        under = page.locator("svg.moon-lap text.moon-colno").evaluate_all(
            f"ts => ts.filter(t => Math.abs(t.getBBox().x + t.getBBox().width / 2 - ({18 + 26 * col + 13})) < 1)"
            ".map(t => t.textContent)")
        assert under and f"column {under[0]}, level {level}" in o["label"], (o["label"], under)
        checked += 1
    assert checked > 0
