"""The players' commands' ``--help`` in the reader's language (issue #29: a Hungarian reader met
``cosmodrome play --help`` in English under ``LANG=hu_HU`` and ``--lang hu``), and the help of
``play --players`` naming the default the command really takes."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from cosmodrome import i18n
from cosmodrome.cli.app import app
from cosmodrome.cli.main import main
from cosmodrome.cli.play import default_players
from cosmodrome.core import get_game

runner = CliRunner()


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")   # the terminal's language is the process's: give the next test English


def flat(text: str) -> str:
    """The help page's words without the panels' frames and line breaks."""
    return re.sub(r"[\s│╭╮╰╯─]+", " ", text)


@pytest.mark.parametrize("command, hungarian, english", [
    ("play", ["Használat:", "Játék a terminálban", "a játékosok száma", "Argumentumok", "[kötelező]",
              "Kiírja ezt a súgót, és kilép."], ["number of players", "Show this message", "Usage:", "Arguments"]),
    ("replay", ["Egy játéklejegyzés visszajátszása", "visszajátszás e hely szemével"], ["replay as this seat"]),
    ("games", ["A Cosmodrome játékai", "egy játék neve"], ["a game's name"]),
])
def test_a_players_command_helps_in_the_language_of_lang(command, hungarian, english, capsys):
    assert main(["--lang", "hu", command, "--help"]) == 0
    out = flat(capsys.readouterr().out)
    assert all(w in out for w in hungarian), out
    assert not any(w in out for w in english), out


def test_the_help_follows_the_LANG_environment_variable(monkeypatch, capsys):
    monkeypatch.delenv("COSMODROME_LANG", raising=False)
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    res = runner.invoke(app, ["play", "--help"])   # the app as the tests drive it: through --lang's callback
    assert res.exit_code == 0 and "a játékosok száma" in flat(res.output), res.output
    assert main(["--help"]) == 0   # the root's help, read before any callback: from LANG too
    out = flat(capsys.readouterr().out)
    assert "Űrverseny-társasjátékok" in out and "Parancsok" in out and "Játék a terminálban" in out, out
    monkeypatch.setenv("LANG", "C.UTF-8")
    res = runner.invoke(app, ["play", "--help"])
    assert "number of players" in flat(res.output) and "a játékosok száma" not in flat(res.output)


def test_the_help_of_players_names_the_default_play_takes(capsys):
    assert main(["play", "--help"]) == 0
    out = flat(capsys.readouterr().out)
    assert "2+" not in out
    said = re.search(r"number of players \(default: (\d+)", out)
    assert said, out
    for name in ("venus", "mars", "moon"):   # each allows four: the default is four
        assert default_players(get_game(name)) == int(said.group(1)) == 4
    # a game that seats fewer takes its largest table ("the nearest count the game allows")
    assert default_players(get_game("cosmic-run")) == get_game("cosmic-run").max_players == 2
    assert "the nearest count the game allows" in out
