"""Helpers for the Walking on the Moon tests: random games and the invariants checked after
every action."""

from __future__ import annotations

import json

from cosmodrome.core import Rng
from cosmodrome.games.lunar.terrain import STANDING, cell
from cosmodrome.games.moon import GAME
from cosmodrome.games.moon.cards import deck_of
from cosmodrome.games.moon.state import CARD, OVER, REFRESH

SUPPLY = {"sputnik": 30, "ec": 10, "handicap": 5}


def check_invariants(s) -> None:
    """Counters and action cards conserved, astronauts only on boxes they may stand on, the
    round's order is the race order it began with, the seat to move is that of the astronaut
    moving: the round's current one, or one an action card moves out of turn (never the turn
    player's), or, when a card is asked about, its holder."""
    assert sum(s.sputniks) + s.sputnik_supply == SUPPLY["sputnik"]
    assert sum(s.ec_counters) + s.ec_supply == SUPPLY["ec"]
    assert sum(s.handicaps) + s.handicap_supply == SUPPLY["handicap"]
    assert min(s.sputniks + s.ec_counters + s.handicaps + [s.sputnik_supply, s.ec_supply, s.handicap_supply]) >= 0
    for a in range(s.n_astro):
        assert 0 <= s.column[a] <= s.goal
        assert cell(s.strip[s.column[a]], s.level[a]) in STANDING, (a, s.column[a], s.level[a])
        assert bool(s.finish_place[a]) == (s.column[a] == s.goal)
    assert sorted(f for f in s.finish_place if f) == list(range(1, s.arrived + 1))
    held = [c for c in s.hand if c >= 0]
    assert sorted(s.deck + s.discard + held) == (sorted(deck_of(s.comp)) if s.advanced else [])
    if s.phase in (CARD, REFRESH):
        assert s.asks and s.to_move() == s.asks[0] and s.hand[s.asks[0]] >= 0
    elif s.phase != OVER:
        if s.in_turn():                  # else the end-of-round cards move astronauts
            assert s.order[s.turn_index] == s.acting
            assert not s.finish_place[s.acting] or s.mover != s.acting
        assert not s.finish_place[s.mover]
        assert s.to_move() == s.owner(s.mover)
        assert s.mover == s.acting or s.owner(s.mover) != s.turn_seat()   # out of turn: never the turn's player
        assert sum(1 for j in s.die_action if j >= 0) <= s.dice_count <= 6
    else:
        assert s.arrived >= 1


def random_game(players: int, seed: int, check=None, options=None):
    """Play one game with random choices; return the end state and the actions."""
    s = GAME.new_state(players, seed, options or {})
    r = Rng(seed ^ 0xABCDEF)
    actions = []
    while not s.is_terminal():
        if check is not None:
            check(s)
        legal = s.legal_actions()
        a = legal[r.below(len(legal))]
        s.apply(a)
        actions.append(a)
    if check is not None:
        check(s)
    return s, actions


def views_json(s) -> list:
    return [json.dumps(s.view(p), sort_keys=True) for p in list(range(s.num_players)) + [None]]


def keep_unfitting(s) -> None:
    """Answer "keep" for every seat asked at a moment for action cards whose card does not
    fit it: every seat that may hold a fitting card is asked (docs/rulings/moon.md, ruling 43)."""
    from cosmodrome.games.moon.cards import fits
    from cosmodrome.games.moon.state import A_DONE
    while s.phase == CARD and not fits(s):
        s.apply(A_DONE)
