"""The end of a game in headless chromium: the result panel has the way on (Rematch, New game,
Back to the lobby, Replay) and the game's statistics, which the replay's last step shows too."""

from __future__ import annotations

import pytest
from e2e_helpers import post_json as post
from test_first_screens import page_of, play_out, seat_link

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_end_screen_has_the_way_on_and_the_statistics(server, browser):
    g = post(server, "/api/games", {"game": "pocket-race", "players": 2, "seed": 8, "options": {"rounds": 1},
                                    "seats": [{"kind": "human"}, {"kind": "human"}]})
    a = page_of(browser, server, seat_link(g, 0))
    b = a.context.new_page()
    b.goto(server + seat_link(g, 1))
    for pg in (a, b):
        pg.wait_for_selector("[data-testid=conn].ok")
    play_out([a, b])
    way = a.locator("[data-testid=way-on]")
    way.wait_for()
    assert way.locator("[data-testid=rematch]").is_visible()
    assert a.get_attribute("[data-testid=new-game]", "href") == "/?game=pocket-race"
    assert a.get_attribute("[data-testid=to-lobby]", "href") == "/"
    assert a.get_attribute("[data-testid=end-replay]", "href") == f"/replay.html?game={g['id']}"
    stats = a.locator("[data-testid=result] [data-testid=stats]")
    assert "Cards played" in stats.inner_text()
    assert stats.locator("tr").count() == 3   # the seats' names, then one row a statistic
    assert "null" not in a.inner_text("[data-testid=result]")
    # New game: the lobby with this game chosen
    a.click("[data-testid=new-game]")
    a.wait_for_selector("#seats .seat-row")
    assert a.input_value("#game") == "pocket-race"
    # the replay's last step shows the statistics too
    a.goto(f"{server}/replay.html?game={g['id']}")
    a.wait_for_selector("[data-testid=stepno]:has-text('/')")
    a.click("#last")
    a.wait_for_selector("#result [data-testid=stats]")
    assert "Cards played" in a.inner_text("#result")
    assert a.errors == []


def test_the_profile_adds_up_the_statistics_of_an_accounts_games(server, browser):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    r = page.request.post(f"{server}/api/account/signup", data={"name": "Statsy", "password": "correct horse battery"})
    assert r.ok, r.text()
    r = page.request.post(f"{server}/api/games", data={"game": "pocket-race", "players": 2, "options": {"rounds": 1},
                                                       "seats": [{"kind": "human"}, {"kind": "human"}]})
    g = r.json()
    page.goto(server + seat_link(g, 0))
    other = ctx.new_page()
    other.goto(server + seat_link(g, 1))
    for pg in (page, other):
        pg.wait_for_selector("[data-testid=conn].ok")
    play_out([page, other])
    page.goto(f"{server}/profile.html?name=Statsy")
    stats = page.locator("[data-testid=profile-stats] table[data-game=pocket-race]")
    stats.wait_for()
    assert "1 game" in stats.inner_text()
    assert stats.locator("tr[data-stat=cards]").count() == 1
    assert page.errors == []
