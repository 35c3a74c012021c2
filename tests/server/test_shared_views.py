"""Every seat's view of a position from one seat-independent part (``State.view_common``,
``State.view_for``: the server builds it once a move, docs/SERVER.md): for each game, in
random play, the view so built is the seat's own view, JSON and key order included, and
serving one seat changes nothing another is served from."""

from __future__ import annotations

import json
import random

import pytest

import cosmodrome.games  # noqa: F401  (registers the games)
from cosmodrome.core import get_game


@pytest.mark.parametrize("name,players", [("venus", 4), ("moon", 4), ("mars", 3), ("cosmic-run", 2)])
def test_each_seats_view_from_the_shared_part_is_its_own_view(name, players):
    game = get_game(name)
    rng = random.Random(7)
    options = {"advanced": True} if name == "moon" else {}
    s = game.new_state(players, seed=11, options=options)
    seats = [None, *range(players)]
    for step in range(250):
        alone = {seat: json.dumps(s.clone().view(seat)) for seat in seats}
        common = s.view_common()
        before = json.dumps(common)
        for seat in (seats if step % 2 else reversed(seats)):
            assert json.dumps(s.view_for(seat, common)) == alone[seat], (name, step, seat)
        assert json.dumps(common) == before, "serving the seats changed the shared part"
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))


@pytest.mark.parametrize("name", ["venus", "moon"])
def test_an_explicit_chance_state_builds_each_view_whole(name):
    """A state of the explicit chance mode (a dealing table first) has no shared part."""
    s = get_game(name).new_state(3, seed=2, chance="explicit")
    for _ in range(3):
        assert s.view_common() is None
        assert json.dumps(s.view_for(1, None)) == json.dumps(s.view(1))
        s.apply(s.legal_actions()[0])
