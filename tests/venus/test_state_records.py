"""The named parts of the Venus state (combat, move) and the field table the state's
constructor, clone and saved form are generated from."""

from venus_helpers import random_game

from cosmodrome.core import get_game
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
    assert {f for f, _, _ in FIELDS} <= set(data)
    back = get_game("venus").load_state(data)
    assert back.to_json() == data
    assert isinstance(back, VenusState) and isinstance(back.cb, Combat) and isinstance(back.mv, Move)
