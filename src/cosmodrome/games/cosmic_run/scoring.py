"""Game end and scoring (RB: Game End, Scoring; Rapid Fire Variant; Solo Game End).

>>> from cosmodrome.games.cosmic_run import GAME
>>> s = GAME.new_state(2, seed=1)
>>> track_vp(s, 0)          # a ship that never entered its track
-5
"""

from __future__ import annotations

from collections import deque
from typing import Any

from cosmodrome.core.statistics import count, row
from cosmodrome.games.cosmic_run.components import NAV, WARP
from cosmodrome.games.cosmic_run.grid import (
    MINE_BIT,
    SHEET_TECHS,
    SHEET_TRACKS,
    SHEETS,
    TRACK_COLUMNS,
    circle_ix,
    circle_parts,
    circle_row,
    ship_ix,
    ship_sheet,
    tech_ix,
    track_ix,
)
from cosmodrome.games.cosmic_run.state import OVER, CosmicRunState
from cosmodrome.games.cosmic_run.text import end_sentence
from cosmodrome.i18n import N_, _


def track_vp(s: CosmicRunState, ship: int) -> int:
    """VP printed left of the highest level reached on the ship's track."""
    return s.comp.ladder[s.best_row[ship]]


def disabled_vp(s: CosmicRunState, ship: int) -> int:
    """RB: Scoring: -7 for a disabled ship (with the -5 level, -12 if it never passed -5VP)."""
    return s.comp.disabled_penalty if s.disabled(ship) else 0


def tech_score(s: CosmicRunState, sheet: int) -> int:
    return s.comp.tech_vp * sum(s.tech_gained[tech_ix(sheet, 0):tech_ix(sheet, SHEET_TECHS)])


def total(s: CosmicRunState, sheet: int) -> int:
    return (sum(track_vp(s, ship_ix(sheet, t)) + disabled_vp(s, ship_ix(sheet, t)) for t in range(SHEET_TRACKS))
            + tech_score(s, sheet))


#: the steps of the search of :func:`can_advance`, ``(rows, columns, circles)``: up, left,
#: right, then the two diagonals (with a navigational control)
MOVES = tuple((dr, dc, circle_ix(dr, dc)) for dr, dc in ((1, 0), (0, -1), (0, 1), (1, -1), (1, 1)))


def can_advance(s: CosmicRunState, ship: int) -> bool:
    """RB: Game End 2: could this ship still get higher, with any technology the player has or
    could still gain? (Open circles up, sideways and, if a navigational control can be had,
    diagonally; runs of mines with warp drives the player has or could still cross off.)"""
    if s.disabled(ship) or s.reached(ship):
        return False
    sh = ship_sheet(ship)
    comp = s.comp
    grid = s.grid
    track = track_ix(comp, ship)   # the circle p of the ship's track is grid[track + p]
    planet = comp.planet
    nav = s.avail(sh, NAV) + comp.circles - s.tech_gained[tech_ix(sh, NAV)] > 0
    cap = s.avail(sh, WARP) + comp.circles - s.tech_gained[tech_ix(sh, WARP)]
    kmax = max(1, comp.max_pips - 1)
    start = s.circle[ship]
    r0 = circle_row(start)
    best = {start: 0}
    dq = deque([start])
    moves = MOVES if nav else MOVES[:3]
    while dq:
        p = dq.popleft()
        w = best[p]
        r, c = circle_parts(p)
        for dr, dc, shift in moves:
            if dr == 0 and r == 0:
                continue
            row, col, q = r + dr, c + dc, p + shift
            if not 0 <= col < TRACK_COLUMNS or row > planet:
                continue
            if grid[track + q] & MINE_BIT:
                if dr and dc:
                    continue
                k = 0
                while 0 <= col < TRACK_COLUMNS and row <= planet and grid[track + q] & MINE_BIT:
                    k += 1
                    row += dr
                    col += dc
                    q += shift
                if k > kmax or w + k > cap or not (0 <= col < TRACK_COLUMNS and row <= planet):
                    continue
                cost = w + k
            else:
                cost = w
            if row > r0:
                return True
            if q not in best or best[q] > cost:
                best[q] = cost
                if cost == w:
                    dq.appendleft(q)
                else:
                    dq.append(q)
    return False


def stuck(s: CosmicRunState, sheet: int) -> bool:
    return not any(can_advance(s, ship_ix(sheet, t)) for t in range(SHEET_TRACKS))


def all_reached(s: CosmicRunState, sheet: int) -> bool:
    return all(s.reached(ship_ix(sheet, t)) for t in range(SHEET_TRACKS))


def check(s: CosmicRunState) -> bool:
    """The immediate game ends; True (and the game over) when one happened."""
    if s.phase == OVER:
        return True
    if s.solo:
        if any(s.disabled(ship_ix(0, t)) for t in range(SHEET_TRACKS)):          # one of your ships
            finish(s, "destroyed", [])
        elif any(s.reached(ship_ix(1, t)) for t in range(SHEET_TRACKS)):         # one of Zorlord's
            finish(s, "zorlord", [])
        elif all_reached(s, 0):
            if tech_score(s, 0) > tech_score(s, 1):
                finish(s, "mission", [0])
            else:
                finish(s, "technology", [])
        elif stuck(s, 0):
            finish(s, "stuck", [])
        return s.phase == OVER
    for sh in (0, 1):
        if all_reached(s, sh):
            finish(s, "planets", [sh])
            return True
    if s.rapid:
        for sh in (0, 1):
            if s.kills[sh] >= s.comp.rapid_fire_kills:
                finish(s, "rapid-fire", [sh])
                return True
    if stuck(s, 0) or stuck(s, 1):
        finish(s, "stuck")
        return True
    return False


