# cython: annotation_typing=False
"""Declared observation layouts: a seat's view as a fixed, documented vector in [0, 1].

A game declares how its view (``state.view(seat)``) becomes a vector of floats by building a
:class:`Layout` from its component data (``Game.observation_layout(players, options)``). The
declaration names every key of the view: each is encoded (a number scaled by its bounds, a
flag, a one-hot over the values the components allow, a bag of counts, a list of slots) or
skipped with the reason it carries nothing the rest does not (a name that follows from an
index, the history, the action list that the action mask gives). So the vector is

- **lossless** for the view: :meth:`Layout.decode` gives back :meth:`Layout.covered` (the view
  without its skipped keys) exactly; a key the declaration does not name, a string outside
  its vocabulary or a number outside its bounds is an :class:`ObservationError` when
  ``strict`` (the tests encode many random positions strictly);
- **in [0, 1]**: a number ``v`` in ``[lo, hi]`` is ``(v - lo) / (hi - lo)``;
- **built from the view only**: it cannot carry what the seat may not see;
- **versioned**: ``Layout.version`` changes whenever the meaning of an index changes.

For speed a game also gives its layout a :class:`StateEncoder`: :class:`Part` objects that
write pieces of the same vector straight from the state, each with a key read from the state
(:meth:`Layout.group`, :meth:`Layout.numbers`, :func:`scattered` build the common ones).
:meth:`Layout.observe` writes every part; an :class:`Observer`
(:meth:`Layout.observer`) rewrites only the parts whose key changed since its last call.

>>> lay = Layout("demo", 1, Obj(score=Num(10), colour=OneHot(("red", "blue")),
...                              hand=Bag(("a", "b"), 2), note=Skip("free text")))
>>> lay.names()
['colour == red', 'colour == blue', 'count of a in hand', 'count of b in hand', 'score']
>>> v = lay.encode({"score": 5, "colour": "red", "hand": ["b", "a", "b"], "note": "hi"})
>>> [float(x) for x in v]
[1.0, 0.0, 0.5, 1.0, 0.5]
>>> lay.decode(v)
{'colour': 'red', 'hand': ['a', 'b', 'b'], 'score': 5}
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Optional, Sequence

import numpy as np

from cosmodrome.core.errors import CosmodromeError
from cosmodrome.core.fields import generate


class ObservationError(CosmodromeError, ValueError):
    """A view that the declared layout cannot encode exactly (checked in strict mode)."""


class Field:
    """One part of a layout. ``width`` entries; ``compile`` fixes the offsets."""

    def entries(self, label: str) -> list[tuple[str, str]]:  # pragma: no cover - abstract
        raise NotImplementedError

    def compile(self, off: int) -> tuple[Callable, Callable, Callable]:  # pragma: no cover
        """(fill(value, out, strict, where), decode(vec), cover(value))."""
        raise NotImplementedError


def _bad(where: str, msg: str) -> ObservationError:
    return ObservationError(f"{where or '(view)'}: {msg}")


class Num(Field):
    """A whole number in ``[lo, hi]``, scaled to ``(v - lo) / (hi - lo)``; ``unit`` says what it counts."""

    def __init__(self, hi: int, lo: int = 0, unit: str = "") -> None:
        if hi <= lo:
            raise ValueError(f"Num needs hi > lo, not [{lo}, {hi}]")
        self.lo, self.hi, self.unit = lo, hi, unit

    def entries(self, label: str) -> list[tuple[str, str]]:
        return [(label, f"number {self.lo}..{self.hi}, scaled" + (f" ({self.unit})" if self.unit else ""))]

    def compile(self, off: int):
        lo, span = self.lo, float(self.hi - self.lo)
        hi = self.hi

        def fill(v, out, strict, where):
            if strict and (isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi):
                raise _bad(where, f"{v!r} is not a whole number in {lo}..{hi}")
            x = (v - lo) / span
            out[off] = 0.0 if x < 0 else (1.0 if x > 1 else x)

        def decode(vec):
            return int(round(float(vec[off]) * span + lo))
        return fill, decode, _same


class Flag(Field):
    """A boolean: 1 when true."""

    def entries(self, label: str) -> list[tuple[str, str]]:
        return [(label, "flag")]

    def compile(self, off: int):
        def fill(v, out, strict, where):
            if strict and not isinstance(v, bool):
                raise _bad(where, f"{v!r} is not a boolean")
            out[off] = 1.0 if v else 0.0

        def decode(vec):
            return bool(vec[off] > 0.5)
        return fill, decode, _same


class OneHot(Field):
    """One value of a fixed vocabulary (strings or numbers): one flag per value."""

    def __init__(self, values: Sequence[Any]) -> None:
        self.values = list(dict.fromkeys(values))
        if not self.values:
            raise ValueError("OneHot needs at least one value")

    def entries(self, label: str) -> list[tuple[str, str]]:
        return [(f"{label} == {v}", "flag") for v in self.values]

    def compile(self, off: int):
        index = {v: off + i for i, v in enumerate(self.values)}
        values = self.values
        n = len(values)

        def fill(v, out, strict, where):
            i = index.get(v)
            if i is None:
                if strict:
                    raise _bad(where, f"{v!r} is not one of {values!r}")
                return
            out[i] = 1.0

        def decode(vec):
            hit = [values[i] for i in range(n) if vec[off + i] > 0.5]
            return hit[0] if hit else None
        return fill, decode, _same


class SeatHot(OneHot):
    """A seat number: a :class:`OneHot` over ``extra`` values (e.g. -1 for chance) and the
    seats ``0..players-1``, marked so that a seat-relative observation
    (:mod:`cosmodrome.adapters.tensor`) renumbers the seats from the observer's."""

    def __init__(self, players: int, extra: Sequence[Any] = ()) -> None:
        super().__init__([*extra, *range(players)])
        self.players = players


