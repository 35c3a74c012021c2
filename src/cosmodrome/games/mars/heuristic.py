"""A heuristic marine for March on Mars, meant to play with others of its kind as a team.

It reads nothing hidden: it looks one decision ahead on a determinization
(``state.resample``) and keeps the option whose position scores best by
:func:`cosmodrome.games.mars.evaluation.progress` (with three or more marines the first guards
the Landing Zone, with four or more the first two; the others strike at the right-hand
defender and the MMM). At set-up it
keeps the ability its role wants most (:data:`STRIKER_TRAINING`, :data:`GUARD_TRAINING`) and
lands where the look-ahead likes best. The nuke, or Kamikaze's, is set off whenever it can be;
the Power-up injector is taken whenever it may be (but beside the MMM); a card or an ability
played besides the dice (Orbital bombing, Teleportation, a free step, the Laser knife...) is
played when it makes the position better by :data:`SPECIAL_GAIN`, and Badass ammo or the
Rail-gun when the shot after them gains. Programming follows a plan: a striker in close
combat (with the defender in its box, or aliens on its way) puts all its dice on one action,
to roll several 1s; a Sniper 2 or 3 columns from the living defender does the same with the
dice likeliest to show that range; otherwise a striker puts the dice whose faces most often
bring it nearer on this terrain (:func:`cosmodrome.games.mars.evaluation.usefulness`, which
does not count the wave face) one on the first action, two on the second and one on the
third; the guard puts one die an action and leaves the black dice (whose 2! sends a wave its
way). A striker that has reached the box beside the MMM free of aliens stops there to set off
the nuke next turn, and one fighting the living defender in its box does not roll fewer than
three dice there. A guard, at the start of its turn in the LZ, plays out on a few
determinizations each missile (piercing or fragmentation, every beacon and direction), the
bait, each tactical support and its dice, and keeps the one that leaves the position best
at the end of its turn (:data:`TURN_SAMPLES`). The strikers act first in a round, so that the
guard's missile finds its beacon and the guard sees the LZ as the round will end.

>>> from cosmodrome.games.mars import GAME
>>> s = GAME.new_state(2, seed=1)
>>> MarsHeuristic(seed=0).choose(s) in s.legal_actions()
True
"""

from __future__ import annotations

from cosmodrome.core import Bot, State
from cosmodrome.games.lunar.dice import BLACK, DIE_COLOUR, NUM_DICE
from cosmodrome.games.mars.combat import engaged
from cosmodrome.games.mars.evaluation import SNIPER_RANGES, is_guard, progress, usefulness
from cosmodrome.games.mars.state import (
    A_BAIT,
    A_DONE,
    A_DRONE,
    A_GIVE,
    A_INJECT,
    A_JET,
    A_KAMIKAZE,
    A_LEVEL,
    A_MOVE,
    A_NUKE,
    A_ORBITAL,
    A_REROLL,
    A_ROLL,
    A_SEAT,
    A_SHOOT,
    A_SUPPORT,
    A_USE,
    AMMO,
    COMMS,
    D_LEFT,
    D_RIGHT,
    DRONE_AB,
    FUSION,
    INJECTOR,
    JET_PACK,
    KAMIKAZE,
    MULTI_SHOT,
    ORBITAL,
    PRECOG,
    RAIL_GUN,
    RANGER,
    RIGHT,
    SCOUT,
    SIDE_ZONES,
    SNIPER,
    STORMTROOPER,
    TELEPORT,
    MarsState,
    decode_train,
    encode_program,
    training_ability,
)

#: (die, action) in the order a striker programs them to move: a blue die, a black die, then
#: both others on the third action (three moves a turn, with a choice of reach or climb last)
MOVING_PLAN = ((0, 0), (4, 1), (1, 2), (5, 2), (2, 2), (3, 2))
#: to shoot a defender: all on one action, whites and blacks first (each shows 1 or 2 half the
#: time, so three of a kind is likelier)
SHOOTING_PLAN = ((2, 0), (3, 0), (4, 0), (5, 0), (0, 0), (1, 0))
#: a Sniper 2 or 3 columns from the defender: all on one action, the dice likeliest to show
#: that value first (any one of them kills it)
SNIPER_PLAN = {2: SHOOTING_PLAN, 3: ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0))}
#: the guard: one die an action, to shoot at several boxes a turn
GUARD_PLAN = ((0, 0), (2, 1), (1, 2), (3, 2), (4, 2), (5, 2))


