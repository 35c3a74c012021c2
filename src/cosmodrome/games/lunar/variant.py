"""The ``components`` option of the lunar games (Walking on the Moon, March on Mars): a variant
file (TOML) whose entries replace the packaged data's, as in Cosmic Run.

A variant is a file path (local use) or the file's content ``{"toml": text, "name": label}``
(what the server and the design lab send). It may be a whole component file or only the
entries it changes: a table entry (``[counts.dice]``, ``[aliens.hits]``: its ``value``,
``status`` and ``source``) replaces the packaged entry of that name; an array of tables
(``[[cards]]``, ``[[actions]]``...) replaces the whole array. A section or entry the game's
data does not have is refused with a sentence naming it.

>>> base = {"counts": {"dice": {"value": {"normal": 4}, "status": "fact", "source": "RB"}}, "cards": [{"name": "A"}]}
>>> merged(base, {"counts": {"dice": {"value": {"normal": 5}, "status": "assumed", "source": "ours"}}},
...        "'v'")["counts"]["dice"]["value"]
{'normal': 5}
>>> merged(base, {"count": {}}, "'v'")
Traceback (most recent call last):
...
cosmodrome.core.errors.DataError: components: 'v' has an unknown section [count] (the game's data has counts, cards)
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any, Callable, Mapping

from cosmodrome.core import DataError
from cosmodrome.i18n import _


def read(variant: Any) -> tuple[dict[str, Any], str]:
    """The variant's data and a label naming it in errors (``variant``: a path, or
    ``{"toml": text, "name": label}``)."""
    if isinstance(variant, Mapping):
        label = repr(variant.get("name") or "the variant")
        text = variant.get("toml")
        if not isinstance(text, str):
            raise DataError(f"components: {label} must give its data as TOML text")
    else:
        label = repr(Path(str(variant)).name)
        try:
            text = Path(str(variant)).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise DataError(f"components: cannot read the variant file {label}: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        return tomllib.loads(text), label
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"components: {label} is not valid TOML: {exc}") from None


def merged(data: Mapping[str, Any], variant: Mapping[str, Any], label: str) -> dict[str, Any]:
    """A copy of the packaged ``data`` with the entries of ``variant`` in place of its own."""
    out = copy.deepcopy(dict(data))
    for section, value in variant.items():
        if section not in out:
            raise DataError(f"components: {label} has an unknown section [{section}] "
                            f"(the game's data has {', '.join(out)})")
        base = out[section]
        if isinstance(base, list):
            if not isinstance(value, list) or any(not isinstance(e, dict) for e in value):
                raise DataError(f"components: {label}: [[{section}]] must be an array of tables (it replaces the "
                                f"whole array)")
            out[section] = value
            continue
        if not isinstance(value, dict):
            raise DataError(f"components: {label}: [{section}] must be a table of entries")
        for key, entry in value.items():
            if key not in base:
                raise DataError(f"components: {label} has an unknown entry [{section}.{key}] "
                                f"(the section has {', '.join(base)})")
            if not isinstance(entry, dict) or "value" not in entry:
                raise DataError(f"components: {label}: [{section}.{key}] must be a table with value, status and source")
            base[key] = entry
    return out


def built(build: Callable[[dict], Any], data: dict[str, Any], label: str) -> Any:
    """``build(data)`` for a variant's data: a value of the wrong shape deep inside (a text
    where a number goes, a key left out of a table) becomes a :class:`DataError` naming the
    variant, never a crash."""
    try:
        return build(data)
    except DataError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        what = f"lacks {exc.args[0]!r}" if isinstance(exc, KeyError) and exc.args else f"does not fit: {exc}"
        raise DataError(f"components: {label} {what} (compare it with the packaged components.toml)") from None


def whole(name: str, value: Any, lo: int, hi: int) -> int:
    """``value`` as a whole number from ``lo`` to ``hi``, else a DataError naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise DataError(_("components: {name} must be a whole number from {lo} to {hi}, not {value!r}").format(
            name=name, lo=lo, hi=hi, value=value))
    return value
