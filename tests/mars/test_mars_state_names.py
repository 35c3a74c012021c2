"""The state's fields go by names that say what they hold (state.FIELDS), while a save keeps
the short keys of the first saves, so that the saved form stays the same and old saves load
(issue #28)."""

from __future__ import annotations

import json

from mars_helpers import GAME

from cosmodrome.core.fields import saved_key
from cosmodrome.games.mars.state import FIELDS, MOVED, SHOT

#: the names read in the rules, by the key a save holds them under
RENAMED = {"cur": "acting", "end": "end_cause", "dice_n": "dice_count", "boom": "wave_dice", "white": "white_die",
           "eq_on": "equipment_in_play", "tele_used": "teleported", "mode": "last_act", "bonus": "extra_hits",
           "rail": "rail_gun",
           "charm": "charm_dice", "drone": "drone_step", "jet": "jet_die", "jback": "jet_backward",
           "jcol": "jet_column", "jlvl": "jet_level", "tele_col": "teleport_column", "used": "rolled_dice",
           "ret": "return_phase", "passed": "cards_passed", "mcol": "column", "mlvl": "level", "mdown": "crashed",
           "aloc": "alien_place", "upg": "upgrades", "prog": "die_action", "tcard": "training_card",
           "train": "training", "spent": "orbital_spent", "pre": "foreseen", "eq": "equipment_place"}


def test_each_renamed_field_is_saved_under_its_first_key():
    assert {saved_key(row): row[0] for row in FIELDS if saved_key(row) != row[0]} == RENAMED


def test_a_save_holds_the_marines_places_under_the_short_keys_and_loads_back():
    s = GAME.new_state(3, 7)
    s.column[1], s.level[1], s.last_act = 5, 2, SHOT
    saved = json.loads(json.dumps(s.to_json()))
    assert (saved["mcol"][1], saved["mlvl"][1], saved["mode"]) == (5, 2, 2)
    assert not set(RENAMED.values()) & set(saved)
    back = GAME.state_from_json(saved)
    assert (back.column[1], back.level[1], back.last_act) == (5, 2, SHOT) and SHOT != MOVED
