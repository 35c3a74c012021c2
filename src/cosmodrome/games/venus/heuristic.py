"""A rule-of-thumb player for Onward to Venus (the game's heuristic bot).

It decides only from what its seat may see: ``state.view(seat)`` (which carries the
decision and its options with their ``action_json`` details) and, when the view lacks them,
``state.legal_actions()`` / ``state.action_json(a)``. It never reads other attributes of
the state but its component tables (``state.comp``: the planet line, unit costs and combat
points, die faces, what each card gives; public knowledge, a variant's own), digested once per
component set (:class:`Numbers`). It reads data fields only, never labels or prompts: tile
kinds, the combat's kind, tension target and units committed (``view["combat"]``), the dice a
re-roll option re-rolls (``dice``), whose counter an option names (``owner``), the tension
tile's planet (``target_planet``) and the aliens' next move (``view["aliens"]``).

How it plays (every value is in victory points, VP):

- **Tiles** are worth what they earn: a factory (+£2) or mine (+£3) is worth the VP the
  extra income wins on that planet's ranking (averaged with a scenario where the strongest
  rival gains a counter, so contested leads get reinforced), discounted by the planet's
  crisis risk, plus the money it earns in the periods left. Crisis tiles are worth 1 VP plus
  the crisis risk they remove (large when Earth or the Kuiper Belt threaten an all-lose
  ending); aliens 2 VP plus the invasion they stop; draw-two, windfall and big game their
  cards, money and VP.
- **Defended tiles** are attacked when the expected cost (defence + the expected spread of
  three dice) is within reach of the units in orbit and the combat cards in hand. In combat
  it pays the CP still missing at the least cost (a small knapsack over units and cards,
  units first; strong cards cost more than weak ones), uses re-roll / discard-a-die cards
  when they make an out-of-reach cost payable, and folds when the cost is not worth it.
- **Moves** take a spaceship (and the infantry the target needs) to the planet where the
  best claim is, claiming on arrival when the move stops short of its allowance.
- **Builds** when short of free units and money allows (ships when none can carry the
  infantry, tanks at factories near mines, infantry at Earth otherwise).
- **Crises**: loses infantry before tanks before ships, the building whose loss costs the
  fewest VP, pays pirates whenever it can; Bazagthoth hits the strongest rival.
- **Reactions** (save a unit, extra action, take a card back) are played; of several units
  eliminated at once the dearest is returned to Earth.
- **Eliminations** take a rival's unit in orbit rather than on the surface (a unit in orbit
  can still act this period).
- **Free-action cards** after the last action: 'another action' when one more action is worth
  the card, the recovery cards always, the building card for a good build.
- **Passes** when the best action is worth less than the card a pass draws — and takes the
  last pass cube (ending the phase for everybody) only when nothing is worth doing.
- Any decision it does not recognise gets a seeded random choice among the non-pass
  options, so engine changes never make it fail.
"""

from __future__ import annotations

import itertools
import math
from typing import Any, Optional

from cosmodrome.core import Bot, State
from cosmodrome.games.venus.cards import CARD_CP
from cosmodrome.games.venus.components import EFFECTS, load_components
from cosmodrome.games.venus.flow import (  # the planets and the action space, public
    A_BUILD,
    A_CARD,
    A_CLAIM,
    A_DONE,
    A_MOVE,
    A_PASS,
    A_YES,
    EARTH,
    GANYMEDE,
    KUIPER,
    MARS,
    MERCURY,
    MOON,
    N_PLANETS,
    TITAN,
    UNIT_TYPES,
    VENUS,
    planet_steps,
)

# ------------------------------------------------------------------------------------------
# public static data: the numbers of the game's components (a variant's own)
# ------------------------------------------------------------------------------------------
UNITS = ("infantry", "spaceship", "tank")
UIDX = {u: i for i, u in enumerate(UNITS)}
#: the combat-point cards that count in one place only: effect -> (planet, tile kind or None)
CP_WHERE = {"cp2_venus": (VENUS, None), "cp3_moon": (MOON, None), "cp3_earth_crisis": (EARTH, "crisis")}


class Numbers:
    """The numbers of a component set the bot plays by, all public: the planet line, unit
    costs and combat points, incomes, die faces and the dice a combat rolls (with the spread
    they give), the combat points of the cards (:data:`.cards.CARD_CP`) and what the cards
    and tiles give. Made once per component set (:func:`numbers`)."""

    __slots__ = ("pos", "reach", "unit_cost", "unit_cp", "mine_inc", "fac_inc", "faces", "periods", "spread_cdf",
                 "spread_mean", "p_skull", "cp_of", "cp_where", "combat_dice", "escalation_dice", "gun_bonus",
                 "sacrifice_cp", "move_allowance", "move_steps", "windfall", "kept_vp", "alien_vp", "take_money",
                 "gunrunner_money", "buy_cost", "buy_drawn", "keeps", "cycle_discards", "effect_type")

    def __init__(self, comp) -> None:
        r = comp.rules
        self.pos = tuple(comp.planet_pos)
        #: planets within k steps of each planet (not itself)
        self.reach = [[tuple(d for d in range(N_PLANETS) if d != a and self.distance(a, d) <= k) for k in range(7)]
                      for a in range(N_PLANETS)]
        self.unit_cost = tuple(comp.unit_cost)          # infantry, spaceship, tank
        self.unit_cp = tuple(comp.unit_cp)
        self.mine_inc = r["mine_income"]
        self.fac_inc = r["factory_income"]
        self.faces = tuple(r["die_faces"])
        self.periods = r["periods"]
        self.combat_dice = comp.combat_dice
        self.escalation_dice = r["escalation_dice"]
        self.spread_cdf, self.spread_mean = _spread_table(self.faces, self.combat_dice)
        self.p_skull = sum(1 for f in self.faces if f == 0) / len(self.faces)
        points = {EFFECTS[e]: r[rule] for e, rule in CARD_CP.items()}
        #: the combat-point cards that count in every claim: effect -> CP
        self.cp_of = {e: cp for e, cp in points.items() if e not in CP_WHERE}
        #: those that count in one place: effect -> (planet, tile kind or None, CP)
        self.cp_where = {e: (*where, points[e]) for e, where in CP_WHERE.items()}
        self.gun_bonus = r["gunrunner_bonus"]
        self.sacrifice_cp = r["sacrifice_cp"]
        self.move_allowance = r["move_allowance"]
        self.move_steps = {"move1": r["move1_card_steps"], "move2": r["move2_card_steps"]}
        self.windfall = r["windfall"]
        self.kept_vp = r["kept_tile_vp"]
        self.alien_vp = r["alien_vp"]
        self.take_money = r["take_money"]
        self.gunrunner_money = r["gunrunner_money"]
        self.buy_cost = r["buy_cards_cost"]
        self.buy_drawn = r["buy_cards_drawn"]
        self.keeps = r["draw_and_keep_keeps"]
        self.cycle_discards = r["cycle_discards"]
        self.effect_type = tuple(comp.effect_type)

    def distance(self, a: int, b: int) -> int:
        """Number of steps between two planets (:func:`.flow.planet_steps` on the data's places)."""
        return planet_steps(self.pos, a, b)

    def p_payable(self, defence: int, cp: float) -> float:
        """Probability that a tile of ``defence`` costs at most ``cp`` combat points."""
        k = int(cp) - defence
        if k < 0:
            return 0.0
        if k >= len(self.spread_cdf):
            return 1.0
        return self.spread_cdf[k]


