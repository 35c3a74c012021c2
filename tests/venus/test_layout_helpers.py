"""The layout of the flat counters (``orbit``, ``surf``, ``bld``, ``stock``) and of the
packed action ids is written in :mod:`cosmodrome.games.venus.flow`'s index helpers and codec
only: the rule modules loop over planets and unit types and call them (``unit_ix``,
``building_ix``, ``encode_unit_at`` …), and the readers of the frame on top name the seat
(``flow.SEAT``) instead of its place."""

import re
from pathlib import Path

import pytest

from cosmodrome.games.venus import GAME
from cosmodrome.games.venus.flow import (
    D_CLAIM_UNIT,
    D_LOOK_GIVE,
    D_TURN,
    EARTH,
    FRAME_FIELDS,
    SHIP,
    TANK,
    building_ix,
    buildings,
    frame_field,
    unit_ix,
    unit_places,
)

VENUS_DIR = Path(__file__).resolve().parents[2] / "src" / "cosmodrome" / "games" / "venus"
RULES = ("actions", "cards", "combat", "crises", "phases", "scoring", "setup")
#: hand-written layout arithmetic: a seat's or a planet's block by its size, a walk from a
#: base by a block's size, every unit of a seat by its index, an id by its offset
BY_HAND = (r"\* ?24\b", r"\bpl \* [23]\b", r"\bp \* (5|16)\b", r"range\((16|24)\)", r"% 3\b",
           r"\b[a-z]+ \+= (3|16)\b(?! *#)", r"A_UNITAT \+", r"A_BLD \+")


@pytest.mark.parametrize("module", RULES)
def test_rule_modules_leave_the_layout_to_the_index_helpers(module):
    text = (VENUS_DIR / f"{module}.py").read_text()
    found = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
             for pattern in BY_HAND if re.search(pattern, line) and "card_points" not in line]
    assert found == [], f"{module}.py computes the layout by hand: {found}"


@pytest.mark.parametrize("module", ("options", "state"))
def test_the_top_frame_is_read_by_name(module):
    text = (VENUS_DIR / f"{module}.py").read_text()
    assert not re.search(r"stack\[-1\]\[[1-9]\]", text), f"{module}.py reads the top frame by place"


def test_frame_field_reads_every_declared_field():
    for op, fields in FRAME_FIELDS.items():
        frame = (op, *range(100, 100 + len(fields)))
        assert [frame_field(frame, name) for name in fields] == list(frame[1:])
    assert frame_field((D_CLAIM_UNIT, 2, EARTH, 5), "planet") == EARTH
    assert frame_field((D_LOOK_GIVE, 0, 3, 17), "owner") == 3
    assert frame_field((D_TURN, 1), "owner", -1) == -1


def test_the_board_helpers_agree_with_the_counters():
    s = GAME.new_state(4, seed=3)
    s.orbit[unit_ix(1, EARTH, TANK)] += 2
    s.surf[unit_ix(1, 6, SHIP)] += 1
    assert unit_places(s, 1) == [(EARTH, 0), (EARTH, 1), (EARTH, 2), (6, 1)]
    assert unit_places(s, 1, (TANK,)) == [(EARTH, TANK)]
    assert buildings(s, 1) == sum(s.bld[building_ix(1, pl, k)] for pl in range(8) for k in (0, 1))


#: the packed records of the table written by hand: a gunrunner (``planet*1000 + card``) or
#: a crisis (``planet*16 + level``); flow's encode_gunrunner / encode_crisis and their readers own them
PACKED_BY_HAND = (r"(\*|//|%) ?1000\b", r"\* ?16 \+|(//|%) ?16\b")


@pytest.mark.parametrize("module", RULES + ("view", "observation"))
def test_gunrunners_and_crises_are_packed_by_flows_helpers_only(module):
    # the view lays its own blocks out by 16 (``range(p * 16, p * 16 + 16, 2)``): only the
    # gunrunners' packing is checked there
    patterns = PACKED_BY_HAND if module in RULES else PACKED_BY_HAND[:1]
    text = (VENUS_DIR / f"{module}.py").read_text()
    found = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
             for pattern in patterns if re.search(pattern, line)]
    assert found == [], f"{module}.py packs a gunrunner or a crisis by hand: {found}"
