"""The first screens a new player meets, in headless chromium: the hint panel while another seat
decides, the lobby's clock rows, the spectator's chat, the name form, a bad game link, the
player count, Onward to Venus at 1280x800 (the docked hand, the tile badges) and the invite links
on a phone."""

from __future__ import annotations

import pytest
from e2e_helpers import post_json as post

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LAPTOP = {"width": 1280, "height": 800}


def page_of(browser, base, path, viewport=LAPTOP):
    page = browser.new_context(viewport=viewport).new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(base + path)
    return page


def seat_link(g, seat):
    return f"/table.html?game={g['id']}#token={g['seats'][seat]['token']}"


def play_out(pages):
    """Click the first option of whichever page holds the decision until the game ends."""
    for _ in range(400):
        if pages[0].query_selector("[data-testid=winner]"):
            return
        for pg in pages:
            btn = pg.locator("#decision.mine .options button:enabled")
            if btn.count():
                try:
                    btn.first.click(timeout=1500)
                except Exception:  # redrawn under the click
                    pass
        pages[0].wait_for_timeout(50)
    raise AssertionError("the game did not end")


def test_the_hint_panel_says_no_null_while_another_seat_decides(server, browser):
    g = post(server, "/api/games", {"game": "venus", "players": 2, "seed": 3,
                                    "seats": [{"kind": "human"}, {"kind": "human"}]})
    pages = [page_of(browser, server, seat_link(g, s)) for s in (0, 1)]
    for pg in pages:
        pg.wait_for_selector("[data-testid=conn].ok")
        pg.wait_for_selector("#decision .prompt, #decision [data-testid=waiting]")
    waiting = next(pg for pg in pages if pg.locator("#decision.mine").count() == 0)
    hint = waiting.locator("[data-testid=hint]")
    hint.wait_for(state="visible")
    assert "is deciding" in hint.inner_text().lower()
    assert "null" not in hint.inner_text()
    assert all(pg.errors == [] for pg in pages)


def test_the_lobby_hides_the_clock_rows_when_there_is_no_clock(server, browser):
    page = page_of(browser, server, "/")
    page.wait_for_selector("#seats .seat-row")
    page.select_option("[data-testid=clock-kind]", "none")
    assert not page.is_visible("#clock-row") and not page.is_visible("#clock-timeout-row")
    assert not page.get_by_text("minutes each").is_visible()
    page.select_option("[data-testid=clock-kind]", "realtime")
    assert page.is_visible("#clock-row") and page.is_visible("#clock-timeout-row")


def test_a_typed_player_count_is_kept_within_the_games_range(server, browser):
    page = page_of(browser, server, "/")
    page.wait_for_selector("#seats .seat-row")
    page.select_option("#game", "venus")
    page.fill("#players", "7")
    page.dispatch_event("#players", "change")
    assert page.locator("#seats .seat-row").count() == 5
    assert page.input_value("#players") == "5"
    page.fill("#players", "1")
    page.dispatch_event("#players", "change")
    assert page.locator("#seats .seat-row").count() == 2


