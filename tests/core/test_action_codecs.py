"""Each game's packed action ids are made and read by one codec beside the ids (an encode
and a decode per packing, and ``action_kind`` naming the range of an id); no other module
unpacks an id by hand."""

import re
from pathlib import Path

import pytest

import cosmodrome.games as games_pkg
from cosmodrome.games.cosmic_run import actions as cosmic_actions
from cosmodrome.games.mars import state as mars
from cosmodrome.games.moon import state as moon
from cosmodrome.games.venus import flow as venus

GAMES = Path(games_pkg.__file__).parent
TESTS = Path(__file__).resolve().parents[1]


def test_venus_packings_fill_their_ranges_and_decode_back():
    buildings = [(pl, k) for pl in range(8) for k in (0, 1)]
    assert [venus.encode_building(*x) for x in buildings] == list(range(venus.A_BLD, venus.A_UNITAT))
    assert [venus.decode_building(venus.encode_building(*x)) for x in buildings] == buildings
    units = [(pl, t) for pl in range(8) for t in range(3)]
    assert [venus.encode_unit_at(*x) for x in units] == list(range(venus.A_UNITAT, venus.A_DIE))
    assert [venus.decode_unit_at(venus.encode_unit_at(*x)) for x in units] == units
    assert [venus.encode_reroll(m) for m in range(1, 8)] == list(range(venus.A_REROLL, venus.NUM_ACTIONS))
    assert [venus.decode_reroll(venus.encode_reroll(m)) for m in range(1, 8)] == list(range(1, 8))


def test_moon_packings_fill_their_ranges_and_decode_back():
    programs = [(d, j) for d in range(6) for j in range(3)]
    assert [moon.encode_program(*x) for x in programs] == list(range(moon.A_PROGRAM, moon.A_PICK))
    assert [moon.decode_program(moon.encode_program(*x)) for x in programs] == programs
    picks = [(d, m) for d in range(6) for m in range(4)]
    assert [moon.encode_pick(*x) for x in picks] == list(range(moon.A_PICK, moon.A_REROLL))
    assert [moon.decode_pick(moon.encode_pick(*x)) for x in picks] == picks


def test_mars_programming_steps_and_gifts_decode_back():
    programs = [(d, a) for d in range(6) for a in range(3)]
    assert [mars.encode_program(*x) for x in programs] == list(range(mars.A_PROGRAM, mars.A_MOVE))
    assert [mars.decode_program(mars.encode_program(*x)) for x in programs] == programs
    steps = [(k, b) for k in range(len(mars.STEP_KINDS)) for b in (0, 1)]
    assert [mars.decode_step(mars.encode_step(*x)) for x in steps] == steps
    gifts = [(c, m) for c in range(8) for m in range(5)]
    assert [mars.encode_give(*x) for x in gifts] == list(range(mars.A_GIVE, mars.A_INJECT))
    assert [mars.decode_give(mars.encode_give(*x)) for x in gifts] == gifts
    assert [mars.encode_train(f) for f in (0, 1)] == list(range(mars.A_TRAIN, mars.A_LAND))
    assert [mars.decode_train(mars.encode_train(f)) for f in (0, 1)] == [0, 1]
    abilities = [mars.training_ability(c, f) for c in range(7) for f in (0, 1)]
    assert abilities == list(range(14))


@pytest.mark.parametrize("module,first,last", [
    (venus, "done", "reroll"), (moon, "done", "new"), (mars, "done", "drone"), (cosmic_actions, "draft", "accept")])
def test_every_game_names_the_kind_of_each_id(module, first, last):
    starts = [s for _, s in module.ACTION_KINDS]
    assert starts == sorted(set(starts)) and starts[0] == 0
    assert module.action_kind(0) == first and module.action_kind(starts[-1]) == last
    for kind, start in module.ACTION_KINDS:
        assert module.action_kind(start) == kind


#: an id unpacked by hand: ``divmod(a - A_X, n)``, ``(a - A_X) // n`` or ``(a - A_X) % n``, or its
#: offset packed into another number by hand: ``card * 2 + a - A_X``
HAND_DECODED = re.compile(r"divmod\(\w+ - A_\w+,|\(\w+ - A_\w+\) (//|%)|\* ?\d+ ?\+ ?\w+ ?- ?A_[A-Z]")


def test_no_module_unpacks_an_id_by_hand():
    found = []
    # the games' modules and their tests (a test reads an id through the codec it checks)
    for path in sorted([*GAMES.glob("*/*.py"), *TESTS.glob("*/*.py")]):
        if path == Path(__file__):   # this test's own patterns
            continue
        in_codec = False
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("def "):
                in_codec = line.startswith("def decode_")
            if HAND_DECODED.search(line) and not in_codec:
                found.append(f"{path.name}:{i}: {line.strip()}")
    assert found == []


#: a Mars special training ability numbered by hand from its training card: ``card * 2 + face``
#: (``state.training_ability`` numbers them)
ABILITY_BY_HAND = re.compile(r"\*\s*2\s*\+\s*\w")   # card * 2 + face, however spaced


def test_no_mars_module_numbers_a_training_ability_by_hand():
    found = []
    for path in sorted((GAMES / "mars").glob("*.py")):
        in_codec = False
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("def "):
                in_codec = path.name == "state.py" and line.startswith(("def encode_", "def training_ability"))
            if ABILITY_BY_HAND.search(line.split("#")[0]) and not in_codec:
                found.append(f"{path.relative_to(GAMES)}:{i}: {line.strip()}")
    assert found == []
