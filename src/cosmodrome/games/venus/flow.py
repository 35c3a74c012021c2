"""The engine's plumbing: the fixed action space and the frame stack.

The game is driven by a stack of small frames (tuples of ints). The top frame is either an
automatic step (run at once by :func:`run`) or a decision asked of exactly one seat
(``frame[1]``). Rule modules register their frames here: ``AUTO[op] = fn(s, frame)`` and
``DECIDE[op] = Decider(kind, legal(s, f), apply(s, f, a), prompt(s, f))``. Decision frames
are popped before their ``apply`` runs; automatic frames pop themselves when done.

Every frame code is allocated here, in one table, so that a rule module can push a frame
that another module handles without importing it: the modules import one way only (see
``LAYERS`` in the package's ``__init__``), and a rule reaches a rule above it through a
frame on the stack or a registration (``AUTO``, ``DECIDE``, the card tables of
:mod:`.cards`) or a hook (:data:`HOOKS`).

Action space (fixed, :data:`NUM_ACTIONS` ids):

=========  ==========================================================
0          done / no / decline / end the turn
1          yes
2..5       MOVE, CLAIM, BUILD, PASS (take a pass cube)
6, 7       in orbit, on the surface (where a unit is taken)
8..10      unit type: infantry, spaceship, tank
12..19     planet: Mercury .. Kuiper Belt
20..49     tile slot on the planet in question (0..29)
50..59     count 0..9
60..99     card, by effect id (see components.EFFECTS)
100..104   seat 0..4
105..120   building: 105 + planet*2 + kind (0 mine, 1 factory)
121..144   unit at a planet: 121 + planet*3 + unit type
145..147   die 0..2
148..154   re-roll dice set: 148 + mask - 1 (bit i = die i)
=========  ==========================================================
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Optional

try:
    import cython
except ImportError:   # the pure-Python engine: the annotations naming cython are never evaluated
    cython = None

from cosmodrome.core import Event, IllegalActionError
from cosmodrome.core.flat import Hooks, range_kind
from cosmodrome.i18n import N_

A_DONE, A_YES, A_MOVE, A_CLAIM, A_BUILD, A_PASS = 0, 1, 2, 3, 4, 5
A_ORBIT, A_SURFACE = 6, 7
A_UNIT = 8
A_PLANET = 12
A_TILE = 20
MAX_SLOTS = 30
A_COUNT = 50
A_CARD = 60
A_SEAT = 100
A_BLD = 105
A_UNITAT = 121
A_DIE = 145
A_REROLL = 148
NUM_ACTIONS = 155
#: an unused slot of the combat's dice (a variant rolling fewer than the most dice: ``combat_dice``)
NO_DIE = -1



# ----- the codec of the packed ids: every packing and unpacking of an action id is here --
def encode_building(pl: int, k: int) -> int:
    """The id of the mine (``k`` 0) or factory (1) on planet ``pl``.

    >>> decode_building(encode_building(6, 1))
    (6, 1)
    """
    return A_BLD + pl * 2 + k


def decode_building(a: int) -> tuple:
    """``(planet, kind)`` of a building id (kind 0 a mine, 1 a factory)."""
    return divmod(a - A_BLD, 2)


def encode_unit_at(pl, t) -> int:
    """The id of a unit of type ``t`` (infantry, spaceship, tank) at planet ``pl``: ``A_UNITAT``
    plus the unit's index ``pl * 3 + t`` in a seat's block of ``orbit``/``surface``.

    >>> decode_unit_at(encode_unit_at(2, 2))
    (2, 2)
    """
    return A_UNITAT + pl * 3 + t


def decode_unit_at(a: int) -> tuple:
    """``(planet, unit type)`` of a unit-at-a-planet id."""
    return divmod(a - A_UNITAT, 3)


def encode_reroll(mask: int) -> int:
    """The id of re-rolling the combat dice of ``mask`` (bit i: die i; 1..7).

    >>> decode_reroll(encode_reroll(5))
    5
    """
    return A_REROLL + mask - 1


def decode_reroll(a: int) -> int:
    """The dice mask of a re-roll id."""
    return a - A_REROLL + 1


#: the first id of each kind of action, by name, ascending (:func:`action_kind`)
ACTION_KINDS = (("done", A_DONE), ("yes", A_YES), ("move", A_MOVE), ("claim", A_CLAIM), ("build", A_BUILD),
                ("pass", A_PASS), ("orbit", A_ORBIT), ("surface", A_SURFACE), ("unit", A_UNIT),
                ("planet", A_PLANET), ("tile", A_TILE), ("count", A_COUNT), ("card", A_CARD), ("seat", A_SEAT),
                ("building", A_BLD), ("unit_at", A_UNITAT), ("die", A_DIE), ("reroll", A_REROLL))


def action_kind(a: int) -> str:
    """The name of the kind of action id ``a`` (its range in the action space).

    >>> action_kind(encode_unit_at(1, 2)), action_kind(A_REROLL + 6)
    ('unit_at', 'reroll')
    """
    return range_kind(a, ACTION_KINDS, "done")


INF, SHIP, TANK = 0, 1, 2
MINE, FACTORY = 0, 1
#: the planets of the line, Mercury to the Kuiper Belt (RB: Step one – laying out the planets): the
#: action space holds one id per planet (:data:`A_PLANET`), the state one counter of each kind
#: per planet, and the component data lists as many (components.CRISES, checked at load). A
#: loop over the planets is ``for pl in range(N_PLANETS)``: in the compiled engine this is a C
#: constant (``flow.pxd``; a module's ``.pxd`` cimports it), so the loop stays in C.
N_PLANETS = 8
# the C constant of the build is no module attribute: this makes it one for Python's importers
globals()["N_PLANETS"] = N_PLANETS
MERCURY, VENUS, EARTH, MOON, MARS, GANYMEDE, TITAN, KUIPER = range(N_PLANETS)
# tile kinds
T_FACTORY, T_DRAW2, T_BIGGAME, T_WINDFALL, T_MINE, T_CRISIS, T_TENSION, T_ALIEN = range(8)


class Decider(NamedTuple):
    kind: str
    legal: Callable
    apply: Callable
    prompt: Callable


AUTO: dict = {}
DECIDE: dict = {}
#: ``DECIDE[op].legal`` and ``DECIDE[op].apply`` by op, for the hot path of the state
LEGAL: dict = {}
APPLY: dict = {}
_next_op = [1]


OP_NAMES: dict = {}
#: the fields of each kind of frame, by op. A frame is a plain tuple ``(op, seat, *fields)``
#: (a tuple builds and reads quickest, pure or compiled: a class per kind cost 3-9%, see
#: docs/bench-history/issue-28-names.md), its fields named here once, in the table below,
#: and read by unpacking them into those names (``_op, p, pl, slot = f`` of a claim_unit
#: frame). ``seat`` is the seat asked (-1 for an automatic step); a field ``start`` is where
#: a step starts or goes on (a place in the turn order, a planet), ``left`` what is still to
#: do, ``owner`` the seat whose pieces the options name.
FRAME_FIELDS: dict = {}
#: where every frame holds the seat asked: for the few functions that read frames of
#: several kinds (a reaction's options), which cannot unpack them by one kind's fields
SEAT = 1


def frame_field(f: tuple, name: str, default=None):
    """The field ``name`` of frame ``f``, of whatever kind (``default`` when its kind has no
    such field): for the readers of the frame on top, whatever it is (an option's details
    and label, a resample), which cannot unpack it by one kind's fields.

    >>> frame_field((D_CLAIM_UNIT, 1, EARTH, 4), "slot"), frame_field((D_TURN, 1), "planet", -1)
    (4, -1)
    """
    fields = FRAME_FIELDS.get(f[0], ())
    return f[fields.index(name) + 1] if name in fields else default


def op(name: str, fields: str = "") -> int:
    """Allocate a frame op code for the frames ``(op, seat, *fields)`` (``fields``: their
    names after the seat, space-separated); the codes are the order of the table below (a
    saved state names its frames, so the numbers never leave a running process)."""
    code = _next_op[0]
    _next_op[0] += 1
    OP_NAMES[code] = name
    FRAME_FIELDS[code] = ("seat", *fields.split())
    return code


#: the phase of a period ``s.phase`` is in (RB: Phase one – place pass cubes ... Phase six –
#: re-set military units; PHASE_SETUP, a new state's, before the first period; the names: text.PHASES)
PHASE_SETUP, PHASE_PASS_CUBES, PHASE_TILES, PHASE_ACTIONS, PHASE_CRISIS, PHASE_INCOME, PHASE_RESET = range(7)


# ----- the frame table: automatic steps (O_) and decisions (D_), by the module handling them
# RB: Playing the game (.phases)
O_PERIOD = op("period")
O_ACTIONS = op("actions")
O_TURN = op("turn")
O_PASS_REACT = op("pass_react", "start")
O_INCOME = op("income")
D_PASS_EXTRA = op("pass_extra", "start")
# RB: Phase three – the actions (.actions)
D_TURN = op("turn_menu")
D_MOVE_FROM = op("move_from")
D_MOVE_SHIPS = op("move_ships")
D_MOVE_INF = op("move_infantry")
D_MOVE_TANKS = op("move_tanks")
D_MOVE_DEST = op("move_dest")
D_MOVE_CLAIM = op("move_claim", "planet")
D_CLAIM_PLANET = op("claim_planet")
D_CLAIM_TILE = op("claim_tile", "planet")
D_CLAIM_UNIT = op("claim_unit", "planet slot")
D_TENSION_SEAT = op("tension_seat", "planet slot")
D_TENSION_KIND = op("tension_kind", "planet slot owner")
D_BUILD = op("build", "built")
O_PASS_CUBE = op("pass_cube")
D_FREE = op("free_actions")
# RB: Defended tiles (.combat)
D_COMBAT = op("combat")
D_REROLL = op("reroll")
D_DISCARD_DIE = op("discard_die")
D_SACRIFICE = op("sacrifice")
D_CASUALTY = op("casualty", "planet left")
# RB: Detailed explanation of the cards (.cards)
O_HAND = op("hand_limit_check")
D_HAND = op("hand_limit")
O_INSTEAD = op("instead_check", "card")
D_INSTEAD = op("instead", "card")
D_IGNORE = op("ignore_elimination", "planet unit attacker surface")
D_RETURN = op("return_unit", "unit")
D_CYCLE = op("cycle", "done")
D_DRAW4 = op("draw4", "left")
D_KILL_SEAT = op("kill_seat", "effect")
D_KILL_UNIT = op("kill_unit", "effect owner")
D_GUN = op("gunrunner")
D_PLACE_TENSION = op("place_tension")
D_REMOVE_TENSION = op("remove_tension")
D_FORCE = op("force_discard")
D_LOOK = op("look")
D_LOOK_TAKE = op("look_take", "owner")
D_LOOK_GIVE = op("look_give", "owner card")
D_BIGGAME = op("take_biggame")
D_UP = op("unit_up", "unit")
D_KILL_WHERE = op("kill_where", "owner planet unit")
D_RETURN_PICK = op("return_pick", "infantry spaceships tanks")
# RB: Phase four – crises (.crises)
O_CRISIS_START = op("crisis_start")
O_CRISIS = op("crisis_planet", "start")
O_UPRISING = op("uprising_next", "start")
O_DAMAGE = op("earth_damage", "left start")
D_BAZ = op("bazagthoth", "level")
D_BAZ_UNIT = op("bazagthoth_unit", "owner")
D_BAZ_BLD = op("bazagthoth_building", "owner")
D_UPRISING = op("uprising", "left")
D_LOSE_BLD = op("lose_building", "planet left")
D_DAMAGE = op("damage", "left")
D_PIRATES = op("pirates", "wide")
O_INVASION = op("invasion_damage_roll", "planet")




def auto(code: int):
    def deco(fn):
        AUTO[code] = fn
        return fn
    return deco


def decide(code: int, kind: str, legal: Callable, prompt: Callable):
    def deco(fn):
        DECIDE[code] = Decider(kind, legal, fn, prompt)
        LEGAL[code] = legal
        APPLY[code] = fn
        return fn
    return deco


def run(s) -> None:
    """Run automatic frames until a decision is on top or the game is over."""
    stack = s.stack
    A = AUTO
    while stack and not s.over:
        f = stack[-1]
        fn = A.get(f[0])
        if fn is None:
            return
        fn(s, f)


#: The questions of the core protocol that the table cannot answer from its own layer
#: (a :class:`~cosmodrome.core.flat.Hooks`, as in every game; the names shared with the
#: other games mean the same there, docs/ARCHITECTURE.md "Hooks"): ``action_json`` (an
#: option's JSON form, its label and details: :mod:`.options`); ``returns``, ``winners``,
#: ``scores`` (the final scores), ``summary`` and ``stop`` (the end at the decision cap)
#: (:mod:`.scoring`); ``evaluation`` (:mod:`.evaluation`); ``view``, ``view_common`` and
#: ``view_for`` (:mod:`.view`). The package's face registers them once, so neither the
#: rules nor the table import a layer above them.
HOOKS = Hooks("venus", ("action_json", "returns", "winners", "scores", "summary", "stop", "evaluation", "view",
                        "view_common", "view_for"))

#: the game is stopped and scored as it stands after this many decisions (ruling 35): the
#: rules alone let a game last for ever (a player who never passes moves ships to and fro;
#: "Another action" cards come back through reshuffles), and a length bound needs an end.
#: The longest of 400 seeded random games took 570 decisions. :func:`step` reads it at
#: each decision, so a cap lowered here (a test does) holds.
MAX_DECISIONS = 3000


def step(s, action) -> list:
    """``VenusState._apply``, the path of every decision (compiled with the rules): pop the
    decision's frame, apply ``action``, :func:`run` the automatic frames that follow and
    stop the game at the decision cap (ruling 35). Returns the events recorded."""
    s.ev = []
    s._menu = None
    f = s.stack.pop()
    s.decisions += 1
    APPLY[f[0]](s, f, action)
    run(s)
    if s.decisions >= MAX_DECISIONS and not s.over:
        HOOKS.stop(s)
    return s.ev


# ----- the table's hot methods ------------------------------------------------------------
# ``VenusState`` takes these functions as its methods (``s.say(...)``, ``s.has_effect(...)``):
# written here, they are compiled with the rule modules (:mod:`cosmodrome.compiled`) while
# the state class itself stays Python (a compiled class copies slower).

#: events kept in a state's log (the view shows the latest)
LOG_KEEP = 24
SHORT = (N_("Britain"), N_("France"), N_("Russia"), N_("Germany"), N_("USA"))


def say(s, kind: str, text: Any, data: Optional[dict] = None, visible_to: Optional[frozenset] = None,
        hidden: Any = None, chance: bool = False) -> None:
    """Record an event (docs/ARCHITECTURE.md, "Recording events"), also kept in the
    state's ``log``; a quiet state records nothing."""
    if s.quiet:
        return
    ev = Event(kind, text, data, visible_to, hidden, chance)
    s.ev.append(ev)
    log = s.log
    log.append(ev)
    if len(log) > LOG_KEEP:
        del log[0]


