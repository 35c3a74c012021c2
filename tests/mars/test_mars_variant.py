"""The ``components`` option of March on Mars: a variant file replacing entries of the
component data (here the hits an alien needs, RB "Can I kill the aliens?"), and a variant
the game cannot take refused with a sentence naming the fault."""

from __future__ import annotations

import pytest
from mars_helpers import GAME, alien, bare, col_of, rolled

from cosmodrome.core import DataError, OptionError
from cosmodrome.games.mars.state import A_SHOOT, DEAD, LZ


def hits(yellow=1, blue=2, red=3) -> dict:
    return {"name": "tough aliens", "toml": f"[aliens.hits]\nvalue = {{ yellow = {yellow}, blue = {blue}, "
                                            f"red = {red} }}\nstatus = \"assumed\"\nsource = \"ours\"\n"}


def shot_at_blue(**options) -> bool:
    """Whether two 2s (two hits) at range 2 kill a blue alien."""
    s = bare(3, **options)
    c = col_of(s, LZ, 0)
    s.column[0], s.level[0] = c, 1
    target = alien(s, 1, c + 2)            # a blue alien (colours: yellow, blue, red)
    rolled(s, 0, {0: 2, 1: 2})
    s.apply(A_SHOOT + (0 * 4 + 2) * 4 + 1)
    return s.alien_place[target] == DEAD


def test_a_variant_changes_the_hits_an_alien_needs():
    assert shot_at_blue()                                   # printed: a blue alien needs 2 hits
    assert shot_at_blue(components=hits(blue=2))
    assert not shot_at_blue(components=hits(blue=3))        # the variant's blue alien needs 3
    assert GAME.new_state(2, 1, GAME.resolve_options({"components": hits(blue=3)})).comp.hits == (1, 3, 3)


def test_a_variant_file_on_disk(tmp_path):
    path = tmp_path / "tough.toml"
    path.write_text(hits(blue=4)["toml"], encoding="utf-8")
    assert GAME.new_state(2, 1, GAME.resolve_options({"components": str(path)})).comp.hits == (1, 4, 3)


@pytest.mark.parametrize("toml, words", [
    (hits(blue=0)["toml"], "aliens.hits.blue must be a whole number from 1 to 12, not 0"),
    (hits(blue='"two"')["toml"], "aliens.hits.blue must be a whole number from 1 to 12, not 'two'"),
    ("[alien.hits]\nvalue = 1\nstatus = \"fact\"\n", "unknown section [alien]"),
    ("[aliens.hit]\nvalue = 1\nstatus = \"fact\"\n", "unknown entry [aliens.hit]"),
    ("[aliens.hits]\nvalue = [", "is not valid TOML"),
    ("[counts.dice]\nvalue = { marine = 4, crashed = 5, actions = 3, nuke = 4, nuke_target = 9 }\n"
     "status = \"assumed\"\n",
     "counts.dice.crashed must be a whole number from 1 to 4, not 5"),
    # the combat card prints three actions and the programming ids pack three per die
    ("[counts.dice]\nvalue = { marine = 5, crashed = 2, actions = 4, nuke = 4, nuke_target = 9 }\n"
     "status = \"assumed\"\n",
     "counts.dice.actions must be a whole number from 1 to 3, not 4"),
    ("[counts.dice]\nvalue = { marine = 2, crashed = 2, actions = 3, nuke = 4, nuke_target = 9 }\n"
     "status = \"assumed\"\n",
     "counts.dice.actions must be a whole number from 1 to 2, not 3"),
    ("[waves.white_die]\nvalue = { left = 2, right = 2 }\nstatus = \"assumed\"\n",
     "waves.white_die needs two different faces, not 2 for both sides"),
    ("[waves.white_die]\nvalue = { left = 1, right = 7 }\nstatus = \"assumed\"\n",
     "waves.white_die.right must be a whole number from 1 to 6, not 7"),
    ("[counts.injector]\nvalue = { injected = 7, tired = 3 }\nstatus = \"assumed\"\n",
     "counts.injector.injected must be a whole number from 1 to 6, not 7"),
    ("[counts.injector]\nvalue = { injected = 6, tired = 0 }\nstatus = \"assumed\"\n",
     "counts.injector.tired must be a whole number from 1 to 6, not 0"),
    ('[dice.faces]\nvalue = { blue = ["1", "1", "2", "2", "3"], white = ["1", "1", "1", "2", "2", "2"], '
     'black = ["1", "1", "1", "2", "2", "2!"] }\nstatus = "assumed"\n', "blue must list six faces"),
])
def test_a_bad_variant_is_refused_with_a_sentence(toml, words):
    with pytest.raises(DataError) as err:
        GAME.new_state(2, 1, GAME.resolve_options({"components": {"toml": toml, "name": "bad"}}))
    assert words in str(err.value)


