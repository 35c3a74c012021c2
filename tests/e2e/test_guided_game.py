"""The guided first game, in headless chromium: "Learn to play" in the lobby starts a prepared
game against a bot whose table walks the newcomer through the opening decisions (what the
decision is, why one might choose each kind of option, a marked first try), skippable."""

from __future__ import annotations

import pytest

from e2e_helpers import get
from test_first_screens import page_of

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.parametrize("game", ["venus", "cosmic-run", "moon", "mars"])
def test_learn_to_play_walks_through_the_opening_and_can_be_skipped(server, browser, game):
    page = page_of(browser, server, "/")
    page.wait_for_selector("#seats .seat-row")
    page.select_option("#game", game)
    page.click("[data-testid=learn]")
    page.wait_for_url("**/table.html?learn=1&game=*")
    game_id = page.url.split("game=")[1].split("#")[0]
    tour = page.locator("[data-testid=tour]")
    page.wait_for_selector("#decision.mine .options button:enabled", timeout=20000)
    tour.wait_for(state="visible")
    assert "step 1 of 5" in tour.inner_text().lower()
    token = page.url.split("#token=")[1]
    view = get(server, f"/api/games/{game_id}/view", token)
    assert view["decision"]["hint"]["text"] in page.inner_text("[data-testid=tour-text]")
    for part in ("#decision", "[data-testid=tour]"):   # no absent part written out as "null"
        assert "null" not in page.inner_text(part).split()
    suggested = page.locator("#decision .options button.suggested")
    assert suggested.count() == 1
    assert suggested.inner_text().strip() in page.inner_text("[data-testid=tour-try]") or \
        (suggested.get_attribute("title") or "").split(" — ")[0] in page.inner_text("[data-testid=tour-try]")
    suggested.click()
    page.wait_for_function("document.querySelector('[data-testid=tour]').textContent.toLowerCase().includes('step 2 of 5')",
                           timeout=20000)
    page.click("[data-testid=tour-skip]")
    assert tour.is_hidden() and page.locator("#decision .options button.suggested").count() == 0
    page.reload()
    page.wait_for_selector("[data-testid=conn].ok")
    page.wait_for_timeout(500)
    assert tour.is_hidden()
    assert page.errors == []
