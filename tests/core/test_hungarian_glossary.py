"""The Hungarian catalog's glossary (docs/TRANSLATING.md, "Hungarian terms"), held message by
message and in a Hungarian reader's game: Onward to Venus names each empire once, as the
Hungarian edition prints it (../shared/rules/onward-to-venus-hungarian.txt, Előkészületek,
2. lépés), with its article where it opens a sentence; a game's round is "forduló" in every
game; victory points are "GyP"; a seat ("hely") and a placing ("helyezés") are two words; the
Venus tiles are named as the edition names them (bányalapka, laphúzólapka) and money in pounds
("3 font")."""

from __future__ import annotations

import re
from functools import cache

import pytest
from hu_catalog import messages
from test_i18n_leaks import texts_of

from cosmodrome import i18n
from cosmodrome.games.venus.state import EMPIRES, SHORT

#: the empires as the Hungarian rulebook names them (Előkészületek, 2. lépés), in seat order
EDITION = ("Brit Birodalom", "Francia Birodalom", "Orosz Birodalom", "Német Birodalom", "Amerikai Egyesült Államok")
#: the other names an empire once had in the catalog (the countries, "USA")
COUNTRIES = re.compile(r"Nagy-Britannia|Franciaország|Oroszország|Németország|\bUSA\b")


@cache
def catalog() -> dict:
    """msgid (a tuple for a plural) -> its Hungarian texts."""
    out = {}
    for m in messages():
        key = m.id if isinstance(m.id, str) else tuple(m.id)
        out[(m.context, key)] = [m.string] if isinstance(m.string, str) else list(m.string)
    return out


def ids(m) -> list[str]:
    return [m] if isinstance(m, str) else list(m)


def test_each_venus_empire_has_the_editions_name_in_the_catalog():
    hu = catalog()
    for short, full, name in zip(SHORT, EMPIRES, EDITION):
        assert hu[(None, short)] == [name], short     # the log's name
        assert hu[(None, full)] == [name], full       # the seats' name
    leaks = {m: s for (_c, m), ss in hu.items() for s in ss if COUNTRIES.search(s)}
    assert not leaks, leaks


def test_victory_points_are_gyp_never_gp():
    leaks = {m: s for (_c, m), ss in catalog().items() for s in ss if re.search(r"\bGP\b", s)}
    assert not leaks, leaks


#: "round" in a sense that is not a game's round ("go round the mine", "round and round")
NOT_A_ROUND = re.compile(r"\bround (the|a)\b|round and round|round robin|\b(go|goes|gets|fight) round\b"
                         r"|\bturns?\b|\bcircles?\b")


def test_a_games_round_is_fordulo_in_every_game():
    hu = catalog()
    bad = {}
    for (_c, m), ss in hu.items():
        text = " ".join(ids(m))
        if re.search(r"\b[Rr]ounds?\b", text) and not NOT_A_ROUND.search(text):
            for s in ss:
                if re.search(r"\b[Kk]ör(?!be\b|ül)", s):
                    bad[m] = s
    assert not bad, bad
    assert hu[(None, "Round {n}")] == ["{n}. forduló"] and hu[(None, "Rounds")] == ["Fordulók"]


def test_a_seat_and_a_placing_are_two_words():
    hu = catalog()
    assert "hely" in hu[(None, "Seat {n}")][0]
    assert "helyezés" in hu[(None, "place {n}")][0]
    assert "helyezés" in hu[(None, "income £{n}: {place} place here, {vp} VP")][0]


def test_venus_tiles_and_money_have_the_editions_words():
    hu = catalog()
    assert hu[(None, "a mine{extra} tile")] == ["bányalapka{extra}"]
    assert hu[(None, "a draw two cards{extra} tile")] == ["laphúzólapka{extra}"]
    assert hu[(None, "a factory{extra} tile")] == ["gyárlapka{extra}"]
    pounds = {m: s for (_c, m), ss in hu.items() for s in ss if "£" in s}
    assert not pounds, pounds


@cache
def venus_texts(players: int, seed: int) -> tuple[str, ...]:
    return tuple(texts_of("venus", seed, players))


#: a Venus empire's name inside a text, and the word before it
NAMED = re.compile(r"(?:(\S+)\s+)?(" + "|".join(EDITION) + ")")


