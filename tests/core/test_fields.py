"""Fields declared once (``core.fields``): the Moon's, Mars's, Cosmic Run's and Onward to
Venus's states, and the worked example's (the test game Pocket Race, ``testing/toy.py``),
declare each saved field in one table (``state.FIELDS``) from which their
constructor, clone and saved form are generated, by one generator; states saved in the form
written before still load (Cosmic Run's under the short keys of its first saves, Venus's
under the short keys of the fields renamed since)."""

import doctest
import json
import random
from pathlib import Path

import pytest

import cosmodrome.core.fields as fields
from cosmodrome.core import RecordError, get_game

FIXTURES = Path(__file__).with_name("fixtures")
FLAT = [("moon", 3, {"advanced": True}), ("mars", 3, {}), ("cosmic-run", 2, {"friendly": True, "rapid_fire": True}),
        ("venus", 4, {}), ("pocket-race", 2, {"rounds": 30})]
#: the type a new state's field has, by kind (a list otherwise)
TYPES = {"int": int, "bool": bool, "text": str, "bytes": bytearray, "varbytes": bytearray, "tuple": tuple,
         "vartuple": tuple}


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
    assert {row[1] for row in table} <= set(fields.KINDS) | set(getattr(type(s), "CODECS", {}))


@pytest.mark.parametrize("name,players,options", FLAT)
def test_a_new_state_holds_every_field_of_the_table(name, players, options):
    s = get_game(name).new_state(players, 1, options)
    assert type(s).FIELDS
    for f, kind, *_ in type(s).FIELDS:
        v = getattr(s, f)
        if kind == "record":
            assert not v.active and v.to_list() == [0] * v.SIZE, f
            continue
        assert isinstance(v, TYPES.get(kind, list)), f
        if kind in ("lists", "piles"):
            assert all(isinstance(p, list if kind == "lists" else tuple) for p in v), f


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
        if kind in ("tuple", "vartuple", "record"):   # shared (a record while idle), replaced on write
            continue
        if kind not in ("int", "bool", "text"):
            assert getattr(c, f) is not getattr(s, f), f
            getattr(c, f).append(() if kind == "piles" else 99)
    assert s.to_json() == before
    q = s.clone(quiet=True)
    hushed = {fields.saved_key(row) for row in type(s).FIELDS
              if row[1] in getattr(type(s), "CODECS", {}) and type(s).CODECS[row[1]].quiet is not None}   # Venus's log
    assert q.quiet and q.ev == [] and {k: v for k, v in q.to_json().items() if k not in hushed} == \
        {k: v for k, v in before.items() if k not in hushed}


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
    # the turns taken, saved as "turn", are the field ``decisions``
    assert (s.rounds, s.deck, s.hands, s.tracks, s.decisions) == (6, saved["deck"], saved["hands"], saved["tracks"],
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
        fields.flat_methods("Demo", (("bag", "set", "set()"),), "n")
    with pytest.raises(ValueError, match="'log'"):   # a codec's kind, without its codec
        fields.flat_methods("Demo", (("log", "events", "[]"),), "n")


def test_a_venus_state_saved_before_it_was_a_flat_state_loads():
    """A mid-game Venus position (a combat on, a gunrunner laid, crisis levels and combat
    cards set) saved before its state was a flat state with renamed fields loads under the
    saved keys, saves back the same, and plays on."""
    saved = json.loads((FIXTURES / "saved-venus-before-flat.json").read_text())
    s = get_game("venus").state_from_json(saved)
    assert s.to_json() == saved
    assert (s.combat.active, s.gunrunners, s.crisis_levels[0], s.combat_cards) == (1, (4101,), 1, (40,))
    assert (s.tile_discard, s.move.active) == (tuple(saved["tdisc"]), 0)
    la = s.legal_actions()
    assert la == s.clone().legal_actions() and la
    s.apply(la[0])
    assert get_game("venus").state_from_json(s.to_json()).to_json() == s.to_json()


def test_venus_keeps_the_keys_of_its_first_saves_for_the_fields_renamed():
    from cosmodrome.games.venus.state import FIELDS
    renamed = {row[0]: row[3] for row in FIELDS if len(row) > 3}
    assert renamed == {"surface": "surf", "built": "bld", "combat": "cb", "planet_tiles": "ptiles",
                       "gunrunners": "gun", "tile_discard": "tdisc", "move": "mv", "crisis_levels": "clevel",
                       "combat_cards": "cbcards", "first_seat": "first", "acting": "cur", "extra_action": "extra",
                       "money_from_bank": "bank_flow"}
    d = played("venus", 3, {}, decisions=30).to_json()
    assert not set(renamed) & set(d) and set(renamed.values()) <= set(d)


def test_a_venus_save_without_the_combat_cards_loads():
    """``combat_cards`` (``cbcards``) came after the first saves: a save without it loads
    with none; any other field missing is refused, naming it."""
    d = played("venus", 3, {}, decisions=30).to_json()
    del d["cbcards"]
    assert get_game("venus").state_from_json(d).combat_cards == ()
    del d["clevel"]
    with pytest.raises(RecordError, match="'clevel'"):
        get_game("venus").state_from_json(d)


#: a record of :func:`fields.record` for the tests below
Box = fields.record("Box", (("size", 1), ("active", 1)), "A demo record.", __name__)


def _demo(table, codecs=None, cleared=()):
    """A class taking the methods generated from ``table`` (and a new instance of it)."""
    from cosmodrome.core.rng import Rng
    m = fields.flat_methods("Demo", table, "n", {"Box": Box}, codecs=codecs or {}, cleared=cleared)

    class Demo:
        game = type("G", (), {"name": "demo"})
        num_players, options, quiet = 2, {}, False
        _init_fields, clone, to_json = m["_init_fields"], m["clone"], m["to_json"]

    s = Demo()
    s._init_fields(2)
    s.rng = Rng(1)
    return Demo, s


def test_the_kinds_of_venus_are_the_generators():
    """``bool``, ``bytes``/``varbytes``, ``tuple``/``vartuple``, ``piles`` and ``record`` in
    the generated constructor, clone and saved form and in :func:`fields.load_table`."""
    table = (("over", "bool", "False"), ("stock", "bytes", "bytearray(n)"), ("deck", "varbytes", "bytearray()"),
             ("bld", "tuple", "(0,) * n"), ("gone", "vartuple", "()"), ("hands", "piles", "[()] * n"),
             ("cb", "record", "Box.from_list([0, 0])"), ("mv", "record", "Box.from_list([0, 0])"))
    Demo, s = _demo(table)
    s.over, s.stock[1], s.deck, s.bld, s.gone, s.hands[0] = True, 7, bytearray((3, 4)), (1, 2), (9,), (5, 6)
    s.cb = Box.from_list([4, 1])   # active: copied; ``mv`` idle: shared
    c = s.clone()
    c.stock[0], c.hands[1] = 1, (8,)
    c.cb.size = 2
    assert (s.stock, s.hands, s.cb.size, c.over) == (bytearray((0, 7)), [(5, 6), ()], 4, True)
    assert c.bld is s.bld and c.mv is s.mv and c.cb is not s.cb and c.deck is not s.deck
    d = s.to_json()
    assert {k: d[k] for k in list(d)[4:]} == {"over": True, "stock": [0, 7], "deck": [3, 4], "bld": [1, 2],
                                             "gone": [9], "hands": [[5, 6], []], "cb": [4, 1], "mv": [0, 0]}
    t = Demo()
    t._init_fields(2)
    t.rng = s.rng
    fields.load_table(t, json.loads(json.dumps(d)), table)
    assert t.over is True and type(t.stock) is bytearray and type(t.bld) is tuple and t.hands == [(5, 6), ()]
    assert type(t.cb) is Box and t.cb.to_list() == [4, 1] and t.to_json() == d
    for key, bad, words in (("over", 1, "'over' must be true or false"), ("stock", [0], "'stock' must be a list of 2"),
                            ("deck", [256], "'deck' must hold whole numbers from 0 to 255"),
                            ("bld", [1, 2, 3], "'bld' must be a list of 2"),
                            ("hands", [[1]], "'hands' must be 2 lists"),
                            ("cb", [1], "'cb' must be a list of 2")):
        with pytest.raises(RecordError, match=words):
            fields.load_table(t, {**d, key: bad}, table)


def test_a_codec_keeps_its_own_saved_form_and_its_quiet_value():
    """A kind with a :class:`fields.Codec`: the frames of an engine (saved by name) and the log
    (a quiet clone shares its quiet value, an empty tuple; a clone of a quiet clone too); the
    names in ``cleared`` start as ``None`` in a clone."""
    from cosmodrome.core import Event
    codecs = {"frames": fields.frames_codec({1: "turn", 2: "roll"}), "events": fields.EVENTS}
    table = (("stack", "frames", "[]"), ("log", "events", "[]"))
    Demo, s = _demo(table, codecs, cleared=("_menu",))
    s.stack, s.log, s._menu = [(1, 0), (2, 3, 4)], [Event("k", "text")], ([], [])
    c, q = s.clone(), s.clone(quiet=True)
    assert c.stack == s.stack and c.stack is not s.stack and c.log == s.log and c.log is not s.log
    assert c._menu is None and not c.quiet and q.quiet and q.log == () and q.clone().log == ()
    d = json.loads(json.dumps(s.to_json()))
    assert d["stack"] == [["turn", 0], ["roll", 3, 4]] and d["log"][0]["text"] == "text"
    t = Demo()
    fields.load_table(t, d, table, codecs=codecs)
    assert t.stack == s.stack and t.log[0].kind == "k"
    for key, bad, words in (("stack", [["fly", 1]], "malformed engine frame"), ("stack", {}, "'stack' must be a list"),
                            ("log", [{"kind": 1}], "malformed log entry")):
        with pytest.raises(RecordError, match=words):
            fields.load_table(Demo(), {**d, key: bad}, table, codecs=codecs)


def test_cosmic_run_keeps_the_keys_of_its_first_saves_in_its_table():
    """A row's fourth item is the field's key in a save: Cosmic Run's fields renamed since its
    first saves (the one table of them below) keep the keys of a state saved before the
    renames, the saved form and the loader both use them, and no old name is left on the state."""
    from cosmodrome.games.cosmic_run.state import FIELDS, CosmicRunState
    renamed = {row[0]: row[3] for row in FIELDS if len(row) > 3}
    assert renamed == {"end_cause": "end", "phase": "stage", "acting": "seat", "attack_colour": "aa",
                       "transformed": "xf", "tech_gained": "tx", "tech_used": "tu", "rerolls_used": "rr",
                       "winning_seats": "winners_", "mine_roll_source": "mr_src",
                       "mine_roll_target_ix": "mr_i", "attacked_sheet": "atk_sheet",
                       "attacked_ship": "atk_ship", "attack_kind": "atk_kind", "attacker_sheet": "atk_by",
                       "circle": "pos", "best_row": "best", "damage": "dmg", "engine_upgrades": "upg",
                       "mine_roll_letter": "mr_letter", "mine_roll_number": "mr_number",
                       "mine_roll_targets": "mr_targets", "mine_roll_ignored": "mr_ignore"}
    before = json.loads((FIXTURES / "saved-cosmic-run-before-fields.json").read_text())
    assert set(renamed.values()) <= set(before) and not set(renamed) & set(before)   # saved before the renames
    assert not [old for old in renamed.values() if hasattr(CosmicRunState, old)]
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


def test_a_state_kept_in_slots_gets_a_clone_that_sets_each_slot():
    """``slots``: a state kept in ``__slots__`` (Onward to Venus's) is cloned slot by slot,
    sharing the attributes named there, copying its fields as any clone does."""
    from cosmodrome.core.rng import Rng
    table = (("phase", "int", "0"), ("col", "list", "[0] * n"), ("log", "events", "[]"))
    m = fields.flat_methods("Slotted", table, "n", codecs={"events": fields.EVENTS}, cleared=("_menu",),
                            slots=("game",))

    class Slotted:
        __slots__ = ("game", "rng", "ev", "initial_events", "quiet", "_menu", "phase", "col", "log")
        _init_fields, clone = m["_init_fields"], m["clone"]

    s = Slotted()
    s._init_fields(2)
    s.game, s.rng, s.quiet, s._menu, s.phase = object(), Rng(3), False, [1], 4
    c = s.clone()
    c.col[0] = 9
    assert (c.game is s.game, c.phase, s.col, c._menu, c.ev, c.quiet) == (True, 4, [0, 0], None, [], False)
    assert c.rng is not s.rng and c.rng.state == s.rng.state and c.log is not s.log
    q = s.clone(quiet=True)
    assert q.quiet and q.log == () and q.clone().quiet
