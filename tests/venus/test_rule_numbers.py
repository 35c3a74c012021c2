"""The numbers of the rules that the crises, the cards and the combat use are read from the
component data (``components.toml [rules]``), each marked fact or assumed, not written in code."""

import dataclasses

from cosmodrome.core import get_game
from cosmodrome.games.venus.combat import boosted_cp, points
from cosmodrome.games.venus.components import RULE_KEYS, load_components
from cosmodrome.games.venus.crises import _pirate_legal, _pirate_prompt, baz_cost, earth, first_effect
from cosmodrome.games.venus.flow import A_DONE, D_LOSE_BLD, D_PIRATES, INF, KUIPER, TANK, TITAN, put


def _with(s, **rules):
    s.comp = dataclasses.replace(s.comp, rules={**s.comp.rules, **rules})
    return s


def test_the_payments_and_modifiers_are_component_data():
    comp = load_components()
    for key in ("bazagthoth_card_cost", "bazagthoth_unit_cost", "bazagthoth_building_cost", "buy_cards_cost",
                "take_money", "boosted_infantry_cp", "boosted_spaceship_cp", "boosted_tank_cp"):
        assert key in RULE_KEYS and isinstance(comp.rules[key], int)
    costs = ("bazagthoth_card_cost", "bazagthoth_unit_cost", "bazagthoth_building_cost")
    assert [comp.rules[k] for k in costs] == [1, 1, 3]


def test_bazagthoth_costs_follow_the_data():
    s = _with(get_game("venus").new_state(3, 1), bazagthoth_building_cost=5, bazagthoth_card_cost=2)
    assert (baz_cost(s, 1), baz_cost(s, 2), baz_cost(s, 3), baz_cost(s, 4)) == (2, 1, 5, 5)


def test_modifier_cards_follow_the_data():
    s = _with(get_game("venus").new_state(3, 1), boosted_tank_cp=4)
    cb = s.cb
    cb.committed = [1, 0, 2]
    cb.boosted = [1, 0, 1]
    assert boosted_cp(s) == (2, s.comp.unit_cp[1], 4)
    assert points(s) == 2 * 1 + 4 * 2 and (INF, TANK) == (0, 2)


CRISIS_KEYS = ("escalation_dice", "damage_dice", "bazagthoth_unit_level", "bazagthoth_building_level",
               "uprising_level", "uprising_units", "independence_level", "robot_rebellion_level",
               "robot_rebellion_losses", "major_rebellion_level", "major_rebellion_losses", "robots_win_level",
               "invasion_level", "martian_level", "martian_losses", "pirates_level", "pirates_wide_level",
               "pirate_fee", "alien_invasion_level")


def test_the_crisis_levels_and_payments_are_component_data_marked_fact():
    import tomllib

    from cosmodrome.games.venus import GAME
    raw = tomllib.loads(GAME.components_file.read_text(encoding="utf-8"))["rules"]
    for key in CRISIS_KEYS:
        assert key in RULE_KEYS and raw[key]["status"] == "fact" and raw[key]["source"].startswith("RB: ")
    r = load_components().rules
    assert [first_effect(r, pl) for pl in range(8)][:5] == [1, 2, 2, 4, 2] and first_effect(r, TITAN) == 2
    assert first_effect(r, KUIPER) == 3 and first_effect({**r, "pirates_level": 3}, TITAN) == 3


def test_the_earth_crisis_follows_the_data():
    s = get_game("venus").new_state(3, 1)
    s.stack = []
    earth(s, 4)
    assert s.over and "robot" in s.end_cause
    s = _with(get_game("venus").new_state(3, 1), robots_win_level=5, major_rebellion_losses=1)
    s.stack = []
    earth(s, 4)   # now a major rebellion: every seat (tied, a factory each on Earth) loses one
    assert not s.over and [f[3] for f in s.stack if f[0] == D_LOSE_BLD] == [1, 1, 1]


def test_the_pirates_fee_follows_the_data():
    s = _with(get_game("venus").new_state(3, 1), pirate_fee=2)
    s.bld = put(s.bld, 0 * 16 + TITAN * 2, 2)   # seat 0: two mines on Titan
    s.money[0] = 3
    f = (D_PIRATES, 0, 0)
    assert A_DONE not in _pirate_legal(s, f) and "£4 for your 2 counters" in _pirate_prompt(s, f)
    s.money[0] = 4
    assert A_DONE in _pirate_legal(s, f)
