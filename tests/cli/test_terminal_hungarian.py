"""Each game played in the terminal in Hungarian (issue #29: "in the browser and in the
terminal"; a Hungarian reader of ``cosmodrome play GAME --lang hu`` met the boards' legends,
their keys and abbreviations in English): a few typed decisions, the legend (``l``), a
refused line, then a whole game of bots to its final table. The output holds under 3%
English function words, and each legend is written as the board writes it in Hungarian."""

from __future__ import annotations

import builtins
import re

import pytest

from cosmodrome import i18n
from cosmodrome.cli.main import main
from cosmodrome.cli.session import legend_text
from cosmodrome.core import get_game
from cosmodrome.testing.words import english_share

#: per game: the Hungarian marks its legend and board write, and the English ones they wrote
#: before (a symbol column of the legend, a key, an abbreviation), as regular expressions on
#: the terminal's output
MARKS = {
    "venus": {
        "hungarian": [r"^2gy/1ű/0t\s+egységek", r"^GyP 9/5/3\s", r"^\[n\] lapka\s", r"^LEZÁRVA\s", r"^IDEGEN\s",
                      r"^krízisszint n\s", r"^gy/űrc/tank/bánya/gyár\s", r"^megtartva\s",
                      r"pálya \d+gy/\d+ű/\d+t",
                      r"— ahogy (a|az) \w+ Birodalom .*látja"],   # the panel title gives the seat its article
        "english": [r"\d+i/\d+s/\d+t\b", r"\btile\b", r"FLIPPED", r"ALIEN", r"\bkept\b", r"inf/ship", r"crisis level"],
    },
    "cosmic-run": {
        "hungarian": [r"^R\s+rajt$", r"^B\s+bolygó$", r"^sor, GyP\s", r"^Techn\. X \* o\s", r"^KI\s+harcképtelen",
                      r"^BOLYGÓ\s+nagybetűs.*\[@BOLYGÓ\]", r"^Újradobás Ú x\s", r"^Raktér n/m\s",
                      r"^\s+GyP\s+narancs", r"Újradobás [Úx]{4}", r"R rajt\s+B bolygó", r"vezérlés [Xo*]{5} hajtómű",
                      r"— ahogy az 1\. játékos látja"],
        "english": [r"\bOUT\b", r"Re-rolls", r"Cargo", r"row, VP", r"PLANET", r"^Tech X", r"^\s+VP\s+narancs",
                    r"^[SP]\s{2,}", r"S eleje", r"vezérlé [Xo*]"],
    },
    "moon": {
        "hungarian": [r"^R\s+a rajtmező", r"^K\s+karikás mező", r"^FI\s+FI-jelzők \(Földi Irányítás\)", r"^  R[ K]+R$",
                      r"— ahogy (a Szovjetunió|az Amerikai Egyesült Államok|Kína|Európa|Japán)\b.* látja"],
        "english": [r"^G\s{2,}", r"^S\s{2,}", r"^EC\s", r"^  G[ S]+G$"],
    },
    "mars": {
        "hungarian": [r"^o3/sz2\s", r"^sárga kék vörös\s", r"^Érkezők\s", r"^bázistalálatok: n/m\s", r"^Fejlesztések\s",
                      r"^lezuhant\s", r"^ölés\s", r"\bo\d+/sz\d+: "],
        "english": [r"\bc\d+/l\d+\b", r"\byellow\b", r"Incoming", r"base hits", r"Upgrades", r"\bkills\b"],
    },
}
GAMES = {"venus": (2, 3), "cosmic-run": (2, 3), "moon": (2, 3), "mars": (2, 6)}   # players, seed


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")   # the terminal's language is the process's: give the next test English


def terminal(args: list[str], typed: list[str], capsys, monkeypatch) -> str:
    """What ``cosmodrome ARGS`` prints when ``typed`` is typed, line by line (then the end of input)."""
    lines = list(typed)

    def read(prompt=""):
        if not lines:
            raise EOFError
        return lines.pop(0)

    monkeypatch.setattr(builtins, "input", read)
    main(args)
    got = capsys.readouterr()
    return got.out + got.err


