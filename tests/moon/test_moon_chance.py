"""Walking on the Moon in the explicit chance mode (core.chance): every die roll and every
action card drawn is a chance node; the default sampled mode is the one the golden
playthroughs record."""

from collections import Counter

import pytest

from cosmodrome.core import CHANCE, Rng
from cosmodrome.games.moon import GAME
from cosmodrome.testing.conformance import play_checked

from moon_helpers import check_invariants


@pytest.mark.parametrize("players, seed, options", [
    (2, 1, {}), (3, 2, {"max_red": 5}), (5, 4, {}), (2, 5, {"advanced": True}), (4, 6, {"advanced": True}),
])
def test_conformance_in_the_explicit_mode(players, seed, options):
    s = play_checked(GAME, players, seed, options, every=4, check=check_invariants, chance="explicit")
    assert s.is_terminal() and s.chance_mode == "explicit"


def walk_to(s, stop, seed=1, limit=3000):
    """Play random decisions and chance outcomes until ``stop(s)`` holds at a chance node."""
    rng = Rng(seed)
    for _ in range(limit):
        if s.is_chance_node() and stop(s):
            return s
        assert not s.is_terminal()
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    pytest.fail("no such chance node met")


def test_a_roll_is_a_chance_node_of_six_faces_and_clones_differ():
    s = walk_to(GAME.new_state(3, 7, chance="explicit"), lambda s: len(s.chance_outcomes()) == 6)
    assert s.to_move() == CHANCE and s.chance_outcomes() == [(i, 1 / 6) for i in range(6)]
    a, b = s.clone(), s.clone()
    a.apply(0)
    while a.is_chance_node():           # the jump's other dice, if any
        a.apply(0)
    b.apply(5)
    while b.is_chance_node():
        b.apply(5)
    # the outcomes chosen are the faces rolled: a die's face 0 and face 5 differ for every colour
    assert a.faces != b.faces and a.to_json() != b.to_json()
    assert a.to_move() == b.to_move() == s.owner(s.mv)
    c = s.clone()
    c.apply(0)
    while c.is_chance_node():
        c.apply(0)
    assert c.to_json() == a.to_json()       # the same outcomes, the same game: no hidden future
    assert s.to_json()["rng"] == 0


def test_an_action_card_draw_is_a_chance_node_over_the_cards_left():
    s = GAME.new_state(2, 3, {"advanced": True}, chance="explicit")
    assert s.deck == sorted(s.deck) and len(s.deck) == 24 - 2
    # a draw's outcomes are card effects (a die's only 0..5, and a draw of one kind is no node)
    node = walk_to(s, lambda s: set(o for o, _ in s.chance_outcomes()) == set(s.deck)
                   and Counter(s.deck) != Counter(range(6)), seed=2)
    n = len(node.deck)
    assert node.chance_outcomes() == [(c, k / n) for c, k in sorted(Counter(node.deck).items())]
    deck, card = list(node.deck), node.chance_outcomes()[-1][0]
    node.apply(card)
    while node.is_chance_node():        # further draws of the same action, if any
        node.apply(node.chance_outcomes()[0][0])
    assert (Counter(deck) - Counter(node.deck))[card] >= 1     # the card chance chose left the deck
    assert node.deck == sorted(node.deck)


def test_the_setup_is_the_seeds_and_the_sampled_mode_is_unchanged():
    for options in ({}, {"advanced": True}):
        sampled = GAME.new_state(4, 12, options)
        explicit = GAME.new_state(4, 12, options, chance="explicit")
        assert sampled.chance_mode == "sampled" and not sampled.is_chance_node()
        assert explicit.cards == sampled.cards and explicit.first_seat == sampled.first_seat
        assert explicit.tokens == sampled.tokens and explicit.hand == sampled.hand
        assert explicit.deck == sorted(sampled.deck)
        assert explicit.legal_actions() == sampled.legal_actions()


def test_a_saved_chance_node_loads_with_its_pending_roll():
    s = walk_to(GAME.new_state(2, 9, chance="explicit"), lambda s: True)
    back = GAME.state_from_json(s.to_json())
    assert back.is_chance_node() and back.chance_outcomes() == s.chance_outcomes()
    back.apply(2)
    s.apply(2)
    assert back.to_json() == s.to_json()
