"""The ISMCTS speed-ups and the Venus evaluation hook: the prior, the determinization pool,
early stopping, turn cut-offs, and what ``VenusState.evaluation()`` values."""

from __future__ import annotations

import pytest
from bots_helpers import mid_game_states

from cosmodrome.bots import ISMCTSBot, make_bot
from cosmodrome.bots.ismcts import Node, decided, evaluate
from cosmodrome.core import OptionError, Rng, get_game
from cosmodrome.games.venus.components import EFFECT_ID
from cosmodrome.games.venus.flow import add


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
    s.built = add(s.built, 0 * 16 + 4 * 2, 2)   # seat 0 gets two mines on Mars: first rank there
    after = s.evaluation()
    assert after[0] > before[0] and after[0] > after[1]


def test_venus_evaluation_counts_the_danger_that_everybody_loses(venus):
    s = venus.new_state(2, seed=1)
    safe = sum(s.evaluation())
    crisis = [t for t in range(s.comp.n_bag) if s.comp.tile_kind[t] == 5][:4]   # crisis tiles
    assert len(crisis) == 4
    s.planet_tiles[2] = tuple(crisis)   # Earth at crisis level 4: the robots end the game
    assert sum(s.evaluation()) < 0.2 < safe


# ----- the search's parameters -------------------------------------------------------------
@pytest.mark.parametrize("spec, words", [
    ("ismcts:prior=-1", ["prior", "0 or more"]),
    ("ismcts:dets=-2", ["dets", "0 or more"]),
    ("ismcts:clock=sundial", ["clock", "wall or cpu"]),
    ("ismcts:cut=never", ["cut", "depth or turn"]),
    ("ismcts:opp=telepathy", ["opp", "search or heuristic"]),
    ("ismcts:replies=-1", ["replies", "0 or more"]),
    ("ismcts:turns=0", ["turns", "at least 1"]),
])
def test_new_parameters_are_checked(spec, words):
    with pytest.raises(OptionError) as exc:
        make_bot(spec, "pocket-race", 1)
    for w in words:
        assert w in str(exc.value)


def test_pooled_search_is_reproducible_on_venus(venus):
    s = mid_game_states(venus, 2, seed=4, count=3)[-1]
    r1 = ISMCTSBot(seed=3, iters=120, dets=5, paired=0, opp="search").search(s)
    r2 = ISMCTSBot(seed=3, iters=120, dets=5, paired=0, opp="search").search(s)
    assert _stats(r1) == _stats(r2)
    assert sum(c.visits for c in r1.children.values()) == 120
    # and a pool of determinizations is not the same search as resampling every time
    r3 = ISMCTSBot(seed=3, iters=120, dets=0, paired=0, opp="search").search(s)
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
    for spec in ("ismcts:iters=15,cut=turn,depth=30,opp=search",
                 "ismcts:iters=6,cut=turn,depth=20,rollout=heuristic,opp=search"):
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


# ----- the opponent model -------------------------------------------------------------------
class _Spy:
    """Wraps the heuristic used as the opponent model and records who it was asked for."""

    def __init__(self, inner, log):
        self.inner, self.log = inner, log

    def reseed(self, seed):
        self.inner.reseed(seed)

    def choose(self, state):
        self.log.append((state.to_move(), state.decision_kind()))
        return self.inner.choose(state)


def _spied_bot(monkeypatch, spec, game, log):
    bot = make_bot(spec, game, 5)
    real = bot._ensure_opponent_model

    def ensure(state, rng):
        model = real(state, rng)
        if model is not None and not isinstance(model, _Spy):
            bot._opp_bot = _Spy(model, log)
            if bot._rollout_bot is model:
                bot._rollout_bot = bot._opp_bot
        return bot._opp_bot
    monkeypatch.setattr(bot, "_ensure_opponent_model", ensure)
    return bot


