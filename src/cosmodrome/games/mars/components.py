"""Component data of March on Mars, loaded from ``components.toml`` into one immutable
:class:`Components` (every entry of the file is marked fact or assumed; see its header).

>>> c = load_components()
>>> len(c.cards), c.hits, c.aliens["yellow"]
(8, (1, 2, 3), 30)
>>> len(c.abilities), c.abilities[1].name, c.equipment[0].name
(14, 'Jet pack', 'Lucky charm')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from cosmodrome.core import DataError
from cosmodrome.core.provenance import read_data_file
from cosmodrome.games.lunar import variant
from cosmodrome.games.lunar.dice import COLOUR_NAMES, parse_faces
from cosmodrome.games.lunar.terrain import card_problem, parse_card
from cosmodrome.i18n import _

DATA_FILE = Path(__file__).with_name("components.toml")
ALIEN_COLOURS = ("yellow", "blue", "red")
UPGRADES = ("bunker", "sentinels", "antenna")
#: the actions printed on a marine's combat card (RB: "How do I...": up to three actions): the
#: most ``counts.dice.actions`` may be, and the slots the programming ids pack per die
ACTION_SLOTS = 3
#: RB components: 7 special training cards and 8 equipment cards
TRAINING_CARDS, EQUIPMENT_CARDS = 7, 8
#: the entries of ``[rules]``: numbers of the rules that no other table holds (RB: Supporting
#: from base, the missile battery: ``missile_dice`` white dice give its distance, a piercing
#: missile makes ``piercing_hits`` hits on its box, a fragmentation missile
#: ``fragmentation_hits`` on every box of its zones, the impacted column and
#: ``fragmentation_spread`` columns on each side of it; RB: Special training, Power-up injector:
#: the marine has ``counts.injector.tired`` dice for ``injector_tired_turns`` turns after)
RULE_KEYS = ("missile_dice", "piercing_hits", "fragmentation_hits", "fragmentation_spread", "injector_tired_turns")
#: the bounds of each of :data:`RULE_KEYS` (the missile rolls at most the two white dice; a
#: marine is tired at most for the rest of the game's rounds; the fragments spread at most a
#: card's six columns)
RULE_BOUNDS = {"missile_dice": (1, 2), "piercing_hits": (1, 12), "fragmentation_hits": (1, 12),
               "fragmentation_spread": (0, 6), "injector_tired_turns": (0, 8)}


@dataclass(frozen=True, eq=False)
class MartianCard:
    name: str
    columns: tuple[tuple[int, ...], ...]
    #: (column, level) of the hidden yellow-circle box, or None
    hidden: Any


@dataclass(frozen=True)
class Named:
    """An ability of a training card or an equipment card: its name and our text of it."""
    name: str
    text: str


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
    #: ``upgrades.sentinels``: ``dice``, ``colour`` and ``die``, the colour's number (:func:`_sentinels`)
    sentinels: dict
    marines: tuple[str, ...]
    #: the 14 abilities, card by card: abilities 2k and 2k + 1 share training card k
    abilities: tuple[Named, ...]
    equipment: tuple[Named, ...]
    drop_round: int
    #: the faces of the MMM's white die that send the round's wave to the left and to the right side
    white_faces: tuple[int, int]
    #: RB: Special training, Power-up injector: the dice of the injected turn and of the
    #: marine's next turn (``counts.injector``)
    injected_dice: int
    tired_dice: int
    #: ``[rules]``: by key of :data:`RULE_KEYS`
    rules: dict


def _value(data: dict, section: str, key: str) -> Any:
    entry = data.get(section, {}).get(key)
    if not isinstance(entry, dict) or "value" not in entry or entry.get("status") not in ("fact", "assumed"):
        raise DataError(_("components: [{section}.{key}] must be a table with value and status fact or assumed").format(
            section=section, key=key))
    return entry["value"]


def _card(raw: Any, i: int, layout: dict) -> MartianCard:
    if not isinstance(raw, dict) or raw.get("status") not in ("fact", "assumed"):
        raise DataError(_("components: martian card {n} needs a status, fact or assumed").format(n=i + 1))
    problem = card_problem(raw.get("rows"), layout["card_columns"], layout["levels"])
    if problem:
        raise DataError(_("components: martian card {name!r}: {problem}").format(name=raw.get('name'), problem=problem))
    hidden = raw.get("hidden")
    if hidden is not None and (not isinstance(hidden, list) or len(hidden) != 2):
        raise DataError(_("components: martian card {name!r}: hidden is [column, level]").format(name=raw.get('name')))
    return MartianCard(str(raw.get("name")), parse_card(raw["rows"]), tuple(hidden) if hidden else None)


def _entries(data: dict, section: str, count: int) -> list[dict]:
    raw = data.get(section, [])
    if not isinstance(raw, list) or len(raw) != count:
        raise DataError(_("components: {section} must list {count} entries").format(section=section, count=count))
    for i, e in enumerate(raw):
        if not isinstance(e, dict) or e.get("status") not in ("fact", "assumed"):
            raise DataError(_("components: {section} entry {n} needs a status, fact or assumed").format(
                section=section, n=i + 1))
    return raw


def _abilities(data: dict) -> tuple[Named, ...]:
    out = []
    for e in _entries(data, "training", TRAINING_CARDS):
        names, texts = e.get("abilities"), e.get("texts")
        if not (isinstance(names, list) and isinstance(texts, list) and len(names) == len(texts) == 2):
            raise DataError(_("components: training card {name!r} needs two abilities and two texts").format(
                name=e.get('name')))
        out += [Named(str(n), str(x)) for n, x in zip(names, texts)]
    return tuple(out)


def build(data: dict) -> Components:
    """Validate raw TOML data; :class:`DataError` names the problem."""
    layout = dict(_value(data, "board", "layout"))
    cards = tuple(_card(raw, i, layout) for i, raw in enumerate(data.get("cards", [])))
    if len(cards) < 2 * layout["cards_per_side"]:
        raise DataError(_("components: {n} martian cards, the ring needs {needed}").format(
            n=len(cards), needed=2 * layout['cards_per_side']))
    try:
        faces = parse_faces(_value(data, "dice", "faces"))
    except ValueError as exc:
        raise DataError(_("components: dice.faces.{exc}").format(exc=exc)) from None
    hits = _hits(_value(data, "aliens", "hits"))
    return Components(cards, faces, dict(_value(data, "counts", "aliens")),
                      hits, _dice_counts(_value(data, "counts", "dice")), layout,
                      int(_value(data, "rounds", "limit")), int(_value(data, "base", "attacks")),
                      dict(_value(data, "waves", "size")), dict(_value(data, "upgrades", "counters")),
                      _sentinels(_value(data, "upgrades", "sentinels")), tuple(_value(data, "names", "marines")),
                      _abilities(data),
                      tuple(Named(str(e.get("name")), str(e.get("text")))
                            for e in _entries(data, "equipment", EQUIPMENT_CARDS)),
                      int(_value(data, "equipment_rules", "drop")["round"]),
                      _white_faces(_value(data, "waves", "white_die")),
                      *_injector(_value(data, "counts", "injector")), _rules(data))


def _rules(data: dict) -> dict:
    """``[rules]``: each of :data:`RULE_KEYS`, a whole number within :data:`RULE_BOUNDS`.

    >>> r = load_components().rules
    >>> r["missile_dice"], r["piercing_hits"], r["fragmentation_hits"], r["fragmentation_spread"]
    (2, 3, 1, 1)
    """
    return {k: variant.whole(f"rules.{k}", _value(data, "rules", k), *RULE_BOUNDS[k]) for k in RULE_KEYS}


def _sentinels(value: Any) -> dict:
    """``upgrades.sentinels`` (RB: Base upgrades): the dice a sentinel counter rolls each round
    (1 to 6, the Moon's six at most) and their colour, one of the dice's (``blue``, ``white``,
    ``black``); ``die`` is that colour's number, the row of :attr:`Components.faces` they roll.

    >>> _sentinels({"dice": 2, "colour": "black"})
    {'dice': 2, 'colour': 'black', 'die': 2}
    """
    if not isinstance(value, dict) or value.get("colour") not in COLOUR_NAMES:
        raise DataError(_("components: upgrades.sentinels must be a table of dice and colour (one of {names})").format(
            names=", ".join(COLOUR_NAMES)))
    return dict(value, dice=variant.whole("upgrades.sentinels.dice", value.get("dice"), 1, 6),
                die=COLOUR_NAMES.index(value["colour"]))


def _hits(value: Any) -> tuple[int, ...]:
    """``aliens.hits``: the hits each alien colour needs to die (RB: "Can I kill the aliens?"),
    a whole number from 1 to 12 (a marine rolls at most six dice of at most 2 hits)."""
    if not isinstance(value, dict):
        raise DataError(_("components: aliens.hits must be a table of {names}").format(names=', '.join(ALIEN_COLOURS)))
    return tuple(variant.whole(f"aliens.hits.{c}", value.get(c), 1, 12) for c in ALIEN_COLOURS)


def _white_faces(value: Any) -> tuple[int, int]:
    """``waves.white_die`` (RB: Martian waves): the face of the MMM's white die that sends
    the round's wave to the left side and the one that sends it to the right, two different
    faces of a die (1 to 6).

    >>> _white_faces({"left": 2, "right": 1})
    (2, 1)
    """
    if not isinstance(value, dict):
        raise DataError(_("components: waves.white_die must be a table of left and right"))
    left = variant.whole("waves.white_die.left", value.get("left"), 1, 6)
    right = variant.whole("waves.white_die.right", value.get("right"), 1, 6)
    if left == right:
        raise DataError(_("components: waves.white_die needs two different faces, not {face} for both sides").format(
            face=left))
    return left, right


def _dice_counts(value: Any) -> dict:
    """``counts.dice`` (RB: "How do I...", "How we win?"): a marine's dice (1-6), after a crash
    landing, the actions a turn programs (at most a marine's dice and the combat card's
    :data:`ACTION_SLOTS`), the nuke's dice (1-6) and the sum it needs."""
    if not isinstance(value, dict):
        raise DataError(_("components: counts.dice must be a table of marine, crashed, actions, nuke and nuke_target"))
    marine = variant.whole("counts.dice.marine", value.get("marine"), 1, 6)
    d = {"marine": marine, "crashed": variant.whole("counts.dice.crashed", value.get("crashed"), 1, marine),
         "actions": variant.whole("counts.dice.actions", value.get("actions"), 1, min(marine, ACTION_SLOTS))}
    d["nuke"] = variant.whole("counts.dice.nuke", value.get("nuke"), 1, 6)
    d["nuke_target"] = variant.whole("counts.dice.nuke_target", value.get("nuke_target"), 1, 3 * d["nuke"])
    return dict(value, **d)


def _injector(value: Any) -> tuple[int, int]:
    """``counts.injector`` (RB: Special training, Power-up injector): the dice of the turn a
    marine takes the injector and of its next turn, each 1 to 6 (a turn programs at most six
    dice: the Moon's six).

    >>> _injector({"injected": 5, "tired": 2})
    (5, 2)
    """
    if not isinstance(value, dict):
        raise DataError(_("components: counts.injector must be a table of injected and tired"))
    return (variant.whole("counts.injector.injected", value.get("injected"), 1, 6),
            variant.whole("counts.injector.tired", value.get("tired"), 1, 6))


def load_components(path: Any = "") -> Components:
    """The packaged data, or with the entries of the variant ``path`` (the ``components``
    option: a TOML file, or its content ``{"toml": text, "name": label}``) in place of its own
    (:mod:`cosmodrome.games.lunar.variant`)."""
    if isinstance(path, Mapping):
        return _from_text(str(path.get("toml")), str(path.get("name") or ""))
    return _from_file(str(path or ""))


@lru_cache(maxsize=4)
def _from_file(path: str) -> Components:
    if not path:
        return build(read_data_file(DATA_FILE))
    return _varied(*variant.read(path))


@lru_cache(maxsize=16)
def _from_text(text: str, name: str) -> Components:
    return _varied(*variant.read({"toml": text, "name": name}))


def _varied(data: dict, label: str) -> Components:
    return variant.built(build, variant.merged(read_data_file(DATA_FILE), data, label), label)
