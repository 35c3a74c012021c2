"""The Walking on the Moon table in headless chromium: a 3-player game against the heuristic
and the random bot played to the end by clicking the highlighted places (the jump slots while
programming, the target boxes while picking a result, the dice to re-roll), with the prompt
buttons now and then. Every click is checked against the action the server stored, at once,
and against the record once it opens (the action cards keep it sealed until then), and
the astronauts drawn are checked against the seat's view from the server."""

from __future__ import annotations

import random
import time

import pytest
from e2e_helpers import get, stored_actions
from test_cosmic_run_page import post

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def astro_sig(v):
    """The same signature as astroSig() in js/renderers/moon.js, from the server's view."""
    return "|".join(f"{a['id']}:{a['col']}.{a['level']}.{a['stack']}.{1 if a['down'] else 0}."
                    f"{a['sputniks']}.{a['ec']}.{a['handicap']}" for a in v["astronauts"])


def moves(page):
    txt = page.inner_text("#status")
    return int(txt.split()[1]) if txt.startswith("move ") else None


def snapshot(page):
    return page.evaluate("() => [document.querySelector('[data-testid=moon-table]').dataset.sig,"
                         " document.querySelector('#status').innerText]")


def wait_redraw(page, before, timeout=8.0):
    end = time.time() + timeout
    while time.time() < end:
        if page.query_selector("[data-testid=moon-end]"):
            return
        n = moves(page)
        if n is not None and n > before:
            return
        page.wait_for_timeout(20)
    raise AssertionError(f"the table was not redrawn after move {before}")


def test_three_player_game_played_to_the_end_by_clicking_the_lap(server, browser):
    g = post(server, "/api/games", {"game": "moon", "players": 3, "seed": 5, "options": {"advanced": True},
                                    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"},
                                              {"kind": "bot", "bot": "random"}]})
    gid, token = g["id"], g["seats"][0]["token"]
    ctx = browser.new_context(viewport={"width": 1440, "height": 1000})
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/table.html?game={gid}&token={token}")
    page.wait_for_selector("[data-testid=moon-lap]")
    # the lap: 36 columns of 4 levels, three astronauts in the goal box, three jump cards
    assert page.locator(".moon-cell").count() == 36 * 4
    assert page.locator("[data-testid=moon-astro]").count() == 3
    assert page.locator("[data-testid=moon-card]").count() == 3
    # the counters' rule tooltips are the view's help, the handicapped turn's dice the game's own
    assert page.locator("[data-testid=moon-card] .c.hc").first.get_attribute("title") == \
        "Handicap counters: the next turn takes only 3 dice"
    # a circle on every box one may land on safely, a rough line on every hazardous one: the
    # kinds compared by the names the help gives them
    v = get(server, f"/api/games/{gid}/view", token)["view"]
    kinds, cells = v["help"]["terrain"], [k for col in v["lap"]["columns"] for k in col]
    assert page.locator(".moon-cell circle").count() == sum(k in (kinds["safe"], kinds["tunnel"]) for k in cells) > 0
    assert page.locator(".moon-cell path.rough").count() == \
        sum(k in (kinds["hazard"], kinds["tunnel_haz"]) for k in cells) > 0
    # the advanced rules' four special box tokens sit on the circled boxes
    assert page.locator("[data-testid=moon-token]").count() == 4
    # and each player's action card: ours face up (as the server's view says), the others face down
    mine = page.locator("[data-testid=moon-action][data-state=mine]")
    assert mine.count() == 1 and page.locator("[data-testid=moon-action][data-state=hidden]").count() == 2
    own = get(server, f"/api/games/{gid}/view", token)["view"]["cards"]["hands"][0]["card"]
    assert mine.get_attribute("data-effect") == own["effect"]
    rng = random.Random(3)
    stats = {"prompt": 0, "place": 0, "kinds": set()}
    checked = 0
    clicked = []
    start = time.time()
    while not page.query_selector("[data-testid=moon-end]"):
        assert time.time() - start < 240, "the game did not finish in time (a hang guard, not a speed test)"
        if page.query_selector("#decision.mine .options button:enabled") is None:
            page.wait_for_timeout(20)
            continue
        before = moves(page)
        places = page.locator(":is(.moon, #hand-slot) .moon-hl")    # the own jump card is docked as the hand
        on_board = places.count() > 0       # a decision the board takes (not a yes/no or a card moment)
        if on_board and rng.random() < 0.85:
            node = places.nth(rng.randrange(places.count()))
            place = node.get_attribute("data-place")
            acts = node.get_attribute("data-action")
            node.click()
            if "," in acts:
                page.wait_for_selector(".moon-pop button[data-action]")
                btn = page.locator(".moon-pop button[data-action]").first
                action = int(btn.get_attribute("data-action"))
                btn.click()
            else:
                action = int(acts)
            stats["place"] += 1
            stats["kinds"].add(place.split(":")[0])
        else:
            buttons = page.locator("#decision.mine .options button:enabled")
            b = buttons.nth(rng.randrange(buttons.count()))
            action = int(b.get_attribute("data-action"))
            b.click()
            stats["prompt"] += on_board     # the decisions the board could have taken, answered in the panel
        wait_redraw(page, before)
        # the move the server stored there is the one clicked (a click the server refused as
        # stale would show up here, not pass unseen because a later move raised the count)
        stored = stored_actions(server, gid)  # a running game's record is sealed to clients
        assert len(stored) > before and stored[before] == action, (before, action, stored[before:before + 3])
        clicked.append((before, action))      # and against the record once it opens
        if checked < 10 and rng.random() < 0.15:
            sig, status = snapshot(page)
            view = get(server, f"/api/games/{gid}/view", token)
            if status.startswith("move ") and view["actions"] == int(status.split()[1]):
                checked += 1
                assert sig == astro_sig(view["view"])
    info = get(server, f"/api/games/{gid}")
    assert info["status"] == "finished"
    actions = get(server, f"/api/games/{gid}/record")["actions"]
    wrong = [(i, a, actions[i]) for i, a in clicked if actions[i] != a]
    assert clicked and not wrong, f"(move, clicked, recorded): {wrong}"
    totals = page.eval_on_selector_all("[data-testid=moon-end] td.tot", "els => els.map(e => +e.textContent)")
    assert totals == info["result"]["scores"]
    assert checked >= 1
    assert {"slot", "cell"} <= stats["kinds"], stats["kinds"]
    assert stats["place"] > stats["prompt"]
    assert not errors, errors


