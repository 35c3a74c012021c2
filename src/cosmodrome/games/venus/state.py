"""The table of Onward to Venus as one compact, flat state.

Counters are flat arrays indexed by player, planet and piece type, read and written through
the layout helpers of :mod:`.flow` (:func:`.flow.unit_ix`, :func:`.flow.building_ix`,
:func:`.flow.stock_ix`...):

- ``orbit[unit_ix(p, planet, unit)]`` and ``surface[...]``: military units in orbit / on the
  surface (unit 0 infantry, 1 spaceship, 2 tank), seat by seat, planet by planet;
- ``built[building_ix(p, planet, k)]``: mines (k=0) and factories (k=1) on planets;
- ``stock[stock_ix(p, k)]``: pieces in the player's stock (0..2 units, 3 mines, 4 factories);
- ``planet_tiles[planet]``: tile ids lying on each planet, in the order they were placed;
- ``hands[p]``, ``deck``, ``discard``: card ids; ``gunrunners``: gunrunner cards lying on
  planets (one int each: :func:`.flow.encode_gunrunner`);
- ``stack``: the frames of the rules engine (see :mod:`.flow`); ``combat``: the combat in
  progress (a :class:`Combat`); ``move``: the move in progress (a :class:`Move`);
- ``over``, ``end_cause``: whether the game is over and why; ``log``: the events so far.

Every field is declared once, with what it holds, in :data:`FIELDS`: the constructor's
fields, the clone and the saved form are generated from that table by the generator every
game uses, :func:`cosmodrome.core.fields.flat_methods` (as :mod:`dataclasses` writes its
methods), so a new field is one line there. :class:`VenusState` is a
:class:`~cosmodrome.core.flat.FlatState` as the other games' states are, kept in slots
rather than in its ``__dict__`` (faster to read: see the class).

How the fields are kept, so that a clone (above all a search clone, ``clone(quiet=True)``)
copies a few small buffers and shares the rest (issue 16, "Search clones"; the kinds of
:mod:`cosmodrome.core.fields`):

- *tuples, shared between clones and replaced on write* (``tuple``, ``vartuple``,
  ``piles``): every pile of cards or tiles but the deck and the bag (each hand, each
  planet's tiles, each seat's kept tiles, the discards, the tile discards, gunrunners, drawn
  cards, crises, combat cards) and the counters written rarely (``built``, ``flipped``,
  ``crisis_levels``). A writer builds a new tuple (``s.hands[p] += (c,)``,
  :func:`.flow.without`, :func:`.flow.add`, :func:`.flow.put`); one that forgot would fail
  loudly (a tuple has no ``append``), never change a pile a clone shares. A clone copies
  only the lists holding the piles (``hands``, ``planet_tiles``, ``kept``).
- *bytearrays, copied* (``bytes``, ``varbytes``): the counters written often (``orbit``,
  ``surface``, ``stock``) and the deck and the bag (drawn from their end): card and tile ids
  and piece counts fit a byte (:mod:`.components` refuses a components file where they
  would not).
- *lists, copied*: ``money``, ``lost`` (they may pass 255 or go negative), the frame
  stack and the log (fields with a saved form of their own: their codec, :data:`CODECS`).
- *records* (:class:`Combat`, :class:`Move`): copied while active, shared while idle (a
  combat or a move always starts as a new record, so an idle one is never written).
- a quiet clone shares one empty log and records nothing.

:meth:`VenusState.to_json`, the view and the observations hand out plain lists of ints,
and a saved state loads into this layout (:func:`state_from_json`).
"""

from __future__ import annotations

from typing import Any, Optional

from cosmodrome.core import RecordError, Rng, State, check_state_json
from cosmodrome.core.chance import restore
from cosmodrome.core.errors import CosmodromeError
from cosmodrome.core.fields import EVENTS, Codec, flat_methods, frames_codec, load_table, record
from cosmodrome.core.flat import FlatState
from cosmodrome.games.venus import flow
from cosmodrome.games.venus.components import MAX_COMBAT_DICE, load_components
from cosmodrome.games.venus.flow import D_LOOK_GIVE, D_LOOK_TAKE, DECIDE, HOOKS, T_ALIEN
from cosmodrome.i18n import N_

