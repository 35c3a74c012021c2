"""Languages (docs/TRANSLATING.md): the catalogs are complete and compiled, the texts are read
in the reader's language and fall back to English, and the translated games show no English
to a Hungarian reader."""

from __future__ import annotations

import random
import re
from io import BytesIO
from pathlib import Path

import hu_catalog
import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo

from cosmodrome import i18n
from cosmodrome.core import Event, get_game
from cosmodrome.testing.words import FUNCTION_WORDS

ROOT = Path(__file__).resolve().parents[2]
MO = hu_catalog.PO.with_suffix(".mo")
#: the keywords of the Makefile's extraction (translations-extract)
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "t": None, "tr": None,
            "tn": (1, 2), "says": None}


def _catalog():
    return hu_catalog.catalog()


def _key(mid):
    return mid[0] if isinstance(mid, (list, tuple)) else mid


def test_every_marked_text_is_in_the_catalog_with_a_hungarian_translation():
    # what the code marks today (the same extraction as `make translations-extract`)...
    with open(ROOT / "babel.cfg") as f:
        method_map, options_map = parse_mapping_cfg(f)
    marked = {_key(m[2]) for m in extract_from_dir(str(ROOT), method_map, options_map, keywords=KEYWORDS,
                                                    comment_tags=())}
    cat = _catalog()
    have = {_key(m.id): m for m in cat if m.id}
    missing = sorted(marked - set(have))
    assert not missing, ("texts marked for translation but not in the Hungarian catalog "
                         f"(make translations-update): {missing[:10]}")
    # ...each with its translation (every plural form), none left fuzzy
    untranslated = [k for k, m in have.items()
                    if m.fuzzy or not (all(m.string) if isinstance(m.string, (list, tuple)) else m.string)]
    assert not untranslated, f"messages without a Hungarian translation: {untranslated[:10]}"
    assert cat.num_plurals == 2


def test_every_text_the_page_translates_is_in_the_catalog():
    # a second net under the extraction: every literal t("..."), tr("...") and tn("...") of the
    # page's modules, found by a plain pattern, has its Hungarian
    have = {_key(m.id) for m in _catalog() if m.id}
    call = re.compile(r'(?<![\w.$])(?:t|tr|tn)\("((?:[^"\\]|\\.)*)"\s*[,)]')
    missing = []
    for path in sorted((ROOT / "src" / "cosmodrome" / "web" / "js").rglob("*.js")):
        text = re.sub(r"^\s*//.*$", "", path.read_text(encoding="utf-8"), flags=re.M)  # comments
        missing += [f"{path.name}: {m.group(1)}" for m in call.finditer(text) if m.group(1) not in have]
    assert not missing, missing


def test_the_compiled_catalog_is_the_catalog_as_it_stands():
    # the .mo is committed: it must be what `make translations` makes of the .po now
    out = BytesIO()
    write_mo(out, _catalog(), use_fuzzy=False)
    assert MO.read_bytes() == out.getvalue(), "the .mo is stale: run `make translations`"


def test_a_missing_translation_falls_back_to_the_english_text_never_an_id():
    assert i18n.translator("hu").gettext("a sentence no catalog holds") == "a sentence no catalog holds"
    with i18n.using("xx"):  # an unknown language: English
        assert i18n.current() == "en" and i18n._("Yes") == "Yes"
    with i18n.using("hu"):
        assert i18n._("Yes") == "Igen" and i18n._("") == ""
        assert i18n.ngettext("{n} tank", "{n} tanks", 3) == "{n} tank"
    assert i18n._("Yes") == "Yes"


def test_a_language_from_a_client_is_checked_against_the_catalogs():
    assert i18n.check("hu") == "hu"
    for bad in ("../hu", "hu/LC_MESSAGES", "", None, 3):
        with pytest.raises(ValueError, match="unknown language"):
            i18n.check(bad)
    assert i18n.negotiate("de-DE,hu;q=0.8,en;q=0.5") == "hu"
    assert i18n.from_environment({"LC_ALL": "hu_HU.UTF-8"}) == "hu"


