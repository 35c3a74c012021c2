"""The table of one game: two tracking sheets (in the solo game the second is Zorlord's),
the eight action dice, the round and the pending decision.

Everything is kept in small ints and flat lists of them so that a state clones and steps
fast. Sheet 0 is the first player's, sheet 1 the second player's or Zorlord's. A ship is
``ship_ix(sheet, track)`` (0-5), a circle of a track ``circle_ix(row, col)`` (row 0 = the start
below the track .. ``comp.planet`` = the planet row; column 0-2): the helpers of :mod:`.grid`.

Every saved field is declared once, with what it holds, in :data:`FIELDS`: the round (RB:
Playing the Game), the decision, the die being used, a mine roll waiting for the defensive
missiles (the ``mr_`` and ``mine_roll_`` fields; RB: Points of Emphasis, :mod:`.mines`), an
attack waiting for a defensive missile (``attacked_sheet``, ``attacked_ship``, ``attack_kind``,
``attacker_sheet``; RB: Advance and Attack Die, :mod:`.combat`), the grid, the ships (``circle``,
``best_row``, ``damage``, ``engine_upgrades``), the sheets and the dice. The constructor's fields,
the clone and the saved form are generated from it (:mod:`cosmodrome.core.fields`). A saved state
keeps the keys of its first form (the fourth item of a row, gathered in ``SAVED_AS``), so states
saved before still load.
"""

from __future__ import annotations

from typing import Any, Optional

from cosmodrome.core import Event, Rng, State
from cosmodrome.core.events import Text
from cosmodrome.core.fields import flat_methods, saved_key
from cosmodrome.core.flat import FlatState, Hooks
from cosmodrome.games.cosmic_run.components import Components
from cosmodrome.games.cosmic_run.grid import (
    MINE_BIT,
    SHEET_TECHS,
    SHEETS,
    SHIPS,
    TRACK_COLUMNS,
    circle_ix,
    ship_ix,
    tech_ix,
    track_ix,
)

# the decision's phases (``phase``; the decision kind of each: :data:`PHASE_KIND`)
DRAFT, DIE, MOVE, LETTER, TECHPICK, MISSILE_MINE, MISSILE_ATTACK, ZOR_REROLL, ZOR_GIVE, OVER = range(1, 11)
PHASE_KIND = {DRAFT: "draft", DIE: "die", MOVE: "move", LETTER: "mine-letter", TECHPICK: "cargo-technology",
              MISSILE_MINE: "missile-vs-mines", MISSILE_ATTACK: "missile-vs-attack",
              ZOR_REROLL: "reroll-zorlord", ZOR_GIVE: "give-zorlord", OVER: "over"}

# continuations after a mine roll or an attack is resolved
RESUME_MINE_PHASE, RESUME_PICK = 0, 1

