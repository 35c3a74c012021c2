"""The frames of the Venus engine: a small class per kind, read by name (issue 28)."""

import pickle
import re
from pathlib import Path

import pytest

from cosmodrome.core import RecordError, Rng, get_game
from cosmodrome.games.venus import flow
from cosmodrome.games.venus.flow import (
    CLAIM_UNIT,
    D_CLAIM_UNIT,
    D_IGNORE,
    KINDS,
    OP_NAMES,
    SEATS,
    ClaimUnit,
    IgnoreElimination,
    make_frame,
)

VENUS = Path(flow.__file__).parent


def mid_game(players: int, seed: int, decisions: int = 80):
    """A seeded game after ``decisions`` random decisions (frames on the stack)."""
    s = get_game("venus").new_state(players, seed=seed)
    r = Rng(seed)
    for _ in range(decisions):
        la = s.legal_actions()
        s.apply(la[r.below(len(la))])
    assert len(s.stack) > 1
    return s


def test_every_op_has_a_kind_with_named_fields():
    assert set(KINDS) == set(OP_NAMES)
    for code, kind in KINDS.items():
        assert kind.fields[0] == "seat"
        f = make_frame(code, list(range(len(kind.fields))))
        assert f.op == code and [getattr(f, k) for k in kind.fields] == list(range(len(kind.fields)))
        assert pickle.loads(pickle.dumps(f)) == f


def test_prebuilt_frames_are_the_frames_their_kind_builds():
    """``CLAIM_UNIT[p][pl][slot]`` is ``ClaimUnit(p, pl, slot)``; seat -1 sits last."""
    assert CLAIM_UNIT[2][5][29] == ClaimUnit(2, 5, 29) and CLAIM_UNIT[2][5][29].slot == 29
    assert CLAIM_UNIT[-1][0][0].seat == -1 and len(CLAIM_UNIT) == len(SEATS)
    assert ClaimUnit(2, 5, 29).op == D_CLAIM_UNIT and ClaimUnit(2, 5, 29) != ClaimUnit(2, 5, 28)


def test_a_saved_frame_keeps_its_list_form_and_loads_into_its_kind():
    """The saved form is ``[op name, seat, fields…]`` as before; an older save's elimination
    frame without its last field loads with the unit taken from orbit (0)."""
    s = mid_game(4, 5)
    data = s.to_json()
    for saved, f in zip(data["stack"], s.stack):
        assert saved == [OP_NAMES[f.op], *(getattr(f, k) for k in f.fields)]
    assert get_game("venus").load_state(data).stack == s.stack
    assert make_frame(D_IGNORE, [1, 2, 0, 3]) == IgnoreElimination(1, 2, 0, 3, 0)


def test_a_saved_frame_with_other_fields_than_its_kind_is_refused():
    s = mid_game(4, 5)
    data = s.to_json()
    data["stack"][-1] = data["stack"][-1] + [7, 7, 7, 7, 7, 7]
    with pytest.raises(RecordError, match="has other fields than its kind"):
        get_game("venus").load_state(data)


@pytest.mark.parametrize("module", ["actions", "cards", "combat", "crises", "phases", "options", "text", "state",
                                    "view", "observation", "flow"])
def test_rule_modules_read_frames_by_name(module):
    """No frame is read by position (``f[2]``, ``stack[-1][1]``) or built as a bare tuple."""
    src = (VENUS / f"{module}.py").read_text()
    assert not re.findall(r"\bf\[\d|stack\[-1\]\[|stack\.append\(\(", src)
