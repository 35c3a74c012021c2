"""The words the four games' tables draw themselves (the renderers' own words, not the
server's), read by a Hungarian browser: Cosmic Run's dice pool and action bar, March on Mars's
ring and combat card, Onward to Venus's stock tooltips and quoted card names, Walking on the
Moon's seat names and its start box, the Mars training card's names. Each table is a game imported at a chosen position (mode "continue"), opened
with the token of the seat whose decision it is."""

from __future__ import annotations

import random
import re

import pytest
from e2e_helpers import post_json as post

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: everything a reader reads of a page: text, SVG titles, tooltips and labels
READ = ("() => [document.body.innerText, ...[...document.querySelectorAll('title')].map(n => n.textContent),"
        " ...[...document.querySelectorAll('[title]')].map(n => n.getAttribute('title')),"
        " ...[...document.querySelectorAll('[aria-label]')].map(n => n.getAttribute('aria-label'))].join('\\n')")


def position(game, players, seed, stop):
    """A record of a seeded random game played until ``stop(state, events so far)`` holds, and
    the seat to move."""
    from cosmodrome.core import GameRecord

    rec, s = GameRecord.start(game, players, seed)
    rng = random.Random(seed)
    events = []
    while not stop(s, events):
        assert not s.is_terminal(), "the game ended before the position was reached"
        a = rng.choice(s.legal_actions())
        events += s.apply(a)
        rec.actions.append(a)
    return rec.to_json(), s.to_move()


def hungarian_table(server, browser, game, players, seed, stop, ready):
    rec, seat = position(game, players, seed, stop)
    g = post(server, "/api/games/import", {"record": rec, "mode": "continue", "seats": [{"kind": "human"}] * players})
    page = browser.new_context(viewport={"width": 1280, "height": 900}, locale="hu-HU").new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{server}/table.html?game={g['id']}#token={g['seats'][seat]['token']}")
    page.wait_for_selector(ready, timeout=20000)
    page.wait_for_selector("[data-testid=log] *", timeout=20000)
    return page


def english(text: str, words: str) -> list[str]:
    return sorted({w for w in re.findall(r"[^\W\d_]+", text.lower()) if w in words.split()})


def test_cosmic_runs_dice_pool_and_action_bar_in_hungarian(server, browser):
    # a ship under way: "moving the orange ship — 2 pips left", the pool's "die N" and "in hand"
    page = hungarian_table(server, browser, "cosmic-run", 2, 3,
                           lambda s, _: s.view(s.to_move()).get("decision") == "move" and s.view(0)["current"]["pips"] > 1,
                           "[data-testid=cr-bar]")
    bar = page.inner_text("[data-testid=cr-bar]")
    assert "pötty maradt" in bar and "hajó" in bar, bar
    assert not english(bar, "moving ship pips pip left die holds attacks the"), bar
    who = " | ".join(page.locator("[data-testid=cr-die] .who").all_text_contents())
    assert "kézben" in who and not english(who, "die in hand"), who
    pool = " | ".join(page.eval_on_selector_all("[data-testid=cr-die]", "ns => ns.map(n => n.getAttribute('aria-label'))"))
    assert "kocka" in pool and not english(pool, "die taken by in the pool"), pool
    assert not english(page.evaluate(READ), "pips pip moving holds pool"), "English left on the table"
    assert page.errors == []
    page.context.close()


def test_mars_ring_and_combat_card_in_hungarian(server, browser):
    # the ring's "level" head, an empty incoming box, and the dice to program ("+ blue die 1")
    page = hungarian_table(server, browser, "mars", 2, 6,
                           lambda s, _: s.view(0).get("turn") is not None and s.decision().kind == "program",
                           "[data-testid=mars-ring]")
    page.wait_for_selector(".mars-add", timeout=20000)
    heads = page.eval_on_selector_all(".mars-levelno.head", "ns => ns.map(n => n.textContent)")
    assert heads and set(heads) == {"szint"}, heads
    boxes = page.eval_on_selector_all("[data-testid=mars-incoming] .mars-note", "ns => ns.map(n => n.textContent)")
    assert boxes and set(boxes) <= {"üres"}, boxes
    adds = " | ".join(page.locator(".mars-add").all_text_contents())
    assert "kocka" in adds and not english(adds, "blue white black die"), adds
    assert not english(page.evaluate(READ), "level empty bunker die missile"), "English left on the table"
    assert page.errors == []
    page.context.close()


def test_venus_stock_tooltips_and_card_quotes_in_hungarian(server, browser):
    # the stock's tooltips ("4 infantry") and a drawn card's name in the log, quoted „…”
    page = hungarian_table(server, browser, "venus", 3, 11,
                           lambda s, events: any(e.kind == "play" for e in events),
                           "[data-testid=planets]")
    tips = " | ".join(page.eval_on_selector_all("[data-testid=player-0] .pc[title]", "ns => ns.map(n => n.title)"))
    assert "gyalogság" in tips and "űrcirkáló" in tips and not english(tips, "infantry spaceship spaceships mine mines factory"), tips
    log = page.inner_text("[data-testid=log]")
    assert re.search("„[^”]+”", log) and not re.search(r"'[^\W\d_][^']*'", log), log
    # the tiles' marks are the first letters of their Hungarian names (Gyár, Bánya, ...), not English ones
    marks = set(page.eval_on_selector_all(".vn-tile .ic", "ns => ns.map(n => n.textContent)"))
    assert marks and marks <= {"Gy", "B", "+2", "£3", "Tr", "!", "F", "I", "?"}, marks
    assert "Gy" in marks or "B" in marks, marks
    assert page.errors == []
    page.context.close()


def test_moon_seat_names_in_hungarian(server, browser):
    page = hungarian_table(server, browser, "moon", 2, 5, lambda s, _: True, "[data-testid=moon-table]")
    text = page.evaluate(READ)
    assert "Szovjetunió és Európa" in text, text[:400]
    assert not english(text, "soviet union united states europe china japan"), "English nations on the table"
    assert page.errors == []
    page.context.close()


def test_mars_sniper_training_by_its_mars_name_not_the_venus_card(server, browser):
    # seed 0: the Red marine's training card offers the Drone or the Sniper (the English word of
    # a Venus card too, whose Hungarian edition name is "Gyalogság elpusztítása")
    page = hungarian_table(server, browser, "mars", 2, 0, lambda s, _: True, "[data-testid=mars-training-card]")
    names = page.locator("[data-testid=mars-ability] b").all_text_contents()
    assert names[:2] == ["Drón", "Mesterlövész"], names
    assert "Gyalogság" not in page.evaluate(READ)
    assert page.errors == []
    page.context.close()


def test_moon_start_box_is_the_rajt_on_the_board(server, browser):
    page = hungarian_table(server, browser, "moon", 2, 5, lambda s, _: True, "[data-testid=moon-table]")
    under = page.eval_on_selector_all(".moon-under", "ns => ns.map(n => n.textContent)")
    assert "rajt" in under and "cél" not in under, under
    assert page.errors == []
    page.context.close()
