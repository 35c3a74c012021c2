"""Fields declared once: a state's fields (or a small record's) are listed in one table, and
the methods that go through every field (the constructor, the clone, the saved form) are
written out from that table as Python source and compiled once, the way :mod:`dataclasses`
writes its methods. The generated code is plain attribute copies, as fast as methods
written by hand, and a new field is one line of its table.

Who uses it: the flat states (:class:`~cosmodrome.core.flat.FlatState`) of every game,
Walking on the Moon, March on Mars, Cosmic Run and Onward to Venus (``FIELDS`` in their
``state.py``; :func:`flat_methods`), and Onward to Venus's ``Combat`` and ``Move`` records
(:func:`record`).

A row of a state's table is ``(name, kind, initial)``: ``initial`` is the Python expression
of the field's value in a new state. A row may have a fourth item, the field's key in a save
where it differs from its name (:func:`saved_key`: every game keeps the short keys of its
first saves for the fields renamed since). The kind says how a clone copies the field
(:data:`COPY`) and how a save holds it (:data:`KINDS` lists them):

- ``int``: a whole number; ``bool``: true or false; ``text``: a string (all three shared by a
  clone);
- ``list``: a list of whole numbers, copied by a clone; its length is that of a new state (a
  save must match it); ``varlist``: the same, of any length;
- ``bytes`` and ``varbytes``: a bytearray (whole numbers from 0 to 255), copied by a clone;
  of a new state's length, or of any length;
- ``tuple`` and ``vartuple``: a tuple of whole numbers, shared between clones and replaced
  on write (a writer builds a new tuple); of a new state's length, or of any length;
- ``lists``: a list, of a new state's length, of lists of whole numbers of any length, each
  copied by a clone;
- ``piles``: a list, of a new state's length, of tuples of whole numbers of any length: the
  list is copied by a clone, the tuples shared (replaced on write);
- ``record``: a record of :func:`record` with an ``active`` field, copied by a clone while
  active and shared while idle (a game that starts each use with a new record never writes
  an idle one); saved as its flat list;
- a kind with a :class:`Codec` of its own (the game passes its codecs to
  :func:`flat_methods` and :func:`load_table`): :data:`EVENTS`, a log of events, and
  :func:`frames_codec`, the frame stack of a rules engine, are Onward to Venus's.

>>> T = (("phase", "int", "1"), ("col", "list", "[0] * n"), ("order", "varlist", "[]"))
>>> m = flat_methods("Demo", T, "n")
>>> sorted(m)
['_init_fields', 'clone', 'to_json']
>>> class Demo:
...     _init_fields, clone = m["_init_fields"], m["clone"]
>>> from cosmodrome.core.rng import Rng
>>> s = Demo(); s._init_fields(3); s.rng = Rng(1)
>>> c = s.clone(); c.col[0] = 5
>>> (s.phase, s.col, c.col, c.order is s.order)
(1, [0, 0, 0], [5, 0, 0], False)
>>> t = Demo(); t._init_fields(3)
>>> load_table(t, {"phase": 4, "col": [1, 2, 3], "order": [7]}, T); (t.phase, t.col, t.order)
(4, [1, 2, 3], [7])
>>> saved_key(("attack_colour", "int", "-1", "aa")), saved_key(T[0])
('aa', 'phase')
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, NamedTuple, Optional

from cosmodrome.core.errors import RecordError
from cosmodrome.core.events import Event
from cosmodrome.core.rng import Rng

#: how a clone copies a field of each kind (a suffix to ``self.<field>``): lists and
#: bytearrays are copied; numbers, strings and tuples are shared, and so are the tuples a
#: ``piles`` list holds (the list itself is copied). A ``lists`` field is not a suffix (a
#: clone copies each of its lists), nor is a ``record`` (copied while active)
COPY = {"int": "", "bool": "", "text": "", "list": ".copy()", "varlist": ".copy()", "bytes": ".copy()",
        "varbytes": ".copy()", "tuple": "", "vartuple": "", "piles": ".copy()"}
#: the kinds of field a state's table may hold, besides those of its codecs (see above)
KINDS = ("int", "bool", "text", "list", "varlist", "bytes", "varbytes", "tuple", "vartuple", "lists", "piles",
         "record")
#: the kinds whose length is that of a new state (a save must match it)
_FIXED = ("list", "bytes", "tuple", "lists", "piles")

_new = object.__new__
#: the events of a quiet clone of a state kept in slots: it records none, so all share this
#: empty list (a quiet state's ``say`` returns before appending)
_NO_EVENTS: list = []


def generate(name: str, source: str, namespace: dict) -> dict:
    """Compile generated ``source`` (methods written out from a field table) with the globals
    ``namespace`` and return what it defined, by name. ``name`` names the code in tracebacks
    (``<generated name>``)."""
    out: dict = {}
    exec(compile(source, f"<generated {name}>", "exec"), namespace, out)
    return out


def record(name: str, fields: tuple, doc: str, module: str) -> type:
    """A small record class from a table of ``(field, width)``: a width of 1 is a whole
    number, a larger width a list of that many. The class gets ``__slots__``, a constructor
    taking every field, ``copy()``, and ``to_list()``/``from_list()``: the flat list of
    whole numbers a saved state holds, in the order of the table (the layout of the
    saves of every version, so they keep loading). ``module``: the module that holds the
    class (``__name__`` of the caller).

    >>> Pair = record("Pair", (("seat", 1), ("dice", 2)), "A demo.", __name__)
    >>> p = Pair.from_list([1, 4, 6]); q = p.copy(); q.dice[0] = 2
    >>> p.seat, p.dice, q.to_list(), Pair.SIZE
    (1, [4, 6], [1, 2, 6], 3)
    """
    names = [f for f, _ in fields]
    size = sum(w for _, w in fields)
    lines = [f"def __init__(self, {', '.join(names)}):"]
    lines += [f"    self.{f} = {f}" for f in names]
    lines += ["def copy(self):", "    c = _new(cls)"]
    lines += [f"    c.{f} = self.{f}{'[:]' if w > 1 else ''}" for f, w in fields]
    lines += ["    return c", "def to_list(self):"]
    lines += ["    return [" + ", ".join(f"self.{f}" if w == 1 else f"*self.{f}" for f, w in fields) + "]"]
    lines += ["@classmethod", "def from_list(cls, v):", "    c = _new(cls)"]
    i = 0
    for f, w in fields:
        lines.append(f"    c.{f} = v[{i}]" if w == 1 else f"    c.{f} = list(v[{i}:{i + w}])")
        i += w
    lines += ["    return c"]
    cls = type(name, (), {"__slots__": tuple(names), "__doc__": doc, "SIZE": size, "FIELDS": fields})
    for k, v in generate(name, "\n".join(lines), {"_new": _new, "cls": cls}).items():
        setattr(cls, k, v)
    cls.__module__ = module
    return cls


class Codec(NamedTuple):
    """A kind of field whose saved form is its own (not whole numbers): how a clone copies it
    and how a save holds it. A game passes its codecs, by kind, to :func:`flat_methods` and
    :func:`load_table`; the field is still declared once, in its row of the table."""

    #: how a clone copies the field: a suffix to ``self.<field>`` (``"[:]"``; ``""`` shares it)
    copy: str
    #: what a quiet clone (``clone(quiet=True)``) holds instead, shared (``None``: as any clone)
    quiet: Any
    #: the field's value -> its saved form (plain JSON)
    save: Callable[[Any], Any]
    #: the saved form -> the field's value (:class:`RecordError` when malformed)
    load: Callable[[Any], Any]


def _save_events(log: list) -> list:
    """A log as a save holds it: each event's JSON form."""
    return [e.to_json() for e in log]


