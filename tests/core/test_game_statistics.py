"""Each game declares its end-of-game statistics beside its scoring (Game.statistics): after a
whole game played at random, one number a seat in every row, and the score rows agree with the
game's own scores."""

from __future__ import annotations

import random

import pytest

from cosmodrome.core import registry
from cosmodrome.core.statistics import public

#: game, players, the keys it must declare, the row that is its score (None: a team game)
CASES = [("venus", 3, {"vp", "planet_vp", "tile_vp", "tiles", "combats_won", "cards"}, "vp"),
         ("cosmic-run", 2, {"vp", "planets", "techs", "damage"}, "vp"),
         ("moon", 3, {"points", "sputniks", "accidents", "rounds"}, "points"),
         ("mars", 2, {"kills", "rounds", "base_damage"}, "kills")]


def play_out(game, players, seed):
    s = game.new_state(players, seed=seed)
    events = list(s.initial_events)
    rnd = random.Random(seed)
    while not s.is_terminal():
        if s.is_chance_node():
            outs = s.chance_outcomes()
            a = rnd.choices([o for o, _ in outs], [p for _, p in outs])[0]
        else:
            a = rnd.choice(s.legal_actions())
        events += s.apply(a)
    return s, events


@pytest.mark.parametrize("name,players,keys,score", CASES)
def test_every_game_declares_statistics_a_seat(name, players, keys, score):
    game = registry.get_game(name)
    s, events = play_out(game, players, 3)
    rows = game.statistics(s, public(events))
    assert keys <= {r["key"] for r in rows}
    for r in rows:
        assert r["label"] and r["help"] and len(r["values"]) == players
        assert all(isinstance(v, int) for v in r["values"])
    by = {r["key"]: r["values"] for r in rows}
    assert by[score] == [int(x) for x in s.scores()]


def test_venus_vp_by_source_adds_up_and_counts_follow_the_log():
    game = registry.get_game("venus")
    s, events = play_out(game, 3, 5)
    by = {r["key"]: r["values"] for r in game.statistics(s, public(events))}
    assert [a + b for a, b in zip(by["planet_vp"], by["tile_vp"])] == by["vp"]
    plays = [0, 0, 0]
    for e in events:
        if e.kind == "play":
            plays[e.data["seat"]] += 1
    assert by["cards"] == plays
