"""Each game's bound on its length (Game.max_game_length, Game.max_chance_nodes): seeded random
games in both chance modes stay within it, and the caps that make the bounds exist end a game."""

import random

import pytest

import cosmodrome.games  # noqa: F401  (registers the games)
import cosmodrome.testing.toy  # noqa: F401  (registers "pocket-race")
from cosmodrome.core import get_game

#: (game, players, options) played; the options that change a bound are among them
CASES = [
    ("pocket-race", 2, {}), ("pocket-race", 4, {"rounds": 6}),
    ("venus", 2, {}), ("venus", 5, {}),
    ("cosmic-run", 1, {}), ("cosmic-run", 2, {}), ("cosmic-run", 2, {"rapid_fire": True}),
    ("moon", 2, {}), ("moon", 5, {}), ("moon", 3, {"advanced": True}),
    ("mars", 2, {}), ("mars", 5, {}), ("mars", 3, {"threat": "baby"}),
]


def _play(name, players, options, seed, mode):
    state = get_game(name).new_state(players, seed, options, chance=mode)
    r = random.Random(seed)
    decisions = chance = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply(r.choices(outcomes, weights)[0])
            chance += 1
        else:
            state.apply(r.choice(state.legal_actions()))
            decisions += 1
    return decisions, chance


@pytest.mark.parametrize("name,players,options", CASES)
def test_random_games_stay_within_the_bounds(name, players, options):
    game = get_game(name)
    most = game.max_game_length(players, options)
    most_chance = game.max_chance_nodes(players, options)
    assert isinstance(most, int) and isinstance(most_chance, int) and most > 0 and most_chance > 0
    for seed in range(3):
        for mode in ("sampled", "explicit"):
            decisions, chance = _play(name, players, options, seed, mode)
            assert 0 < decisions <= most, (mode, seed)
            assert chance <= most_chance, (mode, seed)


def test_every_game_declares_its_bounds():
    for name in ("venus", "cosmic-run", "moon", "mars", "pocket-race"):
        game = get_game(name)
        for n in range(game.min_players, game.max_players + 1):
            assert game.max_game_length(n) > 0 and game.max_chance_nodes(n) > 0


def test_the_friendly_variant_has_no_chance_bound():
    """Its free re-roll of a mine die repeats until the die shows something else."""
    assert get_game("cosmic-run").max_chance_nodes(2, {"friendly": True}) is None
    assert get_game("cosmic-run").max_game_length(2, {"friendly": True}) > 0


def test_a_worst_case_is_plausible_for_the_tightest_bounds():
    """The bounds are upper bounds, not estimates, but not absurd either: the longest of a few
    random games reaches a fair share of the tightest ones (Cosmic Run's and the test game's)."""
    longest = max(_play("cosmic-run", 2, {}, seed, "explicit")[0] for seed in range(6))
    assert longest * 5 >= get_game("cosmic-run").max_game_length(2)
    assert _play("pocket-race", 3, {}, 1, "explicit")[0] == get_game("pocket-race").max_game_length(3)


def test_the_moon_race_ends_after_round_100():
    from cosmodrome.games.moon.state import MAX_ROUNDS

    game = get_game("moon")
    state = game.new_state(2, 1)
    state.round = MAX_ROUNDS                 # the last round: its end ends the race
    r = random.Random(1)
    while not state.is_terminal() and state.round == MAX_ROUNDS:
        state.apply(r.choice(state.legal_actions()))
    assert state.is_terminal() and state.round == MAX_ROUNDS
    assert sum(state.returns()) == pytest.approx(1.0)


def test_a_venus_game_stops_at_the_decision_cap(monkeypatch):
    import cosmodrome.games.venus.flow as venus_flow

    monkeypatch.setattr(venus_flow, "MAX_DECISIONS", 40)
    state = get_game("venus").new_state(3, 2)
    r = random.Random(2)
    n = 0
    while not state.is_terminal():
        state.apply(r.choice(state.legal_actions()))
        n += 1
    assert n == 40 and state.summary()["end"] == "decision cap"
    assert sum(state.returns()) == pytest.approx(1.0)
    assert any("scored as it stands" in str(e.text) for e in state.log)