def beside_the_mmm(state: MarsState) -> bool:
    """Whether the marine to move stands in a defender box free of aliens (where its next turn
    can set off the nuke)."""
    v = state.view(state.to_move())
    me = v["marines"][v["turn"]["marine"]]
    for z in v["zones"]:
        if z["zone"] in (D_LEFT, D_RIGHT) and z["first"] == me["col"]:
            return not any(b["aliens"] for b in z["boxes"])
    return False


def at_the_defender(state: MarsState) -> bool:
    """Whether the marine to move stands in the right-hand defender's box with the defender
    alive (fighting it there in close combat)."""
    m = state.to_move()
    return state.defender_alive(RIGHT) and state.zone[state.column[m]] == D_RIGHT


def next_dice(state: MarsState) -> int:
    """How many dice the next programmed action of the marine to move rolls (a Stormtrooper's
    close combat counts one more: its extra hit)."""
    later = [a for a in state.die_action if a > state.slot]
    n = state.die_action.count(min(later)) if later else 0
    return n + (1 if n and state.has(state.to_move(), STORMTROOPER) else 0)


#: the abilities in the order a striker keeps them (the nuke on 5 dice first, then what
#: kills the defender fast, clears a card or gets there sooner); the guard's order favours
#: killing many aliens near the base
STRIKER_TRAINING = (KAMIKAZE, SNIPER, ORBITAL, INJECTOR, TELEPORT, JET_PACK, RANGER, MULTI_SHOT, STORMTROOPER,
                    FUSION, COMMS, DRONE_AB, SCOUT, PRECOG)
GUARD_TRAINING = (ORBITAL, MULTI_SHOT, STORMTROOPER, SNIPER, FUSION, DRONE_AB, INJECTOR, RANGER, KAMIKAZE, COMMS,
                  TELEPORT, JET_PACK, SCOUT, PRECOG)
#: the determinizations a guard plays its turn on to choose between the base's supports
#: and its dice
TURN_SAMPLES = 8
#: how much better a card or an ability must make the position to be played outside a roll
SPECIAL_GAIN = 0.5
#: the cards whose worth shows only with the shot after them
BEFORE_A_SHOT = (A_USE + AMMO, A_USE + RAIL_GUN)


def special(a: int) -> bool:
    """The options played besides the dice: cards, Orbital bombing, Teleportation, free steps."""
    return A_USE <= a < A_GIVE or A_ORBITAL <= a < A_LEVEL


def moving_plan(state: MarsState, m: int) -> tuple:
    """A striker's dice for three moves: the dice whose faces most often bring it nearer,
    the best on the first action, the next two on the third and the second (and the fourth
    with the second, a choice of two there: measured better than two on the third)."""
    use = usefulness(state, m)
    dice = sorted(range(NUM_DICE), key=lambda d: (-use[DIE_COLOUR[d]], DIE_COLOUR[d] == BLACK, d))
    return ((dice[0], 0), (dice[1], 1), (dice[2], 2), (dice[3], 1), (dice[4], 2), (dice[5], 2))