def legal_actions(s) -> list:
    """The legal actions of the seat to move, ascending. The list is kept with the
    decision's frame, so that ``apply`` checks an action against it instead of computing
    it again."""
    stack = s.stack
    if s.over or not stack:
        return []
    f = stack[-1]
    menu = LEGAL[f[0]](s, f)
    s._menu = (f, menu)
    return menu


def has_effect(s, p: cython.Py_ssize_t, e) -> bool:
    """Does ``p`` hold a card with effect ``e``?"""
    ce = s.comp.card_effects
    for c in s.hands[p]:
        if ce[c] == e:
            return True
    return False


def hand_effects(s, p: cython.Py_ssize_t) -> set:
    """The effects of the cards in ``p``'s hand."""
    ce = s.comp.card_effects
    return {ce[c] for c in s.hands[p]}


def take_card(s, p: cython.Py_ssize_t, e) -> int:
    """Remove one card with effect ``e`` from ``p``'s hand and return its id."""
    i: cython.Py_ssize_t
    h = s.hands[p]
    ce = s.comp.card_effects
    for i, c in enumerate(h):
        if ce[c] == e:
            s.hands[p] = h[:i] + h[i + 1:]
            return c
    raise IllegalActionError(f"{SHORT[p]} holds no such card")


def add(t: tuple, i, k) -> tuple:
    """``t`` with ``k`` added to entry ``i`` (a counter kept as a tuple, replaced on write).

    >>> add((1, 2, 3), 1, -2)
    (1, 0, 3)
    """
    return t[:i] + (t[i] + k,) + t[i + 1:]


