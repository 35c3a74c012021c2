"""March on Mars in the explicit chance mode (core.chance): the marines' dice, the white die,
the sentinels' dice, every alien drawn from the bag and every equipment card drawn is a
chance node; the default sampled mode is the one the golden playthroughs record."""

from collections import Counter

import pytest
from mars_helpers import GAME, check_invariants

from cosmodrome.core import CHANCE, Rng
from cosmodrome.games.lunar.dice import COLOUR_NAMES, face_text
from cosmodrome.games.mars.state import BAG, DECK, LEFT
from cosmodrome.games.mars.text import ALIEN_NAMES
from cosmodrome.testing.conformance import play_checked


@pytest.mark.parametrize("players, seed, options", [
    (2, 1, {}), (3, 2, {"threat": "baby", "upgrades": "random"}), (4, 3, {"threat": "sergeant"}),
    (5, 4, {"threat": "exterminator", "upgrades": "random"}),
])
def test_conformance_in_the_explicit_mode(players, seed, options):
    s = play_checked(GAME, players, seed, options, every=3, check=check_invariants, chance="explicit")
    assert s.is_terminal() and s.chance_mode == "explicit" and len(set(s.returns())) == 1


def walk_to(what, players=3, seed=1, options=None, tries=40):
    """A chance node whose event starts with ``what``, met by playing random games."""
    for k in range(tries):
        s = GAME.new_state(players, seed + k, options or {}, chance="explicit")
        rng = Rng(seed + k)
        while not s.is_terminal():
            if s.is_chance_node() and s.rng.what.startswith(what):
                return s
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
    pytest.fail(f"no chance node for {what!r} met")


def resolve(s, pick):
    """Answer the pending chance nodes of ``s`` with ``pick(outcomes)``."""
    while s.is_chance_node():
        s.apply(pick(s.chance_outcomes())[0])
    return s


def test_a_marine_die_is_a_chance_node_over_its_faces():
    s = walk_to("the roll of the blue die")
    die = s.rng.what[len("the roll of the "):]
    faces = s.comp.faces[COLOUR_NAMES.index(die.split()[0])]
    assert s.to_move() == CHANCE and s.chance_outcomes() == [(f, k / 6) for f, k in sorted(Counter(faces).items())]
    assert [s.action_label(f) for f, _ in s.chance_outcomes()] == \
        [f"Chance: the {die} shows {face_text(f)}" for f in sorted(set(faces))]
    a, b = resolve(s.clone(), lambda o: o[0]), resolve(s.clone(), lambda o: o[-1])
    assert a.to_json() != b.to_json()
    assert resolve(s.clone(), lambda o: o[0]).to_json() == a.to_json()     # no hidden future
    assert s.to_json()["rng"] == 0


def test_the_white_die_sends_the_wave_chance_chooses():
    s = walk_to("the white die of the round", players=2)
    assert s.chance_outcomes() == [(0, 0.5), (1, 0.5)]           # outcome k: the die shows k + 1
    assert [s.action_label(o) for o in (0, 1)] == ["Chance: the white die shows 1: a wave on the left",
                                                   "Chance: the white die shows 2: a wave on the right"]
    left, right = resolve(s.clone(), lambda o: o[0]), resolve(s.clone(), lambda o: o[-1])
    assert left.to_json() != right.to_json()
    c, events = s.clone(), []
    while c.is_chance_node():        # the action's events come with its last outcome
        events = c.apply(0 if c.rng.what == "the white die of the round" else c.chance_outcomes()[0][0])
    shown = [e.data["white"] for e in events if e.kind == "white-die"]
    assert shown and set(shown) == {1}


#: a variant whose white die sends the wave left on a 2 and right on a 1 (RB: "Martian waves")
SWAPPED_WHITE = {"name": "swapped", "toml": '[waves.white_die]\nvalue = { left = 2, right = 1 }\nstatus = "assumed"\n'
                                           'source = "ours"\n'}


def test_a_variants_white_die_sends_the_wave_by_its_own_faces():
    s = walk_to("the white die of the round", players=3, options=GAME.resolve_options({"components": SWAPPED_WHITE}))
    assert [s.action_label(o) for o in (0, 1)] == ["Chance: the white die shows 2: a wave on the left",
                                                   "Chance: the white die shows 1: a wave on the right"]
    c, events = s.clone(), []
    while c.is_chance_node():
        events = c.apply(0 if c.rng.what == "the white die of the round" else c.chance_outcomes()[0][0])
    assert [e.data["white"] for e in events if e.kind == "white-die"] == [2]
    assert c.white_die == 2
    assert [e.data["side"] for e in events if e.kind == "wave" and "side" in e.data][-1] == LEFT


def test_an_alien_drawn_is_a_chance_node_over_the_bag():
    s = walk_to("the alien counter drawn from the bag")
    bag = s.aliens_at(BAG)
    # counters of one colour are identical copies: one outcome per colour in the bag (its
    # first counter), with its share
    colours = sorted({s.colour(i) for i in bag})
    assert len(colours) > 1
    expected = [(min(i for i in bag if s.colour(i) == c), sum(1 for i in bag if s.colour(i) == c) / len(bag))
                for c in colours]
    assert s.chance_outcomes() == sorted(expected)
    for i, _ in s.chance_outcomes():
        assert s.action_label(i) == f"Chance: a {ALIEN_NAMES[s.colour(i)]} alien (counter {i + 1}) comes out of the bag"
    first, last = s.chance_outcomes()[0][0], s.chance_outcomes()[-1][0]
    a, b = s.clone(), s.clone()
    a.apply(first)
    b.apply(last)
    resolve(a, lambda o: o[0])
    resolve(b, lambda o: o[0])
    assert a.alien_place[first] != BAG and a.to_json() != b.to_json()


def test_an_equipment_card_drawn_is_a_chance_node_over_the_deck():
    s = walk_to("the equipment card", players=3, options={"threat": "baby"})
    deck = [c for c, w in enumerate(s.equipment_place) if w == DECK]
    assert s.chance_outcomes() == [(c, 1 / len(deck)) for c in deck]
    who = s.rng.what[len("the equipment card "):-len(" draws")]
    assert who in [GAME.seat_name(m, 3) for m in range(3)]
    assert [s.action_label(c) for c in deck] == [f"Chance: {who} gets the {s.comp.equipment[c].name}" for c in deck]
    card = deck[-1]
    s.apply(card)
    resolve(s, lambda o: o[0])
    assert s.equipment_place[card] >= 0          # in the drawer's hand (or, later in the action, discarded)


def test_the_setup_is_the_seeds_and_the_sampled_mode_is_unchanged():
    for options in ({}, {"upgrades": "random", "threat": "baby"}):
        sampled = GAME.new_state(4, 12, options)
        explicit = GAME.new_state(4, 12, options, chance="explicit")
        assert sampled.chance_mode == "sampled" and not sampled.is_chance_node()
        assert explicit.to_json() == dict(sampled.to_json(), rng=0, chance={"pending": None, "given": []})
        assert explicit.legal_actions() == sampled.legal_actions()


def test_a_saved_chance_node_loads_with_its_pending_event():
    s = walk_to("the alien counter drawn from the bag")
    back = GAME.state_from_json(s.to_json())
    assert back.is_chance_node() and back.chance_outcomes() == s.chance_outcomes()
    outcome = s.chance_outcomes()[1][0]
    back.apply(outcome)
    s.apply(outcome)
    assert resolve(back, lambda o: o[0]).to_json() == resolve(s, lambda o: o[0]).to_json()
