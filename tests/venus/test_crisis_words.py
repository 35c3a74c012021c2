"""Each planet's crisis is told once, in the game's text module (``text.CRISIS_HELP``): the
view hands it to the page's planet tooltips in the reader's language, and the rules page
lists it; the page's renderer holds no copy."""

import re
from pathlib import Path

from cosmodrome.games.venus import GAME
from cosmodrome.games.venus.text import CRISIS_HELP
from cosmodrome.i18n import using

RENDERER = Path(GAME.components_file).parents[2] / "web" / "js" / "renderers" / "venus.js"


def test_the_view_names_each_planets_crisis_in_the_readers_language():
    s = GAME.new_state(3, 1)
    planets = s.view(0)["planets"]
    assert [(p["crisis_name"], p["crisis_help"]) for p in planets] == list(CRISIS_HELP)
    assert planets[0]["crisis_name"] == "Bazagthoth the Blinded" and "£3" in planets[0]["crisis_help"]
    with using("hu"):
        hu = GAME.new_state(3, 1).view(None)["planets"]
    assert hu[0]["crisis_name"] == "Világtalan Bazagthoth" and hu[1]["crisis_name"] == "A vénusziak lázadása"


def test_the_rules_page_lists_the_crises():
    crises = [sec for sec in GAME.how_to_play()["sections"] if sec["heading"] == "Crises"][0]
    assert crises["items"] == [list(x) for x in CRISIS_HELP]


def test_the_renderer_keeps_no_copy_of_the_rule_texts_nor_of_svg():
    js = RENDERER.read_text(encoding="utf-8")
    assert "PLANET_HELP" not in js and "Bazagthoth the Blinded" not in js
    imported = re.search(r'^import \{([^}]*)\} from "\.\./api\.js";', js, re.M)
    assert "function svg(" not in js and imported and "svg" in [n.strip() for n in imported.group(1).split(",")]
