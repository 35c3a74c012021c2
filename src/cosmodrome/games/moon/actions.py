"""The action space (see :mod:`.state`): which actions are legal in each phase and which
rule each one runs (RB: "How do I reach the goal?", "How do I jump?" and the advanced rules).

>>> from cosmodrome.games.moon import GAME
>>> s = GAME.new_state(3, seed=1)
>>> s.decision_kind(), legal(s)[:3]
('program', [2, 8, 14])
"""

from __future__ import annotations

from typing import Any

from cosmodrome.games.lunar.dice import DIE_COLOUR, NUM_DICE
from cosmodrome.games.moon.cards import answer, card_options, fits, refresh
from cosmodrome.games.moon.jumps import exchange, go_on, move, pick_options, proceed, reroll
from cosmodrome.games.moon.robbery import rob, rob_options
from cosmodrome.games.moon.special import advance, buy, buy_options, free_die_options, free_jump, token_jump_options
from cosmodrome.games.moon.state import (
    A_COUNT,
    A_DONE,
    A_NEW,
    A_PICK,
    A_PLAY,
    A_PROGRAM,
    A_REMOVE,
    A_REROLL,
    A_YES,
    ADVANCE,
    BUY,
    CARD,
    EXTRA,
    FREE_DIE,
    GO_ON,
    PICK,
    PROGRAM,
    REFRESH,
    ROB,
    SWAP_EC,
    SWAP_SPK,
    MoonState,
)
from cosmodrome.games.moon.text import label
from cosmodrome.games.moon.turn import extra_die, program, program_options

#: the second die of each colour (the dice lie in colour order, two of each: lunar.dice.DIE_COLOUR),
#: the dice No instructions may take away (RB: Action cards)
SECOND_DICE = tuple(d for d in range(1, NUM_DICE) if DIE_COLOUR[d] == DIE_COLOUR[d - 1])


def legal(s: MoonState) -> list[int]:
    p = s.phase
    if p == PROGRAM:                         # the frequent decisions first
        return program_options(s)
    if p == PICK:
        return pick_options(s)
    if p == EXTRA or p == GO_ON or p == ADVANCE:
        return [A_DONE, A_YES]
    if p == SWAP_SPK:
        return [A_COUNT + n for n in range(s.sputniks[s.mover] + s.sputniks[s.partner] + 1)]
    if p == SWAP_EC:
        return [A_COUNT + n for n in range(s.ec_counters[s.mover] + s.ec_counters[s.partner] + 1)]
    if p == ROB:
        return rob_options(s)
    if p == BUY:
        return buy_options(s)
    if p == FREE_DIE:
        return token_jump_options(s)
    if p == REFRESH:
        return [A_DONE, A_NEW]
    if p == CARD:
        if not fits(s):                      # asked like every seat that may hold a card fitting the moment
            return [A_DONE]
        name = s.comp.actions[s.hand[s.asks[0]]].effect
        if name == "no-instructions":        # the second die of a colour
            return [A_DONE] + [A_REMOVE + d for d in SECOND_DICE]
        if name == "extra-jump":             # one die of each colour, as a special box's free jump
            return [A_DONE] + free_die_options(s)
        return [A_DONE] + (card_options(s) or [A_PLAY])
    return []


def perform(s: MoonState, action: int) -> None:
    p = s.phase
    if p == PROGRAM:                         # the frequent decisions first
        program(s, action)
    elif p == PICK:
        if action >= A_REROLL:
            reroll(s, action - A_REROLL)
        else:
            move(s, action)
    elif p == GO_ON:
        go_on(s, action == A_YES)
    elif p == EXTRA:
        extra_die(s, action == A_YES)
    elif p in (SWAP_SPK, SWAP_EC):
        exchange(s, action - A_COUNT)
    elif p == ROB:
        if not rob(s, action):
            proceed(s)
    elif p == BUY:
        buy(s, action - A_COUNT)
    elif p == FREE_DIE:
        free_jump(s, action)
    elif p == ADVANCE:
        advance(s, action == A_YES)
    elif p == REFRESH:
        refresh(s, action == A_NEW)
    elif p == CARD:
        answer(s, action, action != A_DONE)


def to_json(s: MoonState, action: int) -> dict[str, Any]:
    return {"action": action, **label(s, action)}


__all__ = ["A_PICK", "A_PROGRAM", "legal", "perform", "to_json"]
