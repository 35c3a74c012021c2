"""Shared helpers of the March on Mars tests: seeded random games and the invariants every
position keeps."""

import json

from cosmodrome.core import Rng, get_game
from cosmodrome.games.mars.state import BAG, DEAD, GONE, INCOMING, OVER

GAME = get_game("mars")


def check_invariants(s) -> None:
    """Every alien counter is in exactly one place (bag, a box, an incoming box, the dead pile
    or out of the game), counts per colour match the data, defenders never return to the bag,
    marines stand on standing cells, the tracks stay in range."""
    a = s.C.aliens
    assert len(s.aloc) == a["yellow"] + a["blue"] + a["red"]
    n_boxes = len(s.strip) * s.levels
    places = {BAG, DEAD, GONE} | {INCOMING - k for k in s.sides}
    assert all(0 <= p < n_boxes or p in places for p in s.aloc)
    for p in s.aloc:
        if p >= 0:
            assert s.standing(p // s.levels, p % s.levels)
    for d in s.defenders():
        assert s.aloc[d] not in (BAG, DEAD) and s.aloc[d] < 0 or s.zone[s.aloc[d] // s.levels] in (0, 6)
    assert sum(1 for p in s.aloc if p == GONE) <= 2
    for m in range(s.num_players):
        assert s.standing(s.mcol[m], s.mlvl[m])
    assert 1 <= s.round <= s.C.rounds and 0 <= s.base_hits <= s.C.base_attacks
    if s.phase == OVER:
        assert s.returns() in ([1.0] * s.num_players, [0.0] * s.num_players)
        assert bool(s.won) == (s.summary()["end"] == "nuke")


def random_game(players, seed, options=None, check_every=1):
    s = GAME.new_state(players, seed, options or {})
    r = Rng(seed + 1000)
    n = 0
    while not s.is_terminal():
        if n % check_every == 0:
            check_invariants(s)
        legal = s.legal_actions()
        s.apply(legal[r.below(len(legal))])
        n += 1
    check_invariants(s)
    return s


def views_json(s) -> str:
    return json.dumps([s.view(k) for k in list(range(s.num_players)) + [None]])
