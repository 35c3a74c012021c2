"""Every bot decides only from what its seat may see.

Two states that differ only in what the seat to move cannot see (other hands, deck order,
the random state) must get the same decision from bots built with the same seed. The second
state is made by ``resample`` for the deciding seat (which redraws exactly the unseen), and,
for the toy game, by editing the saved JSON by hand."""

from __future__ import annotations

import pytest
from bots_helpers import GAMES, game_or_skip, mid_game_states

from cosmodrome.bots import make_bot
from cosmodrome.core import Rng, get_game

SPECS = ["random", "ismcts:iters=40,depth=40,opp=search,paired=0", "ismcts:iters=30,depth=3,opp=search",
         "ismcts:iters=30,dets=3,cut=turn,depth=12,opp=search", "ismcts:iters=12", "ismcts:iters=12,paired=0,turns=2",
         "heuristic"]


def twin(state, seed):
    """A state the seat to move cannot tell from ``state`` (checked), that differs from it."""
    me = state.to_move()
    other = state.resample(me, Rng(seed))
    assert other.view(me) == state.view(me)
    assert other.information_state_string(me) == state.information_state_string(me)
    assert other.legal_actions() == state.legal_actions()
    return other


def decide(spec, game, state, seed):
    return make_bot(spec, game, seed).choose(state)


CASES = [(name, spec) for name in GAMES for spec in SPECS
         if not (spec == "heuristic" and name == "pocket-race")]  # the test game has no heuristic


@pytest.mark.parametrize("name, spec", CASES)
def test_decisions_depend_only_on_the_seats_information(name, spec):
    game = get_game(name)
    differing = 0
    for players in sorted({game.min_players, min(game.max_players, 3)}):
        for state in mid_game_states(game, players, seed=players * 7 + 1, count=4):
            for k in range(2):
                other = twin(state, 100 + k)
                if other.to_json() != state.to_json():
                    differing += 1
                for bot_seed in (1, 2):
                    assert decide(spec, game, state, bot_seed) == decide(spec, game, other, bot_seed), \
                        (name, spec, players, k, bot_seed)
    assert differing > 0, "the twins never differed: the test would prove nothing"


def test_hand_edited_twin_pocket_race():
    """Swap the opponent's hand with deck cards and change the random state by hand."""
    game = get_game("pocket-race")
    s = game.new_state(3, seed=11)
    s.apply(9)  # seat 0 draws
    data = s.to_json()
    me = s.to_move()
    d2 = dict(data)
    deck = list(data["deck"])
    hands = [list(h) for h in data["hands"]]
    # give seat (me+1) two cards from the deck and put its old hand back into the deck
    victim = (me + 1) % 3
    new_hand = sorted(deck[:2])
    deck = deck[2:] + hands[victim]
    deck.reverse()
    hands[victim] = new_hand
    d2.update(deck=deck, hands=hands, rng=data["rng"] ^ 0x5DEECE66D)
    other = game.state_from_json(d2)
    assert other.view(me) == s.view(me) and other.to_json() != s.to_json()
    for spec in ("random", "ismcts:iters=200"):
        for seed in range(4):
            assert decide(spec, game, s, seed) == decide(spec, game, other, seed)


@pytest.mark.parametrize("name", GAMES)
def test_resample_depends_only_on_the_seats_information(name):
    """What the ISMCTS bot relies on: a determinization is a function of the seat's
    information set and the generator, not of the hidden truth it replaces."""
    game = game_or_skip(name)
    for state in mid_game_states(game, game.min_players, seed=3, count=4):
        me = state.to_move()
        other = twin(state, 77)
        a = state.resample(me, Rng(5)).to_json()
        b = other.resample(me, Rng(5)).to_json()
        assert a == b
