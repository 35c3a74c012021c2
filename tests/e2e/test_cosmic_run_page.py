"""The Cosmic Run table in headless chromium: a two-player game against the random bot played to
the end by clicking the highlighted places on the tracking sheets and the dice pool (falling
back to the prompt buttons now and then), and the first decisions of a solo game against
Zorlord. Every click on a place is checked against the action the server recorded, and the
sheets drawn on the page are checked against the seat's view from the server."""

from __future__ import annotations

import random
import time

import pytest
from e2e_helpers import get, stored_actions
from e2e_helpers import post_json as post

pytestmark = [pytest.mark.browser, pytest.mark.slow]

VIEWPORT = {"width": 1440, "height": 1000}


def sheet_sig(sh):
    """The same signature as sheetSig() in js/renderers/cosmic-run.js, from the server's view."""
    marked = sum(1 for tr in sh["grid"] for row in tr for b in row if b & 15)
    mines = sum(1 for tr in sh["grid"] for row in tr for b in row if b & 16)
    ships = ",".join(f"{s['row']}.{s['col']}.{s['hearts']}.{s['upgrades']}" for s in sh["ships"])
    tech = ",".join(f"{t['acquired']}.{t['used']}" for t in sh["techs"])
    return f"{ships}|m{marked}|x{mines}|t{tech}|c{sh['cargo']}|r{sh['rerolls_used']}"


def dom_sigs(page):
    return page.eval_on_selector_all("[data-testid=cr-sheet]", "els => els.map(e => [+e.dataset.sheet, e.dataset.sig])")


def _moves_of(txt):
    return int(txt.split()[1]) if txt.startswith("move ") else None


def moves(page):
    """The number of accepted actions the page has drawn (the status pill reads 'move N')."""
    return _moves_of(page.inner_text("#status"))


def drawn_snapshot(page):
    """The sheets' signatures and the move number, read in one go (no redraw in between)."""
    sigs, status = page.evaluate(
        "() => [Array.from(document.querySelectorAll('[data-testid=cr-sheet]'))"
        ".map(e => [+e.dataset.sheet, e.dataset.sig]), document.querySelector('#status').innerText]")
    return sigs, _moves_of(status)


def open_table(browser, base, game_id, token):
    ctx = browser.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/table.html?game={game_id}#token={token}")
    page.wait_for_selector("[data-testid=cr-sheet]")
    return page, errors


def wait_redraw(page, before, timeout=8.0):
    """Wait until the table has been redrawn after `before` accepted actions (or the game ended)."""
    end = time.time() + timeout
    while time.time() < end:
        if page.query_selector("[data-testid=cr-end]"):
            return
        n = moves(page)
        if n is not None and n > before and not page.query_selector("#decision.mine button:disabled"):
            return
        page.wait_for_timeout(20)
    raise AssertionError(f"the table was not redrawn after move {before}")


def my_turn(page):
    return page.query_selector("#decision.mine .options button:enabled") is not None


def click_place(page, rng, stats):
    """Click one highlighted place (a sheet spot or a die; sometimes a bar chip, sometimes a
    prompt button). Returns (action id sent or None when unknown, kind of click)."""
    places = page.locator(".cr-sheets .cr-hl, .cr-pool .cr-hl")
    chips = page.locator(".cr-bar .cr-hl")
    r = rng.random()
    if r < 0.1 or (places.count() == 0 and chips.count() == 0):
        buttons = page.locator("#decision.mine .options button:enabled")
        b = buttons.nth(rng.randrange(buttons.count()))
        action = int(b.get_attribute("data-action"))
        b.click()
        stats["prompt"] += 1
        return action, "prompt"
    loc = places if places.count() and (r < 0.85 or chips.count() == 0) else chips
    node = loc.nth(rng.randrange(loc.count()))
    place = node.get_attribute("data-place")
    acts = node.get_attribute("data-action")
    node.click()
    if "," in acts:  # several options at one place: a small menu opens
        page.wait_for_selector(".cr-pop button[data-action]")
        btn = page.locator(".cr-pop button[data-action]").first
        action = int(btn.get_attribute("data-action"))
        btn.click()
    else:
        action = int(acts)
    stats["places"].add(place.split(":")[0])
    stats["place"] += 1
    return action, place


