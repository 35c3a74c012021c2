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
    r = page.request.post(f"{server}/api/account/signup",
                          data={"name": "Historia", "password": "correct horse battery"})
    assert r.ok, r.text()
    ids = []
    for _ in range(2):
        g = page.request.post(f"{server}/api/games",
                              data={"game": "pocket-race", "players": 2, "options": {"rounds": 1},
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


@pytest.mark.parametrize("locale, no_rating, no_rated_game", [
    ("en-GB", "No rating yet.", "No rated game yet."),
    ("hu-HU", "Még nincs értékelése.", "Még nincs értékelt játszma."),
])
def test_a_profile_without_rated_games_says_so_once_in_each_parts_words(server, browser, locale, no_rating,
                                                                        no_rated_game):
    # the ratings and the rated games each say what they lack (the same sentence stood under both)
    ctx = browser.new_context(locale=locale)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    name = f"Novice{locale[:2]}"
    r = page.request.post(f"{server}/api/account/signup", data={"name": name, "password": "correct horse battery"})
    assert r.ok, r.text()
    page.goto(f"{server}/profile.html?name={name}")
    page.wait_for_selector("[data-testid=profile-history] p")
    assert page.inner_text("[data-testid=profile-ratings]") == no_rating
    assert page.inner_text("[data-testid=profile-history]") == no_rated_game
    assert page.inner_text("main").count(no_rated_game) == 1
    assert page.errors == []
    ctx.close()


def test_the_profile_names_rated_games_by_the_titles_its_answer_gives(server, browser):
    # the rows' titles come with the profile: the page asks for no list of game types
    ctx = browser.new_context()
    page = ctx.new_page()
    asked = []
    page.on("request", lambda req: asked.append(req.url))
    r = page.request.post(f"{server}/api/account/signup", data={"name": "Rated", "password": "correct horse battery"})
    assert r.ok, r.text()
    g = page.request.post(f"{server}/api/games",
                          data={"game": "pocket-race", "players": 2, "options": {"rounds": 1}, "rated": True,
                                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    assert g.ok, g.text()
    g = g.json()
    page.goto(server + seat_link(g, 0))
    page.wait_for_selector("[data-testid=conn].ok")
    play_out([page])
    for _ in range(100):   # the rating is written after the game's end
        if page.request.get(f"{server}/api/players/Rated").json()["history"]:
            break
        page.wait_for_timeout(100)
    # the title the page writes is the answer's: change it on the way to tell it from the game's id
    page.route("**/api/players/**", lambda route: route.fulfill(response=route.fetch(), json={
        **(p := route.fetch().json()), "ratings": [dict(x, title="Race of Pockets") for x in p["ratings"]],
        "history": [dict(x, title="Race of Pockets") for x in p["history"]]}))
    asked.clear()
    page.goto(f"{server}/profile.html?name=Rated")
    page.wait_for_selector("[data-testid=history-row]")
    assert page.locator("[data-testid=profile-ratings] td a").inner_text() == "Race of Pockets"
    assert page.locator("[data-testid=history-row] td").nth(1).inner_text() == "Race of Pockets"
    assert not [u for u in asked if "/api/game-types" in u], asked
    ctx.close()
