"""The behaviour fingerprint of every game (``bench/fingerprint.py``): menus, events, views
of every seat and saved states over seeded random games, hashed. A change that is meant to
keep behaviour (a refactoring, a new layout, a speed-up) keeps these hashes; a change of a
rule changes the game's hash here in the same commit that says which rule changed it (as
the golden playthroughs do), with the new hash from ``bench/fingerprint.py --game NAME --games 1``.
"""

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STORED = Path(__file__).with_name("fingerprint.json")


def _harness():
    spec = importlib.util.spec_from_file_location("fingerprint", ROOT / "bench" / "fingerprint.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.slow
@pytest.mark.parametrize("game", ["cosmic-run", "mars", "moon", "venus"])
def test_fingerprint_is_unchanged(game):
    assert _harness().fingerprint(1, [game]) == json.loads(STORED.read_text())[game]


def test_fingerprint_sees_a_changed_label(monkeypatch):
    """The hash takes the menus' labels: one changed label changes it."""
    fp = _harness()
    from cosmodrome.games.moon.state import MoonState
    before = fp.game_fingerprint("moon", 2, 0)
    action_json = MoonState.action_json
    monkeypatch.setattr(MoonState, "action_json", lambda s, a: {**action_json(s, a), "label": "?"})
    assert fp.game_fingerprint("moon", 2, 0) != before