def _spread_table(faces: tuple, dice: int):
    """P(spread of the combat dice <= k) and the expected spread, skull = 0."""
    counts: dict = {}
    n = 0
    for roll in itertools.product(faces, repeat=dice):
        s = max(roll) - min(roll)
        counts[s] = counts.get(s, 0) + 1
        n += 1
    top = max(counts)
    cdf = []
    acc = 0
    for k in range(top + 1):
        acc += counts.get(k, 0)
        cdf.append(acc / n)
    mean = sum(k * v for k, v in counts.items()) / n
    return cdf, mean


#: (id of a component set) -> (that set, its numbers)
_NUMBERS: dict = {}


def numbers(comp=None) -> Numbers:
    """The numbers of ``comp`` (the packaged components when None), made once per set."""
    if comp is None:
        comp = load_components()
    got = _NUMBERS.get(id(comp))
    if got is None or got[0] is not comp:
        got = _NUMBERS[id(comp)] = (comp, Numbers(comp))
        if len(_NUMBERS) > 16:   # variants come and go: keep the few in use
            _NUMBERS.pop(next(iter(_NUMBERS)))
    return got[1]


#: what holding a card is worth (VP); used to spend the cheapest and keep the best
CARD_VALUE = {
    "cp1": 0.45, "cp2": 0.8, "cp3": 1.15, "cp1_draw": 0.85, "cp2_venus": 0.35, "cp3_moon": 0.4,
    "cp3_earth_crisis": 0.3, "tanks3": 0.3, "infantry2": 0.55, "ships2": 0.35, "sacrifice_tank": 0.3,
    "sacrifice_unit": 0.6, "reroll": 0.6, "discard_die": 0.7, "ignore_skull": 0.65, "move1": 0.55,
    "move2": 0.7, "move_tanks": 0.15, "another_action": 1.6, "free_build": 0.8, "free_pass": 0.9,
    "tank_up": 0.35, "infantry_up": 0.5, "instead": 0.5, "pass_empty_action": 1.0, "return_unit": 0.5,
    "cycle3": 0.4, "draw4keep2": 0.9, "buy3cards": 0.6, "kill_infantry": 0.35, "kill_ship": 0.5,
    "kill_unit": 0.55, "gunrunner": 0.9, "place_tension": 0.45, "remove_tension": 0.3,
    "force_discard2": 0.45, "look_swap": 0.55, "income_mines": 0.6, "take3": 0.9, "take_biggame": 1.0,
}
AVG_CARD = 0.7
#: the cost (VP) of sending a unit down for the rest of the period / of losing it
USE_COST = (0.35, 0.6, 0.45)
LOSS_COST = (0.6, 1.2, 0.9)
ALL_LOSE = 14.0   # what an all-lose ending costs a player who is doing well (VP)


def _force_cp(unit_cp: tuple, force) -> int:
    """The combat points of ``force`` (infantry, spaceships, tanks)."""
    return force[0] * unit_cp[0] + force[1] * unit_cp[1] + force[2] * unit_cp[2]


def planet_vp(incomes, vp) -> list:
    """VP per player from incomes on one planet (ties share a rank; no income, no rank)."""
    levels = sorted({i for i in incomes if i > 0}, reverse=True)
    rank = {v: r for r, v in enumerate(levels)}
    return [vp[rank[i]] if i > 0 and rank[i] < len(vp) else 0 for i in incomes]


