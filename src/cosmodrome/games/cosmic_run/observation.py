# cython: annotation_typing=False
"""The declared observation of Cosmic Run (see :mod:`cosmodrome.core.observation`).

Every entry comes from the component data (rows, tracks, technologies, dice faces, hearts,
re-rolls, cargo slots) and the view (:mod:`cosmodrome.games.cosmic_run.view`); what follows
from another entry (a die's text from its face, a ship's VP from its best row) or never
changes in a game (the printed sheet) is skipped with its reason. docs/observations/cosmic-run.md
is generated from it.

>>> lay = layout(2, {})
>>> lay.version, lay.size
(1, 643)
"""

from __future__ import annotations

from functools import cache
from typing import Any, Mapping, Optional

from cosmodrome.core import CHANCE
from cosmodrome.core.observation import (
    ABSENT,
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
from cosmodrome.games.cosmic_run.components import NUM_FACES, load_components
from cosmodrome.games.cosmic_run.grid import (
    SHEET_TECHS,
    SHEET_TRACKS,
    TRACK_COLUMNS,
    circle_parts,
    ship_ix,
    ship_parts,
    tech_ix,
    track_ix,
)
from cosmodrome.games.cosmic_run.state import (
    DIE,
    LETTER,
    MISSILE_ATTACK,
    MISSILE_MINE,
    MOVE,
    OVER,
    PHASE_KIND,
    TECHPICK,
    ZOR_REROLL,
)

VERSION = 1



@cache
def _layout(players: int, components: str) -> Layout:
    comp = load_components(components)
    sheets = 2 if players == 1 else players
    nr, n_dice = comp.nr, len(comp.dice)
    ship = Obj(track=Skip("the slot's index"), colour=derived("the track"), row=Num(nr - 1), col=Num(2),
               best=Num(nr - 1, unit="highest row reached"), hearts=Num(comp.hearts + 1, unit="damage"),
               upgrades=Num(comp.hearts + 1), disabled=Flag(), reached=Flag(),
               vp=derived("best and disabled (the VP ladder)"))
    tech = Obj(name=Skip("the slot's index"), colour=FIXED, circles=FIXED,
               acquired=Num(comp.circles), used=Num(comp.circles))
    sheet = Obj(
        sheet=Skip("the slot's index"), name=Skip("the seat"), zorlord=Flag(),
        ships=Tup(SHEET_TRACKS, ship, names=comp.tracks),
        grid=Tup(SHEET_TRACKS, Tup(nr, Tup(TRACK_COLUMNS,
                                           Num(31, unit="bits: 1 up-line, 2 sideways, 4 diagonal, 8 warp, 16 mine"),
                                           names=comp.columns)), names=comp.tracks),
        techs=Tup(4, tech, names=comp.tech_names),
        cargo=Num(comp.cargo_slots), rerolls_used=Num(comp.rerolls), rerolls_left=derived("rerolls_used"),
        tech_score=derived("the technologies acquired"), vp=derived("the ships and technologies"),
        kills=Num(SHEET_TRACKS * sheets), immune_round=Num(len(comp.round_track) + 1))
    die = Obj(face=OneHot(range(NUM_FACES)), owner=Opt(SeatHot(sheets)),
              kind=derived("the face"), text=derived("the face"), colour=derived("the face"),
              track=derived("the face"), pips=derived("the face"), tech=derived("the face"),
              tech_index=derived("the face"), die=Skip("the slot's index"))
    current = Obj(maybe=("sheet", "track", "colour", "pips", "steps", "transformed", "attack"),
                  die=OneHot(range(n_dice)), face=derived("the die"), sheet=SeatHot(sheets),
                  track=OneHot(range(SHEET_TRACKS)), colour=derived("the track"), pips=Num(2 * comp.max_pips + 2),
                  steps=Num(nr), transformed=Flag(), attack=Opt(OneHot(range(SHEET_TRACKS))))
    pending_mine = Obj(col=OneHot(range(TRACK_COLUMNS)), number=Num(max(comp.labels[0] + comp.labels[1])),
                       coordinate=derived("col and number"), rows=derived("number and the sheet side"),
                       targets=List(sheets, SeatHot(sheets)), source=SeatHot(sheets, [-1]))
    pending_attack = Obj(sheet=SeatHot(sheets), track=OneHot(range(SHEET_TRACKS)), colour=derived("the track"),
                         kind=OneHot(("attack", "upgrade")), by=SeatHot(sheets))
    root = Obj(
        maybe=("current", "pending_mine", "pending_attack", "end", "winners", "scores"),
        game=FIXED, seat=Opt(SeatHot(sheets)), players=FIXED, solo=FIXED,
        options=FIXED, rounds=FIXED,
        round=Num(len(comp.round_track), 1), captain=SeatHot(sheets), to_move=Opt(SeatHot(sheets, [CHANCE])),
        decision=OneHot(sorted(set(PHASE_KIND.values()) | {"choose", "chance"})),
        prompt=Skip("text: follows from the decision, the current die and the action mask"),
        sheet=Obj(side=OneHot(("A", "B")), tracks=FIXED, columns=FIXED, rows=FIXED,
                  labels=FIXED, ladder=FIXED, row_names=FIXED, circle_names=FIXED,
                  round_track=FIXED, hearts=FIXED, rerolls=FIXED, cargo_slots=FIXED),
        sheets=PerSeat(sheets, sheet),
        dice=Tup(n_dice, die),
        picks=Num(n_dice), dice_rolled=Flag(),
        current=current, pending_mine=pending_mine, pending_attack=pending_attack,
        end=OneHot(("destroyed", "mission", "planets", "rapid-fire", "rounds", "stuck", "technology", "zorlord")),
        winners=List(sheets, SeatHot(sheets)),
        scores=derived("the sheets (each sheet's VP)"),
        help=Skip("the table's tooltips: words for people, the same in every position"),
    )
    return Layout("cosmic-run", VERSION, root, players, from_state=lambda lay: _state_encoder(lay, comp))


def layout(players: int, options: Optional[Mapping[str, Any]] = None) -> Layout:
    """The observation layout for ``players`` seats (options: the ``components`` variant file)."""
    return _layout(players, components_option(options))


def _state_encoder(lay: Layout, comp) -> StateEncoder:
    """The fast path: the same vector as the view's, written from the state's arrays in parts
    (the turn, each sheet's ships, grid, technologies and counters, the dice, the move or
    missile in progress, the end), each with a key read from the state, so that an
    :class:`~cosmodrome.core.observation.Observer` rewrites only what changed."""
    sheets, n_dice = 2 if lay.players == 1 else lay.players, len(comp.dice)

    def turn(s, seat):
        return (seat, s.round, s.captain, s.to_move(), s.decision_kind(), s.picks,
                not (s.picks >= n_dice and all(o == -1 for o in s.owner)), s.side)

    hearts, planet = comp.hearts, comp.planet

    def ships_view(s, seat, k):
        pos, best, dmg, upg = k
        out = []
        for p, b, d, u in zip(pos, best, dmg, upg):
            r, c = circle_parts(p)
            out.append({"row": r, "col": c, "best": b, "hearts": d, "upgrades": u, "disabled": d >= hearts,
                        "reached": r == planet})
        return out

    parts = [lay.group(("seat",), ("round",), ("captain",), ("to_move",), ("decision",), ("picks",), ("dice_rolled",),
                       (("sheet",), lambda s, seat, side: {"side": "AB"[side]}), key=turn)]
    for sh in range(sheets):
        ships = slice(ship_ix(sh, 0), ship_ix(sh, SHEET_TRACKS))
        techs = slice(tech_ix(sh, 0), tech_ix(sh, SHEET_TECHS))
        grid = slice(track_ix(comp, ship_ix(sh, 0)), track_ix(comp, ship_ix(sh, SHEET_TRACKS)))

        def sheet(s, seat, sh=sh, ships=ships, techs=techs, grid=grid):
            return ((s.circle[ships], s.best_row[ships], s.damage[ships], s.engine_upgrades[ships]),
                    (s.tech_gained[techs], s.tech_used[techs]),
                    s.solo and sh == 1, s.cargo[sh], s.rerolls_used[sh], s.kills[sh], s.immune[sh])

        parts.append(lay.group((("sheets", sh, "ships"), ships_view), (("sheets", sh, "techs"), _techs),
                               ("sheets", sh, "zorlord"), ("sheets", sh, "cargo"), ("sheets", sh, "rerolls_used"),
                               ("sheets", sh, "kills"), ("sheets", sh, "immune_round"), key=sheet))
        # the grid: per track, row and column, in the state's own order
        parts.append(lay.numbers("sheets", sh, "grid", key=lambda s, seat, grid=grid: s.grid[grid]))

    def dice(s, seat):
        return tuple(zip(s.faces, s.owner))

    def die(s, seat, k):
        return {"face": k[0], "owner": None if k[1] < 0 else k[1]}

    parts.append(lay.group(*[(("dice", d), die) for d in range(n_dice)], key=dice))   # die by die

    def moment(s, seat):
        ph = s.phase
        cur = mine = attack = end = winners = ABSENT
        if ph in (DIE, MOVE, LETTER, TECHPICK, ZOR_REROLL):
            if ph == MOVE:
                sh, t = ship_parts(s.ship)
                cur = {"die": s.die, "sheet": sh, "track": t, "pips": s.pips, "steps": s.steps,
                       "transformed": bool(s.transformed),
                       "attack": (s.attack_colour if s.attack_colour >= 0 else None)}
            else:
                cur = {"die": s.die}
        if ph == MISSILE_MINE:
            mine = {"col": s.mine_roll_letter, "number": s.mine_roll_number, "targets": list(s.mine_roll_targets),
                    "source": s.mine_roll_source}
        if ph == MISSILE_ATTACK:
            sh, t = ship_parts(s.attacked_ship)
            attack = {"sheet": sh, "track": t, "kind": "attack" if s.attack_kind == 0 else "upgrade",
                      "by": s.attacker_sheet}
        if ph == OVER:
            end, winners = s.end_cause, list(s.winning_seats)
        return cur, mine, attack, end, winners

    parts.append(lay.group(("current",), ("pending_mine",), ("pending_attack",), ("end",), ("winners",), key=moment))
    return StateEncoder(parts, accepts=lambda s: s.comp is comp)


def _techs(s, seat, k):
    return [{"acquired": a, "used": u} for a, u in zip(*k)]
