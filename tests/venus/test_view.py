"""What the view carries: the end-of-game scoring breakdown (RB: Ending the game), the
combat in progress, the aliens' advance, informative action details, and nothing hidden."""

import json

from venus_helpers import (
    at_turn,
    check_views,
    clear_tiles,
    empty_hand,
    fix_dice,
    fresh,
    give,
    go_on,
    place_building,
    place_units,
    put_tile,
    random_game,
)

from cosmodrome.core import Rng
from cosmodrome.games.venus import GAME, flow
from cosmodrome.games.venus.components import EFFECT_ID as E
from cosmodrome.games.venus.components import TILE_KINDS
from cosmodrome.games.venus.crises import all_lose
from cosmodrome.games.venus.flow import (
    A_BLD,
    A_CARD,
    A_CLAIM,
    A_DIE,
    A_PLANET,
    A_REROLL,
    A_SEAT,
    A_TILE,
    A_UNIT,
    EARTH,
    INF,
    KUIPER,
    MARS,
    MERCURY,
    MOON,
    TANK,
    TITAN,
    VENUS,
    CrisisStart,
    TurnMenu,
    put,
)
from cosmodrome.games.venus.scoring import finish, scores, winners


def bare(players=3, seed=1):
    """A fresh game without the starting factories on Earth (income only where placed)."""
    s = fresh(players, seed)
    for p in range(players):
        s.built = put(s.built, p * 16 + EARTH * 2 + 1, 0)
        s.stock[p * 5 + 4] += 1
    return s


def kept_tile(s, kind):
    c = s.comp
    k = {"biggame": 2, "crisis": 5}[kind]
    t = next(t for t in s.bag if c.tile_kind[t] == k)
    s.bag.remove(t)
    return t


# ----- the end-of-game scoring --------------------------------------------------------------
def test_scoring_breakdown_follows_the_moon_example():
    """RB: Ending the game, the Moon example – yellow £5 scores 9, red and blue tied on £3
    score 5 each, green £2 scores 3 (purple, without income there, has no rank)."""
    s = bare(5)
    place_building(s, 3, MOON, mines=1, factories=1)   # Germany (yellow) £5
    place_building(s, 0, MOON, mines=1)                # Britain (red) £3
    place_building(s, 1, MOON, mines=1)                # France (blue) £3
    place_building(s, 4, MOON, factories=1)            # USA (green) £2
    s.first_seat = 2
    finish(s)
    sc = s.view(None)["scoring"]
    moon = sc["planets"][MOON]
    assert moon["planet"] == "Moon" and moon["vp"] == [9, 5, 3]
    assert moon["income"] == [3, 3, 0, 5, 2]
    assert moon["rank"] == [2, 2, None, 1, 3]
    assert moon["points"] == [5, 5, 0, 9, 3]
    assert sc["planet_vp"] == [5, 5, 0, 9, 3] and sc["total"] == scores(s)
    assert sc["winners"] == [3] == winners(s) and sc["decided_by"] == "vp"
    assert sc["place"] == [2, 2, 5, 1, 4] and sc["ranking"] == [[3], [0, 1], [4], [2]]
    # red and blue are level on VP for second place and nothing in the chain separates them
    assert [(t["seats"], t["vp"], t["decided_by"]) for t in sc["tie_breaks"]] == [([0, 1], 5, "shared")]
    json.dumps(sc)


def test_scoring_breakdown_kept_tiles():
    """RB: +1 VP per big game and crisis tile, +2 per alien."""
    s = bare(3)
    alien = s.comp.n_bag
    s.kept[1] = (kept_tile(s, "biggame"), kept_tile(s, "crisis"), kept_tile(s, "crisis"), alien)
    finish(s)
    v = s.view(0)
    k = v["scoring"]["kept"][1]
    assert k["biggame"] == {"count": 1, "vp": 1} and k["crisis"] == {"count": 2, "vp": 2}
    assert k["alien"] == {"count": 1, "vp": 2} and k["vp"] == 5
    assert v["scoring"]["tile_vp"] == [0, 5, 0] and v["scoring"]["total"] == [0, 5, 0]
    assert v["players_info"][1]["kept_counts"] == {"biggame": 1, "crisis": 2, "alien": 1}


