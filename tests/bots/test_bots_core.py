"""Random and ISMCTS bots: legality, reproducibility, strength against random, the registry."""

from __future__ import annotations

import pytest
from bots_helpers import GAMES, game_or_skip

from cosmodrome.bots import ISMCTSBot, RandomBot, advise, bot_names, make_bot, parse_spec
from cosmodrome.bots.advisor import MIN_PLAYOUTS
from cosmodrome.bots.ismcts import evaluate
from cosmodrome.core import OptionError, get_game


def play(game, players, seed, specs, options=None):
    s = game.new_state(players, seed, options)
    bots = [make_bot(spec, game, seed * 10 + i) for i, spec in enumerate(specs)]
    actions = []
    while not s.is_terminal():
        a = bots[s.to_move()].choose(s)
        assert a in s.legal_actions()
        s.apply(a)
        actions.append(a)
    return s, actions


@pytest.mark.parametrize("name", GAMES)
def test_random_bot_plays_only_legal_actions_to_the_end(name):
    game = game_or_skip(name)
    for players in range(game.min_players, min(game.max_players, 4) + 1):
        for seed in range(3):
            s, actions = play(game, players, seed, ["random"] * players)
            assert s.is_terminal() and actions


def test_random_bot_is_uniform_over_legal_options():
    game = get_game("pocket-race")
    s = game.new_state(2, seed=3)
    legal = s.legal_actions()
    assert len(legal) >= 2
    bot = RandomBot(seed=1)
    counts = {a: 0 for a in legal}
    for _ in range(3000):
        counts[bot.choose(s)] += 1
    expected = 3000 / len(legal)
    assert all(abs(c - expected) < 0.15 * expected for c in counts.values()), counts


def test_ismcts_reproducible_with_seed_and_iterations():
    game = get_game("pocket-race")
    _, a1 = play(game, 3, 5, ["ismcts:iters=60", "random", "ismcts:iters=40"])
    _, a2 = play(game, 3, 5, ["ismcts:iters=60", "random", "ismcts:iters=40"])
    assert a1 == a2
    # and the search itself: same root statistics
    s = game.new_state(2, seed=9)
    r1 = ISMCTSBot(seed=4, iters=200).search(s)
    r2 = ISMCTSBot(seed=4, iters=200).search(s)
    stats = lambda r: {a: (c.visits, c.avail, c.reward) for a, c in r.children.items()}
    assert stats(r1) == stats(r2)
    assert sum(c.visits for c in r1.children.values()) == 200


def test_ismcts_seconds_budget_decides_legally():
    game = get_game("pocket-race")
    s = game.new_state(2, seed=2)
    bot = make_bot("ismcts:seconds=0.05", game, 1)
    assert bot.choose(s) in s.legal_actions()
    assert bot.last_iterations >= 1


def test_ismcts_single_option_is_taken_without_search():
    game = get_game("pocket-race")
    s = game.new_state(2, seed=2, options={"rounds": 1})
    while len(s.legal_actions()) > 1:
        s.apply(s.legal_actions()[-1])
    if not s.is_terminal():
        bot = ISMCTSBot(seed=1, iters=50)
        assert bot.choose(s) == s.legal_actions()[0]
        assert bot.last_iterations == 0


def test_ismcts_beats_random_on_pocket_race():
    """100 two-player games, seats alternating; a random player would win about half."""
    game = get_game("pocket-race")
    share = 0.0
    n = 100
    for g in range(n):
        me = g % 2
        specs = ["random", "random"]
        specs[me] = "ismcts:iters=200"
        s, _ = play(game, 2, 1000 + g, specs)
        share += s.returns()[me]
    assert share / n >= 0.62, share / n


@pytest.mark.slow
def test_ismcts_beats_random_on_venus():
    """A modest check on Onward to Venus: a small plain ISMCTS (30 iterations, leaves valued
    by the game's evaluation hook, no heuristic prior and no opponent model — so the search
    itself must do it)
    against a random bot, 2 players, seats alternating, 4 games: it must win at least 3."""
    game = game_or_skip("venus")
    share = 0.0
    n = 4
    for g in range(n):
        me = g % 2
        specs = ["random", "random"]
        specs[me] = "ismcts:iters=30,prior=0,opp=search"
        s, _ = play(game, 2, 2000 + g, specs)
        share += s.returns()[me]
    assert share / n >= 0.75, share / n


def test_evaluate_terminal_is_returns_and_midgame_favours_leader():
    game = get_game("pocket-race")
    s, _ = play(game, 2, 1, ["random", "random"])
    assert evaluate(s) == s.returns()
    s = game.new_state(3, seed=1)
    s.tracks = [10, 2, 2]
    v = evaluate(s)
    assert v[0] > v[1] == v[2] and abs(sum(v) - 1) < 1e-9


def test_advisor_rates_every_option_for_the_seat_to_move():
    game = get_game("pocket-race")
    s = game.new_state(2, seed=4)
    rows = advise(s, 300)
    assert sorted(r.action for r in rows) == s.legal_actions()
    assert sum(r.visits for r in rows) >= 300 and min(r.visits for r in rows) >= MIN_PLAYOUTS
    assert [r.visits for r in rows] == sorted((r.visits for r in rows), reverse=True)
    for action, label, win, visits in rows:
        assert 0.0 <= win <= 1.0 and label == s.action_label(action)
    assert rows[0]["win"] == rows[0].win and rows[0]["label"] == rows[0][1]
    # the advisor's top option is the ISMCTS bot's choice with the same seed and budget
    assert rows[0].action == ISMCTSBot(seed=0, iters=300).choose(s)
    assert advise(s, seconds=0.02)
    with pytest.raises(OptionError):
        advise(s, "lots")