def test_the_option_takes_a_path_or_the_content_only():
    with pytest.raises(OptionError):
        GAME.resolve_options({"components": 7})
    with pytest.raises(DataError, match="cannot read the variant file 'nowhere.toml'"):
        GAME.new_state(2, 1, GAME.resolve_options({"components": "nowhere.toml"}))


def test_the_nukes_labels_read_this_games_dice_and_target():
    """The nuke's and Kamikaze's menu lines name the variant's dice and sum (RB: "How we win?",
    Special training), not the printed 4 dice and 9."""
    from cosmodrome.games.mars.actions import to_json
    from cosmodrome.games.mars.state import A_KAMIKAZE, A_NUKE
    dice = {"name": "bigger bomb", "toml": "[counts.dice]\nvalue = { marine = 4, crashed = 2, actions = 3, "
                                           "nuke = 5, nuke_target = 12 }\nstatus = \"assumed\"\nsource = \"ours\"\n"}
    printed, varied = bare(3), bare(3, components=dice)
    assert to_json(printed, A_NUKE)["label"] == "set off the nuke (4 dice, 9 or more)"
    assert to_json(varied, A_NUKE)["label"] == "set off the nuke (5 dice, 12 or more)"
    assert "with 5 dice" in to_json(printed, A_KAMIKAZE)["label"]
    assert "with 6 dice" in to_json(varied, A_KAMIKAZE)["label"]


def test_a_variant_changes_the_injectors_dice():
    """The dice of the injected turn and of the marine's next turn are the data's (RB: Special
    training, Power-up injector: six, then three as printed)."""
    from cosmodrome.games.mars import turn
    from cosmodrome.games.mars.actions import to_json
    from cosmodrome.games.mars.state import A_INJECT, A_SEAT, INJECTOR
    from cosmodrome.games.mars.text import _marine_help
    milder = {"name": "milder injector", "toml": "[counts.injector]\nvalue = { injected = 5, tired = 2 }\n"
                                                 "status = \"assumed\"\nsource = \"ours\"\n"}
    s = bare(2, components=milder)
    s.column[0], s.level[0] = col_of(s, LZ, 0), 1
    s.training[0] = INJECTOR
    s.apply(A_SEAT + 0)
    assert to_json(s, A_INJECT)["label"] == "power-up injector: 5 dice this turn, 2 next turn"
    s.apply(A_INJECT)
    assert s.dice_count == 5
    turn.finish_turn(s)
    turn.begin_turn(s, 0)
    assert s.dice_count == 2
    assert _marine_help(s.comp)["tired"] == "After the power-up injector: 2 dice next turn."
    assert (bare(2).comp.injected_dice, bare(2).comp.tired_dice) == (6, 3)


def test_the_table_draws_as_many_action_slots_as_a_turn_programs():
    """The combat card's slots the page draws are the data's ``counts.dice.actions`` (help):
    two in a variant of two actions, whose programming menu offers only those two."""
    from cosmodrome.games.mars.state import decode_program
    two = {"name": "two actions", "toml": "[counts.dice]\nvalue = { marine = 4, crashed = 2, actions = 2, "
                                          "nuke = 4, nuke_target = 9 }\nstatus = \"assumed\"\nsource = \"ours\"\n"}
    assert bare(2).view(0)["help"]["actions"] == 3
    s = bare(2, components=two)
    assert s.view(0)["help"]["actions"] == 2
    s.column[0], s.level[0] = col_of(s, LZ, 0), 1
    from cosmodrome.games.mars.state import A_SEAT
    s.apply(A_SEAT + 0)
    assert s.decision_kind() == "program"
    slots = {decode_program(a)[1] for a in s.legal_actions() if "slot" in s.action_json(a)}
    assert slots == {0, 1}
