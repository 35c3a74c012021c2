"""The table of Onward to Venus as one compact, flat state.

Counters are flat arrays indexed by player, planet and piece type:

- ``orbit[p*24 + planet*3 + unit]`` and ``surf[...]``: military units in orbit / on the
  surface (unit 0 infantry, 1 spaceship, 2 tank);
- ``bld[p*16 + planet*2 + k]``: mines (k=0) and factories (k=1) on planets;
- ``stock[p*5 + k]``: pieces in the player's stock (0..2 units, 3 mines, 4 factories);
- ``ptiles[planet]``: tile ids lying on each planet, in the order they were placed;
- ``hands[p]``, ``deck``, ``discard``: card ids; ``gun``: gunrunner cards lying on planets
  (one int each: :func:`.flow.encode_gunrunner`);
- ``stack``: the frames of the rules engine (see :mod:`.flow`); ``cb``: the combat in
  progress (a :class:`Combat`); ``mv``: the move in progress (a :class:`Move`);
- ``over``, ``end_cause``: whether the game is over and why; ``log``: the events so far.

Every field is declared once, in :data:`FIELDS`: the constructor, the clone and the saved
form are generated from that table (as :mod:`dataclasses` writes its methods, with the
generator the Moon and Mars use too, :mod:`cosmodrome.core.fields`), so a new field is one
line there.

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
- *bytearrays, copied*: the counters written often (``orbit``, ``surf``, ``stock``)
  and the deck and the bag (drawn from their end): card and tile ids and piece
  counts fit a byte (:mod:`.components` refuses a components file where they would not).
- *lists, copied*: ``money``, ``lost`` (they may pass 255 or go negative), the frame
  stack and the log (fields with a saved form of their own: their :class:`Codec`).
- *records* (:class:`Combat`, :class:`Move`): copied while active, shared while idle (a
  combat or a move always starts as a new record, so an idle one is never written).
- a quiet clone shares one empty log and records nothing.

:meth:`VenusState.to_json`, the view and the observations hand out plain lists of ints,
and a saved state loads into this layout (:func:`state_from_json`).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, NamedTuple, Optional

from cosmodrome.core import Event, RecordError, Rng, State, check_state_json
from cosmodrome.core.chance import restore
from cosmodrome.core.errors import CosmodromeError
from cosmodrome.core.fields import COPY, generate, record
from cosmodrome.games.venus import flow
from cosmodrome.games.venus.components import MAX_COMBAT_DICE, load_components
from cosmodrome.games.venus.flow import D_LOOK_GIVE, D_LOOK_TAKE, DECIDE, HOOKS, SEAT, T_ALIEN, frame_field
from cosmodrome.i18n import N_

_new = object.__new__

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
#: the event list and log of a quiet state (it records nothing, so they stay empty)
_NOTHING: tuple = ()

#: the decision cap of ruling 35 (:data:`.flow.MAX_DECISIONS`); the hooks through which the
#: core protocol reaches the upper modules are :data:`.flow.HOOKS`, imported above
MAX_DECISIONS = flow.MAX_DECISIONS


def has_alien(s: "VenusState", pl: int) -> bool:
    """Does an alien tile lie on planet ``pl``? (RB: Kuiper Belt – Alien invasion)"""
    tk = s.comp.tile_kind
    for t in s.ptiles[pl]:
        if tk[t] == T_ALIEN:
            return True
    return False

def _save_frames(stack: list) -> list:
    """The frames as a save holds them: each a list, its operation by name (:data:`.flow.OP_NAMES`)."""
    names = flow.OP_NAMES
    return [[names[f[0]], *f[1:]] for f in stack]


def _load_frames(v: Any) -> list:
    """The frames of a save (:func:`_save_frames`) as tuples, each operation checked."""
    if not isinstance(v, list):
        raise RecordError("saved venus state: 'stack' must be a list of engine frames")
    codes = {name: op for op, name in flow.OP_NAMES.items()}
    stack = []
    for f in v:
        if not isinstance(f, list) or not f or f[0] not in codes or any(
                isinstance(x, bool) or not isinstance(x, int) for x in f[1:]):
            raise RecordError(f"saved venus state: malformed engine frame {f!r}")
        stack.append((codes[f[0]], *f[1:]))
    return stack


def _save_events(log: list) -> list:
    """The log as a save holds it: each event's JSON form."""
    return [e.to_json() for e in log]


