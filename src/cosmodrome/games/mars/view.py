"""What a seat sees. Nothing of March on Mars is hidden but the order of the counters in
the bag and of the equipment deck (both drawn at random when needed) and the future dice: the
ring, the aliens, the incoming-wave boxes, the upgrades, the tracks, the marines with their
training and their equipment (a co-operative team plays with open hands: our ruling), the
discard and the dice in play are on the table, the same for every seat and for spectators."""

from __future__ import annotations

from typing import Any, Optional

from cosmodrome.games.lunar.dice import COLOUR_NAMES, DIE_COLOUR, NUM_DICE, face_text
from cosmodrome.games.mars.state import (
    BAG,
    DEAD,
    DECK,
    DISCARD,
    END_BASE,
    END_FALLEN,
    END_ROUNDS,
    GONE,
    OVER,
    PHASE_KIND,
    MarsState,
    training_ability,
)
from cosmodrome.games.mars.text import ALIEN_NAMES, THREATS, UPGRADE_NAMES, side_name, table_help, zone_name
from cosmodrome.games.mars.waves import incoming
from cosmodrome.i18n import N_, _


def _names(s: MarsState, aliens: list[int]) -> list[str]:
    return sorted((ALIEN_NAMES[s.colour(a)] for a in aliens), key=ALIEN_NAMES.index, reverse=True)


def _named(entry) -> dict[str, str]:
    return {"name": entry.name, "text": _(entry.text)}


def _box(s: MarsState, c: int, y: int, hidden) -> dict[str, Any]:
    b = {"col": c, "level": y, "aliens": _names(s, s.aliens_at(s.box(c, y))), "circle": s.circled(c, y)}
    if hidden == (c, y):
        b["hidden_equipment"] = True
    return b


def _marine(s: MarsState, m: int) -> dict[str, Any]:
    t = s.training[m]
    return {"seat": m, "name": s.game.seat_name(m, s.num_players), "col": s.column[m], "level": s.level[m],
            "crashed": bool(s.crashed[m]), "acted": bool(s.acted[m]), "kills": s.kills[m],
            "side": side_name(s.side_of(s.column[m])), "out": bool(s.out[m]),
            "training": _named(s.comp.abilities[t]) if t >= 0 else None,
            "training_card": [_named(s.comp.abilities[training_ability(s.training_card[m], k)]) for k in (0, 1)],
            "equipment": [_named(s.comp.equipment[c]) for c in s.hand(m)],
            "tired": bool(s.tired[m]), "orbital_spent": bool(s.orbital_spent[m])}


def zones_view(s: MarsState) -> list[dict[str, Any]]:
    """The ring's zones, each with its standing boxes and the aliens in them."""
    zones = []
    hidden = s.hidden_box() if not s.hidden_taken and s.options.get("threat") != "sergeant" else None
    for z in sorted(set(s.zone)):
        cols = s.zone_cols(z)
        boxes = [_box(s, c, y, hidden) for c in cols for y in range(s.levels) if s.standing(c, y)]
        zones.append({"zone": z, "name": zone_name(z), "first": cols.start, "width": len(cols), "boxes": boxes})
    return zones


def marines_view(s: MarsState) -> list[dict[str, Any]]:
    return [_marine(s, m) for m in range(s.num_players)]


def turn_view(s: MarsState) -> Optional[dict[str, Any]]:
    """The marine's turn: its dice, programmed and rolled, and the effects in force; None once over."""
    if s.phase == OVER:
        return None
    return {"marine": s.acting, "dice_n": s.dice_count, "action": s.slot, "injected": bool(s.injected),
            "precog": bool(s.precog), "rail_gun": bool(s.rail_gun), "extra_hits": s.extra_hits,
            "foreseen": [{"die": d, "face": s.foreseen[d], "text": face_text(s.foreseen[d])}
                         for d in range(NUM_DICE) if s.foreseen[d]],
            "dice": [{"die": d, "colour": COLOUR_NAMES[DIE_COLOUR[d]], "action": s.die_action[d], "face": s.faces[d],
                      "text": face_text(s.faces[d]) if s.faces[d] else "?"}
                     for d in range(NUM_DICE) if s.die_action[d] >= 0 or s.faces[d]]}


def defenders_view(s: MarsState) -> list[dict[str, Any]]:
    return [{"side": side_name(k), "alive": s.alien_place[d] >= 0} for k, d in enumerate(s.defenders()) if k in s.sides]


def incoming_view(s: MarsState) -> dict[str, list[str]]:
    return {side_name(k): _names(s, s.aliens_at(incoming(k))) for k in s.sides}


def pool_view(s: MarsState) -> dict[str, int]:
    return {"bag": len(s.aliens_at(BAG)), "dead": len(s.aliens_at(DEAD)), "gone": len(s.aliens_at(GONE))}


def equipment_view(s: MarsState) -> dict[str, Any]:
    return {"deck": sum(1 for w in s.equipment_place if w == DECK),
            "discard": [s.comp.equipment[c].name for c, w in enumerate(s.equipment_place) if w == DISCARD],
            "in_play": bool(s.equipment_in_play)}


def result_text(s: MarsState) -> Optional[str]:
    if s.phase != OVER:
        return None
    # English in the view (the observation encodes it: observation.py); written in the
    # reader's language where it is shown (text.render_text, the page)
    return N_("victory: the MMM is destroyed") if s.won else {END_ROUNDS: N_("defeat: out of time"),
                                                              END_BASE: N_("defeat: the base is destroyed"),
                                                              END_FALLEN: N_("defeat: no marine is left")}[s.end_cause]


def view(s: MarsState, seat: Optional[int]) -> dict[str, Any]:
    return {
        "game": "mars", "seat": seat, "phase": PHASE_KIND[s.phase], "round": s.round, "rounds": s.comp.rounds,
        "base_hits": s.base_hits, "base_attacks": s.comp.base_attacks,
        "threat": s.options.get("threat", THREATS[1]), "half_board": len(s.sides) == 1,
        "ring": {"columns": [list(c) for c in s.strip], "zones_of_columns": list(s.zone),
                 "cards": [s.comp.cards[c].name for c in s.cards]},
        "zones": zones_view(s),
        "defenders": defenders_view(s),
        "incoming": incoming_view(s),
        "upgrades": [UPGRADE_NAMES[u] if u >= 0 else None for u in s.upgrades],
        "white_die": s.white_die or None,
        "marines": marines_view(s), "turn": turn_view(s),
        "pool": pool_view(s),
        "equipment": equipment_view(s),
        "result": result_text(s),
        "help": table_help(s.comp),  # words for people (Game.presentation_keys): not observed
    }