def test_tie_decided_by_the_first_player_marker():
    """RB: a VP tie goes to the tied player holding the first player marker."""
    s = bare(3)
    place_building(s, 0, MARS, mines=1)
    place_building(s, 1, MARS, mines=1)
    place_building(s, 0, EARTH, mines=1)
    place_building(s, 1, EARTH, mines=1)
    s.first_seat = 0
    finish(s)
    sc = s.view(2)["scoring"]
    assert sc["total"][0] == sc["total"][1] == 11 + 7
    assert sc["winners"] == [0] == winners(s) and sc["decided_by"] == "first_player"
    tb = sc["tie_breaks"][0]
    assert tb["seats"] == [0, 1] and tb["vp"] == 18 and tb["decided_by"] == "first_player"
    assert tb["steps"] == [{"step": "first_player", "rule": tb["steps"][0]["rule"], "between": [0, 1],
                            "values": [1, 0], "ahead": [0], "decided": True}]
    assert "first player marker" in sc["text"]


def test_tie_decided_by_mines_and_factories_then_kept_tiles_then_shared():
    """RB: without the marker among them: the most mines and factories on the board, then
    the most VP from kept tiles; then the victory is shared."""
    s2 = bare(3)
    s2.first_seat = 2
    place_building(s2, 0, MARS, mines=1)
    place_building(s2, 1, MARS, mines=1)
    place_building(s2, 0, VENUS, mines=1)              # Venus first: 10 VP
    place_building(s2, 1, MERCURY, mines=1)            # Mercury first: 8 VP ...
    place_building(s2, 1, TITAN, factories=1)          # ... + Titan first 8 = 16 vs Venus 10
    s2.kept[0] = (kept_tile(s2, "biggame"), kept_tile(s2, "biggame"), kept_tile(s2, "crisis"),
                  kept_tile(s2, "crisis"), kept_tile(s2, "crisis"), kept_tile(s2, "crisis"))
    finish(s2)
    sc = s2.view(None)["scoring"]
    assert sc["total"][0] == sc["total"][1] == 27
    assert sc["counters"][:2] == [2, 3]
    assert sc["winners"] == [1] == winners(s2) and sc["decided_by"] == "counters"
    steps = sc["tie_breaks"][0]["steps"]
    assert [st["step"] for st in steps] == ["first_player", "counters"]
    assert steps[0]["values"] == [0, 0] and not steps[0]["decided"]
    assert steps[1]["values"] == [2, 3] and steps[1]["ahead"] == [1] and steps[1]["decided"]
    # equal counters: the kept tiles decide
    s3 = bare(3)
    s3.first_seat = 2
    place_building(s3, 0, MARS, mines=1)
    place_building(s3, 1, MARS, mines=1)
    place_building(s3, 0, VENUS, mines=1)               # 10
    place_building(s3, 1, MERCURY, mines=1)             # 8
    s3.kept[1] = (kept_tile(s3, "biggame"), kept_tile(s3, "crisis"))   # + 2 = 10
    finish(s3)
    sc = s3.view(None)["scoring"]
    assert sc["total"][0] == sc["total"][1] == 21
    assert sc["winners"] == [1] == winners(s3) and sc["decided_by"] == "tile_vp"
    # nothing separates them: shared
    s4 = bare(3)
    s4.first_seat = 2
    place_building(s4, 0, MARS, mines=1)
    place_building(s4, 1, MARS, mines=1)
    finish(s4)
    sc = s4.view(None)["scoring"]
    assert sc["winners"] == [0, 1] == winners(s4) and sc["decided_by"] == "shared"
    assert sc["ranking"][0] == [0, 1] and sc["place"][:2] == [1, 1]
    assert [st["step"] for st in sc["tie_breaks"][0]["steps"]] == ["first_player", "counters", "tile_vp"]
    assert s4.returns() == [0.5, 0.5, 0.0]


def test_tie_for_a_lower_place_is_reported_too():
    s = bare(3)
    s.first_seat = 1
    place_building(s, 0, MARS, mines=1)              # 11: alone in front
    place_building(s, 1, MERCURY, mines=1)           # 8
    place_building(s, 2, TITAN, mines=1)             # 8
    finish(s)
    sc = s.view(None)["scoring"]
    assert sc["winners"] == [0] and sc["decided_by"] == "vp"
    assert len(sc["tie_breaks"]) == 1 and sc["tie_breaks"][0]["seats"] == [1, 2]
    assert sc["tie_breaks"][0]["decided_by"] == "first_player" and sc["place"] == [1, 2, 3]


