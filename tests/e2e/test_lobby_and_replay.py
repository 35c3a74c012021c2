"""The lobby and the replay viewer in headless chromium: bot levels named for people (the spec in
a tooltip), seed and data files under "Advanced", the creator taken straight to their seat with
the other links in the table's "Invite" panel; the replay's SVG buttons, a seat's link opening
that seat's view, and jumps by period / round and by turn."""

from __future__ import annotations

import random

import pytest
from e2e_helpers import get
from e2e_helpers import post_json as post

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = {"width": 390, "height": 844}


def test_the_lobby_names_bot_levels_and_takes_the_creator_to_their_seat(server, browser):
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(server + "/")
    page.wait_for_selector("#seats .seat-row")
    page.select_option("#game", "venus")
    bot = page.locator(".seat-row[data-seat='1'] select.bot")
    levels = get(server, "/api/game-types")["games"]
    specs = next(t["bots"] for t in levels if t["name"] == "venus")
    names = bot.locator("option").all_text_contents()
    assert len(names) == len(specs) and not any(":" in n or "=" in n for n in names)
    # each level's tooltip says what it does in words, not the spec the server runs (issue #29)
    titles = [bot.locator("option").nth(i).get_attribute("title") for i in range(len(specs))]
    assert titles == ["Random: plays any allowed move at random", "Easy: plays by simple rules of thumb",
                      "Medium: searches 0.25 seconds ahead a move", "Hard: searches 1 second ahead a move",
                      "Expert: searches 3 seconds ahead a move"], titles
    assert specs == ["random", "heuristic", "ismcts:seconds=0.25", "ismcts:seconds=1", "ismcts:seconds=3"]
    assert not page.locator("#seed").is_visible()  # under "Advanced"
    page.click("#advanced > summary")
    assert page.locator("#seed").is_visible()
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    page.locator(".seat-row[data-seat='1'] select.kind").select_option("human")
    page.locator(".seat-row[data-seat='2'] select.kind").select_option("bot")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.click("#create-btn")
    # straight to the table as the first seat; the others' links in the Invite panel (folded
    # on a phone, so the board comes first: opened by its summary)
    page.wait_for_selector("[data-testid=invite] summary")
    page.click("[data-testid=invite] summary")
    page.wait_for_selector("[data-testid=invite] [data-testid=link-seat-1]")
    assert page.url.split("#")[0].endswith("/table.html?game=" + page.url.split("game=")[1].split("#")[0])
    page.wait_for_selector("#whoami:has-text('You:')")
    assert page.locator("#whoami").inner_text().startswith("You: British Empire")
    seat1 = page.get_attribute("[data-testid=link-seat-1]", "value")
    assert "#token=" in seat1 and "?token=" not in seat1
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # every link row stays inside its panel
    over = page.evaluate("""() => { const p = document.getElementById('invite').getBoundingClientRect();
      return [...document.querySelectorAll('#invite .link-row > *')]
        .filter(e => e.getBoundingClientRect().right > p.right + 0.5).length; }""")
    assert over == 0
    # the bot's seat pill names its level for people, what it does in the tooltip
    pill = page.locator("#seats .pill", has_text="bot").first
    assert ":" not in pill.inner_text() and pill.get_attribute("title") == "Random: plays any allowed move at random"


def finished_venus_record(seed=9):
    from cosmodrome.core import GameRecord
    rec, s = GameRecord.start("venus", 2, seed)
    rng = random.Random(1)
    while not s.is_terminal():
        a = rng.choice(s.legal_actions())
        s.apply(a)
        rec.actions.append(a)
    return rec.to_json()


