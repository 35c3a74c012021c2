"""What the project tells users about reconstructed component data: read from the fact /
assumed marks of each game's component file, shown by `cosmodrome games` and in game info."""

import re

from typer.testing import CliRunner

from cosmodrome.cli import main as _main  # noqa: F401  (registers the commands)
from cosmodrome.cli.app import app
from cosmodrome.core import games, get_game
from cosmodrome.core.provenance import data_entries, file_entries, reconstruction

runner = CliRunner()


def _marked_tables(path):
    """Count the tables of a TOML file that carry a status mark, independently of the module."""
    text = path.read_text()
    return len(re.findall(r'^\s*status\s*=\s*"(fact|assumed)"', text, re.M)) + \
        len(re.findall(r'status\s*=\s*"(fact|assumed)"\s*,', text))


def test_every_marked_entry_of_each_game_file_is_read():
    for g in games():
        if g.components_file is None:
            continue
        entries = file_entries(g.components_file)
        assert len(entries) == _marked_tables(g.components_file), g.name
        assert {e.status for e in entries} <= {"fact", "assumed"}
        assert all(e.source for e in entries), f"{g.name}: an entry without a source"


def test_reconstruction_counts_only_assumed_entries_per_section():
    data = {"planets": [{"name": "Mars", "vp": [1], "status": "assumed", "source": "ours"},
                        {"name": "Moon", "vp": [9], "status": "fact", "source": "RB"}],
            "rules": {"hand": {"value": 9, "status": "fact", "source": "RB"}}}
    rec = reconstruction(data_entries(data))
    assert rec == [{"section": "planets", "assumed": 1, "total": 2,
                    "entries": [{"path": "planets[Mars]", "source": "ours"}]}]


def test_venus_says_which_planets_and_titles_are_ours():
    info = get_game("venus").info()["reconstructed"]
    planets = next(s for s in info["sections"] if s["section"] == "planets")
    paths = {e["path"] for e in planets["entries"]}
    assert "planets[Mars]" in paths and "planets[Moon]" not in paths  # the Moon's VP are printed
    assert any("Card titles" in n for n in info["notes"])


def test_games_command_lists_reconstructed_counts_and_details():
    res = runner.invoke(app, ["games"])
    assert res.exit_code == 0, res.output
    assert "reconstruct" in res.output
    res = runner.invoke(app, ["games", "venus"])
    assert res.exit_code == 0, res.output
    # each entry in words (core.component_words), as "About this game" names it
    assert "planets › Mars" in res.output and "tiles › factory" in res.output and "cards › 1 combat point" in res.output
    total = sum(s["assumed"] for s in get_game("venus").reconstructed()["sections"])
    assert res.output.count("\n    ") >= total


def test_games_command_unknown_name_is_a_clear_error():
    res = runner.invoke(app, ["games", "nope"])
    assert res.exit_code != 0
    assert "unknown game 'nope'" in str(res.exception) + res.output
