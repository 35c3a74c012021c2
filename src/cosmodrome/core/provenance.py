"""Where a game's component data comes from: which entries are printed facts and which are
our reconstruction.

The rulebooks lost their pictures, so part of every game's component data (planet points,
card and tile mixes, sheets, dice) is our own design, marked ``status = "assumed"`` in the
game's TOML file beside a ``source``. This module reads those marks from any such file, so
the command line, the lobby and the table can tell people what was reconstructed, without
the core knowing any game.

An entry is any TOML table carrying a ``status`` key; an entry in an array of tables is named
by its ``name``, ``effect`` or ``kind`` key when it has one:

>>> data = {"rules": {"hand": {"value": 9, "status": "fact", "source": "RB"}},
...         "cards": [{"effect": "cp1", "copies": 12, "status": "assumed", "source": "copies ours"}]}
>>> [(e.path, e.status) for e in data_entries(data)]
[('rules.hand', 'fact'), ('cards[cp1]', 'assumed')]
>>> summary = reconstruction(data_entries(data))
>>> summary[0]["section"], summary[0]["assumed"], summary[0]["total"]
('cards', 1, 1)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Mapping

from cosmodrome.core.errors import DataError
from cosmodrome.i18n import _, os_reason

#: keys that name an entry of an array of tables, in order of preference
NAME_KEYS = ("name", "effect", "kind", "id")


@dataclass(frozen=True)
class DataEntry:
    """One entry of a component file: its dotted path, ``"fact"`` or ``"assumed"``, and the
    source the file gives for it."""

    path: str
    status: str
    source: str

    @property
    def section(self) -> str:
        """The top-level table the entry belongs to (``"planets"``, ``"sheet"``...)."""
        return self.path.split(".", 1)[0].split("[", 1)[0]


def _walk(node: Any, path: str) -> Iterator[DataEntry]:
    if isinstance(node, Mapping):
        if isinstance(node.get("status"), str):
            yield DataEntry(path, node["status"], str(node.get("source", "")))
            return
        for key, value in node.items():
            yield from _walk(value, f"{path}.{key}" if path else str(key))
    elif isinstance(node, list):
        for i, item in enumerate(node):
            label = str(i)
            if isinstance(item, Mapping):
                label = next((str(item[k]) for k in NAME_KEYS if k in item), label)
            yield from _walk(item, f"{path}[{label}]")


def data_entries(data: Mapping[str, Any]) -> list[DataEntry]:
    """Every marked entry of a parsed component file, in file order."""
    return list(_walk(data, ""))


def file_entries(path: Path) -> list[DataEntry]:
    """:func:`data_entries` of the TOML file at ``path``."""
    with open(path, "rb") as f:
        return data_entries(tomllib.load(f))


def reconstruction(entries: list[DataEntry]) -> list[dict[str, Any]]:
    """Per section of the file, in file order: how many entries are reconstructed
    (``assumed``) out of how many, and the reconstructed entries with their sources.
    Sections with nothing reconstructed are left out."""
    sections: dict[str, list[DataEntry]] = {}
    for e in entries:
        sections.setdefault(e.section, []).append(e)
    out = []
    for name, group in sections.items():
        assumed = [e for e in group if e.status == "assumed"]
        if assumed:
            out.append({"section": name, "assumed": len(assumed), "total": len(group),
                        "entries": [{"path": e.path, "source": e.source} for e in assumed]})
    return out


def read_data_file(path: Path) -> dict[str, Any]:
    """A game's TOML component file as raw data; :class:`DataError` names a file that cannot be
    read or parsed."""
    try:
        return tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DataError(_("components: cannot read {name}: {reason}").format(
            name=Path(path).name, reason=os_reason(exc) if isinstance(exc, OSError) else exc)) from None
