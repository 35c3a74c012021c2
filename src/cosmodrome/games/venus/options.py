"""What each option of a decision points at: the details a client highlights and a bot
reads without parsing labels (the labels themselves are in :mod:`.text`), and the action's
JSON form that joins the two (the hook ``action_json``).
"""

from __future__ import annotations

from cosmodrome.games.venus.combat import casualty_pool, cost, points
from cosmodrome.games.venus.components import EFFECTS, MAX_COMBAT_DICE, TILE_KINDS
from cosmodrome.games.venus.flow import (
    A_BLD,
    A_BUILD,
    A_CARD,
    A_CLAIM,
    A_COUNT,
    A_DIE,
    A_DONE,
    A_MOVE,
    A_ORBIT,
    A_PASS,
    A_PLANET,
    A_REROLL,
    A_SEAT,
    A_SURFACE,
    A_TILE,
    A_UNIT,
    A_UNITAT,
    A_YES,
    DECIDE,
    EARTH,
    N_PLANETS,
    NO_FRAME,
    NUM_ACTIONS,
    TANK,
    VENUS,
    Frame,
    decode_building,
    decode_reroll,
    decode_unit_at,
)
from cosmodrome.games.venus.state import EMPIRES
from cosmodrome.games.venus.text import BLD_LABELS, UNIT_LABELS, label, source_card_titles

VERBS = {A_MOVE: "move", A_CLAIM: "claim", A_BUILD: "build", A_PASS: "pass"}


def _unit_place(s, f: Frame, kind: str) -> tuple:
    """(planet index, where the unit comes from) of a unit-type option (ids 8..10)."""
    cb = s.combat
    if kind == "combat":
        return cb.planet, "orbit"
    if kind == "sacrifice":
        return cb.planet, "surface"
    if kind == "claim_unit":
        return f.planet, "orbit"
    if kind == "casualty":
        pl = f.planet
        arr = casualty_pool(s, f.seat, pl)
        return pl, "surface" if arr is s.surface else "orbit"
    if kind == "uprising":
        return VENUS, "surface first"
    if kind == "damage":
        return EARTH, "surface first"
    if kind == "return_unit":
        return EARTH, "stock"
    return -1, ""


#: the decisions whose frame names, in its field ``owner``, the seat whose pieces their
#: options are: Bazagthoth's victim, the tension tile's target, the seat losing a unit. The
#: seat asked owns them otherwise, as on the frames of these kinds without that field
#: (Bazagthoth's and the tension tile's first questions, which offer seats, not pieces).
_OWNER_KINDS = frozenset(("bazagthoth", "tension_target", "kill_unit"))


def _owner(f, kind: str) -> int:
    """The seat owning the building or unit an option of a ``kind`` decision names."""
    return getattr(f, "owner", f.seat) if kind in _OWNER_KINDS else f.seat


def action_json(s, a: int) -> dict:
    """The JSON form of option ``a`` of the current decision (``state.action_json``, the hook
    ``action_json``): its id, its ``label`` (:func:`.text.label`) and its details
    (:func:`action_details`)."""
    d = {"action": a, "label": label(s, a)}
    d.update(action_details(s, a))
    return d