def played_in_hungarian(game: str, capsys, monkeypatch) -> str:
    """A few typed decisions (with the legend, the whole board and a refused line), then a
    game of bots to its end, both in Hungarian."""
    players, seed = GAMES[game]
    during = terminal(["--lang", "hu", "play", game, "-p", str(players), "--seed", str(seed), "--plain"],
                      ["l", "zz", "1", "b", "1", "1", "1", "l", "q"], capsys, monkeypatch)
    bots = ",".join(["random"] * players)
    end = terminal(["--lang", "hu", "play", game, "-p", str(players), "--seed", str(seed), "--seats", bots, "--plain"],
                   [], capsys, monkeypatch)
    assert "Eredmény" in end and ("A tábla a végén" in end), end[-2000:]
    return during + "\n" + end


@pytest.mark.parametrize("game", list(MARKS))
def test_a_game_in_the_terminal_reads_in_hungarian(game, capsys, monkeypatch):
    out = played_in_hungarian(game, capsys, monkeypatch)
    share, hits = english_share([out])
    assert share < 0.03, f"{share:.1%} English function words, e.g. {hits[:20]}"
    for pattern in MARKS[game]["hungarian"]:
        assert re.search(pattern, out, re.M), f"{pattern!r} not in the output:\n{out[-4000:]}"
    for pattern in MARKS[game]["english"]:
        found = re.search(pattern, out, re.M)
        assert not found, (f"{found.group()!r} (English) in the output: "
                           f"...{out[max(0, found.start() - 200):found.end() + 100]}")
    assert "Please type a number" not in out and "Írj be egy számot 1 és" in out   # the refused "zz"


@pytest.mark.parametrize("game", list(MARKS))
def test_each_legend_symbol_is_written_as_the_board_writes_it(game):
    """The legend's symbols in Hungarian are the board's: a symbol that is a word or an
    abbreviation differs from the English one, and the English legend is as it was."""
    g = get_game(game)
    english = g.legend_rows()
    assert english == [tuple(row) for row in g.legend]
    with i18n.using("hu"):
        hungarian = g.legend_rows()
        text = legend_text(g)
    assert len(hungarian) == len(english)
    for (en, _meaning), (hu, meaning) in zip(english, hungarian):
        if (re.search(r"[A-Za-z]{2,}|^[A-Za-z]$", en)
                and en not in ("o", "x", "X", "t", "T", "A-Z", "a-z", "Tech X * o")):
            assert hu != en, f"{en!r} stays English in the Hungarian legend"
        assert hu in text and meaning in text


def test_a_bad_seats_value_is_refused_in_hungarian(capsys, monkeypatch):
    # (the list of known bots names those other tests registered too, in a shared test process)
    cases = [("human,oracle,random,random", "hiba: ismeretlen bot: 'oracle'; ismert botok: ", "unknown bot"),
             ("human" + ",random" * 5, "hiba: a --seats 6 helyet sorol fel: ", "--seats names"),
             ("human,ismcts:iters=many,random,random",
              "hiba: 'ismcts' bot: az 'iters' paraméter értéke egy egész szám legyen, nem 'many'", "expects"),
             ("human,ismcts:zz=3,random,random", "hiba: az 'ismcts' botnak nincs 'zz' paramétere (paraméterei: c,",
              "has no parameter"),
             ("human,ismcts:iters,random,random",
              "hiba: 'ismcts:iters' bot: a paraméterek alakja kulcs=érték, nem 'iters'",
              "parameters are written")]
    for seats, hungarian, english in cases:
        out = terminal(["--lang", "hu", "play", "venus", "--seats", seats, "--plain"], [], capsys, monkeypatch)
        assert hungarian in out and english not in out, out
    # English reads as it did
    out = terminal(["--lang", "en", "play", "venus", "--seats", cases[0][0], "--plain"], [], capsys, monkeypatch)
    assert "error: unknown bot 'oracle'; known bots: " in out and "heuristic, " in out


