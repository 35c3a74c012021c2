"""The state's fields go by names that say what they hold (state.FIELDS), the same names as
March on Mars's for the same things, while a save keeps the short keys of the first saves, so
that the saved form stays the same and old saves load (issue #28). That every row says what it
holds is checked for every game in tests/core/test_shared_names.py."""

from __future__ import annotations

import json

from moon_helpers import GAME

from cosmodrome.core.fields import saved_key
from cosmodrome.games.mars.state import FIELDS as MARS_FIELDS
from cosmodrome.games.moon.state import FIELDS

#: the names read in the rules, by the key a save holds them under
RENAMED = {"turn_i": "turn_index", "dice_n": "dice_count", "free_left": "free_rerolls_left", "gone": "removed_dice",
           "cur": "acting", "cur_last": "acting_started_last", "mv": "mover", "mv_last": "mover_started_last",
           "slip": "slipstream_astronaut", "col": "column", "lvl": "level", "down": "crashed",
           "fin": "finish_place", "prog": "die_action", "free_rr": "free_reroll_token",
           "spk": "sputniks", "ec": "ec_counters", "hc": "handicaps", "spk_supply": "sputnik_supply",
           "hc_supply": "handicap_supply", "winners_": "winning_seats", "pending": "stack"}


def test_each_renamed_field_is_saved_under_its_first_key():
    assert {saved_key(row): row[0] for row in FIELDS if saved_key(row) != row[0]} == RENAMED


def test_the_counters_and_the_winners_are_read_by_their_names():
    """A state holds its counters and winners under the names alone (no terse alias is left),
    and the rules read them by those names: at the end (RB: "How do I win?") the most points
    win, so an astronaut home second (10) with three Sputniks beats the first home (11)
    without any, and the save keeps the winners under their first key."""
    from cosmodrome.games.moon.scoring import end_game

    s = GAME.new_state(4, 3)
    assert not [old for old in ("spk", "ec", "hc", "spk_supply", "hc_supply", "winners_") if hasattr(s, old)]
    assert (sum(s.sputniks) + s.sputnik_supply, sum(s.ec_counters) + s.ec_supply,
            sum(s.handicaps) + s.handicap_supply) == (s.comp.supply["sputnik"], s.comp.supply["ec"],
                                                      s.comp.supply["handicap"])
    s.finish_place, s.column, s.arrived = [1, 2, 0, 0], [s.goal, s.goal, 3, 3], 2
    s.sputniks, s.sputnik_supply = [0, 3, 0, 0], s.comp.supply["sputnik"] - 3
    end_game(s)
    assert s.is_terminal() and s.scores()[:2] == [11.0, 13.0] and s.winners() == [1]
    assert s.to_json()["winners_"] == [1]


def test_the_moon_and_mars_name_the_same_things_alike():
    """Where a marine and an astronaut stand, whether they lie crashed, the dice of the turn and
    the action each die is programmed on: one saved key, one name, in both games."""
    mars = {saved_key(row): row[0] for row in MARS_FIELDS}
    moon = {saved_key(row): row[0] for row in FIELDS}
    pairs = (("mcol", "col"), ("mlvl", "lvl"), ("mdown", "down"), ("dice_n", "dice_n"), ("prog", "prog"))
    assert [mars[a] for a, _ in pairs] == [moon[b] for _, b in pairs] == [
        "column", "level", "crashed", "dice_count", "die_action"]


def test_a_save_holds_the_astronauts_under_the_short_keys_and_loads_back():
    s = GAME.new_state(3, 7)
    s.column[1], s.level[1], s.crashed[2], s.mover, s.die_action[4] = 5, 2, 1, 2, 1
    saved = json.loads(json.dumps(s.to_json()))
    assert (saved["col"][1], saved["lvl"][1], saved["down"][2], saved["mv"], saved["prog"][4]) == (5, 2, 1, 2, 1)
    assert not set(RENAMED.values()) & set(saved)
    back = GAME.state_from_json(saved)
    assert (back.column[1], back.level[1], back.crashed[2], back.mover, back.die_action[4]) == (5, 2, 1, 2, 1)
    assert json.dumps(back.to_json()) == json.dumps(s.to_json())
