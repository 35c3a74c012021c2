"""The incremental observers (``Layout.observer()``): every vector they give equals a fresh
encoding of the seat's view, whatever the order of the positions they are shown: along a
game, two games interleaved, any seat, the spectators, and earlier positions again (a clone
kept from before, as after an undo)."""

import numpy as np
import pytest

from cosmodrome.adapters.tensor import schema_for
from cosmodrome.core import Rng, get_game
from cosmodrome.core.observation import ABSENT, Layout

CASES = [("venus", 2, None, "sampled"), ("venus", 4, None, "explicit"), ("cosmic-run", 1, None, "sampled"),
         ("cosmic-run", 2, None, "explicit"), ("moon", 2, None, "sampled"), ("moon", 4, {"advanced": True}, "sampled"),
         ("mars", 2, {"upgrades": "random", "threat": "exterminator"}, "sampled"),
         ("mars", 3, {"threat": "sergeant"}, "sampled")]


def _step(s, rng):
    legal = s.legal_actions()
    s.apply(legal[rng.below(len(legal))])


@pytest.mark.parametrize("name,players,options,chance", CASES)
def test_observer_equals_a_fresh_encoding_in_any_order(name, players, options, chance):
    game = get_game(name)
    lay = schema_for(game, players, options)
    assert isinstance(lay, Layout) and lay.state_encoder is not None
    ob = lay.observer()
    rng = Rng(len(name) * 31 + players)
    games = [game.new_state(players, seed=800 + g, options=options, chance=chance) for g in range(2)]
    kept = []   # earlier positions, observed again now and then
    seeds = 900
    for i in range(500):
        g = rng.below(2) if i % 3 == 0 else 0   # mostly one game, now and then the other
        s = games[g]
        pick = rng.below(6)
        if pick == 0 and kept:
            s = kept[rng.below(len(kept))]       # back to an earlier position
        seat = None if pick == 1 else (rng.below(players) if pick == 2 else s.to_move())
        if seat is not None and not 0 <= seat < players:   # a chance node: a player's view of it
            seat = 0
        got = ob.observe(s, seat)
        assert np.array_equal(got, lay.encode(s.view(seat))), (name, i, seat)
        assert np.array_equal(got, lay.observe(s, seat))   # the whole state encoder too
        if games[g].is_terminal():
            games[g] = game.new_state(players, seed=seeds, options=options, chance=chance)
            seeds += 1
        else:
            if i % 11 == 0:
                kept.append(games[g].clone())
            _step(games[g], rng)


def test_observer_output_is_its_own_copy():
    """Writing into the vector an observer returned does not corrupt its next one."""
    game = get_game("venus")
    lay = schema_for(game, 2)
    ob = lay.observer()
    s = game.new_state(2, seed=5)
    v = ob.observe(s, 0)
    v[:] = 0.5
    assert np.array_equal(ob.observe(s, 0), lay.encode(s.view(0)))


def test_group_leaves_out_an_absent_key():
    """A group item ABSENT clears the key and its ``has`` flag (Cosmic Run's current die)."""
    game = get_game("cosmic-run")
    lay = schema_for(game, 2)
    has = lay.index["has current"]
    part = next(p for p in lay.state_encoder.parts if any(a <= has < b for a, b in p.spans))
    out = np.zeros(lay.size, dtype=np.float32)
    part.update(None, 0, (ABSENT,) * 5, ({"die": 3}, ABSENT, ABSENT, ABSENT, ABSENT), out)
    assert out[lay.index["has current"]] == 1.0 and out[lay.index["current.die == 3"]] == 1.0
    part.update(None, 0, ({"die": 3}, ABSENT, ABSENT, ABSENT, ABSENT), (ABSENT,) * 5, out)
    assert not out.any()


def test_venus_hands_table_full_starts_again_and_stays_right(monkeypatch):
    """The Venus observer's table of hands met, bounded: when full it starts again, and every
    vector still equals a fresh encoding (hands of both seats alternating, an observer of
    each seat, the bytes compared)."""
    from cosmodrome.games.venus import observation as venus_observation
    monkeypatch.setattr(venus_observation, "_HAND_ROWS", 2)
    game = get_game("venus")
    lay = schema_for(game, 2)
    obs = [lay.observer(), lay.observer()]
    rng = Rng(26)
    for seed in (31, 32):
        s = game.new_state(2, seed=seed)
        for _ in range(120):
            if s.is_terminal():
                break
            seat = s.to_move()
            for ob in (obs[0], obs[1]):
                got = ob.observe(s, seat if ob is obs[0] else 1 - seat)
                want = lay.encode(s.view(seat if ob is obs[0] else 1 - seat))
                assert got.tobytes() == want.tobytes()
            _step(s, rng)
