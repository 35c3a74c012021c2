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
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional

from cosmodrome.core import OptionError

#: the most bytes of a variant's TOML content
MAX_VARIANT = 64 << 10
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
                        f"option {name!r} takes the name of a variant this server offers for {game} "
                        f"({offered}) or a variant's TOML content as {{\"toml\": \"...\"}}; "
                        f"a client cannot name a file on the server")
                out[name] = {"toml": text, "name": value}
            elif isinstance(value, Mapping):
                out[name] = own_variant(name, value)
            else:
                raise OptionError(f"option {name!r} must be a variant's name or {{\"toml\": \"...\"}}, not {value!r}")
        return out


def own_variant(option: str, value: Mapping[str, Any]) -> dict[str, str]:
    """A user's own variant ``{"toml": text, "name"?: label}`` checked for form and size."""
    extra = sorted(set(value) - {"toml", "name"})
    if extra:
        raise OptionError(f"option {option!r}: a variant has the fields 'toml' and 'name', not {extra[0]!r}")
    text, label = value.get("toml"), value.get("name", "own variant")
    if not isinstance(text, str):
        raise OptionError(f"option {option!r}: the variant's 'toml' must be its TOML content as text")
    size = len(text.encode("utf-8"))
    if size > MAX_VARIANT:
        raise OptionError(f"option {option!r}: the variant is {size} bytes long; at most {MAX_VARIANT} are accepted")
    if not isinstance(label, str) or len(label) > 60:
        raise OptionError(f"option {option!r}: the variant's 'name' must be text of at most 60 characters")
    return {"toml": text, "name": label}
