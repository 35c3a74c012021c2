"""The core protocol for Cosmic Run: bad input, saved states, records, views."""

import json
from pathlib import Path

import pytest
from cosmic_run_helpers import new, play_random

from cosmodrome.core import (
    DataError,
    GameRecord,
    IllegalActionError,
    OptionError,
    PlayerCountError,
    RecordError,
    Rng,
    get_game,
)
from cosmodrome.core.fields import load_table
from cosmodrome.games.cosmic_run import GAME
from cosmodrome.games.cosmic_run.components import load_components
from cosmodrome.games.cosmic_run.state import FIELDS, OVER, CosmicRunState


def test_registered_with_entry_point_name():
    assert get_game("cosmic-run") is GAME
    assert GAME.min_players == 1 and GAME.max_players == 2 and GAME.num_actions == 33


@pytest.mark.parametrize("players", [0, 3, "2", True])
def test_bad_player_count(players):
    with pytest.raises(PlayerCountError):
        GAME.new_state(players, 1)


def test_bad_options():
    with pytest.raises(OptionError):
        GAME.new_state(2, 1, {"side": "C"})
    with pytest.raises(OptionError):
        GAME.new_state(2, 1, {"colour": "red"})
    with pytest.raises(OptionError):
        GAME.new_state(1, 1, {"expert_mines": 99})


def test_illegal_action_leaves_state_unchanged():
    s = new(2, seed=3)
    before = json.dumps(s.to_json(), sort_keys=True)
    for bad in (11, 32, 40, -1, "1", True):
        with pytest.raises(IllegalActionError):
            s.apply(bad)
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_every_component_entry_is_fact_or_assumed():
    c = load_components()
    assert {st for _, st, _ in c.status} == {"fact", "assumed"}
    assert len(c.status) >= 20 and all(src for _, _, src in c.status)


@pytest.mark.parametrize("text, words", [
    ("[sheet\n", "not valid TOML"),
    ('[sheet.rows]\nvalue = "twelve"\nstatus = "assumed"\nsource = "x"\n', "sheet.rows"),
    ('[sheet.rows]\nvalue = 12\nstatus = "guess"\nsource = "x"\n', "status"),
    ('[action_dice.faces]\nvalue = [["purple 2"]]\nstatus = "assumed"\nsource = "x"\n', "8 dice"),
    ('[action_dice.faces]\nvalue = [["purple 2"],["mine"],["mine"],["mine"],["mine"],["mine"],["mine"],["mine"]]\n'
     'status = "assumed"\nsource = "x"\n', "unknown face"),
    ('[sheet.labels_a]\nvalue = [1, 2]\nstatus = "assumed"\nsource = "x"\n', "sheet.labels_a"),
    ('[sheet.bogus]\nvalue = 1\nstatus = "fact"\nsource = "x"\n', "unknown entry"),
])
def test_malformed_variant_file(tmp_path, text, words):
    p = tmp_path / "bad.toml"
    p.write_text(text)
    with pytest.raises(DataError, match=words):
        GAME.new_state(2, 1, {"components": str(p)})


def test_missing_variant_file(tmp_path):
    with pytest.raises(DataError, match="cannot read"):
        GAME.new_state(2, 1, {"components": str(tmp_path / "nope.toml")})


def test_variant_file_replaces_entries(tmp_path):
    p = tmp_path / "short.toml"
    p.write_text('[sheet.round_track]\nvalue = [3, 3]\nstatus = "assumed"\nsource = "test"\n')
    s = GAME.new_state(2, 1, {"components": str(p)})
    assert s.comp.round_track == (3, 3)
    assert sum(1 for e in s.initial_events if e.kind == "mine-roll") == 3
    play_random(s, 1)
    assert s.round <= 2


def test_json_round_trip_exact_and_continues_identically():
    s = new(2, seed=21, friendly=True)
    r = Rng(4)
    for _ in range(150):
        if s.is_terminal():
            break
        la = s.legal_actions()
        s.apply(la[r.below(len(la))])
    d = s.to_json()
    t = GAME.state_from_json(json.loads(json.dumps(d)))
    assert t.to_json() == d
    for _ in range(100):
        if s.is_terminal():
            break
        a = s.legal_actions()[r.below(len(s.legal_actions()))]
        e1 = [e.text for e in s.apply(a)]
        e2 = [e.text for e in t.apply(a)]
        assert e1 == e2
    assert s.to_json() == t.to_json()


def test_saved_state_keeps_its_first_keys_for_the_named_fields():
    """The named fields (attack colour, transformer used, technologies gained and used,
    re-rolls used) are saved under the short keys that states saved before carry."""
    s = new(2, seed=3)
    s.attack_colour, s.transformed, s.tech_gained[5], s.tech_used[5], s.rerolls_used[1] = 2, 1, 2, 1, 1
    d = json.loads(json.dumps(s.to_json()))
    assert (d["aa"], d["xf"], d["tx"][5], d["tu"][5], d["rr"][1]) == (2, 1, 2, 1, 1)
    assert not {"attack_colour", "transformed", "tech_gained", "tech_used", "rerolls_used"} & set(d)
    t = GAME.state_from_json(d)
    assert (t.attack_colour, t.transformed, t.tech_gained[5], t.tech_used[5], t.rerolls_used[1]) == (2, 1, 2, 1, 1)
    d.pop("tu")
    with pytest.raises(RecordError, match="'tu'"):
        GAME.state_from_json(d)