# ------------------------------------------------------------------------------------------
# the table as the bot reads it
# ------------------------------------------------------------------------------------------
class Table:
    """The seat's view digested into a few flat lists."""

    __slots__ = ("num", "seat", "n", "period", "cubes", "names", "index", "vp", "flipped", "alien", "level",
                 "gunrunners", "tiles", "orbit", "surface", "inc", "units_all", "money", "stock", "hand",
                 "left", "move", "risk", "opp_vp", "my_vp", "aliens_out",
                 "tiles_left_bag", "bld", "gross", "bt", "esc", "units_by_seat", "aliens")

    def __init__(self, v: dict, num: Optional[Numbers] = None) -> None:
        #: the game's numbers (:func:`numbers`; the packaged components' when not given)
        self.num = num = num or numbers()
        me = v["seat"]
        self.seat = me
        self.n = v["players"]
        self.period = v["period"]
        self.cubes = v["cubes"]
        pls = v["planets"]
        self.names = [p["name"] for p in pls]
        self.index = {p["name"]: i for i, p in enumerate(pls)}
        self.vp = [tuple(p["vp"]) for p in pls]
        self.flipped = [p["flipped"] for p in pls]
        self.alien = [p["alien"] for p in pls]
        self.level = [p["crisis_level"] for p in pls]
        self.gunrunners = [p["gunrunners"] for p in pls]
        self.tiles = [p["tiles"] for p in pls]
        self.orbit = [list(p["orbit"][me]) for p in pls]
        self.surface = [list(p["surface"][me]) for p in pls]
        self.bld = [[tuple(b) for b in p["buildings"]] for p in pls]
        mine_inc, fac_inc = num.mine_inc, num.fac_inc
        self.inc = [[b[0] * mine_inc + b[1] * fac_inc for b in p["buildings"]] for p in pls]
        self.units_all = [[sum(o) + sum(s) for o, s in zip(p["orbit"], p["surface"])] for p in pls]
        self.units_by_seat = [list(zip(p["orbit"], p["surface"])) for p in pls]
        info = v["players_info"][me]
        self.money = info["money"]
        self.stock = info["stock"]
        self.hand = [c["effect"] for c in (v.get("hand") or [])]
        self.left = num.periods - self.period          # income collections that still buy things
        self.move = v.get("move")          # the move in progress (the view's), or None
        vps = [pi["vp"] for pi in v["players_info"]]
        self.my_vp = vps[me]
        self.opp_vp = max((x for i, x in enumerate(vps) if i != me), default=0)
        #: the view's alien block: when they landed, where they are, their next move
        self.aliens = v.get("aliens") or {}
        self.aliens_out = self.aliens.get("landed") is not None
        self.tiles_left_bag = v.get("bag_size", 0)
        self.gross: dict = {}
        self.bt: dict = {}
        self.esc = self._escalation()
        self.risk = [self._risk(pl) for pl in range(N_PLANETS)]

    # ----- crisis risk ----------------------------------------------------------------
    def _escalation(self) -> list:
        """Chance per planet that this period's escalation dice raise its level (a skull's
        chance per die; the skulls go to skull-marked crisis tiles from Mercury outwards)."""
        marked = [pl for pl in range(N_PLANETS) for t in self.tiles[pl] if t["kind"] == "crisis" and t["skull"]]
        out = [0.0] * N_PLANETS
        if not marked:
            return out
        # P(k skulls among the escalation dice)
        q = self.num.p_skull
        d = self.num.escalation_dice
        pk = [math.comb(d, k) * q ** k * (1 - q) ** (d - k) for k in range(d + 1)]
        for k in range(1, d + 1):
            hit = set(marked[i % len(marked)] for i in range(k))
            for pl in hit:
                out[pl] += pk[k]
        return out

    def p_reach(self, pl: int, threshold: int, level: Optional[float] = None) -> float:
        """Chance that ``pl``'s crisis level reaches ``threshold`` at the end of this period
        or of a later one (new crisis tiles arrive with each period's tiles)."""
        lv = self.level[pl] if level is None else level
        if lv >= threshold:
            now = 0.97
        elif lv == threshold - 1:
            now = self.esc[pl]
        elif lv == threshold - 2:
            now = 0.1 * self.esc[pl]
        else:
            now = 0.0
        rem = self.num.periods - self.period
        if rem <= 0 or pl == GANYMEDE:
            return now
        x = lv + 0.45 * rem - threshold + 0.3
        later = 1.0 / (1.0 + math.exp(-2.2 * x))
        return now + (1 - now) * later

    def _risk(self, pl: int, level: Optional[float] = None) -> float:
        """Chance that a counter on ``pl`` is lost to a crisis before the end (rough)."""
        if self.flipped[pl]:
            return 1.0
        pr = self.p_reach
        if pl == VENUS:
            return min(1.0, pr(pl, 4, level) + 0.3 * pr(pl, 2, level))
        if pl in (MOON,):
            return pr(pl, 4, level)
        if pl == MARS:
            return min(1.0, pr(pl, 4, level) + 0.35 * pr(pl, 2, level))
        if pl == EARTH:
            return 0.35 * pr(pl, 2, level)
        if pl in (KUIPER, TITAN, GANYMEDE):
            if self.alien[pl]:
                return 1.0
            k = pr(KUIPER, 3, level if pl == KUIPER else None) if not self.flipped[KUIPER] else 0.0
            if self.period >= self.num.periods:
                k *= 0.9
            return k * 0.9 + (0.05 if pl == TITAN else 0.0)
        if pl == MERCURY:
            return 0.05
        return 0.0

    def all_lose_risk(self, pl: int, level: Optional[float] = None) -> float:
        """Chance that this planet's crisis ends the game with everybody losing."""
        if pl == EARTH:
            return self.p_reach(EARTH, 4, level)
        if pl == KUIPER and self.period < self.num.periods and not self.aliens_out and not self.flipped[KUIPER]:
            # aliens landing before the last period will advance on Earth
            return 0.9 * self.p_reach(KUIPER, 3, level)
        return 0.0

    # ----- values ---------------------------------------------------------------------
    def money_value(self) -> float:
        return 0.28 if self.period < self.num.periods else 0.12

    def income_gain(self, pl: int, x: int, who: Optional[int] = None) -> float:
        """VP (risk-discounted, plus the money it earns) of ``x`` more income on ``pl``."""
        me = self.seat if who is None else who
        inc = self.inc[pl]
        vp = self.vp[pl]
        mine = inc[me]
        base = planet_vp(inc, vp)[me]
        after = inc[:]
        after[me] = mine + x
        d1 = planet_vp(after, vp)[me] - base
        # a rival catches up: the strongest other income gains a mine
        others = [i for i in range(self.n) if i != me]
        if others:
            q = max(others, key=lambda i: inc[i])
            b2 = inc[:]
            b2[q] += self.num.mine_inc
            a2 = b2[:]
            a2[me] = mine + x
            d2 = planet_vp(a2, vp)[me] - planet_vp(b2, vp)[me]
        else:
            d2 = d1
        gain = 0.55 * d1 + 0.45 * d2
        gain *= (1.0 - self.risk[pl])
        return gain + x * self.left * self.money_value()

    def crisis_relief(self, pl: int) -> float:
        """What removing one crisis tile from ``pl`` is worth to this seat."""
        me = self.seat
        lv = self.level[pl]
        r0, r1 = self._risk(pl, lv), self._risk(pl, lv - 1)
        stake = planet_vp(self.inc[pl], self.vp[pl])[me] + 0.4 * self.units_all[pl][me]
        if pl in (KUIPER,):
            stake += sum(planet_vp(self.inc[q], self.vp[q])[me] for q in (TITAN, GANYMEDE))
        v = (r0 - r1) * stake
        # when several tiles must go, each one is a share of the way (the first removal
        # alone may change nothing)
        a0 = self.all_lose_risk(pl, lv)
        v += max((a0 - self.all_lose_risk(pl, lv - j)) / j for j in (1, 2, 3)) * ALL_LOSE
        if pl in (MOON, MARS):   # an invasion also damages Earth
            v += (self.p_reach(pl, 4, lv) - self.p_reach(pl, 4, lv - 1)) * (0.5 * self.units_all[EARTH][me] + 1.0)
        return max(0.0, v)

    def alien_threat(self) -> float:
        """What destroying one alien does against an all-lose ending (0..1), from the view's
        alien block: the survivors' next move and how many moves are left before the end."""
        nx = self.aliens.get("next")
        if not nx:
            return 0.1
        alive = len(self.aliens.get("on") or ())
        moves_left = self.num.periods - nx["period"] + 1
        reach = self.aliens.get("advanced", 0) + alive * moves_left >= len(self.aliens.get("path") or (0, 0, 0))
        return 1.0 if (nx["reaches_earth"] or reach) else 0.1

    def tension_target_value(self, pl: int, q: int, k: int) -> float:
        """Value of taking ``q``'s mine (k=0) or factory (k=1) on ``pl`` with a tension tile."""
        me = self.seat
        x = self.num.mine_inc if k == 0 else self.num.fac_inc
        inc2 = self.inc[pl][:]
        inc2[q] -= x
        inc2[me] += x
        mine_gain = planet_vp(inc2, self.vp[pl])[me] - planet_vp(self.inc[pl], self.vp[pl])[me]
        their_loss = planet_vp(self.inc[pl], self.vp[pl])[q] - planet_vp(inc2, self.vp[pl])[q]
        return mine_gain * (1 - self.risk[pl]) + 0.35 * their_loss + x * self.left * self.money_value()

    def tension_value(self, pl: int) -> tuple:
        """(best value, defence) of a tension claim on ``pl``."""
        best, best_def = 0.0, 99
        me = self.seat
        for q in range(self.n):
            if q == me:
                continue
            m, f = self.bld[pl][q]
            for k, have in ((0, m), (1, f)):
                if not have or not self.stock["mine" if k == 0 else "factory"]:
                    continue
                val = self.tension_target_value(pl, q, k)
                dfn = self.defence_of(q, pl)
                if val > best or (val == best and dfn < best_def):
                    best, best_def = val, dfn
        return best, best_def

    def defence_of(self, q: int, pl: int) -> int:
        """Tension defence of seat ``q`` on ``pl``: the CP of its units there."""
        o, s = self.units_by_seat[pl][q]
        cp = self.num.unit_cp
        return sum((o[i] + s[i]) * cp[i] for i in range(UNIT_TYPES))

    def tile_value(self, pl: int, t: dict) -> float:
        """Gross value of claiming tile ``t`` on ``pl`` (before its cost)."""
        k = t["kind"]
        if k == "factory":
            return self.income_gain(pl, self.num.fac_inc) if self.stock["factory"] else -1.0
        if k == "mine":
            return self.income_gain(pl, self.num.mine_inc) if self.stock["mine"] else -1.0
        if k == "draw2":
            return 2 * AVG_CARD * (0.8 if self.period == self.num.periods else 1.0)
        if k == "windfall":
            return self.num.windfall * self.money_value() + 0.1
        if k == "biggame":
            return float(self.num.kept_vp)
        if k == "crisis":
            return self.num.kept_vp + self.crisis_relief(pl)
        if k == "alien":
            return self.num.alien_vp + self.alien_threat() * ALL_LOSE
        if k == "tension":
            return self.tension_value(pl)[0]
        return 0.0


