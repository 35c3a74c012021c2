"""Explicit chance (core.chance): random events as chance nodes that search cannot peek at."""

import json
from collections import Counter

import pytest

import cosmodrome.testing.toy  # noqa: F401  (registers "pocket-race")
from cosmodrome.core import GameRecord, IllegalActionError, OptionError, RecordError, Rng, games, get_game
from cosmodrome.core.chance import ChanceNeeded, ExplicitChance, first_of_kind
from cosmodrome.testing.conformance import play_checked

#: the games that offer explicit chance today (all of the repository's); a game that only
#: samples inside the state goes in SAMPLED_ONLY until it adopts it.
EXPLICIT = {"pocket-race", "venus", "cosmic-run", "moon", "mars"}
SAMPLED_ONLY: set = set()
#: player counts to play in the explicit mode
PLAYERS = {"pocket-race": (2, 4), "venus": (2, 3, 5), "cosmic-run": (1, 2), "moon": (2, 5), "mars": (2, 5)}


def test_which_games_offer_explicit_chance():
    # the repository's games (test suites may register games of their own)
    flags = {g.name: g.explicit_chance for g in games() if type(g).__module__.startswith("cosmodrome.")}
    assert {n for n, f in flags.items() if f} == EXPLICIT
    assert {n for n, f in flags.items() if not f} == SAMPLED_ONLY
    for name in SAMPLED_ONLY:
        with pytest.raises(OptionError, match="offers no explicit chance yet"):
            get_game(name).new_state(2, 1, chance="explicit")


def test_a_game_without_explicit_chance_refuses_the_mode(monkeypatch):
    game = get_game("pocket-race")
    monkeypatch.setattr(game, "explicit_chance", False)
    with pytest.raises(OptionError, match="Pocket Race offers no explicit chance yet"):
        game.new_state(2, 1, chance="explicit")
    assert game.new_state(2, 1).chance_mode == "sampled"


def test_an_unknown_chance_mode_is_refused():
    with pytest.raises(OptionError, match="chance mode is one of sampled, explicit, not 'psychic'"):
        get_game("pocket-race").new_state(2, 1, chance="psychic")


@pytest.mark.parametrize("name", sorted(EXPLICIT))
def test_explicit_games_pass_the_conformance_check(name):
    """The protocol check of every game, in the explicit mode: chance nodes included (their
    outcomes, odds, refusals, JSON and clones), and the record replays."""
    for players in PLAYERS[name]:
        end = play_checked(get_game(name), players, seed=3, every=5, chance="explicit")
        assert end.is_terminal() and end.chance_mode == "explicit"


def first_chance_node(name, players, seed):
    s = get_game(name).new_state(players, seed, chance="explicit")
    rng = Rng(seed + 1)
    while not s.is_chance_node():
        assert not s.is_terminal()
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    return s


@pytest.mark.parametrize("name,players", [("pocket-race", 2), ("venus", 3), ("cosmic-run", 2), ("cosmic-run", 1),
                                          ("moon", 3), ("mars", 3)])
def test_clones_reach_different_outcomes_and_none_predicts_another(name, players):
    s = first_chance_node(name, players, seed=5)
    outcomes = s.chance_outcomes()
    assert len(outcomes) > 1
    a, b = s.clone(), s.clone()
    assert a.chance_outcomes() == b.chance_outcomes() == outcomes   # the same odds, no hidden future
    a.apply(outcomes[0][0])
    b.apply(outcomes[-1][0])
    assert a.to_json() != b.to_json()                                 # different outcomes were reachable
    # a clone's future is only what chance makes it: the same outcomes give the same game,
    # whatever clone they are played on, and the state holds no generator to consult
    c = s.clone()
    c.apply(outcomes[0][0])
    assert c.to_json() == a.to_json()
    assert "rng" not in json.dumps(s.view(0)) and s.to_json()["rng"] == 0