def _load_events(v: Any) -> list:
    """The log of a save (:func:`_save_events`) as events."""
    if not isinstance(v, list):
        raise RecordError("the saved state holds a malformed log entry")
    log = []
    for e in v:
        if not isinstance(e, dict) or not isinstance(e.get("text"), str) or not isinstance(e.get("kind"), str):
            raise RecordError("the saved state holds a malformed log entry")
        vis = e.get("visible_to")
        log.append(Event(e["kind"], e["text"], dict(e.get("data") or {}),
                         frozenset(vis) if vis is not None else None, e.get("hidden_text"),
                         bool(e.get("chance", False))))
    return log


#: a log: a list of :class:`~cosmodrome.core.Event` copied by a clone (a quiet clone shares
#: one empty log instead, ``()``: it records nothing), saved as each event's JSON form
EVENTS = Codec("[:]", (), _save_events, _load_events)


def frames_codec(op_names: Mapping[int, str]) -> Codec:
    """The codec of the frame stack of a rules engine: a list of tuples, each an operation's
    code and whole numbers, copied by a clone (the tuples shared); a save holds each frame as
    a list, its operation by name (``op_names``: code -> name), so that a save outlives a
    renumbering of the operations. (Onward to Venus, whose frames are objects of one class
    per kind, loads through it, which checks each saved frame, and saves its frames itself:
    ``games/venus/state.frames``.)

    >>> c = frames_codec({1: "turn", 2: "roll"})
    >>> c.save([(1, 0), (2, 3, 4)]), c.load([["roll", 1]])
    ([['turn', 0], ['roll', 3, 4]], [(2, 1)])
    """
    def save(stack: list) -> list:
        return [[op_names[f[0]], *f[1:]] for f in stack]

    def load(v: Any) -> list:
        codes = {name: op for op, name in op_names.items()}   # read when loading: every operation is named by then
        if not isinstance(v, list):
            raise RecordError("the saved state's 'stack' must be a list of engine frames")
        stack = []
        for f in v:
            if not isinstance(f, list) or not f or f[0] not in codes or not all(_whole(x) for x in f[1:]):
                raise RecordError(f"the saved state holds a malformed engine frame {f!r}")
            stack.append((codes[f[0]], *f[1:]))
        return stack
    return Codec("[:]", None, save, load)


