"""Table updates: after a move, a socket that asked for them gets only what changed since the
last table message it was sent (docs/SERVER.md, "Table messages").

The full table message (:meth:`Table.table_message`) stays the reference: an update is derived
from two of them for the same seat, so a socket never learns more than its seat's full table
would tell it. An update ``{"type": "update", "from": v0, "version": v1, ...}`` holds

- ``log``: the log lines the move added (as in a move's table message);
- every other top-level field of the table message whose value changed since ``v0``, whole;
- ``view_ops``: the changes of the seat's view (:func:`view_ops`), when the view changed.

A client applies it to the table of version ``from`` (:func:`apply_update`); one that does not
hold that version asks for a resync.

>>> old = {"type": "table", "version": 1, "log": [1], "log_reset": True, "seat": 0,
...        "view": {"a": 1, "b": [1, 2], "c": {"d": 1}}, "decision": None}
>>> new = {"type": "table", "version": 2, "log": [2], "log_reset": False, "seat": 0,
...        "view": {"a": 1, "b": [1, 2, 3], "c": {}}, "decision": {"x": 1}}
>>> up = update_between(old, new)
>>> up  # doctest: +NORMALIZE_WHITESPACE
{'type': 'update', 'from': 1, 'version': 2, 'log': [2], 'decision': {'x': 1},
 'view_ops': [['a', ['b'], [3]], ['d', ['c', 'd']]]}
>>> got = apply_update(old, up)
>>> got["view"] == new["view"] and got["decision"] == new["decision"] and got["log"] == [2]
True
"""

from __future__ import annotations

import copy
import json
from itertools import compress
from operator import is_not
from typing import Any, Optional

import orjson

from cosmodrome.core.recent import Recent

#: fields of a table message that are never compared: ``log`` is already the new lines of a
#: move, ``chat`` and ``notice`` come with full tables only, ``view`` travels as ``view_ops``
_NOT_DIFFED = frozenset({"type", "log", "log_reset", "chat", "notice", "view"})


def dumps(msg: Any) -> str:
    """``msg`` as compact JSON text (orjson; the standard encoder for what orjson refuses,
    such as integers beyond 64 bits). Keys that are not strings become strings, as
    :func:`json.dumps` makes them; a NaN becomes null (which a browser can parse).

    >>> dumps({1: [True, None, "é"]})
    '{"1":[true,null,"é"]}'
    """
    try:
        return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode("utf-8")
    except TypeError:
        return json.dumps(msg, separators=(",", ":"), ensure_ascii=False)


def view_ops(old: Any, new: Any, path: tuple = ()) -> list[list[Any]]:
    """The changes that turn view ``old`` into ``new``, as a list of operations on paths (a
    path is a list of object keys and list indexes):

    - ``["s", path, value]`` set the value at ``path`` (``[]``: the whole view);
    - ``["d", path]`` delete the key at ``path``;
    - ``["a", path, items]`` append ``items`` to the list at ``path``;
    - ``["t", path, n]`` drop the first ``n`` items of the list at ``path``.

    Objects are compared key by key and lists of the same length item by item; a list that
    grew by items at its end gets them appended, and one whose first items went while others
    came at its end (a log that keeps its last lines) gets ``t`` and ``a``; any other change
    replaces the value.

    >>> view_ops({"a": [1, {"b": 2}], "n": None}, {"a": [1, {"b": 3}], "n": 1})
    [['s', ['a', 1, 'b'], 3], ['s', ['n'], 1]]
    >>> view_ops([1], [2, 3])
    [['s', [], [2, 3]]]
    >>> view_ops({"log": ["a", "b", "c", "d"]}, {"log": ["c", "d", "e", "f"]})
    [['t', ['log'], 2], ['a', ['log'], ['e', 'f']]]
    """
    out: list[list[Any]] = []
    if old is new:
        return out
    if not path and type(old) is dict and type(new) is dict:
        _diff_top(old, new, out)
    elif old != new or type(old) is not type(new):
        _diff(old, new, list(path), out)
    return out


# ----- the seat-independent part of the views, diffed once a move -------------------------
# The views of one position share their seat-independent part (``State.view_common``; each
# seat's view is that part but for its own keys, ``State.view_for``). The table says which
# part each view was built from (:func:`built_from`); the changes of that part from one
# position to the next are then worked out once (:func:`_common_ops`) and read by every
# socket's diff, which works out only its seat's own keys. A view the table did not note is
# diffed whole: the same operations, worked out again.

