"""The four games call the same thing by the same name (issue #28): each concept below is one
field, under one name, in every state's ``FIELDS`` that has it, whatever key its saves keep."""

from __future__ import annotations

import pytest

from cosmodrome.core.fields import saved_key
from cosmodrome.games.cosmic_run.state import FIELDS as COSMIC_RUN
from cosmodrome.games.mars.state import FIELDS as MARS
from cosmodrome.games.moon.state import FIELDS as MOON
from cosmodrome.games.venus.state import FIELDS as VENUS

GAMES = {"venus": VENUS, "cosmic_run": COSMIC_RUN, "moon": MOON, "mars": MARS}

#: per concept: the one name, and per game the key its saves hold the field under
CONCEPTS = {
    # the seat (the Moon: the astronaut) whose turn or decision it is
    "acting": {"venus": "cur", "cosmic_run": "seat", "moon": "cur", "mars": "cur"},
    # how the game ended (the Moon keeps no cause: its race ends one way)
    "end_cause": {"venus": "end_cause", "cosmic_run": "end", "mars": "end"},
    # the first player (Cosmic Run's round captain and Mars's turns chosen each round are other things)
    "first_seat": {"venus": "first", "moon": "first_seat"},
    # what is still to happen: Venus's frames of its rules engine, the Moon's steps after a jump
    "stack": {"venus": "stack", "moon": "pending"},
}


@pytest.mark.parametrize("name", sorted(CONCEPTS))
def test_one_concept_one_name_in_every_game(name):
    keys = CONCEPTS[name]
    found = {game: {saved_key(row): row[0] for row in GAMES[game]}.get(key) for game, key in keys.items()}
    assert found == dict.fromkeys(keys, name)


@pytest.mark.parametrize("name", sorted(CONCEPTS))
def test_no_game_keeps_an_old_name_of_a_concept_for_a_field(name):
    """The old names are no field's name any more (a save may still hold them as keys)."""
    old = set(CONCEPTS[name].values()) - {name}
    assert not [(game, row[0]) for game, rows in GAMES.items() for row in rows if row[0] in old]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_field_says_what_it_holds(game):
    """Each row of a state's table carries its comment, or a comment line right above heads its
    group (the Moon's deck, discard, hand and asks)."""
    import importlib
    import inspect

    src = inspect.getsource(importlib.import_module(f"cosmodrome.games.{game}.state"))
    lines = src[src.index("FIELDS = ("):].splitlines()
    bare = [line.split('"')[1] for k, line in enumerate(lines[:len(GAMES[game]) + 20])
            if line.strip().startswith('("') and "#" not in line
            and not any(x.strip().startswith("#") for x in lines[max(k - 4, 0):k])]
    assert bare == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_records_an_event_through_say_and_none_has_a_method_log(game):
    """One name for recording an event: each state's ``say(kind, text, ...)`` (Onward to Venus's
    ``log`` is its saved list of events, no method)."""
    from cosmodrome.core.registry import get_game

    state = get_game(game.replace("_", "-")).new_state(2, 1)
    before = len(state.ev)
    state.say("named", "a sentence")
    assert [(e.kind, e.text) for e in state.ev[before:]] == [("named", "a sentence")]
    assert not callable(getattr(state, "log", None))


@pytest.mark.parametrize("game", sorted(GAMES) + ["pocket-race"])
def test_every_game_and_the_example_say_one_signature(game):
    """``say(kind, text, data, visible_to, hidden, chance)``: an ``Event``'s arguments in its
    order, the same in the four games and the worked example (docs/ARCHITECTURE.md,
    "Recording events"): the same call records the same event in each; an event read by one
    seat is one call of it."""
    import cosmodrome.testing.toy  # noqa: F401  (registers the worked example)
    from cosmodrome.core.registry import get_game

    state = get_game(game.replace("_", "-")).new_state(2, 1)
    before = len(state.ev)
    state.say("secret", "Seat 1 draws a 7.", {"seat": 0}, frozenset((0,)), "Seat 1 draws a card.", chance=True)
    state.say("plain", "A sentence.")
    got = [(e.kind, e.text, e.data, e.visible_to, e.hidden_text, e.chance) for e in state.ev[before:]]
    assert got == [("secret", "Seat 1 draws a 7.", {"seat": 0}, frozenset((0,)), "Seat 1 draws a card.", True),
                   ("plain", "A sentence.", {}, None, None, False)]
