"""The table of one game: two tracking sheets (in the solo game the second is Zorlord's),
the eight action dice, the round and the pending decision.

Everything is kept in small ints and flat lists of them so that a state clones and steps
fast. Sheet 0 is the first player's, sheet 1 the second player's or Zorlord's. A ship is
``ship_ix(sheet, track)`` (0-5), a circle of a track ``circle_ix(row, col)`` (row 0 = the start
below the track .. ``rows + 1`` = the planet row; column 0-2): the helpers of :mod:`.grid`.

- ``grid``: per sheet, track, row and column, a bit set (:mod:`.grid`: ``UP_LINE``,
  ``SIDE_LINE``, ``DIAGONAL_LINE``, ``WARP_LINE``, ``MINE_BIT``). Index:
  ``track_ix(comp, ship) + circle_ix(row, col)``.
- per ship: ``pos`` (the circle it is on), ``best`` (highest row entered), ``dmg`` (filled
  hearts from damage), ``upg`` (engine upgrades, Friendly variant), ``paths`` (the circles
  entered, for the push-back to the prior location).
- per sheet and technology (``tech_ix(sheet, tech)``): ``tech_gained`` (circles crossed off in
  the technology column), ``tech_used`` (of those, the ones spent).
- per sheet: ``rerolls_used`` (control panel re-rolls used), ``cargo`` (dice in the cargo bay),
  ``immune`` (round in which the sheet ignores mine rolls, Friendly), ``kills`` (opponent
  ships this player disabled, Rapid Fire).
- dice: ``faces`` (face code per die) and ``owner`` (-1 in the pool, else the sheet).
- the round (RB: Playing the Game): ``round`` (1-based; 0 before the first), ``captain`` (the
  sheet that rolls the mine dice and takes the first die), ``rolls_left`` (mine rolls of this
  round's mine phase still to come), ``picks`` (dice taken this round, 0-8), ``you_first``
  (1 in a round of the novice solo game in which the player, not Zorlord, takes first; RB:
  Novice Solo Mode).
- the decision: ``phase`` (``DRAFT`` .. ``OVER``, below), ``acting`` (the sheet that decides;
  -1 once over), ``die`` (the die taken, 0-7), ``decisions`` (decisions taken in the game).
- the die being used: ``ship`` (the ``ship_ix`` of the ship it moves), ``pips`` (steps
  left), ``steps`` (steps taken), ``transformed`` (1 once a Transformer changed its colour:
  one change per die), ``attack_colour`` (the track an advance-and-attack die attacks when
  the move ends; -1 for none).
- a mine roll waiting for the defensive missiles (RB: Points of Emphasis, :mod:`.mines`):
  ``mr_letter`` (the column rolled), ``mr_number`` (the number rolled), ``mr_src`` (the sheet
  whose mine die caused it, -1 for the mine phase), ``mr_targets`` (the sheets it marks),
  ``mr_i`` (the index in ``mr_targets`` of the sheet asked now), ``mr_ignore`` (per sheet, 1
  once it ignores the roll: a missile, or the Friendly variant's immunity), ``resume`` (what
  goes on once the roll is done: ``RESUME_MINE_PHASE`` or ``RESUME_PICK``).
- an attack waiting for a defensive missile (RB: Advance and Attack Die, :mod:`.combat`):
  ``atk_sheet`` (the sheet of the ship attacked or upgraded), ``atk_ship`` (its ``ship_ix``),
  ``atk_kind`` (``combat.ATTACK`` or, Friendly, ``combat.UPGRADE``), ``atk_by`` (the sheet of
  the die's taker).
- the end: ``end_cause`` (how the game ended, a cause of :mod:`.scoring` such as ``"planets"``;
  ``''`` while it goes on), ``winning_seats`` (the winning sheets).

Every saved field is declared once, in :data:`FIELDS`, from which the constructor's fields,
the clone and the saved form are generated (:mod:`cosmodrome.core.fields`). A saved state
keeps the keys of its first form (the fourth item of a row, gathered in ``SAVED_AS``:
``phase`` is saved as ``stage``, ``attack_colour`` as ``aa``, ``transformed`` as ``xf``,
``tech_gained`` as ``tx``, ``tech_used`` as ``tu``, ``rerolls_used`` as ``rr``, ``winning_seats`` as
``winners_``), so states saved before still load.
"""

from __future__ import annotations

from typing import Any, Optional