def test_all_lose_has_no_winner_and_names_the_cause():
    s = bare(3)
    place_building(s, 0, MARS, mines=1)
    all_lose(s, "robot rebellion", "The robots win.")
    v = s.view(0)
    sc = v["scoring"]
    assert sc["all_lose"] and sc["cause"] == "robot rebellion" and sc["winners"] == [] and sc["decided_by"] is None
    assert v["result"]["winners"] == [] and sc["place"] == [None, None, None]


def test_scoring_only_when_over_and_matches_the_engine_in_full_games():
    for players, seed in ((2, 3), (3, 4), (4, 5), (5, 6)):
        s, _ = random_game(players, seed)
        assert s.is_terminal()
        v = s.view(None)
        sc = v["scoring"]
        assert sc["total"] == scores(s) == v["result"]["vp"]
        assert sc["winners"] == winners(s) == v["result"]["winners"]
        # a fresh copy each time: changing one view does not change the next
        sc["total"][0] = -99
        assert s.view(None)["scoring"]["total"] == scores(s)
        assert GAME.state_from_json(s.to_json()).view(None)["scoring"] == s.view(None)["scoring"]
    assert fresh(3).view(0)["scoring"] is None


# ----- combat -------------------------------------------------------------------------------
def start_claim(s, pl, slot, dice):
    at_turn(s, 0)
    s.apply(A_CLAIM)
    s.apply(A_PLANET + pl)
    fix_dice(s, *dice)
    s.apply(A_TILE + slot)


def test_combat_view_crisis_with_gunrunner_units_and_cards():
    """RB: Defended tiles – the view tells the tile's kind, its printed defence and the
    gunrunner bonus, the units and cards committed so far, the CP paid and still missing."""
    s = fresh(2, 1)
    clear_tiles(s)
    slot = put_tile(s, MARS, "crisis", skull=False)
    printed = s.comp.tile_def[s.planet_tiles[MARS][slot]]
    gun = next(c for c in s.deck if s.comp.card_effect(c) == E["gunrunner"])
    s.deck.remove(gun)
    s.gunrunners += (MARS * 1000 + gun,)
    empty_hand(s, 0)
    give(s, 0, "cp2", "infantry2")
    place_units(s, 0, MARS, inf=3, ship=1, tank=1)
    start_claim(s, MARS, slot, (2, 5, 3))
    c = s.view(1)["combat"]
    assert c["kind"] == "crisis" and c["printed_defence"] == printed and c["gunrunner_bonus"] == 2
    assert c["defence"] == printed + 2 and not c["skull"]
    assert c["planet"] == "Mars" and c["planet_index"] == MARS and c["slot"] == slot and c["target"] is None
    assert c["cost"] == printed + 5 and c["paid"] == 0 and c["missing"] == printed + 5 and c["needs_unit"]
    assert c["committed"] == {"infantry": 0, "spaceship": 0, "tank": 0} and c["cards"] == []
    s.apply(A_CARD + E["infantry2"])
    go_on(s)   # the 'instead' question while cards are held (ruling 32)
    s.apply(A_UNIT + INF)
    s.apply(A_UNIT + TANK)
    s.apply(A_CARD + E["cp2"])
    go_on(s)
    c = s.view(None)["combat"]
    assert c["committed"] == {"infantry": 1, "spaceship": 0, "tank": 1}
    assert c["unit_cp"] == {"infantry": 2, "spaceship": 1, "tank": 2}
    assert c["units_cp"] == 4 and c["cards_cp"] == 2 and c["paid"] == 6 and c["missing"] == max(0, printed + 5 - 6)
    assert [x["effect"] for x in c["cards"]] == ["infantry2", "cp2"] and not c["needs_unit"]
    assert s.view(None)["planets"][MARS]["gunrunner_bonus"] == 2


