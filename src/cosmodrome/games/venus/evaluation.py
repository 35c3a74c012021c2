"""A quick estimate of each seat's win share in an unfinished game of Onward to Venus.

Search bots (ISMCTS) cut their rollouts short and value the position they reached with
:func:`evaluation` (exposed as ``VenusState.evaluation()``). Inside a search the state is a
*determinization* (hidden cards and tiles already redrawn for the searching seat), so the
function may read the whole state; it uses only piece counts that are on the table, each
seat's money and hand size, the period and the pass cubes left.

How it estimates (RB: Ending the game — VP by income rank on each planet, kept tiles):

1. **Projected VP** per seat: the VP the table is worth now (:func:`scoring.scores`)
   plus what the seat's resources are expected to add in the time left ``L`` (periods
   still to play, counting the unplayed share of the current action phase by its pass
   cubes): units on the board (they claim tiles), hand size, money, income, and a small
   pull of the current VP towards the mean (leads get contested). The weights were fitted
   by least squares on positions from heuristic self-play (``bench/bots_venus_evaluation_fit.py``;
   R² ≈ 0.5 for the VP still to come).
2. **Win shares**: a softmax of the projected VP with a temperature growing with ``L``
   (about 4 VP at the end, 8 VP early; fitted by likelihood of the actual winners).
3. **Crisis danger**: every share is multiplied by the chance that the game does *not* end
   with everybody losing (the robots of Earth at crisis level 4, or aliens landing before
   the last period and marching on Earth), so a search avoids all-lose endings the way
   ``returns()`` punishes them.

>>> from cosmodrome.games.venus import GAME
>>> s = GAME.new_state(2, seed=1)
>>> v = evaluation(s)
>>> len(v), round(sum(v), 6) <= 1.0, abs(v[0] - v[1]) < 0.2
(2, True, True)
"""

from __future__ import annotations

import math

from cosmodrome.games.venus.flow import (
    EARTH,
    INF,
    KUIPER,
    N_PLANETS,
    PHASE_ACTIONS,
    PHASE_CRISIS,
    SHIP,
    T_ALIEN,
    T_CRISIS,
    TANK,
    income,
    units_of_type,
)
from cosmodrome.games.venus.scoring import scores

# weights of "VP still to come" (fitted; see the module docstring): per unit of time left L
W_CONST = 6.45          # everyone keeps scoring while time remains
W_INCOME = -0.28        # income already shows in the current VP (ranks); L² term below
W_MONEY = 0.018
W_INF, W_SHIP, W_TANK = 0.78, 0.92, 0.75
W_CARD = 0.25
W_VP = -0.27            # leads get contested
# per L²
W2_CONST = -0.88
W2_INCOME = 0.134
W2_MONEY = 0.032
W2_CP = -0.035
# softmax temperature (VP) = TEMP0 + TEMP_L * L, at most TEMP_MAX
TEMP0, TEMP_L, TEMP_MAX = 4.0, 2.0, 8.0


def time_left(s) -> float:
    """Periods still to play: whole periods after this one, plus the unplayed share of this
    period's action phase (measured by the pass cubes still on the pass card).

    >>> from cosmodrome.games.venus import GAME
    >>> time_left(GAME.new_state(3, seed=1))
    3.0
    """
    periods = s.comp.rules["periods"]
    left = float(periods - s.period)
    if s.phase <= PHASE_ACTIONS:
        full = s.num_players + s.comp.rules["extra_pass_cubes"]
        left += min(1.0, s.cubes / full) if full else 0.0
    return max(0.0, left)


def projected_vp(s, left: float) -> list:
    """Each seat's VP now plus the VP its resources are expected to add in ``left`` periods."""
    n = s.num_players
    vp = scores(s)
    money, hands = s.money, s.hands
    l2 = left * left
    out = []
    for p in range(n):
        # a seat's units of each type, summed over the planets
        inf, ship, tank = units_of_type(s, p, INF), units_of_type(s, p, SHIP), units_of_type(s, p, TANK)
        inc = income(s, p)
        m = money[p]
        per = (W_CONST + W_INCOME * inc + W_MONEY * m + W_INF * inf + W_SHIP * ship + W_TANK * tank
               + W_CARD * len(hands[p]) + W_VP * vp[p])
        per2 = W2_CONST + W2_INCOME * inc + W2_MONEY * m + W2_CP * (inf + ship + 2 * tank)
        out.append(vp[p] + left * per + l2 * per2)
    return out


def _p_level(level: int, threshold: int, marked: int, rem: int, no_skull: float) -> float:
    """Chance that a crisis level of ``level`` reaches ``threshold``: at this period's
    escalation (skulls on the escalation dice land on skull-marked crisis tiles; ``no_skull``:
    the chance that they show none) or later (new crisis tiles arrive with each period's
    tiles)."""
    if level >= threshold:
        now = 0.95
    elif level == threshold - 1 and marked:
        now = (1.0 - no_skull) / marked if marked > 1 else 1.0 - no_skull
    else:
        now = 0.0
    if rem <= 0:
        return now
    x = level + 0.45 * rem - threshold + 0.3
    return now + (1.0 - now) / (1.0 + math.exp(-2.2 * x))


def all_lose_risk(s) -> float:
    """A rough chance that the game ends with everybody losing (RB: Earth crisis level 4,
    the robots; Kuiper Belt crisis, aliens reaching Earth)."""
    c = s.comp
    r = c.rules
    tk = c.tile_kind
    skull = c.tile_skull
    periods = r["periods"]
    # the escalation dice show no skull (the face 0 of die_faces: RB: Phase four – escalation)
    no_skull = (1.0 - r["die_faces"].count(0) / len(r["die_faces"])) ** r["escalation_dice"]
    rem = periods - s.period
    crisis = [0] * N_PLANETS
    marked = 0
    aliens = 0
    for pl in range(N_PLANETS):
        for t in s.planet_tiles[pl]:
            k = tk[t]
            if k == T_CRISIS:
                crisis[pl] += 1
                if skull[t]:
                    marked += 1
            elif k == T_ALIEN:
                aliens += 1
    in_crisis = s.phase == PHASE_CRISIS
    earth_lv = crisis[EARTH] + (s.crisis_levels[EARTH] if in_crisis else 0)
    p_earth = _p_level(earth_lv, r["robots_win_level"], marked, rem, no_skull)
    if aliens:
        # landed aliens march inwards at every later crisis phase; three reach Earth at once
        advance_left = rem + (1 if (s.aliens_out and s.aliens_out < s.period) else 0)
        p_alien = min(0.9, 0.3 * aliens + 0.1) if advance_left > 0 else 0.0
    elif not s.aliens_out and rem > 0 and not s.flipped[KUIPER]:
        kui_lv = crisis[KUIPER] + (s.crisis_levels[KUIPER] if in_crisis else 0)
        p_alien = 0.6 * _p_level(kui_lv, r["alien_invasion_level"], marked, rem - 1, no_skull)
    else:
        p_alien = 0.0
    return 1.0 - (1.0 - p_earth) * (1.0 - p_alien)


def evaluation(s) -> list:
    """Estimated win share per seat (each in [0, 1], summing to at most 1; the missing part
    is the chance that everybody loses). A finished game gives its ``returns()``."""
    if s.over:
        return s.returns()
    left = time_left(s)
    proj = projected_vp(s, left)
    temp = min(TEMP_MAX, TEMP0 + TEMP_L * left)
    hi = max(proj)
    ex = [math.exp((v - hi) / temp) for v in proj]
    tot = sum(ex)
    keep = 1.0 - all_lose_risk(s)
    return [keep * e / tot for e in ex]
