"""The heuristic bot plays sensibly: it beats a random player clearly."""

from cosmodrome.core import Bot, Rng
from cosmodrome.games.cosmic_run import GAME
from cosmodrome.games.cosmic_run.heuristic import CosmicRunHeuristic


def test_heuristic_is_declared_and_a_bot():
    mod, cls = GAME.heuristic_bot.split(":")
    assert cls == "CosmicRunHeuristic" and issubclass(CosmicRunHeuristic, Bot)


def test_heuristic_beats_random():
    h = CosmicRunHeuristic(seed=1)
    total, n = 0.0, 0
    for opts in ({}, {"side": "B"}, {"friendly": True}, {"rapid_fire": True}):
        for seed in range(8):
            s = GAME.new_state(2, 500 + seed, opts)
            r = Rng(seed)
            hs = seed % 2
            while not s.is_terminal():
                la = s.legal_actions()
                a = h.choose(s) if s.to_move() == hs else la[r.below(len(la))]
                assert a in la
                s.apply(a)
            total += s.returns()[hs]
            n += 1
    assert total / n >= 0.8, f"heuristic won only {total}/{n}"


def test_heuristic_decides_from_view_only():
    """Two states with identical views get the same choice (the rng state differs)."""
    s = GAME.new_state(2, 3)
    t = s.resample(0, Rng(77))
    h1, h2 = CosmicRunHeuristic(seed=0), CosmicRunHeuristic(seed=0)
    assert h1.choose(s) == h2.choose(t)
