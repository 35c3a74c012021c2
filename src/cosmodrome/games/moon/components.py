"""Component data of Walking on the Moon, loaded from ``components.toml`` into one immutable
:class:`Components` table: the 11 lunar cards (terrain, Sputnik icons, red dot), the dice
faces, the counters, the scoring values, the special box tokens and the action cards.

>>> c = load_components()
>>> len(c.cards), sum(card.red for card in c.cards), c.cards[0].name
(11, 5, 'Mare')
>>> c.faces[2]          # the black die: the accident face is code 4 (see lunar.dice)
(1, 1, 1, 2, 2, 4)
>>> len(c.action_deck), c.supply["sputnik"]
(24, 30)
>>> c.rules["accident_sputnik_divisor"], c.rules["token_sputniks"]    # RB: "What's an accident?", Special boxes
(2, 2)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Mapping

from cosmodrome.core import DataError
from cosmodrome.games.lunar import variant
from cosmodrome.games.lunar.dice import ACCIDENT, COLOUR_NAMES, DIE_COLOUR, NUM_FACES
from cosmodrome.games.lunar.terrain import AIR, column_problem, parse_card
from cosmodrome.i18n import _

DATA_FILE = Path(__file__).with_name("components.toml")
TIMINGS = ("end-of-round", "before-programming", "condition")
#: the entries of ``[rules]``: numbers of the rules that no other table holds
#: (``accident_sputnik_divisor``: an accident costs the Sputniks held divided by it, rounded
#: down; ``token_sputniks``: the Sputniks the "two-sputniks" special box token gives; ``jumps``:
#: the jumps a turn's dice may be programmed on, at most :data:`JUMP_SLOTS`)
RULE_KEYS = ("accident_sputnik_divisor", "token_sputniks", "jumps")
#: The slots of a jump card (its layout): the action space holds one programming id per die and
#: slot (``state.encode_program``) and a die's place is a slot; the rule's ``jumps`` (three, as
#: printed) may be fewer, never more (checked at load).
JUMP_SLOTS = 3


@dataclass(frozen=True)
class Card:
    """One lunar card: its columns (each bottom cell first) and Sputnik icons (column, level)."""

    name: str
    red: bool
    columns: tuple[tuple[int, ...], ...]
    sputniks: frozenset


@dataclass(frozen=True)
class ActionCard:
    effect: str
    timing: str
    red: bool


@dataclass(frozen=True, eq=False)
class Components:
    cards: tuple[Card, ...]
    faces: tuple[tuple[int, ...], ...]         # per colour (blue, white, black), six face codes
    supply: dict
    dice: dict                                 # normal, handicap, accident, most
    layout: dict
    connector_level: int
    goal_points: tuple[int, int]               # first, others
    last_card_points: tuple[int, ...]
    sputnik_points: int
    tokens: tuple[str, ...]                    # one entry per token (copies expanded)
    actions: tuple[ActionCard, ...]            # one per effect
    action_deck: tuple[int, ...]               # index into actions per card of the deck
    nations: tuple[str, ...]
    colours: tuple[str, ...]
    rules: dict                                # [rules]: by key of RULE_KEYS

    @cached_property
    def last_jump(self) -> int:
        """The last of the jump card's slots a turn's dice may go on: ``[rules] jumps`` less
        one (read once per component set: the programming menu asks at every die)."""
        return self.rules["jumps"] - 1


def _face(text: Any, where: str) -> int:
    if text == "2!":
        return ACCIDENT
    if text in ("1", "2", "3"):
        return int(text)
    raise DataError(_("components: {where}: a face is '1', '2', '3' or '2!' (accident), not {text!r}").format(
        where=where, text=text))


def _value(data: dict, section: str, key: str) -> Any:
    entry = data.get(section, {}).get(key)
    if not isinstance(entry, dict) or "value" not in entry or entry.get("status") not in ("fact", "assumed"):
        raise DataError(_("components: [{section}.{key}] must be a table with value and status fact or assumed").format(
            section=section, key=key))
    return entry["value"]


def _card(raw: Any, i: int) -> Card:
    if not isinstance(raw, dict) or raw.get("status") not in ("fact", "assumed"):
        raise DataError(_("components: card {n} needs a status, fact or assumed").format(n=i + 1))
    rows = raw.get("rows")
    if (not isinstance(rows, list) or len(rows) != 4 or any(not isinstance(r, str) or len(r) != 6
                                                            or set(r) - set(".ox#tT") for r in rows)):
        raise DataError(_("components: card {n} needs 4 rows of 6 cells from '.ox#tT'").format(n=i + 1))
    columns = parse_card(rows)
    for c, col in enumerate(columns):
        problem = column_problem(col)
        if problem:
            raise DataError(_("components: card {name!r}, column {n}: {problem}").format(
                name=raw.get('name'), n=c + 1, problem=problem))
    sputniks = raw.get("sputniks", [])
    if not isinstance(sputniks, list) or any(
            not isinstance(p, list) or len(p) != 2 or not 0 <= p[0] < 6 or not 0 <= p[1] < 4
            or columns[p[0]][p[1]] != AIR for p in sputniks):
        raise DataError(_("components: card {name!r}: a Sputnik is [column 0-5, level 0-3] in the air").format(
            name=raw.get('name')))
    return Card(str(raw.get("name")), bool(raw.get("red")), columns, frozenset(tuple(p) for p in sputniks))


def build(data: dict) -> Components:
    """Validate raw TOML data; :class:`DataError` names the problem."""
    cards = tuple(_card(raw, i) for i, raw in enumerate(data.get("cards", [])))
    faces_raw = _value(data, "dice", "faces")
    faces = []
    for name in COLOUR_NAMES:
        fl = faces_raw.get(name) if isinstance(faces_raw, dict) else None
        if not isinstance(fl, list) or len(fl) != NUM_FACES:
            raise DataError(_("components: dice.faces.{name} must list six faces").format(name=name))
        faces.append(tuple(_face(f, f"dice.faces.{name}") for f in fl))
    # the six dice are laid out in code (lunar.dice.DIE_COLOUR: the action ids name each die), so
    # the data's count per colour is checked against it, not silently ignored
    laid_out = {name: DIE_COLOUR.count(c) for c, name in enumerate(COLOUR_NAMES)}
    if _value(data, "dice", "colours") != laid_out:
        raise DataError(_("components: dice.colours must be {counts}: the six dice of the game").format(
            counts=", ".join(f"{name} = {n}" for name, n in laid_out.items())))
    supply = dict(_value(data, "counts", "supply"))
    layout = dict(_value(data, "board", "layout"))
    if len(cards) != supply.get("lunar_cards") or len(cards) < layout.get("cards", 5):
        raise DataError(_("components: {n} lunar cards listed, the supply says {lunar_cards}").format(
            n=len(cards), lunar_cards=supply.get('lunar_cards')))
    last = tuple(_value(data, "scoring", "last_card"))
    if len(last) != layout["card_columns"]:
        raise DataError(_("components: scoring.last_card needs one value per card column"))
    goal = _value(data, "scoring", "goal")
    tokens = tuple(t["effect"] for t in data.get("tokens", []) for _ in range(int(t.get("copies", 1))))
    actions = []
    deck = []
    for a in data.get("actions", []):
        if a.get("timing") not in TIMINGS:
            raise DataError(_("components: action card {effect!r}: timing must be one of {names}").format(
                effect=a.get('effect'), names=', '.join(TIMINGS)))
        deck += [len(actions)] * int(a.get("copies", 1))
        actions.append(ActionCard(str(a["effect"]), a["timing"], bool(a.get("red"))))
    if len(deck) != supply["action_cards"] or len(tokens) != supply["special_tokens"]:
        raise DataError(_("components: the action cards or special tokens do not match the supply counts"))
    nations = tuple(_value(data, "nations", "names"))
    colours = tuple(_value(data, "nations", "colours"))
    return Components(cards, tuple(faces), supply, _dice_counts(_value(data, "counts", "dice")), layout,
                      int(_value(data, "board", "connector")["level"]), (int(goal["first"]), int(goal["others"])),
                      last, int(_value(data, "scoring", "sputnik")), tokens, tuple(actions), tuple(deck),
                      nations, colours, _rules(data, supply))


def _rules(data: dict, supply: dict) -> dict:
    """``[rules]``: each of :data:`RULE_KEYS`, a whole number within its bounds (a divisor of
    at least 1; a token's Sputniks at most the supply's; at least one jump, at most the jump
    card's :data:`JUMP_SLOTS`)."""
    bounds = {"accident_sputnik_divisor": (1, 99), "token_sputniks": (0, supply["sputnik"]), "jumps": (1, JUMP_SLOTS)}
    return {k: variant.whole(f"rules.{k}", _value(data, "rules", k), *bounds[k]) for k in RULE_KEYS}


def _dice_counts(value: Any) -> dict:
    """``counts.dice``: the dice of a jump (RB: "How do I reach the goal?", Handicaps,
    Earth Control): ``accident`` <= ``handicap`` <= ``normal`` <= ``most`` <= 6 (the six dice)."""
    if not isinstance(value, dict):
        raise DataError(_("components: counts.dice must be a table of normal, handicap, accident and most"))
    d = {k: variant.whole(f"counts.dice.{k}", value.get(k), 1, 6) for k in ("normal", "handicap", "accident", "most")}
    if not d["accident"] <= d["handicap"] <= d["normal"] <= d["most"]:
        raise DataError(_("components: counts.dice must keep accident <= handicap <= normal <= most, not {d}").format(
            d=d))
    return dict(value, **d)


def _packaged() -> dict:
    try:
        return tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DataError(_("components: cannot read {name}: {exc}").format(name=DATA_FILE.name, exc=exc)) from None


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
        return build(_packaged())
    return _varied(*variant.read(path))


@lru_cache(maxsize=16)
def _from_text(text: str, name: str) -> Components:
    return _varied(*variant.read({"toml": text, "name": name}))


def _varied(data: dict, label: str) -> Components:
    return variant.built(build, variant.merged(_packaged(), data, label), label)
