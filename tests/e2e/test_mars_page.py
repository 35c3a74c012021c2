"""The March on Mars table in headless chromium: a 3-marine game with two heuristic bot
companions played to the end by clicking the places the decisions name on the ring and the
cards (the ability kept from the training card, the Landing Zone box to land in, the marine who
acts next, a die's place on the combat card, a box to move to or to shoot, a die to roll again,
an equipment card, the MMM for the nuke), with the option list now and then. Every click is
checked against the action the server recorded, the ring drawn against the seat's view, the end
against the team's result, and the console stays free of errors. A 2-marine game shows half
the board, and the MMM is the place of the nuke and Kamikaze in the reader's language."""

from __future__ import annotations

import random
import re
import time
from collections import Counter

import pytest
from e2e_helpers import get, stored_actions
from test_cosmic_run_page import post

from cosmodrome.games.mars.state import A_KAMIKAZE, A_NUKE

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


def barriers_at(page):
    """The column before which each drawn force barrier stands, by side."""
    return dict(page.eval_on_selector_all("[data-testid=mars-barrier]",
                                          "els => els.map(e => [e.dataset.side, +e.dataset.col])"))


def recorded(server, gid, before, action):
    """Wait until the server stores the move after ``before`` and check it is ``action``."""
    end = time.time() + 15
    stored = stored_actions(server, gid)  # a running game's record is sealed to clients
    while len(stored) <= before and time.time() < end:
        time.sleep(0.03)
        stored = stored_actions(server, gid)
    assert len(stored) > before, "the click was not recorded"
    assert stored[before] == action


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
    # each barrier stands on the edge of its defender box towards the MMM, as the help says (the
    # ring's two ends: a marine may enter the box but not go on past it; ruling 3), and the boxes
    # have their terrain's look by the help's names
    zones = {z["zone"]: z for z in v["zones"]}
    edges = {side: zones[b["zone"]]["first"] + (zones[b["zone"]]["width"] if b["edge"] == "end" else 0)
             for side, b in v["help"]["zones"]["barriers"].items()}
    assert barriers_at(page) == edges == {"left": 0, "right": len(v["ring"]["columns"])}
    kinds = Counter(k for col in v["ring"]["columns"] for k in col)
    terrain = v["help"]["terrain"]
    assert kinds[terrain["hazard"]] and kinds[terrain["safe"]]
    for name, k in terrain.items():
        if name not in ("air", "rock"):
            assert page.locator(f"[data-testid=mars-box].terrain-{name}").count() == kinds[k], name
    fills = page.eval_on_selector_all("[data-testid=mars-box].terrain-hazard:not(.mars-hl) .cell",
                                      "els => els.map(e => getComputedStyle(e).fill)")
    assert fills and set(fills) == {"rgb(156, 90, 72)"}, fills       # the style sheet's darker box without a circle
    # the ring's and the centre's rule tooltips are the view's help, this game's round count in them
    barrier = page.locator("[data-testid=mars-barrier] title").first.text_content()
    assert barrier == v["help"]["board"]["barrier"]["left"]
    assert page.locator("[data-testid=mars-rounds] > title").text_content() == \
        "The round track: the MMM must be destroyed within 8 rounds."
    incoming = page.eval_on_selector_all("[data-testid=mars-incoming]", "els => els.map(e => e.dataset.side)")
    assert sorted(incoming) == ["left", "right"]
    assert page.eval_on_selector_all("[data-testid=mars-upgrade]",
                                     "els => els.map(e => e.dataset.upgrade)") == v["upgrades"]
    assert page.locator("[data-testid=mars-marine]").count() == 3
    assert page.locator(".mars-marine").count() == 3
    alien_count = sum(len(b["aliens"]) for z in v["zones"] for b in z["boxes"])
    assert page.locator("[data-testid=mars-ring] [data-testid=mars-box] .mars-alien").count() == alien_count
    # the game opens with the special training: the lit places are the two abilities of our card
    page.wait_for_selector("[data-testid=mars-table][data-decision=training]")
    lit = page.eval_on_selector_all(".mars .mars-hl", "els => els.map(e => e.dataset.place)")
    assert lit == [f"train:{a['name']}" for a in v["marines"][0]["training_card"]]
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
        recorded(server, gid, before, action)
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
    # the decisions were taken on the board: the training, the next marine, programming, boxes
    assert {"train", "marine", "slot", "box"} <= stats["kinds"], stats["kinds"]
    assert stats["place"] > stats["prompt"]
    assert not errors, errors