def test_replay_buttons_are_svg_a_seat_link_opens_its_view_and_jumps_go_by_period_and_turn(server, browser):
    imp = post(server, "/api/games/import", {"record": finished_venus_record(), "mode": "replay"})
    gid = imp["id"]
    page = browser.new_context().new_page()
    page.goto(f"{server}/replay.html?game={gid}&seat=1")
    page.wait_for_selector("[data-testid=stepno]:has-text('0 /')")
    page.wait_for_selector("[data-testid=jump] option >> nth=2", state="attached")
    # icons are drawn, not glyphs the system font may lack
    for b in ("first", "prev", "next", "last"):
        assert page.locator(f"#{b} svg").count() == 1 and page.locator(f"#{b}").inner_text().strip() == ""
    # the seat's view, as the link asked
    assert page.locator("[data-testid=replay-seat]").input_value() == "1"
    page.wait_for_selector("[data-testid=player-1]:has-text('(you)')")
    # by period: the next period's first step shows the line announcing it as the latest such line
    full = get(server, f"/api/games/{gid}/replay")
    periods = [(line["i"] + 1, line["text"]) for line in full["log"] if line["kind"] == "period" and line["i"] >= 0]
    assert periods, "the game has a second period"
    page.click("[data-testid=next-mark]")
    step, text = periods[0]
    page.wait_for_selector(f"[data-testid=stepno]:has-text('{step} /')")
    page.wait_for_function("t => [...document.querySelectorAll('#log div')].some(d => d.textContent === t)", arg=text)
    assert page.locator("#log div", has_text=text).count() == 1
    # by turn: the next step where another seat moves
    movers = full["movers"]
    nxt = next(k for k in range(step + 1, len(movers)) if movers[k] != movers[k - 1])
    page.click("[data-testid=next-turn]")
    page.wait_for_selector(f"[data-testid=stepno]:has-text('{nxt} /')")
    page.click("[data-testid=prev-turn]")
    prev = max(k for k in range(1, nxt) if movers[k] != movers[k - 1])
    page.wait_for_selector(f"[data-testid=stepno]:has-text('{prev} /')")