class Opt(Field):
    """A value that may be ``null``: a flag ``is null``, then the value's entries (zeros when null)."""

    def __init__(self, inner: Field) -> None:
        self.inner = inner

    def entries(self, label: str) -> list[tuple[str, str]]:
        return [(f"{label} is null", "flag")] + self.inner.entries(label)

    def compile(self, off: int):
        f, d, c = self.inner.compile(off + 1)

        def fill(v, out, strict, where):
            if v is None:
                out[off] = 1.0
            else:
                f(v, out, strict, where)

        def decode(vec):
            return None if vec[off] > 0.5 else d(vec)

        def cover(v):
            return None if v is None else c(v)
        return fill, decode, cover


class Bag(Field):
    """A list of values whose order carries nothing (a hand, the aliens in a box): per value of
    the vocabulary, how many, divided by ``cap``. Decodes to the values in vocabulary order.
    ``key``: a list of objects counted by that key (the rest of each object is skipped as
    following from it, e.g. a card's title from its effect)."""

    def __init__(self, values: Sequence[Any], cap: int, key: Optional[str] = None) -> None:
        self.values = list(dict.fromkeys(values))
        self.cap, self.key = cap, key

    def entries(self, label: str) -> list[tuple[str, str]]:
        return [(f"count of {v} in {label}", f"count 0..{self.cap}, scaled") for v in self.values]

    def compile(self, off: int):
        index = {v: off + i for i, v in enumerate(self.values)}
        order = {v: i for i, v in enumerate(self.values)}
        values, step, cap, key = self.values, 1.0 / self.cap, self.cap, self.key

        def fill(v, out, strict, where):
            if key is not None:
                v = [x[key] for x in v]
            for x in v:
                i = index.get(x)
                if i is None:
                    if strict:
                        raise _bad(where, f"{x!r} is not one of {values!r}")
                    continue
                x = out[i] + step
                out[i] = x if x < 1.0 else 1.0
            if strict and any(v.count(x) > cap for x in set(v)):
                raise _bad(where, f"more than {cap} of one value")

        def decode(vec):
            res = []
            for i, x in enumerate(values):
                res.extend([x] * int(round(float(vec[off + i]) * cap)))
            return res

        def cover(v):
            if key is not None:
                v = [x[key] for x in v]
            return sorted(v, key=lambda x: order.get(x, -1))
        return fill, decode, cover