def test_combat_view_tension_target():
    """RB: Tension tile – the declared target (whose mine or factory) is in the view."""
    s = fresh(3, 1)
    clear_tiles(s)
    slot = put_tile(s, MOON, "tension")
    place_building(s, 2, MOON, factories=1)
    place_units(s, 2, MOON, inf=1, tank=1)
    place_units(s, 0, MOON, inf=2, ship=1)
    at_turn(s, 0)
    s.apply(A_CLAIM)
    s.apply(A_PLANET + MOON)
    s.apply(A_TILE + slot)
    seat_opts = [s.action_json(a) for a in s.legal_actions()]
    assert seat_opts == [{"action": A_SEAT + 2, "label": "Russia", "seat": 2, "empire": "Russian Empire",
                          "target_planet": "Moon"}]
    s.apply(A_SEAT + 2)
    d = s.action_json(A_BLD + MOON * 2 + 1)
    assert d["owner"] == 2 and d["building"] == "factory" and d["planet"] == "Moon"
    fix_dice(s, 3, 3, 3)
    s.apply(A_BLD + MOON * 2 + 1)
    c = s.view(0)["combat"]
    assert c["kind"] == "tension" and c["defence"] == 3 and c["gunrunner_bonus"] == 0
    assert c["target"] == {"seat": 2, "empire": "Russian Empire", "building": "factory"}


def test_reroll_and_die_options_say_which_dice():
    s = fresh(2, 1)
    clear_tiles(s)
    slot = put_tile(s, MARS, "mine", defence=3)
    empty_hand(s, 0)
    give(s, 0, "reroll", "discard_die")
    place_units(s, 0, MARS, inf=2, ship=1)
    start_claim(s, MARS, slot, (0, 5, 3))
    s.apply(A_CARD + E["reroll"])
    opts = {a: s.action_json(a) for a in s.legal_actions()}
    assert sorted(opts) == list(range(A_REROLL, A_REROLL + 7))
    assert opts[A_REROLL]["dice"] == [0] and opts[A_REROLL]["faces"] == [0] and opts[A_REROLL]["kept"] == [1, 2]
    assert opts[A_REROLL + 4]["dice"] == [0, 2] and opts[A_REROLL + 4]["faces"] == [0, 3]
    assert opts[A_REROLL + 6]["dice"] == [0, 1, 2]
    fix_dice(s, 4)
    s.apply(A_REROLL)
    go_on(s)
    s.apply(A_CARD + E["discard_die"])
    opts = {a: s.action_json(a) for a in s.legal_actions()}
    assert opts[A_DIE + 1] == {"action": A_DIE + 1, "label": "Die 2 (5)", "die": 1, "face": 5}


def test_every_option_has_details_in_full_games():
    """Every action id range gives details beyond its label (no option is a bare label)."""
    seen = set()
    for players, seed in ((2, 7), (4, 8)):
        s = GAME.new_state(players, seed=seed)
        r = Rng(seed)
        while not s.is_terminal():
            la = s.legal_actions()
            for a in la:
                d = s.action_json(a)
                assert set(d) - {"action", "label"}, (s.decision_kind(), a, d)
                seen.add(a)
            s.apply(la[r.below(len(la))])
    assert any(A_UNIT <= a < A_UNIT + 3 for a in seen) and any(a >= A_CARD for a in seen)


# ----- aliens -------------------------------------------------------------------------------
def alien_crisis(players=3):
    s = fresh(players, 1)
    clear_tiles(s)
    for p in range(players):
        empty_hand(s, p)
    for _ in range(3):
        put_tile(s, KUIPER, "crisis", skull=False)
    s.first_seat = 0
    s.stack = [TurnMenu(0), CrisisStart(-1)]
    flow.run(s)
    return s


def test_aliens_view_landing_and_next_move():
    """RB: Kuiper Belt – the view says when the aliens landed, where they are and where the
    survivors go in the next crisis phase (ruling 1: the tiles move along Mars, Moon, Earth)."""
    assert fresh(3).view(0)["aliens"]["landed"] is None
    s = alien_crisis()
    a = s.view(None)["aliens"]
    assert a["landed"] == s.period == 1 and a["landed_on"] == ["Kuiper Belt", "Titan", "Ganymede"]
    assert a["on"] == ["Ganymede", "Titan", "Kuiper Belt"] and a["path"] == ["Mars", "Moon", "Earth"]
    assert a["next"] == {"period": 2, "reaches_earth": True,
                         "moves": [{"from": "Ganymede", "to": "Mars"}, {"from": "Titan", "to": "Moon"}]}
    # one destroyed: the two survivors stop short of Earth, and the engine agrees
    al = next(t for t in s.planet_tiles[TITAN] if s.comp.tile_kind[t] == 7)
    s.planet_tiles[TITAN] = flow.without(s.planet_tiles[TITAN], al)
    s.kept[0] += (al,)
    a = s.view(None)["aliens"]
    assert a["destroyed"] == 1 and a["next"]["reaches_earth"] is False
    assert a["next"]["moves"] == [{"from": "Ganymede", "to": "Mars"}, {"from": "Kuiper Belt", "to": "Moon"}]
    s.period += 1
    s.phase = 3
    assert s.view(None)["aliens"]["next"]["period"] == 2
    s.stack = [TurnMenu(0), CrisisStart(-1)]
    flow.run(s)
    a = s.view(None)["aliens"]
    assert a["on"] == ["Moon", "Mars"] and a["advanced"] == 2
    assert a["next"] == {"period": 3, "reaches_earth": True, "moves": []}