def test_a_seats_replay_link_carries_its_seat(server, browser):
    g = post(server, "/api/games", {"game": "venus", "players": 2, "seed": 4,
                                    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    page = browser.new_context().new_page()
    page.goto(f"{server}/table.html?game={g['id']}#token={g['seats'][0]['token']}")
    page.wait_for_selector("#decision.mine .options button")
    page.click("#replay-link")
    page.wait_for_url("**/replay.html?**")
    assert page.url.startswith(f"{server}/replay.html?game={g['id']}&seat=0#token=")
    page.wait_for_selector("[data-testid=player-0]:has-text('(you)')")
    assert page.locator("[data-testid=replay-seat]").input_value() == "0"


def test_a_display_name_with_markup_is_shown_as_text_everywhere(server, browser):
    g = post(server, "/api/games", {"game": "venus", "players": 2, "seed": 6,
                                    "seats": [{"kind": "human"}, {"kind": "human"}]})
    evil = "<script>window.pwned=1</script>"
    a = browser.new_context().new_page()
    a.goto(f"{server}/table.html?game={g['id']}#token={g['seats'][0]['token']}")
    a.wait_for_selector("[data-testid=name-form].ask")
    b = browser.new_context().new_page()
    b.goto(f"{server}/table.html?game={g['id']}#token={g['seats'][1]['token']}")
    b.wait_for_selector("[data-testid=name-form]")
    dialogs = []
    for pg in (a, b):
        pg.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    a.fill("[data-testid=name-input]", evil)
    a.click("#name-save")
    # the other seat sees the name, as text, in the seats, the waiting line or the board
    b.wait_for_selector("#seats .pill >> text=" + evil)
    assert b.locator("[data-testid=player-name-0]").inner_text().startswith("British Empire · " + evil)
    for pg in (a, b):
        assert pg.evaluate("window.pwned") is None
        assert pg.evaluate("document.querySelectorAll('#seats script, #board script, #decision script').length") == 0
    # the namer's own table learns the name by its own message, which may come after the other's
    a.wait_for_function("(t) => document.getElementById('whoami').innerText === t",
                        arg="You: British Empire (red) · " + evil, timeout=10000)
    assert not a.locator("[data-testid=name-form]").evaluate("e => e.classList.contains('ask')")
    assert dialogs == []
    # log lines about a seat carry its colour (the first-player rolls: Britain is red)
    line = a.locator("#log div.seat[data-seat='0']").first
    assert line.inner_text().startswith("Britain")
    assert line.evaluate("e => getComputedStyle(e).borderLeftColor") == "rgb(224, 69, 58)"


def test_rematch_in_one_click_takes_everyone_still_here_to_their_new_seat(server, browser):
    g = post(server, "/api/games", {"game": "pocket-race", "players": 2, "seed": 8, "options": {"rounds": 1},
                                    "seats": [{"kind": "human"}, {"kind": "human"}]})
    pages = []
    for seat in (0, 1):
        pg = browser.new_context().new_page()
        pg.goto(f"{server}/table.html?game={g['id']}#token={g['seats'][seat]['token']}")
        pg.wait_for_selector("[data-testid=conn].ok")
        pages.append(pg)
    a, b = pages
    while not a.query_selector("[data-testid=winner]"):
        for pg in pages:
            btn = pg.locator("#decision.mine .options button:enabled")
            if btn.count():
                try:
                    btn.first.click(timeout=1500)
                except Exception:  # redrawn under the click
                    pass
        a.wait_for_timeout(50)
    b.wait_for_selector("[data-testid=rematch]")
    a.click("[data-testid=rematch]")
    a.wait_for_url(lambda u: g["id"] not in u)
    new_id = a.url.split("game=")[1].split("#")[0]
    a.wait_for_selector("#whoami:has-text('You: Player 1')")
    # the other seat, still connected, is offered its own new seat
    b.wait_for_selector("[data-testid=rematch-link]")
    href = b.get_attribute("[data-testid=rematch-link]", "href")
    assert href.startswith(f"/table.html?game={new_id}#token=") and g["seats"][1]["token"] not in href
    b.click("[data-testid=rematch-link]")
    b.wait_for_selector("#whoami:has-text('You: Player 2')")
    info = get(server, f"/api/games/{new_id}")
    assert info["status"] == "running" and info["actions"] == 0
    assert [s["kind"] for s in info["seats"]] == ["human", "human"]


def test_a_public_games_open_seat_is_taken_from_the_lobby_and_a_chosen_seed_is_shown(server, browser):
    """"Open to all": the creator's Invite panel has no link for the open seat; a stranger takes
    it with the lobby's Join, and both tables say the creator chose the seed."""
    creator = browser.new_context().new_page()
    creator.goto(server + "/")
    creator.wait_for_selector("#seats .seat-row")
    creator.select_option("#game", "pocket-race")
    creator.fill("#players", "2")
    creator.dispatch_event("#players", "change")
    creator.locator(".seat-row[data-seat='1'] select.kind").select_option("human")
    creator.check("#public")
    creator.click("#advanced > summary")
    creator.fill("#seed", "4242")
    creator.click("#create-btn")
    creator.wait_for_selector("[data-testid=invite] [data-testid=open-seat-1]")
    assert creator.locator("[data-testid=link-seat-1]").count() == 0
    game_id = creator.url.split("game=")[1].split("#")[0]
    creator.wait_for_selector("[data-testid=seed-chosen]", state="visible")
    stranger = browser.new_context().new_page()
    stranger.goto(server + "/")
    row = stranger.locator(f"#open-games tr[data-game='{game_id}']")
    row.wait_for()
    assert "free" in row.inner_text()
    row.locator("button", has_text="Join").click()
    stranger.wait_for_selector("#whoami:has-text('You:')")
    assert stranger.url.split("#")[0].endswith(f"/table.html?game={game_id}")
    stranger.wait_for_selector("[data-testid=seed-chosen]", state="visible")
    info = get(server, f"/api/games/{game_id}")
    assert [s["claimed"] for s in info["seats"]] == [True, True] and not info["open"]
    assert "4242" not in str(info)
