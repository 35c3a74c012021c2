"""The declared observation of Onward to Venus (see :mod:`cosmodrome.core.observation`).

Built from the component data (planets, tiles and their kinds, cards and their effects, unit
and building counts, the rules' numbers) and the view (:mod:`cosmodrome.games.venus.view`);
names, texts and sums that follow from other entries are skipped with their reason.
docs/observations/venus.md is generated from it.

>>> lay = layout(2, {})
>>> lay.version, lay.size > 0
(1, True)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, Optional

from cosmodrome.core.observation import FIXED, Bag, Flag, Layout, List, Num, Obj, OneHot, Opt, Skip, Tup, components_option, derived
from cosmodrome.games.venus.components import EFFECTS, TILE_KINDS, load_components
from cosmodrome.games.venus.flow import DECIDE
from cosmodrome.games.venus.text import CARD_TEXT, TILE_LABELS
from cosmodrome.games.venus.view import STOCK_KEYS, UNITS

VERSION = 1
#: money above which the count reads 1 (never reached in random or bot games)
MONEY_CAP = 60
#: tiles on one planet (slots) the layout holds
PLANET_SLOTS = 16



@lru_cache(maxsize=None)
def _layout(players: int, components: str) -> Layout:
    c = load_components(components or None)
    r = c.rules
    seats = list(range(players))
    planets = list(c.planet_names)
    cards = len(c.cefx)
    tiles = len(c.tile_kind)
    units = max(c.unit_count) * players
    buildings = max(c.mine_count, c.factory_count)
    kinds = list(TILE_KINDS)
    per_kind = {k: sum(1 for t in c.tile_kind if TILE_KINDS[t] == k) for k in kinds}
    max_def = max(max(c.tile_def), r["alien_defence"])
    unit_n = Tup(3, Num(units), names=UNITS)
    tile = Obj(slot=Skip("the slot's index"), kind=OneHot(kinds), defence=Opt(Num(max_def)), skull=Flag(),
               label=derived("kind, defence and skull (the tile's name)"))
    planet = Obj(
        index=Skip("the slot's index"), name=FIXED, vp=FIXED, flipped=Flag(),
        alien=derived("the tiles"), crisis_level=derived("crisis_tiles and crisis_dice"),
        crisis_tiles=derived("the tiles"), crisis_dice=Num(PLANET_SLOTS), gunrunners=Num(players * 2),
        gunrunner_bonus=derived("gunrunners"), tiles=List(PLANET_SLOTS, tile),
        orbit=Tup(players, unit_n), surface=Tup(players, unit_n),
        buildings=Tup(players, Tup(2, Num(buildings), names=("mines", "factories"))),
        income=derived("the buildings"))
    info = Obj(seat=Skip("the slot's index"), empire=FIXED, colour=FIXED,
               money=Num(MONEY_CAP), hand_size=Num(cards),
               stock=Obj(**{k: Num(n) for k, n in zip(STOCK_KEYS, (*c.unit_count, c.mine_count, c.factory_count))}),
               income=derived("the buildings on the planets"),
               kept=Bag([TILE_LABELS[k] for k in kinds], tiles), kept_counts=derived("kept"),
               vp=derived("the table (scoring)"))
    card_titles = [CARD_TEXT[e][0] for e in EFFECTS]
    hand_card = Bag(EFFECTS, cards, key="effect")
    combat = Obj(
        seat=OneHot(seats), planet=derived("planet_index"), planet_index=OneHot(range(len(planets))),
        slot=Num(PLANET_SLOTS), tile=derived("kind, printed_defence and skull"), kind=OneHot(kinds),
        skull=Flag(), printed_defence=Opt(Num(max_def)), gunrunner_bonus=Num(2 * players * r["gunrunner_bonus"]),
        defence=Num(max_def + 2 * players * r["gunrunner_bonus"] + 8),
        target=Opt(Obj(seat=OneHot(seats), empire=derived("the seat"), building=OneHot(("mine", "factory")))),
        dice=Tup(3, Num(max(r["die_faces"]))), discarded=Opt(OneHot(range(3))), kept_dice=derived("dice and discarded"),
        cost=Num(3 * max(r["die_faces"]) + 8), committed=Obj(**{u: Num(units) for u in UNITS}),
        unit_cp=Obj(**{u: Num(4) for u in UNITS}), units_cp=derived("committed and unit_cp"),
        cards_cp=Num(4 * cards), cards=Bag(EFFECTS, cards, key="effect"), paid=Num(64), missing=derived("cost and paid"),
        needs_unit=derived("committed"), skulls=Num(3), skulls_ignored=Num(3))
    move = Obj(**{"from": OneHot(planets)}, ships=Num(units), infantry=Num(units), tanks=Num(units), allowance=Num(8))
    aliens = Obj(landed=Opt(Num(r["periods"])), landed_on=derived("landed (the outer planets)"),
                 on=Bag(planets, c.n_aliens), destroyed=Num(c.n_aliens), path=FIXED, advanced=Num(8),
                 next=Opt(Obj(period=Num(r["periods"] + 1), reaches_earth=Flag(),
                              moves=List(c.n_aliens, Obj(**{"from": OneHot(planets)}, to=OneHot(planets))))))
    kinds_decide = sorted({d.kind for d in DECIDE.values()} | {"over"})
    counts = Obj(maybe=kinds, **{k: Num(max(1, per_kind[k])) for k in kinds})
    root = Obj(
        game=FIXED, seat=Skip("the environment's seat"), players=FIXED, empires=FIXED,
        colours=FIXED, periods=FIXED, cubes_total=FIXED,
        period=Num(r["periods"], 1), phase=OneHot(range(7)), phase_name=derived("phase"),
        first=OneHot(seats), cubes=Num(players + r["extra_pass_cubes"]), to_move=Opt(OneHot(seats)),
        decision=Opt(Obj(seat=OneHot(seats), kind=OneHot(kinds_decide),
                         prompt=Skip("a text: follows from the decision and the table"),
                         options=Skip("the legal actions: the action mask gives them"))),
        planets=Tup(len(planets), planet, names=planets), players_info=Tup(players, info),
        hand=Opt(hand_card), deck_size=Num(cards), discard_size=Num(cards),
        discard_top=List(5, OneHot(card_titles)),
        bag_size=Num(tiles), bag_counts=counts, tile_discard_counts=counts,
        combat=Opt(combat), move=Opt(move), aliens=aliens,
        log=Skip("the history: the tensor is the table now (see the information state for recall)"),
        over=Flag(),
        result=Opt(Obj(end=Skip("a text naming how the game ended; over and winners carry the outcome"),
                       vp=Tup(players, Num(100)), winners=List(players, OneHot(seats)),
                       decided_by=Skip("the tie-break step that decided, a text"))),
        scoring=Skip("the end-of-game breakdown: follows from the table"),
    )
    return Layout("venus", VERSION, root, players)


def layout(players: int, options: Optional[Mapping[str, Any]] = None) -> Layout:
    """The observation layout for ``players`` seats (options: the ``components`` variant file)."""
    return _layout(players, components_option(options))