def test_the_opponent_model_plays_only_the_other_seats_in_the_tree(venus, monkeypatch):
    """With ``opp=heuristic`` the tree holds only the searching seat's choices: every root
    child's subtree is reached through the model's moves for the others, and the model is
    asked for other seats (and, in rollouts, for the searching seat's unfinished turn) but
    the search never goes past the searching seat's next turn."""
    log = []
    states = [s for s in mid_game_states(venus, 2, seed=9, count=6) if s.decision_kind() == "action"]
    assert states, "no action-menu position to search"
    s = states[-1]
    me = s.to_move()
    bot = _spied_bot(monkeypatch, "ismcts:iters=30,opp=heuristic", venus, log)
    a = bot.choose(s)
    assert a in s.legal_actions()
    assert sum(c.visits for c in bot.last_root.children.values()) == 30
    assert any(seat != me for seat, _ in log), "the other seat was never modelled"
    # the searching seat's own next action menu is the horizon: never decided inside the search
    assert (me, "action") not in log


def test_replies_limits_how_many_other_turns_are_modelled(venus, monkeypatch):
    """In a 4-player game ``replies=1`` models one other seat's turn per iteration: the
    model is never asked to open a turn (an action menu) for more than one seat."""
    # a turn's one and only action, without an 'another action' card: a second action menu
    # of the searching seat is its horizon, reached before any other seat's turn
    s = next(x for x in mid_game_states(venus, 4, seed=3, count=30) if x.decision_kind() == "action"
             and x.actions_left == 1 and not x.has_effect(x.to_move(), EFFECT_ID["another_action"]))
    log = []
    bot = _spied_bot(monkeypatch, "ismcts:iters=12,opp=heuristic,replies=1", venus, log)
    turns_per_iteration = []
    real_iterate = bot._iterate

    def iterate(*args):
        before = len(log)
        real_iterate(*args)
        turns_per_iteration.append(sum(1 for _, kind in log[before:] if kind == "action"))
    monkeypatch.setattr(bot, "_iterate", iterate)
    bot.search(s)
    assert len(turns_per_iteration) == 12
    assert max(turns_per_iteration) == 1
    # without the limit the three other seats all get their turn in some iteration
    log.clear()
    turns_per_iteration.clear()
    bot.replies = 0
    bot.search(s)
    assert max(turns_per_iteration) >= 2


def test_opponent_model_search_is_reproducible(venus):
    s = mid_game_states(venus, 2, seed=4, count=3)[-1]
    r1 = ISMCTSBot(seed=3, iters=25, opp="heuristic").search(s)
    r2 = ISMCTSBot(seed=3, iters=25, opp="heuristic").search(s)
    assert _stats(r1) == _stats(r2)


def test_opponent_model_without_a_heuristic_is_plain_search():
    s = get_game("pocket-race").new_state(2, seed=3)
    bot = ISMCTSBot(seed=1, iters=40, opp="heuristic")
    assert bot.choose(s) in s.legal_actions()
    assert bot._opp_bot is None


def test_paired_search_shows_every_root_action_the_same_worlds(venus, monkeypatch):
    """``paired=1``: the k-th visit of every root action starts from the same world (the
    same determinization and the same dice), so actions are compared on common ground."""
    s = next(x for x in mid_game_states(venus, 2, seed=5, count=8) if len(x.legal_actions()) >= 3)
    bot = ISMCTSBot(seed=2, iters=60, paired=1)
    seen = {}
    real_iterate = bot._iterate

    def iterate(det, root, root_set, favoured, rng, players, depth, first=None):
        ch = root.children.get(first)
        k = ch.visits if ch is not None else 0
        seen.setdefault(k, set()).add((first, str(det.to_json())))
        real_iterate(det, root, root_set, favoured, rng, players, depth, first)
    monkeypatch.setattr(bot, "_iterate", iterate)
    root = bot.search(s)
    assert sum(c.visits for c in root.children.values()) == 60
    assert set(root.children) == set(s.legal_actions())
    for k, visits in seen.items():
        worlds = {w for _, w in visits}
        assert len(worlds) == 1, f"visit {k} of different root actions met different worlds"
    assert len(seen[0]) == len(s.legal_actions())  # every action had its first visit in world 0
    # the worlds differ from one another (a pairing of identical worlds would prove nothing)
    assert len({next(iter(v))[1] for v in seen.values()}) == len(seen)


def test_paired_search_is_reproducible(venus):
    s = mid_game_states(venus, 3, seed=4, count=3)[-1]
    r1 = ISMCTSBot(seed=3, iters=40, paired=1, opp="heuristic").search(s)
    r2 = ISMCTSBot(seed=3, iters=40, paired=1, opp="heuristic").search(s)
    assert _stats(r1) == _stats(r2)


