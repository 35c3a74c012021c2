"""The view flattening: fixed size, documented entries, and nothing a seat may not see."""

import numpy as np
import pytest
from adapters_helpers import GAMES, game_or_skip

from cosmodrome.adapters.tensor import ViewSchema, schema_for
from cosmodrome.core import Rng
from cosmodrome.testing import toy


def test_pocket_race_entries_follow_the_view():
    sch = schema_for(toy.GAME, 2)
    names = sch.describe()
    assert len(names) == sch.size == len(sch.kinds())
    s = toy.GAME.new_state(2, seed=3)
    vec = sch.encode(s.view(0))
    view = s.view(0)
    assert vec[names.index("deck_size")] == view["deck_size"]
    assert vec[names.index("hand length")] == len(view["hand"])
    for i, card in enumerate(view["hand"]):
        assert vec[names.index(f"hand[{i}]")] == card
    assert vec[names.index("seat")] == 0
    assert vec[names.index("game == 'pocket-race'")] == 1.0
    assert vec[names.index("to_move is null")] == 0.0


def test_hidden_hands_do_not_reach_the_tensor():
    sch = schema_for(toy.GAME, 3)
    s = toy.GAME.new_state(3, seed=5)
    other = s.clone()
    other.hands[1], other.hands[2] = [1, 1], [9, 9]  # only what seat 0 cannot see differs
    assert np.array_equal(sch.encode(s.view(0)), sch.encode(other.view(0)))
    assert not np.array_equal(sch.encode(s.view(1)), sch.encode(other.view(1)))
    # a determinization for seat 0 looks the same to seat 0
    det = s.resample(0, Rng(9))
    assert np.array_equal(sch.encode(s.view(0)), sch.encode(det.view(0)))


def test_unseen_values_and_lengths_are_bounded():
    stats_views = [{"colour": "red", "hand": ["a", "b"], "n": 1, "maybe": None},
                   {"colour": "blue", "hand": ["a"], "n": 2, "maybe": 3}]
    from cosmodrome.adapters.tensor import _Stats
    st = _Stats()
    for v in stats_views:
        st.see(v)
    sch = ViewSchema("x", 2, st)
    names = sch.describe()
    vec = sch.encode({"colour": "green", "hand": ["a", "a", "z"], "n": 5, "maybe": None, "new_key": 7})
    assert vec[names.index("colour == <other>")] == 1.0
    assert vec[names.index("count of 'a' in hand")] == 2.0
    assert vec[names.index("count of <other> in hand")] == 1.0
    assert vec[names.index("hand length")] == 3.0
    assert vec[names.index("maybe is null")] == 1.0 and vec[names.index("maybe")] == 0.0
    assert len(vec) == sch.size  # the unknown key added nothing
    low, high = sch.bounds()
    assert np.all(vec >= low) and np.all(vec <= high)


def test_schema_round_trips_through_json():
    sch = schema_for(toy.GAME, 4)
    again = ViewSchema.from_json(sch.to_json())
    assert again.describe() == sch.describe()
    s = toy.GAME.new_state(4, seed=2)
    assert np.array_equal(again.encode(s.view(2)), sch.encode(s.view(2)))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_view_fits_the_schema(name):
    game = game_or_skip(name)
    players = GAMES[name][-1]
    sch = schema_for(game, players)
    low, high = sch.bounds()
    s = game.new_state(players, seed=123)  # a deal not used to derive the schema
    rng = Rng(4)
    steps = 0
    while not s.is_terminal() and steps < 300:
        for seat in range(players):
            vec = sch.encode(s.view(seat))
            assert vec.shape == (sch.size,) and np.all(np.isfinite(vec))
            assert np.all(vec >= low) and np.all(vec <= high)
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
        steps += 1