class Tup(Field):
    """A list of a fixed length, element ``i`` under ``label[i]`` (or under ``names[i]``)."""

    def __init__(self, n: int, elem: Field, names: Optional[Sequence[str]] = None) -> None:
        self.n, self.elem, self.names = n, elem, list(names) if names else None

    def _label(self, label: str, i: int) -> str:
        return f"{label}[{self.names[i]}]" if self.names else f"{label}[{i}]"

    def entries(self, label: str) -> list[tuple[str, str]]:
        return [e for i in range(self.n) for e in self.elem.entries(self._label(label, i))]

    def compile(self, off: int):
        w = len(self.elem.entries("x"))
        parts = [self.elem.compile(off + i * w) for i in range(self.n)]
        n = self.n

        def fill(v, out, strict, where):
            if strict and len(v) != n:
                raise _bad(where, f"a list of {len(v)}, not {n}")
            for (f, _, _), x in zip(parts, v):
                f(x, out, strict, where)

        def decode(vec):
            return [d(vec) for _, d, _ in parts]

        def cover(v):
            return [c(x) for (_, _, c), x in zip(parts, v)]
        return fill, decode, cover


class List(Field):
    """A list of at most ``n`` elements: ``label length`` (scaled by ``n``), then ``n`` slots
    (zeros past the end)."""

    def __init__(self, n: int, elem: Field) -> None:
        self.n, self.elem = n, elem

    def entries(self, label: str) -> list[tuple[str, str]]:
        return [(f"{label} length", f"count 0..{self.n}, scaled")] + [
            e for i in range(self.n) for e in self.elem.entries(f"{label}[{i}]")]

    def compile(self, off: int):
        w = len(self.elem.entries("x"))
        parts = [self.elem.compile(off + 1 + i * w) for i in range(self.n)]
        n = self.n

        def fill(v, out, strict, where):
            if len(v) > n:
                if strict:
                    raise _bad(where, f"a list of {len(v)}, more than {n}")
                v = v[:n]
            out[off] = len(v) / n
            for (f, _, _), x in zip(parts, v):
                f(x, out, strict, where)

        def decode(vec):
            k = int(round(float(vec[off]) * n))
            return [parts[i][1](vec) for i in range(k)]

        def cover(v):
            return [c(x) for (_, _, c), x in zip(parts, v)]
        return fill, decode, cover


class Skip(Field):
    """A key left out, with the reason it carries nothing the encoded keys do not."""

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def entries(self, label: str) -> list[tuple[str, str]]:
        return []

    def compile(self, off: int):  # pragma: no cover - never compiled (an Obj drops it)
        raise AssertionError("Skip is handled by Obj")


#: a key skipped because the game's data and options fix it for the whole game
FIXED = Skip("fixed for the whole game by the component data, the options and the player count")


def derived(what: str) -> Skip:
    """A key skipped because it follows from ``what`` (a name from an index, a sum)."""
    return Skip(f"follows from {what}")


def components_option(options: Optional[Mapping[str, Any]]) -> str:
    """The ``components`` option (a variant data file) of ``options``, ``""`` for the packaged
    data: the only option a game's layout depends on, a key for caching layouts."""
    return str((options or {}).get("components") or "")


class PerSeat(Tup):
    """One element per seat (seat ``i`` under ``label[i]``): a :class:`Tup` marked so that a
    seat-relative observation puts the observer's element first."""

    def __init__(self, players: int, elem: Field) -> None:
        super().__init__(players, elem)