def test_two_marines_play_on_half_the_board(server, browser):
    g = post(server, "/api/games", {"game": "mars", "players": 2, "seed": 3,
                                    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]})
    gid, token = g["id"], g["seats"][0]["token"]
    page, errors = open_table(browser, server, g)
    v = get(server, f"/api/games/{gid}/view", token)["view"]
    assert v["half_board"] is True
    assert page.locator(".mars-ring.half").count() == 1
    assert page.locator("[data-testid=mars-box]").count() == standing_boxes(v)
    # one side in play: the right defender's barrier, the right incoming-wave box
    assert page.locator("[data-testid=mars-barrier]").count() == 1
    assert barriers_at(page) == {"right": len(v["ring"]["columns"])}
    assert page.eval_on_selector_all("[data-testid=mars-incoming]", "els => els.map(e => e.dataset.side)") == ["right"]
    # the special training: the marine's training card offers its two abilities, lit; one click keeps one
    page.wait_for_selector("[data-testid=mars-table][data-decision=training]")
    abilities = page.locator("[data-testid=mars-marine][data-seat='0'] [data-testid=mars-ability].mars-hl")
    assert (abilities.evaluate_all("els => els.map(e => e.dataset.ability)")
            == [a["name"] for a in v["marines"][0]["training_card"]])
    kept = abilities.nth(1)
    name = kept.get_attribute("data-ability")
    action = int(kept.get_attribute("data-action"))
    kept.click()
    recorded(server, gid, 0, action)
    # the Landing Zone: its boxes at the connector level light on the ring; the marine lands in the one clicked
    page.wait_for_selector("[data-testid=mars-table][data-decision=landing]")
    training = page.locator("[data-testid=mars-marine][data-seat='0'] [data-testid=mars-training]")
    assert training.inner_text().startswith(f"Training: {name}")
    # what to click is the game's words for the decision (the view's help.clicks)
    assert page.inner_text("[data-testid=mars-hint]") == v["help"]["clicks"]["landing"]
    lz = next(z for z in v["zones"] if z["zone"] == v["help"]["zones"]["lz"])
    # the ring draws the Landing Zone the help names apart (its zone and boxes in the LZ's look)
    assert page.get_attribute("path.mars-zone.lz", "data-zone") == str(lz["zone"])
    assert page.locator("[data-testid=mars-box].lz").count() == sum(len(z["boxes"]) for z in v["zones"] if z is lz)
    lit = page.locator("[data-testid=mars-box].mars-hl")
    cols = lit.evaluate_all("els => els.map(e => +e.dataset.col)")
    assert cols == list(range(lz["first"], lz["first"] + lz["width"]))
    box = lit.nth(len(cols) - 1)
    col, level = int(box.get_attribute("data-col")), int(box.get_attribute("data-level"))
    action = int(box.get_attribute("data-action"))
    box.click()
    recorded(server, gid, 1, action)
    # the marine who acts next is picked on the ring, from the keyboard
    page.wait_for_selector("[data-testid=mars-table][data-decision=next-marine]")
    m = get(server, f"/api/games/{gid}/view", token)["view"]["marines"][0]
    assert (m["col"], m["level"]) == (col, level)
    pick = page.locator("[data-testid=mars-pick][data-seat='0']")
    pick.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=mars-combat]")
    assert page.locator("[data-testid=mars-table]").get_attribute("data-phase") == "program"
    # the page opened at this decision groups the dice by the colours the help gives them (its
    # first drawing docks the options before it draws the table) and names them as the options do
    page.reload()
    page.wait_for_selector("[data-testid=mars-combat]")
    # one slot per action a turn programs, as the help gives their number
    assert page.locator("[data-testid=mars-slot]").count() == v["help"]["actions"] == 3
    assert page.locator("#decision .opt-head").all_inner_texts()[:3] == [
        "Put a blue die on", "Put a white die on", "Put a black die on"]
    adds = page.locator("[data-testid=mars-slot][data-slot='1'] .mars-add")
    shown = adds.evaluate_all("els => els.map(e => [e.classList[1], e.textContent])")
    assert shown == [[c, f"+ {name}"] for c, name in zip(v["help"]["die_colours"], v["help"]["die_names"])]
    # a die is put on an action with the combat card's + buttons; the die appears there
    page.locator("[data-testid=mars-slot][data-slot='1'] .mars-add").first.click()
    page.wait_for_selector("[data-testid=mars-slot][data-slot='1'] [data-testid=mars-die]")
    # its tooltip names the die's faces as the game's component data has them (the view's help)
    die = page.locator("[data-testid=mars-slot][data-slot='1'] [data-testid=mars-die]").first
    assert re.match(r"(blue die: 1, 1, 2, 2, 3, 3|white die: 1, 1, 1, 2, 2, 2"
                    r"|black die: 1, 1, 1, 2, 2, 2! \(the 2! face)",
                    die.get_attribute("title")), die.get_attribute("title")
    assert not errors, errors


