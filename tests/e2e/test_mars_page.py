"""The March on Mars table in headless chromium: a 3-marine game with two heuristic bot
companions played to the end by clicking the places the decisions name on the ring and the
cards (the marine who acts next, a die's place on the combat card, a box to move to or to shoot,
a die to roll again, the MMM for the nuke), with the option list now and then. Every click is
checked against the action the server recorded, the ring drawn against the seat's view, the end
against the team's result, and the console stays free of errors. A 2-marine game shows half
the board."""

from __future__ import annotations

import random
import time

import pytest
from test_cosmic_run_page import post

from e2e_helpers import get, stored_actions

pytestmark = [pytest.mark.browser, pytest.mark.slow]

VIEWPORT = {"width": 1440, "height": 1000}


def mars_sig(v):
    """The same signature as marsSig() in js/renderers/mars.js, from the server's view."""
    boxes = ",".join(f"{b['col']}.{b['level']}:{''.join(b['aliens'])}"
                     for z in v["zones"] for b in z["boxes"] if b["aliens"])
    marines = ",".join(f"{m['col']}.{m['level']}.{1 if m['crashed'] else 0}" for m in v["marines"])
    return f"r{v['round']}|b{v['base_hits']}|{marines}|{boxes}"


def open_table(browser, base, g):
    page = browser.new_context(viewport=VIEWPORT).new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{base}/table.html?game={g['id']}#token={g['seats'][0]['token']}")
    page.wait_for_selector("[data-testid=mars-ring]")
    return page, errors


def drawn(page):
    """The ring's signature and the move number the page shows, read in one go."""
    return page.evaluate("() => [document.querySelector('[data-testid=mars-table]').dataset.sig,"
                         " document.querySelector('#status').innerText]")


def standing_boxes(v):
    return sum(len(z["boxes"]) for z in v["zones"])


def test_three_marines_play_a_whole_game_by_clicking_the_ring(server, browser):
    g = post(server, "/api/games", {"game": "mars", "players": 3, "seed": 7, "options": {"threat": "baby"},
                                    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"},
                                              {"kind": "bot", "bot": "heuristic"}]})
    gid, token = g["id"], g["seats"][0]["token"]
    page, errors = open_table(browser, server, g)
    v = get(server, f"/api/games/{gid}/view", token)["view"]
    # the full ring: every standing box of the view, both defenders with their barriers, an
    # incoming-wave box per side, the two upgrades beside the LZ, three marines and their cards
    assert page.locator("[data-testid=mars-box]").count() == standing_boxes(v)
    assert page.locator("[data-testid=mars-barrier]").count() == 2
    assert sorted(page.eval_on_selector_all("[data-testid=mars-incoming]", "els => els.map(e => e.dataset.side)")) == ["left", "right"]
    assert page.eval_on_selector_all("[data-testid=mars-upgrade]", "els => els.map(e => e.dataset.upgrade)") == v["upgrades"]
    assert page.locator("[data-testid=mars-marine]").count() == 3
    assert page.locator(".mars-marine").count() == 3
    assert page.locator("[data-testid=mars-ring] [data-testid=mars-box] .mars-alien").count() == sum(len(b["aliens"]) for z in v["zones"] for b in z["boxes"])
    rng = random.Random(5)
    stats = {"prompt": 0, "place": 0, "kinds": set()}
    clicks, checked = 0, 0
    start = time.time()
    while not page.query_selector("[data-testid=mars-end]"):
        assert time.time() - start < 300, "the game did not finish in time (a hang guard, not a speed test)"
        if page.query_selector("#decision.mine .options button:enabled") is None:
            page.wait_for_timeout(20)
            continue
        before = get(server, f"/api/games/{gid}")["actions"]
        places = page.locator(".mars .mars-hl")
        if places.count() and rng.random() < 0.85:
            node = places.nth(rng.randrange(places.count()))
            place = node.get_attribute("data-place")
            acts = node.get_attribute("data-action")
            node.click()
            if "," in acts:
                page.wait_for_selector(".mars-pop button[data-action]")
                btn = page.locator(".mars-pop button[data-action]")
                btn = btn.nth(rng.randrange(btn.count()))
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
            stats["prompt"] += 1
        end = time.time() + 15
        stored = stored_actions(server, gid)  # a running game's record is sealed to clients
        while len(stored) <= before and time.time() < end:
            page.wait_for_timeout(30)
            stored = stored_actions(server, gid)
        assert len(stored) > before, "the click was not recorded"
        assert stored[before] == action
        clicks += 1
        if checked < 12 and rng.random() < 0.2:
            page.wait_for_timeout(150)
            sig, status = drawn(page)
            view = get(server, f"/api/games/{gid}/view", token)
            if status == f"move {view['actions']}":
                checked += 1
                assert sig == mars_sig(view["view"])
    info = get(server, f"/api/games/{gid}")
    assert info["status"] == "finished" and info["result"]["cooperative"] is True
    won = bool(info["result"]["winners"])
    assert page.locator("[data-testid=mars-end] h2").inner_text() == ("The marines win!" if won else "The marines lose")
    assert page.locator("[data-testid=winner]").inner_text() == ("The team won!" if won else "The team lost!")
    assert clicks > 10 and checked >= 1
    # the decisions were taken on the board: the next marine, programming, boxes
    assert {"marine", "slot", "box"} <= stats["kinds"], stats["kinds"]
    assert stats["place"] > stats["prompt"]
    assert not errors, errors


