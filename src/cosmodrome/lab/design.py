"""A game's component data as a form for the design lab, and the edited data back as TOML.

:func:`form` reads a game's packaged component file (every entry marked ``fact`` or
``assumed`` with its ``source``, see :mod:`cosmodrome.core.provenance`) into sections as the
file groups them (the file follows the rulebook's own grouping: rules, units, planets,
cards...), each entry with its editable fields. :func:`apply_edits` changes fields by their
path and :func:`dumps` writes the result as TOML, which is what a variant is (the game's
``components`` option takes it as ``{"toml": ...}``).

>>> data = {"rules": {"hand": {"value": 9, "status": "fact", "source": "RB"}},
...         "planets": [{"name": "Mercury", "vp": [8, 4], "status": "assumed", "source": "ours"}]}
>>> f = form(data)
>>> [(s["section"], [e["label"] for e in s["entries"]]) for s in f]
[('rules', ['hand']), ('planets', ['Mercury'])]
>>> [(x["path"], x["kind"], x["value"]) for x in f[1]["entries"][0]["fields"]]
[(['planets', 0, 'vp', 0], 'int', 8), (['planets', 0, 'vp', 1], 'int', 4)]
>>> print(dumps(apply_edits(data, [{"path": ["planets", 0, "vp", 0], "value": 10}])))
[rules]
hand = { value = 9, status = "fact", source = "RB" }
<BLANKLINE>
[[planets]]
name = "Mercury"
vp = [10, 4]
status = "assumed"
source = "ours"
<BLANKLINE>
"""

from __future__ import annotations

import copy
import json
import math
import re
import tomllib
from typing import Any, Callable, Iterator, Mapping, Optional

from cosmodrome import i18n
from cosmodrome.core import OptionError, component_words
from cosmodrome.core.provenance import NAME_KEYS
from cosmodrome.i18n import N_, _, pgettext

#: keys of an entry that describe it rather than being data a designer changes
META_KEYS = frozenset({"status", "source", "name"})
#: an entry's mark in words
STATUS_WORDS = {"fact": N_("fact"), "assumed": N_("assumed")}
def _source_words() -> dict[str, str]:
    """The fixed words a source note is written with (a reference's abbreviation, the marks),
    in the reader's language even in a note no catalog holds (a designer's own data): its free
    text, which quotes a rulebook section by the rulebook's own name, stays as written."""
    return {"RB": pgettext("a source note: the rulebook", "RB"),
            "component sheet": pgettext("a source note", "component sheet"),
            "sheet": pgettext("a source note: our component sheet", "sheet"), "see": pgettext("a source note", "see"),
            "fact": _("fact"), "assumed": _("assumed")}


# ----- the form ----------------------------------------------------------------------------
def form(data: Mapping[str, Any], names: Optional[Mapping[str, str]] = None) -> list[dict[str, Any]]:
    """Sections (top-level tables, in file order) of entries (tables with a ``status``), each
    with its fields: numbers, yes/no values and texts a designer may change, by path.

    Each section, entry and field keeps its key (``section``, ``label``: the file's identifiers)
    and gains a ``title``: its words in the reader's language (core.component_words; ``names``:
    the game's names of entries that are ids, ``Game.component_names``)."""
    out = []
    for section, node in data.items():
        entries = list(_entries(node, [section], ""))
        for e in entries:
            e["title"] = component_words.entry_label(e["label"], names)
            # the mark and the source in the reader's words (the file's own stay in status, source)
            e["status_text"] = i18n.gettext(STATUS_WORDS.get(e["status"], e["status"]))
            keys = tuple(dict.fromkeys(re.split(r"[.\[]", f["label"])[0] for f in e["fields"]))
            e["source_text"] = source_words(e["source"], keys)
            for f in e["fields"]:
                f["title"] = component_words.field_label(f["label"], names)
        if entries:
            out.append({"section": section, "title": component_words.word(section), "entries": entries})
    return out


def source_words(source: str, keys: tuple[str, ...] = ()) -> str:
    """An entry's source note in the reader's language: its translation when the catalog holds
    the whole note (a packaged file's notes are extracted from it), else the note with its
    fixed words (``RB``, ``sheet``, ``fact``, ``assumed``, and the names of the entry's own
    ``keys``, as ``copies``) in the reader's words and its free text as written.

    >>> with i18n.using("hu"):
    ...     source_words("RB Movement Die: it rolls; copies assumed", ("copies",))
    'SzK Movement Die: it rolls; példányszám feltevés'
    """
    whole = i18n.gettext(source)
    if whole != source or not source or i18n.current() == i18n.SOURCE:
        return whole
    words = _source_words()
    for k in keys:
        words.setdefault(k, component_words.word(k))
    pattern = r"(?<![\w.])(" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")(?![\w])"
    return re.sub(pattern, lambda m: words[m.group(1)], source)