def saved_key(row: tuple) -> str:
    """The key under which a save holds the field of a table's ``row``: its fourth item if it
    has one (a key kept from an earlier form of the saves), else the field's name."""
    return row[3] if len(row) > 3 else row[0]


def _copied(row: tuple, codecs: Mapping[str, Codec], to: str) -> list:
    """The lines of a clone copying a flat state's field (:data:`COPY`; each inner list of a
    ``lists`` field copied, a ``record`` copied while active, a codec's kind as its codec
    says) into ``to`` (``"d[{f!r}]"``: the clone's ``__dict__``; ``"s.{f}"``: its slot)."""
    f, kind = row[0], row[1]
    into = to.format(f=f)
    if kind == "record":
        return [f"    x = self.{f}", f"    {into} = x.copy() if x.active else x"]
    if kind == "lists":
        return [f"    {into} = [p[:] for p in self.{f}]"]
    return [f"    {into} = self.{f}{codecs[kind].copy if kind in codecs else COPY[kind]}"]


def _saved(row: tuple, codecs: Mapping[str, Codec]) -> str:
    """The expression of a flat state's field in its saved form (lists as new lists)."""
    f, kind = row[0], row[1]
    if kind in codecs:
        return f"_save_{kind}(self.{f})"
    if kind in ("int", "bool", "text"):
        return f"self.{f}"
    if kind == "record":
        return f"self.{f}.to_list()"
    return f"[list(p) for p in self.{f}]" if kind in ("lists", "piles") else f"list(self.{f})"


def flat_methods(cls_name: str, fields: tuple, args: str, namespace: Mapping[str, Any] = (), *,
                 codecs: Mapping[str, Codec] = {}, cleared: tuple = (), slots: Optional[tuple] = None) -> dict:
    """The methods of a :class:`~cosmodrome.core.flat.FlatState` written out from its table
    ``fields`` of rows of the kinds in :data:`KINDS` or of ``codecs`` (:class:`Codec`, by
    kind):

    - ``_init_fields(self, <args>)``: every field set to its initial value (the expressions
      may use ``args``, ``self`` and the names in ``namespace``); the constructor calls it
      after setting what is not saved (what the fields are worked out from);
    - ``clone(quiet=False)``: the state's ``__dict__`` copied in one pass, then each field
      that is not shared copied, and the random generator; the events are not (``ev`` and
      ``initial_events`` start empty), nor are the attributes named in ``cleared`` (``None``
      in the clone: what a state keeps for its own position only); ``quiet=True`` makes a
      search clone that records no events (nor do its clones), holding a codec's ``quiet``
      value where it has one. A state kept in ``__slots__`` instead (``slots``: the
      attributes beside the fields and those above, which a clone shares) gets a clone
      that sets each slot by name;
    - ``to_json()``: the game, the players, the options, the generator's state and every
      field under its :func:`saved_key`, in the order of the table (the saved form;
      :func:`load_table` reads it back)."""
    for row in fields:
        if row[1] not in KINDS and row[1] not in codecs:
            raise ValueError(f"{cls_name}: the field {row[0]!r} has a kind a flat state does not keep: {row[1]!r}")
    init = [f"def _init_fields(self, {args}):"] + [f"    self.{row[0]} = {row[2]}" for row in fields]
    to = "d[{f!r}]" if slots is None else "s.{f}"
    clone = ["def clone(self, quiet=False):", "    s = _new(self.__class__)"]
    if slots is None:
        clone += ["    d = self.__dict__.copy()", "    d['rng'] = self.rng.copy()"]
    else:
        # the generator copied in line (an explicit-chance state's clone puts its own back)
        clone += [f"    s.{a} = self.{a}" for a in slots] + ["    r = _new(_Rng)", "    r.state = self.rng.state",
                                                             "    s.rng = r"]
    hushed, loud = [], []   # a quiet clone's fields of a codec with a quiet value, and any other clone's
    for row in fields:
        f, kind = row[0], row[1]
        if kind in codecs and codecs[kind].quiet is not None:
            hushed.append(f"        {to.format(f=f)} = _quiet_{kind}")
            loud += ["    " + line for line in _copied(row, codecs, to)]
        elif kind not in ("int", "bool", "text") or slots is not None:
            clone += _copied(row, codecs, to)
    if slots is None:
        clone += [f"    d[{a!r}] = {new}" for a, new in (("ev", "[]"), ("initial_events", "[]"),
                                                         *((c, "None") for c in cleared))]
    else:
        # a state in slots is the one searched hardest: its clone allocates nothing it need
        # not (no set-up events; a quiet clone, which records nothing, shares one empty list)
        clone += ["    s.initial_events = ()", *(f"    s.{c} = None" for c in cleared)]
    if hushed or slots is not None:
        clone += ["    if quiet or self.quiet:", f"        {to.format(f='quiet')} = True",
                  *(["        s.ev = _NO_EVENTS"] if slots is not None else []), *hushed, "    else:",
                  f"        {to.format(f='quiet')} = False", *(["        s.ev = []"] if slots is not None else []),
                  *loud]
    else:
        clone += ["    if quiet:", "        d['quiet'] = True"]
    clone += ["    s.__dict__ = d" if slots is None else "", "    return s"]
    saved = ", ".join(f"{saved_key(row)!r}: {_saved(row, codecs)}" for row in fields)
    to_json = ["def to_json(self):",
               "    return {'game': self.game.name, 'players': self.num_players, 'options': dict(self.options),",
               f"            'rng': self.rng.state, {saved}}}"]
    ns = {**dict(namespace), "_new": _new, "_NO_EVENTS": _NO_EVENTS, "_Rng": Rng}
    for kind, codec in codecs.items():
        ns[f"_save_{kind}"], ns[f"_quiet_{kind}"] = codec.save, codec.quiet
    out = generate(cls_name, "\n".join(init + clone + to_json), ns)
    out["clone"].__doc__ = ("A copy sharing only the immutable parts, its fields copied in one pass (generated "
                            "from FIELDS); ``quiet=True``: a search clone that records no events (nor do its "
                            "own clones).")
    return out


