"""The numbers of the rules that the crises, the cards and the combat use are read from the
component data (``components.toml [rules]``), each marked fact or assumed, not written in code."""

import dataclasses

import pytest
from venus_helpers import variant_state

from cosmodrome.core import DataError, get_game
from cosmodrome.games.venus.cards import (
    COMBAT_EFFECTS,
    _cycle_legal,
    _cycle_prompt,
    buy3cards,
    cycle_discard,
    draw4keep2,
)
from cosmodrome.games.venus.combat import _sac_prompt, boosted_cp, points, sacrifice
from cosmodrome.games.venus.components import DEFAULT_PATH, EFFECT_ID, MOST_UNITS, RULE_KEYS, load_components
from cosmodrome.games.venus.crises import _pirate_legal, _pirate_prompt, baz_cost, earth, first_effect
from cosmodrome.games.venus.flow import (
    A_DONE,
    A_UNIT,
    D_CYCLE,
    D_LOSE_BLD,
    EARTH,
    INF,
    KUIPER,
    TANK,
    TITAN,
    Bazagthoth,
    ClaimUnit,
    CrisisStart,
    Cycle,
    DiscardDie,
    Draw4,
    ForceDiscard,
    InvasionDamageRoll,
    MoveDest,
    MoveFrom,
    Pirates,
    Reroll,
    Sacrifice,
    put,
    unit_ix,
)
from cosmodrome.games.venus.state import Combat


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
    cb = s.combat
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
    assert not s.over and [f.left for f in s.stack if f.op == D_LOSE_BLD] == [1, 1, 1]


def test_the_pirates_fee_follows_the_data():
    s = _with(get_game("venus").new_state(3, 1), pirate_fee=2)
    s.built = put(s.built, 0 * 16 + TITAN * 2, 2)   # seat 0: two mines on Titan
    s.money[0] = 3
    f = Pirates(0, 0)
    assert A_DONE not in _pirate_legal(s, f) and "£4 for your 2 counters" in _pirate_prompt(s, f)
    s.money[0] = 4
    assert A_DONE in _pirate_legal(s, f)


CARD_KEYS = ("cp1_card_cp", "cp2_card_cp", "cp3_card_cp", "cp1_draw_card_cp", "cp2_venus_card_cp", "cp3_moon_card_cp",
             "cp3_earth_crisis_card_cp", "sacrifice_cp", "cycle_discards", "cycle_extra_draws", "draw_and_keep_draws",
             "draw_and_keep_keeps", "buy_cards_drawn")


def test_the_cards_numbers_are_component_data_marked_and_cited():
    """Issue #28: the combat points of the cards, the sacrifice's 3 CP and the counts of the
    card actions (discard three, draw four keep two, buy three) were written in code."""
    import tomllib

    from cosmodrome.games.venus import GAME
    raw = tomllib.loads(GAME.components_file.read_text(encoding="utf-8"))["rules"]
    for key in CARD_KEYS:
        assert key in RULE_KEYS and raw[key]["status"] in ("fact", "assumed") and raw[key]["source"].startswith("RB: ")
    r = load_components().rules
    assert [r[k] for k in CARD_KEYS] == [1, 2, 3, 1, 2, 3, 3, 3, 3, 1, 4, 2, 3]


def test_a_variant_changes_the_combat_points_of_the_cards_and_the_sacrifice(tmp_path):
    s = variant_state(tmp_path, cp2_card_cp=5, cp1_draw_card_cp=2, sacrifice_cp=4)
    s.combat = Combat.from_list([0] * Combat.SIZE)
    s.combat.planet = EARTH
    COMBAT_EFFECTS[EFFECT_ID["cp2"]](s, 0)
    assert s.combat.card_points == 5
    COMBAT_EFFECTS[EFFECT_ID["cp1_draw"]](s, 0)
    assert s.combat.card_points == 7
    s.surface[unit_ix(0, EARTH, INF)] = 1
    s.stack = []
    f = Sacrifice(0)
    assert _sac_prompt(s, f) == "Which of your units on the surface do you sacrifice for 4 CP?"
    sacrifice(s, f, A_UNIT + INF)
    assert s.combat.card_points == 11 and s.surface[unit_ix(0, EARTH, INF)] == 0
    assert s.log[-1].text.endswith("for 4 combat points.")
    s = variant_state(tmp_path, sacrifice_cp=1)
    s.combat.planet = EARTH
    s.surface[unit_ix(0, EARTH, INF)] = 1
    sacrifice(s, f, A_UNIT + INF)
    assert s.log[-1].text.endswith("for 1 combat point.")


