"""The layout of the flat counters (``orbit``, ``surf``, ``bld``, ``stock``) and of the
packed action ids is written in :mod:`cosmodrome.games.venus.flow`'s index helpers and codec
only: the rule modules, the view, the observation, the labels and the options' details loop
over planets and unit types and call them (``unit_ix``, ``building_ix``, ``encode_unit_at``
…), and the readers of a frame name its fields (``f.seat``, ``f.planet``) instead of their
places."""

import re
from pathlib import Path

import numpy as np
import pytest

from cosmodrome.adapters.tensor import schema_for
from cosmodrome.games.venus import GAME
from cosmodrome.games.venus.flow import (
    A_TILE,
    EARTH,
    FACTORY,
    FRAME_CLASS,
    FRAME_FIELDS,
    INF,
    MARS,
    MINE,
    SHIP,
    TANK,
    VENUS,
    Bazagthoth,
    BazagthothBuilding,
    Build,
    ClaimTile,
    ClaimUnit,
    LookGive,
    TensionKind,
    TensionSeat,
    TurnMenu,
    building_ix,
    building_stock_ix,
    buildings,
    encode_building,
    stock_ix,
    surface_units,
    unit_ix,
    unit_places,
    units_of_type,
)

VENUS_DIR = Path(__file__).resolve().parents[2] / "src" / "cosmodrome" / "games" / "venus"
RULES = ("actions", "cards", "combat", "crises", "phases", "scoring", "setup")
#: the modules that read the table for people and agents: the view, the observation, the labels
#: and the options' details
READERS = ("view", "observation", "text", "options")
#: hand-written layout arithmetic: a seat's or a planet's block by its size, a walk from a
#: base by a block's size, every unit of a seat by its index, an id by its offset, a range of
#: ids by its length, tile kinds by their numbers
BY_HAND = (r"\* ?24\b", r"\bpl \* [23]\b", r"\b[a-z]\w* ?\* ?(5|16)\b", r"range\((16|24)\)", r"% 3\b",
           r"\b[a-z]+ \+= (3|16)\b(?! *#)", r"A_UNITAT \+", r"A_BLD \+", r"< ?A_[A-Z]+ \+ ?\d",
           r"^(?!\s*for\b).*\bin \(\d+(, \d+)+\)")


@pytest.mark.parametrize("module", RULES + READERS)
def test_rule_modules_leave_the_layout_to_the_index_helpers(module):
    text = (VENUS_DIR / f"{module}.py").read_text()
    found = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
             for pattern in BY_HAND if re.search(pattern, line) and "card_points" not in line]
    assert found == [], f"{module}.py computes the layout by hand: {found}"


#: a unit type's counter stepped to by hand from a planet's first (``b + 1``, ``b + t``,
#: ``i + TANK``), or a unit type's counters walked by the size of a planet's block (``b:e:3``,
#: ``range(t, n, 3)``): flow's ``unit_ix``, ``surface_units``, ``units_of_type`` name them
UNIT_STEPS = (r"\[[a-z]\w* ?\+ ?([12]|t|INF|SHIP|TANK)\]", r"\[[a-z]\w*(\s*\+\s*\w+)?:\w+:3\]",
              r"range\(\w+, \w+, 3\)")


@pytest.mark.parametrize("module", ("combat", "evaluation", "cards"))
def test_unit_types_are_stepped_to_by_the_index_helpers(module):
    text = (VENUS_DIR / f"{module}.py").read_text()
    found = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
             for pattern in UNIT_STEPS if re.search(pattern, line)]
    assert found == [], f"{module}.py steps through the unit types by hand: {found}"


@pytest.mark.parametrize("players", (2, 5))
def test_the_unit_helpers_read_the_counters_at_unit_ix(players):
    s = _marked(players)
    for p in range(players):
        for pl in range(8):
            assert surface_units(s, p, pl) == sum(s.surface[unit_ix(p, pl, t)] for t in (INF, SHIP, TANK))
        for t in (INF, SHIP, TANK):
            assert units_of_type(s, p, t) == sum(s.orbit[unit_ix(p, pl, t)] + s.surface[unit_ix(p, pl, t)]
                                                 for pl in range(8))


def test_a_casualty_comes_from_the_surface_while_units_are_there():
    from cosmodrome.games.venus.combat import casualty_pool
    s = GAME.new_state(3, seed=2)
    s.orbit[unit_ix(1, MARS, TANK)] = 2
    assert casualty_pool(s, 1, MARS) is s.orbit
    s.surface[unit_ix(1, MARS, SHIP)] = 1
    assert casualty_pool(s, 1, MARS) is s.surface


@pytest.mark.parametrize("module", ("options", "state", "text"))
def test_the_top_frame_is_read_by_name(module):
    text = (VENUS_DIR / f"{module}.py").read_text()
    assert not re.search(r"stack\[-1\]\[[1-9]\]", text), f"{module}.py reads the top frame by place"


@pytest.mark.parametrize("module", ("options", "text"))
def test_the_labels_and_details_read_frames_by_name(module):
    """A frame ``f`` is read by its fields' names (``f.op``, ``f.seat``, ``f.planet``, or
    ``getattr(f, "owner", ...)`` where its kind may lack the field): never by place or length."""
    text = (VENUS_DIR / f"{module}.py").read_text()
    found = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
             if re.search(r"\bf\[|len\(f\)", line)]
    assert found == [], f"{module}.py reads a frame by place: {found}"


def _top(s, frame):
    """``s`` with ``frame`` on top of its stack (a decision asked as it stands)."""
    s.stack.append(frame)
    s._menu = None
    return s


