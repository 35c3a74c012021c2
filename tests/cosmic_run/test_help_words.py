"""The tooltips' texts of the Cosmic Run page are the game's own (``text.SHEET_HELP`` and
``text.TECH_HELP``), handed out by the view in the reader's language; the renderer keeps no
copy."""

from pathlib import Path

from cosmodrome.games.cosmic_run import GAME
from cosmodrome.games.cosmic_run.text import SHEET_HELP, TECH_HELP
from cosmodrome.i18n import using

RENDERER = Path(GAME.components_file).parents[2] / "web" / "js" / "renderers" / "cosmic-run.js"


def test_the_view_hands_out_the_help_in_the_readers_language():
    s = GAME.new_state(2, 3)
    help_ = s.view(0)["sheet"]["help"]
    assert set(help_["sheet"]) == set(SHEET_HELP) and set(help_["tech"]) == set(TECH_HELP)
    assert help_["tech"]["warp drive"][0] == "Warp drive" and help_["tech"]["warp drive"][2] == "rulebook: Warp Drive"
    assert help_["sheet"]["round"][0] == "Round track"
    with using("hu"):
        hu = GAME.new_state(2, 3).view(0)["sheet"]["help"]
    assert hu["sheet"]["round"][0] != "Round track" and hu["sheet"]["round"][2] == "rulebook: Playing the Game; Game End"


def test_the_renderer_keeps_no_copy_of_the_help_texts():
    js = RENDERER.read_text(encoding="utf-8")
    assert "Spend one during a movement die" not in js and "Twelve rounds." not in js