def _whole(v: Any) -> bool:
    return not isinstance(v, bool) and isinstance(v, int)


def _wholes(v: Any, want: Optional[int]) -> bool:
    """Whether ``v`` is a list of whole numbers (of ``want`` of them unless ``want`` is None)."""
    return isinstance(v, list) and all(_whole(x) for x in v) and (want is None or len(v) == want)


def load_table(state: Any, data: Mapping[str, Any], fields: tuple, *, codecs: Mapping[str, Codec] = {},
               optional: tuple = ()) -> None:
    """Set the fields of a flat state's table ``fields`` from its saved form ``data`` (what
    the generated ``to_json`` wrote; each field under its :func:`saved_key`), in the order
    of the table: ``state`` is a new state of the same game, players and board, whose
    fields give the lengths a save must match (and the class of a ``record``); a field named
    in ``optional`` (one added since the first saves) keeps its new value when a save lacks
    it. :class:`RecordError` names a missing or malformed field by its key."""
    for row in fields:
        f, kind, key = row[0], row[1], saved_key(row)
        if key not in data:
            if f in optional:
                continue
            raise RecordError(f"the saved state lacks {key!r}")
        setattr(state, f, _loaded(state, f, kind, key, data[key], codecs))


def _loaded(state: Any, f: str, kind: str, key: str, v: Any, codecs: Mapping[str, Codec]) -> Any:
    """The value of field ``f`` of ``state`` from its saved form ``v`` (see :func:`load_table`)."""
    if kind in codecs:
        return codecs[kind].load(v)
    if kind == "int":
        if not _whole(v):
            raise RecordError(f"the saved state's {key!r} must be a whole number, not {v!r}")
        return v
    if kind == "bool":
        if not isinstance(v, bool):
            raise RecordError(f"the saved state's {key!r} must be true or false")
        return v
    if kind == "text":
        if not isinstance(v, str):
            raise RecordError(f"the saved state's {key!r} must be a string")
        return v
    want = len(getattr(state, f)) if kind in _FIXED else None
    if kind in ("lists", "piles"):
        if not isinstance(v, list) or len(v) != want or not all(_wholes(p, None) for p in v):
            raise RecordError(f"the saved state's {key!r} must be {want} lists of whole numbers")
        return [list(p) for p in v] if kind == "lists" else [tuple(p) for p in v]
    if kind == "record":
        rec = type(getattr(state, f))
        if not _wholes(v, rec.SIZE):
            raise RecordError(f"the saved state's {key!r} must be a list of {rec.SIZE} whole numbers")
        return rec.from_list(v)
    if not _wholes(v, want):
        raise RecordError(f"the saved state's {key!r} must be a list of "
                          f"{want if want is not None else 'some'} whole numbers")
    if kind in ("bytes", "varbytes"):
        if not all(0 <= x < 256 for x in v):
            raise RecordError(f"the saved state's {key!r} must hold whole numbers from 0 to 255")
        return bytearray(v)
    return tuple(v) if kind in ("tuple", "vartuple") else list(v)
