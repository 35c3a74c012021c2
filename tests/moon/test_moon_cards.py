"""The component data: every lunar card is valid terrain, can be crossed with safe jumps from
the box before it to the box after it (a search over every die face and step pattern), and
never traps an astronaut (from every box a jump or an accident can put it on, the next
card is still reachable). The counts match the rulebook's component list."""

import tomllib

import pytest

from cosmodrome.core import DataError
from cosmodrome.games.lunar.dice import ACCIDENT, BLACK, BLUE, WHITE, steps_of
from cosmodrome.games.lunar.movement import jump, masks
from cosmodrome.games.lunar.terrain import SAFE_LANDING, STANDING, cell, column_problem
from cosmodrome.games.moon.components import DATA_FILE, build, load_components
from cosmodrome.games.moon.state import connector

C = load_components()
FACES = {colour: sorted({steps_of(f) for f in C.faces[colour]}) for colour in (BLUE, WHITE, BLACK)}


def strip_of(card):
    return (connector(C),) + card.columns + (connector(C),)


def reach(strip, start, safe_only):
    """Every box reachable from ``start`` by jumps (safe ones only, or any outcome)."""
    last = len(strip) - 1
    seen, todo = {start}, [start]
    while todo:
        c, y = todo.pop()
        if c == last:
            continue
        for colour, steps in FACES.items():
            for n in steps:
                for m in masks(colour, n):
                    j = jump(strip, c, y, colour, n, m)
                    if safe_only and j.outcome != "safe":
                        continue
                    if (j.col, j.level) not in seen:
                        seen.add((j.col, j.level))
                        todo.append((j.col, j.level))
    return seen


@pytest.mark.parametrize("index", range(11))
def test_each_card_is_valid_terrain(index):
    card = C.cards[index]
    assert len(card.columns) == 6 and all(column_problem(col) == "" for col in card.columns)
    assert 1 <= len(card.sputniks) <= 2


@pytest.mark.parametrize("index", range(11))
def test_each_card_can_be_crossed_with_safe_jumps(index):
    strip = strip_of(C.cards[index])
    assert (len(strip) - 1, C.connector_level) in reach(strip, (0, C.connector_level), True)


@pytest.mark.parametrize("index", range(11))
def test_no_card_traps_an_astronaut(index):
    strip = strip_of(C.cards[index])
    for box in reach(strip, (0, C.connector_level), False):
        assert cell(strip[box[0]], box[1]) in STANDING
        assert any(c == len(strip) - 1 for c, _ in reach(strip, box, False)), f"trapped at {box}"


@pytest.mark.parametrize("index", range(11))
def test_each_card_has_a_box_with_a_circle(index):
    """A special box's free move goes to the next box with a circle: with one on every card,
    it never reaches another special box from a special box, so chains of boxes end
    (docs/rulings/moon.md, ruling 20)."""
    assert any(k in SAFE_LANDING for col in C.cards[index].columns for k in col)


def test_counts_match_the_rulebook():
    assert len(C.cards) == 11 and sum(c.red for c in C.cards) == 5
    assert len(C.action_deck) == 24 and len(C.tokens) == 7
    assert C.supply == {"sputnik": 30, "ec": 10, "handicap": 5, "special_tokens": 7, "action_cards": 24,
                        "jump_cards": 5, "lunar_cards": 11}
    assert C.dice == {"normal": 4, "handicap": 3, "accident": 2, "most": 6}
    assert C.goal_points == (11, 10) and max(C.last_card_points) < 10
    assert [f for f in C.faces[BLACK] if f == ACCIDENT] == [ACCIDENT]


def test_every_entry_is_marked_fact_or_assumed():
    data = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    for section in ("cards", "tokens", "actions"):
        assert all(e["status"] in ("fact", "assumed") and e["source"] for e in data[section])


@pytest.mark.parametrize("change, message", [
    (lambda d: d["cards"][0].__setitem__("rows", ["......"] * 4), "no ground"),
    (lambda d: d["cards"][0].__setitem__("rows", ["......", "......", "o#x.oo", "###o##"]), "column 2"),
    (lambda d: d["cards"][0].__setitem__("sputniks", [[0, 1]]), "Sputnik"),
    (lambda d: d["dice"]["faces"]["value"]["blue"].__setitem__(0, "7"), "face"),
    (lambda d: d["cards"].pop(), "lunar cards"),
    (lambda d: d["actions"][0].__setitem__("timing", "whenever"), "timing"),
])
def test_malformed_data_is_refused_with_a_reason(change, message):
    data = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    change(data)
    with pytest.raises(DataError, match=message):
        build(data)
