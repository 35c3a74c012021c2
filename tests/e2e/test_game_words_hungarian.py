"""The words the four games' tables draw themselves (the renderers' own words, not the
server's), read by a Hungarian browser: Cosmic Run's dice pool and action bar, March on Mars's
ring and combat card, Onward to Venus's stock tooltips and quoted card names, Walking on the
Moon's seat names and its start box, the Mars training card's names. Each table is a game
imported at a chosen position (mode "continue"), opened with the token of the seat whose
decision it is."""

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


def read_in_hungarian(page, parts, leftover: str) -> None:
    """Check a Hungarian table's words: each part is ``(texts read from the page, Hungarian words
    they hold, English words they must not hold, or the only texts they may be)``; then no word of
    ``leftover`` anywhere a reader reads; no script error. Closes the page."""
    for read, hungarian, banned, only in parts:
        texts = read(page)
        joined = " | ".join(texts)
        assert texts and all(w in joined for w in hungarian), joined
        assert not english(joined, banned), joined
        assert only is None or set(texts) <= only, texts
    assert not english(page.evaluate(READ), leftover), "English left on the table"
    assert page.errors == []
    page.context.close()


def test_cosmic_runs_dice_pool_and_action_bar_in_hungarian(server, browser):
    # a ship under way: "moving the orange ship — 2 pips left", the pool's "die N" and "in hand"
    page = hungarian_table(server, browser, "cosmic-run", 2, 3,
                           lambda s, _: (s.view(s.to_move()).get("decision") == "move"
                                         and s.view(0)["current"]["pips"] > 1),
                           "[data-testid=cr-bar]")
    read_in_hungarian(page, [
        (lambda p: [p.inner_text("[data-testid=cr-bar]")], ["pötty maradt", "hajó"],
         "moving ship pips pip left die holds attacks the", None),
        # what to click comes with the view (text.CLICK_HINTS, MOVE_CLICKS), in the reader's language
        (lambda p: [p.inner_text("[data-testid=cr-hint]")], ["Kattints:", "egy bekarikázott körre, hogy odalépj"],
         "click ringed circle step there your moving ship stop", None),
        (lambda p: p.locator("[data-testid=cr-die] .who").all_text_contents(), ["kézben"], "die in hand", None),
        (lambda p: p.eval_on_selector_all("[data-testid=cr-die]", "ns => ns.map(n => n.getAttribute('aria-label'))"),
         ["kocka"], "die taken by in the pool", None),
    ], "pips pip moving holds pool")


def test_cosmic_runs_jargon_is_explained_as_the_hungarian_reader_reads_it(server, browser):
    # the glossary's short names are the reader's ("GyP", not "VP"), each explained in Hungarian
    page = hungarian_table(server, browser, "cosmic-run", 2, 3, lambda s, _: True, "[data-testid=cr-bar]")
    page.wait_for_selector("#board abbr.term", timeout=10000)
    terms = page.eval_on_selector_all("#board abbr.term", "ns => ns.map(n => [n.dataset.term, n.title])")
    titles = dict(terms)
    assert "GyP" in titles and titles["GyP"].startswith("győzelmi pont"), terms
    assert "VP" not in titles, terms
    assert page.errors == []
    page.context.close()


def test_mars_ring_and_combat_card_in_hungarian(server, browser):
    # the ring's "level" head, an empty incoming box, and the dice to program ("+ blue die 1")
    page = hungarian_table(server, browser, "mars", 2, 6,
                           lambda s, _: s.view(0).get("turn") is not None and s.decision().kind == "program",
                           "[data-testid=mars-ring]")
    page.wait_for_selector(".mars-add", timeout=20000)
    read_in_hungarian(page, [
        (lambda p: p.eval_on_selector_all(".mars-levelno.head", "ns => ns.map(n => n.textContent)"), ["szint"], "level",
         {"szint"}),
        (lambda p: p.eval_on_selector_all("[data-testid=mars-incoming] .mars-note", "ns => ns.map(n => n.textContent)"),
         [], "empty", {"üres"}),
        (lambda p: p.locator(".mars-add").all_text_contents(), ["kocka"], "blue white black die", None),
        # what to click comes with the view (text.CLICK_HINTS), in the reader's language
        (lambda p: [p.inner_text("[data-testid=mars-hint]")], ["Tegyél kockákat az akcióidra"],
         "put dice on your actions buttons combat card roll click nuke", None),
        # the rules' tooltips come with the view (text.table_help): the aliens' legend
        (lambda p: p.eval_on_selector_all("[title]", "ns => ns.map(n => n.title)"),
         ["A sárga idegenek a leggyengébbek: egy lövés 1 találata", "A vörös idegenek a legszívósabbak"],
         "aliens weakest hits shot", None),
    ], "level empty bunker die missile")