#: RB: Defended tiles. The combat in progress: who attacks what, the dice, what was paid.
Combat = record("Combat", (
    ("seat", 1),          # the attacker
    ("planet", 1),        # the planet fought over
    ("slot", 1),          # the tile's place on the planet when the combat began
    ("tile", 1),          # the tile fought for
    ("defence", 1),       # its defence (printed, gunrunners, or the defender's units)
    ("target_seat", 1),   # a tension tile: the defender (-1 otherwise)
    ("target_kind", 1),   # a tension tile: the building taken (0 mine, 1 factory)
    ("dice", MAX_COMBAT_DICE),  # the combat dice (0 is a skull; NO_DIE past the rules' combat_dice)
    ("discarded", 1),     # the die set aside by a card, or -1
    ("card_points", 1),   # combat points from cards
    ("committed", 3),     # units committed, by type (infantry, spaceship, tank)
    ("boosted", 3),       # a modifier card in force, by unit type
    ("skulls_ignored", 1),
    ("active", 1),        # 1 while the combat runs
), "The combat in progress (RB: Defended tiles); ``active`` is 0 when none is.", __name__)

#: RB: Action: Move military units. The group being moved.
Move = record("Move", (
    ("origin", 1),        # the planet whose orbit the group leaves
    ("ships", 1),
    ("infantry", 1),
    ("tanks", 1),
    ("allowance", 1),     # steps the group may go (2, more with movement cards)
    ("tank_card", 1),     # 1 once the card letting tanks join was played
    ("active", 1),        # 1 while the move is being chosen
), "The move in progress (RB: Action: Move military units); ``active`` is 0 when none is.", __name__)


EMPIRES = (N_("British Empire"), N_("French Empire"), N_("Russian Empire"), N_("German Empire"), N_("United States"))
SHORT = flow.SHORT
COLOURS = ("red", "blue", "purple", "yellow", "green")
#: the colours in words (COLOURS are also the page's CSS names, never translated)
COLOUR_WORDS = (N_("red"), N_("blue"), N_("purple"), N_("yellow"), N_("green"))
LOG_KEEP = flow.LOG_KEEP
#: the decision cap of ruling 35 (:data:`.flow.MAX_DECISIONS`); the hooks through which the
#: core protocol reaches the upper modules are :data:`.flow.HOOKS`, imported above
MAX_DECISIONS = flow.MAX_DECISIONS


def has_alien(s: "VenusState", pl: int) -> bool:
    """Does an alien tile lie on planet ``pl``? (RB: Kuiper Belt – Alien invasion)"""
    tk = s.comp.tile_kind
    for t in s.planet_tiles[pl]:
        if tk[t] == T_ALIEN:
            return True
    return False


#: The kinds of field with a saved form of their own (:class:`cosmodrome.core.fields.Codec`):
#:
#: - ``frames``: the frame stack of the rules engine (:mod:`.flow`), a list of frames copied
#:   by a clone (the frames, never changed, shared); saved as lists, each operation by name
#:   (:data:`.flow.OP_NAMES`) then the frame's fields (:func:`frames`);
#: - ``events``: the log, a list of :class:`~cosmodrome.core.Event` copied by a clone (a
#:   quiet clone shares one empty log instead); saved as each event's JSON form.
def frames() -> Codec:
    """The codec of the frame stack: saved as the core's :func:`~cosmodrome.core.fields.frames_codec`
    saves tuples (``[op name, seat, *fields]``), loaded into each kind's class
    (:data:`.flow.FRAME_CLASS`). An ``ignore_elimination`` frame saved before its ``surface``
    field was added lacks it: the unit was in orbit (0)."""
    names, plain = flow.OP_NAMES, frames_codec(flow.OP_NAMES)
    classes, ignore, n_ignore = flow.FRAME_CLASS, flow.D_IGNORE, len(flow.FRAME_FIELDS[flow.D_IGNORE])

    def save(stack: list) -> list:
        return [[names[f.op], *f.values()] for f in stack]

    def load(v: Any) -> list:
        out = []
        for t in plain.load(v):
            if t[0] == ignore and len(t) == n_ignore:
                t = (*t, 0)
            try:
                out.append(classes[t[0]](*t[1:]))
            except TypeError:
                raise RecordError(f"the saved state holds a malformed engine frame {[names[t[0]], *t[1:]]!r}") from None
        return out
    return Codec("[:]", None, save, load)


