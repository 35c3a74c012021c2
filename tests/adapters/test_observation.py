"""The declared observations: lossless for the view, within [0, 1], built from the seat's view
alone, and documented by generated pages that are up to date."""

from pathlib import Path

import numpy as np
import pytest

from cosmodrome.adapters.tensor import (
    canonical,
    doc_player_counts,
    layout_version,
    observation_doc,
    schema_for,
    seat_relative,
)
from cosmodrome.core import Rng, get_game
from cosmodrome.core.observation import Layout, ObservationError

DOCS = Path(__file__).resolve().parents[2] / "docs" / "observations"
GAMES = {"venus": (2, 3, 5), "cosmic-run": (1, 2), "moon": (2, 3, 5), "mars": (2, 5)}
OPTIONS = {"moon": {"advanced": True}, "mars": {"upgrades": "random", "threat": "exterminator"}}


def _positions(name, players, games, options=None):
    """Every seat's view along seeded uniformly random games."""
    game = get_game(name)
    for g in range(games):
        s = game.new_state(players, seed=500 + g, options=options)
        rng = Rng(g)
        while True:
            yield s
            if s.is_terminal():
                break
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_declared_layout_is_lossless_and_in_unit_range(name):
    game = get_game(name)
    for players in GAMES[name]:
        for options in (None, OPTIONS.get(name)):
            lay = schema_for(game, players, options)
            assert isinstance(lay, Layout) and lay.size == len(lay.names())
            seen = {}
            for s in _positions(name, players, 2, options):
                for seat in range(players):
                    view = s.view(seat)
                    vec = lay.encode(view, strict=True)  # nothing undeclared, out of range or unknown
                    assert np.array_equal(vec, lay.encode(view))  # the generated fast path agrees
                    assert vec.shape == (lay.size,) and vec.min() >= 0.0 and vec.max() <= 1.0
                    covered = lay.covered(view)
                    assert lay.decode(vec) == covered  # the vector gives the view back
                    key, text = vec.tobytes(), canonical(covered)
                    assert seen.setdefault(key, text) == text  # two views that differ: two vectors
            if options is None and name not in OPTIONS:
                break


@pytest.mark.parametrize("name", sorted(GAMES))
def test_observation_carries_nothing_hidden(name):
    """A determinization for a seat (hidden parts redrawn) gives that seat the same vector."""
    game = get_game(name)
    players = GAMES[name][-1]
    lay, rel = schema_for(game, players), seat_relative(game, players)
    for i, s in enumerate(_positions(name, players, 1)):
        if i % 7 or s.is_terminal():
            continue
        seat = i % players
        other = s.resample(seat, Rng(i))
        assert np.array_equal(lay.encode(s.view(seat)), lay.encode(other.view(seat)))
        assert np.array_equal(lay.observe(s, seat), lay.observe(other, seat))  # the fast path too
        assert np.array_equal(rel.observe(s, seat), rel.observe(other, seat))  # seen from its own seat


def test_strict_encoding_names_the_problem():
    lay = schema_for(get_game("moon"), 2)
    view = get_game("moon").new_state(2, seed=1).view(0)
    view["astronauts"][0]["col"] = 999
    with pytest.raises(ObservationError, match=r"astronauts\.col: 999 is not a whole number in 0\.\.36"):
        lay.encode(view, strict=True)
    view = get_game("moon").new_state(2, seed=1).view(0)
    view["surprise"] = 1
    with pytest.raises(ObservationError, match="undeclared key"):
        lay.encode(view, strict=True)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_docs_are_generated_from_the_declaration(name):
    game = get_game(name)
    page = DOCS / f"{name}.md"
    assert page.read_text(encoding="utf-8") == observation_doc(game, doc_player_counts(game)) + "\n", (
        f"{page.name} is stale: run python -m cosmodrome.adapters.tensor --docs docs/observations")
    assert layout_version(game, GAMES[name][0]) == f"{name}-v{schema_for(game, GAMES[name][0]).version}"


@pytest.mark.parametrize("name", ["venus", "cosmic-run"])
def test_chance_nodes_of_the_explicit_mode_are_encoded(name):
    game = get_game(name)
    lay = schema_for(game, 2)
    s = game.new_state(2, seed=3, chance="explicit")
    rng, nodes = Rng(5), 0
    for _ in range(300):
        if s.is_terminal():
            break
        nodes += s.is_chance_node()
        for seat in range(2):
            view = s.view(seat)
            vec = lay.encode(view, strict=True)
            assert lay.decode(vec) == lay.covered(view)
            assert np.array_equal(lay.observe(s, seat), vec)  # the state encoder agrees
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    assert nodes > 0


@pytest.mark.parametrize("name", sorted(GAMES))
def test_state_encoder_writes_the_view_encoding(name):
    """Layout.observe (a game's fast path from the state, where it has one) equals encoding the view."""
    game = get_game(name)
    for players in (GAMES[name][0], GAMES[name][-1]):
        lay = schema_for(game, players)
        for i, s in enumerate(_positions(name, players, 1)):
            for seat in range(players):
                assert np.array_equal(lay.observe(s, seat), lay.encode(s.view(seat))), (i, seat)


def _table_only(view):
    """A view without what the layouts skip as text or as given elsewhere: the log, prompts,
    the decision's options (the action mask) and the numbers of cards counted by effect."""
    v = {k: x for k, x in view.items() if k not in ("log", "prompt")}
    if isinstance(v.get("decision"), dict):
        v["decision"] = {k: x for k, x in v["decision"].items() if k not in ("options", "prompt")}
    if isinstance(v.get("hand"), list) and v["hand"] and isinstance(v["hand"][0], dict):
        v["hand"] = sorted(c["effect"] for c in v["hand"])
    if isinstance(v.get("combat"), dict):
        v["combat"] = dict(v["combat"], cards=sorted(c["effect"] for c in v["combat"]["cards"]))
    return v


@pytest.mark.parametrize("name", sorted(GAMES))
def test_skipped_keys_follow_from_the_encoded_ones(name):
    """Two positions with the same vector show the same table: what a layout skips as
    "follows from" or "fixed" really does."""
    game = get_game(name)
    for players in (GAMES[name][0], GAMES[name][-1]):
        lay = schema_for(game, players)
        seen = {}
        for s in _positions(name, players, 2):
            for seat in range(players):
                view = s.view(seat)
                key = lay.encode(view).tobytes()
                assert seen.setdefault(key, _table_only(view)) == _table_only(view)
