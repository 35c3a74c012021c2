"""The tooltips of the lap's boxes on the Walking on the Moon table are the game's own words
(``text.table_help``), handed out by the view in the reader's language under ``help``; they are
words for people, not part of what a seat observes, and the renderer keeps no copy."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from moon_helpers import GAME

from cosmodrome.games.lunar.dice import ACCIDENT
from cosmodrome.games.lunar.terrain import AIR, ROCK, TUNNEL_HAZ
from cosmodrome.games.moon.text import table_help
from cosmodrome.i18n import using

RENDERER = Path(GAME.components_file).parents[2] / "web" / "js" / "renderers" / "moon.js"


def test_the_boxes_tooltips_come_with_the_view_by_terrain_code():
    s = GAME.new_state(3, 1)
    help_ = s.view(0)["help"]
    assert help_ is s.view(None)["help"]                 # one object for every seat
    assert len(help_["cells"]) == 6
    assert help_["cells"][AIR].startswith("Sky: you may fly through")
    assert help_["cells"][ROCK] == "Rock: a step into it is a crash."
    assert "no diagonal steps inside the tunnel" in help_["cells"][TUNNEL_HAZ]
    assert help_["sputnik"] == "A Sputnik: pass through to collect a counter."
    assert help_["counters"] == "Sputnik counters: 1 point each; half are lost in an accident"
    with using("hu"):
        hu = GAME.new_state(3, 1).view(0)["help"]
    assert hu["cells"][ROCK] == "Szikla: ha belelépsz, baleset." and hu["sputnik"].startswith("Szputnyik")
    assert hu["counters"].startswith("Szputnyik-jelzők: egyenként 1 pont")


def test_the_counters_and_special_boxes_tooltips_come_with_the_view():
    """A special box (RB: "Special boxes"), the EC counters (RB: "Earth Control") and the
    handicap counters with a handicapped turn's dice, the component data's (RB: "Handicaps")."""
    help_ = GAME.new_state(3, 1).view(0)["help"]
    assert help_["box"].startswith("Special box: a circled box between two lunar cards")
    assert help_["ec"] == "EC counters: spend one to re-roll a die or to take one more die at the start of a turn"
    assert help_["handicap"] == "Handicap counters: the next turn takes only 3 dice"
    with using("hu"):
        hu = GAME.new_state(3, 1).view(0)["help"]
    assert hu["handicap"] == "Hátrányjelzők: a következő körben csak 3 kocka jár"
    assert hu["ec"].startswith("FI-jelzők: egyet elköltve")


def test_a_variants_sputnik_points_show_in_the_counters_tooltip():
    comp = dataclasses.replace(GAME.new_state(3, 1).comp, sputnik_points=2)
    assert table_help(comp)["counters"] == "Sputnik counters: 2 points each; half are lost in an accident"


def test_a_variants_handicapped_turn_shows_its_own_dice():
    comp = GAME.new_state(3, 1).comp
    comp = dataclasses.replace(comp, dice={**comp.dice, "handicap": 2})
    assert table_help(comp)["handicap"] == "Handicap counters: the next turn takes only 2 dice"


def test_the_accident_face_is_explained_on_the_dice_that_carry_it():
    """The face that moves and then causes an accident (RB: How do I jump?; What's an
    accident?): its tooltip, with its steps, on each colour whose die carries it in the
    component data: a variant's dice explain their own faces."""
    comp = GAME.new_state(3, 1).comp
    accident = table_help(comp)["accident"]
    assert accident == {"face": "2!", "dice": {"black": "black die: moves 2, then an accident"}, "code": ACCIDENT}
    white = (1, 1, 1, 2, 2, ACCIDENT)
    variant = dataclasses.replace(comp, faces=(comp.faces[0], white, (1, 1, 1, 2, 2, 2)))
    assert table_help(variant)["accident"]["dice"] == {"white": "white die: moves 2, then an accident"}
    with using("hu"):
        hu = table_help(variant)["accident"]["dice"]
    assert list(hu) == ["white"] and hu["white"].endswith("2 lépés, aztán baleset")


def test_the_renderer_keeps_no_copy_of_the_texts():
    js = RENDERER.read_text(encoding="utf-8")
    for text in ("Sky: you may", "Rock: a step", "A Sputnik: pass", "A tunnel box", "1 point each",
                 "Special box: a circled", "EC counters:", "Handicap counters:", "three dice",
                 "moves 2, then an accident", '"2!"'):
        assert text not in js, text


def test_the_text_legend_numbers_the_levels_of_the_component_data(monkeypatch):
    """The plain-text side view's legend names its rows' levels from ``board.layout.levels``."""
    from cosmodrome.games.moon import text

    assert ("0-3", "the level of a row, 3 on top") in text.legend_rows()
    real = text.load_components()
    monkeypatch.setattr(text, "load_components", lambda: dataclasses.replace(real, layout={**real.layout, "levels": 6}))
    assert ("0-5", "the level of a row, 5 on top") in text.legend_rows()
    with using("hu"):
        assert ("0-5", "egy sor szintje, legfelül: 5") in text.legend_rows()


def test_the_renderer_takes_a_cards_width_from_the_view():
    """The strip's card names, column numbers and last-card points are laid out by the lap's
    own card width (one point value a column), not a number written in the renderer."""
    js = RENDERER.read_text(encoding="utf-8")
    assert "v.lap.last_card_points.length" in js
    for written in ("% 7", "(1 + k * 7)", "6 * W", "goal - 6"):
        assert written not in js, written