@pytest.mark.parametrize("name,players", [("pocket-race", 2), ("moon", 3)])
def test_a_chance_node_refuses_what_is_not_one_of_its_outcomes(name, players):
    s = first_chance_node(name, players, seed=5)
    outcomes = [o for o, _ in s.chance_outcomes()]
    before = s.to_json()
    shown = ", ".join(str(o) for o in outcomes[:12])
    missing = next(o for o in range(-1, max(outcomes) + 2) if o not in outcomes)
    # an int outside the list, the value of an outcome of another type, a string
    for bad in (missing, float(outcomes[0]), str(outcomes[0])):
        with pytest.raises(IllegalActionError) as refused:
            s.apply(bad)
        assert str(refused.value) == f"{bad!r} is not an outcome of this chance node ({s.rng.what}); outcomes: {shown}"
        assert s.to_json() == before
    s.apply(outcomes[-1])
    assert s.to_json() != before


def test_a_draw_is_a_chance_node_over_the_cards_left():
    s = get_game("pocket-race").new_state(2, 4, chance="explicit")
    deck = list(s.deck)
    assert deck == sorted(deck)            # the order of the pile is forgotten
    s.apply(9)                             # draw
    counts = Counter(deck)
    assert s.chance_outcomes() == [(v, c / len(deck)) for v, c in sorted(counts.items())]
    card = s.chance_outcomes()[0][0]
    seat = 0
    s.apply(card)
    assert sorted(s.deck + [card]) == deck and card in s.hands[seat]


def test_a_venus_draw_is_over_the_unseen_deck():
    s = get_game("venus").new_state(2, 2, chance="explicit")
    assert list(s.deck) == sorted(s.deck) and list(s.bag) == sorted(s.bag)   # bytearrays
    rng = Rng(9)
    for _ in range(5000):
        if s.is_chance_node() and (s.rng.what.endswith(" draws") or s.rng.what.startswith("the tile drawn")):
            pile = s.deck if set(o for o, _ in s.chance_outcomes()) <= set(s.deck) else s.bag
            n = len(pile)
            assert s.chance_outcomes() == [(c, k / n) for c, k in sorted(Counter(pile).items())]
            return
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    pytest.fail("no draw met")


def test_the_sampled_mode_is_unchanged_and_the_setup_is_the_seeds():
    sampled = get_game("venus").new_state(3, 11)
    explicit = get_game("venus").new_state(3, 11, chance="explicit")
    assert sampled.chance_mode == "sampled" and not sampled.is_chance_node() and sampled.chance_outcomes() == []
    assert explicit.chance_mode == "explicit"
    # the same cards; in the explicit mode every copy of a card takes its kind's first id
    canon = first_of_kind(sampled.comp.card_effects)
    assert explicit.hands == [tuple(canon[c] for c in h) for h in sampled.hands] and explicit.money == sampled.money
    assert list(explicit.deck) == sorted(canon[c] for c in sampled.deck)
    assert [[sampled.comp.card_effect(c) for c in h] for h in explicit.hands] == \
        [[sampled.comp.card_effect(c) for c in h] for h in sampled.hands]


def test_a_determinization_stays_explicit_and_keeps_the_view():
    s = get_game("venus").new_state(3, 4, chance="explicit")
    seat = s.to_move()
    d = s.resample(seat, Rng(1))
    assert d.chance_mode == "explicit" and d.view(seat) == s.view(seat)
    assert list(d.deck) == sorted(d.deck)
    node = first_chance_node("venus", 3, 4)
    with pytest.raises(ValueError, match="a chance node has no seat"):
        node.resample(0, Rng(1))


def test_bad_saved_chance_is_refused():
    s = first_chance_node("pocket-race", 2, 1)
    d = s.to_json()
    with pytest.raises(RecordError, match="'chance' needs a whole-number 'pending'"):
        get_game("pocket-race").state_from_json(dict(d, chance={"pending": "x", "given": []}))
    with pytest.raises(RecordError, match="chance"):
        GameRecord.from_json({"game": "pocket-race", "players": 2, "seed": 1, "chance": "psychic"})


@pytest.mark.parametrize("players,options", [(1, {"novice": True, "expert_mines": 2}),
                                             (2, {"side": "B", "friendly": True}),
                                             (2, {"rapid_fire": True})])