# ------------------------------------------------------------------------------------------
# the bot
# ------------------------------------------------------------------------------------------
class VenusHeuristic(Bot):
    """A competent rule-of-thumb player of Onward to Venus (see the module docstring).

    >>> from cosmodrome.games.venus import GAME
    >>> s = GAME.new_state(3, seed=2)
    >>> VenusHeuristic(seed=1).choose(s) in s.legal_actions()
    True
    """

    name = "heuristic"
    PARAMS: dict = {"strict": bool}

    def __init__(self, seed: int = 0, strict: Any = False, **params: Any) -> None:
        super().__init__(seed, **params)
        #: raise instead of falling back to a random choice when a known decision kind
        #: cannot be handled (tests use it to catch a heuristic that silently degrades)
        self.strict = strict in (True, "1", "true", "yes", "on")
        #: decisions settled by the random fallback so far
        self.fallbacks = 0
        #: the numbers of the game being played (:func:`numbers`), set by :meth:`choose`
        self.num = numbers()

    # ----- entry ------------------------------------------------------------------------
    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self.num = num = numbers(state.comp)   # the components: public, as printed or a variant's
        d = state.decision()
        kind = d.kind
        opts = [dict(c.data, action=c.action, label=c.label) for c in d.options]
        light = _LIGHT.get(kind)
        if light is not None:
            a = light(self, opts, d.prompt)
            if a is not None and a in legal:
                return a
        handler = getattr(self, "_d_" + kind, None)
        if handler is not None:
            try:
                v = state.view(d.seat)
                a = handler(Table(v, num), opts, {"kind": kind, "prompt": d.prompt}, v)
                if a is not None and a in legal:
                    return a
            except (KeyError, IndexError, TypeError, ValueError, ZeroDivisionError, AttributeError):
                if self.strict:
                    raise
        if self.strict and handler is not None:
            raise AssertionError(f"heuristic: no legal choice for a {kind!r} decision")
        self.fallbacks += 1
        return self._fallback(legal)

    def _fallback(self, legal: list) -> int:
        pool = [a for a in legal if a not in (A_PASS, A_DONE)] or legal
        return pool[self.rng.below(len(pool))]

    # ----- shared evaluation ------------------------------------------------------------
    @staticmethod
    def _card_cp(t: Table, pl: int, kind: str) -> list:
        """CP cards usable for a claim of ``kind`` on ``pl``: [(cp, effect)]."""
        out = []
        cp_of, cp_where = t.num.cp_of, t.num.cp_where
        for e in t.hand:
            if e in cp_of:
                out.append((cp_of[e], e))
            elif e in cp_where:
                wpl, wk, cp = cp_where[e]
                if wpl == pl and (wk is None or wk == kind):
                    out.append((cp, e))
        return out

    def _claim_net(self, t: Table, pl: int, tile: dict, force: list, card_cp: Optional[int] = None) -> float:
        """Net value of trying to claim ``tile`` on ``pl`` with ``force`` (inf, ship, tank in orbit)."""
        if not any(force):
            return -9.0
        key = (pl, tile["slot"])
        gross = t.gross.get(key)
        if gross is None:
            gross = t.gross[key] = t.tile_value(pl, tile)
        if gross <= 0:
            return -1.0
        k = tile["kind"]
        if k in ("factory", "draw2", "windfall", "biggame"):
            u = min((USE_COST[i] for i in range(UNIT_TYPES) if force[i]), default=0.5)
            return gross - u * self._use_scale(t)
        if k == "tension":
            _, dfn = t.tension_value(pl)
        else:
            dfn = (tile.get("defence") or 0) + (t.num.gun_bonus * t.gunrunners[pl] if k == "crisis" else 0)
        ck = (pl, k)
        hit = t.gross.get(ck)
        if hit is None:
            cards = self._card_cp(t, pl, k)
            tot = sum(c for c, _ in cards)
            per = (sum(CARD_VALUE[e] for _, e in cards) / max(1, tot)) if cards else 0.4
            hit = t.gross[ck] = (tot, per)
        ccp = hit[0] if card_cp is None else card_cp
        per_card_cp = hit[1]
        num = t.num
        ucp = _force_cp(num.unit_cp, force)
        # keep some of the cards for later fights: count on them at a discount
        avail = ucp + 0.8 * ccp
        p = num.p_payable(dfn, avail)
        if p <= 0.05:
            return -2.0
        need = dfn + num.spread_mean
        # cost: units first, then cards
        units_used = min(ucp, need)
        cards_used = max(0.0, need - units_used)
        cost = units_used * 0.3 * self._use_scale(t) + cards_used * per_card_cp
        cost += num.combat_dice * num.p_skull * 0.7 * 0.7           # casualties
        return p * gross - cost - (1 - p) * 0.4

    @staticmethod
    def _use_scale(t: Table) -> float:
        """Sending units down costs less late in the period (they come back anyway)."""
        return 0.6 + 0.1 * min(t.cubes, 6)

    def _best_tile(self, t: Table, pl: int, force: list, skip_slot: int = -1) -> tuple:
        """(net value, slot) of the best claim on ``pl`` with ``force``."""
        if t.flipped[pl]:
            return -9.0, -1
        # the claim value depends on the force only through its CP and its cheapest unit
        key = (pl, _force_cp(t.num.unit_cp, force), 0 if force[0] else (2 if force[2] else 1), skip_slot)
        hit = t.bt.get(key)
        if hit is not None:
            return hit
        best, slot = -9.0, -1
        has_alien = t.alien[pl]
        seen = set()
        for tile in t.tiles[pl]:
            if tile["slot"] == skip_slot:
                continue
            if has_alien and tile["kind"] != "alien":
                continue
            sig = (tile["kind"], tile.get("defence"), tile.get("skull"))
            if sig in seen:
                continue
            seen.add(sig)
            v = self._claim_net(t, pl, tile, force)
            if v > best:
                best, slot = v, tile["slot"]
        t.bt[key] = (best, slot)
        return best, slot

    def _claim_plans(self, t: Table) -> list:
        """[(value, planet, slot)] for claims from units already in orbit."""
        out = []
        for pl in range(N_PLANETS):
            f = t.orbit[pl]
            if not any(f) or not t.tiles[pl]:
                continue
            v, slot = self._best_tile(t, pl, f)
            if slot >= 0:
                out.append((v, pl, slot))
        out.sort(reverse=True)
        return out

    def _potential(self, t: Table, pl: int, force: list) -> float:
        if not any(force) or not t.tiles[pl]:
            return 0.0
        v, _ = self._best_tile(t, pl, force)
        return max(0.0, v)

    def _group_options(self, t: Table, src: int) -> list:
        o = t.orbit[src]
        ships, inf = o[1], o[0]
        sh = sorted({1, ships}) if ships else []
        ins = sorted({0, min(inf, 1), min(inf, 3), inf})
        return [(s, i) for s in sh for i in ins]

    def _move_value(self, t: Table, src: int, ships: int, inf: int, dest: int, allowance: int) -> float:
        if dest == src:
            return -9.0
        d = t.num.distance(src, dest)
        if d > allowance:
            return -9.0
        o_src = t.orbit[src]
        o_dst = t.orbit[dest]
        g = [inf, ships, 0]
        after_dst = [o_dst[i] + g[i] for i in range(UNIT_TYPES)]
        after_src = [o_src[i] - g[i] for i in range(UNIT_TYPES)]
        lam = 0.55
        val = 0.0
        if d < allowance and not t.flipped[dest]:
            now, _ = self._best_tile(t, dest, after_dst)
            if now > 0:
                val += now
                # what stays possible there afterwards
                val += lam * 0.5 * max(0.0, self._potential(t, dest, after_dst) - max(0.0, now))
        gain = self._potential(t, dest, after_dst) - self._potential(t, dest, o_dst)
        if gain > 4.0 and val <= 0:
            lam_d = 0.85     # a big prize (a crisis threatening everybody, an alien) is worth a trip
        else:
            lam_d = lam * (0.5 if val > 0 else 1.0)
        val += lam_d * gain
        val -= lam * (self._potential(t, src, o_src) - self._potential(t, src, after_src))
        # stranded infantry at the source cannot follow later
        if after_src[0] > 0 and after_src[1] == 0 and src != EARTH:
            val -= 0.1 * after_src[0]
        # danger: units sent to a planet about to be wiped
        val -= 0.3 * t.risk[dest] * (inf + ships) * (1 if dest in (VENUS, KUIPER, TITAN, GANYMEDE) else 0)
        return val - 0.15

    def _move_plans(self, t: Table, extra_allow: int = 0) -> list:
        """[(value, src, ships, inf, dest)] moves with the base allowance (+ cards)."""
        out = []
        allow = 2 + extra_allow
        for src in range(N_PLANETS):
            if not t.orbit[src][1]:
                continue
            for ships, inf in self._group_options(t, src):
                for dest in t.num.reach[src][min(allow, 6)]:
                    v = self._move_value(t, src, ships, inf, dest, allow)
                    if v > -9:
                        out.append((v, src, ships, inf, dest))
        out.sort(reverse=True)
        return out

    def _build_options(self, t: Table) -> list:
        """[(value, unit, planet)] for one unit."""
        out = []
        pound = t.money_value()   # what £1 is worth to the seat now
        free = sum(sum(o) for o in t.orbit)
        ships_total = sum(t.orbit[pl][1] + t.surface[pl][1] for pl in range(N_PLANETS))
        short = 1.2 if free <= 1 else (0.7 if free <= 3 else 0.25)
        if t.cubes <= 1:
            short *= 0.5
        for u in range(UNIT_TYPES):
            cost = t.num.unit_cost[u]
            if t.money < cost or not t.stock[UNITS[u]]:
                continue
            for pl in range(N_PLANETS):
                if u == 0 and pl != EARTH:
                    continue
                if u > 0 and pl != EARTH and not t.bld[pl][t.seat][1]:
                    continue
                if t.flipped[pl]:
                    continue
                o = t.orbit[pl]
                after = o[:]
                after[u] += 1
                gain = self._potential(t, pl, after) - self._potential(t, pl, o)
                v = 0.6 * gain + short
                if u == 1:
                    v += 0.5 if ships_total <= 1 else (0.2 if ships_total <= 3 else 0.0)
                    if o[0] >= 2 and not o[1]:
                        v += 0.4
                if u == 0:
                    v += 0.15 if o[1] else -0.2
                if u == 2:
                    v += 0.1 * sum(1 for tl in t.tiles[pl] if tl["kind"] in ("mine", "tension", "crisis"))
                v -= cost * pound
                out.append((v, u, pl))
        out.sort(reverse=True)
        return out

    def _card_action_value(self, t: Table, e: str, v: dict) -> float:
        pound = t.money_value()   # what £1 is worth to the seat now
        num = t.num
        if e == "take3":
            return num.take_money * pound + 0.05
        if e == "income_mines":
            return sum(t.bld[pl][t.seat][0] for pl in range(N_PLANETS)) * pound
        if e == "draw4keep2":
            return num.keeps * AVG_CARD * 1.1 - CARD_VALUE[e]
        if e == "buy3cards":
            return num.buy_drawn * AVG_CARD - num.buy_cost * pound - CARD_VALUE[e] if t.money >= 5 else -1
        if e == "take_biggame":
            return float(num.kept_vp)
        if e == "gunrunner":
            return num.gunrunner_money * pound - 0.1
        if e in ("force_discard2", "look_swap"):
            return 0.35
        if e in ("kill_unit", "kill_ship", "kill_infantry"):
            return 0.3
        if e == "place_tension":
            return 0.2
        if e == "remove_tension":
            mine_threat = any(tl["kind"] == "tension" and any(t.bld[pl][t.seat])
                              for pl in range(N_PLANETS) for tl in t.tiles[pl])
            return 0.8 if mine_threat else -1
        if e == "cycle3":
            low = sorted(CARD_VALUE.get(x, 0.5) for x in t.hand if x != "cycle3")[:num.cycle_discards]
            return sum(max(0.0, AVG_CARD - x) for x in low) + AVG_CARD * 0.5 - 0.3
        return -1.0

    # ----- the action menu --------------------------------------------------------------
    def _best_plan(self, t: Table, opts: list, v: dict) -> tuple:
        acts = {o["action"]: o for o in opts}
        cands = []
        if A_CLAIM in acts:
            cp = self._claim_plans(t)
            if cp:
                cands.append((cp[0][0], A_CLAIM))
        if A_MOVE in acts:
            mp = self._move_plans(t, self._move_bonus(t))
            if mp:
                cands.append((mp[0][0], A_MOVE))
        if A_BUILD in acts:
            bo = self._build_options(t)
            if bo:
                val = bo[0][0] + max(0.0, bo[1][0] if len(bo) > 1 else 0.0) * 0.5
                cands.append((val, A_BUILD))
        for a, o in acts.items():
            e = o.get("card")
            if a >= A_CARD and e:
                types = t.num.effect_type
                typ = types[a - A_CARD] if a - A_CARD < len(types) else ""
                if typ == "action":
                    cands.append((self._card_action_value(t, e, v), a))
        best = max(cands) if cands else (-9.0, None)
        return best, cands, acts

    @staticmethod
    def _move_bonus(t: Table) -> int:
        steps = t.num.move_steps
        return (steps["move1"] if "move1" in t.hand else 0) + (steps["move2"] if "move2" in t.hand else 0)

    def _next_action_value(self, t: Table) -> float:
        """What one more action would be worth now (the best claim, move or build), for the
        menu that follows the last action, where only free-action cards are offered."""
        vals = [-9.0]
        cp = self._claim_plans(t)
        if cp:
            vals.append(cp[0][0])
        mp = self._move_plans(t, self._move_bonus(t))
        if mp:
            vals.append(mp[0][0])
        bo = self._build_options(t)
        if bo:
            vals.append(bo[0][0])
        return max(vals)

    def _d_action(self, t: Table, opts: list, dec: dict, v: dict) -> Optional[int]:
        (best_v, best_a), cands, acts = self._best_plan(t, opts, v)
        used_up = dec["kind"] == "free_action"
        if used_up and any(o.get("card") == "another_action" for o in opts):
            best_v = max(best_v, self._next_action_value(t))   # actions used up: is one more worth a card?
        if used_up and t.cubes > 1:
            for a, o in acts.items():
                if o.get("card") == "free_pass":
                    return a             # a card for nothing (the last cube is left to others)
        # free actions first
        for a, o in acts.items():
            e = o.get("card")
            if not e:
                continue
            if e == "another_action" and best_v >= 1.2:
                return a
            if e in ("infantry_up", "tank_up"):
                return a
            if e == "free_build":
                bo = self._build_options(t)
                if bo and bo[0][0] > 0.4:
                    return a
        pass_a = A_PASS if A_PASS in acts else (A_DONE if A_DONE in acts else None)
        pass_v = AVG_CARD if pass_a == A_PASS else 0.0
        if pass_a == A_PASS and t.cubes <= 1:
            pass_v = 0.2      # the last cube ends the phase for everybody
        if best_a is None or best_v < pass_v:
            if pass_a == A_PASS:
                for a, o in acts.items():
                    if o.get("card") == "free_pass" and t.cubes > 1:
                        return a
            if pass_a is not None:
                return pass_a
        return best_a

    def _d_free_action(self, t: Table, opts: list, dec: dict, v: dict) -> Optional[int]:
        """The turn's actions are used up: free-action cards or end the turn."""
        return self._d_action(t, opts, dec, v)

    # ----- claim ------------------------------------------------------------------------
    def _d_claim_planet(self, t: Table, opts: list, dec: dict, v: dict) -> Optional[int]:
        best, pick = -99.0, None
        for o in opts:
            pl = t.index.get(o.get("planet"))
            if pl is None:
                continue
            val, _ = self._best_tile(t, pl, t.orbit[pl])
            if val > best:
                best, pick = val, o["action"]
        return pick

    def _pick_tile(self, t: Table, opts: list, force_of) -> Optional[int]:
        best, pick = -99.0, None
        for o in opts:
            pl = t.index.get(o.get("planet"))
            slot = o.get("tile")
            if pl is None or slot is None:
                continue
            tile = next((x for x in t.tiles[pl] if x["slot"] == slot), None)
            if tile is None:
                continue
            val = self._claim_net(t, pl, tile, force_of(pl))
            if val > best:
                best, pick = val, o["action"]
        return pick, best

    def _d_claim_tile(self, t: Table, opts: list, dec: dict, v: dict) -> Optional[int]:
        return self._pick_tile(t, opts, lambda pl: t.orbit[pl])[0]

    def _d_move_claim(self, t: Table, opts: list, dec: dict, v: dict) -> Optional[int]:
        pick, best = self._pick_tile(t, [o for o in opts if o["action"] != A_DONE], lambda pl: t.orbit[pl])
        if pick is None or best <= 0.05:
            return A_DONE
        return pick

    def _d_claim_unit(self, t: Table, opts: list, dec: dict, v: dict) -> Optional[int]:
        # the planet: the one being claimed on holds an orbit unit of each offered type
        have = {UIDX[o["unit"]]: o["action"] for o in opts if o.get("unit") in UIDX}
        for u in (0, 2, 1):
            if u in have:
                return have[u]
        return None

    def _d_tension_target(self, t: Table, opts: list, dec: dict, v: dict) -> Optional[int]:
        best, pick = -99.0, None
        for o in opts:
            if "seat" in o:
                q = o["seat"]
                pl = t.index[o["target_planet"]]     # the planet of the tension tile
                m, f = t.bld[pl][q]
                val = max(t.tension_target_value(pl, q, k) for k, have in ((0, m), (1, f))
                          if have and t.stock["mine" if k == 0 else "factory"]) - 0.3 * t.defence_of(q, pl)
            elif "building" in o:
                if not t.stock[o["building"]]:
                    val = -1.0
                else:
                    val = t.tension_target_value(t.index[o["planet"]], o["owner"], 0 if o["building"] == "mine" else 1)
            else:
                continue
            if val > best:
                best, pick = val, o["action"]
        return pick

    # ----- moves ------------------------------------------------------------------------
    def _d_move_from(self, t: Table, opts: list, dec: dict, v: dict) -> Optional[int]:
        mp = self._move_plans(t, self._move_bonus(t))
        srcs = {t.index.get(o.get("planet")): o["action"] for o in opts}
        for val, src, ships, inf, dest in mp:
            if src in srcs:
                return srcs[src]
        return None

    def _plan_from(self, t: Table, src: int, ships: Optional[int]) -> Optional[tuple]:
        best = None
        bonus = self._move_bonus(t)
        o = t.orbit[src]
        ship_opts = [ships] if ships is not None else sorted({1, o[1]})
        inf_opts = sorted({0, min(o[0], 1), min(o[0], 2), min(o[0], 3), o[0]})
        for s in ship_opts:
            for i in inf_opts:
                allow = t.num.move_allowance + bonus
                for dest in t.num.reach[src][min(allow, 6)]:
                    val = self._move_value(t, src, s, i, dest, allow)
                    if best is None or val > best[0]:
                        best = (val, s, i, dest)
        return best

    def _d_move_ships(self, t: Table, opts: list, dec: dict, v: dict) -> Optional[int]:
        move = t.move or {}
        src = t.index.get(move.get("from"))
        if src is None:
            return None
        p = self._plan_from(t, src, None)
        want = p[1] if p else 1
        return self._count_pick(opts, want)

    def _d_move_infantry(self, t: Table, opts: list, dec: dict, v: dict) -> Optional[int]:
        move = t.move or {}
        src = t.index.get(move.get("from"))
        if src is None:
            return None
        p = self._plan_from(t, src, move.get("ships") or 1)
        want = p[2] if p else 0
        return self._count_pick(opts, want)

    def _d_move_tanks(self, t: Table, opts: list, dec: dict, v: dict) -> Optional[int]:
        return self._count_pick(opts, 99)

    @staticmethod
    def _count_pick(opts: list, want: int) -> Optional[int]:
        best, pick = None, None
        for o in opts:
            c = o.get("count")
            if c is None:
                continue
            d = abs(c - want)
            if best is None or d < best:
                best, pick = d, o["action"]
        return pick

    def _d_move_dest(self, t: Table, opts: list, dec: dict, v: dict) -> Optional[int]:
        move = t.move or {}
        src = t.index.get(move.get("from"))
        if src is None:
            return None
        ships, inf, allow = move.get("ships", 1), move.get("infantry", 0), move.get("allowance", t.num.move_allowance)
        best, pick = -99.0, None
        for o in opts:
            pl = t.index.get(o.get("planet"))
            if pl is None:
                continue
            val = self._move_value(t, src, ships, inf, pl, allow)
            if val > best:
                best, pick = val, o["action"]
        # would a movement card reach a better claim?
        for o in opts:
            e = o.get("card")
            if e in ("move1", "move2"):
                extra = t.num.move_steps[e]
                for pl in range(N_PLANETS):
                    val = self._move_value(t, src, ships, inf, pl, allow + extra) - CARD_VALUE[e] - 0.1
                    if val > best + 0.3:
                        best, pick = val, o["action"]
        return pick

    # ----- build ------------------------------------------------------------------------
    def _d_build(self, t: Table, opts: list, dec: dict, v: dict) -> Optional[int]:
        bo = self._build_options(t)
        table = {}
        for o in opts:
            if "unit" in o and "planet" in o:
                table[(UIDX[o["unit"]], t.index[o["planet"]])] = o["action"]
        second = any(o["action"] == A_DONE for o in opts)
        for val, u, pl in bo:
            if (u, pl) in table:
                if second and val < 0.0:
                    return A_DONE
                return table[(u, pl)]
        return A_DONE if second else None

    # ----- combat -----------------------------------------------------------------------
    def _combat_tile_value(self, t: Table, cb: dict) -> tuple:
        """Value of the tile fought for, from the view's combat data (kind, printed defence,
        skull mark; for tension the declared target)."""
        pl = cb["planet_index"]
        kind = cb["kind"]
        tgt = cb.get("target")
        if kind == "tension" and tgt:
            return t.tension_target_value(pl, tgt["seat"], 0 if tgt["building"] == "mine" else 1), pl, kind
        tile = {"kind": kind, "defence": cb.get("printed_defence"), "skull": cb.get("skull", False)}
        return t.tile_value(pl, tile), pl, kind

    def _pay_plan(self, t: Table, pl: int, kind: str, need: int, opts: list) -> Optional[tuple]:
        """Cheapest (cost, first action) reaching ``need`` CP from offered units and cards."""
        items = []   # (cp, cost, action, is_unit)
        acts = {}
        for o in opts:
            if o.get("unit") in UIDX:
                acts[("u", UIDX[o["unit"]])] = o["action"]
            elif o.get("card"):
                acts[("c", o["card"])] = o["action"]
        scale = self._use_scale(t)
        for u in range(UNIT_TYPES):
            if ("u", u) in acts:
                for _ in range(t.orbit[pl][u]):
                    items.append((t.num.unit_cp[u], USE_COST[u] * scale * 0.8, acts[("u", u)], True))
        for cp, e in self._card_cp(t, pl, kind):
            if ("c", e) in acts:
                items.append((cp, CARD_VALUE[e], acts[("c", e)], False))
        if "sacrifice_unit" in t.hand and ("c", "sacrifice_unit") in acts:
            items.append((t.num.sacrifice_cp, CARD_VALUE["sacrifice_unit"] + LOSS_COST[0],
                          acts[("c", "sacrifice_unit")], False))
        if need <= 0:
            return (0.0, None)
        # knapsack: min cost to reach >= need
        INF_ = float("inf")
        best = [(INF_, ())] * (need + 1)
        best[0] = (0.0, ())
        for idx, (cp, cost, a, isu) in enumerate(items):
            for k in range(need, -1, -1):
                if best[k][0] == INF_:
                    continue
                nk = min(need, k + cp)
                c = best[k][0] + cost
                if c < best[nk][0]:
                    best[nk] = (c, best[k][1] + (idx,))
        if best[need][0] == INF_:
            return None
        chosen = [items[i] for i in best[need][1]]
        units = [it for it in chosen if it[3]]
        first = (min(units, key=lambda it: it[1]) if units else min(chosen, key=lambda it: it[1]))
        return best[need][0], first[2], bool(units)

    def _d_combat(self, t: Table, opts: list, dec: dict, v: dict) -> Optional[int]:
        cb = v.get("combat")
        if not cb:
            return None
        acts = {}
        for o in opts:
            if o.get("card"):
                acts[o["card"]] = o["action"]
        unit_acts = {UIDX[o["unit"]]: o["action"] for o in opts if o.get("unit") in UIDX}
        value, pl, kind = self._combat_tile_value(t, cb)
        cost, paid, skulls = cb["cost"], cb["paid"], cb["skulls"]
        need = cost - paid
        committed = not cb["needs_unit"]     # a unit of this combat has gone down
        if need <= 0:
            if skulls > 0 and "ignore_skull" in acts:
                return acts["ignore_skull"]
            if committed or not unit_acts:
                return A_DONE
            # at least one unit must go down
            for u in (0, 2, 1):
                if u in unit_acts:
                    return unit_acts[u]
            return A_DONE
        # improve the dice first
        dice = cb.get("dice") or []
        if "discard_die" in acts and cb.get("discarded") is None and len(dice) == t.num.combat_dice > 1:
            best_cost = min(max(d for j, d in enumerate(dice) if j != i) - min(d for j, d in enumerate(dice) if j != i)
                            for i in range(len(dice)))
            spread = max(dice) - min(dice)
            if spread - best_cost >= 2 or (0 in dice and skulls > 0 and spread - best_cost >= 1):
                return acts["discard_die"]
        plan = self._pay_plan(t, pl, kind, need, opts)
        if plan is None or plan[0] > value + 0.2:
            if "reroll" in acts and paid == 0 and value > 1.5 and (cost - cb["defence"]) >= 3:
                return acts["reroll"]
            if plan is None or paid == 0:
                return A_DONE
            # already paid something: finish only if the rest is still cheap relative to value
            if plan[0] > value + 0.8:
                return A_DONE
        return plan[1]

    def _d_reroll(self, t: Table, opts: list, dec: dict, v: dict) -> Optional[int]:
        cb = v.get("combat") or {}
        dice = cb.get("dice") or []
        if len(dice) != t.num.combat_dice:
            return None
        best, pick = None, None
        for o in opts:
            idx = o["dice"]                  # the dice this option re-rolls
            # expected spread after re-rolling idx
            tot, n = 0.0, 0
            def rec(j, cur):
                nonlocal tot, n
                if j == len(idx):
                    tot += max(cur) - min(cur) + 2.5 * sum(1 for x in cur if x == 0) * 0.3
                    n += 1
                    return
                for f in t.num.faces:
                    c2 = cur[:]
                    c2[idx[j]] = f
                    rec(j + 1, c2)
            rec(0, list(dice))
            e = tot / n
            if best is None or e < best:
                best, pick = e, o["action"]
        return pick

    def _d_discard_die(self, t: Table, opts: list, dec: dict, v: dict) -> Optional[int]:
        cb = v.get("combat") or {}
        dice = cb.get("dice") or []
        best, pick = None, None
        for o in opts:
            i = o.get("die")
            if i is None or i >= len(dice):
                continue
            rest = [d for j, d in enumerate(dice) if j != i]
            val = max(rest) - min(rest) + 0.5 * sum(1 for x in rest if x == 0)
            if best is None or val < best:
                best, pick = val, o["action"]
        return pick

    def _lose_unit(self, opts: list) -> Optional[int]:
        have = {UIDX[o["unit"]]: o["action"] for o in opts if o.get("unit") in UIDX}
        for u in (0, 2, 1):
            if u in have:
                return have[u]
        return None

    def _d_casualty(self, t, opts, dec, v):
        return self._lose_unit(opts)

    def _d_sacrifice(self, t, opts, dec, v):
        return self._lose_unit(opts)

    def _lose_building(self, t: Table, opts: list) -> Optional[int]:
        best, pick = None, None
        for o in opts:
            if "building" not in o:
                continue
            pl = t.index[o["planet"]]
            x = t.num.mine_inc if o["building"] == "mine" else t.num.fac_inc
            inc2 = t.inc[pl][:]
            inc2[t.seat] -= x
            loss = (planet_vp(t.inc[pl], t.vp[pl])[t.seat] - planet_vp(inc2, t.vp[pl])[t.seat]) + x * t.left * 0.28
            if best is None or loss < best:
                best, pick = loss, o["action"]
        return pick

    def _d_uprising(self, t, opts, dec, v):
        return self._lose_unit(opts) or self._lose_building(t, opts)

    def _d_damage(self, t, opts, dec, v):
        return self._lose_unit(opts) or self._lose_building(t, opts)

    def _d_lose_building(self, t, opts, dec, v):
        return self._lose_building(t, opts)

    def _d_pirates(self, t, opts, dec, v):
        if any(o["action"] == A_DONE for o in opts):
            return A_DONE
        return self._lose_building(t, opts)

    # ----- reactions and card decisions -------------------------------------------------
    def _d_reaction(self, t, opts, dec, v):
        # save a unit, return it to Earth, one more action, take a played card back: all
        # worth more than the reaction card itself
        return A_YES

    def _card_pick(self, t: Table, opts: list, lowest: bool) -> Optional[int]:
        best, pick = None, None
        for o in opts:
            e = o.get("card")
            if not e:
                continue
            val = self._hold_value(t, e)
            if best is None or (val < best if lowest else val > best):
                best, pick = val, o["action"]
        return pick

    @staticmethod
    def _hold_value(t: Table, e: str) -> float:
        val = CARD_VALUE.get(e, 0.5)
        if e == "cp2_venus" and t.flipped[VENUS]:
            val = 0.0
        if e == "cp3_moon" and t.flipped[MOON]:
            val = 0.0
        if t.period == t.num.periods and e in ("take3", "income_mines", "gunrunner"):
            val *= 0.4
        return val

    def _d_hand_limit(self, t, opts, dec, v):
        return self._card_pick(t, opts, True)

    def _d_draw4(self, t, opts, dec, v):
        return self._card_pick(t, opts, True)

    def _d_look_give(self, t, opts, dec, v):
        return self._card_pick(t, opts, True)

    def _d_look_take(self, t, opts, dec, v):
        return self._card_pick(t, [o for o in opts if o["action"] != A_DONE], False)

    def _d_cycle(self, t, opts, dec, v):
        pick = self._card_pick(t, [o for o in opts if o["action"] != A_DONE], True)
        if pick is None:
            return A_DONE
        e = next(o.get("card") for o in opts if o["action"] == pick)
        return pick if self._hold_value(t, e) < AVG_CARD else A_DONE

    def _leader(self, t: Table, v: dict, seats: list) -> Optional[int]:
        info = v["players_info"]
        best, pick = None, None
        for q in seats:
            key = (info[q]["vp"], info[q]["income"], info[q]["hand_size"])
            if best is None or key > best:
                best, pick = key, q
        return pick

    def _seat_pick(self, t: Table, opts: list, v: dict) -> Optional[int]:
        seats = {o["seat"]: o["action"] for o in opts if "seat" in o and o["seat"] != t.seat}
        q = self._leader(t, v, list(seats))
        return seats.get(q)

    def _d_force_discard(self, t, opts, dec, v):
        return self._seat_pick(t, opts, v)

    def _d_look(self, t, opts, dec, v):
        seats = {o["seat"]: o["action"] for o in opts if "seat" in o}
        info = v["players_info"]
        q = max(seats, key=lambda s: (info[s]["hand_size"], -s), default=None)
        return seats.get(q)

    def _d_kill_where(self, t, opts, dec, v):
        # another seat's unit in orbit can still act this period; one on the surface is spent
        # until phase six, so take the one in orbit (own units: the spent one)
        want = "surface" if opts and opts[0].get("owner") == t.seat else "orbit"
        return next((o["action"] for o in opts if o.get("from") == want), None)

    def _d_kill_seat(self, t, opts, dec, v):
        return self._seat_pick(t, opts, v)

    def _d_kill_unit(self, t, opts, dec, v):
        best, pick = None, None
        for o in opts:
            if "unit" not in o or "planet" not in o:
                continue
            u, pl = UIDX[o["unit"]], t.index[o["planet"]]
            val = (1.0, 1.6, 1.3)[u] + (0.8 if any(t.bld[pl][t.seat]) else 0.0)
            if best is None or val > best:
                best, pick = val, o["action"]
        return pick

    def _d_bazagthoth(self, t, opts, dec, v):
        cands = [o for o in opts if o["action"] != A_DONE]
        if not cands:
            return A_DONE
        if "seat" in cands[0]:
            return self._seat_pick(t, cands, v)
        if "building" in cands[0]:
            best, pick = None, None
            for o in cands:
                pl = t.index[o["planet"]]
                x = t.num.mine_inc if o["building"] == "mine" else t.num.fac_inc
                q = o["owner"]               # whose counter it is
                inc2 = t.inc[pl][:]
                inc2[q] -= x
                gain = planet_vp(inc2, t.vp[pl])[t.seat] - planet_vp(t.inc[pl], t.vp[pl])[t.seat] + 0.3 * x
                if best is None or gain > best:
                    best, pick = gain, o["action"]
            return pick
        return self._d_kill_unit(t, cands, dec, v)

    def _d_gunrunner(self, t, opts, dec, v):
        best, pick = None, None
        for o in opts:
            pl = t.index.get(o.get("planet"))
            if pl is None:
                continue
            harm = t.crisis_relief(pl) + (3.0 if pl in (EARTH, KUIPER) else 0.0)
            if best is None or harm < best:
                best, pick = harm, o["action"]
        return pick

    def _d_place_tension(self, t, opts, dec, v):
        best, pick = None, None
        for o in opts:
            pl = t.index.get(o.get("planet"))
            if pl is None:
                continue
            mine_units = sum(t.orbit[pl])
            theirs = sum(1 for q in range(t.n) if q != t.seat and any(t.bld[pl][q]))
            val = mine_units * 0.5 + theirs - (2.0 if any(t.bld[pl][t.seat]) else 0.0)
            if best is None or val > best:
                best, pick = val, o["action"]
        return pick

    def _d_remove_tension(self, t, opts, dec, v):
        best, pick = None, None
        for o in opts:
            pl = t.index.get(o.get("planet"))
            if pl is None:
                continue
            val = t.inc[pl][t.seat]
            if best is None or val > best:
                best, pick = val, o["action"]
        return pick

    def _d_take_biggame(self, t, opts, dec, v):
        return opts[0]["action"] if opts else None

    def _d_unit_up(self, t, opts, dec, v):
        best, pick = None, None
        for o in opts:
            pl = t.index.get(o.get("planet"))
            if pl is None:
                continue
            val = self._potential(t, pl, [t.orbit[pl][0] + 1, t.orbit[pl][1], t.orbit[pl][2]])
            if best is None or val > best:
                best, pick = val, o["action"]
        return pick


