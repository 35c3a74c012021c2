"""March on Mars in headless chromium, on the generic table: a 2-marine game with a heuristic
bot companion played to the end by clicking the decision's buttons; every click is checked
against the action the server recorded, and the end shows the team's result."""

from __future__ import annotations

import random
import time

import pytest
from test_cosmic_run_page import post

from e2e_helpers import get, stored_actions

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_two_marine_game_with_a_bot_companion_to_the_end(server, browser):
    g = post(server, "/api/games", {"game": "mars", "players": 2, "seed": 7, "options": {"threat": "baby"},
                                    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]})
    gid, token = g["id"], g["seats"][0]["token"]
    page = browser.new_context(viewport={"width": 1440, "height": 1000}).new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/table.html?game={gid}#token={token}")
    page.wait_for_selector("[data-testid=conn].ok")
    rng = random.Random(4)
    start, clicks = time.time(), 0
    while not page.query_selector("[data-testid=winner]"):
        assert time.time() - start < 240, "the game did not finish in time (a hang guard, not a speed test)"
        buttons = page.locator("#decision.mine .options button:enabled")
        if buttons.count() == 0:
            page.wait_for_timeout(30)
            continue
        before = get(server, f"/api/games/{gid}")["actions"]
        b = buttons.nth(rng.randrange(buttons.count()))
        action = int(b.get_attribute("data-action"))
        b.click()
        end = time.time() + 15
        stored = stored_actions(server, gid)  # a running game's record is sealed to clients
        while len(stored) <= before and time.time() < end:
            page.wait_for_timeout(30)
            stored = stored_actions(server, gid)
        assert len(stored) > before, "the click was not recorded"
        assert stored[before] == action
        clicks += 1
    info = get(server, f"/api/games/{gid}")
    assert info["status"] == "finished" and info["result"]["cooperative"] is True
    headline = page.locator("[data-testid=winner]").inner_text()
    assert headline == ("The team won!" if info["result"]["winners"] else "The team lost!")
    assert len(set(info["result"]["returns"])) == 1
    assert clicks > 10 and not errors, errors
