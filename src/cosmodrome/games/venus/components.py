"""Component data of Onward to Venus: load ``components.toml`` (or a variant file) and
validate it into immutable tables.

Every entry of the data file carries ``status = "fact"`` or ``"assumed"`` and a ``source``.
A malformed file raises :class:`cosmodrome.core.DataError` naming the entry and the field.

>>> c = load_components()
>>> c.planet_names[3], c.vp[3]
('Moon', (9, 5, 3))
>>> len(c.deck_effects), len(c.tile_kind) - c.n_aliens
(111, 103)
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cosmodrome.core.errors import DataError
from cosmodrome.i18n import _, os_reason

DEFAULT_PATH = Path(__file__).with_name("components.toml")

#: The card effects the engine knows, in a fixed order: the effect id is the index. The
#: action space reserves one action per effect (see flow.A_CARD).
EFFECTS = (
    "cp1", "cp2", "cp3", "cp1_draw", "cp2_venus", "cp3_moon", "cp3_earth_crisis",
    "tanks3", "infantry2", "ships2", "sacrifice_tank", "sacrifice_unit", "reroll",
    "discard_die", "ignore_skull", "move1", "move2", "move_tanks", "another_action",
    "free_build", "free_pass", "tank_up", "infantry_up", "instead", "pass_empty_action",
    "return_unit", "cycle3", "draw4keep2", "buy3cards", "kill_infantry", "kill_ship",
    "kill_unit", "gunrunner", "place_tension", "remove_tension", "force_discard2",
    "look_swap", "income_mines", "take3", "take_biggame",
)
EFFECT_ID = {e: i for i, e in enumerate(EFFECTS)}
CARD_TYPES = ("action", "free", "benefit", "reaction")
_MENU = ("action", "free")
#: the card types the engine can play each effect as: a card of the action menu may use up
#: the action or not; a combat or movement benefit needs the claim or move it helps; a
#: reaction waits for its trigger (see docs/rulings/venus.md on the 'instead' card). A data
#: file giving another type is refused, naming the card.
EFFECT_TYPES = {
    **{e: ("benefit",) for e in EFFECTS[:EFFECT_ID["another_action"]]},
    **{e: _MENU for e in ("another_action", "free_build", "free_pass", "tank_up", "infantry_up")},
    **{e: ("reaction",) for e in ("instead", "pass_empty_action", "return_unit")},
    **{e: _MENU for e in EFFECTS[EFFECT_ID["cycle3"]:]},
}
TILE_KINDS = ("factory", "draw2", "biggame", "windfall", "mine", "crisis", "tension", "alien")
TK = {k: i for i, k in enumerate(TILE_KINDS)}
UNIT_NAMES = ("infantry", "spaceship", "tank")
#: the crisis of each planet, in the engine's order of the planets: one per planet of the action
#: space (:data:`.flow.N_PLANETS`); a data file lists as many planets, or is refused
CRISES = ("bazagthoth", "uprising", "robots", "moonmen", "martians", "none", "pirates", "aliens")
#: Bazagthoth's powers (RB: Mercury crisis), numbered by the crisis level that first grants
#: each as printed: take a card, destroy a unit, destroy a mine or factory. The crisis level
#: picks one through ``[rules] bazagthoth_unit_level`` and ``bazagthoth_building_level``;
#: a Bazagthoth frame holds the number (:data:`.flow.D_BAZ`), so saves keep these values.
BAZ_CARD, BAZ_UNIT, BAZ_BUILDING = 1, 2, 3
STATUSES = ("fact", "assumed")
#: the most combat dice a variant may roll: the action space holds one action per die to set
#: aside and one per set of dice to re-roll (:data:`.flow.A_DIE`, :data:`.flow.A_REROLL`), and
#: the combat record one slot per die (:class:`.state.Combat`)
MAX_COMBAT_DICE = 3
#: the most units of one type an empire may have (the printed game's 9 infantry, RB: building
#: chart): a move names its group's size by an action id (:data:`.flow.A_COUNT` + 0 to this many)
MOST_UNITS = 9
RULE_KEYS = ("periods", "start_money", "start_infantry", "start_spaceships",
             "start_factories_on_earth", "start_cards_dealt", "first_player_dice", "hand_limit", "extra_pass_cubes",
             "mine_income", "factory_income", "windfall", "draw2_cards", "alien_defence", "alien_vp",
             "kept_tile_vp", "gunrunner_bonus", "gunrunner_money", "bazagthoth_card_cost",
             "bazagthoth_unit_cost", "bazagthoth_building_cost", "buy_cards_cost", "take_money",
             "boosted_infantry_cp", "boosted_spaceship_cp", "boosted_tank_cp", "die_faces",
             # the combat-point cards, the sacrifice and the card actions (RB: Detailed explanation of the cards)
             "cp1_card_cp", "cp2_card_cp", "cp3_card_cp", "cp1_draw_card_cp", "cp2_venus_card_cp",
             "cp3_moon_card_cp", "cp3_earth_crisis_card_cp", "sacrifice_cp", "cycle_discards",
             "cycle_extra_draws", "draw_and_keep_draws", "draw_and_keep_keeps", "buy_cards_drawn",
             "cp1_draw_cards", "force_discard_cards",
             # the move (RB: Action: Move military units) and the cards that lengthen it
             "move_allowance", "move1_card_steps", "move2_card_steps",
             # the combat for a defended tile (RB: Defended tiles)
             "combat_dice",
             # the crises (RB: Phase four – crisis resolution; Crisis effects)
             "escalation_dice", "damage_dice", "bazagthoth_unit_level", "bazagthoth_building_level",
             "uprising_level", "uprising_units", "independence_level", "robot_rebellion_level",
             "robot_rebellion_losses", "major_rebellion_level", "major_rebellion_losses", "robots_win_level",
             "invasion_level", "martian_level", "martian_losses", "pirates_level", "pirates_wide_level",
             "pirate_fee", "alien_invasion_level")


@dataclass(frozen=True)
class Components:
    """Immutable tables. Tiles and cards are numbered: ``tile_kind[t]`` for tile id ``t``
    (bag tiles first, then the alien tiles); ``deck_effects[c]`` for game card ``c``;
    player cards follow the deck, four (or ``len(player_effects)``) per empire."""

    source: str
    rules: dict
    unit_cp: tuple
    unit_cost: tuple
    unit_count: tuple
    mine_count: int
    factory_count: int
    planet_names: tuple
    planet_pos: tuple
    vp: tuple
    planet_crisis: tuple
    chart: dict
    tile_kind: tuple
    tile_def: tuple
    tile_skull: tuple
    n_aliens: int
    deck_effects: tuple
    player_effects: tuple
    effect_type: tuple   # per effect id: card type name (or "" when not in the data)
    status: dict         # "section:entry" -> (status, source)
    card_effects: tuple = ()     # card id -> effect id, for every card of a 5-player game
    tile_sig: tuple = () # tile id -> a small int naming its kind, defence and skull mark
    #: ``rules["combat_dice"]``, read once: the combat's menus and costs ask it at every step
    combat_dice: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "combat_dice", self.rules["combat_dice"])

    @property
    def n_bag(self) -> int:
        return len(self.tile_kind) - self.n_aliens

    def card_effect(self, card: int) -> int:
        return self.card_effects[card]


def _need(d: Any, key: str, where: str, kind: type | tuple) -> Any:
    if not isinstance(d, dict) or key not in d:
        raise DataError(_("components: {where} lacks the field {key!r}").format(where=where, key=key))
    v = d[key]
    if kind is int and (isinstance(v, bool) or not isinstance(v, int)):
        raise DataError(_("components: {where} field {key!r} must be a whole number, not {v!r}").format(
            where=where, key=key, v=v))
    if kind is not int and not isinstance(v, kind):
        raise DataError(_("components: {where} field {key!r} has the wrong type ({type})").format(
            where=where, key=key, type=type(v).__name__))
    return v


def _status(d: dict, where: str, table: dict) -> None:
    st = _need(d, "status", where, str)
    if st not in STATUSES:
        raise DataError(_("components: {where} field 'status' must be 'fact' or 'assumed', not {st!r}").format(
            where=where, st=st))
    table[where] = (st, str(d.get("source", "")))


def _nonneg(v: int, where: str, key: str) -> int:
    if v < 0:
        raise DataError(_("components: {where} field {key!r} must not be negative ({v})").format(
            where=where, key=key, v=v))
    return v


@functools.cache
def _packaged_rules() -> dict:
    """The packaged file's ``[rules]`` table: a variant's file that leaves out a number of the
    rules plays it as printed. A variant keeps working when a later version of the game moves
    another number of the rules into the data (a hosted game's stored variant, a designer's
    file written before it), and a designer writes only the numbers they change."""
    return tomllib.loads(DEFAULT_PATH.read_text(encoding="utf-8"))["rules"]


def parse_components(data: dict, source: str = "<data>") -> Components:
    """Validate a parsed TOML document into :class:`Components` (raises DataError)."""
    status: dict = {}
    if not isinstance(data, dict):
        raise DataError(_("components: the data must be a TOML table"))
    rules_t = _need(data, "rules", _("the file"), dict)
    rules = {}
    for key in RULE_KEYS:
        entry = _need(rules_t if key in rules_t else _packaged_rules(), key, "[rules]", dict)
        where = f"rules.{key}"
        _status(entry, where, status)
        if key == "die_faces":
            v = _need(entry, "value", where, list)
            if len(v) != 6 or any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in v) or v.count(0) != 1:
                raise DataError(_("components: {where} field 'value' must list six faces, one of them 0 "
                                  "(the skull)").format(where=where))
            rules[key] = tuple(v)
        else:
            rules[key] = _nonneg(_need(entry, "value", where, int), where, "value")
    if rules["periods"] < 1 or rules["hand_limit"] < 1:
        raise DataError(_("components: rules.periods and rules.hand_limit must be at least 1"))
    if not 1 <= rules["combat_dice"] <= MAX_COMBAT_DICE:
        raise DataError(_("components: rules.combat_dice must be from 1 to {most} (the engine's combat holds at "
                          "most {most} dice), not {n}").format(most=MAX_COMBAT_DICE, n=rules["combat_dice"]))
    units = _need(data, "units", _("the file"), dict)
    cp, cost, count = [], [], []
    for u in UNIT_NAMES:
        e = _need(units, u, "[units]", dict)
        where = f"units.{u}"
        _status(e, where, status)
        cp.append(_nonneg(_need(e, "cp", where, int), where, "cp"))
        cost.append(_nonneg(_need(e, "cost", where, int), where, "cost"))
        count.append(_nonneg(_need(e, "count", where, int), where, "count"))
        if count[-1] > MOST_UNITS:
            raise DataError(_("components: {where}.count must be at most {most} (the most units a move's group "
                              "may name), not {n}").format(where=where, most=MOST_UNITS, n=count[-1]))
    if count[0] < rules["start_infantry"] or count[1] < rules["start_spaceships"]:
        raise DataError(_("components: units.*.count is below the starting units"))
    counters = _need(data, "counters", _("the file"), dict)
    mf = []
    for k in ("mine", "factory"):
        e = _need(counters, k, "[counters]", dict)
        _status(e, f"counters.{k}", status)
        mf.append(_nonneg(_need(e, "count", f"counters.{k}", int), f"counters.{k}", "count"))
    if mf[1] < rules["start_factories_on_earth"]:
        raise DataError(_("components: counters.factory.count is below the starting factories"))
    planets = _need(data, "planets", _("the file"), list)
    if len(planets) != len(CRISES):
        raise DataError(_("components: [[planets]] must list the 8 planets, not {n}").format(n=len(planets)))
    names, pos, vp, crisis = [], [], [], []
    for i, p in enumerate(planets):
        where = f"planets[{i}]"
        names.append(_need(p, "name", where, str))
        where = f"planets[{i}] ({names[-1]})"
        _status(p, where, status)
        pos.append(_need(p, "pos", where, int))
        v = _need(p, "vp", where, list)
        if not v or any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in v):
            raise DataError(_("components: {where} field 'vp' must be a list of whole numbers").format(where=where))
        vp.append(tuple(v))
        c = _need(p, "crisis", where, str)
        if c != CRISES[i]:
            raise DataError(_("components: {where} field 'crisis' must be {value!r} (the engine's planet order), "
                              "not {c!r}").format(where=where, value=CRISES[i], c=c))
        crisis.append(c)
    chart_t = _need(data, "tiles_per_planet", _("the file"), dict)
    _status(chart_t, "tiles_per_planet", status)
    chart = {}
    for n in range(2, 6):
        row = _need(chart_t, str(n), "[tiles_per_planet]", list)
        if len(row) != len(CRISES) or any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in row):
            raise DataError(_("components: tiles_per_planet field '{n}' must list 8 whole numbers").format(n=n))
        chart[n] = tuple(row)
    tiles = _need(data, "tiles", _("the file"), list)
    tk, td, ts = [], [], []
    for i, t in enumerate(tiles):
        where = f"tiles[{i}]"
        kind = _need(t, "kind", where, str)
        if kind not in TILE_KINDS[:7]:
            raise DataError(_("components: {where} field 'kind' must be one of {names}, not {kind!r}").format(
                where=where, names=', '.join(TILE_KINDS[:7]), kind=kind))
        _status(t, f"{where} ({kind})", status)
        n = _nonneg(_need(t, "count", where, int), where, "count")
        d = 0
        if kind in ("mine", "crisis"):
            d = _nonneg(_need(t, "defence", where, int), where, "defence")
        sk = bool(t.get("skull", False))
        if "skull" in t and not isinstance(t["skull"], bool):
            raise DataError(_("components: {where} field 'skull' must be true or false").format(where=where))
        if sk and kind != "crisis":
            raise DataError(_("components: {where}: only crisis tiles carry a skull mark").format(where=where))
        tk.extend([TK[kind]] * n)
        td.extend([d] * n)
        ts.extend([sk] * n)
    al = _need(data, "aliens", _("the file"), dict)
    _status(al, "aliens", status)
    n_al = _nonneg(_need(al, "count", "aliens", int), "aliens", "count")
    tk.extend([TK["alien"]] * n_al)
    td.extend([rules["alien_defence"]] * n_al)
    ts.extend([False] * n_al)
    etype = [""] * len(EFFECTS)

    def cards(section: str) -> list:
        out = []
        for i, c in enumerate(_need(data, section, _("the file"), list)):
            where = f"{section}[{i}]"
            eff = _need(c, "effect", where, str)
            if eff not in EFFECT_ID:
                raise DataError(_("components: {where} field 'effect' names an unknown effect {eff!r}").format(
                    where=where, eff=eff))
            where = f"{section}[{i}] ({eff})"
            _status(c, where, status)
            typ = _need(c, "type", where, str)
            if typ not in CARD_TYPES:
                raise DataError(_("components: {where} field 'type' must be one of {names}, not {typ!r}").format(
                    where=where, names=', '.join(CARD_TYPES), typ=typ))
            if typ not in EFFECT_TYPES[eff]:
                raise DataError(_("components: {where} field 'type' is {typ!r}, but the engine can play this card "
                                  "only as {names}").format(where=where, typ=typ, names=' or '.join(EFFECT_TYPES[eff])))
            e = EFFECT_ID[eff]
            if etype[e] and etype[e] != typ:
                raise DataError(_("components: {where} field 'type' is {typ!r} but another entry gives "
                                  "{value!r}").format(where=where, typ=typ, value=etype[e]))
            etype[e] = typ
            out += [e] * _nonneg(_need(c, "copies", where, int), where, "copies")
        return out

    deck = cards("cards")
    pcards = cards("player_cards")
    if not pcards:
        raise DataError(_("components: [[player_cards]] must give each empire at least one card"))
    cefx = tuple(deck) + tuple(pcards) * 5
    # the state keeps card and tile ids and piece counts in bytes (see state.py)
    if len(cefx) > 256 or len(tk) > 256:
        raise DataError(_("components: at most 256 cards (with 5 empires' player cards) and 256 tiles, not "
                          "{cards} cards and {tiles} tiles").format(cards=len(cefx), tiles=len(tk)))
    if max(*count, mf[0], mf[1]) > 255:
        raise DataError(_("components: at most 255 pieces of a kind per empire"))
    sig = tuple(k * 1000 + d * 2 + int(sk) for k, d, sk in zip(tk, td, ts))
    return Components(source, rules, tuple(cp), tuple(cost), tuple(count), mf[0], mf[1], tuple(names),
                      tuple(pos), tuple(vp), tuple(crisis), chart, tuple(tk), tuple(td), tuple(ts), n_al,
                      tuple(deck), tuple(pcards), tuple(etype), status, cefx, sig)


_CACHE: dict = {}


def components_from_text(text: str, label: str = "the variant") -> Components:
    """Validate a components file given by its TOML content (a variant sent to the server)."""
    import hashlib
    key = "toml:" + hashlib.sha256(text.encode("utf-8")).hexdigest()
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(_("components: {label} is not valid TOML: {exc}").format(label=label, exc=exc)) from None
    comp = parse_components(data, key)
    texts = [k for k in _CACHE if k.startswith("toml:")]
    if len(texts) >= 16:  # variants sent to a server: keep the latest few
        del _CACHE[texts[0]]
    _CACHE[key] = comp
    return comp


def load_components(path: Any = None) -> Components:
    """Load and validate a components file (the packaged one when ``path`` is None); ``path``
    may also be the file's content, ``{"toml": text, "name": label}``."""
    if isinstance(path, dict):
        return components_from_text(path["toml"], repr(path.get("name") or "the variant"))
    key = str(path) if path else ""
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    p = Path(path) if path else DEFAULT_PATH
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise DataError(_("components: cannot read {p}: {reason}").format(p=p, reason=os_reason(exc))) from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise DataError(_("components: {p} is not valid TOML: {exc}").format(p=p, exc=exc)) from None
    comp = parse_components(data, key)
    _CACHE[key] = comp
    return comp
