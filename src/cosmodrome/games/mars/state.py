"""The table of one game of March on Mars: the ring of martian cards around the Martian
Master Mind (MMM), the marines, the alien counters, the upgrades, the tracks and the dice on
the combat card being played.

The ring is one strip of columns (:func:`ring`), read from the MMM's left to its right:
the left defender box, the two left cards, the Landing Zone (LZ), the two right cards, the
right defender box. The 2-player game uses half the board: the LZ, the two right cards and
the right defender box (rules, "Prepare landing"). Each column belongs to a zone
(:data:`ZONES`); a zone lies on a side of the planet (left, right, or the LZ between).

Everything else is flat lists of small ints, so that a state clones and steps fast:

- per marine (one per seat): ``mcol``, ``mlvl`` (where it stands), ``mdown`` (1 while
  crashed), ``acted`` (1 once it played this round), ``kills``;
- per alien counter: ``aloc``, its place: :data:`BAG`, :data:`DEAD` (the dead pile, which
  refills an empty bag), :data:`GONE` (a dead defender: never replaced), an incoming-wave box
  (:func:`incoming`), or a box of the ring (``col * levels + level``). The colour of a
  counter is fixed by its number (:meth:`MarsState.colour`); the last two red counters are
  the defenders;
- ``upg``: the upgrade counter in each of the two slots beside the LZ (-1 when destroyed);
- the turn in progress: ``cur`` (the marine playing), ``dice_n``, ``prog`` (per die: its
  action, or -1), ``faces`` (per die: the face rolled for the current action, 0 if none),
  ``slot`` (the action being played), ``boom`` (a wave face was rolled this turn).

Rules modules call the higher layers through :data:`HOOKS`, which the package's face
registers, so no module imports one above it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Optional

from cosmodrome.core import Event, Rng, State, team_returns
from cosmodrome.core.flat import FlatState, Hooks
from cosmodrome.games.lunar.dice import DIE_COLOUR, steps_of
from cosmodrome.games.lunar.movement import Jump, jump
from cosmodrome.games.lunar.terrain import AIR, ROCK, SAFE, SAFE_LANDING, STANDING, surface_below
from cosmodrome.games.mars.components import Components

# zones of the ring, from the MMM's left to its right
D_LEFT, FAR_LEFT, NEAR_LEFT, LZ, NEAR_RIGHT, FAR_RIGHT, D_RIGHT = range(7)
ZONE_NAMES = ("left defender box", "far left card", "near left card", "Landing Zone", "near right card",
              "far right card", "right defender box")
LEFT, RIGHT = 0, 1
SIDE_NAMES = ("left", "right")
#: per side: its defender box, the card next to the MMM, the card next to the LZ
SIDE_ZONES = ((D_LEFT, FAR_LEFT, NEAR_LEFT), (D_RIGHT, FAR_RIGHT, NEAR_RIGHT))

# alien places (``aloc``) other than a box of the ring
BAG, DEAD, GONE, INCOMING = -1, -2, -3, -10
YELLOW, BLUE, RED = 0, 1, 2

# the fixed action space (NUM_ACTIONS ids)
A_DONE, A_ROLL, A_NUKE = 0, 1, 2   # stop (end programming / end the turn / no effect); roll the next action; the nuke
A_SEAT = 3                          # 3 + seat: that marine acts next
A_PROGRAM = 8                       # 8 + die * 3 + action: put a die on an action of the combat card
A_MOVE = 26                         # 26 + (die * 2 + backward) * 8 + mask: move by that die
A_SHOOT = 122                       # 122 + (backward * 4 + range) * 4 + level: shoot the box there
A_REROLL = 154                      # 154 + die: roll that die of the current roll again (team play, LZ, antenna)
A_SUPPORT = 160                     # 160 + marine: tactical support from the LZ stands a crashed marine up
A_MISSILE = 165                     # 165 + (fragmentation * 2 + backward) * 5 + beacon marine: the missile battery
A_BAIT = 185                        # the bait: the white die of this round is rolled again
NUM_ACTIONS = 186

# decision phases
CHOOSE, PROGRAM, ACT, GO_ON, OVER = range(1, 6)
PHASE_KIND = {CHOOSE: "next-marine", PROGRAM: "program", ACT: "act", GO_ON: "go-on", OVER: "over"}
# how a game ended (``end``)
END_NUKE, END_ROUNDS, END_BASE = 1, 2, 3
END_NAMES = {0: "running", END_NUKE: "nuke", END_ROUNDS: "rounds", END_BASE: "base"}

INT_FIELDS = ("phase", "cur", "slot", "dice_n", "boom", "round", "base_hits", "won", "end", "decisions", "white",
              "rerolled", "first_slot", "bait")
LIST_FIELDS = ("cards", "mcol", "mlvl", "mdown", "acted", "kills", "aloc", "upg", "prog", "faces")

#: entry points of the higher layers, registered by the package's face: the protocol
#: (``legal``, ``perform``, ``action_json``, ``prompt``, ``view``, ``evaluation``) and the
#: flow (``end_turn``: after a marine's turn, the next marine or the end of the round)
HOOKS = Hooks("mars", ("legal", "perform", "action_json", "prompt", "view", "evaluation", "end_turn"))


def connector(comp: Components) -> tuple[int, ...]:
    """A single safe box on rock at the connector level, sky above (a defender box, a column of
    the LZ)."""
    y = comp.layout["connector_level"]
    return tuple(ROCK if i < y else SAFE if i == y else AIR for i in range(comp.layout["levels"]))


@lru_cache(maxsize=256)
def ring(comp: Components, cards: tuple[int, ...]) -> tuple[tuple, tuple[int, ...]]:
    """The strip of the ring made of ``cards`` (martian card numbers: far left, near left,
    near right, far right; or near right, far right for half the board) and the zone of each
    column. A left card is mirrored so that its column 0 faces the LZ.

    >>> from cosmodrome.games.mars.components import load_components
    >>> strip, zones = ring(load_components(), (0, 1, 2, 3))
    >>> len(strip), zones[0], zones[13:17], zones[-1]
    (30, 0, (3, 3, 3, 3), 6)
    >>> ring(load_components(), (2, 3))[1][:5]
    (3, 3, 3, 3, 4)
    """
    half = len(cards) == comp.layout["cards_per_side"]
    strip: list = []
    zones: list[int] = []

    def add(cols, zone):
        strip.extend(cols)
        zones.extend([zone] * len(cols))
    if not half:
        add([connector(comp)], D_LEFT)
        add(tuple(reversed(comp.cards[cards[0]].columns)), FAR_LEFT)
        add(tuple(reversed(comp.cards[cards[1]].columns)), NEAR_LEFT)
        cards = cards[2:]
    add([connector(comp)] * comp.layout["lz_columns"], LZ)
    add(comp.cards[cards[0]].columns, NEAR_RIGHT)
    add(comp.cards[cards[1]].columns, FAR_RIGHT)
    add([connector(comp)], D_RIGHT)
    return tuple(strip), tuple(zones)


class MarsState(FlatState, State):
    """One position of March on Mars. Build it with ``GAME.new_state(players, seed)``."""

    HOOKS = HOOKS
    INT_FIELDS = INT_FIELDS
    LIST_FIELDS = LIST_FIELDS
    PHASE_KIND = PHASE_KIND

    def __init__(self, game, players: int, options: dict[str, Any], comp: Components, rng: Rng,
                 cards: list[int]) -> None:
        self.game = game
        self.num_players = players
        self.options = dict(options)
        self.C = comp
        self.rng = rng
        self.cards = list(cards)
        self.strip, self.zone = ring(comp, tuple(cards))
        self.levels = comp.layout["levels"]
        self.sides = (RIGHT,) if players == 2 else (LEFT, RIGHT)
        for f in INT_FIELDS:
            setattr(self, f, 0)
        for f in ("mcol", "mlvl", "mdown", "acted", "kills"):
            setattr(self, f, [0] * players)
        a = comp.aliens
        self.n_aliens = a["yellow"] + a["blue"] + a["red"]
        self.aloc = [BAG] * self.n_aliens
        self.upg = [-1, -1]
        self.prog = [-1] * 6
        self.faces = [0] * 6
        self.ev: list[Event] = []
        self.initial_events: list[Event] = []

    # ----- the ring -----------------------------------------------------------------------
    def zone_cols(self, zone: int) -> range:
        """The columns of a zone (empty when this board has none)."""
        cols = [c for c, z in enumerate(self.zone) if z == zone]
        return range(cols[0], cols[-1] + 1) if cols else range(0)

    def side_of(self, col: int) -> int:
        """The side of the planet a column lies on; the LZ's columns split between the two
        (the half nearer each side), and on half the board they are all on the right."""
        z = self.zone[col]
        if z == LZ:
            if len(self.sides) == 1:
                return RIGHT
            lz = self.zone_cols(LZ)
            return LEFT if col < lz.start + len(lz) // 2 else RIGHT
        return LEFT if z < LZ else RIGHT

    def box(self, col: int, lvl: int) -> int:
        return col * self.levels + lvl

    def standing(self, col: int, lvl: int) -> bool:
        return 0 <= col < len(self.strip) and 0 <= lvl < self.levels and self.strip[col][lvl] in STANDING

    def circled(self, col: int, lvl: int) -> bool:
        return self.strip[col][lvl] in SAFE_LANDING

    # ----- aliens ---------------------------------------------------------------------------
    def colour(self, i: int) -> int:
        """The colour of alien counter ``i``: yellow ones first, then blue, then red."""
        a = self.C.aliens
        return YELLOW if i < a["yellow"] else BLUE if i < a["yellow"] + a["blue"] else RED

    def defenders(self) -> tuple[int, int]:
        """The two defender counters (the last two red ones): left, right."""
        return (self.n_aliens - 2, self.n_aliens - 1)

    def aliens_at(self, loc: int) -> list[int]:
        return [i for i, p in enumerate(self.aloc) if p == loc]

    def defender_alive(self, side: int) -> bool:
        return self.aloc[self.defenders()[side]] >= 0

    # ----- helpers used by the rules ------------------------------------------------------
    def log(self, kind: str, text: str, chance: bool = False, **data: Any) -> None:
        self.ev.append(Event(kind, text, data, chance=chance))

    def roll_die(self, d: int) -> int:
        return self.C.faces[DIE_COLOUR[d]][self.rng.below(6)]

    def preview(self, m: int, d: int, backward: int, mask: int) -> Jump:
        """Where moving marine ``m`` by die ``d`` (its rolled face), forward (towards the
        right defender box) or backward, with the diagonal steps ``mask``, would take it: the
        jump of :mod:`cosmodrome.games.lunar.movement` on the ring read in that direction,
        stopped before a living defender's force barrier (rules, "The red defenders")."""
        n = len(self.strip)
        if backward:
            limit = 1 if LEFT in self.sides and self.defender_alive(LEFT) else 0
        else:
            limit = n - 2 if self.defender_alive(RIGHT) else n - 1
        steps = steps_of(self.faces[d])
        if backward:
            j = jump(self.rev_strip(), n - 1 - self.mcol[m], self.mlvl[m], DIE_COLOUR[d], steps, mask, n - 1 - limit)
            j = Jump(n - 1 - j.col, j.level, j.outcome, tuple((n - 1 - c, y) for c, y in j.path), j.stopped)
        else:
            j = jump(self.strip, self.mcol[m], self.mlvl[m], DIE_COLOUR[d], steps, mask, limit)
        if j.stopped and len(j.path) < steps:   # the barrier or the MMM: a crash where the jump ended
            col = self.strip[j.col]
            lvl = j.level if col[j.level] != AIR else surface_below(col, j.level)
            return Jump(j.col, lvl, "barrier", j.path, True)
        return j

    def rev_strip(self) -> tuple:
        return _reversed(self.strip)

    # ----- the protocol (the rest comes from FlatState) ---------------------------------------
    def to_move(self) -> Optional[int]:
        return None if self.phase == OVER else self.cur

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        """The team's result, shared by every marine (a co-operative game)."""
        return team_returns(self.num_players, self.phase == OVER and bool(self.won))

    def winners(self) -> list[int]:
        return list(range(self.num_players)) if self.phase == OVER and self.won else []

    def scores(self) -> list[float]:
        """Aliens killed by each marine."""
        return [float(k) for k in self.kills]

    def summary(self) -> dict[str, Any]:
        return {"end": END_NAMES[self.end], "rounds": self.round, "base_hits": self.base_hits,
                "kills": sum(self.kills), "defenders_killed": sum(1 for k in self.sides if self.aloc[self.defenders()[k]] == GONE)}

    def evaluation(self) -> list[float]:
        """An estimated team win chance of an unfinished game (for search bots)."""
        return HOOKS.evaluation(self)

    def resample(self, seat: int, rng: Rng) -> "MarsState":
        """Aliens are drawn from the bag when needed, so nothing but the future is hidden: a
        determinization is a clone with a fresh random generator."""
        return FlatState.resample(self, seat, rng)


@lru_cache(maxsize=256)
def _reversed(strip: tuple) -> tuple:
    return tuple(reversed(strip))