def _load_events(v: Any) -> list:
    """The log of a save (:func:`_save_events`) as events."""
    if not isinstance(v, list):
        raise RecordError("saved venus state: malformed log entry")
    log = []
    for e in v:
        if not isinstance(e, dict) or not isinstance(e.get("text"), str) or not isinstance(e.get("kind"), str):
            raise RecordError("saved venus state: malformed log entry")
        vis = e.get("visible_to")
        log.append(Event(e["kind"], e["text"], dict(e.get("data") or {}),
                         frozenset(vis) if vis is not None else None, e.get("hidden_text"),
                         bool(e.get("chance", False))))
    return log


class Codec(NamedTuple):
    """A kind of field whose saved form is its own (not a list of whole numbers): how a
    clone copies it and how a save holds it. Declared in :data:`CODECS` under the kind's
    name, which the field's row of :data:`FIELDS` then names (the field is still declared
    once, in its row)."""

    #: how a clone copies the field: a suffix to ``self.<field>`` (``"[:]"``; ``""`` shares it)
    copy: str
    #: the expression a quiet clone holds instead (``None``: as any clone)
    quiet: Optional[str]
    #: the field's value -> its saved form (plain JSON)
    save: Callable[[Any], Any]
    #: the saved form -> the field's value (:class:`RecordError` naming the field when malformed)
    load: Callable[[Any], Any]


#: The kinds of field with a codec of their own (see :class:`Codec`):
#:
#: - ``frames``: the frame stack of the rules engine (:mod:`.flow`), a list of tuples copied
#:   by a clone (the tuples shared); saved with each operation by name;
#: - ``events``: the log, a list of :class:`~cosmodrome.core.Event` copied by a clone (a
#:   quiet clone shares one empty log instead); saved as each event's JSON form.
CODECS = {
    "frames": Codec("[:]", None, _save_frames, _load_frames),
    "events": Codec("[:]", "_NOTHING", _save_events, _load_events),
}

#: Every field of the table, declared once: ``(name, how it is kept, its value in a new
#: state of ``n`` seats)``. The constructor, :meth:`VenusState.clone`,
#: :meth:`VenusState.to_json` and :func:`state_from_json` are generated from it. How a
#: field is kept decides how a clone copies it (see the module docstring):
#:
#: - ``list``: a list of whole numbers, copied; ``bytes``: a bytearray (values 0..255), copied;
#: - ``tuple``: a tuple, shared between clones and replaced on write;
#: - ``piles``: a list of tuples (one per seat or planet): the list is copied, the tuples shared;
#: - ``int``: a whole number; ``bool``: true or false; ``text``: a string (all three shared);
#: - ``record``: a :class:`Combat` or :class:`Move`, copied while active and shared when idle
#:   (a combat or a move starts as a new record, so an idle one is never written); saved as
#:   its flat list;
#: - a kind of :data:`CODECS` (``frames``, ``events``): copied and saved as its codec says.
FIELDS = (
    ("money", "list", "[0] * n"),
    ("stock", "bytes", "bytearray(n * 5)"),
    ("orbit", "bytes", "bytearray(n * 24)"),
    ("surf", "bytes", "bytearray(n * 24)"),
    ("bld", "tuple", "(0,) * (n * 16)"),
    ("deck", "bytes", "bytearray()"),
    ("discard", "tuple", "()"),
    ("gun", "tuple", "()"),
    ("bag", "bytes", "bytearray()"),
    ("tdisc", "tuple", "()"),
    ("flipped", "tuple", "(0,) * 8"),
    ("cb", "record", "Combat.from_list([0] * Combat.SIZE)"),
    ("mv", "record", "Move.from_list([0] * Move.SIZE)"),
    ("drawn", "tuple", "()"),
    ("clevel", "tuple", "(0,) * 8"),
    ("crises", "tuple", "()"),
    ("lost", "list", "[0] * n"),
    ("cbcards", "tuple", "()"),   # cards played in the combat in progress (public: they are discarded)
    ("hands", "piles", "[()] * n"),
    ("ptiles", "piles", "[()] * 8"),
    ("kept", "piles", "[()] * n"),
    ("period", "int", "0"),
    ("phase", "int", "0"),
    ("first", "int", "0"),
    ("cubes", "int", "0"),
    ("cur", "int", "0"),
    ("actions_left", "int", "0"),
    ("extra", "int", "0"),
    ("next_seat", "int", "0"),
    ("aliens_out", "int", "0"),
    ("alien_next", "int", "0"),
    ("bank_flow", "int", "0"),
    ("decisions", "int", "0"),
    ("stack", "frames", "[]"),
    ("over", "bool", "False"),
    ("end_cause", "text", "''"),
    ("log", "events", "[]"),
)
#: how a clone copies a field of each plain kind (a suffix to ``self.<field>``, as
#: :data:`cosmodrome.core.fields.COPY`); ``record`` and the kinds of :data:`CODECS` have their own
_COPY = {**COPY, "bool": ""}
_KINDS = frozenset(("list", "bytes", "tuple", "piles", "int", "bool", "text", "record", *CODECS))
#: the flat fields whose length is fixed by the number of seats (a save must match it)
_FIXED = frozenset(("money", "stock", "orbit", "surf", "bld", "flipped", "clevel", "lost"))
#: the record class of each ``record`` field
_RECORDS = {"cb": Combat, "mv": Move}