def put(t: tuple, i, v) -> tuple:
    """``t`` with entry ``i`` set to ``v``.

    >>> put((1, 2, 3), 0, 7)
    (7, 2, 3)
    """
    return t[:i] + (v,) + t[i + 1:]


def without(pile: tuple, x) -> tuple:
    """``pile`` less its first ``x`` (a pile is a tuple, replaced on write: see :mod:`.state`).

    >>> without((4, 7, 4), 4)
    (7, 4)
    """
    i = pile.index(x)
    return pile[:i] + pile[i + 1:]


# ----- where a counter sits in the flat arrays (see :mod:`.state`): the arithmetic once.
# The compiled engine declares these four as C functions (``flow.pxd``, with their C types),
# and the rule modules that call them cimport them (``actions.pxd`` and its kin): there a
# call is a C call, not a Python one, so the menus call them on every planet.
def planet_steps(pos, a, b) -> int:
    """The steps between planets ``a`` and ``b`` of the planet line whose places are ``pos``
    (the component data's ``planet_pos``): Earth and the Moon sit at the same place and count
    as one step from each other (RB: Action: Move military units).

    >>> pos = (0, 1, 2, 2, 3, 4, 5, 6)
    >>> planet_steps(pos, EARTH, MARS), planet_steps(pos, EARTH, MOON), planet_steps(pos, MARS, MARS)
    (1, 1, 0)
    """
    if a == b:
        return 0
    d = abs(pos[a] - pos[b])
    return d if d else 1


