"""The design lab's form and TOML writer (lab/design.py) and its results (lab/compare.py): every
game's component file reads back equal after a round trip, the form names each marked entry,
edits change only the field they name, and the docstring examples hold."""

from __future__ import annotations

import doctest
import importlib
import tomllib

import pytest

from cosmodrome.core import OptionError, games, get_game
from cosmodrome.core.provenance import data_entries
from cosmodrome.lab import design

FILES = [g for g in games() if g.components_file is not None]


@pytest.mark.parametrize("game", FILES, ids=[g.name for g in FILES])
def test_every_component_file_round_trips_and_every_entry_is_in_the_form(game):
    data = tomllib.loads(game.components_file.read_text(encoding="utf-8"))
    assert tomllib.loads(design.dumps(data)) == data
    form = design.form(data)
    entries = [e for s in form for e in s["entries"]]
    assert len(entries) == len(data_entries(data))
    assert {e["status"] for e in entries} <= {"fact", "assumed"}
    for e in entries:
        for f in e["fields"]:
            node = data
            for k in f["path"]:
                node = node[k]
            assert node == f["value"]


def test_an_edit_changes_its_field_only():
    data = {"rules": {"hand": {"value": 9, "status": "fact", "source": "RB"},
                      "dice": {"value": [1, 2], "status": "fact"}}}
    out = design.apply_edits(data, [{"path": ["rules", "dice", "value", 1], "value": 6}])
    assert out["rules"]["dice"]["value"] == [1, 6] and out["rules"]["hand"] == data["rules"]["hand"]
    assert data["rules"]["dice"]["value"] == [1, 2]  # the original is untouched
    for bad, words in (([{"path": ["rules", "nope"], "value": 1}], "no field rules.nope"),
                       ([{"path": ["rules", "hand", "value"], "value": 1.5}], "whole number"),
                       ([{"path": ["rules", "hand", "value"], "value": True}], "whole number"),
                       ([{"value": 1}], "edit 1"), ({"path": []}, "a list")):
        with pytest.raises(OptionError, match=words):
            design.apply_edits(data, bad)


@pytest.mark.parametrize("name", ["cosmodrome.lab.design", "cosmodrome.lab.compare", "cosmodrome.lab.breakdown",
                                  "cosmodrome.server.labruns"])
def test_doctests(name):
    res = doctest.testmod(importlib.import_module(name))
    assert res.attempted > 0 and res.failed == 0


def test_ranges_are_found_by_the_games_own_check():
    data = {"rules": {"periods": {"value": 3, "status": "fact"}, "faces": {"value": [0, 2], "status": "assumed"}},
            "units": [{"name": "tank", "count": 5, "status": "fact"}]}

    def accepts(d):
        return (d["rules"]["periods"]["value"] >= 1 and d["rules"]["faces"]["value"][0] == 0
                and d["units"][0]["count"] <= 255)

    assert design.int_ranges(data, accepts) == {
        '["rules","periods","value"]': [1, None], '["rules","faces","value",0]': [0, 0],
        '["rules","faces","value",1]': [0, None], '["units",0,"count"]': [0, 255]}


def test_a_game_refuses_what_its_loader_refuses():
    import tomllib as t

    from cosmodrome.core import get_game
    venus = t.loads(get_game("venus").components_file.read_text(encoding="utf-8"))
    accepts = design.game_accepts("venus", 2)
    assert accepts(venus)
    assert not accepts(design.apply_edits(venus, [{"path": ["rules", "periods", "value"], "value": 0}]))


def test_an_entrys_table_of_values_is_labelled_by_its_own_keys():
    """March on Mars gives its alien counts as ``value = {yellow = 30, ...}``: the form names
    the fields ``yellow``..., not ``value.yellow``; a list value keeps its ``value[i]``."""
    f = design.form(design.loads(get_game("mars").components_file.read_text(encoding="utf-8")))
    aliens = next(e for s in f for e in s["entries"] if e["label"] == "aliens" and s["section"] == "counts")
    assert [x["label"] for x in aliens["fields"]] == ["yellow", "blue", "red", "defenders"]
    assert aliens["fields"][0]["path"] == ["counts", "aliens", "value", "yellow"]
    data = {"rules": {"track": {"value": [1, 2], "status": "fact", "source": "RB"}}}
    assert [x["label"] for x in design.form(data)[0]["entries"][0]["fields"]] == ["value[1]", "value[2]"]


@pytest.mark.parametrize("game", ["venus", "cosmic-run", "moon", "mars"])
def test_the_forms_sections_entries_and_fields_have_words_in_the_readers_language(game):
    """Issue #29: the lab showed the file's keys ("Rules", "start_money", "value", "vp[1]") to
    a Hungarian reader. Each keeps its key (``section``, ``label``) and gains its words
    (``title``); the Hungarian words leave no key in English."""
    from cosmodrome.core.component_words import WORDS
    from cosmodrome.i18n import using

    g = get_game(game)
    data = design.loads(g.components_file.read_text(encoding="utf-8"))
    with using("hu"):
        f = design.form(data, g.component_names)
    english_words = {w for w in WORDS.values() if w not in ("tank", "antenna", "bunker", "extra")}
    for s in f:
        assert s["title"] != s["section"] and s["title"] not in english_words, s["title"]
        for e in s["entries"]:
            parts = e["title"].split(" › ")
            assert "_" not in e["title"] and not (set(parts) & english_words), e["title"]
            for x in e["fields"]:
                assert "_" not in x["title"] and "[" not in x["title"], x["title"]
                assert x["title"].split(" (")[0] not in english_words, x["title"]
    if game == "venus":
        rules = next(s for s in f if s["section"] == "rules")
        money = next(e for e in rules["entries"] if e["label"] == "start_money")
        assert rules["title"] == "szabályok" and money["title"] == "kezdőpénz"
        assert money["fields"][0]["title"] == "érték"
        cards = next(s for s in f if s["section"] == "cards")
        assert cards["entries"][0]["title"] == "1 harci pont"
        tiles = next(s for s in f if s["section"] == "tiles_per_planet")
        assert tiles["entries"][0]["fields"][0]["title"] == "2 játékos (1)"
    # in English, the words of the keys
    f = design.form(data, g.component_names)
    assert all("_" not in e["title"] for s in f for e in s["entries"])