def test_aliens_landing_in_the_last_period_move_no_more():
    s = alien_crisis()
    s.period = 3
    s.aliens_out = 3
    assert s.view(None)["aliens"]["next"] is None


# ----- hidden information -------------------------------------------------------------------
def test_views_hide_hidden_information_in_combat_and_at_the_end():
    """The new parts (combat cards, aliens, scoring) depend on nothing a seat cannot see."""
    rng = Rng(5)
    hits = {"combat": 0, "over": 0}

    def check(s):
        if s.combat.active and not s.over and hits["combat"] < 25:
            hits["combat"] += 1
            check_views(s, rng)
            v = s.view(None)
            assert v["hand"] is None
            for q in range(s.num_players):
                assert all(x["card"] not in s.hands[q] for x in v["combat"]["cards"])
        if s.over:
            hits["over"] += 1
            check_views(s, rng)
    for players, seed in ((3, 21), (4, 22), (5, 23)):
        random_game(players, seed, check)
    assert hits["combat"] > 0 and hits["over"] == 3


def test_bag_counts_do_not_reveal_the_bag_order():
    """The counts of tile kinds in the bag are keyed in a fixed order: two bags holding the
    same tiles in different orders give the same JSON, key order included."""
    s = GAME.new_state(3, seed=4)
    before = json.dumps(s.view(0))
    keys = list(s.view(0)["bag_counts"])
    s.bag.reverse()
    assert json.dumps(s.view(0)) == before
    s.bag[:] = sorted(s.bag, key=lambda t: -s.comp.tile_kind[t])   # the highest kind at the bottom
    assert json.dumps(s.view(0)) == before
    order = list(TILE_KINDS)
    assert keys == sorted(keys, key=order.index)


def test_views_built_from_one_shared_part_are_each_seats_own():
    """A server builds the seat-independent part of a position's views once
    (``view_common``) and every seat's view from it (``view_for``): each equals the view that
    seat gets alone (JSON, key order included), in whatever order the seats are served, and
    serving one seat changes nothing the next one is served from (no hand, no decision's
    options and no private log line passes from one view to another)."""
    seen = {"hands": 0, "private_log": 0}

    def check(s):
        seats = [None, *range(s.num_players)]
        alone = {seat: json.dumps(s.clone().view(seat)) for seat in seats}
        common = s.view_common()
        before = json.dumps(common)
        for seat in reversed(seats) if len(s.log) % 2 else seats:
            v = s.view_for(seat, common)
            assert json.dumps(v) == alone[seat], f"seat {seat}"
            assert json.dumps(common) == before, "serving a seat changed the shared part"
        tm = s.to_move()
        for seat in seats:
            v = s.view_for(seat, common)
            assert ("options" in (v["decision"] or {})) == (tm is not None and seat == tm)
            if seat is not None and s.hands[seat]:
                seen["hands"] += 1
                others = [x["card"] for x in v["hand"]]
                assert sorted(others) == sorted(s.hands[seat])
        if any(e.visible_to is not None for e in s.log):
            seen["private_log"] += 1
    for players, seed in ((4, 31), (2, 32)):
        s, r = GAME.new_state(players, seed=seed), Rng(seed)
        for _ in range(300):
            check(s)
            if s.is_terminal():
                break
            la = s.legal_actions()
            s.apply(la[r.below(len(la))])
    assert seen["hands"] > 0 and seen["private_log"] > 0, seen