@pytest.mark.parametrize("players, seed", [(5, 3), (2, 4)])
def test_a_hungarian_venus_game_names_each_empire_once_with_its_article(players, seed):
    texts = venus_texts(players, seed)
    joined = "\n".join(texts)
    assert not COUNTRIES.search(joined), COUNTRIES.search(joined)
    assert any("A Brit Birodalom " in t for t in texts)
    if players == 5:
        assert any("Az Amerikai Egyesült Államok " in t for t in texts)
    for t in texts:
        for line in t.splitlines():
            line = line.strip()
            # a sentence (a log line: a seat's label or a table's row is none) opens with the
            # article, never with the bare name
            if line.endswith((".", "!")):
                assert not line.startswith(EDITION), line
            # the article fits the name's first sound: "a" before a consonant, "az" before a vowel
            for m in NAMED.finditer(line):
                art = (m.group(1) or "").lower()
                if art in ("a", "az"):
                    assert art == ("az" if m.group(2)[0] in "AEIOUÁÉÍÓÖŐÚÜŰ" else "a"), line


@pytest.mark.parametrize("players, seed", [(2, 4)])
def test_a_hungarian_venus_game_reads_the_editions_tiles_and_pounds(players, seed):
    texts = venus_texts(players, seed)
    joined = "\n".join(texts)
    assert "” lapka" not in joined and "£" not in joined
    assert re.search(r"\b(bánya|gyár|laphúzó|szerencse|trófea|krízis|feszültség)lapka", joined)
    end = [t for t in texts if "Vége a játszmának" in t]
    assert end, "the game did not end"
    assert not re.search(r"GyP \[", end[-1]), end[-1]   # the end line names each empire's points


def test_cosmic_runs_end_line_says_it_once_and_venus_about_credits_the_edition():
    with i18n.using("hu"):
        line = i18n._("Game over after round {n}: {cause}. Scores: {scores}. Winner: {w}.").format(
            n=12, cause=i18n._("twelve rounds are over"), scores="-", w="-")
        about = i18n._("Card titles are our own names, except Gunrunner: the rulebook describes each card's "
                       "effect but prints only that one title.")
    assert line.count("véget ért") == 1, line
    assert "magyar kiadás" in about and "mi adtuk" not in about.split(";")[0], about


#: the Moon's nations as a Hungarian sentence names them: the Soviet Union and the United
#: States with the article, China, Europe and Japan bare (a country's own name)
MOON_ARTICLED = ("Szovjetunió", "Amerikai Egyesült Államok")
MOON_BARE = ("Kína", "Európa", "Japán")


def sentences(texts) -> list[str]:
    return [line.strip() for t in texts for line in t.splitlines() if line.strip().endswith((".", "!"))]


@pytest.mark.parametrize("players, seed", [(4, 3), (2, 5)])
def test_a_hungarian_moon_game_opens_a_nations_sentence_with_its_article(players, seed):
    """probe4 #2: "Szovjetunió dob az első ugrásra" read without its article; "Kína dob" keeps none."""
    said = sentences(texts_of("moon", seed, players))
    bare = re.compile(r"^(?:{}) (?!\()".format("|".join(MOON_ARTICLED)))   # "Szovjetunió: …" is a call, no sentence
    assert not [s for s in said if bare.match(s)], [s for s in said if bare.match(s)][:5]
    assert any(s.startswith("A Szovjetunió ") for s in said)
    assert any(s.startswith("Az Amerikai Egyesült Államok ") for s in said)
    assert any(s.startswith(MOON_BARE) for s in said)
    joined = "\n".join(said)
    assert not re.search(r"\b[Aa]z? (?:{})\b".format("|".join(MOON_BARE)), joined), joined[:2000]
    for m in re.finditer(r"\b([Aa]z?) ({})\b".format("|".join(MOON_ARTICLED)), joined):
        assert m.group(1).lower() == ("az" if m.group(2)[0] == "A" else "a"), m.group()


@pytest.mark.parametrize("players, seed", [(2, 3), (1, 4)])
def test_a_hungarian_cosmic_run_game_opens_a_players_sentence_with_its_article(players, seed):
    """probe4 #2: "1. játékos elveszi a 3. kockát", "Aknák 1. játékos lapján"."""
    said = sentences(texts_of("cosmic-run", seed, players))
    bare = [s for s in said if re.match(r"\d+\. játékos ", s)]
    assert not bare, bare[:5]
    assert any(s.startswith("Az 1. játékos ") for s in said)
    if players == 2:
        assert any(s.startswith("A 2. játékos ") for s in said)
    assert any(s.startswith("Aknák az 1. játékos lapján") for s in said)
    for m in re.finditer(r"\b([Aa]z?) (\d+)\. játékos", "\n".join(said)):
        assert m.group(1).lower() == i18n.article(m.group(2)), m.group()


