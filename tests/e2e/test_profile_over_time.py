"""The profile keeps an account's statistics over time, in headless chromium: after two
finished games, the profile lists them one by one (newest first) under the totals, each row
with that game's own numbers and a link to its replay."""

from __future__ import annotations

import pytest
from test_first_screens import play_out, seat_link

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_profile_shows_the_last_games_statistics_one_by_one(server, browser):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    r = page.request.post(f"{server}/api/account/signup", data={"name": "Historia", "password": "correct horse battery"})
    assert r.ok, r.text()
    ids = []
    for _ in range(2):
        g = page.request.post(f"{server}/api/games", data={"game": "pocket-race", "players": 2, "options": {"rounds": 1},
                                                           "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        page.goto(server + seat_link(g, 0))
        other = ctx.new_page()
        other.goto(server + seat_link(g, 1))
        for pg in (page, other):
            pg.wait_for_selector("[data-testid=conn].ok")
        play_out([page, other])
        other.close()
        ids.append(g["id"])
    page.goto(f"{server}/profile.html?name=Historia")
    history = page.locator("[data-testid=profile-stats] table[data-history=pocket-race]")
    history.wait_for()
    rows = history.locator("[data-testid=history-game]")
    assert rows.count() == 2
    api = page.request.get(f"{server}/api/players/Historia").json()
    (entry,) = api["statistics"]
    for row, h, gid in zip(rows.all(), entry["history"], ids[::-1]):
        assert h["game_id"] == gid
        assert row.locator("a").get_attribute("href").endswith(f"game={gid}")
        for key, value in h["values"].items():
            assert row.locator(f"td[data-stat={key}]").inner_text() == str(value)
        assert row.locator("td").nth(1).inner_text() == ("won" if h["won"] else "lost")
    headers = history.locator("th").all_inner_texts()
    assert headers[:2] == ["When", "Result"] and "Cards played" in headers
    assert page.errors == []
