"""The table of Onward to Venus as one compact, flat state.

Counters are flat arrays indexed by player, planet and piece type:

- ``orbit[p*24 + planet*3 + unit]`` and ``surf[...]``: military units in orbit / on the
  surface (unit 0 infantry, 1 spaceship, 2 tank);
- ``bld[p*16 + planet*2 + k]``: mines (k=0) and factories (k=1) on planets;
- ``stock[p*5 + k]``: pieces in the player's stock (0..2 units, 3 mines, 4 factories);
- ``ptiles[planet]``: tile ids lying on each planet, in the order they were placed;
- ``hands[p]``, ``deck``, ``discard``: card ids; ``gun``: gunrunner cards lying on planets
  (``planet*1000 + card``);
- ``stack``: the frames of the rules engine (see :mod:`.flow`); ``cb``: the combat in
  progress; ``mv``: the move in progress.

How the fields are kept, so that a clone (above all a search clone, ``clone(quiet=True)``)
copies a few small buffers and shares the rest (issue 16, "Search clones"):

- *tuples, shared between clones and replaced on write*: every pile of cards or tiles but
  the deck and the bag (each hand, each planet's tiles, each seat's kept tiles, the
  discards, the tile discards, gunrunners, drawn cards, crises, combat cards) and the
  counters written rarely (``bld``, ``flipped``, ``clevel``). A writer builds a new tuple
  (``s.hands[p] += (c,)``, :func:`.flow.without`, :func:`.flow.add`, :func:`.flow.put`);
  one that forgot would fail loudly (a tuple has no ``append``), never change a pile a
  clone shares. A clone copies only the lists holding the piles (``hands``, ``ptiles``,
  ``kept``).
- *bytearrays, copied*: the counters written often (``orbit``, ``surf``, ``stock``,
  ``mv``) and the deck and the bag (drawn from their end): card and tile ids and piece
  counts fit a byte (:mod:`.components` refuses a components file where they would not).
- *lists, copied*: ``money``, ``lost``, ``cb`` (they may pass 255 or go negative) and the
  frame stack.
- a quiet clone shares one empty log and records nothing.

:meth:`VenusState.to_json`, the view and the observations hand out plain lists of ints,
and a saved state loads into this layout (:func:`state_from_json`).
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from cosmodrome.i18n import N_
from cosmodrome.core import Event, RecordError, Rng, State, check_state_json
from cosmodrome.core.chance import restore
from cosmodrome.core.errors import CosmodromeError
from cosmodrome.games.venus import flow
from cosmodrome.games.venus.components import Components, load_components
from cosmodrome.games.venus.flow import D_LOOK_GIVE, D_LOOK_TAKE, DECIDE, T_ALIEN

# combat context slots
CB_SEAT, CB_PL, CB_SLOT, CB_TILE, CB_DEF, CB_TSEAT, CB_TKIND = range(7)
CB_D0 = 7           # dice at 7, 8, 9
CB_DISC = 10        # discarded die index or -1
CB_CARDS = 11       # CP from cards
CB_NI, CB_NS, CB_NT = 12, 13, 14   # units committed by type
CB_MODI, CB_MODS, CB_MODT = 15, 16, 17  # modifier cards in force
CB_IGN = 18         # skulls ignored by cards
CB_ACTIVE = 19
CB_LEN = 20
# move context
MV_FROM, MV_SHIPS, MV_INF, MV_TANKS, MV_ALLOW, MV_TANKCARD, MV_ACTIVE = range(7)
MV_LEN = 7

EMPIRES = (N_("British Empire"), N_("French Empire"), N_("Russian Empire"), N_("German Empire"), N_("United States"))
SHORT = flow.SHORT
COLOURS = ("red", "blue", "purple", "yellow", "green")
#: the colours in words (COLOURS are also the page's CSS names, never translated)
COLOUR_WORDS = (N_("red"), N_("blue"), N_("purple"), N_("yellow"), N_("green"))
LOG_KEEP = flow.LOG_KEEP
_new = object.__new__
#: the event list and log of a quiet state (it records nothing, so they stay empty)
_NOTHING: tuple = ()

#: The protocol questions the upper layers answer (the table :data:`.flow.PROTOCOL`, filled
#: through :func:`answers`); the decision cap of ruling 35 (:data:`.flow.MAX_DECISIONS`)
PROTOCOL = flow.PROTOCOL
MAX_DECISIONS = flow.MAX_DECISIONS


def answers(question: str) -> Callable:
    """Register the decorated function as the answer to a protocol ``question``."""
    def deco(fn: Callable) -> Callable:
        PROTOCOL[question] = fn
        return fn
    return deco


def has_alien(s: "VenusState", pl: int) -> bool:
    """Does an alien tile lie on planet ``pl``? (RB: Kuiper Belt – Alien invasion)"""
    tk = s.comp.tile_kind
    for t in s.ptiles[pl]:
        if tk[t] == T_ALIEN:
            return True
    return False

_LIST_FIELDS = ("money", "stock", "orbit", "surf", "bld", "deck", "discard", "gun", "bag", "tdisc",
                "flipped", "cb", "mv", "drawn", "clevel", "crises", "lost", "cbcards")
#: the flat fields kept in bytearrays (often written; their values fit 0..255)
_BYTE_FIELDS = frozenset(("stock", "orbit", "surf", "deck", "bag", "mv"))
#: the flat fields kept as tuples, shared between clones and replaced on write
_TUPLE_FIELDS = frozenset(("bld", "discard", "gun", "tdisc", "flipped", "drawn", "clevel", "crises", "cbcards"))
_NESTED_FIELDS = ("hands", "ptiles", "kept")
_INT_FIELDS = ("period", "phase", "first", "cubes", "cur", "actions_left", "extra", "next_seat",
               "aliens_out", "alien_next", "bank_flow", "decisions")


class VenusState(State):
    """One position of Onward to Venus (see the module docstring for the layout)."""

    __slots__ = ("game", "comp", "num_players", "options", "rng", "_ev", "_setup_ev") + _LIST_FIELDS + _NESTED_FIELDS + \
        _INT_FIELDS + ("stack", "over", "end_cause", "log", "_final", "quiet", "_menu")

    def __init__(self, game, comp: Components, players: int, rng: Rng, options: dict) -> None:
        n = players
        self.game = game
        self.comp = comp
        self.num_players = n
        self.options = options
        self.rng = rng
        self._ev: list = []
        self.money = [0] * n
        self.stock = bytearray(n * 5)
        self.orbit = bytearray(n * 24)
        self.surf = bytearray(n * 24)
        self.bld: tuple = (0,) * (n * 16)
        self.hands: list[tuple] = [()] * n
        self.deck = bytearray()
        self.discard: tuple = ()
        self.gun: tuple = ()
        self.ptiles: list[tuple] = [()] * 8
        self.bag = bytearray()
        self.tdisc: tuple = ()
        self.kept: list[tuple] = [()] * n
        self.flipped: tuple = (0,) * 8
        self.cb = [0] * CB_LEN
        self.mv = bytearray(MV_LEN)
        self.drawn: tuple = ()
        self.clevel: tuple = (0,) * 8
        self.crises: tuple = ()
        self.lost = [0] * n
        self.cbcards: tuple = ()    # cards played in the combat in progress (public: they are discarded)
        self.period = 0
        self.phase = 0
        self.first = 0
        self.cubes = 0
        self.cur = 0
        self.actions_left = 0
        self.extra = 0
        self.next_seat = 0
        self.aliens_out = 0
        self.alien_next = 0
        self.bank_flow = 0
        self.decisions = 0
        self.stack: list = []
        self.over = False
        self.end_cause = ""
        self.log: list = []
        self._final = None
        #: a search clone (``clone(quiet=True)``): no log, no events, no sentences
        self.quiet = False
        #: ``(frame, legal actions)`` as last computed by ``legal_actions`` (None: not yet)
        self._menu: Optional[tuple] = None

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
        return self.stack[-1][1]

    legal_actions = flow.legal_actions

    def action_label(self, action: int) -> str:
        return PROTOCOL["label"](self, action)

    def action_json(self, action: int) -> dict:
        d = {"action": action, "label": self.action_label(action)}
        d.update(PROTOCOL["details"](self, action))
        return d

    def decision_kind(self) -> str:
        if self.over or not self.stack:
            return "over"
        return DECIDE[self.stack[-1][0]].kind

    def decision_prompt(self) -> str:
        if self.over or not self.stack:
            return "The game is over."
        f = self.stack[-1]
        return DECIDE[f[0]].prompt(self, f)

    def kept_legal_actions(self) -> Optional[list]:
        """The menu kept by :meth:`legal_actions` with the decision's frame, while that frame
        is still the one on top (a position changed by hand, as tests do, is asked again
        before :meth:`apply` refuses an action)."""
        kept = self._menu
        if kept is None or self.over or not self.stack or kept[0] is not self.stack[-1]:
            return None
        return kept[1]

    @property
    def initial_events(self) -> list:
        """The events of setting up (first-player rolls, the first tiles, opening moves up to
        the first decision); empty on clones and loaded states."""
        return getattr(self, "_setup_ev", [])

    #: one decision, the decision cap included (:func:`.flow.step`, compiled with the rules)
    _apply = flow.step

    def is_terminal(self) -> bool:
        return self.over

    def returns(self) -> list:
        return PROTOCOL["returns"](self)

    def winners(self) -> list:
        return PROTOCOL["winners"](self)

    def scores(self) -> list:
        return [float(v) for v in PROTOCOL["final_scores"](self)]

    def summary(self) -> dict:
        return PROTOCOL["summary"](self)

    def evaluation(self) -> list:
        """Estimated win share per seat of this (possibly determinized) position, for search
        bots that cut rollouts short (see :mod:`.evaluation`)."""
        return PROTOCOL["evaluation"](self)

    def view(self, seat: Optional[int]) -> dict:
        return PROTOCOL["view"](self, seat)

    def view_common(self) -> dict:
        return PROTOCOL["view_common"](self)

    def view_for(self, seat: Optional[int], common: Any) -> dict:
        return PROTOCOL["view_for"](self, seat, common)

    def resample(self, seat: int, rng: Rng) -> "VenusState":
        """A clone with the unseen redrawn: other hands and the deck are shuffled together
        (hand sizes kept), the tile bag is reshuffled, and the clone gets a fresh random
        generator. Cards ``seat`` saw in another hand (look-and-swap) are treated as unknown."""
        s = self.clone()
        known = {seat}
        if s.stack and s.stack[-1][1] == seat:
            if s.stack[-1][0] in (D_LOOK_TAKE, D_LOOK_GIVE):
                known.add(s.stack[-1][2])   # the hand the seat is looking at right now
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
        canon = first_of_kind(self.comp.cefx)
        self.deck = bytearray(sorted(canon[c] for c in self.deck))
        self.hands = [tuple(canon[c] for c in h) for h in self.hands]
        self.bag = bytearray(sorted(self.bag))

    # ----- copies -----------------------------------------------------------------------
    def clone(self, quiet: bool = False) -> "VenusState":
        """A copy that shares only the immutable parts (the game, the component tables, the
        options, the frames). ``quiet=True`` makes a clone for search: it copies no log
        and records no events or sentences from then on (its ``apply`` returns an empty
        list, its view an empty log); clones of a quiet clone are quiet."""
        s = _new(VenusState)
        s.game = self.game
        s.comp = self.comp
        s.num_players = self.num_players
        s.options = self.options
        r = _new(Rng)
        r.state = self.rng.state
        s.rng = r
        # bytearrays and int lists: .copy(); the tuples (and the tuples in the lists of
        # piles) are shared, since every writer replaces a pile instead of changing it
        s.money = self.money.copy()
        s.stock = self.stock.copy()
        s.orbit = self.orbit.copy()
        s.surf = self.surf.copy()
        s.bld = self.bld
        s.deck = self.deck.copy()
        s.discard = self.discard
        s.gun = self.gun
        s.bag = self.bag.copy()
        s.tdisc = self.tdisc
        s.flipped = self.flipped
        s.cb = self.cb.copy()
        s.mv = self.mv.copy()
        s.drawn = self.drawn
        s.clevel = self.clevel
        s.crises = self.crises
        s.lost = self.lost.copy()
        s.cbcards = self.cbcards
        s.hands = self.hands.copy()
        s.ptiles = self.ptiles.copy()
        s.kept = self.kept.copy()
        s.period = self.period
        s.phase = self.phase
        s.first = self.first
        s.cubes = self.cubes
        s.cur = self.cur
        s.actions_left = self.actions_left
        s.extra = self.extra
        s.next_seat = self.next_seat
        s.aliens_out = self.aliens_out
        s.alien_next = self.alien_next
        s.bank_flow = self.bank_flow
        s.decisions = self.decisions
        s.stack = self.stack[:]
        s.over = self.over
        s.end_cause = self.end_cause
        if quiet or self.quiet:
            # a quiet state never records: no event list, no log of its own
            s.quiet = True
            s._ev = s.log = _NOTHING
        else:
            s.quiet = False
            s._ev = []
            s.log = self.log[:]
        s._final = self._final
        s._menu = None
        return s

    def to_json(self) -> dict:
        d: dict[str, Any] = {"game": self.game.name, "players": self.num_players,
                             "options": dict(self.options), "rng": self.rng.state}
        for k in _LIST_FIELDS:
            d[k] = list(getattr(self, k))
        for k in _NESTED_FIELDS:
            d[k] = [list(x) for x in getattr(self, k)]
        for k in _INT_FIELDS:
            d[k] = getattr(self, k)
        d["stack"] = [[flow.OP_NAMES[f[0]], *f[1:]] for f in self.stack]
        d["over"] = self.over
        d["end_cause"] = self.end_cause
        d["log"] = [e.to_json() for e in self.log]
        return d


def _packed(field: str, values: list) -> bytearray:
    """``values`` as a bytearray, refusing what a byte cannot hold (RecordError naming the field)."""
    if any(not 0 <= x < 256 for x in values):
        raise RecordError(f"saved venus state: {field!r} must hold whole numbers from 0 to 255")
    return bytearray(values)


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
        ref = VenusState(game, comp, n, Rng(0), {})
        for k in _LIST_FIELDS:
            v = d.get(k, []) if k == "cbcards" else d[k]   # cbcards: absent from older saves
            if not isinstance(v, list) or any(isinstance(x, bool) or not isinstance(x, int) for x in v):
                raise RecordError(f"saved venus state: {k!r} must be a list of whole numbers")
            want = len(getattr(ref, k))
            if k in ("money", "stock", "orbit", "surf", "bld", "flipped", "cb", "mv", "clevel", "lost") and len(v) != want:
                raise RecordError(f"saved venus state: {k!r} must have {want} entries, not {len(v)}")
            setattr(s, k, _packed(k, v) if k in _BYTE_FIELDS else tuple(v) if k in _TUPLE_FIELDS else list(v))
        for k in _NESTED_FIELDS:
            v = d[k]
            want = 8 if k == "ptiles" else n
            if not isinstance(v, list) or len(v) != want or any(
                    not isinstance(x, list) or any(isinstance(y, bool) or not isinstance(y, int) for y in x) for x in v):
                raise RecordError(f"saved venus state: {k!r} must be {want} lists of whole numbers")
            setattr(s, k, [tuple(x) for x in v])
        for k in _INT_FIELDS:
            v = d[k]
            if isinstance(v, bool) or not isinstance(v, int):
                raise RecordError(f"saved venus state: {k!r} must be a whole number, not {v!r}")
            setattr(s, k, v)
        ncard = len(comp.deck_effects) + n * len(comp.player_effects)
        for k in ("deck", "discard"):
            if any(not 0 <= c < ncard for c in getattr(s, k)):
                raise RecordError(f"saved venus state: {k!r} holds an unknown card")
        if any(not 0 <= c < ncard for h in s.hands for c in h):
            raise RecordError("saved venus state: a hand holds an unknown card")
        nt = len(comp.tile_kind)
        if any(not 0 <= t < nt for t in (*s.bag, *s.tdisc)) or any(not 0 <= t < nt for L in s.ptiles + s.kept for t in L):
            raise RecordError("saved venus state: an unknown tile")
        names = {v: k for k, v in flow.OP_NAMES.items()}
        stack = []
        for f in d["stack"]:
            if not isinstance(f, list) or not f or f[0] not in names or any(
                    isinstance(x, bool) or not isinstance(x, int) for x in f[1:]):
                raise RecordError(f"saved venus state: malformed engine frame {f!r}")
            stack.append((names[f[0]], *f[1:]))
        s.stack = stack
        if not isinstance(d["over"], bool) or not isinstance(d["end_cause"], str):
            raise RecordError("saved venus state: 'over' must be true/false and 'end_cause' a string")
        s.over = d["over"]
        s.end_cause = d["end_cause"]
        log = []
        for e in d["log"]:
            if not isinstance(e, dict) or not isinstance(e.get("text"), str) or not isinstance(e.get("kind"), str):
                raise RecordError("saved venus state: malformed log entry")
            vis = e.get("visible_to")
            log.append(Event(e["kind"], e["text"], dict(e.get("data") or {}),
                             frozenset(vis) if vis is not None else None, e.get("hidden_text"),
                             bool(e.get("chance", False))))
        s.log = log
        if not s.over and (not s.stack or s.stack[-1][0] not in DECIDE):
            raise RecordError("saved venus state: no decision is pending in a running game")
        if s.stack and s.stack[-1][0] in DECIDE and not 0 <= s.stack[-1][1] < n:
            raise RecordError("saved venus state: the pending decision names an unknown seat")
    except KeyError as exc:
        raise RecordError(f"saved venus state lacks the field {exc.args[0]!r}") from None
    except (TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"malformed saved venus state: {exc}") from None
    return restore(s, d)
