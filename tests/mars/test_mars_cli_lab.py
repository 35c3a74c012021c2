"""March on Mars through the command line and the lab: play at the terminal with bot marines
to the end, simulate, a tournament with the team's result, balance by threat level, and the
games listing."""

from typer.testing import CliRunner

from cosmodrome.cli.app import app
from cosmodrome.cli.main import main
from cosmodrome.core import GameRecord

runner = CliRunner()


def test_play_at_the_terminal_with_bot_marines_to_the_end(tmp_path):
    out = tmp_path / "mars.json"
    res = runner.invoke(app, ["play", "mars", "--players", "3", "--seats", "human,heuristic,random",
                              "--seed", "3", "--save", str(out)], input="1\n" * 600)
    assert res.exit_code == 0, res.output
    assert "Result" in res.output and "The team" in res.output
    rec = GameRecord.load(out)
    assert rec.game == "mars" and rec.replay().is_terminal()


def test_simulate_tournament_and_balance(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "mars", "-n", "6", "--players", "2", "--seed", "2"]) == 0
    assert "kills" in capsys.readouterr().out
    assert main(["tournament", "mars", "--bots", "heuristic,random", "-n", "4", "--players", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "team win rate" in out
    assert main(["balance", "mars", "-n", "6", "--players", "3", "-o", "threat=baby"]) == 0
    assert "rounds" in capsys.readouterr().out


def test_games_lists_mars_and_its_reconstruction(capsys):
    assert main(["games", "mars"]) == 0
    out = capsys.readouterr().out
    assert "March on Mars" in out and "assumed" in out.lower()