def action_details(s, a: int) -> dict:
    """What an option of the current decision points at, for a client to highlight and for
    a bot to read without parsing labels. Every id range has its details:

    - 0 done / 1 yes: ``choice`` (and for a combat's done, ``outcome``: claim or fail);
    - 6 in orbit / 7 on the surface (which unit an elimination takes): ``from``, ``planet``,
      ``unit``, ``owner``;
    - 2..5: ``verb`` (move, claim, build, pass);
    - 8..10 a unit type: ``unit``, ``planet``, ``from`` (orbit / surface), ``owner``;
    - 12..19: ``planet``; 20..49: ``planet``, ``tile`` (slot), ``kind``, ``defence``, ``skull``;
    - 50..59: ``count`` and what is counted (``of``);
    - 60..99: ``card`` (effect), ``title``, ``type``, ``verb``;
    - 100..104: ``seat``, ``empire`` (choosing a tension target: ``target_planet``);
    - 105..120: ``planet``, ``building``, ``owner``; 121..144: ``planet``, ``unit``, ``owner``;
    - 145..147: ``die`` (index) and its ``face``;
    - 148..154: ``dice`` re-rolled (indices), their current ``faces``, and the dice ``kept``.
    """
    f = s.stack[-1] if s.stack else NO_FRAME
    kind = DECIDE[f.op].kind if f.op in DECIDE else ""
    names = s.comp.planet_names
    if a == A_DONE:
        d = {"choice": "done"}
        if kind == "combat":
            cb = s.combat
            ok = points(s) >= cost(s) and sum(cb.committed) >= 1
            d["outcome"] = "claim" if ok else "fail"
        return d
    if a == A_YES:
        return {"choice": "yes"}
    if a in (A_ORBIT, A_SURFACE) and kind == "kill_where":
        return {"from": "orbit" if a == A_ORBIT else "surface", "planet": names[f.planet], "unit": UNIT_LABELS[f.unit],
                "owner": f.owner}
    if a in VERBS:
        return {"verb": VERBS[a]}
    if A_PLANET <= a < A_TILE:
        return {"planet": names[a - A_PLANET]}
    if A_TILE <= a < A_COUNT:
        pl = getattr(f, "planet", -1)
        if 0 <= pl < N_PLANETS and a - A_TILE < len(s.planet_tiles[pl]):
            c = s.comp
            t = s.planet_tiles[pl][a - A_TILE]
            k = TILE_KINDS[c.tile_kind[t]]
            return {"planet": names[pl], "tile": a - A_TILE, "kind": k,
                    "defence": c.tile_def[t] if k in ("mine", "crisis", "alien") else None,
                    "skull": bool(c.tile_skull[t])}
        return {"tile": a - A_TILE}
    if A_CARD <= a < A_CARD + len(EFFECTS):
        e = a - A_CARD
        verb = {"hand_limit": "discard", "cycle": "discard", "draw4": "discard", "look_take": "take",
                "look_give": "give"}.get(kind, "play")
        return {"card": EFFECTS[e], "title": source_card_titles(s.comp)[EFFECTS[e]], "type": s.comp.effect_type[e],
                "verb": verb}
    if A_SEAT <= a < A_BLD:
        d = {"seat": a - A_SEAT, "empire": EMPIRES[a - A_SEAT]}
        if kind == "tension_target":   # a tension_seat or tension_kind frame
            d["target_planet"] = names[f.planet]     # the planet of the tension tile
        return d
    if A_BLD <= a < A_UNITAT:
        pl, k = decode_building(a)
        return {"planet": names[pl], "building": BLD_LABELS[k], "owner": _owner(f, kind)}
    if A_UNITAT <= a < A_DIE:
        pl, t = decode_unit_at(a)
        return {"planet": names[pl], "unit": UNIT_LABELS[t], "owner": _owner(f, kind)}
    if A_UNIT <= a <= A_UNIT + TANK:
        d = {"unit": UNIT_LABELS[a - A_UNIT], "owner": f.seat}
        pl, where = _unit_place(s, f, kind)
        if pl >= 0:
            d["planet"] = names[pl]
            d["from"] = where
        return d
    if A_DIE <= a < A_REROLL:
        return {"die": a - A_DIE, "face": s.combat.dice[a - A_DIE]}
    if A_COUNT <= a < A_CARD:
        d = {"count": a - A_COUNT}
        what = {"move_ships": "spaceship", "move_infantry": "infantry", "move_tanks": "tank"}.get(kind)
        if what:
            d["of"] = what
        return d
    if A_REROLL <= a < NUM_ACTIONS:
        m = decode_reroll(a)
        dice = [i for i in range(MAX_COMBAT_DICE) if m & (1 << i)]
        kept = [i for i in range(s.comp.combat_dice) if i not in dice]
        return {"dice": dice, "faces": [s.combat.dice[i] for i in dice], "kept": kept}
    return {}
