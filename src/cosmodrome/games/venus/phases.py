"""RB: Playing the game – ``rules.periods`` periods of six phases each.

The phases, in order: the pass cubes go out (one), tiles come from the bag (two), the
players act (three), crises are resolved (four, :mod:`.crises`), income is paid (five) and
military units are made active again (six).
"""

from __future__ import annotations

from cosmodrome.games.venus.cards import may_hold
from cosmodrome.games.venus.components import EFFECT_ID
from cosmodrome.games.venus.flow import (
    A_DONE,
    A_YES,
    ACTIONS,
    CRISIS_START,
    D_PASS_EXTRA,
    FREE_ACTIONS,
    GANYMEDE,
    INCOME,
    N_PLANETS,
    O_ACTIONS,
    O_INCOME,
    O_PASS_REACT,
    O_PERIOD,
    O_TURN,
    PASS_EXTRA,
    PASS_REACT,
    PERIOD,
    PHASE_ACTIONS,
    PHASE_INCOME,
    PHASE_PASS_CUBES,
    PHASE_RESET,
    PHASE_TILES,
    T_CRISIS,
    TURN,
    TURN_MENU,
    Actions,
    Income,
    PassExtra,
    PassReact,
    Period,
    Turn,
    auto,
    decide,
    income,
)
from cosmodrome.games.venus.scoring import finish
from cosmodrome.games.venus.state import VenusState, has_alien
from cosmodrome.games.venus.text import income_text, says, tile_drawn, tile_w, tiles_text, who
from cosmodrome.i18n import N_, _


@auto(O_PERIOD)
def start_period(s: VenusState, f: Period) -> None:
    """Begin a period: phases one and two, then the player actions."""
    s.stack.pop()
    s.period += 1
    s.say("period", says("Period {n} begins.", n=s.period), {"period": s.period})
    phase_one_place_pass_cubes(s)
    phase_two_draw_and_place_tiles(s)
    s.phase = PHASE_ACTIONS
    s.next_seat = s.first_seat
    s.stack.append(ACTIONS[-1])


def phase_one_place_pass_cubes(s: VenusState) -> None:
    """RB: Phase one – place pass cubes: the players plus ``rules.extra_pass_cubes``."""
    s.phase = PHASE_PASS_CUBES
    s.cubes = s.num_players + s.comp.rules["extra_pass_cubes"]
    s.say("cubes", says("{n} pass cubes are placed on the pass card.", n=s.cubes), {"cubes": s.cubes})


def phase_two_draw_and_place_tiles(s: VenusState) -> None:
    """RB: Phase two – tiles come from the bag as the chart says; tiles already out stay;
    Ganymede never receives a crisis tile (it is discarded, not replaced); planets that were
    flipped or are occupied by an alien get nothing. The bag is never refilled."""
    s.phase = PHASE_TILES
    chart = s.comp.chart[s.num_players]
    tk = s.comp.tile_kind
    for pl in range(N_PLANETS):
        if s.flipped[pl] or has_alien(s, pl):
            continue
        placed = []
        for _i in range(chart[pl]):
            if not s.bag:
                break
            t = s.rng.draw(s.bag, ("the tile drawn for {}".format, (s.comp.planet_names[pl],)),
                           (tile_drawn, (s.comp, pl)),
                           kind=s.comp.tile_sig)
            if pl == GANYMEDE and tk[t] == T_CRISIS:
                s.tile_discard += (t,)
                s.say("tile",
                      says("Ganymede takes no crisis tiles: {tile} goes to the discards.", tile=tile_w(s.comp, t)),
                      {"planet": pl, "tile": t}, chance=True)
                continue
            s.planet_tiles[pl] += (t,)
            placed.append(t)
        if placed:
            s.say("tiles", (tiles_text, (s.comp, pl, placed)), {"planet": pl, "tiles": placed}, chance=True)


@auto(O_ACTIONS)
def phase_three_player_actions(s: VenusState, f: Actions) -> None:
    """RB: Phase three – one action per turn, clockwise from the first player, and the phase
    is over once the pass card has no cubes left."""
    if s.cubes > 0:
        p = s.next_seat
        s.next_seat = (p + 1) % s.num_players
        s.acting = p
        s.actions_left = 1
        s.extra_action = 0
        # the turn's menu at once (what the O_TURN step would push now: cubes are left and
        # the seat has its action), without an automatic frame in between
        s.stack.append(TURN_MENU[p])
        return
    s.stack.pop()
    s.stack.append(INCOME[-1])
    s.stack.append(CRISIS_START[-1])
    s.stack.append(PASS_REACT[-1][0])