def test_the_time_out_line_and_the_terminal_title_give_a_seat_its_article():
    """probe4 #2: "játszik Brit Birodalom (vörös) helyett", "ahogy Brit Birodalom (vörös) látja"."""
    from cosmodrome.server import lines
    with i18n.using("hu"):
        out = i18n._(lines.TIMED_OUT_BOT_PLAYS).format(who="Anna (Brit Birodalom (vörös))", level="Könnyű",
                                                     seat="Brit Birodalom (vörös)")
        lost = i18n._(lines.TIMED_OUT_SEAT_LOSES).format(who="Anna", seat="Amerikai Egyesült Államok (fekete)")
        views = [i18n._("{game} — {seat}'s view").format(game="Séta a Holdon", seat=seat)
                 for seat in ("Amerikai Egyesült Államok", "Szovjetunió és Európa", "Kína és a Szovjetunió")]
        board = i18n._("Board — {who}'s view").format(who="1. játékos")
    assert "játszik a Brit Birodalom (vörös) helyett" in out, out
    assert out.startswith("Anna (Brit"), out   # a person's name keeps none
    assert "véget ért, az Amerikai Egyesült Államok (fekete) vesztett" in lost, lost
    assert views == ["Séta a Holdon — ahogy az Amerikai Egyesült Államok látja",
                     "Séta a Holdon — ahogy a Szovjetunió és Európa látja",
                     "Séta a Holdon — ahogy Kína és a Szovjetunió látja"], views
    assert board == "Tábla — ahogy az 1. játékos látja", board


def test_fourth_readers_words_hold_in_the_catalog():
    """A Hungarian reader's findings (probe 4): the Mars training "Ranger" is "Portyázó" in every
    sentence; a game's record is a "lejegyzés", never a "feljegyzés"; the edition's word for a Free
    Action is "mellékakció"; the terminal's keys read "a: tanács" (not "the advice"); a refusal
    names the seat's secret key in words, not "helytoken"; a Venus hint does not repeat its label;
    the guide quotes the label it names."""
    hu = catalog()
    texts = {m: s for (_c, m), ss in hu.items() for s in ss if s}
    for word in (r"\bRanger", "feljegyz", "szabad akci", "helytoken"):
        leaks = {m: s for m, s in texts.items() if re.search(word, s)}
        assert not leaks, (word, leaks)
    keys = hu[(None, "number: choose · a advise · u undo · b board · l legend · s FILE save · q quit")][0]
    assert "a: tanács · u: visszavonás" in keys
    assert not hu[(None, "No claim: the move is done.")][0].startswith(hu[(None, "Do not claim")][0])
    assert hu[(None, "“{label}”, marked in the decision panel; where the board shows it, "
                     "its place is lit there too.")][0].startswith("„{label}”")
    assert hu[(None, "combat points")] == ["harci pont"]


@pytest.mark.parametrize("msgid", [
    "an account name has 3 to 24 letters, digits, '_', '-' or '.', not {name!r}",
    "no game {game_id!r} on this server", "no player {name!r}", "the name {name!r} is taken: choose another"])
def test_a_servers_refusal_opens_with_a_capital_and_quotes_the_hungarian_way(msgid):
    """Shown alone under a form or on a page (probe 4, finding 7): a sentence, „…” around a value."""
    (hu,) = catalog()[(None, msgid)]
    assert hu[0].isupper() and "'" not in hu and "!r" not in hu and "„{" in hu, hu


def test_a_venus_units_combat_points_are_named_in_words_in_the_lab():
    """The design lab's field of a unit's ``cp`` (probe 4, finding 9): "harci pont", not "HP"."""
    from cosmodrome.core.component_words import field_label

    with i18n.using("hu"):
        assert field_label("cp") == "harci pont"
    assert field_label("cp") == "combat points"


def test_the_venus_tiles_read_in_one_style_in_about_this_game():
    """"About this game", the lab and ``games venus`` name each kind of tile alike (probe 4,
    finding 9: "gyár", "Laphúzás", "Trófea", "szerencse")."""
    from cosmodrome.core import get_game
    from cosmodrome.core.component_words import entry_label

    names = get_game("venus").component_names
    with i18n.using("hu"):
        words = [entry_label(f"tiles[{k}]", names).split(" › ")[-1]
                 for k in ("factory", "draw2", "biggame", "windfall", "mine", "crisis", "tension")]
    assert words[:4] == ["gyár", "laphúzás", "trófea", "szerencse"], words
    assert all(w == w.lower() for w in words), words


@pytest.mark.parametrize("msgid", ["a password has {low} to {high} characters", "wrong account name or password",
                                   "you are not logged in", "taking a seat as your account needs that seat's link"])
def test_the_account_forms_refusals_open_with_a_capital(msgid):
    """The account page shows these alone, under its form (probe 4, finding 7)."""
    (hu,) = catalog()[(None, msgid)]
    assert hu[0].isupper(), hu
