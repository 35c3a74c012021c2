"""The balance breakdown: the win rate by the values of an option and by player count, with
Wilson intervals, knowing games only through the core."""

import pytest

from cosmodrome.cli.main import main
from cosmodrome.core import OptionError
from cosmodrome.lab.breakdown import axes, breakdown, markdown, option_values, wanted
from cosmodrome.lab.stats import wilson


def test_cells_for_every_value_and_player_count_with_their_intervals():
    cells = breakdown("mars", ["random"], 3, seed=2, options={}, by="threat", players=[2, 3])
    assert [(c["value"], c["players"]) for c in cells] == [(t, p) for t in ("baby", "normal", "sergeant",
                                                                             "exterminator") for p in (2, 3)]
    for c in cells:
        assert c["games"] == 3 and 0 <= c["wins"] <= 3
        assert c["ci"] == list(wilson(c["wins"], 3)) and sum(c["end_causes"].values()) == 3
    assert "| baby | 2 | 3 |" in "\n".join(markdown(cells, True))


def test_the_game_chooses_the_default_axis_and_a_fixed_option_is_not_swept():
    assert wanted("mars", None) and not wanted("pocket-race", None) and wanted("pocket-race", "x")
    assert axes("mars", {}, None, None) == ("threat", [2, 3, 4, 5])
    assert axes("mars", {"threat": "baby"}, None, 3) == ("", [3])
    with pytest.raises(OptionError, match="fixed with -o"):
        axes("mars", {"threat": "baby"}, "threat", None)


def test_an_option_without_fixed_values_or_unknown_is_refused():
    assert option_values("mars", "upgrades") == ("bunkers", "random")
    with pytest.raises(OptionError, match="no fixed list"):
        option_values("pocket-race", "rounds")
    with pytest.raises(OptionError, match="no option 'colour'"):
        option_values("mars", "colour")


def test_balance_prints_the_breakdown(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["balance", "mars", "-n", "2", "--players", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Win rate by threat and player count" in out and "exterminator" in out and "95% CI" in out
    report = next((tmp_path / "runs").glob("balance-*/report.md")).read_text()
    assert "## Win rate by threat and player count" in report
    assert main(["balance", "pocket-race", "-n", "2", "--by", "rounds"]) == 2
