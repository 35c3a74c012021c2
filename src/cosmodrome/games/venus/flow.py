"""The engine's plumbing: the fixed action space and the frame stack.

The game is driven by a stack of small frames (a :class:`Frame` of whole numbers, one class
per kind: its op, the seat asked and the kind's named fields). The top frame is either an
automatic step (run at once by :func:`run`) or a decision asked of exactly one seat
(``frame.seat``). Rule modules register their frames here: ``AUTO[op] = fn(s, frame)`` and
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
from cosmodrome.games.venus.components import MOST_UNITS
from cosmodrome.i18n import N_

A_DONE, A_YES, A_MOVE, A_CLAIM, A_BUILD, A_PASS = 0, 1, 2, 3, 4, 5
A_ORBIT, A_SURFACE = 6, 7
A_UNIT = 8
A_PLANET = 12
A_TILE = 20
MAX_SLOTS = 30
A_COUNT = 50
A_CARD = A_COUNT + MOST_UNITS + 1     # A_COUNT + k: a group of k units (0 to MOST_UNITS)
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
#: the sizes of a seat's blocks in the state's counters (:func:`unit_ix` and its kin): the unit
#: types a seat keeps per planet, the building kinds, and the kinds of piece in its stock (the
#: unit types, then the buildings). C constants in the compiled engine (``flow.pxd``), as
#: :data:`N_PLANETS` is.
UNIT_TYPES = 3
BUILDING_KINDS = 2
STOCK_KINDS = UNIT_TYPES + BUILDING_KINDS
globals().update(UNIT_TYPES=UNIT_TYPES, BUILDING_KINDS=BUILDING_KINDS, STOCK_KINDS=STOCK_KINDS)
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
#: the fields of each kind of frame, by op, declared once in the table below
#: (``D_CLAIM_UNIT = op("claim_unit", "planet slot")``): a frame is an object of its kind's
#: class (:class:`ClaimUnit`, the op's name in capitalised words), ``seat`` then those fields,
#: read by name (``f.seat``, ``f.planet``); the classes (and their C declarations in
#: ``flow.pxd``, where the compiled engine makes them extension types, so that a rule whose
#: frame argument is typed reads a field as a C struct's) are generated from this table by
#: :func:`frame_code`. ``seat`` is the seat asked, or the seat an automatic step is for (-1: no
#: seat's, as a period's or a crisis's steps); a field ``start``
#: is where a step starts or goes on (a place in the turn order, a planet), ``left`` what is
#: still to do, ``owner`` the seat whose pieces the options name. A frame is never changed
#: once built (a rule pushes a new one), so the kinds pushed on most decisions are built once,
#: at import (``TURN_MENU[p]``, ``CLAIM_UNIT[p][pl][slot]``: below the classes), one object
#: serving every state and clone; the others are built by their class (``Casualty(p, pl, n)``).
FRAME_FIELDS: dict = {}


#: the name of each kind's class where it is not the op's name in capitalised words
CLASS_NAMES: dict = {}


def op(name: str, fields: str = "", cls: str = "") -> int:
    """Allocate a frame op code for the frames of a kind (``fields``: the names of their
    fields after the seat, space-separated; ``cls``: its class's name, if not the op's in
    capitalised words); the codes are the order of the table below (a saved state names its
    frames, so the numbers never leave a running process)."""
    code = _next_op[0]
    _next_op[0] += 1
    OP_NAMES[code] = name
    if cls:
        CLASS_NAMES[code] = cls
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
D_COMBAT = op("combat", cls="CombatMenu")    # state.Combat is the combat itself
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


# ----- the frames: one class per kind, generated from the table above ---------------------
class Frame:
    """A frame of the stack: ``op`` (its kind's code), ``seat`` (the seat asked, or the seat an
    automatic step is for; -1: no seat's) and the fields of its kind (:data:`FRAME_FIELDS`),
    read by name. The class of each kind is generated below; this base is what a reader of
    frames of any kind names (the dispatch of :func:`run` and :func:`step` reads ``f.op``),
    and :data:`NO_FRAME` the frame read where the stack is empty. Two frames are equal when
    their kinds and fields are; a frame's ``repr`` names its kind and fields. A frame is
    never changed once built (one prebuilt frame serves every state): the compiled engine
    declares the fields read-only, and tests/venus/test_frames.py refuses a rule that
    assigns to one."""

    __slots__ = ("op", "seat")
    #: the names of the fields after ``op``, ``seat`` first (the order of the saved form)
    fields = ("seat",)

    def __init__(self, op: int = 0, seat: int = -1) -> None:
        self.op = op
        self.seat = seat

    def values(self) -> tuple:
        """The fields after ``op``, in order (a frame's saved form after its op's name)."""
        return tuple([getattr(self, k) for k in self.fields])

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and other.op == self.op and other.values() == self.values()

    def __ne__(self, other) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self.op, self.values()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={getattr(self, k)!r}' for k in self.fields)})"


#: the frame read where the stack is empty (the game is over): no op, no seat
NO_FRAME = Frame()
#: the marks around the generated part of this module and of ``flow.pxd``
GENERATED = ("# ----- generated by flow.frame_code() from flow.py's table of frames: do not edit by hand -----\n",
             "# ----- end of the generated frame classes -----\n")


def class_name(code: int) -> str:
    """The name of the class of frames of ``code``: its op's name in capitalised words,
    unless the table names it.

    >>> class_name(D_CLAIM_UNIT), class_name(O_HAND), class_name(D_COMBAT)
    ('ClaimUnit', 'HandLimitCheck', 'CombatMenu')
    """
    return CLASS_NAMES.get(code) or "".join(w.title() for w in OP_NAMES[code].split("_"))


def frame_code() -> tuple:
    """The generated parts of ``flow.py`` and ``flow.pxd``, from :data:`FRAME_FIELDS`, as
    :mod:`dataclasses` generates an ``__init__``: one :class:`Frame` class per kind (its
    slots, its fields' names, an ``__init__`` of the seat and the fields), and their C
    declarations (whole numbers, read only). :func:`write_frame_code` writes them;
    tests/venus/test_frames.py checks that the files hold them."""
    consts = {v: k for k, v in globals().items() if k[:2] in ("O_", "D_") and isinstance(v, int) and v in OP_NAMES}
    py, pxd = [], []
    for code, fields in FRAME_FIELDS.items():
        name, own = class_name(code), fields[1:]
        py += ["", "", "class " + name + "(Frame):",
               f'    """The frames of ``{OP_NAMES[code]}``: ``{"``, ``".join(fields)}``."""', "",
               f"    __slots__ = {own!r}", f"    fields = {fields!r}", "",
               f"    def __init__(self, {', '.join(fields)}) -> None:", f"        self.op = {consts[code]}"]
        py += [f"        self.{k} = {k}" for k in fields]
        pxd += [f"cdef class {name}(Frame):"] + ([f"    cdef readonly Py_ssize_t {', '.join(own)}"] if own else
                                                 ["    pass"])
    py += ["", "", "#: the class of each kind's frames, by op", "FRAME_CLASS = {",
           *(f"    {consts[c]}: {class_name(c)}," for c in FRAME_FIELDS), "}"]
    return "\n".join(py[2:]) + "\n", "\n".join(pxd) + "\n"


def _generated(path) -> tuple:
    """``path``'s text split around its generated part: (before, generated, after)."""
    src = path.read_text()
    a = src.index(GENERATED[0]) + len(GENERATED[0])
    b = src.index(GENERATED[1])
    return src[:a], src[a:b], src[b:]


def write_frame_code() -> None:
    """Write :func:`frame_code` into ``flow.py`` and ``flow.pxd`` (after editing the table:
    ``PYTHONPATH=src python -c "from cosmodrome.games.venus import flow; flow.write_frame_code()"``)."""
    from pathlib import Path
    here = Path(__file__).resolve().parent
    if here.name == "_compiled":   # the compiled build's library: the sources are in the package
        here = here.parent / "games" / "venus"
    for path, text in zip((here / "flow.py", here / "flow.pxd"), frame_code()):
        before, _old, after = _generated(path)
        path.write_text(before + "\n" + text + "\n" + after)


# ----- generated by flow.frame_code() from flow.py's table of frames: do not edit by hand -----

class Period(Frame):
    """The frames of ``period``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = O_PERIOD
        self.seat = seat


class Actions(Frame):
    """The frames of ``actions``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = O_ACTIONS
        self.seat = seat


class Turn(Frame):
    """The frames of ``turn``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = O_TURN
        self.seat = seat


class PassReact(Frame):
    """The frames of ``pass_react``: ``seat``, ``start``."""

    __slots__ = ('start',)
    fields = ('seat', 'start')

    def __init__(self, seat, start) -> None:
        self.op = O_PASS_REACT
        self.seat = seat
        self.start = start


class Income(Frame):
    """The frames of ``income``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = O_INCOME
        self.seat = seat


class PassExtra(Frame):
    """The frames of ``pass_extra``: ``seat``, ``start``."""

    __slots__ = ('start',)
    fields = ('seat', 'start')

    def __init__(self, seat, start) -> None:
        self.op = D_PASS_EXTRA
        self.seat = seat
        self.start = start


class TurnMenu(Frame):
    """The frames of ``turn_menu``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = D_TURN
        self.seat = seat


class MoveFrom(Frame):
    """The frames of ``move_from``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = D_MOVE_FROM
        self.seat = seat


class MoveShips(Frame):
    """The frames of ``move_ships``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = D_MOVE_SHIPS
        self.seat = seat


class MoveInfantry(Frame):
    """The frames of ``move_infantry``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = D_MOVE_INF
        self.seat = seat


class MoveTanks(Frame):
    """The frames of ``move_tanks``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = D_MOVE_TANKS
        self.seat = seat


class MoveDest(Frame):
    """The frames of ``move_dest``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = D_MOVE_DEST
        self.seat = seat


class MoveClaim(Frame):
    """The frames of ``move_claim``: ``seat``, ``planet``."""

    __slots__ = ('planet',)
    fields = ('seat', 'planet')

    def __init__(self, seat, planet) -> None:
        self.op = D_MOVE_CLAIM
        self.seat = seat
        self.planet = planet


class ClaimPlanet(Frame):
    """The frames of ``claim_planet``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = D_CLAIM_PLANET
        self.seat = seat


class ClaimTile(Frame):
    """The frames of ``claim_tile``: ``seat``, ``planet``."""

    __slots__ = ('planet',)
    fields = ('seat', 'planet')

    def __init__(self, seat, planet) -> None:
        self.op = D_CLAIM_TILE
        self.seat = seat
        self.planet = planet


class ClaimUnit(Frame):
    """The frames of ``claim_unit``: ``seat``, ``planet``, ``slot``."""

    __slots__ = ('planet', 'slot')
    fields = ('seat', 'planet', 'slot')

    def __init__(self, seat, planet, slot) -> None:
        self.op = D_CLAIM_UNIT
        self.seat = seat
        self.planet = planet
        self.slot = slot


class TensionSeat(Frame):
    """The frames of ``tension_seat``: ``seat``, ``planet``, ``slot``."""

    __slots__ = ('planet', 'slot')
    fields = ('seat', 'planet', 'slot')

    def __init__(self, seat, planet, slot) -> None:
        self.op = D_TENSION_SEAT
        self.seat = seat
        self.planet = planet
        self.slot = slot


class TensionKind(Frame):
    """The frames of ``tension_kind``: ``seat``, ``planet``, ``slot``, ``owner``."""

    __slots__ = ('planet', 'slot', 'owner')
    fields = ('seat', 'planet', 'slot', 'owner')

    def __init__(self, seat, planet, slot, owner) -> None:
        self.op = D_TENSION_KIND
        self.seat = seat
        self.planet = planet
        self.slot = slot
        self.owner = owner


class Build(Frame):
    """The frames of ``build``: ``seat``, ``built``."""

    __slots__ = ('built',)
    fields = ('seat', 'built')

    def __init__(self, seat, built) -> None:
        self.op = D_BUILD
        self.seat = seat
        self.built = built


class PassCube(Frame):
    """The frames of ``pass_cube``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = O_PASS_CUBE
        self.seat = seat


class FreeActions(Frame):
    """The frames of ``free_actions``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = D_FREE
        self.seat = seat


class CombatMenu(Frame):
    """The frames of ``combat``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = D_COMBAT
        self.seat = seat


class Reroll(Frame):
    """The frames of ``reroll``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = D_REROLL
        self.seat = seat


class DiscardDie(Frame):
    """The frames of ``discard_die``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = D_DISCARD_DIE
        self.seat = seat


class Sacrifice(Frame):
    """The frames of ``sacrifice``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = D_SACRIFICE
        self.seat = seat


class Casualty(Frame):
    """The frames of ``casualty``: ``seat``, ``planet``, ``left``."""

    __slots__ = ('planet', 'left')
    fields = ('seat', 'planet', 'left')

    def __init__(self, seat, planet, left) -> None:
        self.op = D_CASUALTY
        self.seat = seat
        self.planet = planet
        self.left = left


class HandLimitCheck(Frame):
    """The frames of ``hand_limit_check``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = O_HAND
        self.seat = seat


class HandLimit(Frame):
    """The frames of ``hand_limit``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = D_HAND
        self.seat = seat


class InsteadCheck(Frame):
    """The frames of ``instead_check``: ``seat``, ``card``."""

    __slots__ = ('card',)
    fields = ('seat', 'card')

    def __init__(self, seat, card) -> None:
        self.op = O_INSTEAD
        self.seat = seat
        self.card = card


class Instead(Frame):
    """The frames of ``instead``: ``seat``, ``card``."""

    __slots__ = ('card',)
    fields = ('seat', 'card')

    def __init__(self, seat, card) -> None:
        self.op = D_INSTEAD
        self.seat = seat
        self.card = card


class IgnoreElimination(Frame):
    """The frames of ``ignore_elimination``: ``seat``, ``planet``, ``unit``, ``attacker``, ``surface``."""

    __slots__ = ('planet', 'unit', 'attacker', 'surface')
    fields = ('seat', 'planet', 'unit', 'attacker', 'surface')

    def __init__(self, seat, planet, unit, attacker, surface) -> None:
        self.op = D_IGNORE
        self.seat = seat
        self.planet = planet
        self.unit = unit
        self.attacker = attacker
        self.surface = surface


class ReturnUnit(Frame):
    """The frames of ``return_unit``: ``seat``, ``unit``."""

    __slots__ = ('unit',)
    fields = ('seat', 'unit')

    def __init__(self, seat, unit) -> None:
        self.op = D_RETURN
        self.seat = seat
        self.unit = unit


class Cycle(Frame):
    """The frames of ``cycle``: ``seat``, ``done``."""

    __slots__ = ('done',)
    fields = ('seat', 'done')

    def __init__(self, seat, done) -> None:
        self.op = D_CYCLE
        self.seat = seat
        self.done = done


class Draw4(Frame):
    """The frames of ``draw4``: ``seat``, ``left``."""

    __slots__ = ('left',)
    fields = ('seat', 'left')

    def __init__(self, seat, left) -> None:
        self.op = D_DRAW4
        self.seat = seat
        self.left = left


class KillSeat(Frame):
    """The frames of ``kill_seat``: ``seat``, ``effect``."""

    __slots__ = ('effect',)
    fields = ('seat', 'effect')

    def __init__(self, seat, effect) -> None:
        self.op = D_KILL_SEAT
        self.seat = seat
        self.effect = effect


class KillUnit(Frame):
    """The frames of ``kill_unit``: ``seat``, ``effect``, ``owner``."""

    __slots__ = ('effect', 'owner')
    fields = ('seat', 'effect', 'owner')

    def __init__(self, seat, effect, owner) -> None:
        self.op = D_KILL_UNIT
        self.seat = seat
        self.effect = effect
        self.owner = owner


class Gunrunner(Frame):
    """The frames of ``gunrunner``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = D_GUN
        self.seat = seat


class PlaceTension(Frame):
    """The frames of ``place_tension``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = D_PLACE_TENSION
        self.seat = seat


class RemoveTension(Frame):
    """The frames of ``remove_tension``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = D_REMOVE_TENSION
        self.seat = seat


class ForceDiscard(Frame):
    """The frames of ``force_discard``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = D_FORCE
        self.seat = seat


class Look(Frame):
    """The frames of ``look``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = D_LOOK
        self.seat = seat


class LookTake(Frame):
    """The frames of ``look_take``: ``seat``, ``owner``."""

    __slots__ = ('owner',)
    fields = ('seat', 'owner')

    def __init__(self, seat, owner) -> None:
        self.op = D_LOOK_TAKE
        self.seat = seat
        self.owner = owner


class LookGive(Frame):
    """The frames of ``look_give``: ``seat``, ``owner``, ``card``."""

    __slots__ = ('owner', 'card')
    fields = ('seat', 'owner', 'card')

    def __init__(self, seat, owner, card) -> None:
        self.op = D_LOOK_GIVE
        self.seat = seat
        self.owner = owner
        self.card = card


class TakeBiggame(Frame):
    """The frames of ``take_biggame``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = D_BIGGAME
        self.seat = seat


class UnitUp(Frame):
    """The frames of ``unit_up``: ``seat``, ``unit``."""

    __slots__ = ('unit',)
    fields = ('seat', 'unit')

    def __init__(self, seat, unit) -> None:
        self.op = D_UP
        self.seat = seat
        self.unit = unit


class KillWhere(Frame):
    """The frames of ``kill_where``: ``seat``, ``owner``, ``planet``, ``unit``."""

    __slots__ = ('owner', 'planet', 'unit')
    fields = ('seat', 'owner', 'planet', 'unit')

    def __init__(self, seat, owner, planet, unit) -> None:
        self.op = D_KILL_WHERE
        self.seat = seat
        self.owner = owner
        self.planet = planet
        self.unit = unit


class ReturnPick(Frame):
    """The frames of ``return_pick``: ``seat``, ``infantry``, ``spaceships``, ``tanks``."""

    __slots__ = ('infantry', 'spaceships', 'tanks')
    fields = ('seat', 'infantry', 'spaceships', 'tanks')

    def __init__(self, seat, infantry, spaceships, tanks) -> None:
        self.op = D_RETURN_PICK
        self.seat = seat
        self.infantry = infantry
        self.spaceships = spaceships
        self.tanks = tanks


class CrisisStart(Frame):
    """The frames of ``crisis_start``: ``seat``."""

    __slots__ = ()
    fields = ('seat',)

    def __init__(self, seat) -> None:
        self.op = O_CRISIS_START
        self.seat = seat


class CrisisPlanet(Frame):
    """The frames of ``crisis_planet``: ``seat``, ``start``."""

    __slots__ = ('start',)
    fields = ('seat', 'start')

    def __init__(self, seat, start) -> None:
        self.op = O_CRISIS
        self.seat = seat
        self.start = start


class UprisingNext(Frame):
    """The frames of ``uprising_next``: ``seat``, ``start``."""

    __slots__ = ('start',)
    fields = ('seat', 'start')

    def __init__(self, seat, start) -> None:
        self.op = O_UPRISING
        self.seat = seat
        self.start = start


class EarthDamage(Frame):
    """The frames of ``earth_damage``: ``seat``, ``left``, ``start``."""

    __slots__ = ('left', 'start')
    fields = ('seat', 'left', 'start')

    def __init__(self, seat, left, start) -> None:
        self.op = O_DAMAGE
        self.seat = seat
        self.left = left
        self.start = start


class Bazagthoth(Frame):
    """The frames of ``bazagthoth``: ``seat``, ``level``."""

    __slots__ = ('level',)
    fields = ('seat', 'level')

    def __init__(self, seat, level) -> None:
        self.op = D_BAZ
        self.seat = seat
        self.level = level


class BazagthothUnit(Frame):
    """The frames of ``bazagthoth_unit``: ``seat``, ``owner``."""

    __slots__ = ('owner',)
    fields = ('seat', 'owner')

    def __init__(self, seat, owner) -> None:
        self.op = D_BAZ_UNIT
        self.seat = seat
        self.owner = owner


class BazagthothBuilding(Frame):
    """The frames of ``bazagthoth_building``: ``seat``, ``owner``."""

    __slots__ = ('owner',)
    fields = ('seat', 'owner')

    def __init__(self, seat, owner) -> None:
        self.op = D_BAZ_BLD
        self.seat = seat
        self.owner = owner


class Uprising(Frame):
    """The frames of ``uprising``: ``seat``, ``left``."""

    __slots__ = ('left',)
    fields = ('seat', 'left')

    def __init__(self, seat, left) -> None:
        self.op = D_UPRISING
        self.seat = seat
        self.left = left


class LoseBuilding(Frame):
    """The frames of ``lose_building``: ``seat``, ``planet``, ``left``."""

    __slots__ = ('planet', 'left')
    fields = ('seat', 'planet', 'left')

    def __init__(self, seat, planet, left) -> None:
        self.op = D_LOSE_BLD
        self.seat = seat
        self.planet = planet
        self.left = left


class Damage(Frame):
    """The frames of ``damage``: ``seat``, ``left``."""

    __slots__ = ('left',)
    fields = ('seat', 'left')

    def __init__(self, seat, left) -> None:
        self.op = D_DAMAGE
        self.seat = seat
        self.left = left


class Pirates(Frame):
    """The frames of ``pirates``: ``seat``, ``wide``."""

    __slots__ = ('wide',)
    fields = ('seat', 'wide')

    def __init__(self, seat, wide) -> None:
        self.op = D_PIRATES
        self.seat = seat
        self.wide = wide


class InvasionDamageRoll(Frame):
    """The frames of ``invasion_damage_roll``: ``seat``, ``planet``."""

    __slots__ = ('planet',)
    fields = ('seat', 'planet')

    def __init__(self, seat, planet) -> None:
        self.op = O_INVASION
        self.seat = seat
        self.planet = planet


#: the class of each kind's frames, by op
FRAME_CLASS = {
    O_PERIOD: Period,
    O_ACTIONS: Actions,
    O_TURN: Turn,
    O_PASS_REACT: PassReact,
    O_INCOME: Income,
    D_PASS_EXTRA: PassExtra,
    D_TURN: TurnMenu,
    D_MOVE_FROM: MoveFrom,
    D_MOVE_SHIPS: MoveShips,
    D_MOVE_INF: MoveInfantry,
    D_MOVE_TANKS: MoveTanks,
    D_MOVE_DEST: MoveDest,
    D_MOVE_CLAIM: MoveClaim,
    D_CLAIM_PLANET: ClaimPlanet,
    D_CLAIM_TILE: ClaimTile,
    D_CLAIM_UNIT: ClaimUnit,
    D_TENSION_SEAT: TensionSeat,
    D_TENSION_KIND: TensionKind,
    D_BUILD: Build,
    O_PASS_CUBE: PassCube,
    D_FREE: FreeActions,
    D_COMBAT: CombatMenu,
    D_REROLL: Reroll,
    D_DISCARD_DIE: DiscardDie,
    D_SACRIFICE: Sacrifice,
    D_CASUALTY: Casualty,
    O_HAND: HandLimitCheck,
    D_HAND: HandLimit,
    O_INSTEAD: InsteadCheck,
    D_INSTEAD: Instead,
    D_IGNORE: IgnoreElimination,
    D_RETURN: ReturnUnit,
    D_CYCLE: Cycle,
    D_DRAW4: Draw4,
    D_KILL_SEAT: KillSeat,
    D_KILL_UNIT: KillUnit,
    D_GUN: Gunrunner,
    D_PLACE_TENSION: PlaceTension,
    D_REMOVE_TENSION: RemoveTension,
    D_FORCE: ForceDiscard,
    D_LOOK: Look,
    D_LOOK_TAKE: LookTake,
    D_LOOK_GIVE: LookGive,
    D_BIGGAME: TakeBiggame,
    D_UP: UnitUp,
    D_KILL_WHERE: KillWhere,
    D_RETURN_PICK: ReturnPick,
    O_CRISIS_START: CrisisStart,
    O_CRISIS: CrisisPlanet,
    O_UPRISING: UprisingNext,
    O_DAMAGE: EarthDamage,
    D_BAZ: Bazagthoth,
    D_BAZ_UNIT: BazagthothUnit,
    D_BAZ_BLD: BazagthothBuilding,
    D_UPRISING: Uprising,
    D_LOSE_BLD: LoseBuilding,
    D_DAMAGE: Damage,
    D_PIRATES: Pirates,
    O_INVASION: InvasionDamageRoll,
}

# ----- end of the generated frame classes -----

#: the seats a frame may name, as the first axis of a kind's prebuilt frames: -1 (an
#: automatic step, asked of no one) last, so that ``TURN[-1]`` is the frame of seat -1
SEATS = (0, 1, 2, 3, 4, -1)


def prebuilt(cls, *axes) -> tuple:
    """Every frame of ``cls`` (seat first, then its fields over ``axes``), built once, as
    nested tuples indexed by the seat and the fields' values.

    >>> CLAIM_UNIT[2][EARTH][5]
    ClaimUnit(seat=2, planet=2, slot=5)
    """
    def at(head: tuple, rest: tuple):
        return cls(*head) if not rest else tuple(at((*head, v), rest[1:]) for v in rest[0])
    return at((), (SEATS, *axes))


# the kinds pushed on most decisions, built once (frames never change): the name in capitals
PERIOD = prebuilt(Period)
ACTIONS = prebuilt(Actions)
TURN = prebuilt(Turn)
PASS_REACT = prebuilt(PassReact, range(6))       # a place in the turn order, or past the last seat
INCOME = prebuilt(Income)
PASS_EXTRA = prebuilt(PassExtra, range(5))
TURN_MENU = prebuilt(TurnMenu)
MOVE_FROM = prebuilt(MoveFrom)
MOVE_SHIPS = prebuilt(MoveShips)
MOVE_INFANTRY = prebuilt(MoveInfantry)
MOVE_TANKS = prebuilt(MoveTanks)
MOVE_DEST = prebuilt(MoveDest)
MOVE_CLAIM = prebuilt(MoveClaim, range(N_PLANETS))
CLAIM_PLANET = prebuilt(ClaimPlanet)
CLAIM_TILE = prebuilt(ClaimTile, range(N_PLANETS))
CLAIM_UNIT = prebuilt(ClaimUnit, range(N_PLANETS), range(MAX_SLOTS))
BUILD = prebuilt(Build, range(2))
FREE_ACTIONS = prebuilt(FreeActions)
COMBAT = prebuilt(CombatMenu)
HAND_LIMIT_CHECK = prebuilt(HandLimitCheck)
HAND_LIMIT = prebuilt(HandLimit)
CRISIS_START = prebuilt(CrisisStart)
CRISIS_PLANET = prebuilt(CrisisPlanet, range(N_PLANETS + 1))    # the next planet to resolve, N_PLANETS: none


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
    f: Frame
    stack = s.stack
    A = AUTO
    while stack and not s.over:
        f = stack[-1]
        fn = A.get(f.op)
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
    f: Frame
    s.ev = []
    s._menu = None
    f = s.stack.pop()
    s.decisions += 1
    APPLY[f.op](s, f, action)
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
    f: Frame = stack[-1]
    menu = LEGAL[f.op](s, f)
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
    return (p * N_PLANETS + pl) * UNIT_TYPES + t


def building_ix(p, pl, k=0) -> int:
    """The index in ``built`` of ``p``'s mines (``k`` 0) or factories (1) on planet ``pl``.

    >>> building_ix(1, EARTH, FACTORY)
    21
    """
    return (p * N_PLANETS + pl) * BUILDING_KINDS + k


def stock_ix(p, k) -> int:
    """The index in ``stock`` of ``p``'s pieces of kind ``k`` (0..2 units by type, 3 mines,
    4 factories: :func:`building_stock_ix`)."""
    return p * STOCK_KINDS + k


def building_stock_ix(p, k) -> int:
    """The index in ``stock`` of ``p``'s mines (``k`` 0) or factories (1) not yet built.

    >>> building_stock_ix(2, FACTORY)
    14
    """
    return p * STOCK_KINDS + UNIT_TYPES + k


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
