"""The menus' shortcuts answer what the full computations answer, in every position of
seeded random games (2 to 5 players): ``can_claim_on`` is ``claimable_slots`` not empty,
``has_tension_target`` is ``tension_targets`` not empty, ``can_move`` and ``can_claim``
are the scans they stand for, and a combat's ``cost`` and ``skulls`` are those of the dice
kept (RB: Defended tiles)."""

import pytest
from venus_helpers import random_game

from cosmodrome.games.venus.actions import (
    can_claim,
    can_claim_on,
    can_move,
    claimable_slots,
    has_tension_target,
    tension_targets,
)
from cosmodrome.games.venus.combat import cost, skulls
from cosmodrome.games.venus.flow import SHIP


def check_shortcuts(s) -> None:
    for p in range(s.num_players):
        claim = False
        for pl in range(8):
            slots = claimable_slots(s, p, pl)
            assert can_claim_on(s, p, pl) == bool(slots), (p, pl)
            assert claimable_slots(s, p, pl, True) == slots[:1]
            assert has_tension_target(s, p, pl) == bool(tension_targets(s, p, pl)), (p, pl)
            claim = claim or bool(slots)
        assert can_claim(s, p) == claim
        assert can_move(s, p) == any(s.orbit[p * 24 + pl * 3 + SHIP] for pl in range(8))
    cb = s.combat
    if cb.active:
        kept = [cb.dice[i] for i in range(3) if i != cb.discarded]
        assert cost(s) == cb.defence + max(kept) - min(kept)
        assert skulls(s) == max(0, kept.count(0) - cb.skulls_ignored)


@pytest.mark.parametrize("seed", range(12))
def test_menu_shortcuts_match_the_full_computations(seed):
    s, _ = random_game(2 + seed % 4, 500 + seed, check_shortcuts)
    assert s.is_terminal()


def test_a_discarded_die_takes_no_part_in_the_cost():
    s, _ = random_game(3, 1)
    cb = s.combat
    cb.dice = [0, 3, 5]
    cb.defence, cb.skulls_ignored = 2, 0
    expected = {-1: (2 + 5, 1), 0: (2 + 2, 0), 1: (2 + 5, 1), 2: (2 + 3, 1)}
    for disc, (want_cost, want_skulls) in expected.items():
        cb.discarded = disc
        assert (cost(s), skulls(s)) == (want_cost, want_skulls), disc