def test_cosmic_run_variants_in_the_explicit_mode(players, options):
    end = play_checked(get_game("cosmic-run"), players, 8, options, every=9, chance="explicit")
    assert end.is_terminal()


def test_a_game_names_its_chance_events_in_its_own_words():
    """``what`` and ``name`` become a chance node's prompt and outcome labels (the name is
    a function of the value the call returns); without them the words are generic; the
    sampled generator ignores them and draws the same."""
    with pytest.raises(ChanceNeeded) as need:
        ExplicitChance().choice(["red", "green", "blue"], "the colour card", lambda c: f"the {c} card comes up")
    assert need.value.what == "the colour card" and need.value.name(1) == "the green card comes up"
    with pytest.raises(ChanceNeeded) as need:
        ExplicitChance().randint(2, 7, "the white die", lambda v: f"the white die shows {v}")
    assert [o for o, _ in need.value.outcomes] == list(range(6)) and need.value.name(0) == "the white die shows 2"
    assert ExplicitChance(given=[3]).randint(2, 7, "the white die", str) == 5
    assert Rng(4).below(6, "the white die", str) == Rng(4).below(6)
    assert Rng(4).take([1, 2, 3], "a card", str) == Rng(4).take([1, 2, 3])
    # at a state: the game's words where it gave them, generic ones where it did not
    s = first_chance_node("pocket-race", 2, 1)
    outcome = s.chance_outcomes()[0][0]
    assert s.action_label(outcome) == f"Chance: outcome {outcome} of {s.rng.what}"
    moon = first_chance_node("moon", 2, 1)
    assert moon.rng.what.startswith("the roll of the ") and moon.decision_prompt() == f"Chance decides {moon.rng.what}."
    labels = [moon.action_label(o) for o, _ in moon.chance_outcomes()]
    assert all(label.startswith("Chance: the ") and " shows " in label for label in labels)
    assert len(set(labels)) == len(labels)
    assert moon.action_json(outcome := moon.chance_outcomes()[0][0])["label"] == moon.action_label(outcome)


@pytest.mark.parametrize("name,players,options", [("venus", 3, {}), ("cosmic-run", 2, {}),
                                                  ("cosmic-run", 1, {"expert_mines": 2}),
                                                  ("moon", 3, {"advanced": True}),
                                                  ("mars", 3, {"threat": "baby", "upgrades": "random"})])
def test_every_game_names_its_chance_events(name, players, options):
    """Every chance node a random game meets is named in the game's words (no generic
    prompt or label), each label starting with "Chance: " and saying one outcome."""
    s = get_game(name).new_state(players, 6, options, chance="explicit")
    rng, events = Rng(6), set()
    while not s.is_terminal():
        if s.is_chance_node():
            assert not s.rng.what.startswith(("a uniform pick", "a draw from")), s.rng.what
            assert s.decision_prompt() == f"Chance decides {s.rng.what}."
            labels = [s.action_label(o) for o, _ in s.chance_outcomes()]
            assert len(set(labels)) == len(labels)        # OpenSpiel needs them distinct
            for label in labels:
                assert label.startswith("Chance: ") and " of " + s.rng.what not in label
            events.add(s.rng.what)
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    assert len(events) >= 2          # several kinds of event met


def test_a_secret_draw_is_labelled_by_the_card_alone():
    """A Venus draw is secret to the others, but at the chance node the outcome is the card:
    its label names the drawer and that card, nothing of the hands or the deck's order."""
    from cosmodrome.games.venus.state import SHORT
    from cosmodrome.games.venus.text import card_name
    s = first_chance_node("venus", 3, 5)
    rng = Rng(3)
    while not s.rng.what.endswith(" draws"):
        s.apply(s.legal_actions()[rng.below(len(s.legal_actions()))])
    who = s.rng.what[len("the card "):-len(" draws")]
    assert who in SHORT
    kinds = Counter(card_name(s, c) for c, _ in s.chance_outcomes())
    for c, _ in s.chance_outcomes():
        assert s.action_label(c) == f"Chance: {who} draws {card_name(s, c)}"
    # identical copies are one outcome, with their share of the deck
    assert max(kinds.values()) == 1
    deck = Counter(s.deck)
    assert s.chance_outcomes() == [(c, deck[c] / len(s.deck)) for c in sorted(deck)] and max(deck.values()) > 1


