# cython: annotation_typing=False
"""The declared observation of Walking on the Moon (see :mod:`cosmodrome.core.observation`).

Built from the component data (lunar cards, dice faces, supply, special box tokens, action
cards, the lap's layout) and the view (:mod:`cosmodrome.games.moon.view`); names and texts that
follow from an index, and what the printed lap cards fix, are skipped with their reason.
docs/observations/moon.md is generated from it.

>>> lay = layout(2, {})
>>> lay.version, lay.size
(2, 586)
"""

from __future__ import annotations

from functools import cache
from typing import Any, Mapping, Optional

from cosmodrome.core.observation import (
    FIXED,
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
from cosmodrome.games.moon.components import JUMP_SLOTS, load_components
from cosmodrome.games.moon.scoring import board_points, scores
from cosmodrome.games.moon.state import CARD, OVER, PHASE_KIND, REFRESH, astronauts_for
from cosmodrome.games.moon.view import cards_view, lap_view

VERSION = 2
#: rounds after which the round counter reads 1 (a race this long has never been seen)
MAX_ROUND = 100



@cache
def _layout(players: int, components: str) -> Layout:
    comp = load_components(components) if components else load_components()  # the same object as the game's
    n = astronauts_for(players)
    astros = list(range(n))
    lay = comp.layout
    cols = lay["cards"] * lay["card_columns"] + 6   # the start, the cards, the goal (a bound)
    levels = lay["levels"] - 1
    sup = comp.supply
    effects = [a.effect for a in comp.actions]
    action = Obj(effect=OneHot(effects), title=derived("the effect"), text=derived("the effect"),
                 timing=derived("the effect"), timing_text=derived("the effect"), red=derived("the effect"))
    astronaut = Obj(
        id=Skip("the slot's index"), name=FIXED, letter=FIXED, colour=FIXED,
        seat=SeatHot(players), seat_name=derived("the seat"),
        col=Num(cols), level=Num(levels), stack=Num(n - 1, unit="place in a shared box"),
        place=derived("col and level (a text)"), down=Flag(), finished=Num(n, unit="arrival order, 0 = not yet"),
        sputniks=Num(sup["sputnik"]), ec=Num(sup["ec"]), handicap=Num(sup["handicap"]),
        race_position=OneHot(range(1, n + 1)), board_points=Num(comp.goal_points[0] + max(comp.last_card_points)),
        free_reroll=Flag())
    die = Obj(die=OneHot(range(6)), colour=derived("the die"),
              jump=Num(3, lo=-1, unit="the jump it is programmed to, -1 none"), face=OneHot(range(5)),
              text=derived("the die and its face"))
    turn = Obj(astronaut=OneHot(astros), name=derived("the astronaut"), mover=OneHot(astros), out_of_turn=Flag(),
               dice_n=Num(6), jump=Num(JUMP_SLOTS), free_die=OneHot(range(-1, 6)), free_rerolls=Num(6),
               dice=List(6, die))
    cards = Obj(deck=Num(len(comp.action_deck)), discard=List(len(comp.action_deck), action),
                hands=PerSeat(players, Obj(seat=Skip("the slot's index"), holds=Flag(), card=Opt(action))),
                asked=Opt(SeatHot(players)))
    lap = Obj(cards=Tup(lay["cards"], Obj(index=OneHot(range(len(comp.cards))), name=derived("the index"),
                                          red=derived("the index"))),
              columns=derived("the lap's cards (their printed columns)"),
              sputniks=List(cols, Tup(2, Num(cols), names=("col", "level"))),
              boxes=Tup(lay["special_boxes"], Num(cols)), goal=Num(cols),
              tokens=Tup(lay["special_boxes"], Obj(col=derived("the box"), effect=Opt(OneHot(sorted(set(comp.tokens)))),
                                                   text=derived("the effect"))),
              last_card_points=FIXED)
    root = Obj(
        game=FIXED, seat=Opt(SeatHot(players)), round=Num(MAX_ROUND, 1),
        phase=OneHot(PHASE_KIND.values()), lap=lap, astronauts=Tup(n, astronaut),
        order=Tup(n, OneHot(astros)), turn_index=Num(n), turn=Opt(turn),
        cards=Opt(cards),
        supply=Obj(sputnik=Num(sup["sputnik"]), ec=Num(sup["ec"]), handicap=Num(sup["handicap"])),
        scores=Opt(PerSeat(players, Num(2 * n * (comp.goal_points[0] + max(comp.last_card_points)
                                                 + comp.sputnik_points * 2)))),
        winners=Opt(List(players, SeatHot(players))),
        help=Skip("the table's tooltips: words for people, the same in every position"),
    )
    return Layout("moon", VERSION, root, players, from_state=lambda lay: _state_encoder(lay, comp))


def layout(players: int, options: Optional[Mapping[str, Any]] = None) -> Layout:
    """The observation layout for ``players`` seats (options: the ``components`` variant file)."""
    return _layout(players, components_option(options))


def _state_encoder(lay: Layout, comp) -> StateEncoder:
    """The fast path: the same vector as the view's, as one group of parts keyed on the
    state's arrays (the lap, the astronauts, the turn, the action cards and the counters),
    each built with the view's own helpers only when its key changed (see
    :class:`~cosmodrome.core.observation.Observer`)."""

    def key(s, seat):
        over = s.phase == OVER
        return (seat, s.round, PHASE_KIND[s.phase], tuple(s.order), s.turn_index,
                (s.sputnik_supply, s.ec_supply, s.handicap_supply),
                tuple(int(x) for x in scores(s)) if over else None, tuple(s.winning_seats) if over else None,
                (tuple(s.cards), s.icons, tuple(s.boxes), s.goal, tuple(s.tokens)),
                (tuple(s.column), tuple(s.level), tuple(s.stamp), tuple(s.crashed), tuple(s.finish_place),
                 tuple(s.sputniks), tuple(s.ec_counters), tuple(s.handicaps), tuple(s.free_reroll_token), s.goal),
                None if over else (s.acting, s.mover, not s.own_move(), s.dice_count, s.jump, s.free_die,
                                   s.free_rerolls_left, tuple(s.die_action), tuple(s.faces)),
                (seat, s.advanced, len(s.deck), tuple(s.discard), tuple(s.hand),
                 s.asks[0] if s.phase in (CARD, REFRESH) else None))

    return StateEncoder([lay.group(
        ("seat",), ("round",), ("phase",), ("order",), ("turn_index",),
        (("supply",), lambda s, seat, k: {"sputnik": k[0], "ec": k[1], "handicap": k[2]}),
        ("scores",), ("winners",),
        (("lap",), lambda s, seat, k: lap_view(s)), (("astronauts",), _astronauts),
        (("turn",), _turn), (("cards",), lambda s, seat, k: cards_view(s, seat)),
        key=key)], accepts=lambda s: s.comp is comp)


def _turn(s, seat, k):
    """The turn's encoded keys (the view's ``turn_view`` without its names and texts)."""
    if k is None:
        return None
    acting, mover, out, dice_count, jump, free_die, rerolls_left, die_action, faces = k
    return {"astronaut": acting, "mover": mover, "out_of_turn": out, "dice_n": dice_count, "jump": jump,
            "free_die": free_die, "free_rerolls": rerolls_left,
            "dice": [{"die": d, "jump": die_action[d], "face": faces[d]} for d in range(6)
                     if die_action[d] >= 0 or d == free_die]}


def _astronauts(s, seat, k):
    """The astronauts' encoded keys (the view's ``astronauts_view`` without names and texts)."""
    column, level, stamp, crashed, finish_place, sputniks, ec_counters, handicaps, reroll_token, _ = k
    order = s.race_order()
    n = len(column)
    return [{"seat": s.owner(a), "col": column[a], "level": level[a],
             "stack": sum(1 for b in range(n)
                          if column[b] == column[a] and level[b] == level[a] and stamp[b] < stamp[a]),
             "down": bool(crashed[a]), "finished": finish_place[a], "sputniks": sputniks[a], "ec": ec_counters[a],
             "handicap": handicaps[a],
             "race_position": order.index(a) + 1, "board_points": board_points(s, a),
             "free_reroll": bool(reroll_token[a])}
            for a in range(n)]
