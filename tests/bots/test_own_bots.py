"""A bot of one's own: register_bot, module:Class specs, and the numpy linear policy bot."""

from __future__ import annotations

import numpy as np
import pytest

import cosmodrome.games  # noqa: F401
from cosmodrome.adapters.tensor import schema_for
from cosmodrome.bots import make_bot, register_bot
from cosmodrome.bots.linear import LinearPolicyBot, save_policy
from cosmodrome.bots.registry import BOTS
from cosmodrome.cli.lab import split_bots
from cosmodrome.core import Bot, OptionError, get_game
from cosmodrome.lab.ladder import Ladder
from cosmodrome.server.seatbots import seat_bot
from cosmodrome.testing import toy


class Last(Bot):
    """The last legal action (no PARAMS: parameters arrive as strings)."""

    name = "last"

    def __init__(self, seed: int = 0, **params) -> None:
        super().__init__(seed, **params)

    def choose(self, state):
        return state.legal_actions()[-1]


def test_a_registered_bot_needs_no_hidden_class_attribute():
    register_bot("last", Last)
    try:
        bot = make_bot("last:mood=calm", toy.GAME, 3)
        assert isinstance(bot.inner, Last) and bot.params == {"mood": "calm"}
        s = toy.GAME.new_state(2, seed=1)
        assert bot.choose(s) == s.legal_actions()[-1]
    finally:
        BOTS.pop("last")
    with pytest.raises(OptionError, match="a bot name is a word"):
        register_bot("a:b", Last)


def test_module_class_specs_load_only_where_allowed():
    spec = "test_own_bots:Last"
    bot = make_bot(spec, toy.GAME, 1, allow_import=True)
    assert isinstance(bot.inner, Last)
    imported = make_bot("cosmodrome.bots.random_bot:RandomBot", toy.GAME, 1, allow_import=True)
    assert type(imported.inner).__name__ == "RandomBot"
    with pytest.raises(OptionError, match="names a class of its own"):
        make_bot("cosmodrome.bots.random_bot:RandomBot", toy.GAME, 1)          # not by default
    with pytest.raises(OptionError, match="names a class of its own"):
        seat_bot("cosmodrome.bots.random_bot:RandomBot", toy.GAME, 1)           # never at a table
    with pytest.raises(OptionError, match="cannot import module 'no_such_pkg.agents'"):
        make_bot("no_such_pkg.agents:Bot", toy.GAME, 1, allow_import=True)
    with pytest.raises(OptionError, match="has no 'Nope'"):
        make_bot("cosmodrome.bots.random_bot:Nope", toy.GAME, 1, allow_import=True)
    # the command line's --bots splits such specs like any other
    assert split_bots("mypkg.agents:MyBot,heuristic") == ["mypkg.agents:MyBot", "heuristic"]
    lad = Ladder("pocket-race", ["random", "cosmodrome.bots.random_bot:RandomBot"], deals=1, seed=2)
    results = lad.run()
    assert len(results) == lad.n == 2


def _policy(tmp_path, game, players, bias):
    path = str(tmp_path / "p.npz")
    size = schema_for(game, players).size
    save_policy(path, game, players, np.zeros((game.num_actions, size)), bias)
    return path


def test_the_linear_bot_plays_from_an_npz_file_without_torch(tmp_path):
    game = get_game("cosmic-run")
    path = _policy(tmp_path, game, 2, np.arange(game.num_actions, dtype=float))
    bot = make_bot(f"linear:path={path}", game, 1)
    assert isinstance(bot, LinearPolicyBot)
    s = game.new_state(2, seed=4)
    while not s.is_terminal():
        legal = s.legal_actions()
        a = bot.choose(s)
        assert a == max(legal)
        s.apply(a)
    sampler = make_bot(f"linear:path={path},greedy=false", game, 1)
    assert sampler.choose(game.new_state(2, seed=4)) in game.new_state(2, seed=4).legal_actions()
    lad = Ladder("cosmic-run", ["random", f"linear:path={path}"], deals=1, seed=3)
    assert len(lad.run()) == 2
    with pytest.raises(OptionError, match="not offered at a table"):
        seat_bot(f"linear:path={path}", game, 1)


def test_a_policy_file_for_another_game_or_a_bad_file_is_refused(tmp_path):
    path = _policy(tmp_path, toy.GAME, 2, np.zeros(toy.GAME.num_actions))
    bot = make_bot(f"linear:path={path}", "cosmic-run", 1)
    with pytest.raises(OptionError, match="the policy is for pocket-race"):
        bot.choose(get_game("cosmic-run").new_state(2, seed=1))
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    with pytest.raises(OptionError, match="is not a policy file"):
        make_bot(f"linear:path={bad}", "cosmic-run", 1)
    with pytest.raises(OptionError, match="needs path=FILE"):
        make_bot("linear", "cosmic-run", 1)


class Peek(Bot):
    """Plays the first legal action and writes down the deck it was handed (a cheat, were it
    handed the real state)."""

    name = "peek"

    def choose(self, state):
        self.seen = (list(state.deck), [list(h) for h in state.hands])
        return state.legal_actions()[0]


def _peeked(bot, seed: int):
    s = toy.GAME.new_state(2, seed=seed)
    seat = s.to_move()
    a = bot.choose(s)
    assert a in s.legal_actions()
    deck, hands = bot.inner.seen if hasattr(bot, "inner") else bot.seen
    return s, seat, deck, hands


def test_a_bot_of_ones_own_is_handed_what_its_seat_may_see_not_the_real_state():
    """On the ladder a registered or imported bot gets a determinization for its seat: its own
    hand is the real one, the others' hands and the deck are redrawn; the same seed draws the
    same determinizations (reproducible runs)."""
    register_bot("peek", Peek)
    try:
        for make in (lambda seed: make_bot("peek", toy.GAME, seed),
                     lambda seed: make_bot("test_own_bots:Peek", toy.GAME, seed, allow_import=True)):
            fooled = 0
            for seed in range(6):
                s, seat, deck, hands = _peeked(make(seed), seed)
                assert hands[seat] == list(s.hands[seat])              # its own hand: the real one
                assert sorted(deck + hands[1 - seat]) == sorted(list(s.deck) + list(s.hands[1 - seat]))
                fooled += (deck, hands[1 - seat]) != (list(s.deck), list(s.hands[1 - seat]))
                assert _peeked(make(seed), seed)[2:] == (deck, hands)   # the same seed, the same draw
            assert fooled == 6
        # sees_all: the real state, for an oracle that says so
        register_bot("peek", Peek, sees_all=True)
        s, seat, deck, hands = _peeked(make_bot("peek", toy.GAME, 1), 1)
        assert deck == list(s.deck) and hands[1 - seat] == list(s.hands[1 - seat])
    finally:
        BOTS.pop("peek")
    # a built-in bot gets the real state (its decisions are checked to depend on its seat only)
    assert not hasattr(make_bot("random", toy.GAME, 1), "inner")


def test_the_command_lines_unknown_bot_says_how_a_bot_of_ones_own_is_found():
    with pytest.raises(OptionError, match=r"cosmodrome --import MODULE"):
        make_bot("mine:depth=3", toy.GAME, 1, allow_import=True)
    with pytest.raises(OptionError) as exc:      # a table's bot: no command line to speak of
        seat_bot("mine", toy.GAME, 1)
    assert "--import" not in str(exc.value)
