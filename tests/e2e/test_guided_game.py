"""The guided first game, in headless chromium: "Learn to play <game>" in the lobby starts the
prepared game of that game's script (web/js/tours.js) against a bot; its table walks the
newcomer through the opening, step by step in the script's own words (what the decision is,
why the suggested option, where to click: the option marked in the panel and its place lit on
the board), to the script's end; the guide can be skipped and stays skipped."""

from __future__ import annotations

import re

import pytest
from e2e_helpers import get
from test_first_screens import page_of

pytestmark = [pytest.mark.browser, pytest.mark.slow]

GAMES = ["venus", "cosmic-run", "moon", "mars"]


def learn(browser, server, game):
    page = page_of(browser, server, "/")
    page.wait_for_selector("#seats .seat-row")
    page.select_option("#game", game)
    title = page.inner_text("[data-testid=learn]")
    assert title.startswith("Learn to play ") and len(title) > len("Learn to play ")
    page.click("[data-testid=learn]")
    page.wait_for_url("**/table.html?learn=1&game=*")
    return page


def fits(option, pick):
    if "label" in pick and not re.search(pick["label"], option["label"]):
        return False
    return all(option.get("data", {}).get(k) == v for k, v in pick.get("data", {}).items())


@pytest.mark.parametrize("game", GAMES)
def test_learn_to_play_follows_the_games_own_script_to_its_end(server, browser, game):
    page = learn(browser, server, game)
    script = page.evaluate(f"import('/js/tours.js').then(m => m.TOURS[{game!r}])")
    steps = script["steps"]
    assert len(steps) >= 5
    game_id = page.url.split("game=")[1].split("#")[0]
    token = page.url.split("#token=")[1]
    tour = page.locator("[data-testid=tour]")
    lit = 0
    for n, step in enumerate(steps, start=1):
        page.wait_for_function(
            "n => (document.querySelector('[data-testid=tour]').textContent.toLowerCase().includes(`step ${n} of`))"
            " && document.querySelector('[data-testid=tour-title]')"
            " && document.querySelector('#decision.mine .options button.suggested:enabled')",
            arg=n, timeout=30000)
        text = tour.inner_text()
        assert f"step {n} of {len(steps)}" in text.lower()
        assert page.inner_text("[data-testid=tour-title]") == step["title"]
        assert step["what"] in text
        # the script's own pick is offered in the prepared position, and it is the one marked
        view = get(server, f"/api/games/{game_id}/view", token)
        assert view["decision"]["kind"] == step["kind"]
        wanted = [o["action"] for o in view["decision"]["options"] if fits(o, step["pick"])]
        assert wanted, (game, n, step["pick"], [o["label"] for o in view["decision"]["options"]])
        marked = page.locator("#decision .options button.suggested")
        assert marked.count() == 1 and int(marked.get_attribute("data-action")) in wanted
        assert step["why"] in text
        assert "null" not in text.split()
        lit += page.locator("#board .tour-spot, #hand-slot .tour-spot").count() > 0
        marked.click()
    page.wait_for_selector("[data-testid=tour-done]", timeout=30000)
    assert lit >= 2, "the board lights the suggested place"
    page.click("[data-testid=tour-close]")
    assert tour.is_hidden()
    assert page.errors == []


def test_the_guide_can_be_skipped_and_stays_skipped(server, browser):
    page = learn(browser, server, "moon")
    tour = page.locator("[data-testid=tour]")
    page.wait_for_selector("#decision.mine .options button.suggested", timeout=20000)
    assert "step 1 of" in tour.inner_text().lower()
    page.click("[data-testid=tour-skip]")
    assert tour.is_hidden()
    assert page.locator(".suggested, .tour-spot").count() == 0
    page.reload()
    page.wait_for_selector("[data-testid=conn].ok")
    page.wait_for_timeout(500)
    assert tour.is_hidden()
    assert page.errors == []


def test_a_game_without_a_script_offers_no_guided_game(server, browser):
    page = page_of(browser, server, "/")
    page.wait_for_selector("#seats .seat-row")
    page.select_option("#game", "pocket-race")
    assert page.locator("[data-testid=learn]").is_hidden()
