"""The table of one game of Walking on the Moon: the lap of lunar cards, the astronauts, the
counters, the dice on the jump card and the pending decision.

The lap is one strip of columns (:func:`lap`): the goal box, then the five lunar cards with a
circled box between each two, then the goal box again (a lap ends where it began).
Everything else is kept in flat lists of small ints so that a state clones and steps fast,
indexed by astronaut (one per player; two per player in the 2-player game, astronaut ``a``
belonging to seat ``a % 2``):

- ``column``, ``level``: where the astronaut stands (strip column, level 0..3);
- ``stamp``: when it arrived there (in a shared box the latest arrival is on top);
- ``crashed``: 1 while it lies face-down after an accident;
- ``sputniks``, ``ec_counters``, ``handicaps``: its Sputnik, EC (Earth Control) and handicap
  counters (the supply keeps the rest: ``sputnik_supply``, ``ec_supply``, ``handicap_supply``);
- ``finish_place``: 0, or its place in the order of arrival at the goal (1 = first).

The turn in progress: ``acting`` (the astronaut playing), ``mover`` (the astronaut whose move is
being made: ``acting``, or another one moved out of its turn by an action card, whose player
takes the decisions of that move), ``dice_count`` (dice it takes), ``die_action`` (per die:
the jump it is programmed on, or -1), ``faces`` (per die: the face rolled on the current
jump, 0 if none), ``jump`` (the jump being made). The names are those of March on Mars for
the same things (:mod:`cosmodrome.games.mars.state`); each is declared once, with what it
holds, in :data:`FIELDS`.

Rules modules call the higher layers through :data:`HOOKS`, which the package's face
registers, so no module imports one above it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Optional

from cosmodrome.core import Event, Rng, State
from cosmodrome.core.events import Text
from cosmodrome.core.fields import flat_methods
from cosmodrome.core.flat import FlatState, Hooks, range_kind
from cosmodrome.games.lunar.dice import DIE_COLOUR, steps_of
from cosmodrome.games.lunar.movement import Jump, jump
from cosmodrome.games.lunar.terrain import AIR, ROCK, SAFE
from cosmodrome.games.moon.components import JUMP_SLOTS, Components

# the fixed action space (NUM_ACTIONS ids); 91..111 are kept for the advanced rules
A_DONE, A_YES = 0, 1        # stop / no more EC / keep as is  --  go on / spend an EC for a die
A_PROGRAM = 2               # 2 + die * JUMP_SLOTS + jump: put a die on a jump of the jump card
A_PICK = 20                 # 20 + die * 4 + mask: move by that die's face, diagonal steps in mask
A_REROLL = 44               # 44 + die: spend an EC to roll that die again
A_COUNT = 50                # 50 + n, n = 0..MAX_COUNT: how many counters (exchange; Sputniks to spend)
MAX_COUNT = 40
A_SEAT = 91                 # 91 + astronaut: the astronaut to rob (advanced rules)
A_PLAY = 100                # play the action card asked about (advanced rules)
A_REMOVE = 101              # 101 + die: play "No instructions", taking that die out of the pool
A_NEW = 107                 # discard the action card held for a new one (start of a round)
NUM_ACTIONS = 112


# ----- the codec of the packed ids: every packing and unpacking of an action id is here --
def encode_program(die: int, jump: int) -> int:
    """The id of putting ``die`` on ``jump`` of the jump card (programming).

    >>> decode_program(encode_program(5, 2))
    (5, 2)
    """
    return A_PROGRAM + die * JUMP_SLOTS + jump


def decode_program(a: int) -> tuple[int, int]:
    """``(die, jump)`` of a programming id."""
    return divmod(a - A_PROGRAM, JUMP_SLOTS)


def encode_pick(die: int, mask: int) -> int:
    """The id of moving by ``die``'s face, the steps of bit mask ``mask`` diagonal.

    >>> decode_pick(encode_pick(3, 2))
    (3, 2)
    """
    return A_PICK + die * 4 + mask


def decode_pick(a: int) -> tuple[int, int]:
    """``(die, mask)`` of a move id."""
    return divmod(a - A_PICK, 4)


#: the first id of each kind of action, by name, ascending (:func:`action_kind`); 91..99 and
#: 108..111 are kept for the advanced rules
ACTION_KINDS = (("done", A_DONE), ("yes", A_YES), ("program", A_PROGRAM), ("pick", A_PICK), ("reroll", A_REROLL),
                ("count", A_COUNT), ("seat", A_SEAT), ("play", A_PLAY), ("remove", A_REMOVE), ("new", A_NEW))


def action_kind(a: int) -> str:
    """The name of the kind of action id ``a`` (its range in the action space).

    >>> action_kind(encode_pick(2, 1)), action_kind(A_REMOVE + 3)
    ('pick', 'remove')
    """
    return range_kind(a, ACTION_KINDS, "done")

# the step stack (``stack``): what is still to happen, first step first. After a jump:
# a robbery, the special boxes stepped into (a P_TOKEN step with the column), the 2-player
# exchange, the Slipstream check (a P_PASS step with the column the move began on), then the
# next jump or the end of the turn. Moves out of turn (action cards) are blocks pushed on
# top: a P_MOVER step with the astronaut whose move the next steps are about, their steps, a
# P_MOVER step with the astronaut before them. Each step is one int (the saved form): a kind
# that carries no number is its own step; the others are made and read by :func:`encode_step`,
# :func:`decode_step` and :func:`step_kind` alone.
P_END, P_AFTER, P_ROB, P_SWAP = 0, 1, 2, 3   # end the turn; the next jump or the end; a robbery; the exchange
P_ROUND = 4                 # the end-of-round cards are over: counters, next round (or the end)
P_CARDSTEP = 5              # the mover goes one circle box ahead by an action card
# the steps that carry a number (the kinds from P_TOKEN on, each STEP_SPAN ids wide)
P_TOKEN = 100               # column: the special box there, for the mover
P_MOVER = 200               # astronaut: the next steps are that astronaut's move
P_PASS = 300                # column: ask Slipstream of those the mover overtook since that column
P_SLIP = 400                # astronaut: ask its player whether to play Slipstream for it
P_EOR = 500                 # seat: ask the seat about its end-of-round card
P_EXTRA = 600               # die: the mover's free jump with that die (Extra jump)
STEP_SPAN = 100             # the numbers a step carries are below this (a lap has fewer columns)


# ----- the codec of the step stack: every packing and unpacking of a step is here ------------
def encode_step(kind: int, number: int = 0) -> int:
    """The step ``kind`` (P_END...), carrying ``number`` (a column, an astronaut, a seat or a
    die) for the kinds from P_TOKEN on.

    >>> decode_step(encode_step(P_PASS, 12)), decode_step(encode_step(P_SWAP))
    ((300, 12), (3, 0))
    """
    return kind + number


def decode_step(p: int) -> tuple[int, int]:
    """``(kind, number)`` of a step (``number`` 0 for the kinds that carry none)."""
    if p < P_TOKEN:
        return p, 0
    number = p % STEP_SPAN
    return p - number, number


def step_kind(p: int) -> int:
    """The kind of a step (P_END...), without its number.

    >>> step_kind(encode_step(P_MOVER, 3)) == P_MOVER
    True
    """
    return p if p < P_TOKEN else p - p % STEP_SPAN

#: the race ends after this round even if nobody reached the goal (docs/rulings/moon.md 42):
#: a bound on the game's length (uniformly random play has lasted 65 rounds)
MAX_ROUNDS = 100

# decision phases
EXTRA, PROGRAM, PICK, GO_ON, SWAP_SPK, SWAP_EC, ROB, BUY, FREE_DIE, OVER, CARD, REFRESH, ADVANCE = range(1, 14)
LAST_PHASE = ADVANCE
#: the effects played at the end of a round
END_OF_ROUND = ("planification", "extra-jump", "teamwork")
#: the moments for action cards (``ask_card``; 0 is the refresh at a round's start) and the
#: effects each lets a holder play (see :mod:`.cards`)
W_END, W_NO_INSTRUCTIONS, W_SANCTION, W_MISCALCULATION, W_COOPERATION, W_SLIPSTREAM = range(1, 7)
WINDOW_EFFECTS = {W_END: END_OF_ROUND, W_NO_INSTRUCTIONS: ("no-instructions",), W_SANCTION: ("sanction",),
                  W_MISCALCULATION: ("miscalculation",), W_COOPERATION: ("cooperation",),
                  W_SLIPSTREAM: ("slipstream",)}

PHASE_KIND = {EXTRA: "extra-die", PROGRAM: "program", PICK: "pick", GO_ON: "go-on",
              SWAP_SPK: "exchange-sputniks", SWAP_EC: "exchange-ec", ROB: "rob", BUY: "buy-advances",
              FREE_DIE: "free-jump", OVER: "over", CARD: "action-card", REFRESH: "refresh-card",
              ADVANCE: "advance"}

# what goes on once every holder asked about an action card has answered (``resume``)
R_TURN, R_PROCEED, R_FIRST_TURN, R_PICK = range(4)

#: Every saved field, declared once: ``(name, kind, its value in a new state[, its key in a
#: save])`` (the expressions may use ``players``, ``n`` the astronauts, ``comp``, ``cards``
#: and the lap already worked out on ``self``). The fields' part of the constructor, the clone
#: and the saved form are generated from it (:func:`cosmodrome.core.fields.flat_methods`);
#: ``list`` keeps the length of a new state's, ``varlist`` any length. The order is the saved
#: form's. A fourth item is the short key the saves hold the field under (that of the first
#: saves, kept so that the saved form stays the same and old saves load).
FIELDS = (
    ("phase", "int", "0"),           # the decision asked now (EXTRA, PROGRAM, PICK...; OVER at the end)
    ("acting", "int", "0", "cur"),   # the astronaut playing (whose turn it is)
    ("round", "int", "0"),           # the round being played (from 1; 0 before the first round)
    ("turn_index", "int", "0", "turn_i"),   # the turn's place in ``order`` (its length: the end of the round)
    ("dice_count", "int", "0", "dice_n"),   # the dice the astronaut plays with this turn
    ("jump", "int", "0"),            # the jump of the jump card being made (0 to 2)
    ("next_stamp", "int", "0"),      # the ``stamp`` the next astronaut placed in a box gets
    ("first_seat", "int", "0"),      # the seat drawn to play first
    ("sputnik_supply", "int", "0", "spk_supply"),   # the Sputnik counters left in the supply
    ("ec_supply", "int", "0"),       # the EC counters left in the supply
    ("handicap_supply", "int", "0", "hc_supply"),   # the handicap counters left in the supply
    ("arrived", "int", "0"),         # how many astronauts reached the goal so far
    ("accidents", "int", "0"),       # accidents so far
    ("decisions", "int", "0"),       # decisions taken so far
    ("partner", "int", "-1"),        # in the 2-player exchange: the mover's fellow astronaut in its box (-1: none)
    ("free_die", "int", "-1"),       # the die of the Extra jump being made (-1: none)
    ("free_rerolls_left", "int", "0", "free_left"),   # the free re-rolls left on this jump (the token's)
    ("ask_card", "int", "-1"),       # the action card the seats in ``asks`` are asked about (-1: whether to refresh)
    ("resume", "int", "0"),          # what comes once they answered (R_TURN...)
    ("removed_dice", "int", "0", "gone"),   # the dice out of the pool this turn (No instructions; a mask)
    ("acting_started_last", "int", "0", "cur_last"),   # 1: the astronaut playing began its turn in last position
    ("mover", "int", "0", "mv"),     # the astronaut whose move is being made (``acting``, or one moved out of turn)
    ("mover_started_last", "int", "0", "mv_last"),   # 1: the mover out of turn began that move in last position
    ("slipstream_astronaut", "int", "-1", "slip"),   # the overtaken astronaut Slipstream is asked about (-1: none)
    ("cards", "list", "list(cards)"),   # the lunar cards of the lap, in lap order
    # ----- per astronaut ------------------------------------------------------------------------
    ("column", "list", "[0] * n", "col"),   # the strip column it stands in
    ("level", "list", "[comp.connector_level] * n", "lvl"),   # the level it stands at (0 to 3)
    ("stamp", "list", "[0] * n"),    # when it arrived in its box (in a shared box the latest is on top)
    ("crashed", "list", "[0] * n", "down"),   # 1 while it lies face-down after an accident
    ("sputniks", "list", "[0] * n", "spk"),   # its Sputnik counters
    ("ec_counters", "list", "[0] * n", "ec"),   # its EC (Earth Control) counters
    ("handicaps", "list", "[0] * n", "hc"),   # its handicap counters
    ("finish_place", "list", "[0] * n", "fin"),   # its place in the order of arrival at the goal (1: first; 0: racing)
    ("order", "varlist", "[]"),      # the astronauts' order of play this round
    # ----- per die (the six dice) ------------------------------------------------------------
    ("die_action", "list", "[-1] * 6", "prog"),   # the jump of the jump card it is programmed on, or -1
    ("faces", "list", "[0] * 6"),    # the face rolled on the current jump, 0 if none
    # ----- the rest ---------------------------------------------------------------------------
    ("winning_seats", "varlist", "[]", "winners_"),   # the winning seats (at the end)
    ("tokens", "list", "[-1] * len(self.boxes)"),   # special box token per circled box (advanced)
    ("free_reroll_token", "list", "[0] * n", "free_rr"),   # per astronaut: 1 while it holds a free re-roll token
    ("stack", "varlist", "[]", "pending"),   # the step stack (what is still to happen, first step first)
    # action cards (advanced): the deck (its order hidden), the face-up discard pile, the card
    # each seat holds (an index into ``comp.actions``, -1 for none), the seats still to be asked
    ("deck", "varlist", "[]"),
    ("discard", "varlist", "[]"),
    ("hand", "list", "[-1] * players"),
    ("asks", "varlist", "[]"),
)
_GENERATED = flat_methods("MoonState", FIELDS, "players, n, comp, cards")


def connector(comp: Components) -> tuple[int, ...]:
    """A goal box or circled box between cards: one safe box on rock, sky above."""
    levels = comp.layout["levels"]
    y = comp.connector_level
    return tuple(ROCK if i < y else SAFE if i == y else AIR for i in range(levels))


@lru_cache(maxsize=512)
def lap(comp: Components, cards: tuple[int, ...]) -> tuple[tuple, frozenset, tuple[int, ...]]:
    """The strip of the lap made of ``cards`` (lunar card indices in lap order): its columns,
    the Sputnik icons as (column, level), and the strip columns of the circled boxes.

    >>> from cosmodrome.games.moon.components import load_components
    >>> strip, icons, boxes = lap(load_components(), (0, 1, 2, 3, 4))
    >>> len(strip), boxes, (4, 2) in icons
    (36, (7, 14, 21, 28), True)
    """
    width = comp.layout["card_columns"]
    strip = [connector(comp)]
    icons = set()
    boxes = []
    for k, ci in enumerate(cards):
        card = comp.cards[ci]
        base = len(strip)
        strip.extend(card.columns)
        icons.update((base + c, y) for c, y in card.sputniks)
        if k < len(cards) - 1:
            boxes.append(len(strip))
            strip.append(connector(comp))
    strip.append(connector(comp))
    assert len(strip) == 1 + len(cards) * (width + 1)
    return tuple(strip), frozenset(icons), tuple(boxes)


#: entry points of the higher layers, registered by the package's face: the protocol
#: (``legal``, ``perform``, ``action_json``, ``prompt``, ``view``, ``scores``, ``summary``,
#: ``evaluation``) and the flow of a turn (``roll``: roll the current jump's dice;
#: ``proceed``: go on after a decision taken between a jump and the next; ``end_turn``: the
#: next astronaut plays or the round ends)
HOOKS = Hooks("moon", ("legal", "perform", "action_json", "prompt", "view", "cards", "scores", "summary", "evaluation",
                       "roll", "proceed", "end_turn", "turn_on", "round_on", "first_turn"))


def astronauts_for(players: int) -> int:
    """Two astronauts a player in the 2-player game, one otherwise (RB: 2 players games)."""
    return 4 if players == 2 else players


@lru_cache(maxsize=512)
def _jumps(strip: tuple) -> tuple[tuple, dict]:
    """A strip and the memo of the jumps made on it (a jump is a pure function of the strip
    and its arguments), shared by every state on that lap."""
    return strip, {}


class MoonState(FlatState, State):
    """One position of Walking on the Moon. Build it with ``GAME.new_state(players, seed)``.
    The protocol calls that go through the hooks (legal actions, kept until the next action,
    labels, prompts, applying a move) come from :class:`~cosmodrome.core.flat.FlatState`;
    the fields are declared once, in :data:`FIELDS`, from which the clone and the saved form
    are generated."""

    HOOKS = HOOKS
    FIELDS = FIELDS
    PHASE_KIND = PHASE_KIND
    OVER_PHASE = OVER

    def __init__(self, game, players: int, options: dict[str, Any], comp: Components, rng: Rng,
                 cards: list[int]) -> None:
        self.game = game
        self.num_players = players
        self.options = dict(options)
        self.comp = comp
        self.rng = rng
        n = astronauts_for(players)
        self.n_astro = n
        self.strip, self.icons, self.boxes = lap(comp, tuple(cards))
        self.goal = len(self.strip) - 1
        self.memo = _jumps(self.strip)
        self.advanced = bool(options.get("advanced"))
        self._init_fields(players, n, comp, cards)
        self.ev: list[Event] = []
        self.initial_events: list[Event] = []

    #: (players, n, comp, cards): every field of :data:`FIELDS` at its value in a new state
    _init_fields = _GENERATED["_init_fields"]
    clone = _GENERATED["clone"]
    to_json = _GENERATED["to_json"]

    # ----- helpers used by the rules ------------------------------------------------------
    def owner(self, a: int) -> int:
        """The seat running astronaut ``a``."""
        return a % self.num_players if self.n_astro != self.num_players else a

    def say(self, kind: str, text: Text, data: Optional[dict[str, Any]] = None, visible_to: Optional[frozenset] = None,
            hidden: Optional[Text] = None, chance: bool = False) -> None:
        """Record an event (docs/ARCHITECTURE.md, "Recording events"); a quiet state records none."""
        if not self.quiet:
            self.ev.append(Event(kind, text, data, visible_to, hidden, chance))

    def place(self, a: int, col: int, lvl: int) -> None:
        """Put astronaut ``a`` in a box, on top of any astronaut already there."""
        self.column[a], self.level[a] = col, lvl
        self.stamp[a] = self.next_stamp
        self.next_stamp += 1

    def preview(self, a: int, d: int, mask: int) -> Jump:
        """Where moving by die ``d`` (its rolled face) with the diagonal steps ``mask`` would
        take astronaut ``a``: the jump of :mod:`cosmodrome.games.lunar.movement`, stopped at
        the goal."""
        memo = self.memo
        if memo[0] is not self.strip:             # a strip changed by hand (tests do)
            memo = self.memo = _jumps(self.strip)
        key = (self.column[a], self.level[a], DIE_COLOUR[d], self.faces[d], mask, self.goal)
        res = memo[1].get(key)
        if res is None:
            res = memo[1][key] = jump(self.strip, key[0], key[1], key[2], steps_of(key[3]), mask, self.goal)
        return res

    def in_turn(self) -> bool:
        """Whether a turn is being played (not the end of a round)."""
        return self.turn_index < len(self.order)

    def turn_seat(self) -> int:
        """The seat whose turn it is, or -1 at the end of a round (action cards are played
        out of one's own turn)."""
        return self.owner(self.acting) if self.in_turn() else -1

    def own_move(self) -> bool:
        """Whether the move being made is the turn's own (not one out of turn)."""
        return self.mover == self.acting and self.in_turn()

    def rank_key(self, a: int) -> tuple:
        """Race position, best first when sorted descending: finished astronauts by arrival,
        then column, level and the stack (RB: "How do I reach the goal?": player order)."""
        return (1 if self.finish_place[a] else 0, -self.finish_place[a], self.column[a], self.level[a], self.stamp[a])

    def race_order(self) -> list[int]:
        return sorted(range(self.n_astro), key=self.rank_key, reverse=True)

    # ----- the protocol ---------------------------------------------------------------------
    def to_move(self) -> Optional[int]:
        if self.phase in (CARD, REFRESH):
            return self.asks[0]
        return None if self.phase == OVER else self.owner(self.mover)

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

    def evaluation(self) -> list[float]:
        """An estimated win share per seat of an unfinished game (for search bots)."""
        return HOOKS.evaluation(self)

    def forget_order(self) -> None:
        """The explicit chance mode keeps the action deck as a multiset (sorted): each draw is
        a chance node over the cards left (see :mod:`cosmodrome.core.chance`)."""
        self.deck.sort()

    def view(self, seat: Optional[int]) -> dict[str, Any]:
        return HOOKS.view(self, seat)

    def view_common(self) -> dict[str, Any]:
        return HOOKS.view(self, None)

    def view_for(self, seat: Optional[int], common: Any) -> dict[str, Any]:
        """Only the action cards differ between seats (each sees its own card face up)."""
        out = dict(common)
        out["seat"] = seat
        if seat is not None:
            out["cards"] = HOOKS.cards(self, seat)
        return out

    def resample(self, seat: int, rng: Rng) -> "MoonState":
        """Of the base game nothing is hidden but the future dice. With the action cards the
        other seats' cards and the deck's order are hidden too: they are dealt again from the
        cards ``seat`` has not seen (the deck and the others' hands; the discard pile is face
        up), each other seat keeping whether it holds a card. Being asked whether to play a
        card tells nothing of the card (every seat that may hold a fitting one is asked)."""
        s = self.clone()
        s.rng = rng.spawn()
        others = [p for p in range(self.num_players) if p != seat and self.hand[p] >= 0]
        if others:
            pool = s.deck + [s.hand[p] for p in others]
            rng.shuffle(pool)
            for p in others:
                s.hand[p] = pool.pop()
            s.deck = pool
        elif len(s.deck) > 1:
            rng.shuffle(s.deck)
        return s