def test_walking_on_the_moon_is_created_in_the_lobby_with_its_options(server, browser):
    """A new user's path: pick Walking on the Moon in the lobby, switch the advanced rules on,
    seat two bots beside you, open your link: the lap and the tokens are on the table."""
    from test_browser import create_in_lobby

    lobby = browser.new_context().new_page()
    links, spectate = create_in_lobby(lobby, server, "moon", 3, ["human", "heuristic", "random"],
                                      {"advanced": True, "max_red": 0})
    page = browser.new_context(viewport={"width": 1440, "height": 1000}).new_page()
    page.goto(links[0])
    page.wait_for_selector("[data-testid=moon-lap]")
    assert page.locator("[data-testid=moon-token]").count() == 4
    names = page.eval_on_selector_all(".moon-cardname + text", "els => els.map(e => e.textContent)")
    assert len(names) == 5 and not any("●" in n for n in names)      # no red-dot card with max_red 0
    page.wait_for_selector("#decision.mine .options button:enabled")


def test_the_jump_card_is_the_hand_a_drawer_on_a_phone(server, browser):
    """On a phone the seat's jump card is the hand: docked in a drawer above the action bar, shut
    at first, opened with one tap; a die is programmed from inside the drawer, and the others'
    jump cards stay on the board."""
    g = post(server, "/api/games", {"game": "moon", "players": 3, "seed": 9,
                                    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"},
                                              {"kind": "bot", "bot": "random"}]})
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{server}/table.html?game={g['id']}#token={g['seats'][0]['token']}")
    page.wait_for_selector("#decision.mine .options button:enabled")
    hand = page.locator("#hand-slot [data-dock=hand]")
    assert hand.count() == 1 and hand.get_attribute("data-count") == "1"
    assert hand.locator("[data-testid=moon-card]").get_attribute("data-astro") == "0"
    assert page.locator(".moon [data-testid=moon-card]").count() == 2
    toggle = page.locator("[data-testid=hand-toggle]")
    assert toggle.get_attribute("aria-expanded") == "false" and "Your jump card (1)" in toggle.inner_text()
    assert not hand.is_visible()
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    add = hand.locator(".moon-add.moon-hl").first
    add.wait_for()
    box = add.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= 844
    before = get(server, f"/api/games/{g['id']}")["actions"]
    action = int(add.get_attribute("data-action"))
    add.click()
    end = time.time() + 10
    while get(server, f"/api/games/{g['id']}")["actions"] == before and time.time() < end:
        page.wait_for_timeout(50)
    assert get(server, f"/api/games/{g['id']}")["actions"] > before
    # the die now sits in the drawer's jump card, which stays open across the redraw
    page.wait_for_selector("#hand-slot [data-testid=moon-die]")
    assert toggle.get_attribute("aria-expanded") == "true"
    assert stored_actions(server, g["id"])[before] == action
    assert not errors, errors