CODECS = {"frames": frames(), "events": EVENTS}

#: Every field of the table, declared once: ``(name, kind, initial[, saved key])``, ``initial``
#: its value in a new state of ``n`` seats. The kinds are those of :mod:`cosmodrome.core.fields` and of
#: :data:`CODECS`; how each is kept is in the module docstring. The fields' part of the
#: constructor, :meth:`VenusState.clone`, :meth:`VenusState.to_json` and
#: :func:`state_from_json` are generated from it. The order is the saved form's. A fourth
#: item is the short key the saves hold the field under (that of the first saves, kept so
#: that the saved form stays the same and old saves load).
FIELDS = (
    # ----- pieces and money (per seat; the layouts are in the module docstring) ----------------
    ("money", "list", "[0] * n"),             # per seat: its pounds (RB: Money)
    ("stock", "bytes", "bytearray(stock_ix(n, 0))"),   # per seat: units, mines and factories not placed (flow.stock_ix)
    ("orbit", "bytes", "bytearray(unit_ix(n, 0))"),  # per seat, planet and unit type: units in orbit (flow.unit_ix)
    ("surface", "bytes", "bytearray(unit_ix(n, 0))", "surf"),   # per seat, planet and unit type: units on the surface
    ("built", "tuple", "(0,) * building_ix(n, 0)", "bld"),   # per seat, planet: mines and factories (flow.building_ix)
    # ----- cards and tiles ---------------------------------------------------------------------
    ("deck", "varbytes", "bytearray()"),      # the draw pile of cards, drawn from its end
    ("discard", "vartuple", "()"),            # the discarded cards
    ("gunrunners", "vartuple", "()", "gun"),  # gunrunner cards lying on planets (flow.encode_gunrunner)
    ("bag", "varbytes", "bytearray()"),       # the tiles still in the bag, drawn from its end
    ("tile_discard", "vartuple", "()", "tdisc"),   # the tiles discarded (failed claims, crises, aliens)
    ("flipped", "tuple", "(0,) * N_PLANETS"),   # per planet: 1 once it declared independence (crisis level 4+)
    ("combat", "record", "Combat.from_list([0] * Combat.SIZE)", "cb"),   # the combat in progress (Combat; idle if none)
    ("move", "record", "Move.from_list([0] * Move.SIZE)", "mv"),   # the move in progress (Move; idle if none)
    ("drawn", "vartuple", "()"),              # cards drawn by a draw-and-keep card, waiting for the choice
    ("crisis_levels", "tuple", "(0,) * N_PLANETS", "clevel"),   # per planet: levels this crisis phase's skulls added
    ("crises", "vartuple", "()"),             # the crises of this crisis phase (flow.encode_crisis)
    ("lost", "list", "[0] * n"),              # per seat: units lost in combat and crises (the summary's count)
    ("combat_cards", "vartuple", "()", "cbcards"),   # cards played in the combat in progress (public: discarded)
    ("hands", "piles", "[()] * n"),           # per seat: the cards in its hand
    ("planet_tiles", "piles", "[()] * N_PLANETS", "ptiles"),   # per planet: the tiles lying on it, in the order placed
    ("kept", "piles", "[()] * n"),            # per seat: the tiles it claimed and keeps (scored at the end)
    # ----- the turn --------------------------------------------------------------------------------
    ("period", "int", "0"),                   # the period (1 to the rules' last; 0 while setting up)
    ("phase", "int", "PHASE_SETUP"),          # the phase of the period (flow.PHASE_*)
    ("first_seat", "int", "0", "first"),      # the seat holding the first player marker
    ("cubes", "int", "0"),                    # cubes left on the pass card (phase three ends at 0)
    ("acting", "int", "0", "cur"),            # the seat whose turn of phase three runs
    ("actions_left", "int", "0"),             # actions left in that turn
    ("extra_action", "int", "0", "extra"),    # 1 while a seat takes the extra action of an emptied pass card
    ("next_seat", "int", "0"),                # the seat whose turn of phase three comes next
    ("aliens_out", "int", "0"),               # the period the aliens landed in (0: not yet; Kuiper level 3+)
    ("alien_next", "int", "0"),               # how far inwards the aliens have come (an index into crises.INWARD)
    ("money_from_bank", "int", "0", "bank_flow"),   # pounds the players took from the bank, less what they paid it
    ("decisions", "int", "0"),                # decisions taken so far (the cap of ruling 35)
    # ----- the engine and the end --------------------------------------------------------------
    ("stack", "frames", "[]"),                # the frames of the rules engine (flow), the decision on top
    ("over", "bool", "False"),                # whether the game is over
    ("end_cause", "text", "''"),              # why it ended (scoring's words), '' while running
    ("log", "events", "[]"),                  # the latest events (LOG_KEEP of them; a quiet state records none)
)
#: the attributes beside the fields that a clone shares: what the fields are read with (the
#: game, its components, the seats, the options) and the final scoring once worked out
#: (:func:`.scoring.final_breakdown`)
_SHARED = ("game", "comp", "num_players", "options", "_final")
#: an attribute a state keeps for its own position only: a clone starts without it (the
#: legal actions kept with their frame, :func:`.flow.legal_actions`)
_CLEARED = ("_menu",)
_GENERATED = flat_methods("VenusState", FIELDS, "n", {"Combat": Combat, "Move": Move, "N_PLANETS": flow.N_PLANETS,
                                                       "PHASE_SETUP": flow.PHASE_SETUP, "stock_ix": flow.stock_ix,
                                                       "unit_ix": flow.unit_ix, "building_ix": flow.building_ix},
                          codecs=CODECS, cleared=_CLEARED, slots=_SHARED)