def unit_ix(p, pl, t=0) -> int:
    """The index in ``orbit`` and ``surface`` of ``p``'s units of type ``t`` at planet ``pl``;
    the three types of one planet follow each other from ``unit_ix(p, pl)``.

    >>> unit_ix(1, EARTH, TANK)
    32
    """
    return p * 24 + pl * 3 + t


def building_ix(p, pl, k=0) -> int:
    """The index in ``built`` of ``p``'s mines (``k`` 0) or factories (1) on planet ``pl``.

    >>> building_ix(1, EARTH, FACTORY)
    21
    """
    return p * 16 + pl * 2 + k


def stock_ix(p, k) -> int:
    """The index in ``stock`` of ``p``'s pieces of kind ``k`` (0..2 units by type, 3 mines,
    4 factories: :func:`building_stock_ix`)."""
    return p * 5 + k


def building_stock_ix(p, k) -> int:
    """The index in ``stock`` of ``p``'s mines (``k`` 0) or factories (1) not yet built.

    >>> building_stock_ix(2, FACTORY)
    14
    """
    return p * 5 + 3 + k


def buildings(s, p) -> int:
    """All of ``p``'s mines and factories on the board (its block of ``built``, from
    :func:`building_ix` ``(p, MERCURY)`` to the next seat's).

    >>> from cosmodrome.games.venus import GAME
    >>> s = GAME.new_state(3, seed=1)
    >>> [buildings(s, p) for p in range(3)] == [sum(s.built[building_ix(p, pl, k)]
    ...                                             for pl in range(N_PLANETS) for k in (0, 1))
    ...                                          for p in range(3)]
    True
    """
    return sum(s.built[building_ix(p, MERCURY):building_ix(p + 1, MERCURY)])