#: Every saved field, declared once: ``(name, kind, its value in a new state)``, and, where a
#: save keeps the key of its first form, that key (the expressions may use ``comp``). The
#: fields' part of the constructor, the clone and the saved form are generated from it
#: (:func:`cosmodrome.core.fields.flat_methods`); ``list`` keeps the length of a new state's,
#: ``varlist`` any length; ``paths`` is 6 lists of circles. The order is the saved form's.
FIELDS = (
    ("end_cause", "text", "''", "end"),   # how the game ended, a cause of :mod:`.scoring` ('planets'...; '' running)
    ("paths", "lists", "[[comp.start_column] for _ in range(SHIPS)]"),   # per ship: the circles entered (push-backs)
    ("round", "int", "0"),           # the round (from 1; 0 before the first)
    ("captain", "int", "0"),         # the sheet that rolls the mine dice and takes the first die this round
    ("picks", "int", "0"),           # dice taken this round (0 to the action dice, 8)
    ("phase", "int", "0", "stage"),   # the decision asked now (DRAFT, DIE, MOVE...; OVER at the end)
    ("acting", "int", "0", "seat"),   # the sheet that decides (-1 once over)
    ("die", "int", "0"),             # the die taken (0 to 7)
    ("ship", "int", "0"),            # the ship the die moves (its ship_ix)
    ("pips", "int", "0"),            # steps the die has left
    ("steps", "int", "0"),           # steps the die has taken
    ("attack_colour", "int", "-1", "aa"),   # the track an advance-and-attack die attacks when the move ends (-1: none)
    ("transformed", "int", "0", "xf"),   # 1 once a Transformer changed the die's colour (one change a die)
    ("rolls_left", "int", "0"),      # mine rolls still to come in this round's mine phase
    ("resume", "int", "0"),          # what goes on after a mine roll (RESUME_MINE_PHASE, RESUME_PICK)
    ("mine_roll_letter", "int", "0", "mr_letter"),   # the mine roll: the column rolled
    ("mine_roll_number", "int", "0", "mr_number"),   # the mine roll: the number rolled
    ("mine_roll_source", "int", "0", "mr_src"),   # the mine roll: the sheet whose mine die caused it (-1: mine phase)
    ("mine_roll_target_ix", "int", "0", "mr_i"),   # the mine roll: where in mine_roll_targets the sheet asked now is
    ("attacked_sheet", "int", "0", "atk_sheet"),   # the attack: the sheet of the ship attacked or upgraded
    ("attacked_ship", "int", "0", "atk_ship"),   # the attack: that ship's ship_ix
    ("attack_kind", "int", "0", "atk_kind"),   # the attack: combat.ATTACK or (Friendly) combat.UPGRADE
    ("attacker_sheet", "int", "0", "atk_by"),   # the attack: the sheet of the die's taker
    ("you_first", "int", "0"),       # 1: the player, not Zorlord, takes first this round (RB: Novice Solo Mode)
    ("decisions", "int", "0"),       # decisions taken so far
    # per sheet, track, row, column: line and mine bits (.grid)
    ("grid", "list", "[0] * (SHIPS * comp.nr * TRACK_COLUMNS)"),
    ("circle", "list", "[comp.start_column] * SHIPS", "pos"),   # per ship: the circle it is on
    ("best_row", "list", "[0] * SHIPS", "best"),   # per ship: the highest row it entered
    ("damage", "list", "[0] * SHIPS", "dmg"),   # per ship: hearts filled by damage
    ("engine_upgrades", "list", "[0] * SHIPS", "upg"),   # per ship: engine upgrades (Friendly variant)
    # per sheet, technology (tech_ix): circles crossed off
    ("tech_gained", "list", "[0] * (SHEETS * SHEET_TECHS)", "tx"),
    ("tech_used", "list", "[0] * (SHEETS * SHEET_TECHS)", "tu"),   # per sheet, technology: of those, the ones spent
    ("rerolls_used", "list", "[0] * SHEETS", "rr"),   # per sheet: control panel re-rolls used
    ("cargo", "list", "[0] * SHEETS"),     # per sheet: dice in the cargo bay
    ("immune", "list", "[0] * SHEETS"),    # per sheet: the round it ignores mine rolls in (Friendly)
    ("kills", "list", "[0] * SHEETS"),     # per sheet: opponent ships it disabled (Rapid Fire)
    ("faces", "list", "[0] * len(comp.dice)"),    # per die: its face code
    ("owner", "list", "[-1] * len(comp.dice)"),   # per die: the sheet that took it (-1: in the pool)
    ("mine_roll_targets", "varlist", "[]", "mr_targets"),   # the mine roll: the sheets it marks
    # the mine roll, per sheet: 1 once it ignores it (a missile, or immunity)
    ("mine_roll_ignored", "list", "[0] * SHEETS", "mr_ignore"),
    ("winning_seats", "varlist", "[]", "winners_"),   # the winning sheets (at the end)
)
#: the key of a field in a saved state where it differs from the field's name (from :data:`FIELDS`)
SAVED_AS = {row[0]: saved_key(row) for row in FIELDS if saved_key(row) != row[0]}
_GENERATED = flat_methods("CosmicRunState", FIELDS, "comp",
                          {"SHEETS": SHEETS, "SHIPS": SHIPS, "SHEET_TECHS": SHEET_TECHS,
                           "TRACK_COLUMNS": TRACK_COLUMNS})