class MarsHeuristic(Bot):
    name = "heuristic"

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        for a in (A_KAMIKAZE, A_NUKE):
            if a in legal:
                return a
        kind = state.decision_kind()
        if kind == "training":
            return self._train(state, legal)
        if kind == "next-marine":      # the strikers first, so that the guard's missiles find its beacon
            return max(legal, key=lambda a: (not is_guard(a - A_SEAT, state.num_players), -a))
        if kind == "drone":
            return A_DRONE + (1 if engaged(state, state.to_move()) else 0)   # white 1s in close combat
        if kind == "lucky-charm":
            return A_ROLL if A_ROLL in legal else legal[0]
        if kind == "program":
            if A_INJECT in legal and not beside_the_mmm(state):
                return A_INJECT
            best = self._special(state, [a for a in legal if special(a)])
            return best if best is not None else self._program(state, legal)
        if kind == "go-on":
            best = self._special(state, [a for a in legal if special(a)])
            if best is not None:
                return best
            if beside_the_mmm(state) or A_ROLL not in legal or (at_the_defender(state) and next_dice(state) < 3):
                return A_DONE
            return A_ROLL
        options = [a for a in legal if not A_GIVE <= a < A_INJECT]
        if at_the_defender(state) and any(A_SHOOT <= a < A_REROLL for a in options):
            options = [a for a in options if not (A_MOVE <= a < A_SHOOT or a >= A_JET)]   # fight, don't leave
        return self._look(state, options)[0]

    def _score(self, state: MarsState, a: int, seat: int) -> float:
        s = state.resample(seat, self.rng)
        s._apply(a)
        if s.is_terminal():
            return 1000.0 if s.returns()[seat] > 0 else -1000.0
        if a in BEFORE_A_SHOT and s.to_move() == seat and s.decision_kind() == "act":
            shots = [b for b in s.legal_actions() if A_SHOOT <= b < A_REROLL]
            return max(self._score(s, b, seat) for b in shots) if shots else progress(s)
        return progress(s)

    def _look(self, state: MarsState, options: list[int]) -> tuple[int, float]:
        """The option whose position scores best one decision ahead."""
        seat = state.to_move()
        best, best_v = options[0], None
        for a in options:
            v = self._score(state, a, seat)
            if best_v is None or v > best_v:
                best, best_v = a, v
        return best, best_v

    def _turn_value(self, state: MarsState, a: int) -> float:
        """The mean score at the end of this marine's turn begun with ``a`` and played on by
        this bot, over :data:`TURN_SAMPLES` determinizations."""
        seat, round0 = state.to_move(), state.round
        total = 0.0
        for _ in range(TURN_SAMPLES):
            s = state.resample(seat, self.rng)
            s._apply(a)
            while not s.is_terminal() and s.round == round0 and s.to_move() == seat and not s.acted[seat]:
                s._apply(self.choose(s))
            total += (1000.0 if s.returns()[seat] > 0 else -1000.0) if s.is_terminal() else progress(s)
        return total / TURN_SAMPLES

    def _special(self, state: MarsState, options: list[int]):
        """A card or ability worth playing now, or None."""
        if not options:
            return None
        a, v = self._look(state, options)
        return a if v >= progress(state) + SPECIAL_GAIN else None

    def _train(self, state: MarsState, legal: list[int]) -> int:
        m = state.to_move()
        order = GUARD_TRAINING if is_guard(m, state.num_players) else STRIKER_TRAINING
        card = state.training_card[m]
        return min(legal, key=lambda a: order.index(training_ability(card, decode_train(a))))

    def _program(self, state: MarsState, legal: list[int]) -> int:
        v = state.view(state.to_move())
        turn = v["turn"]
        placed = [d["die"] for d in turn["dice"] if d["action"] >= 0]
        n = turn["dice_n"]
        me = v["marines"][turn["marine"]]
        if len(placed) >= n and A_DONE in legal:
            return A_DONE
        d_col = next(z["first"] for z in v["zones"] if z["zone"] == SIDE_ZONES[RIGHT][0])
        striking = not is_guard(turn["marine"], len(v["marines"]))
        if not placed and not striking and A_BAIT in legal:
            # from the base: a missile, a bait, a tactical support or the dice, whichever
            # leaves the position best at the end of the guard's turn
            first = encode_program(*GUARD_PLAN[0])
            options = [a for a in legal if A_SUPPORT <= a <= A_BAIT] + ([first] if first in legal else [])
            return max(options, key=lambda a: (self._turn_value(state, a), -a))
        sniping = state.has(turn["marine"], SNIPER) and v["defenders"][-1]["alive"]
        if striking and sniping and d_col - me["col"] in SNIPER_RANGES and not engaged(state, turn["marine"]):
            plan = SNIPER_PLAN[d_col - me["col"]]
        elif striking and engaged(state, turn["marine"]):
            plan = SHOOTING_PLAN
        elif striking:
            plan = moving_plan(state, turn["marine"])
        else:
            plan = GUARD_PLAN
        d, slot = next((d, slot) for d, slot in plan if d not in placed)
        a = encode_program(d, slot)
        return a if a in legal else legal[-1]
