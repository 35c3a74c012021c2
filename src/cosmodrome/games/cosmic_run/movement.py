"""Ship movement (RB: Movement Die, Navigational Control, Warp Drive, Transformer, FAQ).

A movement die gives up to its pips of steps for the ship of its colour: straight up or
sideways; diagonally up with a navigational control (one control per diagonal step); through
a straight run of mines with one warp drive per mine, each mine costing a pip and the landing
circle beyond being open (never diagonally: FAQ). A transformer, used before the first step,
changes the die's colour (not splitting it over two ships: FAQ). Unless Rapid Fire is played,
a ship may not end a step more than 5 rows above another non-disabled ship of its player
(RB: The Armada Rule).
"""

from __future__ import annotations

from cosmodrome.games.cosmic_run import combat, scoring
from cosmodrome.games.cosmic_run.components import ATTACK0, NAV, TRANSFORMER, WARP, face_pips
from cosmodrome.games.cosmic_run.grid import (
    DIAGONAL_LINE,
    MINE_BIT,
    SHEET_TRACKS,
    SIDE_LINE,
    TRACK_COLUMNS,
    UP_LINE,
    WARP_LINE,
    circle_ix,
    circle_parts,
    circle_row,
    ship_ix,
    ship_parts,
    ship_sheet,
    tech_ix,
    track_ix,
)
from cosmodrome.games.cosmic_run.state import HOOKS, MOVE, CosmicRunState
from cosmodrome.games.cosmic_run.text import Word, circle_w, colour_w, moves_text, says, says_n, ship_w, who_w
from cosmodrome.i18n import N_, gettext

UP, LEFT, RIGHT, DIAG_LEFT, DIAG_RIGHT, WARP_UP, WARP_LEFT, WARP_RIGHT = range(8)
STEP_NAMES = (N_("up"), N_("left"), N_("right"), N_("diagonally up-left"), N_("diagonally up-right"),
              N_("warp up"), N_("warp left"), N_("warp right"))
DELTA = ((1, 0), (0, -1), (0, 1), (1, -1), (1, 1), (1, 0), (0, -1), (0, 1))
#: what a step of each kind adds to a circle (:func:`circle_ix` of its ``DELTA``)
SHIFT = tuple(circle_ix(dr, dc) for dr, dc in DELTA)
#: the line a step of each kind draws into the circle it enters (RB: Movement Die)
LINE_BIT = (UP_LINE, SIDE_LINE, SIDE_LINE, DIAGONAL_LINE, DIAGONAL_LINE, WARP_LINE, WARP_LINE, WARP_LINE)


def effective_pips(s: CosmicRunState, face: int, ship: int) -> int:
    """Friendly variant engine upgrades: a movement die with exactly 1 pip counts 2 (3) for a
    ship with 2 (3) upgrade hearts. Advance-and-attack dice always give 1."""
    if face >= ATTACK0:
        return 1
    pips = face_pips(face)
    if s.friendly and pips == 1 and s.engine_upgrades[ship] >= 2:
        return s.engine_upgrades[ship]
    return pips


def armada_ok(s: CosmicRunState, ship: int, sheet: int, new_row: int) -> bool:
    """RB: The Armada Rule (ignored in Rapid Fire and by Zorlord): may ``ship`` (of ``sheet``)
    climb to ``new_row`` (a row above its own; a step that does not climb always may)?"""
    if s.rapid:
        return True
    low = -1
    circles = s.circle
    for other in range(ship_ix(sheet, 0), ship_ix(sheet, SHEET_TRACKS)):    # the player's ships
        if other != ship and s.damage[other] < s.comp.hearts and (low < 0 or circles[other] < low):
            low = circles[other]                 # the lowest circle is on the lowest row
    return low < 0 or new_row - circle_row(low) <= s.comp.armada_gap