def orbit_units(s, p, pl) -> int:
    """Units of ``p`` in orbit of ``pl`` (its three types follow each other from
    :func:`unit_ix` ``(p, pl)``)."""
    i: cython.Py_ssize_t = unit_ix(p, pl)
    o: bytearray = s.orbit
    return o[i] + o[i + 1] + o[i + 2]


def surface_units(s, p, pl) -> int:
    """Units of ``p`` on the surface of ``pl`` (its three types follow each other from
    :func:`unit_ix` ``(p, pl)``)."""
    i: cython.Py_ssize_t = unit_ix(p, pl)
    su: bytearray = s.surface
    return su[i] + su[i + 1] + su[i + 2]


def units_of_type(s, p, t) -> int:
    """``p``'s units of type ``t`` on the board, in orbit and on the surface of every planet:
    strided slices of its block of the counters (from :func:`unit_ix` ``(p, MERCURY, t)``,
    a planet's block apart), summed in C.

    >>> from cosmodrome.games.venus import GAME
    >>> s = GAME.new_state(3, seed=1)
    >>> units_of_type(s, 0, SHIP) == sum(s.orbit[unit_ix(0, pl, SHIP)] + s.surface[unit_ix(0, pl, SHIP)]
    ...                                  for pl in range(N_PLANETS))
    True
    """
    b: cython.Py_ssize_t = unit_ix(p, MERCURY, t)
    e: cython.Py_ssize_t = unit_ix(p + 1, MERCURY)
    step: cython.Py_ssize_t = unit_ix(p, VENUS) - unit_ix(p, MERCURY)
    return sum(s.orbit[b:e:step]) + sum(s.surface[b:e:step])


