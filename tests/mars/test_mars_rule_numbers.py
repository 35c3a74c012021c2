"""The numbers of the rules that no other table of March on Mars's component data holds are
read from its ``[rules]`` (``components.toml``), each marked fact or assumed with its rulebook
section: the missile battery's dice and hits (RB: Supporting from base) and the turns the
Power-up injector leaves a marine tired (RB: Special training) (issue #28). The antenna is
found by its name among the data's upgrades; the Lucky charm's odds count the faces the data
gives a die, and a die is rolled from them. The sentinels roll dice of the colour the data gives; the fragmentation
missile spreads as far as ``rules.fragmentation_spread``."""

from __future__ import annotations

import dataclasses
import tomllib

import pytest
from mars_helpers import GAME, alien, bare

from cosmodrome.core import DataError, RecordError
from cosmodrome.core.howto import load_howto, page
from cosmodrome.games.lunar.dice import ACCIDENT, BLACK, BLUE, DIE_COLOUR, WHITE
from cosmodrome.games.mars import text, turn, waves
from cosmodrome.games.mars.components import DATA_FILE, RULE_KEYS, UPGRADES, load_components
from cosmodrome.games.mars.state import A_MISSILE, DEAD, LZ, PROGRAM, encode_missile
from cosmodrome.i18n import using

B, R = 1, 2                      # alien colours: yellow, blue, red


def components(**rules) -> dict:
    """The ``components`` option of a variant with the given ``[rules]`` numbers."""
    toml = "".join(f'[rules.{k}]\nvalue = {v}\nstatus = "assumed"\nsource = "ours"\n' for k, v in rules.items())
    return {"toml": toml, "name": "-".join(f"{k}{v}" for k, v in rules.items())}


def test_the_numbers_are_component_data_marked_fact_and_cited():
    raw = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))["rules"]
    assert set(raw) == set(RULE_KEYS)
    for key in RULE_KEYS:
        assert raw[key]["status"] == "fact" and raw[key]["source"].startswith("RB: "), key
    assert load_components().rules == {"missile_dice": 2, "piercing_hits": 3, "fragmentation_hits": 1,
                                       "fragmentation_spread": 1, "injector_tired_turns": 1}


def base_turn(**rules):
    """Marine 0 in the LZ about to act, marine 1 the beacon in the next column."""
    s = bare(2, components=components(**rules)) if rules else bare(2)
    s.column[0], s.level[0] = 0, 1
    s.column[1], s.level[1] = 1, 1
    s.acting, s.phase, s.die_action = 0, PROGRAM, [-1] * 6
    return s


@pytest.mark.parametrize("n", [2, 1])
def test_the_missile_rolls_the_white_dice_the_data_gives(n, monkeypatch):
    """RB: Supporting from base: "Roll 2 white dices" as printed; a variant's one die gives
    a distance of that die alone."""
    s = base_turn() if n == 2 else base_turn(missile_dice=n)
    red = alien(s, R, *crowded_box(s, 1 + 2 * n))          # where n white 2s land from the beacon
    rolls = []
    monkeypatch.setattr(s, "roll_die", lambda d: rolls.append(d) or 2)
    s.apply(encode_missile(0, 0, 1))
    assert rolls == [2, 3][:n] and all(DIE_COLOUR[d] == WHITE for d in rolls)
    assert s.alien_place[red] == DEAD


def crowded_box(s, col):
    return col, next(y for y in range(4) if s.standing(col, y) and s.circled(col, y))


@pytest.mark.parametrize("hits, red_dies", [(3, True), (2, False)])
def test_a_piercing_missile_makes_the_hits_the_data_gives(hits, red_dies, monkeypatch):
    """RB: Supporting from base: the piercing missile makes 3 hits in its box: a red alien
    (3 hits) dies; with a variant's 2 it survives."""
    s = base_turn() if hits == 3 else base_turn(piercing_hits=hits)
    red = alien(s, R, *crowded_box(s, 1 + 4))              # two white 2s: 4 columns ahead of the beacon
    monkeypatch.setattr(s, "roll_die", lambda d: 2)
    s.apply(encode_missile(0, 0, 1))
    assert (s.alien_place[red] == DEAD) is red_dies


@pytest.mark.parametrize("hits, blues_die", [(1, False), (2, True)])
def test_a_fragmentation_missile_makes_the_hits_the_data_gives(hits, blues_die, monkeypatch):
    """RB: Supporting from base: the fragmentation missile makes 1 hit on every box of its
    zones: a blue alien (2 hits) survives; with a variant's 2 each dies."""
    s = base_turn() if hits == 1 else base_turn(fragmentation_hits=hits)
    blues = [alien(s, B, *crowded_box(s, c)) for c in (3, 4, 5)]   # white 1 + 2: 3 columns from the beacon
    monkeypatch.setattr(s, "roll_die", lambda d: 1 if d == 2 else 2)
    s.apply(A_MISSILE + (1 * 2 + 0) * 5 + 1)
    assert [s.alien_place[a] == DEAD for a in blues] == [blues_die] * 3