def test_a_variant_changes_what_the_card_actions_draw_keep_and_replace(tmp_path):
    s = variant_state(tmp_path, buy_cards_drawn=2, draw_and_keep_draws=5, draw_and_keep_keeps=3, cycle_discards=2,
                 cycle_extra_draws=2)
    s.stack = []
    n = len(s.hands[0])
    buy3cards(s, 0)
    assert len(s.hands[0]) == n + 2
    draw4keep2(s, 0)
    assert len(s.drawn) == 5 and s.stack[-1] == Draw4(0, 2)
    s.stack, s.drawn = [], ()
    n = len(s.hands[0])
    f = Cycle(0, 0)
    assert "(0 of 2 so far)" in _cycle_prompt(s, f)
    cycle_discard(s, f, _cycle_legal(s, f)[1])
    f = s.stack.pop()
    assert f == Cycle(0, 1)
    cycle_discard(s, f, _cycle_legal(s, f)[1])   # the second and last discard: 2 + 2 drawn
    assert all(f.op != D_CYCLE for f in s.stack) and len(s.hands[0]) == n - 2 + 2 + 2
    s = variant_state(tmp_path, cycle_discards=0)
    assert _cycle_legal(s, Cycle(0, 0)) == [A_DONE]


def test_a_variant_changes_the_moves_reach_the_movement_cards_and_the_card_counts(tmp_path):
    """The move's allowance, what each movement card adds, the card drawn with a combat point
    and the cards lost to another player's order are the data's (RB: Action: Move military
    units; Detailed explanation of the cards)."""
    from cosmodrome.games.venus.actions import _dest_prompt, move_destination, move_from
    from cosmodrome.games.venus.cards import _cp1_draw, _force_prompt, force_discard
    from cosmodrome.games.venus.components import EFFECT_ID as EFF
    from cosmodrome.games.venus.flow import A_CARD, A_PLANET, A_SEAT, EARTH

    s = variant_state(tmp_path, move_allowance=3, move1_card_steps=2, move2_card_steps=4, cp1_draw_cards=2,
                 force_discard_cards=1)
    s.stack = []
    move_from(s, MoveFrom(0), A_PLANET + EARTH)
    assert s.move.allowance == 3 and "(allowance 3;" in _dest_prompt(s, MoveDest(0))
    for effect, more in (("move1", 2), ("move2", 4)):
        s.hands[0] = (*s.hands[0], next(c for c, e in enumerate(s.comp.card_effects) if e == EFF[effect]))
        before = s.move.allowance
        move_destination(s, MoveDest(0), A_CARD + EFF[effect])
        assert s.move.allowance == before + more, effect
    s.stack = []
    n = len(s.hands[0])
    _cp1_draw(s, 0)
    assert len(s.hands[0]) == n + 2
    assert _force_prompt(s, ForceDiscard(0)) == "Which player discards 1 card at random?"
    n = len(s.hands[1])
    force_discard(s, ForceDiscard(0), A_SEAT + 1)
    assert len(s.hands[1]) == n - 1
    printed = get_game("venus").new_state(3, 1)
    assert _force_prompt(printed, ForceDiscard(0)) == "Which player discards 2 cards at random?"


def test_a_variant_written_before_a_number_moved_into_the_data_still_loads():
    """A hosted game keeps its variant's file in its options, and a designer's file may be
    older than the game's version: a number of [rules] the file leaves out is the printed one
    (the packaged file's), and a number the file gives is still its own."""
    import tomllib

    from cosmodrome.games.venus.components import parse_components

    packaged = tomllib.loads(DEFAULT_PATH.read_text(encoding="utf-8"))
    printed = load_components()
    for key in RULE_KEYS:
        data = {**packaged, "rules": {k: v for k, v in packaged["rules"].items() if k != key}}
        assert parse_components(data, "old").rules[key] == printed.rules[key], key
    older = {**packaged, "rules": {k: v for k, v in packaged["rules"].items()
                                   if k not in ("sacrifice_cp", "cp1_card_cp", "gunrunner_money")}}
    older["rules"]["periods"] = {"value": 2, "status": "assumed"}
    comp = parse_components(older, "old")
    assert comp.rules["periods"] == 2 and comp.rules["sacrifice_cp"] == printed.rules["sacrifice_cp"]
    game = get_game("venus")
    state = game.new_state(3, seed=1, options={"components": {"toml": _toml(older), "name": "old"}})
    assert state.comp.rules["periods"] == 2 and not state.is_terminal()


