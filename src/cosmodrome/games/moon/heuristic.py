"""A heuristic player for Walking on the Moon. It decides from the seat's view and the legal
actions' JSON details only (the lap's terrain, the astronauts and the jump card in play are
on the table), and the rules' number of jumps (the game's component data, no secret).

Plan: value a jump's outcome as the columns gained plus the Sputniks picked up (reaching the
goal is worth a lot), and an accident as a loss of a turn and of half the Sputniks held.
Programming tries every way of putting the dice on up to the rules' jumps (three as printed;
at most two dice a jump unless more must go there) and keeps the plan with the best expected
value, each later jump counted only when it is worth making; a result is picked by the same values; an EC re-roll
is spent when it is expected to gain more than the counter is worth; the next jump is made
when its expected value is positive. An action card is played when asked (each card in the
deck helps its holder or slows a rival), No instructions taking out a blue die, the fastest,
Miscalculation only against dice better than a new roll is expected to be, Extra jump with
the die of the best expected jump (kept when no jump is worth it), Teamwork taking along the
rearmost rival; a card is kept at the start of a round. A special box's one-die jump is made
with the die of the best expected jump, or declined when none is expected to gain; its
advance is taken unless it would put the astronaut in the lead at the round's end (a
handicap counter) with nobody left to play. A move out of turn (an action card's) is played
for the astronaut moving, with no programmed jumps after it.

>>> from cosmodrome.games.moon import GAME
>>> s = GAME.new_state(3, seed=1)
>>> MoonHeuristic(seed=0).choose(s) in s.legal_actions()
True
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from cosmodrome.core import Bot, State
from cosmodrome.games.lunar.dice import ACCIDENT, BLACK, BLUE, DIE_COLOUR, WHITE, steps_of
from cosmodrome.games.lunar.movement import jump, masks
from cosmodrome.games.lunar.terrain import SAFE_LANDING
from cosmodrome.games.moon.components import JUMP_SLOTS, load_components
from cosmodrome.games.moon.state import (
    A_COUNT,
    A_DONE,
    A_PLAY,
    A_REMOVE,
    A_REROLL,
    A_SEAT,
    A_YES,
    decode_pick,
    decode_program,
)

FACES = load_components().faces
#: value of an accident: a lost turn (about the columns a turn gains) and half the Sputniks
ACCIDENT_COST = 5.0
SPUTNIK = 1.3
GOAL_BONUS = 25.0
EC_VALUE = 1.2


class Board:
    """What the heuristic reads of the lap, in a hashable form."""

    __slots__ = ("strip", "icons", "goal")

    def __init__(self, view: dict) -> None:
        lapv = view["lap"]
        self.strip = tuple(tuple(c) for c in lapv["columns"])
        self.icons = frozenset(tuple(p) for p in lapv["sputniks"])
        self.goal = lapv["goal"]


_BOARDS: dict = {}


def _board(view: dict) -> Board:
    key = tuple(c["index"] for c in view["lap"]["cards"])
    b = _BOARDS.get(key)
    if b is None:
        if len(_BOARDS) > 256:
            _BOARDS.clear()
        b = _BOARDS[key] = Board(view)
    return b


@lru_cache(maxsize=200_000)
def outcome(key, col: int, lvl: int, colour: int, face: int, mask: int):
    """(value without continuation, safe landing or None, Sputniks) of one move on the lap
    ``key`` (its cards; :func:`_board` has stored its terrain)."""
    b = _BOARDS[key[0]]
    j = jump(b.strip, col, lvl, colour, steps_of(face), mask, b.goal)
    got = sum(1 for cell in j.path if cell in b.icons)
    gain = j.col - col
    if j.outcome != "safe" or face == ACCIDENT:
        return gain * 0.3 + got * SPUTNIK * 0.5 - ACCIDENT_COST, None, got
    if j.stopped:
        return gain + got * SPUTNIK + GOAL_BONUS, None, got
    return gain + got * SPUTNIK, (j.col, j.level), got


def best_move(key, col, lvl, sputniks, dice_faces, rest) -> float:
    """The best value over the moves the rolled ``dice_faces`` (colour, face) allow, with the
    later jumps ``rest`` (colour groups) made when worth it."""
    best = -1e9
    for colour, face in dice_faces:
        for m in masks(colour, steps_of(face)):
            v, land, got = outcome(key, col, lvl, colour, face, m)
            if land is None and v < 0:
                v -= sputniks * 0.5
            elif land is not None and rest:
                v += max(0.0, plan_value(key, land[0], land[1], sputniks + got, rest))
            if v > best:
                best = v
    return best


@lru_cache(maxsize=200_000)
def plan_value(key, col: int, lvl: int, sputniks: int, groups: tuple) -> float:
    """Expected value of making the jumps ``groups`` (each a tuple of colours) from (col, lvl)."""
    first, rest = groups[0], groups[1:]
    total = 0.0
    n = 0
    for faces in product(*(FACES[c] for c in first)):
        total += best_move(key, col, lvl, sputniks, tuple(zip(first, faces)), rest)
        n += 1
    return total / n


def plans(counts: tuple, k: int, jumps_left: int = JUMP_SLOTS, cap: int = 2):
    """Every ordered way to put ``k`` dice of the available colours ``counts`` on up to
    ``jumps_left`` jumps, at most ``cap`` a jump unless more must go there.

    >>> len(list(plans((2, 2, 2), 2)))
    15
    """
    if k == 0:
        yield ()
        return
    if jumps_left == 0:
        return
    need = max(1, k - cap * (jumps_left - 1))
    for size in range(need, min(k, max(cap, need)) + 1):
        for group in _groups(counts, size):
            left = tuple(counts[c] - group.count(c) for c in range(3))
            for tail in plans(left, k - size, jumps_left - 1, cap):
                yield (group,) + tail


def _groups(counts, size):
    out = []
    for b in range(min(counts[0], size) + 1):
        for w in range(min(counts[1], size - b) + 1):
            k = size - b - w
            if k <= counts[2]:
                out.append((BLUE,) * b + (WHITE,) * w + (BLACK,) * k)
    return out


class MoonHeuristic(Bot):
    name = "heuristic"

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        v = state.view(state.to_move())
        if len(legal) < 2:
            return legal[0]
        if v["phase"] == "refresh-card":               # every card in play helps its holder: keep it
            return A_DONE
        _board(v)
        key = (tuple(c["index"] for c in v["lap"]["cards"]),)
        if v["phase"] == "action-card":
            return self._card(v, key, legal)
        turn = v["turn"]
        me = v["astronauts"][turn["mover"]]
        phase = v["phase"]
        if phase == "program":                         # on as many jumps as the rules allow
            return self._program(key, me, turn, legal, state.comp.rules["jumps"])
        if phase == "pick":
            return self._pick(key, me, turn, legal)
        if phase == "go-on":
            rest = self._groups_after(turn, turn["jump"])
            worth = bool(rest) and plan_value(key, me["col"], me["level"], me["sputniks"], rest) > 0
            return A_YES if worth else A_DONE
        if phase == "extra-die":
            return A_YES if (me["ec"] >= 2 or turn["dice_n"] <= 2) else A_DONE
        if phase == "rob":       # the richest target (a Sputnik is a point); else sabotage anyone
            acts = [(state.action_json(a), a) for a in legal if a != A_DONE]
            return max(acts, key=lambda ja: v["astronauts"][ja[0]["target"]]["sputniks"])[1]
        if phase == "free-jump":                         # the best die, if any jump is worth it
            return self._free_jump(key, me, legal)
        if phase == "advance":
            return A_DONE if self._stay(v, me, turn) else A_YES
        if phase == "buy-advances":                      # a Sputnik is a point; an advance near the goal is more
            return legal[-1] if v["lap"]["goal"] - me["col"] <= 3 * (len(legal) - 1) else legal[0]
        if phase.startswith("exchange"):
            return A_COUNT + (len(legal) - 1) // 2      # an even split loses least in an accident
        return legal[0]

    @staticmethod
    def _free_jump(key, me, legal) -> int:
        """A special box's one-die jump: the die of the best expected jump, none when no jump
        is expected to gain (a crash costs more than it brings)."""
        value, act = max((plan_value(key, me["col"], me["level"], me["sputniks"],
                                     ((DIE_COLOUR[decode_program(a)[0]],),)), a) for a in legal if a != A_DONE)
        return act if value > 0 else A_DONE

    def _stay(self, v, me, turn) -> bool:
        """Decline the advance token's step only when it would make the astronaut first (or
        tied for first) at the round's end, with nobody left to play this round and no jump
        left in its turn: the lead takes a handicap counter (RB: End the round)."""
        b = _BOARDS[tuple(c["index"] for c in v["lap"]["cards"])]
        col = me["col"]
        ahead = next((c for c in range(col + 1, b.goal + 1) if any(k in SAFE_LANDING for k in b.strip[c])), b.goal)
        if ahead >= b.goal or self._groups_after(turn, turn["jump"]):
            return False
        others = [a["col"] for a in v["astronauts"] if a is not me and not a["finished"]]
        last_to_play = v["turn_index"] >= len(v["order"]) - 1
        return bool(others) and last_to_play and col < max(others) <= ahead

    @staticmethod
    def _groups_after(turn: dict, j: int) -> tuple:
        if turn["out_of_turn"] or turn["mover"] != turn["astronaut"]:
            return ()                                   # a move out of turn: no jump follows
        groups = []
        for jj in range(j + 1, JUMP_SLOTS):
            g = tuple(sorted(DIE_COLOUR[d["die"]] for d in turn["dice"] if d["jump"] == jj))
            if g:
                groups.append(g)
        return tuple(groups)

    def _program(self, key, me, turn, legal, jumps: int) -> int:
        """Follow the best plan over the rule's ``jumps`` that keeps the dice already placed
        where they are."""
        fixed: list[list[int]] = [[] for _ in range(JUMP_SLOTS)]
        for d in turn["dice"]:
            fixed[d["jump"]].append(DIE_COLOUR[d["die"]])
        best, best_v = None, -1e9
        for plan in plans((2, 2, 2), turn["dice_n"], jumps):
            if not all(_within(fixed[j], plan[j] if j < len(plan) else ()) for j in range(JUMP_SLOTS)):
                continue
            val = plan_value(key, me["col"], me["level"], me["sputniks"], plan)
            if val > best_v:
                best, best_v = plan, val
        if best is None:
            return legal[0]
        for j, group in enumerate(best):
            need = list(group)
            for c in fixed[j]:
                need.remove(c)
            for c in need:
                for a in legal:
                    d, jj = decode_program(a)
                    if jj == j and DIE_COLOUR[d] == c:
                        return a
        return legal[0]

    def _card(self, v, key, legal) -> int:
        """Play the card asked about; No instructions takes out a blue die (the fastest);
        Miscalculation only when the roller's dice are better than a new roll is expected
        to be."""
        card = v["cards"]["hands"][v["seat"]]["card"]
        if card["effect"] == "no-instructions":
            return A_REMOVE + 1
        if card["effect"] == "extra-jump":             # the rearmost astronaut jumps: the best die, if any is worth it
            mine = [a for a in v["astronauts"] if a["seat"] == v["seat"] and not a["finished"]]
            me = min(mine, key=lambda a: (a["col"], a["level"]))
            value, act = max((plan_value(key, me["col"], me["level"], me["sputniks"],
                                         ((DIE_COLOUR[decode_program(a)[0]],),)), a) for a in legal if a != A_DONE)
            return act if value > 0 else A_DONE
        if card["effect"] == "teamwork":               # take along the rival furthest behind
            rivals = [a for a in legal if a not in (A_DONE, A_PLAY)]
            return min(rivals, key=lambda a: (v["astronauts"][a - A_SEAT]["col"], a)) if rivals else A_PLAY
        if card["effect"] == "miscalculation":
            turn = v["turn"]
            him = v["astronauts"][turn["astronaut"]]
            dice = [d for d in turn["dice"] if d["jump"] == turn["jump"] and d["face"]]
            rest = self._groups_after(turn, turn["jump"])
            group = tuple(sorted(DIE_COLOUR[d["die"]] for d in dice))
            now = best_move(key, him["col"], him["level"], him["sputniks"],
                            tuple((DIE_COLOUR[d["die"]], d["face"]) for d in dice), rest)
            again = plan_value(key, him["col"], him["level"], him["sputniks"], (group,) + rest)
            return next(a for a in legal if a != A_DONE) if now > again else A_DONE
        return next(a for a in legal if a != A_DONE)

    def _pick(self, key, me, turn, legal) -> int:
        col, lvl, sputniks = me["col"], me["level"], me["sputniks"]
        rest = self._groups_after(turn, turn["jump"])
        if turn.get("free_die", -1) >= 0:
            faces = {d["die"]: d["face"] for d in turn["dice"] if d["die"] == turn["free_die"]}
        else:
            faces = {d["die"]: d["face"] for d in turn["dice"] if d["jump"] == turn["jump"]}
        best_a, best_v = legal[0], -1e9
        for a in legal:
            if a >= A_REROLL:
                continue
            d, m = decode_pick(a)
            v, land, got = outcome(key, col, lvl, DIE_COLOUR[d], faces[d], m)
            if land is None and v < 0:
                v -= sputniks * 0.5
            elif land is not None and rest:
                v += max(0.0, plan_value(key, land[0], land[1], sputniks + got, rest))
            if v > best_v:
                best_a, best_v = a, v
        rerolls = [a for a in legal if a >= A_REROLL]
        if rerolls and best_v < 1.0:
            for a in rerolls:
                d = a - A_REROLL
                tot = 0.0
                for f in FACES[DIE_COLOUR[d]]:
                    trial = tuple((DIE_COLOUR[x], f if x == d else faces[x]) for x in faces)
                    tot += best_move(key, col, lvl, sputniks, trial, rest)
                ev = tot / 6 - EC_VALUE
                if ev > best_v:
                    best_a, best_v = a, ev
        return best_a



def _within(small: list, group: tuple) -> bool:
    """Whether the colours ``small`` are all in ``group`` (as multisets)."""
    return all(small.count(c) <= group.count(c) for c in set(small))