class VenusState(FlatState, State):
    """One position of Onward to Venus (see the module docstring for the layout). The
    protocol calls that go through the hooks (``action_json``, ``action_label``, ``view``)
    come from :class:`~cosmodrome.core.flat.FlatState`; the rest are the engine's
    (:mod:`.flow`: the frame on top of the stack is the decision asked)."""

    HOOKS = HOOKS
    FIELDS = FIELDS
    CODECS = CODECS

    # Kept in slots, not in the ``__dict__`` of the other games' flat states: the rules read
    # and write the table's fields at every step, and a slot is read faster than an entry of
    # a ``__dict__`` of this many fields (more than CPython shares the keys of): as a
    # ``__dict__``, whole games in the pure-Python engine ran 5% slower. The generated clone
    # sets each slot by name (``flat_methods(..., slots=_SHARED)``). (The base classes keep a
    # ``__dict__``: an attribute outside the table is still accepted there, and not cloned or
    # saved: only the table's fields are the position.)
    __slots__ = ("rng", "ev", "initial_events", *_SHARED, *(row[0] for row in FIELDS), "quiet", *_CLEARED)

    def __init__(self, game, comp, players: int, rng: Rng, options: dict) -> None:
        self.game = game
        self.comp = comp
        self.num_players = players
        self.options = options
        self.rng = rng
        self.ev: list = []
        #: the events of setting up (first-player rolls, the first tiles, opening moves up to
        #: the first decision, :func:`.setup.new_state`); empty on clones and loaded states
        self.initial_events: list = []
        self._init_fields(players)
        #: the final scoring worked out once (:func:`.scoring.final_breakdown`)
        self._final = None
        self.quiet = False
        self._menu = None

    #: (n): every field of :data:`FIELDS` at its value in a new state of ``n`` seats
    _init_fields = _GENERATED["_init_fields"]

    # ----- events and pieces (the hot ones are functions of :mod:`.flow`, compiled with
    # the rules) ------------------------------------------------------------------------
    say = flow.say
    units_at = flow.units_at
    orbit_units = flow.orbit_units
    remove_unit = flow.remove_unit

    def name(self, p: int) -> str:
        return SHORT[p]

    income_on = flow.income_on
    buildings_on = flow.buildings_on
    remove_building = flow.remove_building
    pay = flow.pay
    gain = flow.gain

    # ----- cards ------------------------------------------------------------------------
    def effect(self, card: int) -> int:
        return self.comp.card_effect(card)

    has_effect = flow.has_effect
    hand_effects = flow.hand_effects
    take_card = flow.take_card

    # ----- protocol ---------------------------------------------------------------------
    def to_move(self) -> Optional[int]:
        if self.over or not self.stack:
            return None
        return self.stack[-1].seat

    legal_actions = flow.legal_actions

    def decision_kind(self) -> str:
        if self.over or not self.stack:
            return "over"
        return DECIDE[self.stack[-1].op].kind

    def decision_prompt(self) -> str:
        if self.over or not self.stack:
            return "The game is over."
        f = self.stack[-1]
        return DECIDE[f.op].prompt(self, f)

    def kept_legal_actions(self) -> Optional[list]:
        """The menu kept by :meth:`legal_actions` with the decision's frame, while that frame
        is still the one on top (a position changed by hand, as tests do, is asked again
        before :meth:`apply` refuses an action). A prebuilt frame (``flow.TURN_MENU[p]``) may
        come back on top as the same object, but only through a decision, whose
        :func:`.flow.step` clears the kept menu first."""
        kept = self._menu
        if kept is None or self.over or not self.stack or kept[0] is not self.stack[-1]:
            return None
        return kept[1]

    #: one decision, the decision cap included (:func:`.flow.step`, compiled with the rules)
    _apply = flow.step

    def is_terminal(self) -> bool:
        return self.over

    def returns(self) -> list:
        return HOOKS.returns(self)

    def winners(self) -> list:
        return HOOKS.winners(self)

    def scores(self) -> list:
        return [float(v) for v in HOOKS.scores(self)]

    def summary(self) -> dict:
        return HOOKS.summary(self)

    def evaluation(self) -> list:
        """Estimated win share per seat of this (possibly determinized) position, for search
        bots that cut rollouts short (see :mod:`.evaluation`)."""
        return HOOKS.evaluation(self)

    def view_common(self) -> dict:
        return HOOKS.view_common(self)

    def view_for(self, seat: Optional[int], common: Any) -> dict:
        return HOOKS.view_for(self, seat, common)

    def resample(self, seat: int, rng: Rng) -> "VenusState":
        """A clone with the unseen redrawn: other hands and the deck are shuffled together
        (hand sizes kept), the tile bag is reshuffled, and the clone gets a fresh random
        generator. Cards ``seat`` saw in another hand (look-and-swap) are treated as unknown."""
        s = self.clone()
        known = {seat}
        top = s.stack[-1] if s.stack else None
        if top and top.seat == seat and top.op in (D_LOOK_TAKE, D_LOOK_GIVE):
            known.add(top.owner)   # the hand the seat is looking at right now
        pool = list(s.deck)
        for p in range(s.num_players):
            if p not in known:
                pool.extend(s.hands[p])
        # sorted first, so the determinization depends on what the seat knows and on rng
        # alone, never on the real (hidden) order of the deck, the hands or the bag
        pool.sort()
        rng.shuffle(pool)
        for p in range(s.num_players):
            if p not in known:
                k = len(s.hands[p])
                s.hands[p] = tuple(pool[:k])
                del pool[:k]
        s.deck = bytearray(pool)
        bag = sorted(s.bag)
        rng.shuffle(bag)
        s.bag = bytearray(bag)
        s.rng = rng.spawn()
        return s

    def forget_order(self) -> None:
        """The explicit chance mode keeps the deck and the bag as multisets (sorted): each
        draw is a chance node over what is left (see :mod:`cosmodrome.core.chance`); the
        identical copies of a card in the deck and the hands take one id (the first card of
        their effect), so a draw offers one outcome per card and no id tells copies apart."""
        from cosmodrome.core.chance import first_of_kind
        canon = first_of_kind(self.comp.card_effects)
        self.deck = bytearray(sorted(canon[c] for c in self.deck))
        self.hands = [tuple(canon[c] for c in h) for h in self.hands]
        self.bag = bytearray(sorted(self.bag))

    # ----- copies -----------------------------------------------------------------------
    #: A copy that shares only the immutable parts (the game, the component tables, the
    #: options, the frames) and the piles kept as tuples. ``quiet=True`` makes a clone for
    #: search: it copies no log and records no events or sentences from then on (its
    #: ``apply`` returns an empty list, its view an empty log); clones of a quiet clone are
    #: quiet. Generated from :data:`FIELDS`.
    clone = _GENERATED["clone"]
    to_json = _GENERATED["to_json"]