def units_at(s, p: cython.Py_ssize_t, pl: cython.Py_ssize_t) -> int:
    """Units of ``p`` at planet ``pl``, in orbit and on the surface."""
    i: cython.Py_ssize_t = unit_ix(p, pl)
    o: bytearray = s.orbit
    su: bytearray = s.surface
    return o[i] + o[i + 1] + o[i + 2] + su[i] + su[i + 1] + su[i + 2]


# ----- the packed records of the table: a gunrunner on a planet (``s.gunrunners``) and a crisis
# resolved (``s.crises``), each one int; packed and read back here only.
def encode_gunrunner(pl, card) -> int:
    """A gunrunner (card id ``card``) lying on planet ``pl``, as ``s.gunrunners`` holds it.

    >>> g = encode_gunrunner(6, 41)
    >>> gunrunner_planet(g), gunrunner_card(g)
    (6, 41)
    """
    return pl * 1000 + card


def gunrunner_planet(g) -> int:
    """The planet a gunrunner of ``s.gunrunners`` lies on (see :func:`encode_gunrunner`)."""
    return g // 1000


def gunrunner_card(g) -> int:
    """The card id of a gunrunner of ``s.gunrunners`` (see :func:`encode_gunrunner`)."""
    return g % 1000


def encode_crisis(pl, lv) -> int:
    """A crisis on planet ``pl`` at level ``lv`` (kept up to 15), as ``s.crises`` holds it.

    >>> x = encode_crisis(3, 7)
    >>> crisis_planet(x), crisis_level(x)
    (3, 7)
    >>> crisis_level(encode_crisis(3, 20))
    15
    """
    return pl * 16 + min(lv, 15)


def crisis_planet(x) -> int:
    """The planet of a crisis of ``s.crises`` (see :func:`encode_crisis`)."""
    return x // 16


def crisis_level(x) -> int:
    """The level of a crisis of ``s.crises`` (see :func:`encode_crisis`)."""
    return x % 16