def winners_by_score(s: CosmicRunState) -> list[int]:
    """RB: Scoring: most VP; tie → higher technology score; still tied → both win."""
    key = [(total(s, sh), tech_score(s, sh)) for sh in range(s.num_players)]
    top = max(key)
    return [sh for sh in range(s.num_players) if key[sh] == top]


def finish(s: CosmicRunState, cause: str, winners: list[int] | None = None) -> None:
    if winners is None:
        winners = [] if s.solo else winners_by_score(s)
    s.phase, s.end_cause, s.winning_seats, s.acting = OVER, cause, list(winners), -1
    totals = [total(s, sh) for sh in range(SHEETS)]
    s.say("end", end_sentence(s, totals, [tech_score(s, sh) for sh in range(SHEETS)]),
          {"cause": cause, "winners": list(winners), "scores": totals[:s.num_players]})


def scores(s: CosmicRunState) -> list[float]:
    """The VP total of every player (the protocol's ``scores``)."""
    return [float(total(s, sh)) for sh in range(s.num_players)]


#: the words of :func:`summary`'s counters (``Game.summary_labels``): each sheet's own (``p1_``,
#: ``p2_``; the solo game's second sheet is the Zorlord's) and the game's
SUMMARY_LABELS = {
    "rounds": N_("rounds"), "decisions": N_("decisions"), "mines": N_("mines on the board"),
    "p1_planets": N_("Sheet 1: planets reached"), "p1_disabled": N_("Sheet 1: ships disabled"),
    "p1_tech": N_("Sheet 1: technology points"), "p1_vp": N_("Sheet 1: VP"), "p1_rerolls": N_("Sheet 1: re-rolls used"),
    "p2_planets": N_("Sheet 2: planets reached"), "p2_disabled": N_("Sheet 2: ships disabled"),
    "p2_tech": N_("Sheet 2: technology points"), "p2_vp": N_("Sheet 2: VP"), "p2_rerolls": N_("Sheet 2: re-rolls used"),
    "zorlord_planets": N_("Zorlord: planets reached"), "zorlord_disabled": N_("Zorlord: ships disabled"),
    "zorlord_tech": N_("Zorlord: technology points"),
}


def summary(s: CosmicRunState) -> dict[str, Any]:
    out: dict[str, Any] = {"end": s.end_cause or "running", "rounds": s.round, "decisions": s.decisions}
    for sh in range(SHEETS):
        tag = "zorlord" if (s.solo and sh == 1) else f"p{sh + 1}"
        out[f"{tag}_planets"] = sum(1 for t in range(SHEET_TRACKS) if s.reached(ship_ix(sh, t)))
        out[f"{tag}_disabled"] = sum(1 for t in range(SHEET_TRACKS) if s.disabled(ship_ix(sh, t)))
        out[f"{tag}_tech"] = tech_score(s, sh)
        if not (s.solo and sh == 1):
            out[f"{tag}_vp"] = total(s, sh)
            out[f"{tag}_rerolls"] = s.rerolls_used[sh]
    out["mines"] = sum(1 for g in s.grid if g & MINE_BIT)
    if s.solo:
        out["mission"] = "success" if s.winning_seats else "failure"
    return out


def statistics(s: CosmicRunState, events: list) -> list:
    """End-of-game statistics (core.statistics) beside the scoring (RB: Scoring): planets
    reached, technologies, damage taken and dealt, re-rolls used."""
    n = s.num_players
    sheets = range(n)
    attacks_on = count(events, ["attack"], 2, "sheet")
    return [
        row("vp", _("Victory points"), _("the final score"), [total(s, sh) for sh in sheets]),
        row("planets", _("Planets reached"), _("ships that reached their planet"),
            [sum(1 for t in range(SHEET_TRACKS) if s.reached(ship_ix(sh, t))) for sh in sheets]),
        row("disabled", _("Ships disabled"), _("ships with every heart filled"),
            [sum(1 for t in range(SHEET_TRACKS) if s.disabled(ship_ix(sh, t))) for sh in sheets]),
        row("techs", _("Technologies"), _("technologies gained (crossed off)"),
            [sum(s.tech_gained[tech_ix(sh, 0):tech_ix(sh, SHEET_TECHS)]) for sh in sheets]),
        row("damage", _("Damage taken"), _("hearts filled on the ships"),
            [sum(s.damage[ship_ix(sh, 0):ship_ix(sh, SHEET_TRACKS)]) for sh in sheets]),
        row("attacks", _("Attacks suffered"), _("times the other sheet attacked a ship"), attacks_on[:n]),
        row("rounds", _("Rounds"), _("rounds the game lasted"), [s.round] * n),
    ]