def test_the_page_catalog_is_the_same_catalog():
    cat = i18n.catalog("hu")
    assert cat["messages"]["Onward to Venus"] == "Irány a Vénusz!"
    assert cat["messages"]["{n} tank"] == ["{n} tank", "{n} tank"] and cat["nplurals"] == 2
    assert i18n.catalog("en")["messages"] == {}


def test_numbers_are_written_as_the_language_writes_them():
    assert i18n.number(1234.5, "hu") == "1\xa0234,5" and i18n.number(1234.5, "en") == "1,234.5"


def test_one_event_reads_in_each_readers_language():
    # the log keeps (fn, args): each reader writes it in their language, the record none
    from cosmodrome.games.venus.text import says, who

    e = Event("pass", says("{who} takes a pass cube ({n} left).", who=who(0), n=3))
    with i18n.using("hu"):
        assert e.text == "A Brit Birodalom elvesz egy passzjelzőt (maradt 3)."
    assert e.text == "Britain takes a pass cube (3 left)."
    with i18n.using("hu"):
        assert e.text_for(1) == "A Brit Birodalom elvesz egy passzjelzőt (maradt 3)."


# ----- no English left where a game is translated -------------------------------------------
#: keys of a view whose values are identifiers, not words (kinds, effects, colours...)
NOT_WORDS = frozenset({"game", "kind", "effect", "type", "colour", "colours", "end", "decided_by", "choice",
                       "verb", "outcome", "from", "building", "step", "cause", "key"})
#: the games whose words are translated (every game but the test game: docs/TRANSLATING.md)
TRANSLATED = ["cosmic-run", "mars", "moon", "venus"]


def words_of(node, key=""):
    if isinstance(node, dict):
        for k, v in node.items():
            if k not in NOT_WORDS:
                yield from words_of(v, k)
    elif isinstance(node, list):
        for v in node:
            yield from words_of(v, key)
    elif isinstance(node, str):
        yield from re.findall(r"[^\W\d_]+", node.lower())


def english_ratio(texts) -> tuple[float, list[str]]:
    words = [w for t in texts for w in words_of(t)]
    hits = [w for w in words if w in FUNCTION_WORDS]
    return len(hits) / max(1, len(words)), hits


def seen_by_a_hungarian(game_name: str, seed: int) -> list:
    """What a Hungarian player reads of a seeded random game: every view of seat 0 with its
    prompt, options (labels and hints), log and hand, during play and at the end; the
    terminal table; the how-to page."""
    g = get_game(game_name)
    s = g.new_state(g.min_players if g.min_players > 2 else 3 if g.max_players >= 3 else 2, seed=seed)
    rng = random.Random(seed)
    seen = []
    with i18n.using("hu"):
        steps = 0
        while not s.is_terminal() and steps < 4000:
            if steps % 25 == 0:
                seat = s.to_move()
                seen.append(s.view(seat))
                d = s.decision()
                seen.append({"prompt": d.prompt, "labels": [o.label for o in d.options], "hint": g.hint(d)})
                seen.append(g.render_text(s.view(seat), seat))
            s.apply(rng.choice(s.legal_actions()))
            steps += 1
        seen.append(s.view(0))
        seen.append(g.render_text(s.view(0), 0))
        seen.append(g.how_to_play())
        seen.append(g.info())
    return seen


def test_every_game_is_translated():
    from cosmodrome.core import games

    # the games of the project's own packages (tests may register test games of their own)
    assert {g.name for g in games() if type(g).__module__.startswith("cosmodrome.games.")} == set(TRANSLATED)


@pytest.mark.parametrize("game_name", TRANSLATED)
def test_a_hungarian_reader_sees_no_english(game_name):
    ratio, hits = english_ratio(seen_by_a_hungarian(game_name, seed=11))
    assert ratio < 0.03, f"{ratio:.1%} English function words, e.g. {hits[:20]}"


def test_the_same_game_in_english_does_hold_english():
    # the measure itself: an English reader of the same Venus game is well above the line
    g = get_game("venus")
    s = g.new_state(3, seed=11)
    ratio, _ = english_ratio([s.view(0), g.how_to_play()])
    assert ratio > 0.05