#: each noted view's part, id(view) -> (view, common, the view's own keys, its keys in order), and the operations
#: of each key between two commons, (id, id) -> (old, new, {key: ops}): kept a while, so that
#: a socket that sends a move late still finds them
#: (a move of 100 games of 4 seats and a spectator notes 500 views and 100 commons)
_BASES = Recent(1024)
_COMMON_OPS = Recent(256)
#: a value no view holds (a key one of two views lacks)
_ABSENT = object()


def built_from(view: dict, common: dict) -> None:
    """Note that ``view`` was built from the seat-independent part ``common`` (``State.view_for``):
    its keys whose value is not ``common``'s own object are the seat's own. Neither may change
    afterwards (the views of a position are read-only)."""
    keys = tuple(view)
    if keys == tuple(common):
        # the usual view (``dict(common)`` with some values replaced): the same keys in the same
        # order, so its values pair with common's by position, in C with no lookup by key
        own = frozenset(compress(keys, map(is_not, view.values(), common.values())))
    else:
        # (in C: the keys whose value is not common's object, and those only one of them has)
        own = frozenset(compress(view, map(is_not, view.values(), map(common.get, view)))).union(
            view.keys() ^ common.keys())
    _BASES.put(id(view), (view, common, own, keys))


def _base(view: dict) -> Optional[tuple[dict, dict, frozenset, tuple]]:
    got = _BASES.get(id(view))
    return got if got is not None and got[0] is view else None


def _common_ops(old: dict, new: dict) -> tuple:
    """The operations turning each key of ``old`` into ``new`` (two commons), worked out once:
    ``(old, new, {key: ops}, {plan key: plan})`` (the plans: :func:`_plan`)."""
    key = (id(old), id(new))
    got = _COMMON_OPS.get(key)
    if got is not None and got[0] is old and got[1] is new:
        return got
    ops: dict = {}
    for k, v in new.items():
        if old.get(k, _ABSENT) is v:  # the same object (most of a common part's values): no operation
            ops[k] = ()
            continue
        out: list = []
        _diff_key(old, k, v, out)
        ops[k] = out
    got = (old, new, ops, {})
    _COMMON_OPS.put(key, got)
    return got


def _plan(common: tuple, own: frozenset, old: dict, new: dict, old_keys: tuple, new_keys: tuple) -> list:
    """How a socket's diff of view ``old`` into ``new`` (built from the two commons of
    ``common``, :func:`_common_ops`; their keys in order ``old_keys`` and ``new_keys``) goes,
    key by key in ``new``'s order: runs of the commons' operations (lists) and the seat's own
    keys to diff (``(key,)``), then the deletions. The same for every view of the same keys
    and own keys, so worked out once for them."""
    key = (own, old_keys, new_keys)
    plans = common[3]
    plan = plans.get(key)
    if plan is None:
        shared = common[2]
        plan, run = [], []
        for k in new:
            if k in own:
                if run:
                    plan.append(run)
                    run = []
                plan.append((k,))
            else:
                run.extend(shared[k])
        run.extend([["d", [k]] for k in old if k not in new])
        if run:
            plan.append(run)
        plans[key] = plan
    return plan


def _diff_key(old: dict, k: Any, v: Any, out: list) -> None:
    """Append the operations turning ``old[k]`` into ``v`` (a key of a view)."""
    if k not in old:
        out.append(["s", [k], v])
        return
    w = old[k]
    if w is not v and (w != v or type(w) is not type(v)):
        _diff(w, v, [k], out)


def _diff_top(old: dict, new: dict, out: list) -> None:
    """:func:`_diff` of two whole views (objects): the keys of their seat-independent parts
    read from :func:`_common_ops` when both views were noted (:func:`built_from`)."""
    a, b = _base(old), _base(new)
    if a is not None and b is not None:
        for step in _plan(_common_ops(a[1], b[1]), a[2] | b[2], old, new, a[3], b[3]):
            if step.__class__ is list:
                out.extend(step)
            else:
                _diff_key(old, step[0], new[step[0]], out)
        return
    for k, v in new.items():
        _diff_key(old, k, v, out)
    for k in old:
        if k not in new:
            out.append(["d", [k]])


def _diff(old: Any, new: Any, path: list, out: list) -> None:
    """Append to ``out`` the operations turning ``old`` into ``new`` (known to differ); equal
    parts are skipped by one comparison each, without descending into them."""
    if isinstance(old, dict) and isinstance(new, dict):
        for k, v in new.items():
            if k not in old:
                out.append(["s", path + [k], v])
            else:
                w = old[k]
                if w is not v and (w != v or type(w) is not type(v)):
                    _diff(w, v, path + [k], out)
        for k in old:
            if k not in new:
                out.append(["d", path + [k]])
        return
    if isinstance(old, list) and isinstance(new, list):
        n = len(old)
        if len(new) > n and new[:n] == old:
            out.append(["a", path, new[n:]])
            return
        k = _shift(old, new)
        if k:
            out.append(["t", path, k])
            if len(new) > n - k:
                out.append(["a", path, new[n - k:]])
            return
        if n == len(new):
            for i in range(n):
                a, b = old[i], new[i]
                if a is not b and (a != b or type(a) is not type(b)):
                    _diff(a, b, path + [i], out)
            return
    out.append(["s", path, new])