@pytest.mark.parametrize("spread", [1, 2, 0])
def test_the_fragmentation_missile_spreads_as_far_as_the_data_gives(spread, monkeypatch):
    """RB: Supporting from base: the impacted zone and the 2 adjacent ones (one column on each
    side) as printed; a variant's spread of 2 reaches two columns each side, of 0 the impact's alone."""
    s = base_turn() if spread == 1 else base_turn(fragmentation_spread=spread)
    yellows = {c: alien(s, 0, c, next(y for y in range(4) if s.standing(c, y))) for c in range(2, 7)}  # impact: 4
    monkeypatch.setattr(s, "roll_die", lambda d: 1 if d == 2 else 2)
    s.apply(A_MISSILE + (1 * 2 + 0) * 5 + 1)
    assert {c: s.alien_place[a] == DEAD for c, a in yellows.items()} == {c: abs(c - 4) <= spread for c in yellows}


def sentinel_round(colour, monkeypatch, face=None):
    """Both upgrade slots hold sentinels (printed dice, or a variant's of ``colour``); the
    faces each sentinel die is rolled from are recorded (and ``face`` rolled, if given)."""
    s = bare(2) if colour is None else bare(2, components={"name": colour, "toml": (
        f'[upgrades.sentinels]\nvalue = {{ dice = 2, colour = "{colour}" }}\nstatus = "assumed"\nsource = "ours"\n')})
    s.upgrades = [UPGRADES.index("sentinels")] * 2
    rolled = []
    monkeypatch.setattr(waves, "roll_face", lambda rng, faces, die: rolled.append(tuple(faces)) or
                        (face if face is not None else faces[0]))
    return s, rolled


@pytest.mark.parametrize("colour, die", [(None, BLUE), ("white", WHITE), ("black", BLACK)])
def test_the_sentinels_roll_the_dice_of_the_colour_the_data_gives(colour, die, monkeypatch):
    """RB: Base upgrades: two dice each round (their colour was a picture; ours: blue). A
    variant's white or black sentinel dice roll that colour's faces, not the blue die's."""
    s, rolled = sentinel_round(colour, monkeypatch)
    waves.sentinels(s)
    assert rolled == [s.comp.faces[die]] * 4
    assert s.comp.faces[die] != s.comp.faces[BLUE] or die == BLUE


def test_a_sentinel_s_accident_face_shoots_as_far_as_its_steps(monkeypatch):
    """A black sentinel die's 2! face moves 2: the group hits the LZ box 2 columns in."""
    s, _ = sentinel_round("black", monkeypatch, face=ACCIDENT)
    lz = s.zone_cols(LZ)
    lvl = s.comp.layout["connector_level"]
    col = lz.start + 1 if waves.slot_side(s, 0) == waves.LEFT else lz.stop - 2    # 2 columns in from its end
    near = alien(s, 0, col, lvl)
    waves.sentinels(s)
    assert s.alien_place[near] == DEAD
    assert any("2!, 2!" in e.text for e in s.ev if e.kind == "sentinels")


def test_a_sentinel_colour_the_dice_do_not_have_is_refused():
    with pytest.raises(DataError, match="upgrades.sentinels"):
        GAME.new_state(2, 1, {"components": {"name": "red", "toml": (
            '[upgrades.sentinels]\nvalue = { dice = 2, colour = "red" }\nstatus = "assumed"\nsource = "ours"\n')}})


@pytest.mark.parametrize("turns", [1, 2, 0])
def test_the_injector_tires_the_marine_for_the_turns_the_data_gives(turns):
    """RB: Special training, Power-up injector: "the next turn after using the injector you
    can only use 3 dices": one turn as printed, a variant's number of turns otherwise."""
    s = bare(2) if turns == 1 else bare(2, components=components(injector_tired_turns=turns))
    s.acting, s.training[0] = 0, turn.INJECTOR
    turn.begin_turn(s, 0)
    turn.inject(s)
    assert s.dice_count == 6
    turn.finish_turn(s)
    counts = []
    for _ in range(3):
        turn.begin_turn(s, 0)
        counts.append(s.dice_count)
        turn.finish_turn(s)
    assert counts == [3] * turns + [4] * (3 - turns)


def test_a_saved_tired_marine_loads_within_the_data_s_turns():
    """The saved ``tired`` counter is bounded by the data's turns: 3 is a marine injected
    two turns of tiredness ago in a variant of two, not in the printed game."""
    opts = {"components": components(injector_tired_turns=2)}
    s = bare(2, **opts)
    d = dict(s.to_json(), tired=[3, 0])
    assert GAME.state_from_json(d).tired == [3, 0]
    with pytest.raises(RecordError, match="inconsistent"):
        GAME.state_from_json(dict(bare(2).to_json(), tired=[3, 0]))


