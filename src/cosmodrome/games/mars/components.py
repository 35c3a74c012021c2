"""Component data of March on Mars, loaded from ``components.toml`` into one immutable
:class:`Components` (every entry of the file is marked fact or assumed; see its header).

>>> c = load_components()
>>> len(c.cards), c.hits, c.aliens["yellow"]
(8, (1, 2, 3), 30)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from cosmodrome.core import DataError
from cosmodrome.core.provenance import read_data_file
from cosmodrome.games.lunar.dice import parse_faces
from cosmodrome.games.lunar.terrain import card_problem, parse_card

DATA_FILE = Path(__file__).with_name("components.toml")
ALIEN_COLOURS = ("yellow", "blue", "red")
UPGRADES = ("bunker", "sentinels", "antenna")


@dataclass(frozen=True, eq=False)
class MartianCard:
    name: str
    columns: tuple[tuple[int, ...], ...]
    #: (column, level) of the hidden yellow-circle box, or None
    hidden: Any


@dataclass(frozen=True, eq=False)
class Components:
    cards: tuple[MartianCard, ...]
    faces: tuple[tuple[int, ...], ...]          # per colour (blue, white, black): six faces
    aliens: dict                                # counts per colour and of defenders
    hits: tuple[int, ...]                       # hits to kill, per alien colour
    dice: dict
    layout: dict
    rounds: int
    base_attacks: int
    wave: dict
    upgrades: dict
    sentinels: dict
    marines: tuple[str, ...]


def _value(data: dict, section: str, key: str) -> Any:
    entry = data.get(section, {}).get(key)
    if not isinstance(entry, dict) or "value" not in entry or entry.get("status") not in ("fact", "assumed"):
        raise DataError(f"components: [{section}.{key}] must be a table with value and status fact or assumed")
    return entry["value"]


def _card(raw: Any, i: int, layout: dict) -> MartianCard:
    if not isinstance(raw, dict) or raw.get("status") not in ("fact", "assumed"):
        raise DataError(f"components: martian card {i + 1} needs a status, fact or assumed")
    problem = card_problem(raw.get("rows"), layout["card_columns"], layout["levels"])
    if problem:
        raise DataError(f"components: martian card {raw.get('name')!r}: {problem}")
    hidden = raw.get("hidden")
    if hidden is not None and (not isinstance(hidden, list) or len(hidden) != 2):
        raise DataError(f"components: martian card {raw.get('name')!r}: hidden is [column, level]")
    return MartianCard(str(raw.get("name")), parse_card(raw["rows"]), tuple(hidden) if hidden else None)


def build(data: dict) -> Components:
    """Validate raw TOML data; :class:`DataError` names the problem."""
    layout = dict(_value(data, "board", "layout"))
    cards = tuple(_card(raw, i, layout) for i, raw in enumerate(data.get("cards", [])))
    if len(cards) < 2 * layout["cards_per_side"]:
        raise DataError(f"components: {len(cards)} martian cards, the ring needs {2 * layout['cards_per_side']}")
    try:
        faces = parse_faces(_value(data, "dice", "faces"))
    except ValueError as exc:
        raise DataError(f"components: dice.faces.{exc}") from None
    hits = _value(data, "aliens", "hits")
    return Components(cards, faces, dict(_value(data, "counts", "aliens")),
                      tuple(int(hits[c]) for c in ALIEN_COLOURS), dict(_value(data, "counts", "dice")), layout,
                      int(_value(data, "rounds", "limit")), int(_value(data, "base", "attacks")),
                      dict(_value(data, "waves", "size")), dict(_value(data, "upgrades", "counters")),
                      dict(_value(data, "upgrades", "sentinels")), tuple(_value(data, "names", "marines")))


@lru_cache(maxsize=4)
def load_components(path: str = "") -> Components:
    """The packaged data, or the file at ``path``."""
    return build(read_data_file(Path(path) if path else DATA_FILE))