def test_a_spectator_has_no_chat_box_to_type_in(server, browser):
    g = post(server, "/api/games", {"game": "venus", "players": 2, "seed": 3,
                                    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    page = page_of(browser, server, f"/table.html?game={g['id']}")
    page.wait_for_selector("[data-testid=conn].ok")
    page.wait_for_selector("#whoami:has-text('Spectator')")
    assert page.is_visible("[data-testid=chat]")
    assert not page.is_visible("[data-testid=chat-input]")


def test_the_name_form_folds_once_named_and_is_gone_when_the_game_is_over(server, browser):
    g = post(server, "/api/games", {"game": "pocket-race", "players": 2, "seed": 8, "options": {"rounds": 1},
                                    "seats": [{"kind": "human"}, {"kind": "human"}]})
    a = page_of(browser, server, seat_link(g, 0))
    a.wait_for_selector("[data-testid=name-input]", state="visible")
    a.fill("[data-testid=name-input]", "Ada")
    a.click("#name-save")
    a.wait_for_selector("#seats .pill:has-text('Ada')")
    a.reload()
    a.wait_for_selector("[data-testid=conn].ok")
    a.wait_for_selector("[data-testid=name-open]", state="visible")
    assert not a.is_visible("[data-testid=name-input]")
    a.click("[data-testid=name-open]")
    assert a.is_visible("[data-testid=name-input]")
    # a name kept from an earlier table is used at the next one: the form does not ask again
    b = a.context.new_page()
    b.goto(server + seat_link(g, 1))
    b.wait_for_selector("#seats .pill:has-text('Ada')")
    assert not b.is_visible("[data-testid=name-input]")
    play_out([a, b])
    a.reload()
    a.wait_for_selector("[data-testid=winner]")
    assert not a.is_visible("[data-testid=name-form]")


def test_a_bad_game_link_says_so_and_does_not_wait_forever(server, browser):
    page = page_of(browser, server, "/table.html?game=nosuchgame")
    page.wait_for_selector("[data-testid=no-game]")
    page.wait_for_timeout(2500)
    conn = page.inner_text("[data-testid=conn]")
    assert "reconnecting" not in conn and conn == "no such game"
    assert page.locator("[data-testid=no-game] a[href='/']").count() == 1


def test_venus_at_1280x800_shows_every_card_and_tile_label_and_the_dock_hides_no_board_part(server, browser):
    g = post(server, "/api/games", {"game": "venus", "players": 3, "seed": 5,
                                    "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 2})
    page = page_of(browser, server, seat_link(g, 0))
    page.wait_for_selector("#decision.mine .options button")
    page.wait_for_timeout(400)
    # no defence badge on top of a tile's name
    overlaps = page.evaluate("""() => [...document.querySelectorAll('.vn-tile')].filter(t => {
        const d = t.querySelector('.def'), n = t.querySelector('.nm'); if (!d || !n) return false;
        const a = d.getBoundingClientRect(), b = n.getBoundingClientRect();
        return a.left < b.right && b.left < a.right &&
          a.top < b.bottom && b.top < a.bottom; }).map(t => t.textContent)""")
    assert overlaps == []
    # every card of the hand lies inside the dock
    cut = page.evaluate("""() => { const s = document.querySelector('#hand-slot').getBoundingClientRect();
        return [...document.querySelectorAll('#hand-slot .vn-card')].filter(c => { const r = c.getBoundingClientRect();
          return r.left < s.left - 0.5 || r.right > s.right + 0.5 || r.bottom > s.bottom + 0.5; }).length; }""")
    assert page.locator("#hand-slot .vn-card").count() >= 6 and cut == 0
    # scrolled to the end, the Moon and the empires stand clear of the dock
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(200)
    clear = page.evaluate("""() => { const top = document.querySelector('#hand-dock').getBoundingClientRect().top;
        return ['.vn-planet.moon', '.vn-players'].map(s =>
          document.querySelector(s).getBoundingClientRect().bottom <= top + 0.5); }""")
    assert clear == [True, True]
    assert page.errors == []


PHONE = {"width": 390, "height": 844}


def test_a_game_made_in_the_lobby_on_a_phone_folds_the_invite_links_so_the_board_comes_first(server, browser):
    """Issue #27, the phone: the creator's invite links (a game made in the lobby) wait folded
    under their summary, so the board starts on the first screen; a laptop shows them open."""
    for viewport, folded in ((PHONE, True), (LAPTOP, False)):
        page = page_of(browser, server, "/", viewport)
        page.wait_for_selector("#game option[value=mars]", state="attached")
        page.select_option("#game", "mars")
        page.click("#create button[type=submit]")
        page.wait_for_selector("[data-testid=invite] details", state="attached")
        page.wait_for_selector("[data-testid=board] *", state="attached")
        assert page.evaluate("document.querySelector('[data-testid=invite] details').open") is (not folded)
        if folded:
            top = page.evaluate("document.getElementById('board').getBoundingClientRect().top")
            assert top < 844 / 2, f"the board starts at {top}px, below half of the phone's first screen"
            page.click("[data-testid=invite] summary")
            assert page.is_visible("[data-testid=link-spectate]")
        assert page.errors == []


@pytest.mark.parametrize("path", ["/", "/mygames.html", "/leaderboard.html"])
def test_a_visitor_who_is_not_signed_in_sees_no_error_in_the_console(server, browser, path):
    """Issue #27: nothing errs in the console. A visitor without an account is not an error:
    the page asks who is signed in before it asks for an account's language (no 401)."""
    page = browser.new_context(viewport=LAPTOP).new_page()
    problems = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.goto(server + path)
    page.wait_for_load_state("networkidle")
    assert problems == []
