"""The lobby for a newcomer, in headless chromium: option names in words, options that do not
apply to the chosen player count hidden (and not sent), the visitor's own games listed with
their opponents, and a note that the other lists hold only public games."""

from __future__ import annotations

import pytest
from e2e_helpers import get
from test_first_screens import page_of

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_options_are_words_and_only_those_for_the_player_count(server, browser):
    page = page_of(browser, server, "/")
    page.wait_for_selector("#seats .seat-row")
    page.select_option("#game", "cosmic-run")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    labels = [x.strip() for x in page.locator("#options .row:not([hidden]) label").all_inner_texts()]
    assert "Rapid Fire variant" in labels and "Friendly variant" in labels
    assert not any("_" in x for x in labels)
    assert not page.is_visible("[data-option=no_zorlord_reroll]")
    page.fill("#players", "1")
    page.dispatch_event("#players", "change")
    assert page.is_visible("[data-option=no_zorlord_reroll]") and not page.is_visible("[data-option=rapid_fire]")
    assert (page.locator("label[for=opt-no_zorlord_reroll]").inner_text()
            == "Zorlord's die cannot be re-rolled (solo expert)")
    # a hidden option is not sent: a two-player game with a solo option ticked before
    page.check("[data-option=novice]")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.click("#create-btn")
    page.wait_for_url("**/table.html?game=*")
    game_id = page.url.split("game=")[1].split("#")[0]
    info = get(server, f"/api/games/{game_id}")
    assert info["players"] == 2 and info["options"]["novice"] is False


def test_the_lobby_lists_my_games_with_opponents_and_says_the_lists_are_public(server, browser):
    page = page_of(browser, server, "/")
    page.wait_for_selector("#seats .seat-row")
    page.select_option("#game", "pocket-race")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.click("#create-btn")
    page.wait_for_url("**/table.html?game=*")
    page.wait_for_selector("#seats .pill")   # the table drawn: this browser keeps the seat in its list
    game_id = page.url.split("game=")[1].split("#")[0]
    page.goto(server + "/")
    row = page.locator(f"[data-testid=lobby-my-game][data-game='{game_id}']")
    row.wait_for()
    assert "bot" in row.inner_text() and ("your turn" in row.inner_text() or "deciding" in row.inner_text())
    assert "public games only" in page.inner_text("[data-testid=public-note]")


def test_a_solo_game_in_my_games_says_solo_rather_than_leaving_against_blank(server, browser):
    """Issue #27, "my games tells rows apart (opponents...)": a game with no other seat says so
    in words instead of an empty cell."""
    page = page_of(browser, server, "/")
    page.wait_for_selector("#seats .seat-row")
    page.select_option("#game", "cosmic-run")
    page.fill("#players", "1")
    page.dispatch_event("#players", "change")
    page.click("#create-btn")
    page.wait_for_url("**/table.html?game=*")
    page.wait_for_selector("#seats .pill")
    game_id = page.url.split("game=")[1].split("#")[0]
    page.goto(server + "/")
    row = page.locator(f"[data-testid=lobby-my-game][data-game='{game_id}']")
    row.wait_for()
    assert row.locator("td").nth(1).inner_text().strip() == "solo"
    page.goto(server + "/mygames.html")
    page.wait_for_selector("[data-testid=my-game-against]")
    assert page.locator("[data-testid=my-game-against]").first.inner_text().strip() == "solo"


def test_the_bot_levels_words_are_the_servers(server, browser):
    # the page names a level from the server's table (GET /api/i18n), not from a list of its own:
    # a word changed on the way shows in the lobby's picker and in a list of players
    ctx = browser.new_context()
    page = ctx.new_page()
    page.route("**/api/i18n", lambda route: route.fulfill(response=route.fetch(), json={
        **route.fetch().json(), "levels": {"random": "Dice", "heuristic": "Rule of thumb"}}))
    page.goto(server + "/")
    page.wait_for_selector("#seats .seat-row .bot option", state="attached")
    names = page.locator("#seats .seat-row .bot").first.locator("option").all_inner_texts()
    assert names[:2] == ["Dice", "Rule of thumb"] and "Random" not in names and "Easy" not in names, names
    said = page.evaluate("import('/js/api.js').then(m => [m.botLabel('random'), m.playerName('bot heuristic'),"
                         " m.botHelp('heuristic')])")
    assert said == ["Dice", "bot Rule of thumb", "Rule of thumb: plays by simple rules of thumb"], said
    ctx.close()