def _toml(data) -> str:
    """A TOML text of ``data`` (tables of scalars and lists, arrays of such tables)."""
    import json

    lines = []

    def scalar(v):
        return json.dumps(v, ensure_ascii=False)

    for key, value in data.items():
        if isinstance(value, dict):
            lines.append(f"[{key}]")
            for k, v in value.items():
                if isinstance(v, dict):
                    lines.append(f"{k} = {{ " + ", ".join(f"{a} = {scalar(b)}" for a, b in v.items()) + " }")
                else:
                    lines.append(f"{k} = {scalar(v)}")
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            for item in value:
                lines.append(f"[[{key}]]")
                lines += [f"{k} = {scalar(v)}" for k, v in item.items()]
        else:
            lines.insert(0, f"{key} = {scalar(value)}")
    return "\n".join(lines) + "\n"


def test_a_variant_rolls_another_number_of_combat_dice(tmp_path):
    """The combat's dice are the data's (``combat_dice``; RB: Defended tiles, three as printed;
    ruling 37): a variant rolling two offers two dice to set aside and three sets to re-roll,
    and the cost and the skulls read the two."""
    from cosmodrome.core import DataError
    from cosmodrome.games.venus.combat import _disc_legal, _reroll_legal, begin, cost, rolled, skulls
    from cosmodrome.games.venus.flow import A_DIE, NO_DIE, T_TENSION, encode_reroll
    from cosmodrome.games.venus.text import table_help

    s = variant_state(tmp_path, combat_dice=2)
    pl, slot = next((pl, i) for pl, tiles in enumerate(s.planet_tiles) for i, t in enumerate(tiles)
                    if s.comp.tile_kind[t] != T_TENSION)
    begin(s, 0, pl, slot, -1, 0)
    cb = s.combat
    assert len(rolled(s)) == 2 and cb.dice[2] == NO_DIE
    assert _disc_legal(s, DiscardDie(0)) == [A_DIE, A_DIE + 1]
    assert _reroll_legal(s, Reroll(0)) == [encode_reroll(m) for m in (1, 2, 3)]
    cb.dice[:2] = [2, 5]
    assert cost(s) == cb.defence + 3
    cb.discarded = 0
    assert cost(s) == cb.defence and skulls(s) == 0
    cb.discarded, cb.dice[:2] = -1, [0, 0]
    assert skulls(s) == 2
    assert "roll two dice," in table_help(s.comp)["tiles"]["mine"][1]
    printed = get_game("venus").new_state(3, 1)
    assert printed.comp.rules["combat_dice"] == 3
    assert "roll three dice," in table_help(printed.comp)["tiles"]["mine"][1]
    one = variant_state(tmp_path, combat_dice=1)
    begin(one, 0, pl, slot, -1, 0)
    one.combat.discarded = 0
    assert cost(one) == one.combat.defence and _reroll_legal(one, Reroll(0)) == []
    text = DEFAULT_PATH.read_text(encoding="utf-8").replace("combat_dice = { value = 3,", "combat_dice = { value = 4,")
    bad = tmp_path / "four-dice.toml"
    bad.write_text(text, encoding="utf-8")
    try:
        load_components(bad)
    except DataError as exc:
        assert "rules.combat_dice must be from 1 to 3" in str(exc)
    else:
        raise AssertionError("a variant rolling four combat dice was taken")


def test_the_phases_have_names_and_a_period_passes_through_them_in_the_rulebooks_order():
    """RB: Phase one – place pass cubes ... Phase six – re-set military units: ``s.phase``
    holds the names of flow.py, one per phase, in order, with the view's words for each."""
    from cosmodrome.games.venus import flow
    from cosmodrome.games.venus.phases import phase_five_collect_income, phase_one_place_pass_cubes
    from cosmodrome.games.venus.text import PHASES

    names = (flow.PHASE_SETUP, flow.PHASE_PASS_CUBES, flow.PHASE_TILES, flow.PHASE_ACTIONS, flow.PHASE_CRISIS,
             flow.PHASE_INCOME, flow.PHASE_RESET)
    assert names == tuple(range(len(PHASES)))
    assert PHASES[flow.PHASE_CRISIS] == "crisis resolution" and PHASES[flow.PHASE_ACTIONS] == "player actions"
    s = get_game("venus").new_state(3, 1)
    phase_one_place_pass_cubes(s)
    assert s.phase == flow.PHASE_PASS_CUBES
    phase_five_collect_income(s)
    assert s.phase == flow.PHASE_INCOME


