"""The ``components`` option of Walking on the Moon: a variant file replacing entries of the
component data (here the faces of the dice, sheet §2.4), and a variant the game cannot take
refused with a sentence naming the fault."""

from __future__ import annotations

import pytest
from moon_helpers import GAME, random_game

from cosmodrome.core import DataError
from cosmodrome.games.moon import jumps

#: the blue dice show only 3s (printed: 1, 1, 2, 2, 3, 3)
ALL_THREES = {"name": "blue threes", "toml": (
    '[dice.faces]\nvalue = { blue = ["3", "3", "3", "3", "3", "3"], white = ["1", "1", "1", "2", "2", "2"], '
    'black = ["1", "1", "1", "2", "2", "2!"] }\nstatus = "assumed"\nsource = "ours"\n')}


def blue_rolls(monkeypatch, options) -> list[int]:
    """The faces the blue dice showed in a random game of seed 4."""
    seen = []

    def recording(rng, faces, die):
        face = roll_face(rng, faces, die)
        if "blue" in die:
            seen.append(face)
        return face

    roll_face = jumps.roll_face
    monkeypatch.setattr(jumps, "roll_face", recording)
    random_game(3, 4, options=GAME.resolve_options(options))
    return seen


def test_a_variant_changes_the_faces_of_the_dice(monkeypatch):
    printed = blue_rolls(monkeypatch, {})
    varied = blue_rolls(monkeypatch, {"components": ALL_THREES})
    assert printed and set(printed) != {3}
    assert varied and set(varied) == {3}


@pytest.mark.parametrize("toml, words", [
    ('[dice.faces]\nvalue = { blue = ["4", "3", "3", "3", "3", "3"], white = ["1", "1", "1", "2", "2", "2"], '
     'black = ["1", "1", "1", "2", "2", "2!"] }\nstatus = "assumed"\n', "dice.faces.blue: a face is '1', '2', '3'"),
    ('[dice.faces]\nvalue = { blue = ["3"] }\nstatus = "assumed"\n', "dice.faces.blue must list six faces"),
    # the dice per colour are the game's six dice (the action ids name each): not silently ignored
    ('[dice.colours]\nvalue = { blue = 3, white = 2, black = 1 }\nstatus = "assumed"\n',
     "dice.colours must be blue = 2, white = 2, black = 2: the six dice of the game"),
    ('[counts.dice]\nvalue = { normal = 7, handicap = 3, accident = 2, most = 6 }\nstatus = "assumed"\n',
     "counts.dice.normal must be a whole number from 1 to 6, not 7"),
    ('[counts.dice]\nvalue = { normal = 2, handicap = 3, accident = 2, most = 6 }\nstatus = "assumed"\n',
     "accident <= handicap <= normal <= most"),
    ('[dices]\n', "unknown section [dices]"),
    ('[[cards]]\nname = "Flat"\n', "card 1 needs a status"),
])
def test_a_bad_variant_is_refused_with_a_sentence(toml, words):
    with pytest.raises(DataError) as err:
        GAME.new_state(2, 1, GAME.resolve_options({"components": {"toml": toml, "name": "bad"}}))
    assert words in str(err.value)