class Obj(Field):
    """An object with the declared keys, in sorted order. Every key must be present, except
    those named in ``maybe`` (present in some views only: a flag ``has key`` before them)."""

    def __init__(self, maybe: Sequence[str] = (), **fields: Field) -> None:
        self.fields = dict(sorted(fields.items()))
        self.maybe = set(maybe)

    def _children(self):
        return [(k, f) for k, f in self.fields.items() if not isinstance(f, Skip)]

    def entries(self, label: str) -> list[tuple[str, str]]:
        out = []
        for k, f in self._children():
            sub = f"{label}.{k}" if label else k
            if k in self.maybe:
                out.append((f"has {sub}", "flag"))
            out.extend(f.entries(sub))
        return out

    def skipped(self, label: str = "") -> list[tuple[str, str]]:
        """(path, reason) of every skipped key under this object."""
        out = []
        for k, f in self.fields.items():
            sub = f"{label}.{k}" if label else k
            if isinstance(f, Skip):
                out.append((sub, f.reason))
            else:
                out.extend(_skipped(f, sub))
        return out

    def compile(self, off: int):
        parts = []
        pos = off
        for k, f in self._children():
            has = -1
            if k in self.maybe:
                has, pos = pos, pos + 1
            parts.append((k, has, f.compile(pos)))
            pos += len(f.entries("x"))
        known = set(self.fields)

        def fill(v, out, strict, where):
            if strict:
                extra = set(v) - known
                if extra:
                    raise _bad(where, f"undeclared key(s) {sorted(extra)}")
            for k, has, (f, _, _) in parts:
                if k in v:
                    if has >= 0:
                        out[has] = 1.0
                    f(v[k], out, strict, f"{where}.{k}" if strict else where)
                elif strict and has < 0:
                    raise _bad(where, f"key {k!r} is missing")

        def decode(vec):
            return {k: d(vec) for k, has, (_, d, _) in parts if has < 0 or vec[has] > 0.5}

        def cover(v):
            return {k: c(v[k]) for k, _, (_, _, c) in parts if k in v}
        return fill, decode, cover


def _skipped(f: Field, label: str) -> list[tuple[str, str]]:
    if isinstance(f, Obj):
        return f.skipped(label)
    if isinstance(f, Opt):
        return _skipped(f.inner, label)
    if isinstance(f, (List, Tup)):
        return _skipped(f.elem, f"{label}[i]")
    if isinstance(f, Bag) and f.key:
        return [(f"{label}[i] (all but {f.key})",
                 f"follows from {f.key}: things of one {f.key} are alike (their order and numbers carry no rule)")]
    return []


def _same(v: Any) -> Any:
    return v


