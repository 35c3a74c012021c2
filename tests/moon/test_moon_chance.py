"""Walking on the Moon in the explicit chance mode (core.chance): every die roll and every
action card drawn is a chance node; the default sampled mode is the one the golden
playthroughs record."""

from collections import Counter

import pytest
from moon_helpers import check_invariants

from cosmodrome.core import CHANCE, Rng
from cosmodrome.games.lunar.dice import COLOUR_NAMES, face_text
from cosmodrome.games.moon import GAME
from cosmodrome.games.moon.text import CARD_TEXT
from cosmodrome.testing.conformance import play_checked


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


def resolve(s, pick):
    """Answer the pending chance nodes of ``s`` with ``pick(outcomes)``."""
    while s.is_chance_node():
        s.apply(pick(s.chance_outcomes())[0])
    return s


@pytest.mark.parametrize("colour", range(3))
def test_a_roll_is_a_chance_node_over_the_die_faces_and_clones_differ(colour):
    """A die's outcomes are its distinct faces, each with its share of the six, named in the
    game's words; two clones of the node reach different faces."""
    name = COLOUR_NAMES[colour]
    s = walk_to(GAME.new_state(3, 7, chance="explicit"), lambda s: s.rng.what.startswith(f"the roll of the {name}"))
    faces = GAME.new_state(3, 7).comp.faces[colour]
    assert s.to_move() == CHANCE and s.decision_kind() == "chance"
    assert s.chance_outcomes() == [(f, k / 6) for f, k in sorted(Counter(faces).items())]
    die = s.rng.what[len("the roll of "):]
    assert s.decision_prompt() == f"Chance decides the roll of {die}."
    assert [s.action_label(f) for f, _ in s.chance_outcomes()] == \
        [f"Chance: {die} shows {face_text(f)}" for f in sorted(set(faces))]
    a, b = resolve(s.clone(), lambda o: o[0]), resolve(s.clone(), lambda o: o[-1])
    assert a.faces != b.faces and a.to_json() != b.to_json()
    assert a.to_move() == b.to_move() == s.owner(s.mover)
    # the same outcomes give the same game on any clone: no hidden future
    assert resolve(s.clone(), lambda o: o[0]).to_json() == a.to_json()
    assert s.to_json()["rng"] == 0


def test_an_action_card_draw_is_a_chance_node_over_the_cards_left():
    s = GAME.new_state(2, 3, {"advanced": True}, chance="explicit")
    assert s.deck == sorted(s.deck) and len(s.deck) == 24 - 2
    node = walk_to(s, lambda s: s.rng.what.startswith("the action card"), seed=2)
    n = len(node.deck)
    assert node.chance_outcomes() == [(c, k / n) for c, k in sorted(Counter(node.deck).items())]
    # named in the game's words: who draws, and the card drawn (no other card, no order)
    who = node.rng.what[len("the action card "):-len(" draws")]
    assert who in [GAME.seat_name(p, 2) for p in range(2)]
    assert [node.action_label(c) for c, _ in node.chance_outcomes()] == \
        [f"Chance: {who} draws {CARD_TEXT[node.comp.actions[c].effect][0]}" for c in sorted(set(node.deck))]
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
