"""Game variants at the server: data-file options (kind ``"path"``, e.g. ``components``) never
name a file on the server.

A client gives such an option either as the *name* of a variant its operator registered
(``cosmodrome serve --variants DIR``: ``DIR/<game>/<name>.toml``, listed by the lobby) or as
the variant's TOML *content*, ``{"toml": "...", "name": "my variant"}``, size-capped and
checked by building the game. Either way the stored options carry the content, so a game
record is self-contained and replays anywhere.

>>> v = Variants()
>>> v.resolve("venus", {"components": {"toml": "x = 1"}}, [("components", "path")])
{'components': {'toml': 'x = 1', 'name': 'own variant'}}
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional

from cosmodrome.core import OptionError
from cosmodrome.i18n import _
from cosmodrome.server.security import NOT_TEXT, is_text, nesting_depth

#: the most bytes of a variant's TOML content
MAX_VARIANT = 64 << 10
#: the deepest nesting of tables and arrays a variant may have (the packaged files need 6)
MAX_TOML_DEPTH = 32
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,59}$")


class Variants:
    """The variant files an operator registered, by game and name (read once, at start)."""

    def __init__(self, directory: Optional[Path] = None) -> None:
        self.by_game: dict[str, dict[str, str]] = {}
        if directory is None:
            return
        root = Path(directory)
        if not root.is_dir():
            raise OptionError(f"--variants: {root} is not a directory (it holds <game>/<name>.toml files)")
        for game_dir in sorted(p for p in root.iterdir() if p.is_dir()):
            for f in sorted(game_dir.glob("*.toml")):
                if not f.is_file() or not _NAME.match(f.stem):
                    continue
                raw = f.read_bytes()[:MAX_VARIANT + 1]
                if len(raw) > MAX_VARIANT:
                    raise OptionError(f"--variants: {f} is over {MAX_VARIANT} bytes")
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError:
                    raise OptionError(f"--variants: {f} is not UTF-8 text") from None
                toml_depth_ok(text, f"--variants: {f}")
                self.by_game.setdefault(game_dir.name, {})[f.stem] = text

    def names(self, game: str) -> list[str]:
        """The registered variants of ``game``, by name."""
        return sorted(self.by_game.get(game, {}))

    def resolve(self, game: str, options: Any, specs: Iterable[tuple[str, str]]) -> Any:
        """``options`` with every data-file option (``specs``: (name, kind) pairs) turned into
        ``{"toml": content, "name": name}``; OptionError when one names anything else."""
        if not isinstance(options, Mapping):
            return options
        out = dict(options)
        for name, kind in specs:
            if kind != "path" or name not in out:
                continue
            value = out[name]
            if value is None or value == "":
                continue
            if isinstance(value, str):
                text = self.by_game.get(game, {}).get(value)
                if text is None:
                    offered = ", ".join(self.names(game)) or "none"
                    raise OptionError(
                        _("option {name!r} takes the name of a variant this server offers for {game} ({offered}) "
                          'or a variant\'s TOML content as {{"toml": "..."}}; a client cannot name a file on the '
                          "server").format(name=name, game=game, offered=offered))
                out[name] = {"toml": text, "name": value}
            elif isinstance(value, Mapping):
                out[name] = own_variant(name, value)
            else:
                raise OptionError(_('option {name!r} must be a variant\'s name or {{"toml": "..."}}, '
                                    'not {value!r}').format(name=name, value=value))
        return out


def own_variant(option: str, value: Mapping[str, Any]) -> dict[str, str]:
    """A user's own variant ``{"toml": text, "name"?: label}`` checked for form and size."""
    extra = sorted(set(value) - {"toml", "name"})
    if extra:
        raise OptionError(_("option {option!r}: a variant has the fields 'toml' and 'name', not {extra!r}").format(
            option=option, extra=extra[0]))
    text, label = value.get("toml"), value.get("name", "own variant")
    if not isinstance(text, str):
        raise OptionError(_("option {option!r}: the variant's 'toml' must be its TOML content as text").format(
            option=option))
    if not is_text(text) or (isinstance(label, str) and not is_text(label)):
        raise OptionError(_("option {option!r}: the variant {problem}").format(option=option, problem=_(NOT_TEXT)))
    size = len(text.encode("utf-8"))
    if size > MAX_VARIANT:
        raise OptionError(_("option {option!r}: the variant is {size} bytes long; at most {most} are "
                            "accepted").format(option=option, size=size, most=MAX_VARIANT))
    if not isinstance(label, str) or len(label) > 60:
        raise OptionError(_("option {option!r}: the variant's 'name' must be text of at most 60 characters").format(
            option=option))
    toml_depth_ok(text, _("option {option!r}: the variant").format(option=option))
    return {"toml": text, "name": label}


def bracket_depth(text: str, limit: int = MAX_TOML_DEPTH) -> int:
    """The deepest nesting of ``[``/``{`` in TOML ``text``, strings and comments skipped; it
    stops counting once past ``limit``. A scan, not a parse: it runs before the parser, whose
    recursion a deep enough nesting would exhaust.

    >>> bracket_depth('a = [[1, 2], {b = "[[["}]  # [[[')
    2
    """
    depth = deepest = 0
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "#":
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif ch in "\"'":
            quote = ch * 3 if text.startswith(ch * 3, i) else ch
            i += len(quote)
            while i < n and not text.startswith(quote, i):
                i += 2 if ch == '"' and text[i] == "\\" else 1
                if len(quote) == 1 and i < n and text[i] == "\n":
                    break  # an unclosed one-line string: the parser will say so
            i += len(quote)
            continue
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        elif ch in "]}":
            depth = max(0, depth - 1)
        i += 1
    return deepest


def toml_depth_ok(text: str, what: str, limit: int = MAX_TOML_DEPTH) -> None:
    """OptionError naming the problem when TOML ``text`` nests tables and arrays more than
    ``limit`` deep, in brackets (scanned before parsing) or dotted keys and table headers
    (measured on the parsed tables); a file the parser refuses is left to the game to name.

    >>> toml_depth_ok("x = " + "[" * 40 + "]" * 40, "the variant")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    cosmodrome.core.errors.OptionError: the variant nests tables and arrays more than 32 deep;
    at most 32 levels are accepted
    >>> toml_depth_ok("a" + ".b" * 40 + " = 1", "the variant")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    cosmodrome.core.errors.OptionError: the variant nests tables and arrays more than 32 deep;
    at most 32 levels are accepted
    """
    too_deep = OptionError(_("{what} nests tables and arrays more than {limit} deep; at most {limit} levels are "
                             "accepted").format(what=what, limit=limit))
    if bracket_depth(text, limit) > limit:
        raise too_deep
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return
    except ValueError as exc:  # e.g. an integer of more digits than Python converts (4300)
        raise OptionError(_("{what} holds a value that cannot be read: {exc}").format(what=what, exc=exc)) from None
    except RecursionError:  # pragma: no cover - the scan above bounds the brackets
        raise too_deep from None
    if nesting_depth(data, limit) > limit:  # dotted keys and table headers nest without brackets
        raise too_deep