def _state_methods() -> dict:
    """``__init__`` and ``clone`` of :class:`VenusState`, written out from :data:`FIELDS`."""
    init = ["def __init__(self, game, comp, players, rng, options):", "    n = players",
            "    self.game = game", "    self.comp = comp", "    self.num_players = n", "    self.options = options",
            "    self.rng = rng", "    self._ev = []"]
    init += [f"    self.{f} = {new}" for f, _, new in FIELDS]
    init += ["    self._final = None", "    self.quiet = False", "    self._menu = None"]
    clone = ["def clone(self, quiet=False):", "    s = _new(VenusState)", "    s.game = self.game",
             "    s.comp = self.comp", "    s.num_players = self.num_players", "    s.options = self.options",
             "    r = _new(Rng)", "    r.state = self.rng.state", "    s.rng = r"]
    for f, how, _ in FIELDS:
        if how not in _KINDS:
            raise ValueError(f"venus state: the field {f!r} has an unknown kind {how!r}")
    loud, hushed = [], []   # what a clone copies, and a quiet clone holds instead (fields of a codec with `quiet`)
    for f, how, _ in FIELDS:
        if how == "record":
            clone += [f"    x = self.{f}", f"    s.{f} = x.copy() if x.active else x"]
        elif how in CODECS and CODECS[how].quiet is not None:
            loud.append(f"        s.{f} = self.{f}{CODECS[how].copy}")
            hushed.append(f"        s.{f} = {CODECS[how].quiet}")
        else:
            clone.append(f"    s.{f} = self.{f}{CODECS[how].copy if how in CODECS else _COPY[how]}")
    clone += ["    if quiet or self.quiet:", "        s.quiet = True", "        s._ev = _NOTHING", *hushed,
              "    else:", "        s.quiet = False", "        s._ev = []", *loud,
              "    s._final = self._final", "    s._menu = None", "    return s"]
    ns = {"Combat": Combat, "Move": Move, "Rng": Rng, "_new": _new, "_NOTHING": _NOTHING}
    out = generate("VenusState", "\n".join(init + clone), ns)
    ns["VenusState"] = None   # set once the class exists (the clone makes one)
    out["_namespace"] = ns
    return out


_GENERATED = _state_methods()


class VenusState(State):
    """One position of Onward to Venus (see the module docstring for the layout)."""

    __slots__ = ("game", "comp", "num_players", "options", "rng", "_ev", "_setup_ev",
                 *(f for f, _, _ in FIELDS), "_final", "quiet", "_menu")

    #: (game, comp, players, rng, options): generated from :data:`FIELDS`
    __init__ = _GENERATED["__init__"]

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
        return self.stack[-1][SEAT]

    legal_actions = flow.legal_actions

    def action_label(self, action: int) -> str:
        return HOOKS.label(self, action)

    def action_json(self, action: int) -> dict:
        d = {"action": action, "label": self.action_label(action)}
        d.update(HOOKS.details(self, action))
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
        return HOOKS.returns(self)

    def winners(self) -> list:
        return HOOKS.winners(self)

    def scores(self) -> list:
        return [float(v) for v in HOOKS.final_scores(self)]

    def summary(self) -> dict:
        return HOOKS.summary(self)

    def evaluation(self) -> list:
        """Estimated win share per seat of this (possibly determinized) position, for search
        bots that cut rollouts short (see :mod:`.evaluation`)."""
        return HOOKS.evaluation(self)

    def view(self, seat: Optional[int]) -> dict:
        return HOOKS.view(self, seat)

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
        if top and top[SEAT] == seat and top[0] in (D_LOOK_TAKE, D_LOOK_GIVE):
            known.add(frame_field(top, "owner"))   # the hand the seat is looking at right now
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
    #: A copy that shares only the immutable parts (the game, the component tables, the
    #: options, the frames) and the piles kept as tuples. ``quiet=True`` makes a clone for
    #: search: it copies no log and records no events or sentences from then on (its
    #: ``apply`` returns an empty list, its view an empty log); clones of a quiet clone are
    #: quiet. Generated from :data:`FIELDS`.
    clone = _GENERATED["clone"]

    def to_json(self) -> dict:
        d: dict[str, Any] = {"game": self.game.name, "players": self.num_players,
                             "options": dict(self.options), "rng": self.rng.state}
        for k, how, _ in FIELDS:
            v = getattr(self, k)
            if how in CODECS:
                d[k] = CODECS[how].save(v)
            else:
                d[k] = v if how in ("int", "bool", "text") else [list(x) for x in v] if how == "piles" else \
                    v.to_list() if how == "record" else list(v)
        return d


