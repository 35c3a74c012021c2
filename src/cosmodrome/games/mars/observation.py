# cython: annotation_typing=False
"""The declared observation of March on Mars (see :mod:`cosmodrome.core.observation`).

Built from the component data (ring layout, Martian cards, aliens, dice, upgrades, rounds,
base attacks, special-training abilities, the equipment deck) and the view
(:mod:`cosmodrome.games.mars.view`); names and texts that follow from an index, and what the
printed ring cards fix, are skipped with their reason.
docs/observations/mars.md is generated from it.

>>> layout(3).names()[:2]
['base_hits', 'defenders length']
"""

from __future__ import annotations

from functools import cache
from typing import Any, Mapping, Optional

from cosmodrome.core.observation import (
    FIXED,
    Bag,
    Flag,
    Layout,
    List,
    Num,
    Obj,
    OneHot,
    Opt,
    PerSeat,
    SeatHot,
    Skip,
    StateEncoder,
    Tup,
    components_option,
    derived,
)
from cosmodrome.games.lunar.dice import NUM_DICE
from cosmodrome.games.mars.components import load_components
from cosmodrome.games.mars.state import OVER, PHASE_KIND
from cosmodrome.games.mars.text import ALIEN_NAMES, THREATS, UPGRADE_NAMES
from cosmodrome.games.mars.view import (
    defenders_view,
    equipment_view,
    incoming_view,
    marines_view,
    pool_view,
    result_text,
    turn_view,
    zones_view,
)

VERSION = 2
#: aliens of one colour in one box (or one incoming box) above which the count reads 1
BOX_CAP = 16
SIDES = ("left", "right")



@cache
def _layout(players: int, components: str) -> Layout:
    comp = load_components(components) if components else load_components()  # the same object as the game's
    lay = comp.layout
    cols = lay["lz_columns"] + 2 * (lay["cards_per_side"] * lay["card_columns"] + 1)
    levels = lay["levels"]
    zones = 1 + 2 * (lay["cards_per_side"] + 1)
    aliens = sum(v for k, v in comp.aliens.items() if k != "defenders")
    box = Obj(maybe=("hidden_equipment",), col=Num(cols - 1), level=Num(levels - 1), aliens=Bag(ALIEN_NAMES, BOX_CAP),
              circle=Flag(), hidden_equipment=Flag())
    abilities = [a.name for a in comp.abilities]
    gear = sorted({e.name for e in comp.equipment})
    copies = max(sum(1 for e in comp.equipment if e.name == g) for g in gear)
    ability = Obj(name=OneHot(abilities), text=derived("the name"))
    zone = Obj(zone=OneHot(range(zones)), name=derived("the zone"), first=Num(cols - 1),
               width=Num(max(lay["card_columns"], lay["lz_columns"])),
               boxes=List(max(lay["card_columns"], lay["lz_columns"]) * levels, box))
    marine = Obj(seat=Skip("the slot's index"), name=FIXED, col=Num(cols - 1), level=Num(levels - 1),
                 crashed=Flag(), acted=Flag(), kills=Num(aliens), side=OneHot(SIDES), out=Flag(),
                 training=Opt(ability), training_card=Tup(2, ability),
                 equipment=Bag(gear, copies, key="name"), tired=Flag(), orbital_spent=Flag())
    die = Obj(die=OneHot(range(NUM_DICE)), colour=derived("the die"), action=OneHot(range(-1, comp.dice["actions"])),
              face=OneHot(range(5)), text=derived("the face"))
    turn = Obj(marine=SeatHot(players), dice_n=Num(6), action=OneHot(range(-1, comp.dice["actions"])),
               dice=List(NUM_DICE, die),
               injected=Flag(), precog=Flag(), rail_gun=Flag(), extra_hits=Num(6),
               foreseen=List(NUM_DICE, Obj(die=OneHot(range(NUM_DICE)), face=OneHot(range(5)),
                                           text=derived("the face"))))
    root = Obj(
        game=FIXED, seat=Opt(SeatHot(players)), rounds=FIXED, base_attacks=FIXED,
        threat=OneHot(THREATS), half_board=Flag(),
        phase=OneHot(PHASE_KIND.values()), round=Num(comp.rounds + 1, 1), base_hits=Num(comp.base_attacks),
        ring=Obj(columns=derived("the ring's cards (their printed columns)"),
                 zones_of_columns=derived("the ring's cards"),
                 cards=List(2 * lay["cards_per_side"], OneHot([c.name for c in comp.cards]))),
        zones=List(zones, zone),
        defenders=List(2, Obj(side=OneHot(SIDES), alive=Flag())),
        incoming=Obj(maybe=SIDES, left=Bag(ALIEN_NAMES, BOX_CAP), right=Bag(ALIEN_NAMES, BOX_CAP)),
        upgrades=Tup(2, Opt(OneHot(UPGRADE_NAMES)), names=SIDES),
        white_die=Opt(Num(6, 1)),
        marines=PerSeat(players, marine), turn=Opt(turn),
        pool=Obj(bag=Num(aliens), dead=Num(aliens), gone=Num(aliens)),
        equipment=Obj(deck=Num(len(comp.equipment)), discard=Bag(gear, copies), in_play=Flag()),
        result=Opt(OneHot(("victory: the MMM is destroyed", "defeat: out of time", "defeat: the base is destroyed",
                            "defeat: no marine is left"))),
        help=Skip("the table's tooltips: words for people, the same in every position"),
    )
    return Layout("mars", VERSION, root, players, from_state=lambda lay: _state_encoder(lay, comp))


