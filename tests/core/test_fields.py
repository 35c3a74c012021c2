"""Fields declared once (``core.fields``): the Moon's, Mars's and Cosmic Run's states, and the
worked example's (the test game Pocket Race, ``testing/toy.py``), declare each saved field in
one table (``FIELDS``) from which their constructor, clone and saved form are generated, as
Onward to Venus's are; states saved in the form written before still load (Cosmic Run's
under the short keys of its first saves)."""

import doctest
import json
import random
from pathlib import Path

import pytest

import cosmodrome.core.fields as fields
from cosmodrome.core import RecordError, get_game

FIXTURES = Path(__file__).with_name("fixtures")
FLAT = [("moon", 3, {"advanced": True}), ("mars", 3, {}), ("cosmic-run", 2, {"friendly": True, "rapid_fire": True}),
        ("pocket-race", 2, {"rounds": 30})]


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
    """The saved form holds the game's header and exactly the fields of the table (each under
    its saved key), in its order."""
    s = played(name, players, options)
    table = type(s).FIELDS
    assert table
    assert list(s.to_json()) == ["game", "players", "options", "rng", *(fields.saved_key(row) for row in table)]
    assert {row[1] for row in table} <= set(fields.FLAT_KINDS)


@pytest.mark.parametrize("name,players,options", FLAT)
def test_a_new_state_holds_every_field_of_the_table(name, players, options):
    s = get_game(name).new_state(players, 1, options)
    assert type(s).FIELDS
    for f, kind, *_ in type(s).FIELDS:
        v = getattr(s, f)
        assert isinstance(v, {"int": int, "text": str}.get(kind, list)), f
        if kind == "lists":
            assert all(isinstance(p, list) for p in v), f


@pytest.mark.parametrize("name,players,options", FLAT)
def test_a_clone_copies_each_list_of_the_table(name, players, options):
    """Every list field of the table is the clone's own: writing it leaves the original alone."""
    s = played(name, players, options)
    before = s.to_json()
    c = s.clone()
    for f, kind, *_ in type(s).FIELDS:
        if kind == "lists":
            for mine, theirs in zip(getattr(c, f), getattr(s, f)):
                assert mine is not theirs, f
                mine.append(99)
        if kind not in ("int", "text"):
            assert getattr(c, f) is not getattr(s, f), f
            getattr(c, f).append(99)
    assert s.to_json() == before
    q = s.clone(quiet=True)
    assert q.quiet and q.ev == [] and q.to_json() == before


@pytest.mark.parametrize("name", ["moon", "mars", "cosmic-run"])
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


def test_the_worked_example_loads_a_state_saved_before_its_table():
    """Pocket Race saved its one option at the top level before its fields had a table: such
    a save (a mid-game position of seeded random play, 3 seats, 6 rounds) loads with every
    field as saved and saves back in the table's form."""
    import cosmodrome.testing.toy  # noqa: F401  (registers the test game)
    saved = json.loads((FIXTURES / "saved-pocket-race-before-fields.json").read_text())
    s = get_game("pocket-race").state_from_json(saved)
    assert (s.rounds, s.deck, s.hands, s.tracks, s.turn) == (6, saved["deck"], saved["hands"], saved["tracks"],
                                                             saved["turn"])
    now = s.to_json()
    assert now["options"] == {"rounds": 6} and "rounds" not in now
    assert get_game("pocket-race").state_from_json(now).to_json() == now
    assert s.to_move() == 1 and s.legal_actions() == [9]   # seat 1 (turn 7 of 3) holds no card: it draws


@pytest.mark.parametrize("name,players,options", FLAT)
def test_a_malformed_field_is_refused_naming_it(name, players, options):
    s = played(name, players, options, decisions=10)
    table = type(s).FIELDS
    fixed = next(fields.saved_key(row) for row in table if row[1] == "list")
    d = s.to_json()
    d[fixed] = d[fixed] + [0]
    with pytest.raises(RecordError, match=repr(fixed)):
        get_game(name).state_from_json(d)
    first = fields.saved_key(table[0])
    d = s.to_json()
    del d[first]
    with pytest.raises(RecordError, match=repr(first)):
        get_game(name).state_from_json(d)


def test_a_flat_table_refuses_a_kind_it_does_not_keep():
    with pytest.raises(ValueError, match="'bag'"):
        fields.flat_methods("Demo", (("bag", "bytes", "bytearray()"),), "n")


def test_cosmic_run_keeps_the_keys_of_its_first_saves_in_its_table():
    """A row's fourth item is the field's key in a save: Cosmic Run's short keys of its first
    saves are declared in its table, and the saved form and the loader both use them."""
    from cosmodrome.games.cosmic_run.state import FIELDS, SAVED_AS
    renamed = {row[0]: row[3] for row in FIELDS if len(row) > 3}
    assert renamed == SAVED_AS == {"phase": "stage", "attack_colour": "aa", "transformed": "xf", "tech_gained": "tx",
                                   "tech_used": "tu", "rerolls_used": "rr", "winning_seats": "winners_"}
    s = played("cosmic-run", 2, {"friendly": True}, decisions=20)
    s.attack_colour, s.transformed, s.tech_used[6] = 2, 1, 1
    d = json.loads(json.dumps(s.to_json()))
    assert not set(renamed) & set(d) and (d["aa"], d["xf"], d["tu"][6]) == (2, 1, 1)
    t = get_game("cosmic-run").state_from_json(d)
    assert (t.attack_colour, t.transformed, t.tech_used[6]) == (2, 1, 1)
    d["paths"][2] = [1, True]
    with pytest.raises(RecordError, match="'paths'"):
        get_game("cosmic-run").state_from_json(d)
    d["paths"] = d["paths"][:5]
    with pytest.raises(RecordError, match="'paths' must be 6 lists"):
        get_game("cosmic-run").state_from_json(d)


def test_a_flat_table_keeps_text_nested_lists_and_saved_keys():
    """The kinds ``text`` (shared by a clone) and ``lists`` (each inner list copied), and a
    row's saved key, in the generated methods and in :func:`fields.load_table`."""
    from cosmodrome.core.rng import Rng
    table = (("end", "text", "''"), ("paths", "lists", "[[k] for k in range(n)]"), ("att", "int", "-1", "a"))
    m = fields.flat_methods("Demo", table, "n")

    class Demo:
        game = type("G", (), {"name": "demo"})
        num_players, options = 2, {}
        _init_fields, clone, to_json = m["_init_fields"], m["clone"], m["to_json"]

    s = Demo()
    s._init_fields(2)
    s.rng = Rng(1)
    s.end, s.att = "done", 3
    c = s.clone()
    c.paths[0].append(7)
    assert s.paths == [[0], [1]] and c.paths == [[0, 7], [1]] and c.end == "done"
    d = s.to_json()
    assert list(d)[4:] == ["end", "paths", "a"] and (d["end"], d["paths"], d["a"]) == ("done", [[0], [1]], 3)
    t = Demo()
    t._init_fields(2)
    fields.load_table(t, {"end": "x", "paths": [[4], [5, 6]], "a": 9}, table)
    assert (t.end, t.paths, t.att) == ("x", [[4], [5, 6]], 9)
    for bad, key in (({"end": 1, "paths": [[4], [5]], "a": 9}, "'end'"),
                     ({"end": "", "paths": [[4]], "a": 9}, "'paths'"),
                     ({"end": "", "paths": [[4], [5]], "att": 9}, "'a'")):
        with pytest.raises(RecordError, match=key):
            fields.load_table(t, bad, table)
