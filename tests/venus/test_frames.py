"""Every frame is the tuple its kind declares in ``flow.FRAME_FIELDS``: ``(op, seat,
*fields)``, as many fields as named there (the rule modules read them by unpacking into
those names, so a frame built with one field too many or too few would be misread)."""

import random

import pytest

from cosmodrome.games.venus import GAME, flow


def test_every_op_names_its_fields_once():
    assert set(flow.FRAME_FIELDS) == set(flow.OP_NAMES)
    for code, fields in flow.FRAME_FIELDS.items():
        assert fields[0] == "seat" and len(set(fields)) == len(fields), flow.OP_NAMES[code]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_frames_of_random_games_have_their_declared_fields(players, monkeypatch):
    seen = {}

    def checked(fn):
        def run(s, f, *rest):
            assert isinstance(f, tuple) and len(f) == 1 + len(flow.FRAME_FIELDS[f[0]]), (flow.OP_NAMES[f[0]], f)
            assert all(type(x) is int for x in f), f
            seen[f[0]] = seen.get(f[0], 0) + 1
            return fn(s, f, *rest)
        return run

    for table in (flow.AUTO, flow.APPLY, flow.LEGAL):
        for code, fn in list(table.items()):
            monkeypatch.setitem(table, code, checked(fn))
    r = random.Random(players)
    for seed in range(6):
        s = GAME.new_state(players, seed=100 * players + seed)
        while not s.is_terminal():
            la = s.legal_actions()
            s._apply(la[r.randrange(len(la))])
    assert len(seen) >= 25   # most kinds of frame were met (each game meets the common ones)