def test_a_state_saved_before_the_phase_and_winning_seats_names_loads():
    """``phase`` and ``winning_seats`` were saved as ``stage`` and ``winners_``: a finished
    Rapid Fire game saved then (fixtures/saved-over-before-phase.json, ``to_json()`` of that
    code) loads under its keys, saves back the same, and does not load without the kept keys."""
    saved = json.loads((Path(__file__).with_name("fixtures") / "saved-over-before-phase.json").read_text())
    assert {"stage", "winners_"} <= set(saved) and not {"phase", "winning_seats"} & set(saved)
    s = GAME.state_from_json(saved)
    assert s.phase == OVER == saved["stage"] and s.is_terminal() and s.end_cause == "rapid-fire"
    assert s.winning_seats == s.winners() == saved["winners_"] == [0] and s.returns() == [1.0, 0.0]
    assert s.to_json() == saved
    for name in ("phase", "winning_seats"):              # the table without that field's kept key
        table = tuple(row[:3] if row[0] == name else row for row in FIELDS)
        with pytest.raises(RecordError, match=repr(name)):
            load_table(CosmicRunState(GAME, 2, s.options, s.comp, Rng(0)), saved, table)


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d.pop("grid"), "lacks"),
    (lambda d: d.update(game="venus"), "not 'cosmic-run'"),
    (lambda d: d.update(players=3), "1 or 2"),
    (lambda d: d.update(grid=[0, 1]), "grid"),
    (lambda d: d.update(stage="draft"), "stage"),
    (lambda d: d.update(paths=[[1]]), "paths"),
    (lambda d: d.update(rng=None), "rng"),
    (lambda d: d.update(options={"side": "Z"}), "side"),
    (lambda d: d.update(stage=99), "inconsistent"),
])
def test_malformed_saved_state(mutate, words):
    d = new(2, seed=1).to_json()
    mutate(d)
    with pytest.raises(RecordError, match=words):
        GAME.state_from_json(d)
    with pytest.raises(RecordError):
        GAME.state_from_json([1, 2])


def test_record_replays_identically(tmp_path):
    rec, s = GameRecord.start("cosmic-run", 2, 17, {"side": "B"}) if hasattr(GameRecord, "start") else (None, None)
    if rec is None:
        rec = GameRecord(game="cosmic-run", players=2, seed=17, options=GAME.resolve_options({"side": "B"}))
        s = rec.new_state()
    r = Rng(2)
    while not s.is_terminal():
        la = s.legal_actions()
        a = la[r.below(len(la))]
        s.apply(a)
        rec.actions.append(a)
    path = tmp_path / "game.json"
    rec.save(path)
    again = GameRecord.load(path).replay()
    assert again.to_json() == s.to_json()
    assert again.returns() == s.returns()


def test_view_hides_rng_and_resample_refreshes_it():
    s = new(2, seed=5)
    for seat in (0, 1, None):
        v = s.view(seat)
        text = json.dumps(v)
        assert "rng" not in text and str(s.rng.state) not in text
    t = s.resample(0, Rng(99))
    assert t.view(0) == s.view(0) and t.rng.state != s.rng.state
    assert s.information_state_string(0) == t.information_state_string(0)


def test_decision_and_action_json_details():
    s = new(2, seed=5)
    d = s.decision()
    assert d.kind == "draft" and d.seat == 0 and len(d.options) == 8
    j = s.action_json(0)
    assert j["kind"] == "die" and j["die"] == 0 and "face_kind" in j and j["label"].startswith("Take die 1")


def test_render_text_shows_both_sheets_and_dice():
    s = new(2, seed=5)
    txt = GAME.render_text(s.view(0), 0)
    for word in ("Player 1's sheet", "Player 2's sheet", "Round track", "Dice:", "orange", "Cargo", "Re-rolls", "Tech"):
        assert word in txt
    solo_txt = GAME.render_text(new(1, seed=5).view(0), 0)
    assert "Zorlord's sheet" in solo_txt


def test_summary_for_the_lab():
    s = play_random(new(2, seed=8), 8)
    sm = s.summary()
    assert sm["end"] == s.end_cause and sm["rounds"] == s.round and isinstance(sm["mines"], int)
    assert s.scores() == [float(sm["p1_vp"]), float(sm["p2_vp"])]


def test_each_kind_of_action_has_its_describer():
    """The codec is a table: one describer per kind of :data:`ACTION_KINDS`, each writing the
    label and details of its ids; an id outside the space is labelled by its number."""
    from cosmodrome.games.cosmic_run.actions import ACTION_KINDS, DESCRIBERS, NUM_ACTIONS, action_kind, to_json
    assert list(DESCRIBERS) == [kind for kind, _first in ACTION_KINDS]
    s = play_random(new(2, seed=4), seed=4, limit=30)
    for a in range(NUM_ACTIONS):
        d = to_json(s, a)
        assert list(d)[0] == "action" and d["action"] == a and d["label"] and d["kind"], action_kind(a)
    assert to_json(s, NUM_ACTIONS) == {"action": NUM_ACTIONS, "label": f"action {NUM_ACTIONS}"}
    assert to_json(s, -1) == {"action": -1, "label": "action -1"}