def test_venus_stock_tooltips_and_card_quotes_in_hungarian(server, browser):
    # the stock's tooltips ("4 infantry") and a drawn card's name in the log, quoted „…”
    page = hungarian_table(server, browser, "venus", 3, 11,
                           lambda s, events: any(e.kind == "play" for e in events),
                           "[data-testid=planets]")
    tips = " | ".join(page.eval_on_selector_all("[data-testid=player-0] .pc[title]", "ns => ns.map(n => n.title)"))
    assert "gyalogság" in tips and "űrcirkáló" in tips, tips
    assert not english(tips, "infantry spaceship spaceships mine mines factory"), tips
    # the kept tiles' rule, with this game's VP (the view's help, text.table_help)
    titles = page.eval_on_selector_all("[data-testid=player-0] [title]", "ns => ns.map(n => n.title)")
    assert "megtartott lapkák: trófea és krízis 1-1 GyP, idegen 2 GyP" in titles, titles
    log = page.inner_text("[data-testid=log]")
    assert re.search("„[^”]+”", log) and not re.search(r"'[^\W\d_][^']*'", log), log
    # the tiles' marks are the first letters of their Hungarian names (Gyár, Bánya, ...), not English ones
    marks = set(page.eval_on_selector_all(".vn-tile .ic", "ns => ns.map(n => n.textContent)"))
    assert marks and marks <= {"Gy", "B", "+2", "£3", "Tr", "!", "F", "I", "?"}, marks
    assert "Gy" in marks or "B" in marks, marks
    # money reads one way on a player's panel: its purse as its income, "12 font", never "£12"
    panel = page.inner_text("[data-testid=player-0]")
    assert re.search(r"\b\d+ font\b", page.inner_text("[data-testid=player-0] .money")) and "£" not in panel, panel
    assert page.errors == []
    page.context.close()


def test_moon_seat_names_in_hungarian(server, browser):
    page = hungarian_table(server, browser, "moon", 2, 5, lambda s, _: True, "[data-testid=moon-table]")
    read_in_hungarian(page, [(lambda p: [p.evaluate(READ)], ["Szovjetunió és Európa"], "", None)],
                      "soviet union united states europe china japan")

def test_moon_board_marks_counters_and_race_places_in_hungarian(server, browser):
    # the circled boxes' mark is the Hungarian abbreviation, named in its tooltip; the Earth
    # Control counters are "FI" as everywhere else; a race position is an ordinal, not "#2"
    page = hungarian_table(server, browser, "moon", 3, 2, lambda s, ev: len(ev) > 30, "[data-testid=moon-table]")
    marks = page.eval_on_selector_all(
        "[data-testid=moon-box-mark]",
        "ns => ns.map(n => [n.childNodes[0].nodeValue, n.querySelector('title').textContent])")
    assert len(marks) == 4 and {m[0] for m in marks} == {"K"}, marks
    assert all(m[1].startswith("K = különleges mező") for m in marks), marks
    cards = page.eval_on_selector_all("[data-testid=moon-card]", "ns => ns.map(n => n.innerText)")
    assert cards and all(re.search(r"(?<![A-Za-z])FI \d", c) for c in cards), cards
    assert all(re.search(r"\d\. helyezett", c) for c in cards), cards
    text = page.evaluate(READ)
    assert not re.search(r"#\d|\bEC\b|pótesély", text), re.findall(r".{30}(?:#\d|\bEC\b|pótesély).{30}", text)
    assert page.errors == []
    page.context.close()
    # in English: "S", with the same tooltip in English
    rec, seat = position("moon", 3, 2, lambda s, ev: len(ev) > 30)
    g = post(server, "/api/games/import", {"record": rec, "mode": "continue", "seats": [{"kind": "human"}] * 3})
    page = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB").new_page()
    page.goto(f"{server}/table.html?game={g['id']}#token={g['seats'][seat]['token']}")
    page.wait_for_selector("[data-testid=moon-box-mark]", timeout=20000)
    marks = page.eval_on_selector_all(
        "[data-testid=moon-box-mark]",
        "ns => ns.map(n => [n.childNodes[0].nodeValue, n.querySelector('title').textContent])")
    assert {m[0] for m in marks} == {"S"} and marks[0][1].startswith("Special box"), marks
    card = page.inner_text("[data-testid=moon-card]")
    assert "race #" in card or "at the goal (#" in card
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


def test_venus_combat_rule_comes_with_the_view_in_hungarian(server, browser):
    # the combat card's cost rule is the game's own words (the view's help, text.table_help)
    page = hungarian_table(server, browser, "venus", 2, 5, lambda s, _: s.view(0).get("combat") is not None,
                           "[data-testid=combat]")
    text = page.inner_text("[data-testid=combat]")
    assert "Költség = védelem + (legnagyobb kocka − legkisebb kocka)" in text and "Cost =" not in text, text
    assert page.errors == []
    page.context.close()