def layout(players: int, options: Optional[Mapping[str, Any]] = None) -> Layout:
    """The observation layout for ``players`` seats (options: the ``components`` variant file)."""
    return _layout(players, components_option(options))


def _state_encoder(lay: Layout, comp) -> StateEncoder:
    """The fast path: the same vector as the view's, as one group of parts keyed on the
    state's arrays (where every alien counter lies, the equipment cards, the marines, the
    turn's dice), each built with the view's own helpers only when its key changed (see
    :class:`~cosmodrome.core.observation.Observer`)."""

    def key(s, seat):
        places, over, threat = tuple(s.alien_place), s.phase == OVER, s.options.get("threat", THREATS[1])
        return (seat, PHASE_KIND[s.phase], s.round, s.base_hits, threat, len(s.sides) == 1,
                tuple(s.cards), (places, tuple(s.cards), s.hidden_taken, threat), places, places, tuple(s.upgrades),
                s.white_die or None,
                (tuple(s.column), tuple(s.level), tuple(s.crashed), tuple(s.acted), tuple(s.kills), tuple(s.out),
                 tuple(s.training), tuple(s.training_card), tuple(s.equipment_place), tuple(s.tired),
                 tuple(s.orbital_spent), tuple(s.cards)),
                None if over else (s.acting, s.dice_count, s.slot, s.injected, s.precog, s.rail_gun, s.extra_hits,
                                   tuple(s.foreseen), tuple(s.die_action), tuple(s.faces)),
                places, (tuple(s.equipment_place), s.equipment_in_play), result_text(s) if over else None)

    return StateEncoder([lay.group(
        ("seat",), ("phase",), ("round",), ("base_hits",), ("threat",), ("half_board",),
        (("ring",), lambda s, seat, k: {"cards": [comp.cards[c].name for c in k]}),
        (("zones",), lambda s, seat, k: zones_view(s)),
        (("defenders",), lambda s, seat, k: defenders_view(s)), (("incoming",), lambda s, seat, k: incoming_view(s)),
        (("upgrades",), lambda s, seat, k: [UPGRADE_NAMES[u] if u >= 0 else None for u in k]),
        ("white_die",), (("marines",), lambda s, seat, k: marines_view(s)),
        (("turn",), lambda s, seat, k: turn_view(s)),
        (("pool",), lambda s, seat, k: pool_view(s)), (("equipment",), lambda s, seat, k: equipment_view(s)),
        ("result",), key=key)], accepts=lambda s: s.comp is comp)