def _heuristic_positions(seeds=range(6, 46), limit=2000):
    """Every position of real 3-marine games (baby marines) played by the heuristic, one seed
    after another: (state, decision)."""
    from cosmodrome.bots.registry import make_bot
    from cosmodrome.games.mars import GAME
    for seed in seeds:
        s = GAME.new_state(3, seed=seed, options={"threat": "baby"})
        bot = make_bot("heuristic", GAME, seed=seed)
        for _ in range(limit):
            d = s.decision()
            if d is None:
                break
            yield s, d
            s.apply(bot.choose(s))


def holding_equipment():
    """The first position of a real game where the Red marine holds equipment it may play and
    another marine holds some: its view and its decision."""
    for s, d in _heuristic_positions():
        if d.seat == 0 and s.hand(0) and any("card" in o.data for o in d.options) and (s.hand(1) or s.hand(2)):
            return s.view(0), d.to_json()
    raise AssertionError("the Red marine never held equipment it could play")


def hiding_equipment():
    """The first position of a real game where a tunnel card's box still hides equipment (a
    move through it takes it, ruling 40): the Red marine's view."""
    for s, d in _heuristic_positions():
        if s.hidden_box() and not s.hidden_taken:
            return s.view(0)
    raise AssertionError("no box ever hid equipment")