def _shift(old: list, new: list) -> int:
    """The fewest first items of ``old`` (at least one, not all) whose dropping leaves the
    first items of ``new`` (``new`` then adds any others at its end); 0 when there is none.
    Lists of fewer than 4 items are not looked at (they are set item by item or whole).

    >>> _shift([1, 2, 3, 4], [3, 4, 5, 6]), _shift([1, 2, 3, 4], [2, 3, 4]), _shift([1, 2, 3, 4], [1, 2, 3, 5])
    (2, 1, 0)
    """
    n = len(old)
    if n < 4 or not new or old[0] == new[0]:
        return 0
    first = new[0]
    for k in range(1, n):
        if old[k] == first and old[k:] == new[:n - k]:
            return k
    return 0


def apply_ops(view: Any, ops: list[list[Any]]) -> Any:
    """``view`` changed by ``ops`` (:func:`view_ops`), in place where it can; returns the
    result (a new value when an operation replaces the whole view)."""
    for op in ops:
        kind, path = op[0], op[1]
        if not path:
            if kind == "s":
                view = op[2]
            elif kind == "a":
                view.extend(op[2])
            elif kind == "t":
                del view[:op[2]]
            continue
        parent = view
        for k in path[:-1]:
            parent = parent[k]
        last = path[-1]
        if kind == "s":
            parent[last] = op[2]
        elif kind == "d":
            del parent[last]
        elif kind == "a":
            parent[last].extend(op[2])
        elif kind == "t":
            del parent[last][:op[2]]
    return view


def update_between(sent: dict[str, Any], msg: dict[str, Any]) -> dict[str, Any]:
    """The update that turns table message ``sent`` (what the socket holds) into ``msg`` (a
    move's table message for the same seat, one version later)."""
    up: dict[str, Any] = {"type": "update", "from": sent["version"], "version": msg["version"], "log": msg["log"]}
    for k, v in msg.items():
        if k not in _NOT_DIFFED and (k not in sent or sent[k] != v):
            up[k] = v
    ops = view_ops(sent.get("view"), msg.get("view"))
    if ops:
        up["view_ops"] = ops
    return up


def apply_update(table: dict[str, Any], up: dict[str, Any]) -> dict[str, Any]:
    """The table message that update ``up`` makes of ``table`` (a new dict; ``table`` is left
    as it was). ``log`` is the update's new lines, as in a move's table message."""
    if up.get("from") != table.get("version"):
        raise ValueError(f"an update from version {up.get('from')} does not apply to version {table.get('version')}")
    out = dict(table, type="table", log_reset=False, log=list(up.get("log", [])))
    out.pop("notice", None)
    out.pop("chat", None)
    for k, v in up.items():
        if k not in ("type", "from", "log", "view_ops"):
            out[k] = v
    if "view_ops" in up:
        out["view"] = apply_ops(copy.deepcopy(table.get("view")), up["view_ops"])
    return out


class Feed:
    """What one socket was last sent, to send it the next move as an update."""

    def __init__(self, updates: bool) -> None:
        #: whether the socket asked for updates (else it gets full table messages)
        self.updates = updates
        #: the last table message it was sent (or one equal to it), None before the first
        self.sent: Optional[dict[str, Any]] = None

    def full(self, msg: dict[str, Any]) -> dict[str, Any]:
        """A full table message being sent: remembered as what the socket holds."""
        self.sent = msg
        return msg

    def next(self, msg: dict[str, Any], current: Any) -> Optional[dict[str, Any]]:
        """What to send for table message ``msg`` (from the socket's queue): None when the
        socket already holds that version (a resync built later covered it); the update from
        what it holds when ``msg`` is the next move; else a full table (``current()``)."""
        sent = self.sent
        if msg.get("type") != "table" or not self.updates:
            return msg
        if sent is not None and (msg["version"] < sent["version"]
                                 or (msg["version"] == sent["version"] and not msg.get("log_reset"))):
            return None
        if msg.get("log_reset") or sent is None:
            return self.full(msg)
        if msg["version"] != sent["version"] + 1:
            return self.full(current())
        self.sent = msg
        return update_between(sent, msg)