def test_bazagthoths_power_follows_the_crisis_level_and_the_data():
    """RB: Mercury crisis – the crisis level picks Bazagthoth's power through ``[rules]
    bazagthoth_unit_level`` and ``bazagthoth_building_level``; its frame holds the power's
    number, which saves keep (1, 2, 3)."""
    from venus_helpers import fresh, give, place_building, place_units

    from cosmodrome.games.venus.components import BAZ_BUILDING, BAZ_CARD, BAZ_UNIT
    from cosmodrome.games.venus.crises import mercury
    from cosmodrome.games.venus.flow import MARS, MERCURY

    assert (BAZ_CARD, BAZ_UNIT, BAZ_BUILDING) == (1, 2, 3)
    printed = ((1, BAZ_CARD), (2, BAZ_UNIT), (3, BAZ_BUILDING), (5, BAZ_BUILDING))
    later = ((2, BAZ_CARD), (3, BAZ_UNIT), (4, BAZ_UNIT), (5, BAZ_BUILDING))
    for rules, cases in (({}, printed), ({"bazagthoth_unit_level": 3, "bazagthoth_building_level": 5}, later)):
        for lv, power in cases:
            s = _with(fresh(3, 1), **rules)
            place_building(s, 1, MERCURY, mines=1)
            give(s, 2, "cp3")
            place_units(s, 2, MARS, tank=1)
            place_building(s, 2, MARS, mines=1)
            s.money[1] = 10
            s.stack = []
            mercury(s, lv)
            assert s.stack == [Bazagthoth(1, power)], (rules, lv)


def _bounds_spy(s) -> list:
    """Record the bound of every random whole number ``s`` draws from now on."""
    bounds = []
    cls = type(s.rng)

    class Spy(cls):
        pass

    r = Spy.__new__(Spy)
    r.state = s.rng.state

    def below(n, *args, **kwargs):
        bounds.append(n)
        return cls.below(r, n, *args, **kwargs)
    r.below = below
    s.rng = r
    return bounds


def test_every_die_rolls_the_faces_of_the_data():
    """The combat, escalation, damage and first-player dice are rolled over ``[rules]
    die_faces``, as many faces as it lists (the packaged data and its checks keep six; a die
    of four faces set in the table shows that no roll assumes six)."""
    from venus_helpers import clear_tiles, fresh, put_tile

    from cosmodrome.games.venus.combat import roll
    from cosmodrome.games.venus.crises import escalate, invasion_damage
    from cosmodrome.games.venus.flow import MARS, VENUS
    from cosmodrome.games.venus.setup import step_eight_first_player

    faces = (0, 7, 8, 9)
    s = _with(fresh(3, 1), die_faces=faces, damage_dice=3)
    bounds = _bounds_spy(s)
    before = len(s.log)
    assert {roll(s) for _i in range(100)} == set(faces)
    clear_tiles(s)
    put_tile(s, VENUS, "crisis", skull=True)
    s.stack = [CrisisStart(-1)]
    escalate(s, s.stack[-1])
    s.stack = [InvasionDamageRoll(-1, MARS)]
    invasion_damage(s, s.stack[-1])
    step_eight_first_player(s)
    assert len(bounds) >= 100 + s.comp.rules["escalation_dice"] + 3 + 3 * 3 and set(bounds) == {4}
    rolled = [d for e in s.log[before:] if e.data and "dice" in e.data for d in e.data["dice"]]
    assert len(rolled) >= 3 + 3 * 3 and set(rolled) <= set(faces)


def test_the_end_statistics_name_the_vp_of_the_variant(tmp_path):
    """The statistics' explanation of the VP from kept tiles gives the data's numbers."""
    from cosmodrome.games.venus.scoring import statistics
    packaged = {r["key"]: r for r in statistics(get_game("venus").new_state(3, 1), [])}
    assert packaged["tile_vp"]["help"] == "big game and crisis tiles (1 VP each), aliens (2 VP each)"
    s = variant_state(tmp_path, kept_tile_vp=2, alien_vp=3)
    assert {r["key"]: r for r in statistics(s, [])}["tile_vp"]["help"] == \
        "big game and crisis tiles (2 VP each), aliens (3 VP each)"