def test_two_marines_play_on_half_the_board(server, browser):
    g = post(server, "/api/games", {"game": "mars", "players": 2, "seed": 3,
                                    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]})
    page, errors = open_table(browser, server, g)
    v = get(server, f"/api/games/{g['id']}/view", g["seats"][0]["token"])["view"]
    assert v["half_board"] is True
    assert page.locator(".mars-ring.half").count() == 1
    assert page.locator("[data-testid=mars-box]").count() == standing_boxes(v)
    # one side in play: the right defender's barrier, the right incoming-wave box
    assert page.locator("[data-testid=mars-barrier]").count() == 1
    assert page.eval_on_selector_all("[data-testid=mars-incoming]", "els => els.map(e => e.dataset.side)") == ["right"]
    # the marine who acts next is picked on the ring, from the keyboard
    page.wait_for_selector("#decision.mine .options button:enabled")
    pick = page.locator("[data-testid=mars-pick][data-seat='0']")
    pick.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=mars-combat]")
    assert page.locator("[data-testid=mars-table]").get_attribute("data-phase") == "program"
    # a die is put on an action with the combat card's + buttons; the die appears there
    page.locator("[data-testid=mars-slot][data-slot='1'] .mars-add").first.click()
    page.wait_for_selector("[data-testid=mars-slot][data-slot='1'] [data-testid=mars-die]")
    assert not errors, errors


def test_special_training_equipment_and_hidden_boxes_are_drawn_when_the_view_has_them(server, browser):
    """The renderer draws the keys the abilities and equipment add to the view (a marine's
    training and equipment cards, the equipment deck, a box hiding equipment) and docks the shown
    seat's equipment as its hand; an option naming an equipment card lights that card."""
    from cosmodrome.games.mars import GAME
    v = GAME.new_state(3, seed=4).view(0)
    v["marines"][0]["training"] = {"name": "Sniper", "text": "Shoots one column farther."}
    v["marines"][0]["equipment"] = [{"name": "Jet pack", "text": "One more step."}, {"name": "Medkit", "text": "Stand up."}]
    v["marines"][1]["training"] = None
    v["marines"][1]["equipment"] = [{"name": "Grenade", "text": "Two hits."}]
    v["marines"][2]["equipment"] = []
    v["equipment"] = {"deck": 5, "discard": ["Grenade"]}
    hidden = next(b for z in v["zones"] for b in z["boxes"] if not b["aliens"] and z["zone"] not in (0, 3, 6))
    hidden["hidden_equipment"] = True
    decision = {"seat": 0, "kind": "program", "prompt": "p", "options": [
        {"action": 190, "label": "use the jet pack", "data": {"equipment": "Jet pack"}}]}
    page = browser.new_context(viewport=VIEWPORT).new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/")
    page.evaluate("""async ([view, decision]) => {
        const r = await import('/js/renderers/mars.js');
        const root = document.createElement('div'); root.id = 'mars-root'; document.body.append(root);
        window.acted = [];
        r.render(root, { view, seat: 0, seats: [], decision, onAction: (a) => window.acted.push(a) });
    }""", [v, decision])
    hand = page.locator("#mars-root [data-dock=hand]")
    assert hand.get_attribute("data-count") == "2"
    assert hand.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)") == ["Jet pack", "Medkit"]
    assert page.locator("[data-testid=mars-training]").count() == 1
    assert "Sniper" in page.locator("[data-testid=mars-training]").inner_text()
    # the other marines' equipment on their cards; the deck inside the ring; the crate in its box
    assert page.locator("[data-testid=mars-marine][data-seat='1'] [data-card]").count() == 1
    assert page.locator("[data-testid=mars-deck]").evaluate("e => e.firstChild.textContent") == "Equipment deck 5 · discarded 1"
    crate = page.locator("[data-testid=mars-crate]")
    assert crate.count() == 1
    box = crate.locator("xpath=..").locator("xpath=..")
    assert (box.get_attribute("data-col"), box.get_attribute("data-level")) == (str(hidden["col"]), str(hidden["level"]))
    card = hand.locator("[data-card='Jet pack']")
    assert card.get_attribute("data-place") == "equip:Jet pack"
    card.click()
    assert page.evaluate("window.acted") == [190]
    assert not errors, errors