def unit_places(s, p, types=(INF, SHIP, TANK)) -> list:
    """``(planet, unit type)`` of each kind of unit of ``types`` that ``p`` has on the board (in
    orbit or on the surface), planet by planet, in the order of the unit-at-a-planet ids.

    >>> from cosmodrome.games.venus import GAME
    >>> unit_places(GAME.new_state(3, seed=1), 0)
    [(2, 0), (2, 1)]
    """
    o, su = s.orbit, s.surface
    return [(pl, t) for pl in range(N_PLANETS) for t in types if o[unit_ix(p, pl, t)] or su[unit_ix(p, pl, t)]]


def remove_unit(s, p: cython.Py_ssize_t, pl: cython.Py_ssize_t, t: cython.Py_ssize_t, surface_first: bool) -> bool:
    """Take one unit of type ``t`` of ``p`` at ``pl`` off the board into its stock."""
    i: cython.Py_ssize_t = unit_ix(p, pl, t)
    a: bytearray
    b: bytearray
    a, b = (s.surface, s.orbit) if surface_first else (s.orbit, s.surface)
    if a[i] > 0:
        a[i] -= 1
    elif b[i] > 0:
        b[i] -= 1
    else:
        return False
    s.stock[stock_ix(p, t)] += 1
    s.lost[p] += 1
    return True


def income_on(s, p: cython.Py_ssize_t, pl: cython.Py_ssize_t) -> int:
    """``p``'s income from its mines and factories on ``pl``."""
    i: cython.Py_ssize_t = building_ix(p, pl)
    r = s.comp.rules
    bld = s.built
    return bld[i] * r["mine_income"] + bld[i + 1] * r["factory_income"]   # its mine, then its factory


def incomes_on(s, pl: cython.Py_ssize_t) -> list:
    """Every seat's :func:`income_on` ``pl``, by seat."""
    return [income_on(s, p, pl) for p in range(s.num_players)]


def income(s, p: cython.Py_ssize_t) -> int:
    """``p``'s income from all its mines and factories: :func:`income_on` summed over the
    planets, by strided slices of its block of ``built`` (its mines from :func:`building_ix`
    ``(p, MERCURY, MINE)``, its factories from ``(p, MERCURY, FACTORY)``).

    >>> from cosmodrome.games.venus import GAME
    >>> s = GAME.new_state(3, seed=1)
    >>> income(s, 1) == sum(income_on(s, 1, pl) for pl in range(N_PLANETS))
    True
    """
    r = s.comp.rules
    bld = s.built
    end: cython.Py_ssize_t = building_ix(p + 1, MERCURY)
    step: cython.Py_ssize_t = building_ix(p, VENUS) - building_ix(p, MERCURY)
    return (sum(bld[building_ix(p, MERCURY, MINE):end:step]) * r["mine_income"]
            + sum(bld[building_ix(p, MERCURY, FACTORY):end:step]) * r["factory_income"])


def buildings_on(s, p: cython.Py_ssize_t, pl: cython.Py_ssize_t) -> int:
    """``p``'s mines and factories on ``pl``."""
    i: cython.Py_ssize_t = building_ix(p, pl)
    bld = s.built
    return bld[i] + bld[i + 1]


def remove_building(s, p: cython.Py_ssize_t, pl: cython.Py_ssize_t, k: cython.Py_ssize_t) -> None:
    """A mine (``k`` 0) or factory (1) of ``p`` on ``pl`` goes back to its stock."""
    s.built = add(s.built, building_ix(p, pl, k), -1)
    s.stock[building_stock_ix(p, k)] += 1


def pay(s, p: cython.Py_ssize_t, amount) -> None:
    """``p`` pays ``amount`` to the bank."""
    s.money[p] -= amount
    s.money_from_bank -= amount


def gain(s, p: cython.Py_ssize_t, amount) -> None:
    """``p`` takes ``amount`` from the bank."""
    s.money[p] += amount
    s.money_from_bank += amount
