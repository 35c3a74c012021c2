"""Fields declared once (``core.fields``): the Moon's and Mars's states declare each saved
field in one table (``state.FIELDS``) from which their constructor, clone and saved form are
generated, as Onward to Venus's are; states saved in the form written before still load."""

import doctest
import json
import random
from pathlib import Path

import pytest

import cosmodrome.core.fields as fields
from cosmodrome.core import RecordError, get_game

FIXTURES = Path(__file__).with_name("fixtures")
FLAT = [("moon", 3, {"advanced": True}), ("mars", 3, {})]


def test_doctests():
    res = doctest.testmod(fields)
    assert res.failed == 0 and res.attempted > 0


def played(name, players, options, decisions=50, seed=3):
    s = get_game(name).new_state(players, seed, options)
    r = random.Random(seed)
    for _ in range(decisions):
        la = s.legal_actions()
        s.apply(la[r.randrange(len(la))])
    return s


@pytest.mark.parametrize("name,players,options", FLAT)
def test_the_saved_form_is_the_table(name, players, options):
    """The saved form holds the game's header and exactly the fields of the table, in its order."""
    s = played(name, players, options)
    table = type(s).FIELDS
    assert list(s.to_json()) == ["game", "players", "options", "rng", *(f for f, _, _ in table)]
    assert {kind for _, kind, _ in table} <= {"int", "list", "varlist"}


@pytest.mark.parametrize("name,players,options", FLAT)
def test_a_new_state_holds_every_field_of_the_table(name, players, options):
    s = get_game(name).new_state(players, 1, options)
    for f, kind, _ in type(s).FIELDS:
        v = getattr(s, f)
        assert isinstance(v, int) if kind == "int" else isinstance(v, list), f


@pytest.mark.parametrize("name,players,options", FLAT)
def test_a_clone_copies_each_list_of_the_table(name, players, options):
    """Every list field of the table is the clone's own: writing it leaves the original alone."""
    s = played(name, players, options)
    before = s.to_json()
    c = s.clone()
    for f, kind, _ in type(s).FIELDS:
        if kind != "int":
            assert getattr(c, f) is not getattr(s, f), f
            getattr(c, f).append(99)
    assert s.to_json() == before
    q = s.clone(quiet=True)
    assert q.quiet and q.ev == [] and q.to_json() == before


@pytest.mark.parametrize("name", ["moon", "mars"])
def test_a_state_saved_in_the_earlier_form_loads(name):
    """A state saved before the fields were declared in one table (a mid-game position of
    seeded random play) loads, saves back the same, and plays on as it did then."""
    saved = json.loads((FIXTURES / f"saved-{name}-before-fields.json").read_text())
    s = get_game(name).state_from_json(saved)
    assert s.to_json() == saved
    la = s.legal_actions()
    assert la == s.clone().legal_actions() and la
    s.apply(la[0])
    assert get_game(name).state_from_json(s.to_json()).to_json() == s.to_json()


@pytest.mark.parametrize("name,players,options", FLAT)
def test_a_malformed_field_is_refused_naming_it(name, players, options):
    s = played(name, players, options, decisions=10)
    table = type(s).FIELDS
    fixed = next(f for f, kind, _ in table if kind == "list")
    d = s.to_json()
    d[fixed] = d[fixed] + [0]
    with pytest.raises(RecordError, match=repr(fixed)):
        get_game(name).state_from_json(d)
    d = s.to_json()
    del d[table[0][0]]
    with pytest.raises(RecordError, match=repr(table[0][0])):
        get_game(name).state_from_json(d)


def test_a_flat_table_refuses_a_kind_it_does_not_keep():
    with pytest.raises(ValueError, match="'bag'"):
        fields.flat_methods("Demo", (("bag", "bytes", "bytearray()"),), "n")
