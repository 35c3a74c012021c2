"""The take-back rule shared by the browser table and the terminal (core.record.undo_start)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cosmodrome.core import undo_start


def test_a_seat_takes_back_its_own_decisions_up_to_chance_or_another_seat():
    movers = [0, 1, 0, 0, 0]
    chanced = [False, False, False, True, False]
    assert undo_start(movers, chanced.__getitem__, 0) == 4      # back to the chance draw
    assert undo_start(movers, ([False] * 5).__getitem__, 0) == 2   # back to seat 1's decision
    assert undo_start(movers, chanced.__getitem__, 1) is None     # seat 1 has played since
    assert undo_start([], [].__getitem__, 0) is None


@given(st.lists(st.tuples(st.integers(0, 3), st.booleans()), max_size=30), st.integers(0, 3))
def test_what_is_taken_back_is_the_seats_own_unchanced_tail(decisions, seat):
    movers = [m for m, _ in decisions]
    chanced = [c for _, c in decisions]
    k = undo_start(movers, chanced.__getitem__, seat)
    if k is None:
        assert not movers or movers[-1] != seat or chanced[-1]
    else:
        assert 0 <= k < len(movers)
        assert all(m == seat and not c for m, c in decisions[k:])
        assert k == 0 or movers[k - 1] != seat or chanced[k - 1]