def test_the_lucky_charm_odds_count_the_faces_the_data_gives():
    """The chance that dice rolled again reach a sum divides by the faces the data gives
    each die (not six faces written in code): a blue die of faces 1, 2, 3 reaches 3 once in
    three."""
    s = bare(2)
    assert turn.odds(s, [0], [1], 0, 3) == pytest.approx(2 / 6)                    # printed: 1 1 2 2 3 3
    assert turn.odds(s, [0, 2], [1, 1], 0, 5) == pytest.approx(2 / 6 * 3 / 6)     # a 3 and a 2
    s.comp = dataclasses.replace(s.comp, faces=((1, 2, 3), (1, 2), s.comp.faces[2]))
    assert turn.odds(s, [0], [1], 0, 3) == pytest.approx(1 / 3)
    assert turn.odds(s, [0, 2], [1, 1], 0, 5) == pytest.approx(1 / 3 * 1 / 2)
    assert turn.odds(s, [0, 2], [3, 1], 1, 5) == pytest.approx(1 / 2)               # the 3 kept


def test_the_antenna_is_found_by_its_name_in_the_data_s_order():
    assert UPGRADES[turn.ANTENNA] == "antenna"
    s = bare(2)
    s.column[0] = s.zone_cols(LZ)[0]
    s.upgrades = [UPGRADES.index("antenna")] * 2
    assert turn.antenna(s, 0)
    s.upgrades = [UPGRADES.index("sentinels")] * 2
    assert not turn.antenna(s, 0)


@pytest.mark.parametrize("rules, words", [
    ({"missile_dice": 3}, "rules.missile_dice must be a whole number from 1 to 2, not 3"),
    ({"piercing_hits": 0}, "rules.piercing_hits must be a whole number from 1 to 12, not 0"),
    ({"injector_tired_turns": 9}, "rules.injector_tired_turns must be a whole number from 0 to 8, not 9"),
])
def test_a_variant_out_of_bounds_is_refused(rules, words):
    with pytest.raises(DataError, match=words):
        GAME.new_state(2, 1, {"components": components(**rules)})


def test_a_variant_written_before_the_numbers_moved_into_the_data_plays_them_as_printed():
    s = GAME.new_state(2, 1, {"components": {"name": "old", "toml": (
        '[aliens.hits]\nvalue = { yellow = 1, blue = 3, red = 3 }\nstatus = "assumed"\nsource = "ours"\n')}})
    assert s.comp.hits == (1, 3, 3) and s.comp.rules == load_components().rules


def test_a_die_is_rolled_from_the_faces_the_data_gives_it():
    """``roll_die`` draws one of the faces of the die's colour, however many the data gives
    (not one of six written in code): a blue die of faces 1, 2, 3 shows each of them."""
    s = bare(2)
    s.comp = dataclasses.replace(s.comp, faces=((1, 2, 3), s.comp.faces[1], s.comp.faces[2]))
    assert {s.roll_die(0) for _ in range(60)} == {1, 2, 3}


def support_text():
    page = GAME.how_to_play()
    return next(p for sec in page["sections"] for p in sec["paragraphs"] if "beacon" in p or "jeladó" in p)


def test_how_to_play_names_the_missile_s_numbers_from_the_data_in_words():
    """"How to play" writes the missile's numbers (``{rules.x}``: ``Game.help_numbers``) as
    words, in the reader's language; a page filled from other numbers says those."""
    assert GAME.help_numbers()["missile.fragmentation_zones"] == 3
    assert ("a distance of two white dice from a marine acting as beacon (piercing: three hits in a box; "
            "fragmentation: one hit in every box of three zones)") in support_text()
    with using("hu"):
        assert "két fehér kocka távolságra" in support_text()
        assert "(átütő: három találat egy mezőbe; repesz: egy-egy találat három zóna minden mezőjébe)" in support_text()
        assert GAME.help_numbers() is GAME.help_numbers() and GAME.help_numbers()["rules.missile_dice"] == 2
    other = dataclasses.replace(load_components(), rules=dict(load_components().rules, fragmentation_spread=2),
                                sentinels=dict(load_components().sentinels, dice=3))
    numbers = text.help_numbers(other)
    assert numbers["missile.fragmentation_zones"] == 5 and numbers["upgrades.sentinels.dice"] == 3
    filled = page(load_howto(GAME.help_file), GAME.help_items, numbers)     # the page of those numbers
    paragraphs = " ".join(p for sec in filled["sections"] for p in sec["paragraphs"])
    assert "one hit in every box of five zones" in paragraphs and "shoot with three dice every round" in paragraphs