def test_two_player_game_played_to_the_end_by_clicking_the_sheets(server, browser):
    g = post(server, "/api/games", {"game": "cosmic-run", "players": 2, "seed": 11,
                                    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    gid, token = g["id"], g["seats"][0]["token"]
    page, errors = open_table(browser, server, gid, token)
    # the two sheets side by side, ours first, with three tracks of 12 x 3 circles plus the planet row
    assert [s for s, _ in dom_sigs(page)] == [0, 1]
    assert page.locator("[data-testid=cr-sheet][data-sheet='0'] .cr-track").count() == 3
    assert page.locator("[data-testid=cr-sheet][data-sheet='0'] .cr-cell").count() == 3 * 13 * 3
    assert page.locator("[data-testid=cr-die]").count() == 8
    # tooltips explain a technology and the round track, citing the rulebook
    page.hover("[data-testid=cr-sheet][data-sheet='0'] .cr-tech[data-tech='2']")
    tip = page.inner_text("[data-testid=cr-tip]")
    assert "Warp drive" in tip and "mine" in tip and "rulebook: Warp Drive" in tip
    page.hover("[data-testid=cr-rounds]")
    assert "Round track" in page.inner_text("[data-testid=cr-tip]")
    # a die's tooltip is the game's own words for its face (the view's help.dice), with its source
    page.hover("[data-testid=cr-die] >> nth=0")
    tip = page.inner_text("[data-testid=cr-tip]")
    assert "rulebook:" in tip, tip
    assert any(w in tip for w in ("— movement", "Advance and attack", "Mine die", "Technology:")), tip
    # what to click is the game's words for the decision (the view's help.clicks)
    page.wait_for_selector("#decision.mine .options button:enabled")
    view = get(server, f"/api/games/{gid}/view", token=token)["view"]
    assert page.inner_text("[data-testid=cr-hint]") == view["help"]["clicks"][view["decision"]]

    rng = random.Random(4)
    stats = {"prompt": 0, "place": 0, "places": set()}
    sigs_seen = set()
    checked = 0
    start = time.time()
    while not page.query_selector("[data-testid=cr-end]"):
        assert time.time() - start < 240, "the game did not finish in time (a hang guard, not a speed test)"
        if not my_turn(page):
            page.wait_for_timeout(20)
            continue
        before = moves(page)
        action, how = click_place(page, rng, stats)
        wait_redraw(page, before)
        # the click sent exactly the option named by that place
        rec = stored_actions(server, gid)
        assert rec[before] == action, f"clicking {how} sent {rec[before]}, not {action}"
        sigs_seen.add(tuple(s for _, s in dom_sigs(page)))
        if checked < 12 and rng.random() < 0.12:
            # the sheets on the page are exactly the seat's view on the server (when it is quiet)
            drawn, drawn_at = drawn_snapshot(page)
            view = get(server, f"/api/games/{gid}/view", token=token)
            if view["actions"] == drawn_at == moves(page):  # nobody moved while we looked
                checked += 1
                assert drawn == [[s["sheet"], sheet_sig(s)] for s in view["view"]["sheets"]]
    info = get(server, f"/api/games/{gid}")
    assert info["status"] == "finished"
    page.wait_for_selector("[data-testid=winner]")
    # the end panel: winner and totals as the server scored them
    res = info["result"]
    end_txt = page.inner_text("[data-testid=cr-end]")
    names = res["winner_names"]
    assert (names and all(n in end_txt.split("\n")[0] for n in names)) or (not names and "Nobody" in end_txt)
    totals = page.eval_on_selector_all("[data-testid=cr-end] td.tot", "els => els.map(e => +e.textContent)")
    assert totals == res["scores"]
    view = get(server, f"/api/games/{gid}/view", token=token)["view"]
    assert dom_sigs(page) == [[s["sheet"], sheet_sig(s)] for s in view["sheets"]]
    # the sheets changed as the game went on, and the places on the sheets did the playing
    assert len(sigs_seen) > 20
    assert checked >= 1
    assert stats["place"] > 3 * stats["prompt"]
    assert {"die", "cell", "use"} <= stats["places"], stats["places"]
    assert not errors, errors


def test_solo_game_first_decisions(server, browser):
    g = post(server, "/api/games", {"game": "cosmic-run", "players": 1, "seed": 4, "seats": [{"kind": "human"}]})
    gid, token = g["id"], g["seats"][0]["token"]
    page, errors = open_table(browser, server, gid, token)
    # our sheet and Zorlord's, side by side; Zorlord has no cargo bay or control panel
    assert [s for s, _ in dom_sigs(page)] == [0, 1]
    zor = page.locator("[data-testid=cr-sheet][data-sheet='1']")
    assert "Zorlord" in zor.locator(".cr-sheetname").inner_text()
    assert zor.locator(".cr-cargo").count() == 0 and zor.locator(".cr-control").count() == 0
    # Zorlord took the first die already: it shows his name in the pool
    owners = page.eval_on_selector_all("[data-testid=cr-die]", "els => els.map(e => e.dataset.owner)")
    assert "1" in owners
    rng = random.Random(1)
    stats = {"prompt": 0, "place": 0, "places": set()}
    first = dom_sigs(page)
    for _ in range(8):
        page.wait_for_selector("#decision.mine .options button:enabled")
        before = moves(page)
        kind = page.get_attribute("[data-testid=cr-table]", "data-decision")
        action, how = click_place(page, rng, stats)
        wait_redraw(page, before)
        rec = stored_actions(server, gid)
        assert rec[before] == action, f"{kind}: clicking {how} sent {rec[before]}, not {action}"
    view = get(server, f"/api/games/{gid}/view", token=token)["view"]
    assert dom_sigs(page) == [[s["sheet"], sheet_sig(s)] for s in view["sheets"]]
    assert dom_sigs(page) != first
    assert not errors, errors
