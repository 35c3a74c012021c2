"""Each planet's crisis is told once, in the game's text module (``text.CRISIS_HELP``, written
with the component data's numbers by ``text.crisis_texts``): the view hands it to the page's
planet tooltips in the reader's language, and the rules page lists it; the page's renderer
holds no copy."""

import re
from pathlib import Path

from venus_helpers import variant_state

from cosmodrome.games.venus import GAME
from cosmodrome.games.venus.components import load_components
from cosmodrome.games.venus.text import crisis_texts
from cosmodrome.i18n import using

RENDERER = Path(GAME.components_file).parents[2] / "web" / "js" / "renderers" / "venus.js"


def test_the_view_names_each_planets_crisis_in_the_readers_language():
    s = GAME.new_state(3, 1)
    planets = s.view(0)["planets"]
    assert [(p["crisis_name"], p["crisis_help"]) for p in planets] == list(crisis_texts(s.comp))
    assert planets[0]["crisis_name"] == "Bazagthoth the Blinded" and "£3" in planets[0]["crisis_help"]
    with using("hu"):
        hu = GAME.new_state(3, 1).view(None)["planets"]
    assert hu[0]["crisis_name"] == "Világtalan Bazagthoth" and hu[1]["crisis_name"] == "A vénusziak lázadása"


def test_the_rules_page_lists_the_crises():
    crises = [sec for sec in GAME.how_to_play()["sections"] if sec["heading"] == "Crises"][0]
    assert crises["items"] == [list(x) for x in crisis_texts(load_components())]


def test_the_renderer_keeps_no_copy_of_the_rule_texts_nor_of_svg():
    js = RENDERER.read_text(encoding="utf-8")
    assert "PLANET_HELP" not in js and "Bazagthoth the Blinded" not in js
    imported = re.search(r'^import \{([^}]*)\} from "\.\./api\.js";', js, re.M)
    assert "function svg(" not in js and imported and "svg" in [n.strip() for n in imported.group(1).split(",")]


def test_a_variant_s_crises_read_its_numbers(tmp_path):
    """Issue #28: the levels, costs, losses and dice of the crises are the data's."""
    values = dict(bazagthoth_building_cost=4, uprising_units=1, independence_level=5, major_rebellion_losses=3,
                  damage_dice=2, martian_losses=2, pirate_fee=2, alien_defence=8)
    s = variant_state(tmp_path, "crisis", **values)
    words = [p["crisis_help"] for p in s.view(0)["planets"]]
    assert "level 3+ pay £4 to destroy" in words[0]
    assert words[1].startswith("Level 2–4: every empire loses one unit here") and "Level 5+:" in words[1]
    assert "level 3: three." in words[2] and "two dice worth of units" in words[3]
    assert "loses two buildings. Level 4+:" in words[4] and "takes two dice of damage" in words[4]
    assert "pay £2 for each" in words[6] and "(defence 8," in words[7]
    with using("hu"):
        hu = [p["crisis_help"] for p in GAME.new_state(3, 1, options=s.options).view(0)["planets"]]
    assert "3+. szint: 4 fontért" in hu[0] and "2–4. szint" in hu[1] and "két kockányi" in hu[3]
    for line in words + hu:
        assert "{" not in line