@auto(O_TURN)
def turn(s: VenusState, f: Turn) -> None:
    """Offer the seat its action menu while the phase runs and it has actions left, or, once
    they are used up, its free-action cards and "end the turn" (RB: Detailed explanation of
    the cards – free actions at any point in your turn, also after your last action and with
    a card drawn this turn). The second is asked of every seat holding cards, whether one of
    them is a free action playable now or not, so that the question tells nobody what the
    hand holds (ruling 33)."""
    s.stack.pop()
    if s.cubes == 0 and not s.extra_action:
        return
    p = f.seat
    if s.actions_left > 0:
        s.stack.append(TURN_MENU[p])
    elif s.hands[p]:
        s.stack.append(FREE_ACTIONS[p])


@auto(O_PASS_REACT)
def pass_card_emptied(s: VenusState, f: PassReact) -> None:
    """RB: Detailed explanation of the cards – the extra-action card for an emptied pass card
    is offered in turn order, starting after the player who took the last cube, to every
    player who may hold one judged from public facts (ruling 32: holder or not)."""
    start = f.start
    e = EFFECT_ID["pass_empty_action"]
    n = s.num_players
    s.stack.pop()
    for k in range(start, n):
        p = (s.first_seat + 1 + k) % n
        if may_hold(s, p, e):
            s.stack.append(PASS_EXTRA[p][k])
            return


def _pass_extra_legal(s, f: PassExtra):
    p = f.seat
    return [A_DONE, A_YES] if s.has_effect(p, EFFECT_ID["pass_empty_action"]) else [A_DONE]


def _pass_extra_prompt(s, f: PassExtra):
    p = f.seat
    if not s.has_effect(p, EFFECT_ID["pass_empty_action"]):
        return _("The pass card is empty; you hold no card for one more action: go on.")
    return _("The pass card is empty: play your card to take one more action?")


@decide(D_PASS_EXTRA, "reaction", _pass_extra_legal, _pass_extra_prompt)
def play_pass_extra(s: VenusState, f: PassExtra, a: int) -> None:
    """RB: Detailed explanation of the cards – the holder may take a single extra action
    once the pass card has been emptied."""
    p, k = f.seat, f.start
    if a == A_YES:
        c = s.take_card(p, EFFECT_ID["pass_empty_action"])
        s.discard += (c,)
        s.say("card", says("{who} plays 'one more action' as the pass card is empty.", who=who(p)),
              {"seat": p, "card": c})
        s.stack.append(PASS_REACT[-1][k])
        s.acting = p
        s.actions_left = 1
        s.extra_action = 1
        s.stack.append(TURN[p])
    else:
        s.stack.append(PASS_REACT[-1][k + 1])


@auto(O_INCOME)
def phases_five_and_six(s: VenusState, f: Income) -> None:
    """RB: Phase five – collect income (``rules.mine_income`` a mine, ``rules.factory_income`` a
    factory); phase six – move every unit on a surface back into orbit; then the next period
    or the end of the game."""
    s.stack.pop()
    s.extra_action = 0
    phase_five_collect_income(s)
    phase_six_reset_units(s)
    if s.period >= s.comp.rules["periods"]:
        finish(s)
    else:
        s.stack.append(PERIOD[-1])


def phase_five_collect_income(s: VenusState) -> None:
    """RB: Phase five – collect income."""
    s.phase = PHASE_INCOME
    incomes = []
    for p in range(s.num_players):
        inc = income(s, p)
        if inc:
            s.gain(p, inc)
        incomes.append(inc)
    s.say("income", (income_text, (incomes,)))


def phase_six_reset_units(s: VenusState) -> None:
    """RB: Phase six – re-set military units: surface to orbit."""
    s.phase = PHASE_RESET
    o: bytearray = s.orbit
    su: bytearray = s.surface
    if any(su):
        for i, k in enumerate(su):
            if k:
                o[i] += k
        s.surface = bytearray(len(su))
    s.say("reset", N_("All units return to orbit."))