def test_special_training_equipment_and_hidden_boxes_are_drawn_from_a_real_view(server, browser):
    """The renderer draws the keys the abilities and equipment add to the view (each marine's
    kept training, the equipment deck and discard, a box hiding equipment) and docks the shown
    seat's equipment as its hand; an option naming an equipment card lights that card and a
    click on it plays it."""
    v, decision = holding_equipment()
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
    own = [c["name"] for c in v["marines"][0]["equipment"]]
    hand = page.locator("#mars-root [data-dock=hand]")
    assert hand.get_attribute("data-count") == str(len(own))
    assert hand.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)") == own
    trained = page.locator("[data-testid=mars-training]").evaluate_all(
        "els => els.map(e => e.querySelector('b').textContent)")
    assert trained == [f"Training: {m['training']['name']}" for m in v["marines"]]
    # the other marines' equipment on their cards; the deck inside the ring; the crate in its box
    for m in v["marines"][1:]:
        equipment = page.locator(f"[data-testid=mars-marine][data-seat='{m['seat']}'] [data-card]")
        assert equipment.count() == len(m["equipment"])
    eq = v["equipment"]
    assert page.locator("[data-testid=mars-deck]").evaluate("e => e.firstChild.textContent") == \
        f"Equipment deck {eq['deck']} · discarded {len(eq['discard'])}"
    assert any(m["equipment"] for m in v["marines"][1:])     # what the seeded game brings
    # a box still hiding equipment (another position: moving through it takes it) shows its crate
    hv = hiding_equipment()
    page.evaluate("""async (view) => {
        const r = await import('/js/renderers/mars.js');
        const root = document.createElement('div'); root.id = 'mars-hidden'; document.body.append(root);
        r.render(root, { view, seat: 0, seats: [], decision: null, onAction: () => {} });
    }""", hv)
    hidden = [(b["col"], b["level"]) for z in hv["zones"] for b in z["boxes"] if b.get("hidden_equipment")]
    crates = page.locator("#mars-hidden [data-testid=mars-crate]")
    assert hidden and crates.count() == len(hidden)
    where = crates.evaluate_all(
        "els => els.map(e => [+e.closest('[data-col]').dataset.col, +e.closest('[data-col]').dataset.level])")
    assert where == [list(h) for h in hidden]
    page.evaluate("document.getElementById('mars-hidden').remove()")
    # the equipment options light their cards in the hand; a click on one plays it (a menu when several name it)
    playable = {o["data"]["card"]: o for o in decision["options"] if "card" in o["data"]}
    name, option = next(iter(playable.items()))
    card = hand.locator(f"[data-card='{name}']")
    assert card.get_attribute("data-place") == f"equip:{name}"
    assert hand.locator(".mars-hl").count() == len(playable)
    card.click()
    if "," in card.get_attribute("data-action"):
        page.locator(f".mars-pop button[data-action='{option['action']}']").click()
    assert page.evaluate("window.acted") == [option["action"]]
    # the pawns and dice carry the identities the shared motion code follows
    assert page.locator("#mars-root .mars-marine[data-id]").count() == sum(1 for m in v["marines"] if not m["out"])
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_mmm_is_the_place_of_the_nuke_and_kamikaze_in_the_readers_language(server, browser, lang):
    """The renderer knows the MMM's options by the labels the view's help gives them (with this
    game's dice, in the reader's language), not by English words of its own: drawn with a
    decision offering both, the MMM is their place."""
    g = post(server, "/api/games", {"game": "mars", "players": 2, "seed": 3,
                                    "seats": [{"kind": "human"}, {"kind": "human"}]})
    page = browser.new_context(viewport=VIEWPORT, locale=lang).new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/table.html?game={g['id']}&lang={lang}#token={g['seats'][0]['token']}")
    page.wait_for_selector("[data-testid=mars-ring]")
    labels, place, actions = page.evaluate("""async ([gid, token, ids]) => {
      const body = await (await fetch(`/api/games/${gid}/view`, { headers: { "X-Cosmodrome-Token": token } })).json();
      const v = body.view || body, labels = v.help.mmm_options;
      const options = labels.map((label, i) => ({ action: ids[i], label, data: { action: ids[i], label } }));
      const root = document.createElement("div");
      document.body.append(root);
      (await import("/js/renderers/mars.js")).render(root, { view: v, decision: { seat: 0, kind: "program", options },
        seat: 0, seats: [], onAction: () => {} });
      const mmm = root.querySelector("[data-testid=mars-mmm]");
      return [labels, mmm.getAttribute("data-place"), mmm.getAttribute("data-action")];
    }""", [g["id"], g["seats"][0]["token"], [A_NUKE, A_KAMIKAZE]])
    assert labels[0] == ("az atombomba élesítése (4 kocka, legalább 9)" if lang == "hu"
                         else "set off the nuke (4 dice, 9 or more)")
    assert (place, actions) == ("mmm", f"{A_NUKE},{A_KAMIKAZE}")
    assert errors == []
