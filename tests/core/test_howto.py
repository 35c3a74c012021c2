"""How to play and first-game hints: every game's help file reads, cites the rulebook, draws
safe diagrams, and has a hint for every decision a played game reaches, covering every option."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cosmodrome.core import DataError, games, get_game
from cosmodrome.core.howto import hint_for, load_howto, page, parse_howto, placeholders

RULES = Path(__file__).resolve().parents[3] / "shared" / "rules"
GAMES = [g.name for g in games() if g.help_file is not None]


def test_the_four_games_have_help():
    assert {"venus", "cosmic-run", "moon", "mars"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_rules_page_cites_sections_and_lists_text_module_items(name):
    g = get_game(name)
    page = g.how_to_play()
    assert page["game"] == name and page["title"] == g.title
    assert page["rulebook"].startswith("the ") and "rulebook" in page["rulebook"]  # its name, in words
    book = load_howto(g.help_file)["rulebook_file"]  # the developers' reference, never shown
    assert book.startswith("../shared/rules/") and "rulebook_file" not in page
    assert (RULES / book.rsplit("/", 1)[1]).exists() or not RULES.exists()
    assert len(page["sections"]) >= 6
    for s in page["sections"]:
        assert s["source"] and s["paragraphs"]
        if "svg" in s:
            assert s["svg"].startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in s["svg"] and s["caption"]
    assert any("svg" in s for s in page["sections"]), "each page has at least one diagram"
    for key, listed in g.help_items.items():
        shown = [s for s in page["sections"] if s.get("items")]
        assert any(dict(s["items"]) == dict(listed) for s in shown), f"{key} not shown"


def test_no_rulebook_sentence_is_pasted():
    """Our texts retell the rules: no run of ten words of a rulebook appears in a help page."""
    if not RULES.exists():
        pytest.skip("../shared/rules is not beside this checkout")
    import re
    words = lambda t: re.findall(r"[a-z0-9']+", t.lower())
    book = " ".join(" ".join(words(p.read_text(encoding="utf-8", errors="replace"))) for p in RULES.iterdir())
    for name in GAMES:
        page = get_game(name).how_to_play()
        texts = [page["intro"]] + [p for s in page["sections"] for p in s["paragraphs"]]
        for t in texts:
            w = words(t)
            for i in range(len(w) - 9):
                run = " ".join(w[i:i + 10])
                assert f" {run} " not in f" {book} ", f"{name}: {run!r} is the rulebook's wording"


@pytest.mark.parametrize("name", GAMES)
def test_every_reached_decision_has_a_hint_for_each_option(name):
    g = get_game(name)
    seen = set()
    for seed in range(6):
        for players in sorted({g.min_players, min(g.max_players, 3)}):
            options = {"advanced": True} if name == "moon" and seed % 2 else {}
            s = g.new_state(players, seed, options)
            rng = random.Random(seed)
            for _ in range(2500):
                if s.is_terminal():
                    break
                d = s.decision()
                h = g.hint(d)
                assert h is not None, f"{name}: no hint for decision kind {d.kind!r}"
                covered = {a for grp in h["options"] for a in grp["actions"]}
                missing = [c.label for c in d.options if c.action not in covered]
                assert not missing, f"{name} {d.kind}: no option hint for {missing[:3]}"
                seen.add(d.kind)
                s.apply(rng.choice(s.legal_actions()))
    assert len(seen) >= 3


def test_bad_help_files_are_refused_with_the_problem_named():
    with pytest.raises(DataError, match="lacks 'source'"):
        parse_howto('[[section]]\nheading = "A"\ntext = "b"\n', "x.toml")
    with pytest.raises(DataError, match="plain <svg>"):
        parse_howto('[[section]]\nheading = "A"\nsource = "S"\ntext = "b"\n'
                    'svg = "<svg onload=\'x()\'></svg>"\ncaption = "c"\n', "x.toml")
    with pytest.raises(DataError, match="needs a 'caption'"):
        parse_howto('[[section]]\nheading = "A"\nsource = "S"\ntext = "b"\nsvg = "<svg></svg>"\n', "x.toml")
    with pytest.raises(DataError, match="not valid TOML"):
        parse_howto("[[section", "x.toml")


def test_option_hints_group_by_text_in_file_order():
    data = parse_howto('[hints.k]\ntext = "T"\noptions = { "verb=pass" = "P", "verb" = "V", "*" = "rest" }\n', "x")
    h = hint_for(data, "k", [(1, {"verb": "move"}), (2, {"verb": "pass"}), (3, {}), (4, {"verb": "claim"})])
    assert h == {"text": "T", "options": [{"text": "P", "actions": [2]}, {"text": "V", "actions": [1, 4]},
                                          {"text": "rest", "actions": [3]}]}


def test_a_text_names_numbers_of_the_game_s_data():
    """``{rules.x}``-style names are filled in from the game's numbers after translation (page,
    hints); a name the game does not give is refused, and other braces are left alone."""
    data = parse_howto('intro = "Play {rules.periods} periods."\n[[section]]\nheading = "A"\nsource = "S"\n'
                       'text = "Roll {rules.dice} dice {kept} or {a.b c}."\n'
                       '[hints.k]\ntext = "Hold {rules.hand} cards."\noptions = { "*" = "Pay £{units.tank.cost}." }\n',
                       "x")
    numbers = {"rules.periods": 3, "rules.dice": 2, "rules.hand": 9, "units.tank.cost": 4}
    assert placeholders(data) == set(numbers)
    got = page(data, {}, numbers)
    assert got["intro"] == "Play 3 periods." and got["sections"][0]["paragraphs"] == ["Roll 2 dice {kept} or {a.b c}."]
    assert hint_for(data, "k", [(1, {})], numbers) == {"text": "Hold 9 cards.",
                                                      "options": [{"text": "Pay £4.", "actions": [1]}]}
    with pytest.raises(DataError, match="rules.dice"):
        page(data, {}, {"rules.periods": 3})


@pytest.mark.parametrize("name", GAMES)
def test_every_number_a_help_file_names_is_given_by_its_game(name):
    g = get_game(name)
    assert placeholders(load_howto(g.help_file)) <= set(g.help_numbers())


def test_doctests():
    import doctest

    from cosmodrome.core import howto
    assert doctest.testmod(howto).failed == 0


def test_a_hint_asked_again_is_read_from_the_memo():
    """The server asks the mover's hint after every move: a game's hints (the Moon's name
    numbers of its data, one mapping each time) must hit the memo, not add an entry per
    request (it grew without bound)."""
    from cosmodrome.core import get_game, howto
    s = get_game("moon").new_state(3, 1)
    d = s.decision()
    s.game.hint(d)
    size = len(howto._HINT_PARTS)
    for _ in range(50):
        assert s.game.hint(s.decision()) == s.game.hint(d)
    assert len(howto._HINT_PARTS) == size
