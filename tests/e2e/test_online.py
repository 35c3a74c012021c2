"""Playing online end to end, in headless chromium: two people with accounts play a rated,
turn-based game with chat; one runs out of time and a bot takes the seat; the player returns
and takes it back; the game ends and the leaderboard shows both. Clocks run fast here
(``--clock-scale``): an hour a move lasts six seconds."""

from __future__ import annotations

import subprocess

import pytest
from e2e_helpers import _free_port, get, start_server

pytestmark = [pytest.mark.browser, pytest.mark.slow]

HOUR = 6.0  # seconds an hour of the clock lasts in this test


@pytest.fixture(scope="module")
def fast_server(tmp_path_factory):
    db = tmp_path_factory.mktemp("online") / "online.sqlite"
    # both people are this test's browsers, on one machine with accounts made seconds apart: the
    # rules against rating farming would leave them out, so this server is one among friends
    proc, base = start_server(db, _free_port(), "--clock-scale", str(HOUR / 3600), "--clock-scan", "0.05",
                              "--alive-every", "0.5", "--no-rating-guard")
    yield base
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


def person(browser, base, name):
    ctx = browser.new_context(viewport={"width": 1300, "height": 1000})
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(base + "/account.html")
    page.fill("[data-testid=acc-name]", name)
    page.fill("[data-testid=acc-pass]", f"{name} likes rockets")
    page.click("[data-testid=signup]")
    page.wait_for_selector("[data-testid=me]", state="visible")
    assert page.text_content("[data-testid=me]") == name
    # the session lives in an HttpOnly cookie: the page's scripts cannot read it
    assert page.evaluate("document.cookie") == ""
    return page


def move(page):
    """Click the first option of this seat's decision."""
    page.wait_for_selector("#decision.mine .options button:enabled", timeout=HOUR * 1000)
    page.locator("#decision.mine .options button:enabled").first.click()


def log_text(page):
    return page.text_content("[data-testid=log]")


def test_two_people_play_a_slow_rated_game_with_chat_and_a_time_out(fast_server, browser):
    base = fast_server
    alice, bob = person(browser, base, "Alice"), person(browser, base, "Bob")

    # Alice creates a rated turn-based game: an hour a move, a bot stands in on time-out
    alice.goto(base + "/")
    alice.wait_for_selector("#seats .seat-row")
    alice.select_option("#game", "pocket-race")
    alice.fill("#players", "2")
    alice.dispatch_event("#players", "change")
    for i in (0, 1):
        alice.locator(f".seat-row[data-seat='{i}'] select.kind").select_option("human")
    alice.locator("[data-option='rounds']").fill("3")
    alice.select_option("[data-testid=clock-kind]", "turn")
    alice.fill("[data-testid=clock-amount]", "1")
    alice.check("[data-testid=rated]")
    alice.click("#create-btn")
    alice.wait_for_selector("[data-testid=link-seat-1]")
    link = alice.get_attribute("[data-testid=link-seat-1]", "value")
    game_id = link.split("game=")[1].split("#")[0]

    # Bob opens his link and takes the seat as his account
    bob.goto(link)
    bob.wait_for_selector("[data-testid=as-account]", state="visible")
    bob.click("[data-testid=as-account]")
    bob.wait_for_selector("[data-testid=as-account]", state="hidden")
    seats = get(base, f"/api/games/{game_id}")["seats"]
    assert [s["player"] for s in seats] == ["Alice", "Bob"]  # Alice's seat became hers at creation
    # both seats are taken: the clocks start, and Alice's (she is to move) runs on every seat's panel
    for page in (alice, bob):
        page.wait_for_function("document.querySelector('[data-testid=clock-0]').textContent.endsWith('left ▸')")
    assert "Clock: 1 h a move" in alice.text_content("[data-testid=clock-desc]")

    # chat: markup arrives as text and runs nowhere
    alice.fill("[data-testid=chat-input]", "<script>window.pwned = 1</script> good luck <b>Bob</b>")
    alice.click("[data-testid=chat-form] button")
    bob.wait_for_selector("[data-testid=chat-line]")
    assert bob.text_content("[data-testid=chat-line] .chat-text") == (
        "<script>window.pwned = 1</script> good luck <b>Bob</b>")
    assert bob.evaluate("window.pwned") is None and bob.locator("[data-testid=chat] b script").count() == 0
    bob.fill("[data-testid=chat-input]", "thanks, you too")
    bob.click("[data-testid=chat-form] button")
    alice.wait_for_function("document.querySelectorAll('[data-testid=chat-line]').length === 2")

    # Alice moves; Bob's page on "my games" shows it is his turn
    move(alice)
    mine = bob.context.new_page()
    mine.goto(base + "/mygames.html?every=1")
    mine.wait_for_selector(f"[data-testid=my-game][data-game='{game_id}'][data-your-turn='1']")
    assert mine.title().startswith("● Your turn (1)")

    # Bob does not move: his hour runs out, a bot plays his seat and the log says so
    bob.wait_for_selector("[data-testid=take-back]", state="visible", timeout=HOUR * 3000)
    assert "Bob (Player 2) ran out of time: a bot" in log_text(bob)
    mine.wait_for_selector(f"[data-testid=my-game][data-game='{game_id}'][data-your-turn='0']")
    assert "a bot plays your seat" in mine.text_content(f"[data-testid=my-game][data-game='{game_id}']")
    # the bot moved for Bob: it is Alice's turn again, and she moves
    move(alice)

    # Bob comes back and takes his seat back; from now on he plays himself
    bob.click("[data-testid=take-back]")
    bob.wait_for_selector("[data-testid=take-back]", state="hidden")
    bob.wait_for_function("document.querySelector('[data-testid=log]').textContent.includes('Bob (Player 2) is back')")
    while get(base, f"/api/games/{game_id}")["status"] == "running":
        to_move = get(base, f"/api/games/{game_id}")["to_move"]
        move(alice if to_move == 0 else bob)
        alice.wait_for_timeout(200)
    alice.wait_for_selector("[data-testid=winner]")
    bob.wait_for_selector("[data-testid=winner]")

    # the leaderboard shows both players' new ratings
    alice.goto(base + "/leaderboard.html?game=pocket-race")
    alice.wait_for_function("document.querySelectorAll('[data-testid=lb-row]').length >= 2")
    board = alice.text_content("[data-testid=leaderboard]")
    assert "Alice" in board and "Bob" in board
    # and Bob's profile lists the game, with the chat in its replay
    bob.goto(base + "/profile.html?name=Bob")
    bob.wait_for_selector("[data-testid=history-row]")
    bob.goto(base + f"/replay.html?game={game_id}")
    bob.wait_for_function("document.querySelectorAll('[data-testid=chat-line]').length === 2")
    assert alice.errors == [] and bob.errors == []