def test_a_variant_changes_the_cards_of_a_draw_two_tile_and_the_first_players_dice(tmp_path):
    """Issue #28: the cards a draw-two tile gives (RB: Undefended tiles) and the dice each
    player rolls for the first player (RB: Step eight) are the data's, marked fact and cited."""
    import tomllib

    from venus_helpers import clear_tiles, place_units, put_tile

    from cosmodrome.games.venus.actions import claim_undefended
    from cosmodrome.games.venus.flow import SHIP
    from cosmodrome.games.venus.setup import step_eight_first_player

    raw = tomllib.loads(DEFAULT_PATH.read_text(encoding="utf-8"))["rules"]
    for key, printed in (("draw2_cards", 2), ("first_player_dice", 3)):
        assert key in RULE_KEYS and raw[key]["status"] == "fact" and raw[key]["source"].startswith("RB: ")
        assert load_components().rules[key] == printed
    s = variant_state(tmp_path, draw2_cards=4, first_player_dice=2)
    clear_tiles(s)
    slot = put_tile(s, EARTH, "draw2")
    place_units(s, 0, EARTH, ship=1)
    n = len(s.hands[0])
    claim_undefended(s, ClaimUnit(0, EARTH, slot), A_UNIT + SHIP)
    assert len(s.hands[0]) == n + 4
    before = len(s.log)
    step_eight_first_player(s)
    rolls = [e.data["dice"] for e in s.log[before:] if e.data and "dice" in e.data]
    assert rolls and all(len(dice) == 2 for dice in rolls)


def test_the_planets_are_one_name_and_the_data_lists_as_many():
    """The engine's planets are ``flow.N_PLANETS`` (the action space's planet ids, a C constant
    of the build); the component data lists as many, or is refused with the reason."""
    import tomllib

    from cosmodrome.core import DataError
    from cosmodrome.games.venus.components import CRISES, parse_components
    from cosmodrome.games.venus.flow import A_PLANET, A_TILE, KUIPER, N_PLANETS

    assert N_PLANETS == len(CRISES) == len(load_components().planet_names) == KUIPER + 1 == A_TILE - A_PLANET
    data = tomllib.loads(DEFAULT_PATH.read_text(encoding="utf-8"))
    data["planets"] = data["planets"][:-1]
    try:
        parse_components(data, "seven")
    except DataError as exc:
        assert "must list the 8 planets, not 7" in str(exc)
    else:
        raise AssertionError("a variant of seven planets was taken")


def test_the_texts_of_the_draw_two_tile_and_the_deal_name_the_data_s_cards(tmp_path):
    """Issue #28: the draw-two tile's tooltip, the set-up's deal in the log and the rules
    page say the cards of the data (``draw2_cards``, ``start_cards_dealt``; RB: Undefended
    tiles; Setting up, step five), in English and in Hungarian; the printed game reads as
    before."""
    from cosmodrome.core.howto import hint_for, load_howto, page
    from cosmodrome.games.venus.text import table_help
    from cosmodrome.i18n import using

    def deal(s) -> str:
        return next(e.text for e in s.initial_events if e.kind == "deal")

    printed = get_game("venus").new_state(3, 1)
    assert table_help(printed.comp)["tiles"]["cards"][1].startswith("Undefended. Land a unit to draw two game cards "
                                                                    "(hand limit 9).")
    assert deal(printed) == "Each empire holds its player cards and was dealt two game cards."
    s = variant_state(tmp_path, draw2_cards=3, start_cards_dealt=1)
    assert "draw three game cards (" in table_help(s.comp)["tiles"]["cards"][1]
    assert deal(s) == "Each empire holds its player cards and was dealt one game card."
    one = variant_state(tmp_path, draw2_cards=1, start_cards_dealt=4)
    assert "draw one game card (" in table_help(one.comp)["tiles"]["cards"][1]
    assert deal(one) == "Each empire holds its player cards and was dealt four game cards."
    with using("hu"):
        assert "húzz három kártyát" in table_help(s.comp)["tiles"]["cards"][1]
        assert "húzz két kártyát" in table_help(printed.comp)["tiles"]["cards"][1]
        assert deal(s).endswith("és kapott egy húzókártyát.") and deal(one).endswith("és kapott négy húzókártyát.")
        assert deal(printed).endswith("és kapott két húzókártyát.")
    game = get_game("venus")
    data = load_howto(game.help_file)
    for cards, words, hu in ((2, "two", "két"), (5, "five", "öt")):   # in words, as the printed page wrote "two"
        numbers = dict(game.help_numbers(), **{"rules.draw2_cards": cards})
        claims = next(sec for sec in page(data, game.help_items, numbers)["sections"]
                      if sec["heading"] == "Claiming tiles and combat")
        assert f"draw two gives you {words} cards," in claims["paragraphs"][0]
        hint = hint_for(data, "claim_tile", [(1, {"kind": "draw2"})], numbers)
        assert hint["options"][0]["text"] == f"Draw {words} cards."
        with using("hu"):
            hint = hint_for(data, "claim_tile", [(1, {"kind": "draw2"})], numbers)
        assert f"{hu} kártyát" in hint["options"][0]["text"]