class _Gen:
    """Writes one straight-line Python function that encodes a view for a layout: the fast
    path of :meth:`Layout.encode` (the closures of ``compile`` check, decode and cover)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.consts: dict[str, Any] = {}
        self.n = 0

    def var(self, prefix: str = "t") -> str:
        self.n += 1
        return f"{prefix}{self.n}"

    def const(self, value: Any) -> str:
        name = self.var("c")
        self.consts[name] = value
        return name

    def emit(self, depth: int, line: str) -> None:
        self.lines.append("    " * depth + line)

    def field(self, f: Field, v: str, off: str, depth: int) -> None:
        """Code filling ``f`` from the expression ``v`` at offset expression ``off``."""
        e = self.emit
        if isinstance(f, Num):
            x = self.var("x")
            e(depth, f"{x} = ({v} - {f.lo}) * {1.0 / (f.hi - f.lo)!r}")
            e(depth, f"out[{off}] = 0.0 if {x} < 0.0 else (1.0 if {x} > 1.0 else {x})")
        elif isinstance(f, Flag):
            e(depth, f"if {v}: out[{off}] = 1.0")
        elif isinstance(f, OneHot):
            idx = self.const({val: i for i, val in enumerate(f.values)})
            i = self.var("i")
            e(depth, f"{i} = {idx}.get({v})")
            e(depth, f"if {i} is not None: out[{off} + {i}] = 1.0")
        elif isinstance(f, Opt):
            t = self.var()
            e(depth, f"{t} = {v}")
            e(depth, f"if {t} is None: out[{off}] = 1.0")
            e(depth, "else:")
            self.field(f.inner, t, f"{off} + 1", depth + 1)
        elif isinstance(f, Bag):
            idx = self.const({val: i for i, val in enumerate(f.values)})
            t, i = self.var(), self.var("i")
            e(depth, f"for {t} in {v}:")
            e(depth + 1, f"{i} = {idx}.get({t}[{f.key!r}])" if f.key else f"{i} = {idx}.get({t})")
            e(depth + 1, f"if {i} is not None:")
            e(depth + 2, f"{t} = out[{off} + {i}] + {1.0 / f.cap!r}")
            e(depth + 2, f"out[{off} + {i}] = {t} if {t} < 1.0 else 1.0")
        elif isinstance(f, Tup):
            w = len(f.elem.entries("x"))
            seq = self.var("s")
            e(depth, f"{seq} = {v}")
            for j in range(f.n):
                t = self.var()
                e(depth, f"{t} = {seq}[{j}]")
                self.field(f.elem, t, f"{off} + {j * w}", depth)
        elif isinstance(f, List):
            w = len(f.elem.entries("x"))
            seq, t, j, b = self.var("s"), self.var(), self.var("j"), self.var("b")
            e(depth, f"{seq} = {v}")
            e(depth, f"if len({seq}) > {f.n}: {seq} = {seq}[:{f.n}]")
            e(depth, f"out[{off}] = len({seq}) * {1.0 / f.n!r}")
            e(depth, f"for {j}, {t} in enumerate({seq}):")
            e(depth + 1, f"{b} = {off} + 1 + {j} * {w}")
            self.field(f.elem, t, b, depth + 1)
        elif isinstance(f, Obj):
            pos = 0
            for k, sub in f._children():
                t = self.var()
                if k in f.maybe:
                    e(depth, f"if {k!r} in {v}:")
                    e(depth + 1, f"out[{off} + {pos}] = 1.0")
                    e(depth + 1, f"{t} = {v}[{k!r}]")
                    self.field(sub, t, f"{off} + {pos + 1}", depth + 1)
                    pos += 1
                else:
                    e(depth, f"{t} = {v}[{k!r}]")
                    self.field(sub, t, f"{off} + {pos}", depth)
                pos += len(sub.entries("x"))
        else:  # pragma: no cover - every field kind is handled above
            raise TypeError(f"no code for {type(f).__name__}")

    def function(self, root: Obj) -> Callable:
        self.field(root, "view", "0", 1)
        src = "def encode(view, out):\n" + "\n".join(self.lines) + "\n"
        scope = dict(self.consts)
        exec(compile(src, "<observation layout>", "exec"), scope)
        return scope["encode"]


class Part:
    """One piece of a game's state encoder (see :class:`Observer`): ``write(state, seat, out)``
    writes the entries in ``spans`` (``(start, stop)`` ranges of the vector, zero beforehand);
    ``key(state, seat)`` is a value that differs whenever what ``write`` would write differs
    (``key=None``: written at every observation). ``update(state, seat, old_key, new_key, out)``,
    when given, brings ``out`` from the old key's entries to the new key's by itself (the spans
    are not zeroed first): for a key that holds the part's values, compared piece by piece."""

    __slots__ = ("key", "write", "spans", "update")

    def __init__(self, write: Callable[[Any, Any, np.ndarray], None], spans: Sequence[tuple[int, int]],
                 key: Optional[Callable[[Any, Any], Any]] = None,
                 update: Optional[Callable[[Any, Any, Any, Any, np.ndarray], None]] = None) -> None:
        self.write, self.spans, self.key, self.update = write, tuple(spans), key, update


def scattered(key: Callable[[Any, Any], tuple], index: Sequence[Sequence[int]],
              scale: Sequence[Sequence[float]]) -> Part:
    """A :class:`Part` for numbers kept in flat lists of the state: ``key(state, seat)`` gives
    the lists (copies), entry ``j`` of list ``b`` goes to ``index[b][j]`` as
    ``min(value * scale[b][j], 1)``; a change rewrites only the entries that differ."""
    blocks = [(list(ix), list(sc)) for ix, sc in zip(index, scale)]

    def write(s: Any, seat: Any, out: np.ndarray) -> None:
        for (ix, sc), vals in zip(blocks, key(s, seat)):
            for i, k, v in zip(ix, sc, vals):
                x = v * k
                out[i] = x if x < 1.0 else 1.0

    def update(s: Any, seat: Any, old: tuple, new: tuple, out: np.ndarray) -> None:
        for (ix, sc), was, vals in zip(blocks, old, new):
            if was != vals:
                if vals.__class__ in _BYTES and was.__class__ in _BYTES and len(was) == len(vals):
                    for j in _differ(was, vals):    # a move changes a few of them
                        x = vals[j] * sc[j]
                        out[ix[j]] = x if x < 1.0 else 1.0
                    continue
                for i, k, a, v in zip(ix, sc, was, vals):
                    if a != v:
                        x = v * k
                        out[i] = x if x < 1.0 else 1.0
    return Part(write, (), key, update)


_BYTES = (bytes, bytearray)


