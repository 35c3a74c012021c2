"""The seat-relative observation (``seat_relative``): the absolute one with the seats
renumbered from the observer's, counts on a log scale, nothing hidden added; offered by the
OpenSpiel, PettingZoo and Gymnasium adapters."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

import cosmodrome.games  # noqa: F401
from cosmodrome.adapters.tensor import schema_for, seat_relative
from cosmodrome.core import OptionError, Rng, get_game
from cosmodrome.testing import toy  # noqa: F401  (registers pocket-race)

#: written out here from the rules' tables, independently of the layouts' markers: the keys
#: that hold one element per seat, and the keys whose value is a seat number
PER_SEAT = {"venus": {"orbit", "surface", "buildings", "players_info", "vp"}, "cosmic-run": {"sheets"},
            "moon": {"hands", "scores"}, "mars": {"marines"}}
SEAT_VALUED = {"venus": {"seat", "first", "to_move", "winners"},
               "cosmic-run": {"owner", "sheet", "targets", "source", "by", "seat", "captain", "to_move", "winners"},
               "moon": {"seat", "asked", "winners"}, "mars": {"seat", "marine"}}
PLAYERS = {"venus": (2, 3), "cosmic-run": (2,), "moon": (2, 4), "mars": (2, 3)}


def _rotated(name: str, entry: str, p: int, n: int) -> str:
    """The name an entry of the absolute observation takes seen from seat ``p``."""
    def block(m):
        return f"{m.group(1)}{m.group(2)}[{(int(m.group(3)) - p) % n}]"
    for key in PER_SEAT[name]:
        entry = re.sub(rf"(^|[. ])({key})\[(\d+)\]", block, entry)
    m = re.fullmatch(r"(.*) == (-?\d+)", entry)
    if m:
        last = re.sub(r"\[[^\]]*\]$", "", m.group(1)).split(".")[-1]
        v = int(m.group(2))
        if last in SEAT_VALUED[name] and 0 <= v < n:
            entry = f"{m.group(1)} == {(v - p) % n}"
    return entry


def _positions(name, players, games=2, every=5):
    game = get_game(name)
    for g in range(games):
        s = game.new_state(players, seed=40 + g)
        rng, i = Rng(g), 0
        while not s.is_terminal():
            if i % every == 0:
                yield s
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
            i += 1
        yield s


def _log_scaled(kind: str, x: float) -> float:
    if not kind.startswith("count 0.."):
        return x
    k = int(kind.split()[1][3:].rstrip(","))
    return math.log1p(x * k) / math.log1p(k) if k >= 8 else x


@pytest.mark.parametrize("name", sorted(PER_SEAT))
def test_seat_relative_is_the_absolute_observation_with_the_seats_rotated(name):
    game = get_game(name)
    for n in PLAYERS[name]:
        lay, rel = schema_for(game, n), seat_relative(game, n)
        entries = lay.root.entries("")
        index = {e: i for i, (e, _) in enumerate(entries)}
        assert len(index) == lay.size
        target = [[index[_rotated(name, e, p, n)] for e, _ in entries] for p in range(n)]
        for s in _positions(name, n):
            for p in range(n):
                absolute, relative = lay.observe(s, p), rel.observe(s, p)
                want = np.empty_like(absolute)
                for i, (_, kind) in enumerate(entries):
                    want[target[p][i]] = _log_scaled(kind, float(absolute[i]))
                np.testing.assert_allclose(relative, want, rtol=1e-6, atol=1e-7)
                assert relative[index["seat == 0"]] == 1.0          # the observer is seat 0


def test_one_card_is_no_longer_a_rounding_error():
    """Venus: a card in hand counts 1/131 = 0.0076 in the absolute observation; 0.142 here."""
    game = get_game("venus")
    lay, rel = schema_for(game, 2), seat_relative(game, 2)
    s = game.new_state(2, seed=1)
    absolute, relative = lay.observe(s, 0), rel.observe(s, 0)
    names = lay.names()
    hand = [i for i, e in enumerate(names) if e.startswith("count of ") and e.endswith(" in hand")]
    ones = [i for i in hand if abs(absolute[i] - 1 / 131) < 1e-6]
    assert ones, "a card held once"
    for i in ones:
        assert relative[i] == pytest.approx(math.log(2) / math.log(132), rel=1e-5)
    assert relative.min() >= 0.0 and relative.max() <= 1.0


@pytest.mark.parametrize("name", sorted(PER_SEAT))
def test_seat_relative_carries_nothing_hidden(name):
    """A determinization for the observer (what it cannot see redrawn) gives the same
    seat-relative vector."""
    game = get_game(name)
    n = PLAYERS[name][-1]
    rel = seat_relative(game, n)
    for i, s in enumerate(_positions(name, n, games=1, every=7)):
        if s.is_terminal():
            continue
        seat = i % n
        other = s.resample(seat, Rng(i))
        assert np.array_equal(rel.observe(s, seat), rel.observe(other, seat))


def test_the_adapters_offer_it():
    pyspiel = pytest.importorskip("pyspiel")  # noqa: F841
    from cosmodrome.adapters import openspiel as osa
    from cosmodrome.adapters.gymnasium import make_env
    from cosmodrome.adapters.pettingzoo import raw_env
    game, rel = get_game("moon"), seat_relative(get_game("moon"), 2)
    # OpenSpiel: a game parameter
    sg = osa.load_game("moon", players=2, seat_relative=True)
    st = sg.state_for_seed(3)
    assert np.allclose(st.observation_tensor(1), rel.observe(st.core, 1))
    plain = osa.load_game("moon", players=2).state_for_seed(3)
    assert not np.allclose(st.observation_tensor(1), plain.observation_tensor(1))
    # PettingZoo
    env = raw_env("moon", players=2, observation="seat_relative")
    env.reset(seed=5)
    seat = env.state.to_move()
    obs = env.observe(env.agent_selection)["observation"]
    assert np.array_equal(obs, rel.observe(env.state, seat))
    assert env.metadata["observation_version"].endswith("+seat-relative")
    assert env.observation_space(env.agent_selection)["observation"].contains(obs)
    # Gymnasium
    e = make_env("moon", players=2, seat=1, opponents="random", observation="seat_relative")
    o, _ = e.reset(seed=2)
    assert np.array_equal(o, rel.observe(e.state, 1)) and e.observation_space.contains(o)
    # a game without a declared layout refuses it, naming why
    with pytest.raises(OptionError, match="no seat-relative observation"):
        raw_env("pocket-race", players=2, observation="seat_relative")
    with pytest.raises(OptionError, match="no seat-relative observation"):
        osa.load_game("pocket-race", players=2, seat_relative=True)
    assert game.name == "moon"