#: The entry points of the higher layers that this data layer and the rules call (a
#: :class:`~cosmodrome.core.flat.Hooks`, as in every game): the protocol (``legal``,
#: ``perform``, ``action_json``, ``prompt``, ``view``, ``scores``, ``summary``) and the flow
#: of a round (``next_pick``: the next die is taken or the round ends; ``resume``: go on
#: after a mine roll). The package's face registers them once
#: (``cosmodrome.games.cosmic_run.__init__``), so no module imports a higher one.
HOOKS = Hooks("cosmic-run", ("legal", "perform", "action_json", "prompt", "view", "scores", "summary", "next_pick",
                             "resume"))


class CosmicRunState(FlatState, State):
    """One position of Cosmic Run: Rapid Fire. Build it with ``GAME.new_state(players, seed)``.
    The protocol calls that go through the hooks (the legal actions, kept until the next
    action as the other games keep theirs, labels, prompts, applying a move) come from
    :class:`~cosmodrome.core.flat.FlatState`; the decision's phase is ``phase``. The fields
    are declared once, in :data:`FIELDS`, from which the clone and the saved form are
    generated."""

    HOOKS = HOOKS
    FIELDS = FIELDS
    PHASE_KIND = PHASE_KIND
    OVER_PHASE = OVER

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
        #: the first circle of the planet row (``circle_ix(comp.planet, 0)``): a ship on a
        #: circle from this one on has reached its planet
        self.planet_circle = circle_ix(comp.planet, 0)
        self.rng = rng
        self._init_fields(comp)
        self.ev: list[Event] = []
        self.initial_events: list[Event] = []

    #: (comp): every field of :data:`FIELDS` at its value in a new state
    _init_fields = _GENERATED["_init_fields"]
    clone = _GENERATED["clone"]
    to_json = _GENERATED["to_json"]

    # ----- small helpers used by the rules modules -------------------------------------
    def cell(self, sheet: int, track: int, row: int, col: int) -> int:
        """The index in ``grid`` of a circle of a track (:func:`track_ix`)."""
        return track_ix(self.comp, ship_ix(sheet, track)) + circle_ix(row, col)

    def mined(self, sheet: int, track: int, row: int, col: int) -> bool:
        """Is a space mine in this circle (RB: Phase I: Mine Phase)?"""
        return bool(self.grid[self.cell(sheet, track, row, col)] & MINE_BIT)

    def reached(self, ship: int) -> bool:
        """Is the ship on its planet (RB: Movement Die)? (No circle lies above the planet row.)"""
        return self.circle[ship] >= self.planet_circle

    def disabled(self, ship: int) -> bool:
        return self.damage[ship] >= self.comp.hearts

    def avail(self, sheet: int, tech: int) -> int:
        i = tech_ix(sheet, tech)
        return self.tech_gained[i] - self.tech_used[i]

    def sheet_name(self, sheet: int) -> str:
        if self.solo and sheet == 1:
            return "Zorlord"
        return self.game.seat_name(sheet, self.num_players)

    def say(self, kind: str, text: Text, data: Optional[dict[str, Any]] = None, visible_to: Optional[frozenset] = None,
            hidden: Optional[Text] = None, chance: bool = False) -> None:
        """Record an event (docs/ARCHITECTURE.md, "Recording events"); a quiet state records none."""
        if not self.quiet:
            self.ev.append(Event(kind, text, data, visible_to, hidden, chance))

    # ----- the protocol ------------------------------------------------------------------
    def to_move(self) -> Optional[int]:
        return None if self.phase == OVER else self.acting

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if self.phase != OVER or not self.winning_seats:
            return [0.0] * self.num_players
        share = 1.0 / len(self.winning_seats)
        return [share if i in self.winning_seats else 0.0 for i in range(self.num_players)]

    def winners(self) -> list[int]:
        return list(self.winning_seats) if self.phase == OVER else []

    def scores(self) -> list[float]:
        return HOOKS.scores(self)

    def summary(self) -> dict[str, Any]:
        return HOOKS.summary(self)

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
        return FlatState.resample(self, seat, rng)
