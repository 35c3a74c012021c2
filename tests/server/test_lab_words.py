"""The design lab in the reader's language (issue #29, a Hungarian reader's findings): how a run's
games ended (a code such as "stuck") comes with its words, and each entry of the component data
comes with its mark (fact/assumed) and its source note in words; a note no catalog holds (a
designer's own) has its fixed words (RB, sheet, fact, assumed, its fields' names) in the
reader's language and its free text as written."""

from __future__ import annotations

import pytest
from test_lab_api import body, finished, make_client

from cosmodrome import i18n
from cosmodrome.core import get_game
from cosmodrome.lab import design
from cosmodrome.lab.breakdown import end_cause_words

MOON = get_game("moon").components_file.read_text(encoding="utf-8")


@pytest.fixture
def lab(db_url, tmp_path):
    with make_client(db_url, tmp_path) as c:
        yield c


def test_every_end_cause_of_every_game_has_words_in_hungarian():
    for name in ("cosmic-run", "mars", "venus", "moon"):
        codes = list(get_game(name).end_causes) + ["normal", "all lose", "all-lose: robot rebellion"]
        english = end_cause_words(name, codes)
        with i18n.using("hu"):
            hungarian = end_cause_words(name, codes)
        assert all(hungarian[c] != english[c] for c in codes), (name, hungarian)
        assert all(english[c] != c for c in codes if c != "normal"), english
    with i18n.using("hu"):
        assert end_cause_words("cosmic-run", ["stuck"]) == {"stuck": "egy játékos hajói már nem tudnak továbbhaladni"}
        assert end_cause_words("venus", ["all-lose: robot rebellion"])["all-lose: robot rebellion"] == \
            "mindenki vesztett: robotlázadás"


def test_a_hungarian_readers_run_names_how_its_games_ended_in_words(lab):
    r = lab.post("/api/lab/runs", json=body(games=3))
    assert r.status_code == 201, r.text
    run = finished(lab, r.json()["id"])
    assert run["status"] == "done", run
    causes = (set(run["results"]["baseline"]["breakdown"]["end_causes"])
              | set(run["results"]["variant"]["breakdown"]["end_causes"]))
    assert causes and set(run["end_cause_words"]) == causes
    assert all(run["end_cause_words"][c] != c for c in causes), run["end_cause_words"]
    hu = lab.get(f"/api/lab/runs/{run['id']}?lang=hu").json()
    assert set(hu["end_cause_words"]) == causes
    assert all(hu["end_cause_words"][c] not in (c, run["end_cause_words"][c]) for c in causes), hu["end_cause_words"]


def test_the_forms_marks_and_sources_are_in_the_readers_words(lab):
    for name in ("venus", "cosmic-run", "moon", "mars"):
        form = lab.get(f"/api/lab/games/{name}?lang=hu").json()["form"]
        entries = [e for s in form for e in s["entries"]]
        assert {e["status_text"] for e in entries} <= {"tény", "feltevés"}
        with i18n.using("hu"):
            assert all(e["source_text"] == i18n.gettext(e["source"]) for e in entries)
        assert all(e["source_text"] != e["source"] for e in entries if e["source"]), name
        english = lab.get(f"/api/lab/games/{name}?lang=en").json()["form"]
        assert all(e["source_text"] == e["source"] and e["status_text"] == e["status"]
                   for s in english for e in s["entries"])


def test_a_designers_own_source_note_has_its_fixed_words_translated(lab):
    data = design.loads(MOON)
    data["counts"]["supply"]["source"] = "RB The Sputnik: thirty of them, see sheet §2; sputnik fact, handicap assumed"
    toml = design.dumps(data)
    form = lab.post("/api/lab/variant?lang=hu", json={"game": "moon", "toml": toml}).json()["form"]
    (entry,) = [e for s in form for e in s["entries"] if e["source"].startswith("RB The Sputnik: thirty")]
    assert entry["source_text"] == ("SzK The Sputnik: thirty of them, lásd lap §2; "
                                    "szputnyik tény, hátrány feltevés"), entry
    form = lab.post("/api/lab/variant?lang=en", json={"game": "moon", "toml": toml}).json()["form"]
    (entry,) = [e for s in form for e in s["entries"] if e["source"].startswith("RB The Sputnik: thirty")]
    assert entry["source_text"] == entry["source"]


@pytest.mark.parametrize("game, path, value, english, hungarian", [
    ("mars", ["aliens", "hits", "value", "blue"], 0,
     "components: aliens.hits.blue must be a whole number from 1 to 12, not 0",
     "játékelemek: az aliens.hits.blue értéke 1 és 12 közötti egész szám legyen, nem 0"),
    ("cosmic-run", ["sheet", "hearts", "value"], 0,
     "components: sheet.hearts must be a whole number from 1 to 9, not 0",
     "játékelemek: a sheet.hearts értéke 1 és 9 közötti egész szám legyen, nem 0"),
    ("moon", ["dice", "faces", "value", "blue", 0], "9", "components: dice.faces.blue: a face is '1', '2', '3' or '2!' "
     "(accident), not '9'", "játékelemek: dice.faces.blue: egy oldal '1', '2', '3' vagy '2!' (baleset) lehet, nem '9'"),
])
def test_the_games_check_of_a_variant_reads_in_the_readers_language(lab, game, path, value, english, hungarian):
    data = design.loads(get_game(game).components_file.read_text(encoding="utf-8"))
    toml = design.dumps(design.apply_edits(data, [{"path": path, "value": value}]))
    for lang, words in (("en", english), ("hu", hungarian)):
        r = lab.post(f"/api/lab/check?lang={lang}", json={"game": game, "players": 2, "toml": toml}).json()
        assert r == {"ok": False, "error": words}
