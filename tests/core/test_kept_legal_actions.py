"""Every game keeps the legal actions it last listed (``State.kept_legal_actions``), so the
checked ``apply`` of a listed action never lists them again: the adapters rely on it and
keep no list of their own (docs/ARCHITECTURE.md, core ``game.py``)."""

import random

import pytest

from cosmodrome.core import IllegalActionError, get_game

GAMES = [("venus", 3, {}), ("cosmic-run", 2, {}), ("cosmic-run", 1, {}), ("moon", 3, {"advanced": True}),
         ("mars", 2, {})]


def counting(monkeypatch, cls):
    """Count the calls of ``cls.legal_actions`` (the list computed, not the kept one)."""
    calls = []
    listed = cls.legal_actions

    def legal_actions(self):
        calls.append(1)
        return listed(self)
    monkeypatch.setattr(cls, "legal_actions", legal_actions)
    return calls


@pytest.mark.parametrize("name,players,options", GAMES)
def test_apply_checks_a_listed_action_against_the_kept_list(monkeypatch, name, players, options):
    s = get_game(name).new_state(players, 5, options)
    calls = counting(monkeypatch, type(s))
    r = random.Random(5)
    for _ in range(60):
        if s.is_terminal():
            break
        la = s.legal_actions()
        assert s.kept_legal_actions() == la
        n = len(calls)
        s.apply(la[r.randrange(len(la))])
        assert len(calls) == n, "apply listed the legal actions again"


@pytest.mark.parametrize("name,players,options", GAMES)
def test_an_unlisted_action_is_still_checked(name, players, options):
    """Nothing kept after an action: an illegal one is refused and changes nothing."""
    s = get_game(name).new_state(players, 6, options)
    la = s.legal_actions()
    s.apply(la[0])
    if s.is_terminal():
        return
    assert s.kept_legal_actions() is None
    bad = next(a for a in range(s.game.num_actions + 1) if a not in s.legal_actions())
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(bad)
    assert s.to_json() == before


@pytest.mark.parametrize("name", ["cosmic-run", "moon"])
def test_the_explicit_chance_mode_keeps_the_list_too(monkeypatch, name):
    s = get_game(name).new_state(2, 7, chance="explicit")
    calls = counting(monkeypatch, s._chance_base)
    r = random.Random(7)
    for _ in range(80):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply(s.chance_outcomes()[0][0])
            continue
        la = s.legal_actions()
        n = len(calls)
        s.apply(la[r.randrange(len(la))])
        assert len(calls) == n, "apply listed the legal actions again"
