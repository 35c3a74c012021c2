"""Clones share their piles with the original (tuples replaced on write, see the docstring of
``cosmodrome.games.venus.state``): whatever a clone plays must leave the original as it was,
and the original playing on must leave its clones as they were."""

import pytest

from cosmodrome.core import Rng
from cosmodrome.games.venus import GAME


def _play(state, chooser: Rng, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        state.apply(legal[chooser.below(len(legal))])


@pytest.mark.parametrize("players, seed", [(2, 3), (4, 8), (5, 13)])
def test_a_clone_made_before_every_action_never_changes_the_original(players, seed):
    s = GAME.new_state(players, seed=seed)
    chooser, other = Rng(seed), Rng(seed + 1000)
    earlier = None   # (a clone made before the previous action, its JSON then)
    decisions = 0
    while not s.is_terminal():
        before = s.to_json()
        kind = decisions % 3
        if kind == 2:
            c = s.resample(s.to_move(), Rng(decisions))   # a determinization is a clone too
        else:
            c = s.clone(quiet=kind == 1)
        _play(c, other, 25)
        assert s.to_json() == before, f"a clone changed the original at decision {decisions}"
        if earlier is not None:
            assert earlier[0].to_json() == earlier[1], f"the original changed a clone at decision {decisions}"
        keep = s.clone(quiet=decisions % 2 == 0)
        earlier = (keep, keep.to_json())
        legal = s.legal_actions()
        s.apply(legal[chooser.below(len(legal))])
        decisions += 1
    assert earlier[0].to_json() == earlier[1]
    assert decisions > 50


@pytest.mark.parametrize("players, seed", [(3, 4), (4, 21), (5, 2)])
def test_a_quiet_clone_reaches_the_results_of_the_original(players, seed):
    s = GAME.new_state(players, seed=seed)
    _play(s, Rng(seed), 40)
    quiet = s.clone(quiet=True)
    a, b = Rng(seed * 7), Rng(seed * 7)
    while not s.is_terminal():
        legal = s.legal_actions()
        assert quiet.legal_actions() == legal
        s.apply(legal[a.below(len(legal))])
        quiet.apply(legal[b.below(len(legal))])
    assert quiet.is_terminal()
    assert quiet.returns() == s.returns() and quiet.scores() == s.scores() and quiet.winners() == s.winners()
    assert quiet.summary() == s.summary()
    loud, hushed = s.to_json(), quiet.to_json()
    assert loud.pop("log") and hushed.pop("log") == []
    assert hushed == loud


def test_piles_are_immutable_and_json_hands_out_plain_lists():
    """A writer that forgot to replace a pile fails loudly instead of changing the piles a
    clone shares; the saved form is plain lists of ints, as before."""
    s = GAME.new_state(4, seed=5)
    c = s.clone(quiet=True)
    with pytest.raises(AttributeError):
        c.hands[0].append(1)
    with pytest.raises(TypeError):
        c.built[0] = 1
    d = s.to_json()
    for k in ("hands", "ptiles", "kept"):
        assert all(type(x) is list and all(type(v) is int for v in x) for x in d[k])
    for k in ("orbit", "surf", "stock", "bld", "deck", "bag", "discard", "tdisc", "flipped", "clevel", "mv", "cb",
              "money", "lost", "gun", "drawn", "crises", "cbcards"):
        assert type(d[k]) is list and all(type(v) is int for v in d[k]), k
    again = GAME.state_from_json(d)
    assert again.to_json() == d
    assert again.clone(quiet=True).legal_actions() == s.legal_actions()