@pytest.mark.parametrize("name", ["venus", "cosmic-run", "moon", "mars"])
def test_a_suspended_action_goes_on_as_a_replay_would(name):
    """An action stopped at a chance event waits in a worker (no replay from its start): its
    outcome gives the same state and events as on a clone of the chance node (which replays
    the action), through the deal and a game; a chance node dropped while its action waits
    leaves nothing behind."""
    import cosmodrome.core.chance as chance
    assert chance._greenlet is not None             # the dependency is there
    game = get_game(name)
    s, rng, waited = game.deal_state(2), Rng(11), 0
    for _ in range(400):
        if s.is_terminal():
            break
        if s.is_chance_node():
            waited += s.rng.cont is not None
            outcomes = s.chance_outcomes()
            o = outcomes[rng.below(len(outcomes))][0]
            twin = s.clone()
            assert twin.rng.cont is None                    # a clone replays
            got, want = s.apply(o), twin.apply(o)
            assert json.dumps(s.to_json(), sort_keys=True) == json.dumps(twin.to_json(), sort_keys=True)
            assert [e.text for e in got] == [e.text for e in want]
            if s.is_chance_node():
                s.clone().apply(s.chance_outcomes()[0][0])  # a dropped twin at a chance node
        else:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
    assert waited > 0


def test_a_draw_by_kinds_from_bytes_counts_as_the_general_path():
    """A pile of bytes with a kinds table is counted in C (``_multiset_bytes``): the same
    outcomes, probabilities and order as the general path (the table read item by item)."""
    import random

    from cosmodrome.core.chance import _multiset

    kinds = ("a", "b", "a", ("x", 1), "c", "b", ("x", 1), "d", "a")
    rng = random.Random(7)
    for _ in range(300):
        pile = bytearray(rng.randrange(len(kinds)) for _ in range(rng.randrange(1, 40)))
        if rng.random() < 0.5:
            pile = bytearray(sorted(pile))
        assert _multiset(pile, kinds) == _multiset(list(pile), kinds.__getitem__)
        assert _multiset(bytes(pile), kinds) == _multiset(list(pile), kinds.__getitem__)


def test_draws_from_a_pile_of_bytes_keep_its_outcomes_exactly():
    """The outcomes of a draw from a pile of bytes are kept by the pile's contents and, once
    an outcome is drawn, updated for the next draw (``_Pile``): at every draw they are the
    outcomes counted afresh (ids, probabilities, order), with or without a kinds table, the
    kind of the item drawn emptied or not, its first item drawn and replaced by the next."""
    import random

    from cosmodrome.core.chance import _multiset

    kinds = ("a", "b", "a", ("x", 1), "c", "b", ("x", 1), "d", "a", "c", "b")
    rng = random.Random(11)
    asked = []

    class Answering(ExplicitChance):     # answers each event at once, as a worker resumed does
        __slots__ = ()

        def _next(self, outcomes, what, name=None, seen_by=None):
            asked.append(outcomes)
            return outcomes[rng.randrange(len(outcomes))][0]

    for trial in range(300):
        kind = kinds if trial % 2 else None
        pile = bytearray(rng.randrange(len(kinds)) for _ in range(rng.randrange(2, 30)))
        if rng.random() < 0.5:
            pile = bytearray(sorted(pile))
        ch = Answering()
        while pile:
            before = list(pile)
            expected = _multiset(list(pile), None if kind is None else kind.__getitem__)
            del asked[:]
            v = ch.take(pile, kind=kind)
            if len(expected) == 1:
                assert not asked and v == expected[0][0]
            else:
                assert asked == [expected] and v in [o for o, _ in expected]
            assert sorted(list(pile) + [v]) == sorted(before)
