"""Places and risks the table names plainly, in headless chromium: the Mars ring numbers its
levels as the options name them ("column 4, level 1"); a Mars move onto a box without a circle
is marked risky like the Moon's accidents; where a decision offers a way out (stop the turn
here), that way out comes first, in a group of its own, and the Moon's next jump is marked as
the risk it is."""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest
from e2e_helpers import get
from e2e_helpers import post_json as post
from test_first_screens import page_of, seat_link

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LAPTOP = {"width": 1280, "height": 800}


def first(d):
    return d["options"][0]["action"]


def careful(d):
    """Program dice on the second jump when offered (so that a jump may follow), else a safe move."""
    for o in d["options"]:
        if "second jump" in o["label"]:
            return o["action"]
    safe = [o for o in d["options"] if (o.get("data") or {}).get("outcome") == "safe"]
    return (safe or d["options"])[0]["action"]


def decision_at(base, game, players, seed, until, policy, limit=300):
    """A game with seat 0 a person and random bots elsewhere, played through the API with
    ``policy`` until seat 0's decision satisfies ``until``; returns (game, view)."""
    g = post(base, "/api/games", {"game": game, "players": players, "seed": seed,
                                  "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)})
    tok = g["seats"][0]["token"]
    for _ in range(limit):
        end = time.time() + 20
        while True:
            v = get(base, f"/api/games/{g['id']}/view", tok)
            if v["decision"] or v["status"] != "running" or time.time() > end:
                break
            time.sleep(0.05)
        assert v["decision"], "the game ended before the decision came"
        if until(v["decision"]):
            return g, v
        # the seat's token goes in a header, never in the URL
        req = urllib.request.Request(f"{base}/api/games/{g['id']}/act", method="POST",
                                     data=json.dumps({"action": policy(v["decision"]),
                                                      "version": v["version"]}).encode(),
                                     headers={"Content-Type": "application/json", "X-Cosmodrome-Token": tok})
        urllib.request.urlopen(req, timeout=10).read()
    raise AssertionError("the decision never came")


def opened(browser, base, g):
    page = page_of(browser, base, seat_link(g, 0), LAPTOP)
    page.wait_for_selector("#decision.mine .options button:enabled", timeout=20000)
    page.wait_for_timeout(300)
    return page


def test_the_mars_ring_numbers_its_levels_as_the_options_name_them(server, browser):
    g, v = decision_at(server, "mars", 3, 20, lambda d: d["kind"] == "act", first)
    page = opened(browser, server, g)
    levels = page.locator("[data-testid=mars-levelno][data-side='0']").evaluate_all(
        "ts => ts.map(t => [Number(t.dataset.level), t.textContent])")
    assert levels and all(text == str(level) for level, text in levels)
    named = {int(m) for o in v["decision"]["options"] for m in re.findall(r"level (\d+)", o["label"])}
    assert named and named <= {level for level, _ in levels}
    # a level's number sits at that level's height: level l's boxes and its number share their distance from the centre
    # a level's number sits at that level's height: the higher the level, the farther from the planet's centre
    far = page.evaluate("""() => { const planet = document.querySelector('[data-testid=mars-ring] .mars-planet');
        const cx = Number(planet.getAttribute('cx')), cy = Number(planet.getAttribute('cy'));
        const nums = [...document.querySelectorAll('[data-testid=mars-levelno]')].map(t =>
          [Number(t.dataset.level),
           Math.hypot(Number(t.getAttribute('x')) - cx, Number(t.getAttribute('y')) - 4 - cy)]);
        return nums.length > 0 && nums.every(([l, d]) => nums.every(([l2, d2]) => l2 <= l || d2 > d)); }""")
    assert far
    assert page.errors == []


def test_a_mars_move_onto_a_box_without_a_circle_is_marked_risky(server, browser):
    g, v = decision_at(server, "mars", 3, 20,
                       lambda d: d["kind"] == "act" and any((o.get("data") or {}).get("outcome") == "hazard"
                                                            for o in d["options"]),
                       first)
    page = opened(browser, server, g)
    risky = [o for o in v["decision"]["options"] if (o.get("data") or {}).get("outcome") not in (None, "safe")]
    for o in risky:
        b = page.locator(f"#decision .options button[data-action='{o['action']}']")
        assert "risky" in (b.get_attribute("class") or ""), o["label"]
        assert "⚠" in b.inner_text() and "accident" in (b.get_attribute("title") or "")
    # the safe moves come before the risky ones within the Move group
    group = page.locator("#decision .opt-group", has_text="Move")
    flags = [int(a) in {o["action"] for o in risky}
             for a in group.locator("button").evaluate_all("bs => bs.map(b => b.dataset.action)")]
    assert flags == sorted(flags)
    assert page.errors == []


@pytest.mark.parametrize("game,stop", [("moon", "Stop here and end the turn"), ("mars", "stop the turn here")])
def test_the_way_out_comes_first_and_the_next_jump_is_marked(server, browser, game, stop):
    g, v = decision_at(server, game, 2, 20, lambda d: d["kind"] == "go-on", careful)
    assert any(o["label"] == stop for o in v["decision"]["options"])
    page = opened(browser, server, g)
    heads = page.locator("#decision .opt-head").all_inner_texts()
    assert heads and heads[0] == "Stop safely"
    assert page.locator("#decision .options button").first.inner_text().strip() == stop
    if game == "moon":
        on = page.locator("#decision .options button", has_text="jump")
        assert "risky" in on.get_attribute("class") and "accident" in on.get_attribute("title")
    assert page.errors == []
