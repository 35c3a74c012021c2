"""Walking on the Moon through the command line and the lab: play at the terminal against
bots to the end, simulate, tournament and balance, and the games listing."""


from typer.testing import CliRunner

from cosmodrome.cli.app import app
from cosmodrome.cli.main import main
from cosmodrome.core import GameRecord

runner = CliRunner()


def test_play_at_the_terminal_against_bots_to_the_end(tmp_path):
    out = tmp_path / "moon.json"
    res = runner.invoke(app, ["play", "moon", "--players", "3", "--seats", "human,heuristic,random",
                              "--seed", "3", "--save", str(out)], input="1\n" * 400)
    assert res.exit_code == 0, res.output
    assert "Result" in res.output and "goal" in res.output
    rec = GameRecord.load(out)
    assert rec.game == "moon" and rec.replay().is_terminal()


def test_simulate_tournament_and_balance(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "moon", "-n", "6", "--players", "4", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "accidents" in out and "rounds" in out
    assert main(["tournament", "moon", "--bots", "heuristic,random", "-n", "4", "--players", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "heuristic" in out and "random" in out
    assert main(["balance", "moon", "-n", "6", "--players", "3", "-o", "max_red=0"]) == 0
    assert "rounds" in capsys.readouterr().out


def test_games_lists_the_moon_and_its_reconstruction(capsys):
    assert main(["games", "moon"]) == 0
    out = capsys.readouterr().out
    assert "Walking on the Moon" in out and "cards" in out and "assumed" in out.lower()