def test_a_position_whose_planets_did_not_change_hands_out_the_same_planets():
    """The planets are built again only when something they show changed (view.py's memo):
    a clone's view gives the very same list; units moved by hand give a new one, showing them,
    and a later position with the old planets again finds the old list."""
    s = fresh(4, seed=5)
    before = s.view_common()["planets"]
    assert s.clone().view_common()["planets"] is before
    t = s.clone()
    place_units(t, 1, MARS, inf=2)
    after = t.view_common()["planets"]
    assert after is not before and after[MARS]["orbit"][1][0] == before[MARS]["orbit"][1][0] + 2
    assert json.dumps(after) == json.dumps(t.clone().view(None)["planets"])
    assert s.view_common()["planets"] is before


def test_the_tables_tooltips_come_with_the_view_and_carry_this_games_numbers():
    """The tiles, card types and a period explained (text.table_help), handed to the page with
    the view in the reader's language; their numbers are the component data's, so a variant's
    table explains its own game. They are words for people, not observed (checked for every
    game by tests/core/test_presentation_keys.py)."""
    import dataclasses

    from cosmodrome import i18n
    from cosmodrome.games.venus.text import table_help

    s = GAME.new_state(3, seed=4)
    help_ = s.view(0)["help"]
    assert help_ is s.view(None)["help"]          # one object for every seat: diffed by identity
    assert help_["tiles"]["alien"][1].startswith("An invader: defence 7.")
    assert "hand limit 9" in help_["tiles"]["cards"][1] and "players+2 cubes" in help_["phases"]
    variant = dataclasses.replace(s.comp, rules={**s.comp.rules, "windfall": 5, "alien_defence": 9, "mine_income": 4})
    mine = table_help(variant)
    assert "take £5 from" in mine["tiles"]["windfall"][1] and "defence 9" in mine["tiles"]["alien"][1]
    assert "(mine £4, factory £2)" in mine["phases"]
    with i18n.using("hu"):
        hu = table_help(variant)
    assert "5 fontot" in hu["tiles"]["windfall"][1] and "értéke 9" in hu["tiles"]["alien"][1], hu


def test_the_tables_other_rule_words_come_with_the_view_and_carry_this_games_numbers():
    """The stock's income, the kept tiles' and the scoring rows' VP, the combat cost, the skull
    and the windfall's mark (RB: Phase five; Victory points; Combat) come with the view's help
    with the component data's numbers, in the reader's language; the renderer keeps no copy."""
    import dataclasses
    from pathlib import Path

    from cosmodrome import i18n
    from cosmodrome.games.venus.text import table_help

    s = GAME.new_state(3, seed=4)
    help_ = s.view(0)["help"]
    assert help_["stock"] == {"mine": "{n} mine(s): £3 a period each", "factory": "{n} factory(ies): £2 a period each"}
    assert help_["kept"] == "kept tiles: big game and crisis 1 VP each, alien 2 VP"
    assert help_["scoring"] == {"biggame": "Big game (1 VP each)", "crisis": "Crisis tiles (1 VP each)",
                                "alien": "Aliens (2 VP each)"}
    assert help_["combat"].startswith("Cost = defence + (highest die − lowest die)") and help_["windfall"] == "£3"
    assert help_["skull"] == "skull: counts 0 and costs a unit"
    variant = dataclasses.replace(s.comp, rules={**s.comp.rules, "mine_income": 4, "factory_income": 1, "windfall": 5,
                                                 "kept_tile_vp": 2, "alien_vp": 3})
    mine = table_help(variant)
    assert mine["stock"]["mine"] == "{n} mine(s): £4 a period each" and "£1 a period" in mine["stock"]["factory"]
    assert mine["kept"] == "kept tiles: big game and crisis 2 VP each, alien 3 VP"
    assert mine["scoring"]["alien"] == "Aliens (3 VP each)" and mine["windfall"] == "£5"
    with i18n.using("hu"):
        hu = table_help(variant)
    assert hu["stock"]["mine"] == "{n} bánya: egyenként 4 font periódusonként"
    assert hu["kept"] == "megtartott lapkák: trófea és krízis 2-2 GyP, idegen 3 GyP"
    assert hu["scoring"]["crisis"] == "Krízislapkák (egyenként 2 GyP)" and hu["combat"].startswith("Költség = védelem")
    js = (Path(__file__).resolve().parents[2] / "src" / "cosmodrome" / "web" / "js" / "renderers"
          / "venus.js").read_text()
    for text in ("a period each", "1 VP each", "alien 2 VP", "Cost = defence", "skull: counts 0", "skull-marked", "£3"):
        assert text not in js, text