_GENERATED["_namespace"]["VenusState"] = VenusState


def _packed(field: str, values: list) -> bytearray:
    """``values`` as a bytearray, refusing what a byte cannot hold (RecordError naming the field)."""
    if any(not 0 <= x < 256 for x in values):
        raise RecordError(f"saved venus state: {field!r} must hold whole numbers from 0 to 255")
    return bytearray(values)


def _load_field(s: VenusState, ref: VenusState, d: Mapping, k: str, how: str) -> None:
    """Set field ``k`` of ``s`` from the saved ``d`` (``ref``: a new state of the same size)."""
    v = d.get(k, []) if k == "cbcards" else d[k]   # cbcards: absent from older saves
    if how in CODECS:
        setattr(s, k, CODECS[how].load(v))
        return
    if how == "bool" or how == "text":
        if not isinstance(v, bool if how == "bool" else str):
            raise RecordError(f"saved venus state: {k!r} must be {'true or false' if how == 'bool' else 'a string'}")
        setattr(s, k, v)
        return
    if how == "int":
        if isinstance(v, bool) or not isinstance(v, int):
            raise RecordError(f"saved venus state: {k!r} must be a whole number, not {v!r}")
        setattr(s, k, v)
        return
    if how == "piles":
        want = len(getattr(ref, k))
        if not isinstance(v, list) or len(v) != want or any(
                not isinstance(x, list) or any(isinstance(y, bool) or not isinstance(y, int) for y in x) for x in v):
            raise RecordError(f"saved venus state: {k!r} must be {want} lists of whole numbers")
        setattr(s, k, [tuple(x) for x in v])
        return
    if not isinstance(v, list) or any(isinstance(x, bool) or not isinstance(x, int) for x in v):
        raise RecordError(f"saved venus state: {k!r} must be a list of whole numbers")
    if how == "record":
        rec = _RECORDS[k]
        if len(v) != rec.SIZE:
            raise RecordError(f"saved venus state: {k!r} must have {rec.SIZE} entries, not {len(v)}")
        if k == "mv":
            _packed(k, v)   # the move's counts were kept in a byte each
        setattr(s, k, rec.from_list(v))
        return
    if k in _FIXED and len(v) != len(getattr(ref, k)):
        raise RecordError(f"saved venus state: {k!r} must have {len(getattr(ref, k))} entries, not {len(v)}")
    setattr(s, k, _packed(k, v) if how == "bytes" else tuple(v) if how == "tuple" else list(v))


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
        for k, how, _ in FIELDS:
            _load_field(s, ref, d, k, how)
        ncard = len(comp.deck_effects) + n * len(comp.player_effects)
        for k in ("deck", "discard"):
            if any(not 0 <= c < ncard for c in getattr(s, k)):
                raise RecordError(f"saved venus state: {k!r} holds an unknown card")
        if any(not 0 <= c < ncard for h in s.hands for c in h):
            raise RecordError("saved venus state: a hand holds an unknown card")
        nt = len(comp.tile_kind)
        placed = [t for L in s.ptiles + s.kept for t in L]
        if any(not 0 <= t < nt for t in (*s.bag, *s.tdisc, *placed)):
            raise RecordError("saved venus state: an unknown tile")
        if not s.over and (not s.stack or s.stack[-1][0] not in DECIDE):
            raise RecordError("saved venus state: no decision is pending in a running game")
        if s.stack and s.stack[-1][0] in DECIDE and not 0 <= s.stack[-1][SEAT] < n:
            raise RecordError("saved venus state: the pending decision names an unknown seat")
    except KeyError as exc:
        raise RecordError(f"saved venus state lacks the field {exc.args[0]!r}") from None
    except (TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"malformed saved venus state: {exc}") from None
    return restore(s, d)
