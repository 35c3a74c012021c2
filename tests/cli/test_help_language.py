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


def test_the_types_and_usage_marks_of_the_help_read_in_hungarian(capsys):
    # Typer writes a parameter's type (<int>, <str>, <bool> for a flag...) and the usage line's
    # [OPTIONS]: a Hungarian reader met them in English
    assert main(["--lang", "hu", "play", "--help"]) == 0
    out = flat(capsys.readouterr().out)
    for word in ("[KAPCSOLÓK] {játék}", "<egész szám>", "<szöveg>", "<útvonal>", "<szám>", "<kapcsoló>", "<szövegek>"):
        assert word in out, out
    for word in ("[OPTIONS]", "<int>", "<str>", "<bool>", "<path>", "<float>", "{game}"):
        assert word not in out, out
    assert main(["--lang", "hu", "--help"]) == 0
    assert "[KAPCSOLÓK] PARANCS [ARGUMENTUMOK]..." in flat(capsys.readouterr().out)
    # English reads as Typer writes it
    assert main(["--lang", "en", "play", "--help"]) == 0
    out = flat(capsys.readouterr().out)
    assert "[OPTIONS] {game}" in out and "<int>" in out and "<bool>" in out


@pytest.mark.parametrize("args, hungarian, english", [
    (["play", "venus", "--players", "x"], "Érvénytelen érték ('--players' / '-p'): az 'x' nem egész szám",
     "Invalid value for '--players' / '-p': Input should be a valid integer"),
    (["play"], "Hiányzik egy argumentum: 'játék'.", "Missing argument 'game'."),
    (["play", "venus", "--bogus"], "Nincs ilyen kapcsoló: --bogus", "No such option: --bogus"),
    (["play", "venus", "--player", "2"], "Nincs ilyen kapcsoló: --player (erre gondoltál: --plain, --players?)",
     "(Possible options: --plain, --players)"),
    (["play", "venus", "--advisor-seconds", "x"], "Érvénytelen érték ('--advisor-seconds'): az 'x' nem szám",
     "Input should be a valid number"),
    (["play", "venus", "--seed"], "A '--seed' kapcsolónak érték kell.", "Option '--seed' requires an argument."),
    (["games", "venus", "mars"], "Fölösleges argumentumok: mars", "Got unexpected extra argument(s) (mars)"),
    (["nocommand"], "Nincs ilyen parancs: 'nocommand'.", "No such command 'nocommand'."),
])
def test_the_command_lines_complaints_read_in_the_language_of_lang(args, hungarian, english, capsys):
    assert main(["--lang", "hu", *args]) == 2
    out = flat(capsys.readouterr().err)
    assert hungarian in out, out
    assert english not in out and "Try '" not in out and "Usage:" not in out, out
    if "--seed" not in args:   # (a value missing at the end of the line is told without the usage)
        assert "Használat: cosmodrome" in out and "Segítség: „cosmodrome" in out, out
    assert main(["--lang", "en", *args]) == 2   # English keeps Typer's own words
    out = flat(capsys.readouterr().err)
    assert english in out, out


def test_an_unknown_language_is_refused_in_the_readers_language(monkeypatch, capsys):
    monkeypatch.delenv("COSMODROME_LANG", raising=False)
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    assert main(["--lang", "xx", "games"]) == 2
    out = flat(capsys.readouterr().err)
    assert "ismeretlen nyelv: 'xx'; válassz ezek közül: en, hu" in out, out
    monkeypatch.setenv("LANG", "C")
    assert main(["--lang", "xx", "games"]) == 2
    assert "unknown language 'xx': choose one of en, hu" in flat(capsys.readouterr().err)


def test_the_list_of_commands_reads_in_hungarian(capsys):
    # cosmodrome --help listed the operator's commands (serve, db, the lab's) in English to a
    # Hungarian reader; their own help pages stay English (docs/TRANSLATING.md)
    from cosmodrome.testing.words import english_share

    assert main(["--lang", "hu", "--help"]) == 0
    out = flat(capsys.readouterr().out)
    share, hits = english_share([out])
    assert share < 0.03, (share, hits)
    assert "A böngészős asztal kiszolgálása" in out and "Serve the browser table" not in out, out
    assert main(["--lang", "en", "--help"]) == 0   # English lists each command's own help as it did
    out = flat(capsys.readouterr().out)
    assert "The compiled engine: 'status' lists each rule module" in out and "Serve the browser table" in out