def test_the_terminal_reads_lang_and_the_environment():
    import subprocess
    import sys

    run = lambda *args, env=None: subprocess.run(
        [sys.executable, "-m", "cosmodrome.cli.main", *args], input="q\n", capture_output=True, text=True,
        env={**__import__("os").environ, "LANG": "C", **(env or {})}, timeout=120)
    hu = run("--lang", "hu", "play", "venus", "--players", "2", "--plain")
    assert "Kezdődik az 1. periódus." in hu.stdout and "Merkúr" in hu.stdout
    env = run("play", "venus", "--players", "2", "--plain", env={"LANG": "hu_HU.UTF-8"})
    assert "Merkúr" in env.stdout
    en = run("play", "venus", "--players", "2", "--plain")
    assert "Period 1 begins." in en.stdout and "Merkúr" not in en.stdout
    bad = run("--lang", "xx", "play", "venus")
    assert bad.returncode != 0 and "unknown language 'xx'" in bad.stderr and "Traceback" not in bad.stderr


def test_the_terminals_own_words_read_in_hungarian():
    # the plain table's help line, view title, refusals and leaving line, in --lang hu; the
    # command letters stay what is typed
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "cosmodrome.cli.main", "--lang", "hu", "play", "cosmic-run", "--players", "2",
         "--plain"],
        input="x\nu\nq\n", capture_output=True, text=True, timeout=120,
        env={**__import__("os").environ, "LANG": "C", "COLUMNS": "250"}).stdout
    assert ("szám: választás · a: tanács · u: visszavonás · b: tábla · l: jelmagyarázat · s FÁJL: mentés · "
            "q: kilépés") in out
    assert "— ahogy az 1. játékos látja" in out and "'s view" not in out
    assert "Írj be egy számot 1 és 8 között" in out and "(ezt írtad: 'x')" in out and "Please type" not in out
    assert "Nincs mit visszavonni" in out and "Nothing to undo" not in out
    assert "A játszma befejezetlen maradt. (A --save FÁJL" in out and "Game left unfinished" not in out


def test_the_games_list_and_a_replay_read_in_hungarian(tmp_path):
    import subprocess
    import sys

    from cosmodrome.core import GameRecord

    def run(*args):
        return subprocess.run([sys.executable, "-m", "cosmodrome.cli.main", "--lang", "hu", *args],
                              input="q\n", capture_output=True, text=True, timeout=120,
                              env={**__import__("os").environ, "LANG": "C", "COLUMNS": "400"})

    one = run("games", "cosmic-run").stdout
    assert "1–2 játékos" in one and "Három hajó versenye" in one and "Race three ships" not in one
    assert "friendly beállítás (alapértéke False): Barátságos változat" in one and "(default" not in one
    assert "Rekonstruált, nem nyomtatott" in one and "entries" not in one
    venus = run("games", "venus").stdout   # an option without a default says so, never Python's None
    assert "components beállítás (nincs alapértéke):" in venus and "None" not in venus
    listing = run("games").stdout
    assert "rekonstruált komponensadatok" in listing and "A szabálykönyvek képei elvesztek" in listing
    rec, s = GameRecord.start("cosmic-run", 2, 3)
    for _ in range(5):
        a = s.legal_actions()[0]
        s.apply(a)
        rec.actions.append(a)
    path = tmp_path / "game.json"
    rec.save(str(path))
    replay = run("replay", str(path)).stdout
    assert "5 döntés visszajátszva." in replay and "A lejegyzés a játszma vége előtt véget ér." in replay
    bad = run("replay", str(path), "--seat", "9")
    assert "a --seat értéke 1 és 2 között legyen" in bad.stdout + bad.stderr
    seats = run("play", "cosmic-run", "--players", "2", "--seats", "human", "--plain")
    assert seats.returncode == 2 and (
        "hiba: a --seats 1 helyet sorol fel, de a játszmának 2 játékosa van" in seats.stderr)
    option = run("play", "cosmic-run", "--option", "friendly", "--plain")
    assert "hiba: a beállítás alakja kulcs=érték, nem 'friendly'" in option.stderr