from cosmodrome.core import Event, Rng, State
from cosmodrome.core.fields import flat_methods, saved_key
from cosmodrome.core.flat import FlatState, Hooks
from cosmodrome.games.cosmic_run.components import Components
from cosmodrome.games.cosmic_run.grid import MINE_BIT, circle_ix, ship_ix, tech_ix, track_ix

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
    ("end_cause", "text", "''", "end"),   # how the game ended ('' while it goes on)
    ("paths", "lists", "[[comp.start_column] for _ in range(6)]"),
    ("round", "int", "0"),
    ("captain", "int", "0"),
    ("picks", "int", "0"),
    ("phase", "int", "0", "stage"),   # the decision asked now (DRAFT, DIE, MOVE...; OVER at the end)
    ("acting", "int", "0", "seat"),
    ("die", "int", "0"),
    ("ship", "int", "0"),
    ("pips", "int", "0"),
    ("steps", "int", "0"),
    ("attack_colour", "int", "-1", "aa"),
    ("transformed", "int", "0", "xf"),
    ("rolls_left", "int", "0"),
    ("resume", "int", "0"),          # what goes on after a mine roll (RESUME_MINE_PHASE, RESUME_PICK)
    ("mr_letter", "int", "0"),
    ("mr_number", "int", "0"),
    ("mr_src", "int", "0"),
    ("mr_i", "int", "0"),
    ("atk_sheet", "int", "0"),
    ("atk_ship", "int", "0"),
    ("atk_kind", "int", "0"),
    ("atk_by", "int", "0"),
    ("you_first", "int", "0"),
    ("decisions", "int", "0"),
    ("grid", "list", "[0] * (2 * 3 * comp.nr * 3)"),
    ("pos", "list", "[comp.start_column] * 6"),
    ("best", "list", "[0] * 6"),
    ("dmg", "list", "[0] * 6"),
    ("upg", "list", "[0] * 6"),
    ("tech_gained", "list", "[0] * 8", "tx"),
    ("tech_used", "list", "[0] * 8", "tu"),
    ("rerolls_used", "list", "[0, 0]", "rr"),
    ("cargo", "list", "[0, 0]"),
    ("immune", "list", "[0, 0]"),
    ("kills", "list", "[0, 0]"),
    ("faces", "list", "[0] * 8"),
    ("owner", "list", "[-1] * 8"),
    ("mr_targets", "varlist", "[]"),
    ("mr_ignore", "list", "[0, 0]"),
    ("winning_seats", "varlist", "[]", "winners_"),   # the winning sheets (at the end)
)
#: the key of a field in a saved state where it differs from the field's name (from :data:`FIELDS`)
SAVED_AS = {row[0]: saved_key(row) for row in FIELDS if saved_key(row) != row[0]}
_GENERATED = flat_methods("CosmicRunState", FIELDS, "comp")


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
        #: the first circle of the planet row (``circle_ix(comp.rows + 1, 0)``): a ship on a
        #: circle from this one on has reached its planet
        self.planet_circle = circle_ix(comp.rows + 1, 0)
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
        return self.pos[ship] >= self.planet_circle

    def disabled(self, ship: int) -> bool:
        return self.dmg[ship] >= self.comp.hearts

    def avail(self, sheet: int, tech: int) -> int:
        i = tech_ix(sheet, tech)
        return self.tech_gained[i] - self.tech_used[i]

    def sheet_name(self, sheet: int) -> str:
        if self.solo and sheet == 1:
            return "Zorlord"
        return self.game.seat_name(sheet, self.num_players)

    def log(self, kind: str, text: str, chance: bool = False, **data: Any) -> None:
        if not self.quiet:
            self.ev.append(Event(kind, text, data, chance=chance))

    # ----- the protocol ------------------------------------------------------------------
    def to_move(self) -> Optional[int]:
        return None if self.phase == OVER else self.acting

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[int]:
        """The legal actions, ascending, kept until the next action (see
        :meth:`cosmodrome.core.flat.FlatState.legal_actions`; the phase is ``phase``)."""
        if self.phase == OVER:
            return []
        menu = self._menu = HOOKS.legal(self)
        return menu

    def kept_legal_actions(self) -> Optional[list]:
        """The menu kept by :meth:`legal_actions` until the next action."""
        return None if self.phase == OVER else self._menu

    def decision_kind(self) -> str:
        return PHASE_KIND.get(self.phase, "choose")

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
