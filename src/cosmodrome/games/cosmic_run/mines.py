"""Space mines (RB: Phase I: Mine Phase, RB: Mine Die): a roll of the two black dice gives a
coordinate (column letter + number); every target sheet fills the matching circles on its
three planet tracks, ships on those circles are hit, take damage and are pushed back.

Before any circle is filled each affected player may fire a defensive missile to ignore the
whole roll on all their tracks (RB: Points of Emphasis, RB: Defensive Missile).
"""

from __future__ import annotations

from cosmodrome.games.cosmic_run import scoring
from cosmodrome.games.cosmic_run.components import MISSILE
from cosmodrome.games.cosmic_run.grid import (
    MINE_BIT,
    SHEET_TRACKS,
    circle_ix,
    circle_parts,
    ship_ix,
    ship_parts,
    tech_ix,
    track_ix,
)
from cosmodrome.games.cosmic_run.state import HOOKS, MISSILE_MINE, CosmicRunState
from cosmodrome.games.cosmic_run.text import (
    Word,
    circle_w,
    colour_w,
    coordinate,
    mines_text,
    says,
    says_n,
    ship_w,
    who_w,
)
from cosmodrome.i18n import N_

_ROWS: dict[tuple[int, int, int], tuple[int, ...]] = {}


def rows_with(s: CosmicRunState, number: int) -> tuple[int, ...]:
    """Rows of a track on the sheet side in play carrying ``number`` (side B: white numbers twice)."""
    key = (id(s.comp), s.side, number)
    rows = _ROWS.get(key)
    if rows is None:
        rows = _ROWS[key] = s.comp.rows_with(s.side, number)
    return rows


def roll_letter(s: CosmicRunState) -> int:
    """The letter mine die (a chance event): a column."""
    letters = s.comp.letters
    return letters[s.rng.below(len(letters), "the roll of the letter die", (_letter_shows, (s.comp, letters)),
                                  same=letters)]


def _letter_shows(comp, letters, k: int) -> str:
    return f"the letter die shows {comp.columns[letters[k]]}"


def roll_number(s: CosmicRunState) -> int:
    """The number mine die (a chance event)."""
    numbers = s.comp.numbers
    return numbers[s.rng.below(len(numbers), "the roll of the number die", (_number_shows, (numbers,)),
                                  same=numbers)]


def _number_shows(numbers, k: int) -> str:
    return f"the number die shows {numbers[k]}"


def affects(s: CosmicRunState, sheet: int, col: int, number: int) -> bool:
    """Would this roll fill at least one new circle on ``sheet``? (Tracks whose ship reached its
    planet ignore rolls; circles already mined ignore them too.)"""
    for t in range(SHEET_TRACKS):
        ship = ship_ix(sheet, t)
        if s.reached(ship):
            continue
        track = track_ix(s.comp, ship)
        for r in rows_with(s, number):
            if not s.grid[track + circle_ix(r, col)] & MINE_BIT:
                return True
    return False


def start_roll(s: CosmicRunState, src: int, targets: list[int], col: int, number: int, resume: int) -> None:
    """A rolled coordinate that will mark ``targets`` (sheets); ``src`` is the sheet whose mine
    die caused it, or -1 for the mine phase. Asks missiles first, then marks."""
    s.mine_roll_letter, s.mine_roll_number, s.mine_roll_source = col, number, src
    s.mine_roll_targets = list(targets)
    s.mine_roll_ignored = [0, 0]
    s.mine_roll_target_ix = 0
    s.resume = resume
    ask_next(s)


def ask_next(s: CosmicRunState) -> None:
    """RB: Points of Emphasis: each affected player may answer the roll with a defensive missile
    before circles are filled. Friendly variant: a player who took the mine die last round
    ignores the mine rolls of this round."""
    while s.mine_roll_target_ix < len(s.mine_roll_targets):
        sh = s.mine_roll_targets[s.mine_roll_target_ix]
        if s.friendly and s.mine_roll_source == -1 and s.immune[sh] == s.round:
            s.mine_roll_ignored[sh] = 1
            s.say("immune", says("{who} ignores the roll (mine die taken last round).", who=who_w(s, sh)),
                  {"sheet": sh})
        elif (sh < s.num_players and s.avail(sh, MISSILE) > 0
              and affects(s, sh, s.mine_roll_letter, s.mine_roll_number)):
            s.phase, s.acting = MISSILE_MINE, sh
            return
        s.mine_roll_target_ix += 1
    apply_roll(s)


def answer(s: CosmicRunState, use_missile: bool) -> None:
    sh = s.mine_roll_targets[s.mine_roll_target_ix]
    if use_missile:
        s.tech_used[tech_ix(sh, MISSILE)] += 1
        s.mine_roll_ignored[sh] = 1
        s.say("missile", says("{who} fires a defensive missile: {at} is ignored on all of their tracks.",
                              who=who_w(s, sh), at=coordinate(s, s.mine_roll_letter, s.mine_roll_number)),
              {"sheet": sh})
    s.mine_roll_target_ix += 1
    ask_next(s)


def apply_roll(s: CosmicRunState) -> None:
    """Fill the matching circles on every target sheet not protected; hit ships there."""
    col, number = s.mine_roll_letter, s.mine_roll_number
    rows = rows_with(s, number)
    changed = False
    for sh in s.mine_roll_targets:
        if s.mine_roll_ignored[sh]:
            continue
        placed = []
        for t in range(SHEET_TRACKS):
            ship = ship_ix(sh, t)
            if s.reached(ship):
                continue
            track = track_ix(s.comp, ship)
            for r in rows:
                circle = circle_ix(r, col)
                i = track + circle
                if s.grid[i] & MINE_BIT:
                    continue
                s.grid[i] |= MINE_BIT
                placed.append(Word(lambda w, at: f"{w} {at}", colour_w(s.comp, t), coordinate(s, col, number)))
                if s.circle[ship] == circle:
                    hit(s, ship, s.mine_roll_source)
        if placed:
            changed = True
            s.say("mines", (mines_text, (s.sheet_name, sh, placed)), {"sheet": sh, "col": col, "number": number})
    s.mine_roll_targets = []
    if changed and scoring.check(s):
        return
    HOOKS.resume(s)


def hit(s: CosmicRunState, ship: int, src: int) -> None:
    """RB: Mine Phase: a mine on a ship's circle fills a heart and pushes the ship back to its
    nearest prior location (the last circle it came from that is not mined)."""
    sh, t = ship_parts(ship)
    name = ship_w(s, sh, t)
    if s.disabled(ship):
        s.say("hit", says("A mine lands on {ship}, already disabled.", ship=name), {"sheet": sh, "track": t})
        return
    s.damage[ship] += 1
    push_back(s, ship)
    r, c = circle_parts(s.circle[ship])
    s.say("hit", says_n(N_("{ship} is hit ({n} heart filled) and pushed back to {where}."),
                        N_("{ship} is hit ({n} hearts filled) and pushed back to {where}."), s.damage[ship], ship=name,
                        where=circle_w(s.comp, s.side, r, c)), {"sheet": sh, "track": t, "row": r, "col": c})
    if s.disabled(ship):
        s.say("disabled", says("{ship} is disabled.", ship=name), {"sheet": sh, "track": t})
        if 0 <= src < s.num_players and src != sh:
            s.kills[src] += 1


def push_back(s: CosmicRunState, ship: int) -> None:
    sh, t = ship_parts(ship)
    path = s.paths[ship]
    if len(path) > 1:
        path.pop()
    while len(path) > 1 and s.mined(sh, t, *circle_parts(path[-1])):
        path.pop()
    s.circle[ship] = path[-1]