# decisions settled from the options alone (no view needed: cheaper)
def _light_lose_unit(bot, opts, prompt):
    return bot._lose_unit(opts)


def _light_pay_pirates(bot, opts, prompt):
    return A_DONE if any(o["action"] == A_DONE for o in opts) else None


def _light_yes(bot, opts, prompt):
    return A_YES if any(o["action"] == A_YES for o in opts) else None


def _light_return_unit(bot, opts, prompt):
    """Return the dearest of the eliminated units to Earth orbit."""
    units = [o for o in opts if o.get("unit") in UIDX]
    if not units:
        return None
    cost = bot.num.unit_cost
    return max(units, key=lambda o: cost[UIDX[o["unit"]]])["action"]


def _light_first(bot, opts, prompt):
    return opts[0]["action"] if opts else None


def _light_all(bot, opts, prompt):
    return VenusHeuristic._count_pick(opts, 99)


_LIGHT = {
    "claim_unit": _light_lose_unit,      # land the cheapest unit: infantry, tank, then ship
    "casualty": _light_lose_unit,
    "sacrifice": _light_lose_unit,
    "pirates": _light_pay_pirates,
    "reaction": _light_yes,
    "return_unit": _light_return_unit,
    "take_biggame": _light_first,
    "move_tanks": _light_all,
}
