"""Fields declared once: a state's fields (or a small record's) are listed in one table, and
the methods that go through every field (the constructor, the clone, the saved form) are
written out from that table as Python source and compiled once, the way :mod:`dataclasses`
writes its methods. The generated code is plain attribute copies, as fast as methods
written by hand, and a new field is one line of its table.

Who uses it: Onward to Venus (``games/venus/state.py``: its state's ``FIELDS`` and the
``Combat`` and ``Move`` records, :func:`record`) and the flat states of Walking on the Moon,
March on Mars and Cosmic Run (``FIELDS`` in their ``state.py``; :func:`flat_methods` for a
:class:`~cosmodrome.core.flat.FlatState`).

A row of a state's table is ``(name, kind, initial)``: ``initial`` is the Python expression
of the field's value in a new state. A flat state's row may have a fourth item, the field's
key in a save where it differs from its name (:func:`saved_key`: Cosmic Run keeps the short
keys of its first saves). The kind says how a clone copies the field (:data:`COPY`) and how
a save holds it:

- ``int``: a whole number;
- ``list``: a list of whole numbers, copied by a clone; in a flat state its length is that of
  a new state (a save must match it);
- ``varlist`` (flat states): a list of whole numbers of any length, copied by a clone;
- ``text`` (flat states): a string, shared by a clone;
- ``lists`` (flat states): a list, of a new state's length, of lists of whole numbers of any
  length, each copied by a clone;
- ``bytes``, ``tuple``, ``piles``, ``record``, ``bool`` and the kinds with a codec of their own
  (``CODECS``: the frame stack, the log): Onward to Venus's (see its ``state.py``).

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

from typing import Any, Mapping, Optional

from cosmodrome.core.errors import RecordError

#: how a clone copies a field of each kind (a suffix to ``self.<field>``): lists and
#: bytearrays are copied; numbers, strings and tuples are shared, and so are the tuples a
#: ``piles`` list holds (the list itself is copied). A ``lists`` field is not a suffix: a
#: clone copies each of its lists
COPY = {"int": "", "list": ".copy()", "varlist": ".copy()", "bytes": ".copy()", "tuple": "", "piles": ".copy()",
        "text": ""}
#: the kinds of field a flat state keeps (:func:`flat_methods`)
FLAT_KINDS = ("int", "list", "varlist", "text", "lists")

_new = object.__new__


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


def saved_key(row: tuple) -> str:
    """The key under which a save holds the field of a table's ``row``: its fourth item if it
    has one (a key kept from an earlier form of the saves), else the field's name."""
    return row[3] if len(row) > 3 else row[0]


def _copied(row: tuple) -> str:
    """The expression a clone copies a flat state's field with (:data:`COPY`; each inner
    list of a ``lists`` field copied)."""
    f, kind = row[0], row[1]
    return f"[p[:] for p in self.{f}]" if kind == "lists" else f"self.{f}{COPY[kind]}"


def _saved(row: tuple) -> str:
    """The expression of a flat state's field in its saved form (lists as new lists)."""
    f, kind = row[0], row[1]
    if kind in ("int", "text"):
        return f"self.{f}"
    return f"[list(p) for p in self.{f}]" if kind == "lists" else f"list(self.{f})"


def flat_methods(cls_name: str, fields: tuple, args: str, namespace: Mapping[str, Any] = ()) -> dict:
    """The methods of a :class:`~cosmodrome.core.flat.FlatState` (a state kept in its
    ``__dict__``) written out from its table ``fields`` of rows of the kinds in
    :data:`FLAT_KINDS`:

    - ``_init_fields(self, <args>)``: every field set to its initial value (the expressions
      may use ``args``, ``self`` and the names in ``namespace``); the constructor calls it
      after setting what is not saved (what the fields are worked out from);
    - ``clone(quiet=False)``: the ``__dict__`` copied in one pass, then each list field and
      the random generator copied; the events are not (``ev`` and ``initial_events`` start
      empty); ``quiet=True`` makes a search clone that records no events (nor do its
      clones);
    - ``to_json()``: the game, the players, the options, the generator's state and every
      field under its :func:`saved_key`, in the order of the table (the saved form;
      :func:`load_table` reads it back)."""
    for row in fields:
        if row[1] not in FLAT_KINDS:
            raise ValueError(f"{cls_name}: the field {row[0]!r} has a kind a flat state does not keep: {row[1]!r}")
    init = [f"def _init_fields(self, {args}):"] + [f"    self.{row[0]} = {row[2]}" for row in fields]
    clone = ["def clone(self, quiet=False):", "    s = _new(self.__class__)", "    d = self.__dict__.copy()",
             "    d['rng'] = self.rng.copy()"]
    clone += [f"    d[{row[0]!r}] = {_copied(row)}" for row in fields if row[1] not in ("int", "text")]
    clone += ["    d['ev'] = []", "    d['initial_events'] = []", "    if quiet:", "        d['quiet'] = True",
              "    s.__dict__ = d", "    return s"]
    saved = ", ".join(f"{saved_key(row)!r}: {_saved(row)}" for row in fields)
    to_json = ["def to_json(self):",
               "    return {'game': self.game.name, 'players': self.num_players, 'options': dict(self.options),",
               f"            'rng': self.rng.state, {saved}}}"]
    out = generate(cls_name, "\n".join(init + clone + to_json), {**dict(namespace), "_new": _new})
    out["clone"].__doc__ = ("A copy sharing only the immutable parts, its fields copied in one pass (generated "
                            "from FIELDS); ``quiet=True``: a search clone that records no events (nor do its "
                            "own clones).")
    return out


def _whole(v: Any) -> bool:
    return not isinstance(v, bool) and isinstance(v, int)


def _wholes(v: Any, want: Optional[int]) -> bool:
    """Whether ``v`` is a list of whole numbers (of ``want`` of them unless ``want`` is None)."""
    return isinstance(v, list) and all(_whole(x) for x in v) and (want is None or len(v) == want)


def load_table(state: Any, data: Mapping[str, Any], fields: tuple) -> None:
    """Set the fields of a flat state's table ``fields`` from its saved form ``data`` (what
    the generated ``to_json`` wrote; each field under its :func:`saved_key`), in the order
    of the table: ``state`` is a new state of the same game, players and board, whose
    ``list`` and ``lists`` fields give the lengths a save must match. :class:`RecordError`
    names a missing or malformed field by its key."""
    for row in fields:
        f, kind, key = row[0], row[1], saved_key(row)
        if key not in data:
            raise RecordError(f"the saved state lacks {key!r}")
        v = data[key]
        if kind == "int":
            if not _whole(v):
                raise RecordError(f"the saved state's {key!r} must be a whole number, not {v!r}")
        elif kind == "text":
            if not isinstance(v, str):
                raise RecordError(f"the saved state's {key!r} must be text")
        elif kind == "lists":
            want = len(getattr(state, f))
            if not isinstance(v, list) or len(v) != want or not all(_wholes(p, None) for p in v):
                raise RecordError(f"the saved state's {key!r} must be {want} lists of whole numbers")
            v = [list(p) for p in v]
        else:
            want = None if kind == "varlist" else len(getattr(state, f))
            if not _wholes(v, want):
                raise RecordError(f"the saved state's {key!r} must be a list of "
                                  f"{want if want is not None else 'some'} whole numbers")
            v = list(v)
        setattr(state, f, v)