def target(s: CosmicRunState, kind: int):
    """RB: Movement Die, Navigational Control, Warp Drive, The Armada Rule: ``(new_pos, pip_cost,
    warps, passed_cells)`` of a step of ``kind`` for the moving ship, or None when it is not
    allowed: a kind :func:`_open_kinds` allows that :func:`_reach` finds a way for."""
    ship = s.ship
    sh = ship_sheet(ship)
    here = s.circle[ship]
    r, c = circle_parts(here)
    if kind not in _open_kinds(s, ship, sh, r):
        return None
    return _reach(s, kind, ship, sh, here, r, c)


def steps(s: CosmicRunState) -> list[int]:
    """RB: Movement Die, Navigational Control, Warp Drive, The Armada Rule: the step kinds open
    to the moving ship now, those :func:`target` allows (the same two checks, the ship's circle
    looked up once)."""
    ship = s.ship
    sh = ship_sheet(ship)
    here = s.circle[ship]
    r, c = circle_parts(here)
    return [k for k in _open_kinds(s, ship, sh, r) if _reach(s, k, ship, sh, here, r, c) is not None]


def _open_kinds(s: CosmicRunState, ship: int, sh: int, r: int) -> list[int]:
    """The step kinds the die, the ship and its sheet's technologies allow ``ship`` (of sheet
    ``sh``, on row ``r``) before its track is looked at: none with no pip left, for a disabled
    ship or one at its planet (RB: Movement Die, Advance and Attack Die); up, and sideways once on
    the track (row 0 is the start below it); diagonally with a navigational control (RB:
    Navigational Control); up or sideways across mines with a warp drive (RB: Warp Drive; never
    diagonally: RB: F.A.Q.) when the die has the 2 pips the shortest such step costs (the pips
    and warp drives of a longer run of mines are :func:`_reach`'s to count)."""
    if s.pips <= 0 or s.disabled(ship) or r == s.comp.planet:
        return []
    kinds = [UP] if r == 0 else [UP, LEFT, RIGHT]
    if s.avail(sh, NAV) > 0:
        kinds += [DIAG_LEFT, DIAG_RIGHT]
    if s.pips >= 2 and s.avail(sh, WARP) > 0:
        kinds += [WARP_UP] if r == 0 else [WARP_UP, WARP_LEFT, WARP_RIGHT]
    return kinds


def _reach(s: CosmicRunState, kind: int, ship: int, sh: int, here: int, r: int, c: int):
    """:func:`target` of a kind :func:`_open_kinds` allows ``ship`` (of sheet ``sh``) on circle
    ``here`` (row ``r``, column ``c``): the circle it enters is on the track and open (RB:
    Movement Die), a warp step's run of mines has an open circle beyond it and the pips and warp
    drives to cross it (RB: Warp Drive), and a climb keeps the Armada Rule (RB: The Armada Rule)."""
    dr, dc = DELTA[kind]
    grid = s.grid
    track = track_ix(s.comp, ship)   # the circle p of the ship's track is grid[track + p]
    shift = SHIFT[kind]
    if kind < WARP_UP:
        new = here + shift
        if not 0 <= c + dc < TRACK_COLUMNS or grid[track + new] & MINE_BIT:
            return None
        if dr and not armada_ok(s, ship, sh, r + dr):
            return None
        return new, 1, 0, ()
    # RB: Warp Drive: across the straight run of mines to the first open circle beyond it
    planet = s.comp.planet
    row, col, new = r + dr, c + dc, here + shift
    passed = []
    while 0 <= col < TRACK_COLUMNS and row <= planet and grid[track + new] & MINE_BIT:
        passed.append(new)
        row += dr
        col += dc
        new += shift
    k = len(passed)
    if k == 0 or not (0 <= col < TRACK_COLUMNS and row <= planet) or k + 1 > s.pips or k > s.avail(sh, WARP):
        return None
    if dr and not armada_ok(s, ship, sh, row):
        return None
    return new, k + 1, k, tuple(passed)