def _differ(a: bytes, b: bytes) -> list:
    """The positions where two byte strings of one length differ, found on their XOR as one
    integer (its lowest set bit, byte by byte) instead of comparing every pair in Python.

    >>> _differ(b"\\x00\\x01\\x02\\x03", b"\\x00\\x05\\x02\\x04")
    [1, 3]
    """
    d = int.from_bytes(a, "little") ^ int.from_bytes(b, "little")
    out = []
    j = 0
    while d:
        k = ((d & -d).bit_length() - 1) >> 3
        out.append(j + k)
        d >>= (k + 1) << 3
        j += k + 1
    return out


class StateEncoder:
    """A game's fast path from the state: its :class:`Part` list, and ``accepts(state)``, False
    for a state the parts cannot read (another component set: then the view is encoded)."""

    def __init__(self, parts: Sequence[Part], accepts: Callable[[Any], bool] = lambda s: True) -> None:
        self.parts, self.accepts = list(parts), accepts
        self._writers = [p.write for p in self.parts]
        self.steps = [(p.key, p.update, p.write, p.spans) for p in self.parts]
        #: ``refresh(state, seat, vec, keys)``: the observer's pass over the parts written out
        #: for these parts (pure Python only: compiled, the loop is already fast)
        self.refresh: Optional[Callable[[Any, Any, np.ndarray, list], None]] = None if _COMPILED else \
            _refresher(self.steps)

    def write(self, state: Any, seat: Any, out: np.ndarray) -> None:
        """Every part into a zeroed ``out``."""
        for w in self._writers:
            w(state, seat, out)


#: whether this module runs compiled (cosmodrome.compiled): its loops are then fast already
_COMPILED = not __file__.endswith(".py")


def _refresher(steps: list) -> Callable[[Any, Any, np.ndarray, list], None]:
    """:meth:`Observer.observe`'s pass over the parts (each key read and compared with the
    last one, the part updated or rewritten when it differs) written out part by part, as
    one function: no loop, no unpacking, the spans as constants."""
    lines = ["def refresh(state, seat, vec, keys):"]
    scope: dict[str, Any] = {}
    for i, (key, update, write, spans) in enumerate(steps):
        scope[f"key{i}"], scope[f"update{i}"], scope[f"write{i}"] = key, update, write
        pad = "        " if key else "    "   # under the key's test, or always
        rewrite = [f"{pad}vec[{int(a)}:{int(b)}] = 0.0" for a, b in spans] + [f"{pad}write{i}(state, seat, vec)"]
        if key is None:
            lines += rewrite
            continue
        lines += [f"    k = key{i}(state, seat)", f"    old = keys[{i}]", "    if not (k == old):",
                  f"        keys[{i}] = k"]
        lines += [f"        update{i}(state, seat, old, k, vec)"] if update is not None else rewrite
    lines.append("    return None")
    return generate("observer refresh", "\n".join(lines), scope)["refresh"]


class Observer:
    """An incremental encoder: the same vector as :meth:`Layout.observe`, rewriting only the
    parts whose key changed since its previous observation (of any state: the keys are read
    from the state given, so clones, undone moves and other games are encoded right; a test
    checks it against fresh encodings along random games). Use one observer per stream of
    positions (one per game of a vector environment): consecutive positions of one game share
    most parts. A layout without a state encoder encodes the view each time.
    """

    def __init__(self, layout: "Layout", into: Optional[np.ndarray] = None) -> None:
        self.layout = layout
        self.encoder = layout.state_encoder
        # the last observation, brought up to date part by part (``into``: a vector of the
        # caller's that only this observer writes, e.g. a vector environment's row)
        self._vec = np.zeros(layout.size, dtype=np.float32) if into is None else into
        self._keys: list = []
        self._seen = _UNSEEN

    def observe(self, state: Any, seat: Any, out: Optional[np.ndarray] = None) -> np.ndarray:
        """The vector of ``state.view(seat)`` (into ``out`` when given)."""
        enc = self.encoder
        if enc is None or not enc.accepts(state):
            self._seen = _UNSEEN
            return self.layout.encode(state.view(seat), out)
        vec, keys = self._vec, self._keys
        if self._seen is _UNSEEN:
            vec.fill(0.0)
            enc.write(state, seat, vec)
            self._keys = [None if p.key is None else p.key(state, seat) for p in enc.parts]
            self._seen = True
        elif enc.refresh is not None:
            enc.refresh(state, seat, vec, keys)
        else:
            i = -1
            for key, update, write, spans in enc.steps:
                i += 1
                if key is not None:
                    k = key(state, seat)
                    old = keys[i]
                    if k == old:
                        continue
                    keys[i] = k
                    if update is not None:
                        update(state, seat, old, k, vec)
                        continue
                for a, b in spans:
                    vec[a:b] = 0.0
                write(state, seat, vec)
        if out is None:
            return vec.copy()
        if out is not vec:
            out[:] = vec
        return out