def _entries(node: Any, path: list, label: str) -> Iterator[dict[str, Any]]:
    if isinstance(node, Mapping):
        if isinstance(node.get("status"), str):
            yield {"label": label or path[-1], "status": node["status"], "source": str(node.get("source", "")),
                   "fields": list(_fields(node, path, ""))}
            return
        for key, value in node.items():
            yield from _entries(value, path + [key], f"{label}.{key}" if label else str(key))
    elif isinstance(node, list):
        for i, item in enumerate(node):
            name = str(i + 1)
            if isinstance(item, Mapping):
                name = next((str(item[k]) for k in NAME_KEYS if k in item), name)
            yield from _entries(item, path + [i], f"{label} {name}".strip() if label else name)


def _fields(node: Any, path: list, label: str) -> Iterator[dict[str, Any]]:
    """The editable leaves under an entry: numbers, yes/no values and texts (lists by item)."""
    if isinstance(node, Mapping):
        for key, value in node.items():
            if key in META_KEYS and not label:
                continue
            if key == "value" and not label and isinstance(value, Mapping):
                # an entry's table of values: its fields are named by their own keys ("yellow"),
                # not "value.yellow", which a designer reading the form has no use for
                yield from _fields(value, path + [key], "")
                continue
            yield from _fields(value, path + [key], f"{label}.{key}" if label else str(key))
    elif isinstance(node, list):
        for i, item in enumerate(node):
            yield from _fields(item, path + [i], f"{label}[{i + 1}]")
    elif isinstance(node, bool):
        yield {"path": path, "label": label, "kind": "bool", "value": node}
    elif isinstance(node, int):
        yield {"path": path, "label": label, "kind": "int", "value": node, "min": 0 if node >= 0 else None}
    elif isinstance(node, float):
        yield {"path": path, "label": label, "kind": "float", "value": node, "min": 0.0 if node >= 0 else None}
    elif isinstance(node, str):
        yield {"path": path, "label": label, "kind": "text", "value": node}


# ----- edits -------------------------------------------------------------------------------
def apply_edits(data: Mapping[str, Any], edits: Any) -> dict[str, Any]:
    """A copy of ``data`` with each edit ``{"path": [...], "value": v}`` made; OptionError names
    an edit whose path leads nowhere or whose value is not of the field's kind."""
    out = copy.deepcopy(dict(data))
    if not isinstance(edits, list):
        raise OptionError("edits must be a list of {\"path\": [...], \"value\": ...}")
    for n, e in enumerate(edits, 1):
        if not isinstance(e, Mapping) or not isinstance(e.get("path"), list) or not e["path"] or "value" not in e:
            raise OptionError(f"edit {n} must be {{\"path\": [keys], \"value\": ...}}")
        node: Any = out
        path = e["path"]
        for key in path[:-1]:
            node = _step(node, key, path)
        last = path[-1]
        old = _step(node, last, path)
        node[last] = _same_kind(old, e["value"], path)
    return out


def _step(node: Any, key: Any, path: list) -> Any:
    if isinstance(node, Mapping) and isinstance(key, str) and key in node:
        return node[key]
    if isinstance(node, list) and isinstance(key, int) and not isinstance(key, bool) and 0 <= key < len(node):
        return node[key]
    raise OptionError(f"the data has no field {'.'.join(map(str, path))}")


def _same_kind(old: Any, new: Any, path: list) -> Any:
    where = ".".join(map(str, path))
    if isinstance(old, bool):
        if isinstance(new, bool):
            return new
        raise OptionError(f"{where} is true or false, not {new!r}")
    if isinstance(old, int):
        if isinstance(new, int) and not isinstance(new, bool):
            return new
        raise OptionError(f"{where} is a whole number, not {new!r}")
    if isinstance(old, float):
        if isinstance(new, (int, float)) and not isinstance(new, bool) and math.isfinite(new):
            return float(new)
        raise OptionError(f"{where} is a number, not {new!r}")
    if isinstance(old, str):
        if isinstance(new, str):
            return new
        raise OptionError(f"{where} is a text, not {new!r}")
    raise OptionError(f"{where} is not a single value a form can change")