def transform_targets(s: CosmicRunState) -> list[int]:
    """Colours the die may be changed to (RB: Transformer): before the first step only."""
    sh = ship_sheet(s.ship)
    if s.steps or s.transformed or s.avail(sh, TRANSFORMER) <= 0:
        return []
    colours = []
    for colour in range(SHEET_TRACKS):
        other = ship_ix(sh, colour)
        if other != s.ship and not s.disabled(other) and not s.reached(other):
            colours.append(colour)
    return colours


def start(s: CosmicRunState) -> None:
    """RB: Movement Die, Transformer: a movement die is taken (its ship and pips set): the ship
    moves, or the movement is over at once when no step and no transformer is open."""
    s.phase = MOVE
    if not steps(s) and not transform_targets(s):
        finish(s)


def transform(s: CosmicRunState, colour: int) -> None:
    """RB: Transformer: a transformer, spent before the first step, gives the die to the ship of
    ``colour`` on the same sheet (its pips counted again for that ship: RB: Friendly Variant)."""
    sh, old_track = ship_parts(s.ship)
    s.tech_used[tech_ix(sh, TRANSFORMER)] += 1
    s.transformed = 1
    old = colour_w(s.comp, old_track)
    s.ship = ship_ix(sh, colour)
    s.pips = effective_pips(s, s.faces[s.die], s.ship)
    s.say("transformer",
          says_n(N_("{who} uses a transformer: the {old} die moves the {colour} ship ({n} pip)."),
                 N_("{who} uses a transformer: the {old} die moves the {colour} ship ({n} pips)."), s.pips,
                 who=who_w(s, sh), old=old, colour=colour_w(s.comp, colour)), {"sheet": sh, "track": colour})
    if not steps(s):
        finish(s)


def step(s: CosmicRunState, kind: int) -> None:
    """RB: Movement Die, Navigational Control, Warp Drive: the moving ship takes a step of ``kind``
    (:func:`target`): a line is drawn in each circle it enters, its pips and the technologies it
    spends are used up; the movement goes on while a step is open."""
    new, cost, k, passed = target(s, kind)
    ship = s.ship
    sh, t = ship_parts(ship)
    track = track_ix(s.comp, ship)
    path = s.paths[ship]
    for p in passed:
        s.grid[track + p] |= WARP_LINE
        path.append(p)
    s.grid[track + new] |= LINE_BIT[kind]
    path.append(new)
    s.circle[ship] = new
    r, c = circle_parts(new)
    if r > s.best_row[ship]:
        s.best_row[ship] = r
    s.pips -= cost
    s.steps += 1
    if kind in (DIAG_LEFT, DIAG_RIGHT):
        s.tech_used[tech_ix(sh, NAV)] += 1
    if k:
        s.tech_used[tech_ix(sh, WARP)] += k
    planet = r == s.comp.planet
    where = Word(gettext, N_("its planet")) if planet else circle_w(s.comp, s.side, r, c)
    s.say("move", (moves_text, (s.sheet_name, s.comp, sh, t, STEP_NAMES[kind], k, where)),
          {"sheet": sh, "track": t, "row": r, "col": c, "step": STEP_NAMES[kind]})
    if planet:
        s.say("planet", says("{ship} reaches the planet!", ship=ship_w(s, sh, t)), {"sheet": sh, "track": t})
    # RB: Game End 1 and 2: a ship at its planet, or warp drives and navigational controls
    # spent, may leave a player's ships with no possible movement
    if (planet or k or kind in (DIAG_LEFT, DIAG_RIGHT)) and scoring.check(s):
        return
    if not steps(s):
        finish(s)


def finish(s: CosmicRunState) -> None:
    """The movement is over: an advance-and-attack die now attacks (or upgrades)."""
    if s.attack_colour >= 0:
        combat.attack(s)
    else:
        HOOKS.next_pick(s)
