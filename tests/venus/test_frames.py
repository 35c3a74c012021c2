"""Every frame is an object of its kind's class, whose fields are those its kind declares,
once, in ``flow.FRAME_FIELDS``: the class (and, for the compiled engine, its C declaration in
``flow.pxd``) is generated from that table, and the rule modules read the fields by name."""

import random
import re
from pathlib import Path

import pytest

from cosmodrome.games.venus import GAME, flow

VENUS_DIR = Path(__file__).resolve().parents[2] / "src" / "cosmodrome" / "games" / "venus"


def test_every_op_names_its_fields_once():
    assert set(flow.FRAME_FIELDS) == set(flow.OP_NAMES)
    for code, fields in flow.FRAME_FIELDS.items():
        assert fields[0] == "seat" and len(set(fields)) == len(fields), flow.OP_NAMES[code]


#: what regenerates the frame classes after the table changed
WRITE = "PYTHONPATH=src python -c 'from cosmodrome.games.venus import flow; flow.write_frame_code()'"


def test_every_kind_has_a_class_with_exactly_the_tables_fields():
    missing = sorted(flow.OP_NAMES[c] for c in set(flow.OP_NAMES) - set(flow.FRAME_CLASS))
    assert missing == [], f"no frame class for {missing}: the table changed, run {WRITE}"
    assert set(flow.FRAME_CLASS) == set(flow.OP_NAMES)
    for code, fields in flow.FRAME_FIELDS.items():
        cls = flow.FRAME_CLASS[code]
        assert cls.__name__ == flow.class_name(code) and issubclass(cls, flow.Frame)
        assert cls.fields == fields, flow.OP_NAMES[code]
        f = cls(*range(len(fields)))
        assert f.op == code and f.values() == tuple(range(len(fields)))
        assert [getattr(f, k) for k in fields] == list(range(len(fields)))
        # the field names are all it has: no other attribute can be set (slots, or a C struct)
        with pytest.raises((AttributeError, TypeError)):
            f.not_a_field = 1
        assert repr(f) == f"{cls.__name__}(" + ", ".join(f"{k}={i}" for i, k in enumerate(fields)) + ")"
        with pytest.raises(TypeError):
            cls(*range(len(fields) + 1))


def test_the_checked_in_classes_and_declarations_are_what_the_table_generates():
    py, pxd = flow.frame_code()
    for path, text in ((VENUS_DIR / "flow.py", py), (VENUS_DIR / "flow.pxd", pxd)):
        src = path.read_text()
        start, end = src.index(flow.GENERATED[0]) + len(flow.GENERATED[0]), src.index(flow.GENERATED[1])
        assert src[start:end] == "\n" + text + "\n", \
            f"src/cosmodrome/games/venus/{path.name} does not hold what flow's table generates: run {WRITE}"


def test_every_kind_is_run_or_decided():
    """A kind in the table is an automatic step (``@auto``) or a decision (``@decide``), not both."""
    for code, name in flow.OP_NAMES.items():
        assert (code in flow.AUTO) != (code in flow.DECIDE), f"frame kind {name!r}: one @auto or one @decide"


def test_no_rule_changes_a_frame():
    """A frame is never changed once built (a prebuilt one serves every state; the compiled
    engine's fields are read-only, the pure engine's are not): no module assigns to a frame's
    field (``f.x = ...`` of a frame argument or local, ``f``, ``fr``, ``frame`` or ``top``)."""
    import ast
    found = []
    for path in sorted(VENUS_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
            for t in targets:
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and \
                        t.value.id in ("f", "fr", "frame", "top") and path.name != "flow.py":
                    found.append(f"{path.name}:{t.lineno}")
    assert found == []


def test_frames_compare_and_hash_by_kind_and_fields():
    a, b = flow.ClaimUnit(1, flow.EARTH, 4), flow.CLAIM_UNIT[1][flow.EARTH][4]
    assert a == b and hash(a) == hash(b) and a is not b
    assert a != flow.ClaimUnit(1, flow.EARTH, 5) and a != flow.TensionSeat(1, flow.EARTH, 4)
    assert flow.TURN_MENU[-1].seat == -1 and flow.PASS_REACT[-1][3] == flow.PassReact(-1, 3)


def test_the_rules_read_frames_by_name():
    """No frame is read by its place (``f[1]``), unpacked (``_op, p = f``) or built as a tuple."""
    for module in ("actions", "cards", "combat", "crises", "phases", "setup", "scoring", "options", "text",
                   "state", "view", "observation"):
        text = (VENUS_DIR / f"{module}.py").read_text()
        found = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
                 if re.search(r"\b(f|frame)\[\d|= f$|stack\.append\(\(|\bframe_field\b", line)]
        assert found == [], f"{module}.py reads or builds a frame by place: {found}"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_frames_of_random_games_are_their_kinds_and_name_their_fields(players, monkeypatch):
    seen = {}

    def checked(fn):
        def run(s, f, *rest):
            cls = flow.FRAME_CLASS[f.op]
            assert type(f) is cls and len(f.values()) == len(flow.FRAME_FIELDS[f.op]), f
            assert all(type(x) is int for x in f.values()), f
            assert repr(f).startswith(cls.__name__ + "(seat=")
            seen[f.op] = seen.get(f.op, 0) + 1
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
