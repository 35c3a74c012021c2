"""The named parts of the Venus state (combat, move) and the field table the state's
constructor, clone and saved form are generated from."""

import pytest
from venus_helpers import random_game

from cosmodrome.core import RecordError, get_game
from cosmodrome.core.fields import saved_key
from cosmodrome.games.venus.state import FIELDS, Combat, Move, VenusState


def test_combat_and_move_keep_the_saved_layout_of_older_versions():
    """A saved combat is the 20 numbers of older saves, a move the 7: they load into named fields."""
    saved = [1, 4, 2, 17, 5, -1, 0, 0, 3, 5, -1, 2, 1, 0, 1, 0, 0, 1, 0, 1]
    cb = Combat.from_list(saved)
    assert (cb.seat, cb.planet, cb.tile, cb.defence, cb.dice, cb.card_points) == (1, 4, 17, 5, [0, 3, 5], 2)
    assert (cb.committed, cb.boosted, cb.active) == ([1, 0, 1], [0, 0, 1], 1)
    assert cb.to_list() == saved
    mv = Move.from_list([3, 2, 1, 0, 2, 0, 1])
    assert (mv.origin, mv.ships, mv.infantry, mv.allowance, mv.active) == (3, 2, 1, 2, 1)


def test_a_clone_copies_an_active_combat():
    cb = Combat.from_list([0] * 19 + [1])
    c = cb.copy()
    c.dice[0] = 6
    c.committed[2] += 1
    assert cb.dice == [0, 0, 0] and cb.committed == [0, 0, 0]


def test_every_field_of_the_table_is_saved_and_loaded():
    s, _ = random_game(4, 3)
    data = s.to_json()
    assert [saved_key(row) for row in FIELDS] == list(data)[4:]
    back = get_game("venus").load_state(data)
    assert back.to_json() == data
    assert isinstance(back, VenusState) and isinstance(back.combat, Combat) and isinstance(back.move, Move)


def test_the_table_declares_the_frames_the_end_and_the_log_too():
    """Issue #28: ``stack``, ``over``, ``end_cause`` and ``log`` were set, cloned and saved by
    hand beside the table; now they are rows of it (the frames and the log through a codec
    of their own), in the saved order of older versions (they close the saved form)."""
    from cosmodrome.games.venus.state import CODECS

    kinds = {row[0]: row[1] for row in FIELDS}
    assert [row[0] for row in FIELDS][-4:] == ["stack", "over", "end_cause", "log"]
    assert (kinds["stack"], kinds["over"], kinds["end_cause"], kinds["log"]) == ("frames", "bool", "text", "events")
    assert set(CODECS) == {"frames", "events"}
    s, _ = random_game(3, 5)
    data = s.to_json()
    assert list(data)[-4:] == ["stack", "over", "end_cause", "log"]
    assert data["stack"] == CODECS["frames"].save(s.stack) and all(isinstance(f[0], str) for f in data["stack"])
    assert CODECS["frames"].load(data["stack"]) == s.stack
    assert [e.to_json() for e in CODECS["events"].load(data["log"])] == data["log"]


def test_a_clone_copies_the_frames_and_the_log_and_a_quiet_one_keeps_no_log():
    s, _ = random_game(3, 5)
    c = s.clone()
    assert c.stack == s.stack and c.stack is not s.stack and c.log == s.log and c.log is not s.log
    assert (c.over, c.end_cause) == (s.over, s.end_cause)
    q = s.clone(quiet=True)
    assert q.quiet and q.log == () and q.stack == s.stack and q.clone().log == ()


@pytest.mark.parametrize("field,value,words", [
    ("over", "no", "'over' must be true or false"),
    ("end_cause", 3, "'end_cause' must be a string"),
    ("stack", [["no such op", 0]], "malformed engine frame"),
    ("stack", {}, "'stack' must be a list"),
    ("log", [{"kind": 1}], "malformed log entry"),
])
def test_a_malformed_end_frame_or_log_is_refused_by_name(field, value, words):
    s, _ = random_game(3, 5)
    data = s.to_json()
    data[field] = value
    with pytest.raises(RecordError) as exc:
        get_game("venus").load_state(data)
    assert words in str(exc.value)
