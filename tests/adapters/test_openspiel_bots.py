"""OpenSpiel's MCTS and ISMCTS as Cosmodrome bots."""

import pyspiel  # noqa: F401  (installed by the test command)
import pytest
from adapters_helpers import game_or_skip  # noqa: E402

from cosmodrome.adapters.openspiel_bots import OpenSpielISMCTSBot, OpenSpielMCTSBot, register_bots  # noqa: E402
from cosmodrome.core import OptionError, Rng, get_game  # noqa: E402
from cosmodrome.testing import toy  # noqa: E402


def play(game, players, bots, seed):
    s = game.new_state(players, seed=seed)
    while not s.is_terminal():
        seat = s.to_move()
        a = bots[seat].choose(s)
        assert a in s.legal_actions()
        s.apply(a)
    return s


def test_short_match_against_cosmodrome_ismcts():
    from cosmodrome.bots import make_bot
    register_bots()
    bots = [make_bot("openspiel-ismcts:iters=30", toy.GAME, 1), make_bot("ismcts:iters=30", toy.GAME, 2),
            make_bot("openspiel-mcts:iters=30", toy.GAME, 3)]
    s = play(toy.GAME, 3, bots, seed=5)
    assert abs(sum(s.returns()) - 1.0) < 1e-9 or sum(s.returns()) == 0.0


@pytest.mark.parametrize("cls", [OpenSpielISMCTSBot, OpenSpielMCTSBot])
def test_bots_see_only_their_seat(cls):
    s = toy.GAME.new_state(3, seed=6)
    s.apply(9)
    me = s.to_move()
    differing = 0
    for k in range(3):
        other = s.resample(me, Rng(50 + k))  # redraws exactly what seat `me` cannot see
        assert other.view(me) == s.view(me)
        differing += other.to_json() != s.to_json()
        for seed in (1, 2):
            assert cls(seed=seed, iters=25).choose(s) == cls(seed=seed, iters=25).choose(other)
    assert differing, "the twins never differed: the test would prove nothing"


@pytest.mark.parametrize("cls", [OpenSpielISMCTSBot, OpenSpielMCTSBot])
def test_time_budget_and_reproducibility(cls):
    s = toy.GAME.new_state(2, seed=2)
    timed = cls(seed=1, seconds=0.05)
    assert timed.choose(s) in s.legal_actions() and timed.last_iterations >= 1
    assert cls(seed=3, iters=20).choose(s) == cls(seed=3, iters=20).choose(s)


def test_bad_parameters():
    with pytest.raises(OptionError, match="iters must be at least 1"):
        OpenSpielISMCTSBot(iters=0)
    with pytest.raises(OptionError, match="seconds must be positive"):
        OpenSpielMCTSBot(seconds=-1.0)
    with pytest.raises(OptionError, match="unknown parameters depth"):
        OpenSpielMCTSBot(depth=3)


@pytest.mark.parametrize("name,players", [("venus", 3), ("cosmic-run", 2), ("moon", 3), ("mars", 2)])
def test_one_decision_on_the_real_games(name, players):
    game = game_or_skip(name)
    s = game.new_state(players, seed=1)
    for cls in (OpenSpielISMCTSBot, OpenSpielMCTSBot):
        assert cls(seed=1, iters=5).choose(s) in s.legal_actions()


@pytest.mark.parametrize("name,players", [("venus", 2), ("pocket-race", 2)])
def test_a_budget_shorter_than_one_simulation_still_decides(name, players):
    """The first simulation only expands the root: a deadline reached then used to leave no
    visit and crash the bot (seen in a Venus tournament at seconds=0.1 on two workers)."""
    s = get_game(name).new_state(players, seed=3)
    for clock in ("wall", "cpu"):
        bot = OpenSpielISMCTSBot(seed=1, seconds=1e-9, clock=clock)
        assert bot.choose(s) in s.legal_actions() and bot.last_iterations >= 2
    one = OpenSpielISMCTSBot(seed=1, iters=1)
    assert one.choose(s) in s.legal_actions() and one.last_iterations >= 2
    assert OpenSpielMCTSBot(seed=1, seconds=1e-9, clock="cpu").choose(s) in s.legal_actions()


def test_the_clock_is_checked():
    with pytest.raises(OptionError, match="clock must be one of wall, cpu, not 'sundial'"):
        OpenSpielISMCTSBot(seconds=1.0, clock="sundial")
