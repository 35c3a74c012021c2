"""The table of one game: two tracking sheets (in the solo game the second is Zorlord's),
the eight action dice, the round and the pending decision.

Everything is kept in flat lists of small ints so that a state clones and steps fast:

- ``grid``: per sheet, track, row (0 = start below the track .. rows + 1 = planet row) and
  column, a bit set: 1 up-line, 2 sideways line, 4 diagonal line, 8 warp line, 16 mine.
  Index: ``((sheet * 3 + track) * nr + row) * 3 + col``.
- per ship (``sheet * 3 + track``): ``pos`` (row * 3 + col), ``best`` (highest row entered),
  ``dmg`` (filled hearts from damage), ``upg`` (engine upgrades, Friendly variant),
  ``paths`` (the circles entered, for the push-back to the prior location).
- per sheet and technology (``sheet * 4 + tech``): ``tech_gained`` (circles crossed off in
  the technology column), ``tech_used`` (of those, the ones spent).
- per sheet: ``rerolls_used`` (control panel re-rolls used), ``cargo`` (dice in the cargo bay),
  ``immune`` (round in which the sheet ignores mine rolls, Friendly), ``kills`` (opponent
  ships this player disabled, Rapid Fire).
- dice: ``faces`` (face code per die) and ``owner`` (-1 in the pool, else the sheet).
- the die being used: ``ship`` (sheet * 3 + track of the ship it moves), ``pips`` (steps
  left), ``steps`` (steps taken), ``transformed`` (1 once a Transformer changed its colour:
  one change per die), ``attack_colour`` (the track an advance-and-attack die attacks when
  the move ends; -1 for none).

A saved state keeps the keys of its first form (``SAVED_AS``: ``attack_colour`` is saved
as ``aa``, ``transformed`` as ``xf``, ``tech_gained`` as ``tx``, ``tech_used`` as ``tu``,
``rerolls_used`` as ``rr``), so states saved before still load.
"""

from __future__ import annotations

from typing import Any, Optional

from cosmodrome.core import Event, Rng, State
from cosmodrome.core.flat import Hooks
from cosmodrome.games.cosmic_run.components import Components

# decision stages
DRAFT, DIE, MOVE, LETTER, TECHPICK, MISSILE_MINE, MISSILE_ATTACK, ZOR_REROLL, ZOR_GIVE, OVER = range(1, 11)
STAGE_KIND = {DRAFT: "draft", DIE: "die", MOVE: "move", LETTER: "mine-letter", TECHPICK: "cargo-technology",
              MISSILE_MINE: "missile-vs-mines", MISSILE_ATTACK: "missile-vs-attack",
              ZOR_REROLL: "reroll-zorlord", ZOR_GIVE: "give-zorlord", OVER: "over"}

# continuations after a mine roll or an attack is resolved
RESUME_MINE_PHASE, RESUME_PICK = 0, 1

INT_FIELDS = ("round", "captain", "picks", "stage", "seat", "die", "ship", "pips", "steps", "attack_colour",
              "transformed", "rolls_left", "resume", "mr_letter", "mr_number", "mr_src", "mr_i",
              "atk_sheet", "atk_ship", "atk_kind", "atk_by", "you_first", "decisions")
LIST_FIELDS = ("grid", "pos", "best", "dmg", "upg", "tech_gained", "tech_used", "rerolls_used", "cargo", "immune",
               "kills", "faces", "owner", "mr_targets", "mr_ignore", "winners_")
#: the key of a field in a saved state where it differs from the field's name
SAVED_AS = {"attack_colour": "aa", "transformed": "xf", "tech_gained": "tx", "tech_used": "tu",
            "rerolls_used": "rr"}


def tech_ix(sheet: int, tech: int) -> int:
    """The index in ``tech_gained`` and ``tech_used`` of a sheet's technology column.

    >>> tech_ix(1, 2)
    6
    """
    return sheet * 4 + tech


#: The entry points of the higher layers that this data layer and the rules call (a
#: :class:`~cosmodrome.core.flat.Hooks`, as in every game): the protocol (``legal``,
#: ``perform``, ``action_json``, ``prompt``, ``view``, ``scores``, ``summary``) and the flow
#: of a round (``next_pick``: the next die is taken or the round ends; ``resume``: go on
#: after a mine roll). The package's face registers them once
#: (``cosmodrome.games.cosmic_run.__init__``), so no module imports a higher one.
HOOKS = Hooks("cosmic-run", ("legal", "perform", "action_json", "prompt", "view", "scores", "summary", "next_pick",
                             "resume"))