_UNSEEN = object()


class _Absent:
    def __repr__(self) -> str:
        return "ABSENT"


#: an item of :meth:`Layout.group` for a key the view does not hold now
ABSENT = _Absent()


class Layout:
    """The declared observation of one game for one player count and options.

    ``version`` is part of the environments' metadata; bump it whenever an index changes
    meaning."""

    def __init__(self, game: str, version: int, root: Obj, players: int = 0,
                 from_state: Optional[Callable[["Layout"], StateEncoder]] = None) -> None:
        self.game, self.version, self.root, self.players = game, version, root, players
        self._entries = root.entries("")
        self.size = len(self._entries)
        self._fill, self._decode, self._cover = root.compile(0)
        self._fast = _Gen().function(root)
        self.index = {n: i for i, (n, _) in enumerate(self._entries)}
        #: a game's fast path (a :class:`StateEncoder`): writes the same vector as
        #: ``encode(state.view(seat))`` straight from the state (a test checks they agree)
        self.state_encoder = from_state(self) if from_state is not None else None

    def observe(self, state: Any, seat: int, out: Optional[np.ndarray] = None) -> np.ndarray:
        """The vector of ``state.view(seat)``: by the game's state encoder when it has one, else
        by encoding the view. (:meth:`observer` gives an incremental one, faster along a game.)"""
        enc = self.state_encoder
        if enc is None or not enc.accepts(state):
            return self.encode(state.view(seat), out)
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        enc.write(state, seat, out)
        return out

    def observer(self, into: Optional[np.ndarray] = None) -> Observer:
        """A new incremental :class:`Observer` of this layout (``into``: the vector it keeps
        up to date, which nothing else may write; ``observe(state, seat, into)`` then copies
        nothing)."""
        return Observer(self, into)

    def _field_at(self, path: Sequence[Any]) -> tuple[Field, int]:
        """The field at ``path`` (object keys and element indices) and its first index."""
        f, pos = self.root, 0
        for step in path:
            if isinstance(f, Obj):
                for k, sub in f._children():
                    if k in f.maybe:
                        pos += 1
                    if k == step:
                        f = sub
                        break
                    pos += len(sub.entries("x"))
                else:
                    raise KeyError(f"{self.game}: no encoded key {step!r} at {list(path)}")
            elif isinstance(f, Tup) and isinstance(step, int) and 0 <= step < f.n:
                pos += step * len(f.elem.entries("x"))
                f = f.elem
            else:
                raise KeyError(f"{self.game}: no element {step!r} at {list(path)}")
        return f, pos

    def span(self, *path: Any) -> tuple[int, int]:
        """``(start, stop)``: the entries of the value at ``path`` (e.g. ``span("planets", 2)``)."""
        f, pos = self._field_at(path)
        return pos, pos + len(f.entries("x"))

    def part(self, *path: Any) -> Callable[[Any, np.ndarray], None]:
        """The generated encoder of the value at ``path`` alone (a top-level key, or keys and
        element indices below it): ``f(value, out)`` writes its entries (at their places in
        the whole vector) into a zeroed ``out``."""
        f, pos = self._field_at(path)
        g = _Gen()
        g.field(f, "value", str(pos), 1)
        src = "def part(value, out):\n" + "\n".join(g.lines or ["    pass"]) + "\n"
        scope = dict(g.consts)
        name = "/".join(map(str, path))
        exec(compile(src, f"<observation part {name}>", "exec"), scope)
        return scope["part"]

    def _has_at(self, path: Sequence[Any]) -> int:
        """The index of the ``has`` flag of the maybe-key at ``path``, -1 for a key always there."""
        if not path:
            return -1
        parent, pos = self._field_at(path[:-1])
        if isinstance(parent, Obj) and path[-1] in parent.maybe:
            return self._field_at(path)[1] - 1
        return -1

    def group(self, *paths: Any, key: Callable[[Any, Any], tuple]) -> Part:
        """A :class:`Part` for several values of the view at once. ``key(state, seat)`` gives one
        item per path; a path is a tuple (object keys and element indices) whose item is the
        view's value there, or ``(path, build)`` whose item ``x`` is a cheap key of the value
        ``build(state, seat, x)``, built only when ``x`` changed (``x`` must change whenever
        that value does). An item :data:`ABSENT` leaves out a key the view holds only now and
        then (its ``has`` flag 0). Only the items that changed are rewritten."""
        slots = []
        for p in paths:
            conv = None
            if len(p) == 2 and isinstance(p[0], tuple) and callable(p[1]):
                p, conv = p
            a, b = self.span(*p)
            h = self._has_at(p)
            slots.append((self.part(*p), conv, (h if h >= 0 else a), b, h))

        def put(s, seat, slot, x, out):
            enc, build, _, _, h = slot
            if x is ABSENT:
                return
            if h >= 0:
                out[h] = 1.0
            enc(x if build is None else build(s, seat, x), out)

        def write(s, seat, out):
            for slot, x in zip(slots, key(s, seat)):
                put(s, seat, slot, x, out)

        def update(s, seat, old, new, out):
            for slot, o, x in zip(slots, old, new):
                if o != x:
                    out[slot[2]:slot[3]] = 0.0
                    put(s, seat, slot, x, out)
        return Part(write, [(a, b) for _, _, a, b, _ in slots], key, update)

    def numbers(self, *path: Any, key: Callable[[Any, Any], Sequence[int]]) -> Part:
        """A :class:`Part` for a block of numbers of one range (a ``Num`` or nested ``Tup`` of
        them) written at once from ``key(state, seat)``, the flat list of their values in
        the layout's order."""
        f, _ = self._field_at(path)
        while isinstance(f, Tup):
            f = f.elem
        if not isinstance(f, Num):
            raise TypeError(f"{self.game}: {list(path)} is not a block of numbers")
        a, b = self.span(*path)
        lo, scale = f.lo, 1.0 / (f.hi - f.lo)

        def write(s, seat, out):
            x = (np.asarray(key(s, seat), dtype=np.float64) - lo) * scale
            out[a:b] = np.clip(x, 0.0, 1.0)
        return Part(write, [(a, b)], key)

    def encode(self, view: Mapping[str, Any], out: Optional[np.ndarray] = None,
               strict: bool = False) -> np.ndarray:
        """The vector of ``view`` (into ``out`` when given). ``strict``: raise
        :class:`ObservationError` on anything the declaration does not cover exactly."""
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        if strict:
            self._fill(view, out, True, "")
        else:
            self._fast(view, out)
        return out

    def decode(self, vec: Sequence[float]) -> dict[str, Any]:
        """The covered view back from a vector (the inverse of :meth:`encode`)."""
        return self._decode(vec)

    def covered(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """``view`` without its skipped keys, bags in vocabulary order: what the vector holds."""
        return self._cover(view)

    def names(self) -> list[str]:
        """The meaning of each index."""
        return [n for n, _ in self._entries]

    def describe(self) -> list[str]:
        return self.names()

    def kinds(self) -> list[str]:
        return [k for _, k in self._entries]

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        return np.zeros(self.size, dtype=np.float32), np.ones(self.size, dtype=np.float32)

    def omitted(self) -> list[str]:
        return [f"{p} ({r})" for p, r in self.root.skipped()]

    def table(self) -> str:
        """Markdown: every index with its meaning, then the skipped keys with their reasons."""
        rows = ["| index | entry | value |", "|---:|---|---|"]
        rows += [f"| {i} | `{n}` | {k} |" for i, (n, k) in enumerate(self._entries)]
        rows += ["", "Keys of the view that have no index, and why:", ""]
        rows += [f"- `{p}`: {r}" for p, r in self.root.skipped()]
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"<Layout {self.game} v{self.version} players={self.players} size={self.size}>"
