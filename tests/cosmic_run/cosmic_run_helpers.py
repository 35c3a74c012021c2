"""Helpers for the Cosmic Run tests: build positions directly on a fresh state."""

from __future__ import annotations

from cosmodrome.core import Rng
from cosmodrome.games.cosmic_run import GAME
from cosmodrome.games.cosmic_run.components import ATTACK0, MINE_FACE, TECH0
from cosmodrome.games.cosmic_run.grid import MINE_BIT, ship_ix, tech_ix
from cosmodrome.games.cosmic_run.state import DIE

ORANGE, BLUE, GREEN = 0, 1, 2
MISSILE, NAV, WARP, TRANSFORMER = 0, 1, 2, 3


def new(players=2, seed=1, **opts):
    return GAME.new_state(players, seed, opts)


def move_face(colour: int, pips: int) -> int:
    return colour * 6 + pips - 1


def attack_face(colour: int) -> int:
    return ATTACK0 + colour


def tech_face(t: int) -> int:
    return TECH0 + t


MINE = MINE_FACE


def place(s, sheet, track, cells):
    """Put a ship on a path of (row, col) cells (the last is where it stands)."""
    ship = ship_ix(sheet, track)
    start = s.comp.start_column
    s.paths[ship] = [start] + [r * 3 + c for r, c in cells]
    s.circle[ship] = s.paths[ship][-1]
    s.best_row[ship] = max([0] + [r for r, _ in cells])


def mine(s, sheet, track, row, col):
    s.grid[s.cell(sheet, track, row, col)] |= MINE_BIT


def give_tech(s, sheet, tech, n=1):
    s.tech_gained[tech_ix(sheet, tech)] += n


def hold_die(s, seat, face, die=0):
    """Seat ``seat`` has just taken die ``die`` showing ``face``: the use/cargo/re-roll decision."""
    s.faces[die] = face
    s.owner[die] = seat
    s.die = die
    s.acting = seat
    s.phase = DIE
    s.picks = sum(1 for o in s.owner if o != -1)


def labels(s):
    return [s.action_label(a) for a in s.legal_actions()]


def action_of(s, kind, **match):
    """The legal action whose JSON has this kind and these fields."""
    for a in s.legal_actions():
        j = s.action_json(a)
        if j.get("kind") == kind and all(j.get(k) == v for k, v in match.items()):
            return a
    raise AssertionError(f"no legal {kind} {match} among {labels(s)}")


def play_random(s, seed=0, limit=100000):
    r = Rng(seed)
    n = 0
    while not s.is_terminal() and n < limit:
        la = s.legal_actions()
        s.apply(la[r.below(len(la))])
        n += 1
    return s