class CosmicRunState(State):
    """One position of Cosmic Run: Rapid Fire. Build it with ``GAME.new_state(players, seed)``."""

    def __init__(self, game, players: int, options: dict[str, Any], comp: Components, rng: Rng) -> None:
        self.game = game
        self.num_players = players
        self.options = dict(options)
        self.comp = comp
        self.side = 1 if options.get("side", "A") == "B" else 0
        self.friendly = bool(options.get("friendly", False))
        self.rapid = bool(options.get("rapid_fire", False))
        self.novice = bool(options.get("novice", False))
        self.zor_reroll = not bool(options.get("no_zorlord_reroll", False))
        self.solo = players == 1
        self.rng = rng
        nr = comp.nr
        self.grid = [0] * (2 * 3 * nr * 3)
        start = comp.start_column
        self.pos = [start] * 6
        self.best = [0] * 6
        self.dmg = [0] * 6
        self.upg = [0] * 6
        self.paths: list[list[int]] = [[start] for _ in range(6)]
        self.tech_gained = [0] * 8
        self.tech_used = [0] * 8
        self.rerolls_used = [0, 0]
        self.cargo = [0, 0]
        self.immune = [0, 0]
        self.kills = [0, 0]
        self.faces = [0] * 8
        self.owner = [-1] * 8
        self.mr_targets: list[int] = []
        self.mr_ignore = [0, 0]
        self.winners_: list[int] = []
        self.end = ""
        for f in INT_FIELDS:
            setattr(self, f, 0)
        self.attack_colour = -1
        self.ev: list[Event] = []
        self.initial_events: list[Event] = []

    # ----- small helpers used by the rules modules -------------------------------------
    def cell(self, sheet: int, track: int, row: int, col: int) -> int:
        return ((sheet * 3 + track) * self.comp.nr + row) * 3 + col

    def mined(self, sheet: int, track: int, row: int, col: int) -> bool:
        return bool(self.grid[((sheet * 3 + track) * self.comp.nr + row) * 3 + col] & 16)

    def reached(self, ship: int) -> bool:
        return self.pos[ship] // 3 == self.comp.rows + 1

    def disabled(self, ship: int) -> bool:
        return self.dmg[ship] >= self.comp.hearts

    def avail(self, sheet: int, tech: int) -> int:
        i = sheet * 4 + tech   # tech_ix(sheet, tech), written out: on the path of every step
        return self.tech_gained[i] - self.tech_used[i]

    def sheet_name(self, sheet: int) -> str:
        if self.solo and sheet == 1:
            return "Zorlord"
        return self.game.seat_name(sheet, self.num_players)

    #: a search clone (``clone(quiet=True)``): records no events
    quiet = False

    def log(self, kind: str, text: str, chance: bool = False, **data: Any) -> None:
        if not self.quiet:
            self.ev.append(Event(kind, text, data, chance=chance))

    # ----- the protocol ------------------------------------------------------------------
    def to_move(self) -> Optional[int]:
        return None if self.stage == OVER else self.seat

    def is_terminal(self) -> bool:
        return self.stage == OVER

    def legal_actions(self) -> list[int]:
        return HOOKS.legal(self)

    def action_label(self, action: int) -> str:
        return HOOKS.action_json(self, action)["label"]

    def action_json(self, action: int) -> dict[str, Any]:
        return HOOKS.action_json(self, action)

    def decision_kind(self) -> str:
        return STAGE_KIND.get(self.stage, "choose")

    def decision_prompt(self) -> str:
        return HOOKS.prompt(self)

    def _apply(self, action: int) -> list[Event]:
        self.ev = []
        self.decisions += 1
        HOOKS.perform(self, action)
        ev, self.ev = self.ev, []
        return ev

    def returns(self) -> list[float]:
        if self.stage != OVER or not self.winners_:
            return [0.0] * self.num_players
        share = 1.0 / len(self.winners_)
        return [share if i in self.winners_ else 0.0 for i in range(self.num_players)]

    def winners(self) -> list[int]:
        return list(self.winners_) if self.stage == OVER else []

    def scores(self) -> list[float]:
        return HOOKS.scores(self)

    def summary(self) -> dict[str, Any]:
        return HOOKS.summary(self)

    def clone(self, quiet: bool = False) -> "CosmicRunState":
        """A copy sharing only the immutable parts (the component tables, the options);
        ``quiet=True``: a search clone that records no events (nor do its own clones)."""
        s = CosmicRunState.__new__(CosmicRunState)
        d = s.__dict__
        d.update(self.__dict__)
        s.rng = self.rng.copy()
        s.grid = self.grid[:]
        s.pos = self.pos[:]
        s.best = self.best[:]
        s.dmg = self.dmg[:]
        s.upg = self.upg[:]
        s.paths = [p[:] for p in self.paths]
        s.tech_gained = self.tech_gained[:]
        s.tech_used = self.tech_used[:]
        s.rerolls_used = self.rerolls_used[:]
        s.cargo = self.cargo[:]
        s.immune = self.immune[:]
        s.kills = self.kills[:]
        s.faces = self.faces[:]
        s.owner = self.owner[:]
        s.mr_targets = self.mr_targets[:]
        s.mr_ignore = self.mr_ignore[:]
        s.winners_ = self.winners_[:]
        s.ev = []
        s.initial_events = []
        if quiet:
            s.quiet = True
        return s

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"game": self.game.name, "players": self.num_players,
                             "options": dict(self.options), "rng": self.rng.state, "end": self.end,
                             "paths": [list(p) for p in self.paths]}
        for f in INT_FIELDS:
            d[SAVED_AS.get(f, f)] = getattr(self, f)
        for f in LIST_FIELDS:
            d[SAVED_AS.get(f, f)] = list(getattr(self, f))
        return d

    def view(self, seat: Optional[int]) -> dict[str, Any]:
        return HOOKS.view(self, seat)

    def view_common(self) -> dict[str, Any]:
        return HOOKS.view(self, None)

    def view_for(self, seat: Optional[int], common: Any) -> dict[str, Any]:
        """Nothing of the table is hidden: the seats' views differ by their ``seat`` only."""
        out = dict(common)
        out["seat"] = seat
        return out

    def resample(self, seat: int, rng: Rng) -> "CosmicRunState":
        """Nothing on the table is hidden; only the future dice are unknown, so a
        determinization is a clone with a fresh random generator."""
        s = self.clone()
        s.rng = rng.spawn()
        return s
