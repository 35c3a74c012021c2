"""The numbers of the rules that the crises, the cards and the combat use are read from the
component data (``components.toml [rules]``), each marked fact or assumed, not written in code."""

import dataclasses

from cosmodrome.core import get_game
from cosmodrome.games.venus.combat import boosted_cp, points
from cosmodrome.games.venus.components import RULE_KEYS, load_components
from cosmodrome.games.venus.crises import baz_cost
from cosmodrome.games.venus.flow import INF, TANK


def _with(s, **rules):
    s.comp = dataclasses.replace(s.comp, rules={**s.comp.rules, **rules})
    return s


def test_the_payments_and_modifiers_are_component_data():
    comp = load_components()
    for key in ("bazagthoth_card_cost", "bazagthoth_unit_cost", "bazagthoth_building_cost", "buy_cards_cost",
                "take_money", "boosted_infantry_cp", "boosted_spaceship_cp", "boosted_tank_cp"):
        assert key in RULE_KEYS and isinstance(comp.rules[key], int)
    assert [comp.rules[k] for k in ("bazagthoth_card_cost", "bazagthoth_unit_cost", "bazagthoth_building_cost")] == [1, 1, 3]


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