# ----- valid ranges ------------------------------------------------------------------------
def int_ranges(data: Mapping[str, Any], accepts: Callable[[Mapping[str, Any]], bool],
               limit: int = 10_000) -> dict[str, list]:
    """For each whole-number field of the form (key: its path as compact JSON), the least and
    the most value ``accepts`` takes with every other field as it is: ``[least, most]``, most
    None when ``limit`` is taken too. Found by bisection from the field's value, so it assumes
    the accepted values of a field form one run around it (negative values are not tried).

    >>> d = {"r": {"n": {"value": 3, "status": "fact"}, "m": {"value": 5, "status": "fact"}}}
    >>> int_ranges(d, lambda x: 1 <= x["r"]["n"]["value"] <= 9)
    {'["r","n","value"]': [1, 9], '["r","m","value"]': [0, None]}
    """
    out: dict[str, list] = {}
    for section in form(data):
        for entry in section["entries"]:
            for f in entry["fields"]:
                if f["kind"] != "int" or f["value"] < 0:
                    continue
                path, v = f["path"], f["value"]

                def ok(x: int) -> bool:
                    return accepts(apply_edits(data, [{"path": path, "value": x}]))

                lo, hi = (0, None) if ok(0) else (_bisect(ok, 0, v, up=False), None)
                if not ok(limit):
                    hi = _bisect(ok, v, limit, up=True)
                out[json.dumps(path, separators=(",", ":"), ensure_ascii=False)] = [lo, hi]
    return out


def _bisect(ok: Callable[[int], bool], a: int, b: int, up: bool) -> int:
    """``up``: the largest accepted in [a, b) with ``ok(a)`` and not ``ok(b)``; else the least
    accepted in (a, b] with ``ok(b)`` and not ``ok(a)``."""
    while b - a > 1:
        m = (a + b) // 2
        if ok(m) == up:
            a = m
        else:
            b = m
    return a if up else b


def game_accepts(game_name: str, players: int) -> Callable[[Mapping[str, Any]], bool]:
    """Whether the game builds a ``players`` game from component data (as TOML content, the
    way the table and the lab get a variant); any error, or a crash, is a refusal."""
    from cosmodrome.core import get_game

    game = get_game(game_name)
    option = next(o.name for o in game.options if o.kind == "path")

    def accepts(data: Mapping[str, Any]) -> bool:
        try:
            opts = game.resolve_options({option: {"toml": dumps(data), "name": "range"}})
            game.new_state(players, 0, opts)
            return True
        except Exception:
            return False

    return accepts


def compute_ranges(game_name: str, players: int, modules: tuple[str, ...] = ()) -> dict[str, list]:
    """:func:`int_ranges` of a game's packaged component data for ``players`` players (run in
    a worker process: some seconds to a minute)."""
    import importlib

    from cosmodrome.core import get_game

    for m in modules:
        importlib.import_module(m)
    game = get_game(game_name)
    data = tomllib.loads(game.components_file.read_text(encoding="utf-8"))
    return int_ranges(data, game_accepts(game_name, players))


# ----- TOML out ----------------------------------------------------------------------------
def dumps(data: Mapping[str, Any]) -> str:
    """``data`` (as :func:`tomllib.loads` gives it) as TOML text that reads back equal.

    >>> d = {"a": 1, "t": {"x": "q\\"", "u": {"v": [1.5, True]}}, "l": [{"k": {"m": 1}}]}
    >>> tomllib.loads(dumps(d)) == d
    True
    """
    lines: list[str] = []
    _table(lines, [], data)
    return "\n".join(lines).lstrip("\n") + "\n"


def _table(lines: list[str], path: list[str], node: Mapping[str, Any]) -> None:
    plain = [(k, v) for k, v in node.items() if not _is_table(v) and not _is_table_array(v)]
    for k, v in plain:
        lines.append(f"{_key(k)} = {_value(v)}")
    for k, v in node.items():
        if _is_table(v):
            if all(_is_table(x) or _is_table_array(x) for x in v.values()) and v:
                _table(lines, path + [k], v)  # a table of tables: no header of its own needed
                continue
            if lines:
                lines.append("")
            lines.append(f"[{'.'.join(_key(p) for p in path + [k])}]")
            _table(lines, path + [k], v)
        elif _is_table_array(v):
            for item in v:
                if lines:
                    lines.append("")
                lines.append(f"[[{'.'.join(_key(p) for p in path + [k])}]]")
                _table(lines, path + [k], item)


def _is_table(v: Any) -> bool:
    return isinstance(v, Mapping) and not (isinstance(v.get("status"), str) and _flat(v))


def _flat(v: Mapping[str, Any]) -> bool:
    """An entry small enough for one line (as the packaged files write their rules)."""
    return all(not isinstance(x, (Mapping, list)) or (isinstance(x, list) and all(
        not isinstance(y, (Mapping, list)) for y in x)) for x in v.values()) and len(v) <= 4


def _is_table_array(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, Mapping) for x in v)


def _key(k: str) -> str:
    return k if k and all(c.isalnum() or c in "_-" for c in k) else json.dumps(k)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, Mapping):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    raise OptionError(f"cannot write {type(v).__name__} values as TOML")


def loads(text: str) -> dict[str, Any]:
    """TOML text as data; OptionError with the parser's words when it is not TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise OptionError(f"the variant is not valid TOML: {exc}") from None