def state_from_json(game, data: Any) -> VenusState:
    """Rebuild a state from :meth:`VenusState.to_json` (RecordError when malformed)."""
    d = check_state_json(data, game)
    try:
        n = d["players"]
        if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 5:
            raise RecordError(f"saved venus state: 'players' must be 2 to 5, not {n!r}")
        options = d["options"]
        if not isinstance(options, dict):
            raise RecordError("saved venus state: 'options' must be an object")
        try:
            comp = load_components(options.get("components") or None)
        except CosmodromeError as exc:
            raise RecordError(f"saved venus state: {exc}") from None
        rs = d["rng"]
        if isinstance(rs, bool) or not isinstance(rs, int):
            raise RecordError("saved venus state: 'rng' must be a whole number")
        s = VenusState(game, comp, n, Rng.from_state(rs), dict(options))
        # combat_cards: absent from the saves written before it was
        load_table(s, d, FIELDS, codecs=CODECS, optional=("combat_cards",))
        if not all(0 <= x < 256 for x in s.move.to_list()):   # the move's counts were kept in a byte each
            raise RecordError("saved venus state: 'mv' must hold whole numbers from 0 to 255")
        ncard = len(comp.deck_effects) + n * len(comp.player_effects)
        for k in ("deck", "discard"):
            if any(not 0 <= c < ncard for c in getattr(s, k)):
                raise RecordError(f"saved venus state: {k!r} holds an unknown card")
        if any(not 0 <= c < ncard for h in s.hands for c in h):
            raise RecordError("saved venus state: a hand holds an unknown card")
        nt = len(comp.tile_kind)
        placed = [t for L in s.planet_tiles + s.kept for t in L]
        if any(not 0 <= t < nt for t in (*s.bag, *s.tile_discard, *placed)):
            raise RecordError("saved venus state: an unknown tile")
        if not s.over and (not s.stack or s.stack[-1].op not in DECIDE):
            raise RecordError("saved venus state: no decision is pending in a running game")
        if s.stack and s.stack[-1].op in DECIDE and not 0 <= s.stack[-1].seat < n:
            raise RecordError("saved venus state: the pending decision names an unknown seat")
    except KeyError as exc:
        raise RecordError(f"saved venus state lacks the field {exc.args[0]!r}") from None
    except (TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"malformed saved venus state: {exc}") from None
    return restore(s, d)