def test_advisor_rests_every_estimate_on_a_floor_of_playouts():
    s = get_game("pocket-race").new_state(2, seed=4)
    options = len(s.legal_actions())
    assert options > 1
    # a budget of iterations is reproducible
    assert advise(s, 300) == advise(s, 300)
    # a budget smaller than the floor: the search goes on until each option has its playouts
    rows = advise(s, 3)
    assert [r.visits for r in rows] == [MIN_PLAYOUTS] * options
    assert [r.visits for r in advise(s, 3, least=2)] == [2] * options
    with pytest.raises(OptionError):
        advise(s, 3, least=-1)
    with pytest.raises(OptionError, match="least playouts"):
        advise(s, 3, least=2.5)


class _Clocks:
    """Fake clocks: each read of the CPU clock advances it by a millisecond of work, each
    read of the wall clock by a whole second (a machine whose other processes take it)."""

    def __init__(self):
        self.cpu = self.wall = 0.0

    def read_cpu(self):
        self.cpu += 0.001
        return self.cpu

    def read_wall(self):
        self.wall += 1.0
        return self.wall


def test_advisor_budget_counts_cpu_time_so_a_loaded_machine_does_not_starve_it(monkeypatch):
    from cosmodrome.bots import ismcts

    s = get_game("pocket-race").new_state(2, seed=4)
    floor = MIN_PLAYOUTS * len(s.legal_actions())
    counts = {}
    for clock in ("cpu", "wall"):
        fake = _Clocks()
        monkeypatch.setitem(ismcts.CLOCKS, "cpu", fake.read_cpu)
        monkeypatch.setitem(ismcts.CLOCKS, "wall", fake.read_wall)
        counts[clock] = sum(r.visits for r in advise(s, seconds=0.2, clock=clock))
    # the CPU budget (the default) ran its 0.2 s of work: about one iteration per read
    assert counts["cpu"] > 2 * floor
    # the wall clock, stolen by the other processes, left only the floor of playouts
    assert counts["wall"] == floor


def test_advisor_prefers_the_big_card_at_the_last_turn():
    """Last turn of a 1-round game: playing the 9 wins more often than playing the 1."""
    game = get_game("pocket-race")
    s = game.new_state(2, seed=0, options={"rounds": 1})
    s.hands[0] = [1, 9]
    rows = {r.action: r for r in advise(s, 400)}
    assert rows[8].win > rows[0].win


# ----- the registry ------------------------------------------------------------------------
def test_make_bot_builds_known_bots_with_parameters():
    # other test modules may register extra (test) bots in this process: check ours are there
    assert {"heuristic", "ismcts", "openspiel-ismcts", "openspiel-mcts", "random"} <= set(bot_names())
    b = make_bot("ismcts:iters=500,c=1.2,depth=30", "pocket-race", 3)
    assert isinstance(b, ISMCTSBot) and (b.iters, b.c, b.depth) == (500, 1.2, 30)
    b = make_bot("ismcts:seconds=0.25", "pocket-race", 3)
    assert b.seconds == 0.25
    assert isinstance(make_bot("random", get_game("pocket-race"), 1), RandomBot)
    assert parse_spec(" ISMCTS : iters=5 ") == ("ismcts", {"iters": "5"})


@pytest.mark.parametrize("spec, words", [
    ("alphazero", ["unknown bot 'alphazero'", "known bots:", "heuristic", "ismcts", "openspiel-ismcts", "random"]),
    ("", ["known bots"]),
    ("ismcts:iters=many", ["iters", "whole number", "'many'"]),
    ("ismcts:budget=3", ["no parameter 'budget'", "iters"]),
    ("ismcts:iters", ["key=value"]),
    ("ismcts:iters=0", ["at least 1"]),
    ("ismcts:seconds=-1", ["positive"]),
    ("ismcts:rollout=smart", ["random or heuristic"]),
    ("random:x=1", ["no parameter 'x'"]),
    ("heuristic", ["pocket-race", "no heuristic bot"]),
    ("ismcts:rollout=heuristic", ["no heuristic bot"]),
])
def test_make_bot_errors_are_clear(spec, words):
    with pytest.raises(OptionError) as info:
        make_bot(spec, "pocket-race", 0)
    for w in words:
        assert w in str(info.value)


def test_heuristic_bot_is_loaded_lazily_from_the_game(monkeypatch):
    game = get_game("pocket-race")
    monkeypatch.setattr(type(game), "heuristic_bot", "cosmodrome.bots.random_bot:RandomBot")
    bot = make_bot("heuristic", game, 5)
    assert isinstance(bot, RandomBot) and bot.seed == 5
    monkeypatch.setattr(type(game), "heuristic_bot", "cosmodrome.no_such_module:Bot")
    with pytest.raises(OptionError, match="cannot be loaded"):
        make_bot("heuristic", game, 5)


@pytest.mark.parametrize("name", ["venus", "cosmic-run", "moon", "mars"])
def test_real_games_heuristic_bot_plays_legally(name):
    game = game_or_skip(name)
    assert game.heuristic_bot, f"{name} must name its heuristic bot"
    s, _ = play(game, game.min_players, 1, ["heuristic"] * game.min_players)
    assert s.is_terminal()