def test_an_option_names_the_frames_planet_and_owner_by_their_fields():
    s = GAME.new_state(3, seed=2)
    claim = _top(s.clone(), ClaimTile(1, VENUS))
    d = claim.action_json(A_TILE)
    assert (d["planet"], d["tile"]) == ("Venus", 0) and d["label"].endswith(" on Venus")
    mine = encode_building(MARS, MINE)
    for frame in (BazagthothBuilding(1, 2), TensionKind(0, EARTH, 1, 2)):   # the owner: seat 2, Russia
        d = _top(s.clone(), frame).action_json(mine)
        assert d["owner"] == 2 and d["label"] == "Russia's mine on Mars"


def test_an_option_of_a_frame_without_the_field_reads_no_other_field_in_its_place():
    """A tile's planet and a building's owner come from the fields ``planet`` and ``owner``:
    on a frame without them (a build's count of units built, Bazagthoth's level, the tension
    target's first question), the option names no planet and the seat asked owns the pieces."""
    s = GAME.new_state(3, seed=2)
    build = _top(s.clone(), Build(0, 1))            # one unit built so far: not a planet
    assert build.action_json(A_TILE) == {"action": A_TILE, "label": "Tile 0", "tile": 0}
    mine = encode_building(MARS, MINE)
    offer = _top(s.clone(), Bazagthoth(0, 2))               # Bazagthoth's level 2: not a seat
    assert offer.action_json(mine)["owner"] == 0
    assert offer.action_label(mine) == "mine on Mars"
    first = _top(s.clone(), TensionSeat(1, EARTH, 0))
    assert first.action_json(mine)["owner"] == 1 and first.action_label(mine) == "mine on Mars"


def _marked(players: int):
    """A position whose counters differ entry by entry (each counter its own small number)."""
    s = GAME.new_state(players, seed=4)
    s.orbit[:] = bytes(i % 7 for i in range(len(s.orbit)))
    s.surface[:] = bytes((i * 3) % 5 for i in range(len(s.surface)))
    s.built = tuple(i % 3 for i in range(len(s.built)))
    s.stock[:] = bytes(i % 6 for i in range(len(s.stock)))
    return s


@pytest.mark.parametrize("players", (2, 5))
def test_the_view_reads_the_counters_at_the_index_helpers(players):
    s = _marked(players)
    v = s.view(None)
    r = s.comp.rules
    for p in range(players):
        for pl, planet in enumerate(v["planets"]):
            assert planet["orbit"][p] == [s.orbit[unit_ix(p, pl, t)] for t in (INF, SHIP, TANK)]
            assert planet["surface"][p] == [s.surface[unit_ix(p, pl, t)] for t in (INF, SHIP, TANK)]
            assert planet["buildings"][p] == [s.built[building_ix(p, pl, k)] for k in (MINE, FACTORY)]
            assert planet["income"][p] == (s.built[building_ix(p, pl, MINE)] * r["mine_income"]
                                           + s.built[building_ix(p, pl, FACTORY)] * r["factory_income"])
        stock = v["players_info"][p]["stock"]
        assert [stock["infantry"], stock["spaceship"], stock["tank"]] == [s.stock[stock_ix(p, t)]
                                                                          for t in (INF, SHIP, TANK)]
        assert [stock["mine"], stock["factory"]] == [s.stock[building_stock_ix(p, k)] for k in (MINE, FACTORY)]


@pytest.mark.parametrize("players", (2, 5))
def test_the_observation_reads_the_counters_as_the_view_does(players):
    s = _marked(players)
    lay = schema_for(GAME, players)
    for seat in (None, 0):
        assert np.array_equal(lay.observe(s, seat), lay.encode(s.view(seat)))


def test_a_frames_fields_are_read_by_name_whatever_its_kind():
    for op, fields in FRAME_FIELDS.items():
        frame = FRAME_CLASS[op](*range(100, 100 + len(fields)))
        assert [getattr(frame, name) for name in fields] == list(range(100, 100 + len(fields)))
    assert ClaimUnit(2, EARTH, 5).planet == EARTH and LookGive(0, 3, 17).owner == 3
    assert getattr(TurnMenu(1), "owner", -1) == -1


def test_the_board_helpers_agree_with_the_counters():
    s = GAME.new_state(4, seed=3)
    s.orbit[unit_ix(1, EARTH, TANK)] += 2
    s.surface[unit_ix(1, 6, SHIP)] += 1
    assert unit_places(s, 1) == [(EARTH, 0), (EARTH, 1), (EARTH, 2), (6, 1)]
    assert unit_places(s, 1, (TANK,)) == [(EARTH, TANK)]
    assert buildings(s, 1) == sum(s.built[building_ix(1, pl, k)] for pl in range(8) for k in (0, 1))


#: the packed records of the table written by hand: a gunrunner (``planet*1000 + card``) or
#: a crisis (``planet*16 + level``); flow's encode_gunrunner / encode_crisis and their readers own them
PACKED_BY_HAND = (r"(\*|//|%) ?1000\b", r"\* ?16 \+|(//|%) ?16\b")


@pytest.mark.parametrize("module", RULES + READERS)
def test_gunrunners_and_crises_are_packed_by_flows_helpers_only(module):
    text = (VENUS_DIR / f"{module}.py").read_text()
    found = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
             for pattern in PACKED_BY_HAND if re.search(pattern, line)]
    assert found == [], f"{module}.py packs a gunrunner or a crisis by hand: {found}"
