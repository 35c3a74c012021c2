"""A heuristic player for Cosmic Run: Rapid Fire. It decides from the seat's view, the legal
actions and their JSON details only (never the state's internals).

Plan: draft the die that lifts a ship furthest (the lowest ship first, because of the Armada
rule), attack ships that can be hurt, keep a defensive missile for hits that matter, step up
where the circle above is open and sidestep to an open column otherwise, put useless dice in
the cargo bay.

In the solo game it plays for the mission (RB: The Solo Game: all three planets before any of
Zorlord's ships, and a higher technology score at the last one): technology dice weigh more
the further Zorlord's score is ahead, the last ship waits below its planet until the score is
ahead, dice Zorlord would take next are judged by the harm they do in his hands, he is handed
the least harmful die, and the control panel is kept for making him re-roll a die that would
land one of his ships or destroy one of yours.

>>> from cosmodrome.games.cosmic_run import GAME
>>> s = GAME.new_state(2, seed=1)
>>> CosmicRunHeuristic(seed=0).choose(s) in s.legal_actions()
True
"""

from __future__ import annotations

from cosmodrome.core import Bot, State
from cosmodrome.games.cosmic_run.grid import MINE_BIT, SHEET_TRACKS, TRACK_COLUMNS


class CosmicRunHeuristic(Bot):
    name = "heuristic"
    #: solo: the technology lead aimed at is TARGET[0] + TARGET[1] * rows left to climb; a
    #: technology die is worth NEED[0] + NEED[1] * (aim - lead), at most NEED[2]
    TARGET = (3.0, 0.1)
    NEED = (1.2, 0.3, 4.0)

    def choose(self, state: State) -> int:
        seat = state.to_move()
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        v = state.view(seat)
        acts = {a: state.action_json(a) for a in legal}
        kind = v["decision"]
        fn = getattr(self, "_" + kind.replace("-", "_"), None)
        if fn is None:
            return legal[0]
        return fn(v, seat, acts)

    # ----- helpers on the view ---------------------------------------------------------
    @staticmethod
    def _open(sheet: dict, track: int, row: int, col: int) -> bool:
        g = sheet["grid"][track]
        if not 0 <= col < TRACK_COLUMNS or row >= len(g):
            return False
        return not g[row][col] & MINE_BIT

    def _ship_room(self, v: dict, sheet: dict, track: int) -> float:
        """How useful pips for this ship are: 0 when it cannot move."""
        ship = sheet["ships"][track]
        if ship["disabled"] or ship["reached"]:
            return 0.0
        planet = v["sheet"]["rows"] + 1
        r, c = ship["row"], ship["col"]
        up_open = self._open(sheet, track, r + 1, c)
        side_open = r > 0 and any(self._open(sheet, track, r + 1, beside) for beside in (c - 1, c + 1)
                                  if self._open(sheet, track, r, beside))
        base = 1.0 if up_open else (0.6 if side_open else 0.25)
        lows = [s["row"] for i, s in enumerate(sheet["ships"]) if i != track and not s["disabled"]]
        if lows and not v["options"].get("rapid_fire") and r - min(lows) >= 5:
            base *= 0.2                      # held back by the Armada rule
        if lows and r <= min(lows):
            base *= 1.3                      # the lowest ship first
        if r + 1 >= planet:
            base *= 1.5                      # one step from the planet
        return base

    # ----- the solo mission ---------------------------------------------------------------
    @staticmethod
    def _tech_lead(v: dict) -> int:
        """Your technology score minus Zorlord's (solo)."""
        return v["sheets"][0]["tech_score"] - v["sheets"][1]["tech_score"]

    @staticmethod
    def _open_ships(v: dict) -> list[dict]:
        return [s for s in v["sheets"][0]["ships"] if not s["reached"] and not s["disabled"]]

    def _last_ship_waits(self, v: dict) -> bool:
        """Solo: only one ship is left to land and the technology score is not ahead yet, so
        landing it would fail the mission."""
        return len(self._open_ships(v)) == 1 and self._tech_lead(v) <= 0

    def _tech_need(self, v: dict) -> float:
        """Solo: how much a technology is worth now, from the gap to Zorlord's score and how
        close the ships are to landing (the score counts at the last landing)."""
        planet = v["sheet"]["rows"] + 1
        left = sum(planet - s["row"] for s in self._open_ships(v))
        lead = self._tech_lead(v)
        # Zorlord gains about one technology a round; aim to be ahead by then, with a margin
        target = self.TARGET[0] + self.TARGET[1] * left
        need = min(self.NEED[2], max(0.5, self.NEED[0] + self.NEED[1] * (target - lead)))
        if self._last_ship_waits(v):
            need += 2.0
        return need

    def _zorlord_harm(self, v: dict, d: dict) -> float:
        """Solo: how much worse off you are if Zorlord gets this die."""
        zor = v["sheets"][1]
        me = v["sheets"][0]
        planet = v["sheet"]["rows"] + 1
        kind = d.get("face_kind", d.get("kind"))
        if kind in ("move", "attack"):
            row = zor["ships"][d["track"]]["row"]
            pips = d["pips"] if kind == "move" else 1
            if row + pips >= planet:
                return 20.0                             # his ship lands: the mission fails
            harm = pips * (0.15 + 0.5 * max(0, row + pips - (planet - 5)) / 5)
            if kind == "attack":
                ship = me["ships"][d["track"]]
                if not ship["reached"] and not ship["disabled"]:
                    missiles = me["techs"][0]["acquired"] - me["techs"][0]["used"]
                    harm += (12.0 if ship["hearts"] >= 2 and missiles == 0 else 1.0 + ship["hearts"])
            return harm
        if kind == "tech":
            t = zor["techs"][d["tech_index"]]
            return 0.0 if t["acquired"] >= t["circles"] else 1.2 + 0.25 * max(0, 4 + self._tech_lead(v))
        if kind == "mine":
            # his mine roll lands on your sheet: a hit on a ship with two hearts and no missile
            # left loses the mission
            labels = v["sheet"]["labels"]
            faces = max(labels) or 1                    # the view does not show the dice: about this many
            missiles = me["techs"][0]["acquired"] - me["techs"][0]["used"]
            harm = 0.5
            for ship in self._open_ships(v):
                if 0 < ship["row"] < len(labels) and labels[ship["row"]]:
                    hit = 15.0 if ship["hearts"] >= 2 and missiles == 0 else 2.0 + ship["hearts"]
                    harm += hit / (3 * faces)
            return harm
        return 0.0

    def _zorlord_picks_next(self, v: dict) -> bool:
        """Solo: the die you do not take now may be Zorlord's next (you pick first in this batch)."""
        mine = sum(1 for d in v["dice"] if d["owner"] == 0)
        zor = sum(1 for d in v["dice"] if d["owner"] == 1)
        return mine == zor

    def _die_value(self, v: dict, seat: int, d: dict) -> float:
        me = v["sheets"][seat]
        kind = d.get("face_kind")
        solo = v["solo"]
        if solo:
            return self._solo_die_value(v, d)
        if kind == "move":
            transformer = me["techs"][3]["acquired"] > me["techs"][3]["used"]
            room = max(self._ship_room(v, me, d["track"]),
                       0.5 * max(self._ship_room(v, me, t) for t in range(SHEET_TRACKS)) if transformer else 0)
            return d["pips"] * room + 0.3
        if kind == "attack":
            val = self._ship_room(v, me, d["track"]) + 0.3
            if not solo and not v["options"].get("friendly"):
                opp = v["sheets"][1 - seat]["ships"][d["track"]]
                if not opp["disabled"] and not opp["reached"]:
                    val += 1.0 + 0.8 * opp["hearts"]
            elif not solo:
                val += 0.8
            return val
        if kind == "mine":
            return 0.4 if solo else 1.1
        if kind == "tech":
            t = me["techs"][d["tech_index"]]
            if t["acquired"] >= t["circles"]:
                return 0.3
            return 1.6 if (d["tech_index"] == 0 and t["acquired"] == t["used"]) else 1.2
        return 0.5

    def _solo_die_value(self, v: dict, d: dict) -> float:
        """Solo: what a die is worth in your hands."""
        me = v["sheets"][0]
        planet = v["sheet"]["rows"] + 1
        kind = d.get("face_kind")
        if kind in ("move", "attack"):
            pips = d["pips"] if kind == "move" else 1
            ship = me["ships"][d["track"]]
            room = self._ship_room(v, me, d["track"])
            useful = min(pips, planet - ship["row"])
            if self._last_ship_waits(v) and not ship["reached"]:
                useful = min(pips, planet - 1 - ship["row"])
            val = useful * room
            if me["techs"][3]["acquired"] > me["techs"][3]["used"]:
                val = max(val, 0.5 * max(min(pips, planet - s["row"]) * self._ship_room(v, me, t)
                                         for t, s in enumerate(me["ships"])))
            return val + 0.2
        if kind == "tech":
            t = me["techs"][d["tech_index"]]
            if t["acquired"] >= t["circles"]:
                return 0.3
            return self._tech_need(v) + (0.3 if d["tech_index"] == 0 and t["acquired"] == t["used"] else 0.0)
        return 0.3                                      # the mine die does nothing for you

    # ----- decisions ---------------------------------------------------------------------
    def _draft(self, v: dict, seat: int, acts: dict[int, dict]) -> int:
        if v["solo"] and self._zorlord_picks_next(v) and len(acts) > 1:
            # what you leave, Zorlord may take next (one of the others at random)
            share = 1.0 / (len(acts) - 1)
            return max(acts, key=lambda a: (self._die_value(v, seat, acts[a])
                                            + share * self._zorlord_harm(v, acts[a]), -a))
        return max(acts, key=lambda a: (self._die_value(v, seat, acts[a]), -a))

    def _give_zorlord(self, v: dict, seat: int, acts: dict[int, dict]) -> int:
        # hand him the die whose harm, less what the other die is worth to you, is smallest
        def cost(a: int) -> float:
            other = next(b for b in acts if b != a)
            return self._zorlord_harm(v, acts[a]) - self._die_value(v, seat, acts[other])
        return min(acts, key=lambda a: (cost(a), a))

    def _die(self, v: dict, seat: int, acts: dict[int, dict]) -> int:
        cur = v["current"]
        d = next(x for x in v["dice"] if x["die"] == cur["die"])
        d = dict(d, face_kind=d["kind"], tech_index=d.get("tech_index"))
        val = self._die_value(v, seat, d)
        use = next(a for a, j in acts.items() if j["kind"] == "use")
        cargo = next(a for a, j in acts.items() if j["kind"] == "cargo")
        reroll = [a for a, j in acts.items() if j["kind"] == "reroll"]
        me = v["sheets"][seat]
        if val < 0.6:
            if reroll and me["rerolls_left"] >= 2 and me["cargo"] == 0:
                return reroll[0]
            return cargo
        if d["face_kind"] == "move" and val < 1.0 and me["cargo"] == 1:
            return cargo
        return use

    def _move(self, v: dict, seat: int, acts: dict[int, dict]) -> int:
        cur = v["current"]
        sh = v["sheets"][cur["sheet"]]
        t = cur["track"]
        ship = sh["ships"][t]
        r, c = ship["row"], ship["col"]

        def score_at(row: int, col: int) -> float:
            s = row * 10.0
            if self._open(sh, t, row + 1, col):
                s += 2
            elif row > 0 and any(self._open(sh, t, row, beside) and self._open(sh, t, row + 1, beside)
                                 for beside in (col - 1, col + 1)):
                s += 1
            return s

        best_a, best = None, score_at(r, c) + 0.5      # stop unless something is better
        wait = v["solo"] and self._last_ship_waits(v)
        for a, j in acts.items():
            if j["kind"] == "step" and "to" in j:
                new_row, new_col = j["to"]
                if wait and new_row == v["sheet"]["rows"] + 1:
                    continue                            # landing now would fail the mission
                sc = score_at(new_row, new_col) - 3.0 * j.get("warps", 0) - (2.5 if "diagonal" in j["step"] else 0)
                if new_row > r and "diagonal" in j["step"] and self._open(sh, t, r + 1, c):
                    sc -= 5
                if sc > best:
                    best_a, best = a, sc
            elif j["kind"] == "transform":
                if self._ship_room(v, sh, t) < 0.5 and self._ship_room(v, sh, j["track"]) >= 1.0 and cur["steps"] == 0:
                    sc = best + 1
                    if sc > best:
                        best_a, best = a, sc
        if best_a is None:
            return next(a for a, j in acts.items() if j["kind"] == "stop")
        return best_a

    def _mine_letter(self, v: dict, seat: int, acts: dict[int, dict]) -> int:
        opp = v["sheets"][1 - seat]
        labels = v["sheet"]["labels"]

        def value(col: int) -> float:
            s = 0.0
            for t, ship in enumerate(opp["ships"]):
                if ship["reached"] or ship["disabled"]:
                    continue
                if ship["col"] == col and labels[ship["row"]] if 0 < ship["row"] < len(labels) else False:
                    s += 2
                for dr in (1, 2, 3):
                    row = ship["row"] + dr
                    if row < len(labels) and labels[row] and ship["col"] == col and self._open(opp, t, row, col):
                        s += 1.0 / dr
            return s
        return max(acts, key=lambda a: (value(acts[a]["col"]), -a))

    def _cargo_technology(self, v: dict, seat: int, acts: dict[int, dict]) -> int:
        me = v["sheets"][seat]
        by = {j["tech_index"]: a for a, j in acts.items()}
        blocked = any(not s["disabled"] and not s["reached"] and not self._open(me, t, s["row"] + 1, s["col"])
                      for t, s in enumerate(me["ships"]))
        order = [2, 1, 0, 3] if blocked else [0, 1, 2, 3]
        if me["techs"][0]["acquired"] - me["techs"][0]["used"] == 0:
            order = [0] + [x for x in order if x != 0]
        return next(by[t] for t in order if t in by)

    def _missile_vs_mines(self, v: dict, seat: int, acts: dict[int, dict]) -> int:
        me = v["sheets"][seat]
        p = v["pending_mine"]
        worth = 0.0
        for t, s in enumerate(me["ships"]):
            if s["reached"] or s["disabled"]:
                continue
            for row in p["rows"]:
                if s["col"] == p["col"] and row == s["row"]:
                    worth += 3 + s["hearts"] * 2
                elif s["col"] == p["col"] and 0 < row - s["row"] <= 2:
                    worth += 1
        left = me["techs"][0]["acquired"] - me["techs"][0]["used"]
        yes = next(a for a, j in acts.items() if j["kind"] == "missile")
        no = next(a for a, j in acts.items() if j["kind"] == "no-missile")
        return yes if worth >= (3 if left == 1 else 2) else no

    def _missile_vs_attack(self, v: dict, seat: int, acts: dict[int, dict]) -> int:
        me = v["sheets"][seat]
        p = v["pending_attack"]
        yes = next(a for a, j in acts.items() if j["kind"] == "missile")
        no = next(a for a, j in acts.items() if j["kind"] == "no-missile")
        left = me["techs"][0]["acquired"] - me["techs"][0]["used"]
        if p["kind"] == "upgrade":
            return yes if left >= 2 else no
        ship = v["sheets"][p["sheet"]]["ships"][p["track"]]
        return yes if (ship["hearts"] >= 1 or left >= 2 or v["solo"]) else no

    def _reroll_zorlord(self, v: dict, seat: int, acts: dict[int, dict]) -> int:
        cur = v["current"]
        d = next(x for x in v["dice"] if x["die"] == cur["die"])
        reroll = next(a for a, j in acts.items() if j["kind"] == "reroll")
        accept = next(a for a, j in acts.items() if j["kind"] == "accept")
        harm = self._zorlord_harm(v, dict(d, face_kind=d["kind"]))
        # the four re-rolls are kept for dice that would lose the mission at once
        return reroll if harm >= 10 else accept
