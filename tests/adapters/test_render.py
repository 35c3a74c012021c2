"""``render_mode="rgb_array"``: the seat's view drawn by the table's own renderer in Debian's
chromium, as an H x W x 3 uint8 array (browser tests), and a clear error without chromium."""

import sys

import numpy as np
import pytest

from cosmodrome.adapters import render
from cosmodrome.adapters.gymnasium import CosmodromeEnv
from cosmodrome.adapters.pettingzoo import raw_env
from cosmodrome.adapters.render import BoardRenderer, RenderError
from cosmodrome.core import Rng

GAMES = ("venus", "cosmic-run", "moon", "mars")


def _advance(state, steps, seed):
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_rgb_array_is_the_seats_view_drawn_by_the_table(name):
    env = CosmodromeEnv(name, players=2, seat=0, render_mode="rgb_array")
    try:
        assert "rgb_array" in env.metadata["render_modes"]
        env.reset(seed=3)
        first = env.render()
        board = env._board
        assert first.dtype == np.uint8 and first.shape == (board.height, board.width, 3)
        assert first.std() > 5 and len(np.unique(first.reshape(-1, 3), axis=0)) > 50  # a drawing, not a blank page
        s = env.state
        # drawn from view(seat) alone: the same view gives the same frame, a redeal of what
        # seat 0 cannot see changes nothing, and another position gives another frame
        assert np.array_equal(board.frame(s.view(0), 0), first)
        other = s.resample(0, Rng(11))
        assert np.array_equal(board.frame(other.view(0), 0), first)
        later = s.clone()
        _advance(later, 12, 5)
        assert not np.array_equal(board.frame(later.view(0), 0), first)
    finally:
        env.close()
    assert env._board._page is None  # close() ended the browser


@pytest.mark.browser
@pytest.mark.slow
def test_rgb_array_of_a_seat_hides_the_other_hand():
    """Venus: seat 0's frame shows seat 0's hand; seat 1's view of the same position differs."""
    env = CosmodromeEnv("venus", players=2, seat=0, render_mode="rgb_array")
    try:
        env.reset(seed=4)
        mine = env.render()
        assert not np.array_equal(env._board.frame(env.state.view(1), 1), mine)
    finally:
        env.close()


@pytest.mark.browser
@pytest.mark.slow
def test_pettingzoo_rgb_array_draws_the_spectators_view():
    e = raw_env("moon", players=2, render_mode="rgb_array")
    try:
        e.reset(seed=2)
        frame = e.render()
        assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3 and frame.std() > 5
        assert np.array_equal(e._board.frame(e.state.view(None), None), frame)
    finally:
        e.close()


def test_rgb_array_without_chromium_names_the_problem(monkeypatch):
    monkeypatch.setattr(render, "CHROMIUM", "/nonexistent/chromium")
    with pytest.raises(RenderError, match=r"needs chromium at /nonexistent/chromium, which is missing"):
        CosmodromeEnv("venus", players=2, render_mode="rgb_array")
    with pytest.raises(RenderError, match="chromium"):
        BoardRenderer("moon").frame({}, None)


def test_rgb_array_without_playwright_names_the_problem(monkeypatch):
    monkeypatch.setitem(sys.modules, "playwright.sync_api", None)   # as if not installed
    with pytest.raises(RenderError, match=r"needs the Python package 'playwright'.*cosmodrome\[pettingzoo\]"):
        raw_env("moon", players=2, render_mode="rgb_array")


def test_unknown_render_mode_is_refused():
    with pytest.raises(ValueError, match="rgb_array"):
        CosmodromeEnv("venus", players=2, render_mode="video")
