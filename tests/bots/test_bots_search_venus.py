"""The ISMCTS speed-ups and the Venus evaluation hook: the prior, the determinization pool,
early stopping, turn cut-offs, and what ``VenusState.evaluation()`` values."""

from __future__ import annotations

import pytest

from cosmodrome.bots import ISMCTSBot, make_bot
from cosmodrome.bots.ismcts import Node, decided, evaluate
from cosmodrome.core import OptionError, Rng, get_game

from bots_helpers import mid_game_states


@pytest.fixture(scope="module")
def venus():
    return get_game("venus")


def _stats(root):
    return {a: (c.visits, c.avail, [round(x, 9) for x in c.reward]) for a, c in root.children.items()}


# ----- the evaluation hook -----------------------------------------------------------------
def test_venus_evaluation_is_a_win_share_per_seat(venus):
    for players in (2, 4):
        for s in mid_game_states(venus, players, seed=3, count=5):
            v = s.evaluation()
            assert len(v) == players
            assert all(0.0 <= x <= 1.0 for x in v)
            assert sum(v) <= 1.0 + 1e-9
            assert evaluate(s) == v  # the search uses the hook


def test_venus_evaluation_of_a_finished_game_is_its_returns(venus):
    s = venus.new_state(2, seed=5)
    rng = Rng(1)
    while not s.is_terminal():
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    assert s.evaluation() == s.returns()


def test_venus_evaluation_favours_the_seat_with_more_income(venus):
    s = venus.new_state(2, seed=1)
    before = s.evaluation()
    assert abs(before[0] - before[1]) < 0.05  # a symmetric start
    s.bld[0 * 16 + 4 * 2] += 2   # seat 0 gets two mines on Mars: first rank there
    after = s.evaluation()
    assert after[0] > before[0] and after[0] > after[1]


def test_venus_evaluation_counts_the_danger_that_everybody_loses(venus):
    s = venus.new_state(2, seed=1)
    safe = sum(s.evaluation())
    crisis = [t for t in range(s.comp.n_bag) if s.comp.tile_kind[t] == 5][:4]   # crisis tiles
    assert len(crisis) == 4
    s.ptiles[2] = list(crisis)   # Earth at crisis level 4: the robots end the game
    assert sum(s.evaluation()) < 0.2 < safe


# ----- the search's parameters -------------------------------------------------------------
@pytest.mark.parametrize("spec, words", [
    ("ismcts:prior=-1", ["prior", "0 or more"]),
    ("ismcts:dets=-2", ["dets", "0 or more"]),
    ("ismcts:clock=sundial", ["clock", "wall or cpu"]),
    ("ismcts:cut=never", ["cut", "depth or turn"]),
])
def test_new_parameters_are_checked(spec, words):
    with pytest.raises(OptionError) as exc:
        make_bot(spec, "pocket-race", 1)
    for w in words:
        assert w in str(exc.value)


def test_pooled_search_is_reproducible_on_venus(venus):
    s = mid_game_states(venus, 2, seed=4, count=3)[-1]
    r1 = ISMCTSBot(seed=3, iters=120, dets=5).search(s)
    r2 = ISMCTSBot(seed=3, iters=120, dets=5).search(s)
    assert _stats(r1) == _stats(r2)
    assert sum(c.visits for c in r1.children.values()) == 120
    # and a pool of determinizations is not the same search as resampling every time
    r3 = ISMCTSBot(seed=3, iters=120, dets=0).search(s)
    assert sum(c.visits for c in r3.children.values()) == 120


def test_a_dominant_prior_makes_the_search_follow_the_heuristic(venus):
    for s in mid_game_states(venus, 2, seed=8, count=4):
        bot = ISMCTSBot(seed=1, iters=40, prior=1000.0)
        a = bot.choose(s)
        assert bot.last_prior_action is not None and a == bot.last_prior_action


def test_no_prior_for_a_game_without_heuristic():
    s = get_game("pocket-race").new_state(2, seed=3)
    bot = ISMCTSBot(seed=1, iters=50, prior=5.0)
    assert bot.choose(s) in s.legal_actions()
    assert bot.last_prior_action is None


def test_turn_cut_and_heuristic_rollouts_decide_legally(venus):
    s = mid_game_states(venus, 3, seed=2, count=3)[-1]
    for spec in ("ismcts:iters=15,cut=turn,depth=30", "ismcts:iters=6,cut=turn,depth=20,rollout=heuristic"):
        assert make_bot(spec, venus, 1).choose(s) in s.legal_actions()


def test_early_stop_only_when_the_leader_cannot_be_caught():
    root = Node(-1, 2)
    for a, v in ((1, 50), (2, 5)):
        ch = Node(a, 2)
        ch.visits = v
        root.children[a] = ch
    # 55 iterations in 0.1 s: 0.05 s more would allow about 27 more, not enough to catch up
    assert decided(root, 55, 0.1, 0.05)
    # a whole second more would allow about 550: keep searching
    assert not decided(root, 55, 0.1, 1.0)


def test_timed_search_with_early_stop_decides_legally(venus):
    s = mid_game_states(venus, 2, seed=6, count=2)[-1]
    bot = make_bot("ismcts:seconds=0.05,clock=cpu", venus, 2)
    assert bot.choose(s) in s.legal_actions() and bot.last_iterations >= 1


def test_the_examples_in_the_evaluation_module_run():
    import doctest

    from cosmodrome.games.venus import evaluation

    res = doctest.testmod(evaluation)
    assert res.attempted > 0 and res.failed == 0