def _walk(node):
    yield node
    for ch in node.children.values():
        yield from _walk(ch)


def test_the_model_move_is_tried_first_at_the_searching_seats_later_decisions(venus):
    """With ``opp=heuristic`` a decision of the searching seat below the root (say, where
    to move after choosing to move) first tries what the model would do there, so a
    multi-step action is not judged by random follow-ups."""
    s = next(x for x in mid_game_states(venus, 2, seed=9, count=8) if x.decision_kind() == "action")
    bot = ISMCTSBot(seed=4, iters=150, opp="heuristic")
    root = bot.search(s)
    inner = [n for ch in root.children.values() for n in _walk(ch) if n.children]
    assert inner, "the search never went below the root"
    for n in inner:
        assert n.fav != -2 and next(iter(n.children)) == n.fav


def test_turns_looks_further_ahead(venus, monkeypatch):
    """``turns=2``: the rollout plays the searching seat's next turn too (with the model)
    before valuing the position; with the default (1) it stops at that turn."""
    s = next(x for x in mid_game_states(venus, 2, seed=9, count=8) if x.decision_kind() == "action")
    me = s.to_move()
    log = []
    _spied_bot(monkeypatch, "ismcts:iters=10,opp=heuristic,turns=2", venus, log).search(s)
    assert (me, "action") in log


# ----- keeping the subtree between the steps of a turn; widening below the root ------------
def _play_with(venus, bot, seed=7, searches=16):
    """Play a 4-player game, ``bot`` in seat 0 and heuristics elsewhere, for ``searches`` of
    its searched decisions; the actions chosen and, per search, (visits at the root after
    the search, iterations it ran)."""
    from cosmodrome.bots import load_heuristic

    s = venus.new_state(4, seed)
    others = [load_heuristic(venus, seed=i) for i in range(4)]
    chosen, roots = [], []
    while not s.is_terminal() and len(roots) < searches:
        seat = s.to_move()
        if seat == 0 and len(s.legal_actions()) > 1:
            a = bot.choose(s)
            roots.append((sum(c.visits for c in bot.last_root.children.values()), bot.last_iterations))
            chosen.append(a)
        else:
            a = others[seat].choose(s)
        s.apply(a)
    return chosen, roots


def test_ismcts_keeps_the_subtree_between_the_steps_of_a_turn(venus):
    chosen, roots = _play_with(venus, ISMCTSBot(seed=2, iters=8, keep=1))
    assert all(visits >= iters == 8 for visits, iters in roots)
    kept = [visits - iters for visits, iters in roots if visits > iters]
    assert len(kept) >= len(roots) // 3  # the steps of a move start from what was searched
    # reproducible with the seed, and without keep every search starts from nothing
    assert _play_with(venus, ISMCTSBot(seed=2, iters=8, keep=1)) == (chosen, roots)
    _, fresh = _play_with(venus, ISMCTSBot(seed=2, iters=8))
    assert all(visits == iters for visits, iters in fresh)


def test_ismcts_keeps_nothing_for_a_position_it_did_not_predict(venus):
    s, t = mid_game_states(venus, 4, seed=3, count=2)
    bot = ISMCTSBot(seed=1, iters=10, keep=1)
    bot.choose(s)
    bot.search(t)   # another position: the kept subtree does not fit it
    assert sum(c.visits for c in bot.last_root.children.values()) == 10 and bot._kept is None


def test_ismcts_widens_slowly_below_the_root(venus):
    wide = 0
    for s in mid_game_states(venus, 4, seed=5, count=3):
        for widen in (0.0, 0.5):
            root = ISMCTSBot(seed=3, iters=60, widen=widen).search(s)
            inner = [n for ch in root.children.values() for n in _below(ch)]
            assert all(len(n.children) <= 1 + int(widen * n.visits ** 0.5) for n in inner)
        root = ISMCTSBot(seed=3, iters=60, widen=float("inf")).search(s)   # every option tried first
        wide += sum(len(n.children) > 1 for ch in root.children.values() for n in _below(ch))
    assert wide > 0
    with pytest.raises(OptionError):
        make_bot("ismcts:widen=-1", venus, 1)


def _below(node):
    yield node
    for ch in node.children.values():
        yield from _below(ch)