def test_the_set_up_s_bound_of_dealt_items_counts_the_data_s_first_player_dice(tmp_path):
    """The roll-offs for the first player roll ``first_player_dice`` dice each (RB: Step
    eight): the bound of the set-up's dealt items grows with them."""
    from cosmodrome.games.venus.setup import ROLL_OFFS

    game = get_game("venus")
    s = variant_state(tmp_path, first_player_dice=5, start_cards_dealt=1)
    assert game.max_deal_nodes(3) == 3 * 2 + ROLL_OFFS * 3 * 3 + 1
    assert game.max_deal_nodes(3, s.options) == 3 * 1 + ROLL_OFFS * 5 * 3 + 1


def test_the_bound_of_chance_nodes_follows_the_data_s_dice_and_draws(tmp_path):
    """The explicit mode's bound on a game's chance nodes counts the data's numbers: a
    variant that draws more cards with one card, rolls more combat, escalation or damage dice,
    or loses more cards to a forced discard has a larger bound (so its games stay within it)."""
    from cosmodrome.games.venus import MAX_DECISIONS

    game = get_game("venus")
    printed = game.max_chance_nodes(2)
    s = variant_state(tmp_path, draw_and_keep_draws=6, escalation_dice=4, damage_dice=5, force_discard_cards=3)
    periods = s.comp.rules["periods"]
    assert game.max_chance_nodes(2, s.options) == (printed + MAX_DECISIONS * (2 + 1)
                                                   + periods * ((4 - 3) + 2 * (5 - 3)))


@pytest.mark.parametrize("kind, count", [("infantry", 10), ("spaceship", 12)])
def test_a_variant_with_more_units_than_a_move_can_name_is_refused(tmp_path, kind, count):
    """A move names its group's size by one action id each (flow.A_COUNT + 0 to MOST_UNITS): a
    variant giving an empire more units of a type than that is refused with a sentence, not
    played with a menu that silently offers fewer."""
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    section = f"[units.{kind}]\n"
    head, tail = text.split(section)
    old = tail.split("count = ")[1].split("\n")[0]
    bad = tmp_path / "bigger-army.toml"
    bad.write_text(head + section + tail.replace(f"count = {old}", f"count = {count}", 1), encoding="utf-8")
    with pytest.raises(DataError, match=rf"units\.{kind}\.count must be at most {MOST_UNITS} .*not {count}"):
        load_components(bad)


def test_the_all_lose_risk_reads_the_crisis_numbers_of_the_data(tmp_path):
    """The estimate that everybody loses (evaluation.all_lose_risk) reads the level at which
    the robots win and the escalation dice from the data (RB: Phase four – crisis resolution,
    Earth crisis): three skull-marked crisis tiles on Earth are one level short of the printed
    robots' 4, far from a variant's 6, and more escalation dice make the last level likelier."""
    from cosmodrome.games.venus.evaluation import all_lose_risk
    from cosmodrome.games.venus.flow import EARTH, T_CRISIS

    def three_on_earth(s):
        c = s.comp
        marked = [t for t in range(len(c.tile_kind)) if c.tile_kind[t] == T_CRISIS and c.tile_skull[t]]
        s.planet_tiles = list(s.planet_tiles)
        s.planet_tiles[EARTH] = tuple(marked[:3])
        return s

    printed = all_lose_risk(three_on_earth(get_game("venus").new_state(3, 1)))
    assert all_lose_risk(three_on_earth(variant_state(tmp_path, robots_win_level=6))) < printed / 10
    assert all_lose_risk(three_on_earth(variant_state(tmp_path, escalation_dice=5))) > printed
