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
from cosmodrome.i18n import _, os_reason


def read(variant: Any) -> tuple[dict[str, Any], str]:
    """The variant's data and a label naming it in errors (``variant``: a path, or
    ``{"toml": text, "name": label}``)."""
    if isinstance(variant, Mapping):
        label = repr(variant.get("name") or "the variant")
        text = variant.get("toml")
        if not isinstance(text, str):
            raise DataError(_("components: {label} must give its data as TOML text").format(label=label))
    else:
        label = repr(Path(str(variant)).name)
        try:
            text = Path(str(variant)).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise DataError(_("components: cannot read the variant file {label}: {reason}").format(
                label=label, reason=os_reason(exc) if isinstance(exc, OSError) else exc)) from None
    try:
        return tomllib.loads(text), label
    except tomllib.TOMLDecodeError as exc:
        raise DataError(_("components: {label} is not valid TOML: {exc}").format(label=label, exc=exc)) from None


def merged(data: Mapping[str, Any], variant: Mapping[str, Any], label: str) -> dict[str, Any]:
    """A copy of the packaged ``data`` with the entries of ``variant`` in place of its own."""
    out = copy.deepcopy(dict(data))
    for section, value in variant.items():
        if section not in out:
            raise DataError(_("components: {label} has an unknown section [{section}] (the game's data has "
                              "{names})").format(label=label, section=section, names=', '.join(out)))
        base = out[section]
        if isinstance(base, list):
            if not isinstance(value, list) or any(not isinstance(e, dict) for e in value):
                raise DataError(_("components: {label}: [[{section}]] must be an array of tables (it replaces the "
                                  "whole array)").format(label=label, section=section))
            out[section] = value
            continue
        if not isinstance(value, dict):
            raise DataError(_("components: {label}: [{section}] must be a table of entries").format(
                label=label, section=section))
        for key, entry in value.items():
            if key not in base:
                raise DataError(_("components: {label} has an unknown entry [{section}.{key}] (the section has "
                                  "{names})").format(label=label, section=section, key=key, names=', '.join(base)))
            if not isinstance(entry, dict) or "value" not in entry:
                raise DataError(_("components: {label}: [{section}.{key}] must be a table with value, status and "
                                  "source").format(label=label, section=section, key=key))
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
        if isinstance(exc, KeyError) and exc.args:
            raise DataError(_("components: {label} lacks {key} (compare it with the packaged components.toml)").format(
                label=label, key=repr(exc.args[0]))) from None
        raise DataError(_("components: {label} does not fit: {reason} (compare it with the packaged "
                          "components.toml)").format(label=label, reason=exc)) from None


def whole(name: str, value: Any, lo: int, hi: int) -> int:
    """``value`` as a whole number from ``lo`` to ``hi``, else a DataError naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise DataError(_("components: {name} must be a whole number from {lo} to {hi}, not {value!r}").format(
            name=name, lo=lo, hi=hi, value=value))
    return value
