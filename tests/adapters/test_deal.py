"""The honest deal: the explicit chance mode deals the set-up item by item (Game.deal_state),
identical copies one outcome, each item seen by the seats the rules say, so a seat's
information state right after the deal says nothing of another seat's hand."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel")

import cosmodrome.games  # noqa: F401,E402
from cosmodrome.adapters import openspiel as osa  # noqa: E402
from cosmodrome.core import get_game  # noqa: E402
from cosmodrome.core.errors import RecordError  # noqa: E402
from cosmodrome.testing import toy  # noqa: E402,F401

#: (game, players, options): every game of the repository and the test game
GAMES = [("venus", 2, {}), ("venus", 4, {}), ("cosmic-run", 2, {}), ("cosmic-run", 1, {"expert_mines": 2}),
         ("moon", 3, {}), ("moon", 2, {"advanced": True}), ("mars", 3, {"upgrades": "random"}),
         ("pocket-race", 3, {})]
#: the games whose set-up deals something one seat sees and another does not
HIDDEN = [("venus", 2, {}), ("venus", 4, {}), ("moon", 2, {"advanced": True}), ("pocket-race", 3, {})]


def _seen_by(state, seat):
    who = state.core.chance_seen_by()
    return who is None or seat in who


def _twin_deals(name, players, options, seed):
    """Two pyspiel states dealt alike except at the nodes seat 0 does not see, where the
    second takes another outcome whenever there is one; returns them after the deal."""
    game = osa.load_game(name, players=players, **options)
    a, b = game.new_initial_state(), game.new_initial_state()
    rng, differ = random.Random(seed), 0
    while a.core.is_dealing():
        assert b.core.is_dealing()
        outs = [o for o, _ in a.chance_outcomes()]
        pick = rng.choice(outs)
        a.apply_action(pick)
        if _seen_by(b, 0):
            b.apply_action(pick)
        else:
            other = [o for o, _ in b.chance_outcomes() if o != pick]
            b.apply_action(rng.choice(other) if other else pick)
            differ += bool(other)
    assert not b.core.is_dealing()
    return a, b, differ


@pytest.mark.parametrize("name,players,options", HIDDEN)
def test_a_seat_learns_nothing_of_another_hand_from_the_deal(name, players, options):
    for seed in range(3):
        a, b, differ = _twin_deals(name, players, options, seed)
        assert differ and a.core.to_json() != b.core.to_json()       # the hidden deals differ
        assert a.information_state_string(0) == b.information_state_string(0)
        assert a.information_state_tensor(0) == b.information_state_tensor(0)
        assert a.observation_string(0) == b.observation_string(0)
        assert a.observation_tensor(0) == b.observation_tensor(0)
        # ...and the seats that were dealt differently do see it
        assert any(a.information_state_string(p) != b.information_state_string(p) for p in range(1, players))


@pytest.mark.parametrize("name,players,options", GAMES)
def test_the_set_up_is_chance_nodes_with_copies_merged(name, players, options):
    """Every item of the set-up is a chance node of its own; its outcomes are distinct (no
    label needs an outcome id to tell two apart) and their probabilities sum to 1; a random
    explicit game played on keeps merging copies."""
    game = get_game(name)
    rng = random.Random(5)
    s = game.deal_state(players, options)
    nodes = 0
    for _ in range(4000):
        if s.is_terminal():
            break
        if s.is_chance_node():
            outs = s.chance_outcomes()
            nodes += s.is_dealing()
            assert abs(sum(p for _, p in outs) - 1.0) < 1e-9 and len(outs) > 1
            labels = [s.action_label(o) for o, _ in outs]
            assert not any("(outcome" in t for t in labels), labels
            o = rng.choices([o for o, _ in outs], [p for _, p in outs])[0]
        else:
            o = rng.choice(s.legal_actions())
        s.apply(o)
    assert 1 < nodes <= game.max_deal_nodes(players, options) + game.max_chance_nodes(players, options)


def test_a_venus_draw_offers_one_outcome_per_card_kind():
    from cosmodrome.games.venus.components import load_components
    comp, s = load_components(), get_game("venus").deal_state(2)
    outs = s.chance_outcomes()                  # the first card dealt to Britain
    deck = range(len(comp.deck_effects))
    assert len(outs) == len({comp.card_effect(c) for c in deck}) < len(deck)
    assert s.chance_seen_by() == frozenset({0})
    # a card's share is its copies in the deck
    copies = sum(1 for c in deck if comp.card_effect(c) == comp.card_effect(outs[0][0]))
    assert outs[0][1] == pytest.approx(copies / len(deck))


@pytest.mark.parametrize("name,players,options", GAMES)
def test_a_state_being_dealt_round_trips(name, players, options):
    game = get_game(name)
    s = game.deal_state(players, options)
    rng = random.Random(2)
    for _ in range(3):
        if s.is_dealing():
            s.apply(rng.choice([o for o, _ in s.chance_outcomes()]))
    if s.is_dealing():
        back = game.load_state(s.to_json())
        assert back.to_json() == s.to_json() and back.chance_outcomes() == s.chance_outcomes()
        assert back.is_dealing() and s.clone().to_json() == s.to_json()
    spiel = osa.load_game(name, players=players, **options)
    st = spiel.new_initial_state()
    while st.is_chance_node():
        st.apply_action(st.chance_outcomes()[-1][0])
        again = spiel.deserialize_state(st.serialize())
        assert again.core.to_json() == st.core.to_json() and again.history() == st.history()
        assert again.information_state_string(0) == st.information_state_string(0)


def test_a_bad_saved_deal_is_refused():
    game = get_game("pocket-race")
    data = game.deal_state(2).to_json()
    data["chance"]["given"] = [42]
    with pytest.raises(RecordError, match="deal does not replay"):
        game.load_state(data)


def test_pyspiel_random_sim_test_with_the_deal():
    import pyspiel
    for name, players, options in GAMES[:1] + GAMES[-1:]:
        game = osa.load_game(name, players=players, **options)
        pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_venus_look_and_swap_with_copies_sharing_an_id():
    """In the explicit mode identical copies share an id: giving back after a look-and-swap
    must still work when the hand holds another copy of the card just taken."""
    from cosmodrome.games.venus.flow import A_CARD
    game, met = get_game("venus"), 0
    for seed in range(200):
        rng, s = random.Random(seed), game.deal_state(2)
        while not s.is_terminal():
            if s.is_chance_node():
                outs = s.chance_outcomes()
                s.apply(rng.choices([o for o, _ in outs], [p for _, p in outs])[0])
                continue
            if s.decision_kind() == "look_give":
                frame = s.stack[-1]
                twin = s.hands[frame.seat].count(frame.card) > 1      # another copy of the card taken
                met += twin
                before = sorted(s.hands[frame.seat] + s.hands[frame.owner])
                # give back a copy of the very card taken: legal, there being another copy
                s.apply(A_CARD + s.comp.card_effect(frame.card) if twin else rng.choice(s.legal_actions()))
                assert sorted(s.hands[frame.seat] + s.hands[frame.owner]) == before
                continue
            s.apply(rng.choice(s.legal_actions()))
        if met:
            break
    assert met


def test_a_venus_draw_after_a_seeded_set_up_merges_copies_too():
    game = get_game("venus")
    s = game.new_state(2, 3, chance="explicit")
    rng = random.Random(1)
    while not (s.is_chance_node() and "card" in s.rng.what and "draws" in s.rng.what):
        s.apply(rng.choice(s.chance_outcomes())[0] if s.is_chance_node() else rng.choice(s.legal_actions()))
    labels = [s.action_label(o) for o, _ in s.chance_outcomes()]
    assert len(set(labels)) == len(labels) and not any("(outcome" in t for t in labels)