def test_a_bad_file_is_refused_in_hungarian(tmp_path, capsys, monkeypatch):
    bad = tmp_path / "bad.json"
    bad.write_text("{x", encoding="utf-8")
    latin = tmp_path / "latin.json"
    latin.write_bytes("{\"game\": \"v\u00e9nus\"}".encode("latin-1"))
    cases = [(["replay", str(tmp_path / "none.json")], "nincs ilyen fájl vagy könyvtár", "No such file"),
             (["replay", str(tmp_path)], "ez egy könyvtár", "Is a directory"),
             (["replay", str(bad)], "a játszma lejegyzése nem érvényes JSON: váratlan szöveg az 1. sor 2. oszlopában",
              "Expecting"),
             (["play", "venus", "--load", str(latin)], "játéklejegyzés nem UTF-8 szöveg", "not UTF-8")]
    for args, hungarian, english in cases:
        out = terminal(["--lang", "hu", *args], [], capsys, monkeypatch)
        assert "hiba: " in out and hungarian in out and english not in out, out


def test_a_record_that_cannot_be_saved_is_said_in_hungarian(tmp_path, capsys, monkeypatch):
    where = tmp_path / "no-such-folder" / "game.json"
    out = terminal(["--lang", "hu", "play", "mars", "-p", "2", "--plain"], [f"s {where}", "q"], capsys, monkeypatch)
    said = f"Nem sikerült a játszma lejegyzését ide menteni: {where}: nincs ilyen fájl vagy könyvtár."
    assert re.sub(r"\s+", "", said) in re.sub(r"\s+", "", out), out   # (the line is wrapped at the console's width)
    assert "No such file" not in out


def test_a_bad_component_file_or_option_is_refused_in_hungarian(tmp_path, capsys, monkeypatch):
    odd = tmp_path / "odd.toml"
    odd.write_text("x = 1\n", encoding="utf-8")
    cases = [("venus", f"components={tmp_path / 'none.toml'}", "nem olvasható: nincs ilyen fájl vagy könyvtár"),
             ("venus", f"components={odd}", "játékelemek: a fájl: hiányzik a 'rules' mező"),
             ("moon", f"components={odd}", "játékelemek: az 'odd.toml' ismeretlen szakaszt tartalmaz: [x]"),
             ("mars", f"components={tmp_path / 'none.toml'}",
              "változatfájl nem olvasható: nincs ilyen fájl vagy könyvtár"),
             ("cosmic-run", f"components={odd}", "komponensfájl: ismeretlen szakasz: [x]"),
             ("cosmic-run", "friendly=maybe", "a 'friendly' beállítás igen/nem típusú értéket vár, nem 'maybe'")]
    for game, option, hungarian in cases:
        out = terminal(["--lang", "hu", "play", game, "-o", option, "--plain"], [], capsys, monkeypatch)
        flat = re.sub(r"\s+", " ", out)
        assert "hiba: " in flat and hungarian in flat, out
        for english in ("cannot read", "No such file", "lacks the field", "unknown section", "expects a"):
            assert english not in flat, out


def test_lang_may_follow_a_players_command(capsys, monkeypatch):
    # "cosmodrome play venus --lang hu" (as a reader writes it) was refused: --lang came before
    # the command only
    monkeypatch.setenv("LANG", "C")
    out = terminal(["play", "venus", "-p", "2", "--plain", "--lang", "hu"], ["l", "q"], capsys, monkeypatch)
    assert "Kezdődik az 1. periódus." in out and "2gy/1ű/0t" in out and "No such option" not in out, out
    out = terminal(["games", "--lang", "hu"], [], capsys, monkeypatch)
    assert "Játszmák" in out and "No such option" not in out, out
    out = terminal(["play", "venus", "--bogus", "--lang", "hu"], [], capsys, monkeypatch)
    assert "Nincs ilyen kapcsoló: --bogus" in out, out
