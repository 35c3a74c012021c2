"""The perfect-recall information-state tensor (core.recall, adapters.recall): what a seat saw
of every step, and nothing it did not see."""

import random

import numpy as np
import pytest

import cosmodrome.games  # noqa: F401  (registers the games)
import cosmodrome.testing.toy  # noqa: F401  (registers "pocket-race")
from cosmodrome.adapters.recall import play_chance, recall_layout
from cosmodrome.core import OptionError, Rng, get_game
from cosmodrome.core.recall import Trace

GAMES = {"pocket-race": 3, "venus": 3, "cosmic-run": 2, "moon": 3, "mars": 3}


#: options under which the games hide a draw (the Moon's action cards are advanced rules)
SECRET_OPTIONS = {"moon": {"advanced": True}}


def _walk(name, players, seed, explicit=True, stop=None, options=None):
    """A seeded random play with its trace; ``stop(state, trace)`` may end it early (returns True)."""
    game = get_game(name)
    state = game.new_state(players, seed, options, chance="explicit" if explicit else "sampled")
    trace = Trace.begin(state)
    r = random.Random(seed)
    while not state.is_terminal():
        if stop is not None and stop(state, trace):
            break
        if state.is_chance_node():
            trace.apply(state, r.choice(state.chance_outcomes())[0])
        else:
            trace.apply(state, r.choice(state.legal_actions()))
    return state, trace


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_tensor_is_in_range_of_the_declared_size_and_gives_the_history_back(name):
    players = GAMES[name]
    lay = recall_layout(get_game(name), players)
    lo, hi = lay.bounds()
    seen_steps = 0
    for seed in (1, 2):
        state, trace = _walk(name, players, seed, stop=lambda s, t: t.length > 400)
        assert trace.length <= lay.steps
        steps = trace.steps()
        for seat in range(players):
            vec = lay.encode(trace, state, seat)
            assert vec.shape == (lay.size,) and vec.dtype == np.float32
            assert (vec >= lo).all() and (vec <= hi).all()
            if name != "pocket-race":          # declared layouts are in [0, 1]
                assert vec.min() >= 0.0 and vec.max() <= 1.0
            want = [(st.actor, st.value if st.seen >> seat & 1 else None) for st in steps]
            assert lay.decode_history(vec) == want
            seen_steps += sum(1 for _, v in want if v is not None)
    assert seen_steps > 0


def _private_node(state, trace):
    """Stop at a chance node whose outcome only some seats see, with outcomes that differ."""
    return state.is_chance_node() and state.chance_seen_by() is not None and len(state.chance_outcomes()) > 1


def _settle(state, trace):
    """Finish the action in progress, taking the first outcome at each chance node."""
    while state.is_chance_node():
        trace.apply(state, state.chance_outcomes()[0][0])


@pytest.mark.parametrize("name", ["pocket-race", "venus", "moon"])
def test_twin_plays_that_differ_in_a_secret_draw_look_the_same_to_the_others(name):
    players, options = GAMES[name], SECRET_OPTIONS.get(name)
    lay = recall_layout(get_game(name), players, options)
    for seed in range(1, 40):
        state, trace = _walk(name, players, seed, stop=_private_node, options=options)
        if not state.is_terminal():
            break
    else:
        pytest.fail(f"no secret draw met in {name}")
    seers = state.chance_seen_by()
    (a, _), (b, _) = state.chance_outcomes()[:2]
    twins = []
    for outcome in (a, b):
        s, t = state.clone(), trace.copy()
        t.apply(s, outcome)
        _settle(s, t)
        twins.append((s, t))
    (s1, t1), (s2, t2) = twins
    for seat in range(players):
        v1, v2 = lay.encode(t1, s1, seat), lay.encode(t2, s2, seat)
        if seat in seers:
            assert not np.array_equal(v1, v2), f"seat {seat} drew: it saw which card"
        else:
            assert np.array_equal(v1, v2), f"seat {seat} did not see the draw, yet its tensor differs"


def _public_node(state, trace):
    return state.is_chance_node() and state.chance_seen_by() is None and len(state.chance_outcomes()) > 1


@pytest.mark.parametrize("name", ["venus", "cosmic-run", "moon", "mars"])
def test_a_public_outcome_is_seen_by_every_seat(name):
    players = GAMES[name]
    lay = recall_layout(get_game(name), players)
    state, trace = _walk(name, players, 3, stop=_public_node)
    assert not state.is_terminal()
    (a, _), (b, _) = state.chance_outcomes()[:2]
    branches = []
    for outcome in (a, b):
        s, t = state.clone(), trace.copy()
        t.apply(s, outcome)
        branches.append((t, s))
    for seat in range(players):
        h1 = lay.decode_history(lay.encode(*branches[0], seat))
        h2 = lay.decode_history(lay.encode(*branches[1], seat))
        assert h1[-1] == (-1, a) and h2[-1] == (-1, b)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_hidden_information_never_changes_the_tensor(name):
    """A determinization (other hands, piles redrawn) with the same history gives the same
    vector: the vector depends on the seat's view and on what it saw only."""
    players = GAMES[name]
    lay = recall_layout(get_game(name), players)
    checked = 0
    for seed in (4, 5):
        def at_decision(state, trace):
            return trace.length >= min(60, lay.steps // 3) and not state.is_chance_node()
        state, trace = _walk(name, players, seed, stop=at_decision)
        if state.is_terminal():
            continue
        for seat in range(players):
            other = state.resample(seat, Rng(seed * 7 + seat))
            assert np.array_equal(lay.encode(trace, state, seat), lay.encode(trace, other, seat))
            checked += 1
    assert checked


def test_a_secret_decision_is_hidden_from_the_seats_it_does_not_concern():
    """The decision of a seat whose effect only some seats read (a card handed face down) is
    recorded as hidden for the others; its own step is always seen by the actor."""
    from cosmodrome.core.events import Event
    from cosmodrome.core.recall import decision_seen

    give = Event("swap", "Red gives Take 3 to Blue.", {}, frozenset({0, 1}), "Red gives Blue a card.")
    draw = Event("draw", "Red drew Take 3.", {}, frozenset({0}), "Red drew a card.", chance=True)
    assert decision_seen(0, [give], 3) == 0b011
    assert decision_seen(0, [draw], 3) == 0b111          # the draw is a chance step of its own
    assert decision_seen(2, [give], 3) == 0b111          # its actor, and the two who read it


def test_sampled_mode_records_decisions_only():
    state, trace = _walk("venus", 2, 6, explicit=False, stop=lambda s, t: t.length >= 30)
    assert trace.length == 30 and all(st.actor >= 0 for st in trace.steps())
    lay = recall_layout(get_game("venus"), 2, explicit=False)
    assert lay.steps == get_game("venus").max_game_length(2)


def test_the_environments_play_chance_with_its_odds_from_their_generator():
    game = get_game("pocket-race")
    state = game.new_state(2, 1, chance="explicit")
    trace = Trace.begin(state)
    trace.apply(state, 9)
    assert state.is_chance_node()
    play_chance(state, trace, Rng(3))
    assert not state.is_chance_node() and trace.length == 2 and trace.steps()[-1].actor == -1


def test_a_game_without_a_length_bound_has_no_recall_tensor(monkeypatch):
    game = get_game("pocket-race")
    monkeypatch.setattr(type(game), "max_game_length", lambda self, players, options=None: None)
    with pytest.raises(OptionError, match="declares no bound on its length"):
        recall_layout(game, 3, {"rounds": 7})
