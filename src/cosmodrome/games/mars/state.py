"""The table of one game of March on Mars: the ring of martian cards around the Martian
Master Mind (MMM), the marines, the alien counters, the upgrades, the tracks and the dice on
the combat card being played.

The ring is one strip of columns (:func:`ring`), read from the MMM's left to its right:
the left defender box, the two left cards, the Landing Zone (LZ), the two right cards, the
right defender box. The 2-player game uses half the board: the LZ, the two right cards and
the right defender box (RB: Prepare landing). Each column belongs to a zone
(:data:`ZONES`); a zone lies on a side of the planet (left, right, or the LZ between).

Everything else is whole numbers and flat lists of them, so that a state clones and steps
fast; each is declared once, with what it holds, in :data:`FIELDS`. The main ones:

- per marine (one per seat): ``column``, ``level`` (where it stands), ``crashed`` (1 while
  knocked down), ``acted`` (1 once it played this round), ``kills``;
- per alien counter: ``alien_place``, its place: :data:`BAG`, :data:`DEAD` (the dead pile,
  which refills an empty bag), :data:`GONE` (a dead defender: never replaced), an
  incoming-wave box (:func:`incoming`), or a box of the ring (:meth:`MarsState.box`).
  The colour of a counter is fixed by its number (:meth:`MarsState.colour`); the last two
  red counters are the defenders;
- ``upgrades``: the upgrade counter in each of the two slots beside the LZ (-1 when destroyed);
- the turn in progress: ``acting`` (the marine playing), ``dice_count``, ``die_action`` (per
  die: its action, or -1), ``faces`` (per die: the face rolled for the current action, 0 if
  none), ``slot`` (the action being played), ``wave_dice`` (the dice showing the wave face,
  a mask).

Rules modules call the higher layers through :data:`HOOKS`, which the package's face
registers, so no module imports one above it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Optional

from cosmodrome.core import Event, Rng, State, team_returns
from cosmodrome.core.events import Text
from cosmodrome.core.fields import flat_methods, generate
from cosmodrome.core.flat import FlatState, Hooks, range_kind
from cosmodrome.core.statistics import count, row
from cosmodrome.games.lunar.dice import ACCIDENT, DIE_COLOUR, NUM_DICE, die_name, face_text, roll_face, steps_of
from cosmodrome.games.lunar.movement import Jump, jump
from cosmodrome.games.lunar.terrain import AIR, ROCK, SAFE, SAFE_LANDING, STANDING, surface_below
from cosmodrome.games.mars.components import ACTION_SLOTS, Components
from cosmodrome.i18n import N_, Word, _

# zones of the ring, from the MMM's left to its right
D_LEFT, FAR_LEFT, NEAR_LEFT, LZ, NEAR_RIGHT, FAR_RIGHT, D_RIGHT = range(7)
ZONE_NAMES = (N_("left defender box"), N_("far left card"), N_("near left card"), N_("Landing Zone"),
              N_("near right card"), N_("far right card"), N_("right defender box"))
LEFT, RIGHT = 0, 1
SIDE_NAMES = ("left", "right")
#: per side: its defender box, the card next to the MMM, the card next to the LZ
SIDE_ZONES = ((D_LEFT, FAR_LEFT, NEAR_LEFT), (D_RIGHT, FAR_RIGHT, NEAR_RIGHT))

# alien places (``alien_place``) other than a box of the ring
BAG, DEAD, GONE, INCOMING = -1, -2, -3, -10
#: an alien drawn from the bag by a wave and not yet placed (for the moment of the draw only)
DRAWN = -100
YELLOW, BLUE, RED = 0, 1, 2

# the fixed action space (NUM_ACTIONS ids)
A_DONE, A_ROLL, A_NUKE = 0, 1, 2   # stop (end programming / end the turn / no effect); roll the next action; the nuke
A_SEAT = 3                          # 3 + seat: that marine acts next
A_PROGRAM = 8                       # 8 + die * ACTION_SLOTS + action: put a die on an action of the combat card
A_MOVE = 26                         # 26 + (die * 2 + backward) * 8 + mask: move by that die
A_SHOOT = 122                       # 122 + (backward * 4 + range) * 4 + level: shoot the box there
A_REROLL = 154                      # 154 + die: roll that die of the current roll again (team play, LZ, antenna)
A_SUPPORT = 160                     # 160 + marine: tactical support from the LZ stands a crashed marine up
A_MISSILE = 165                     # 165 + (fragmentation * 2 + backward) * 5 + beacon marine: the missile battery
A_BAIT = 185                        # the bait: the white die of this round is rolled again
A_TRAIN = 186                       # 186 + face: keep that ability of the training card
A_LAND = 188                        # 188 + k: land on the k-th column of the Landing Zone
A_USE = 192                         # 192 + card: play an equipment card that needs no direction
A_STEP = 200                        # 200 + kind * 2 + backward: a free step (STEP_KINDS)
A_GIVE = 210                        # 210 + card * 5 + marine: pass a card between the marine to move and that one
A_INJECT = 250                      # Power-up injector: 6 dice this turn
A_PRECOG = 251                      # Precog: roll the chosen dice now, put them on actions after
A_KAMIKAZE = 252                    # Kamikaze: the nuke with 5 dice, the marine dies
A_ORBITAL = 253                     # 253 + card slot: Orbital bombing on that martian card
A_TELEPORT = 257                    # 257 + card slot: Teleportation onto that martian card
A_LEVEL = 261                       # 261 + level: where the teleported marine appears
A_JET = 265                         # 265 + (die * 2 + backward) * 8 + mask: Jet pack, the first die of a joined jump
A_DRONE = 361                       # 361 + pair: the drone rolls that pair of dice (DRONE_PAIRS)


# ----- the codec of the packed ids: every packing and unpacking of an action id is here --
def encode_move(die: int, back: int, mask: int, base: int = A_MOVE) -> int:
    """The id of a move by ``die`` (``back``: backward; ``mask``: which steps are diagonal);
    ``base=A_JET`` for the first die of a Jet pack jump.

    >>> decode_move(encode_move(4, 1, 5))
    (4, 1, 5)
    """
    return base + (die * 2 + back) * 8 + mask


def decode_move(a: int, base: int = A_MOVE) -> tuple[int, int, int]:
    """``(die, back, mask)`` of a move id (of a Jet pack id with ``base=A_JET``)."""
    k = a - base
    return k // 16, (k // 8) % 2, k % 8


def encode_shot(back: int, rng: int, level: int) -> int:
    """The id of a shot at the box ``rng`` columns forward (``back``: backward), at ``level``.

    >>> decode_shot(encode_shot(1, 3, 2))
    (1, 3, 2)
    """
    return A_SHOOT + (back * 4 + rng) * 4 + level


def decode_shot(a: int) -> tuple[int, int, int]:
    """``(back, range, level)`` of a shot id."""
    k = a - A_SHOOT
    return k // 16, (k // 4) % 4, k % 4


def encode_missile(fragmentation: int, back: int, marine: int) -> int:
    """The id of a missile of the battery (piercing or fragmentation, forward or backward
    of ``marine``'s beacon)."""
    return A_MISSILE + (fragmentation * 2 + back) * 5 + marine


def decode_missile(a: int) -> tuple[int, int, int]:
    """``(fragmentation, back, marine)`` of a missile id."""
    k, b = divmod(a - A_MISSILE, 5)
    return k // 2, k % 2, b


def encode_program(die: int, slot: int) -> int:
    """The id of putting ``die`` on action ``slot`` of the combat card (programming).

    >>> decode_program(encode_program(5, 2))
    (5, 2)
    """
    return A_PROGRAM + die * ACTION_SLOTS + slot


def decode_program(a: int) -> tuple[int, int]:
    """``(die, slot)`` of a programming id."""
    return divmod(a - A_PROGRAM, ACTION_SLOTS)


def encode_step(kind: int, back: int) -> int:
    """The id of a free step of ``kind`` (:data:`STEP_KINDS`), backward when ``back``.

    >>> decode_step(encode_step(4, 1))
    (4, 1)
    """
    return A_STEP + kind * 2 + back


def decode_step(a: int) -> tuple[int, int]:
    """``(kind, back)`` of a free step id."""
    return divmod(a - A_STEP, 2)


def encode_give(card: int, marine: int) -> int:
    """The id of passing equipment ``card`` between the marine to move and ``marine``.

    >>> decode_give(encode_give(7, 3))
    (7, 3)
    """
    return A_GIVE + card * 5 + marine


def decode_give(a: int) -> tuple[int, int]:
    """``(card, marine)`` of a card-passing id."""
    return divmod(a - A_GIVE, 5)


def encode_train(face: int) -> int:
    """The id of keeping the ability on ``face`` (0 or 1) of the marine's training card.

    >>> decode_train(encode_train(1))
    1
    """
    return A_TRAIN + face


def decode_train(a: int) -> int:
    """The face (0 or 1) of the training card a training id keeps."""
    return a - A_TRAIN


def training_ability(card: int, face: int) -> int:
    """The special training ability on ``face`` (0 or 1) of training card ``card``: the
    abilities are numbered in components.toml's order, a card's two side by side.

    >>> training_ability(3, 1), training_ability(0, 0)
    (7, 0)
    """
    return card * 2 + face


#: the first id of each kind of action, by name, ascending (:func:`action_kind`; the labels of each kind are
#: written by its describer, :data:`cosmodrome.games.mars.actions.DESCRIBERS`)
ACTION_KINDS = (("done", A_DONE), ("roll", A_ROLL), ("nuke", A_NUKE), ("seat", A_SEAT), ("program", A_PROGRAM),
                ("move", A_MOVE), ("shoot", A_SHOOT), ("reroll", A_REROLL), ("support", A_SUPPORT),
                ("missile", A_MISSILE), ("bait", A_BAIT), ("train", A_TRAIN), ("land", A_LAND), ("use", A_USE),
                ("step", A_STEP), ("give", A_GIVE), ("inject", A_INJECT), ("precog", A_PRECOG),
                ("kamikaze", A_KAMIKAZE), ("orbital", A_ORBITAL), ("teleport", A_TELEPORT), ("level", A_LEVEL),
                ("jet", A_JET), ("drone", A_DRONE))


def action_kind(a: int) -> str:
    """The name of the kind of action id ``a`` (its range in the action space).

    >>> action_kind(A_MOVE + 17), action_kind(A_SHOOT)
    ('move', 'shoot')
    """
    return range_kind(a, ACTION_KINDS, "done")
NUM_ACTIONS = 367

# decision phases
CHOOSE, PROGRAM, ACT, GO_ON, OVER, TRAIN, LAND, CHARM, LEVEL, DRONE = range(1, 11)
PHASE_KIND = {CHOOSE: "next-marine", PROGRAM: "program", ACT: "act", GO_ON: "go-on", OVER: "over",
              TRAIN: "training", LAND: "landing", CHARM: "lucky-charm", LEVEL: "teleport-level", DRONE: "drone"}
# how a game ended (``end_cause``)
END_NUKE, END_ROUNDS, END_BASE, END_FALLEN = 1, 2, 3, 4
END_NAMES = {0: "running", END_NUKE: "nuke", END_ROUNDS: "rounds", END_BASE: "base", END_FALLEN: "marines"}
#: the words of :meth:`MarsState.summary`'s counters (``Game.summary_labels``)
SUMMARY_LABELS = {"rounds": N_("rounds"), "base_hits": N_("hits on the base"), "kills": N_("aliens killed"),
                  "defenders_killed": N_("defenders killed"), "training": N_("training cards")}

# the special training abilities (components.toml order: abilities 2k and 2k + 1 share card k)
(FUSION, JET_PACK, INJECTOR, TELEPORT, ORBITAL, KAMIKAZE, RANGER, MULTI_SHOT, COMMS, PRECOG, DRONE_AB, SNIPER,
 SCOUT, STORMTROOPER) = range(14)
# the equipment cards (components.toml order)
CHARM_CARD, AMMO, JET_BOOTS, NEURAL_CHIP, LASER_KNIFE, ROPE, MOUNT, RAIL_GUN = range(8)
# where an equipment card is (``equipment_place``): a marine's hand (its seat number), the deck or the discard
DECK, DISCARD = -1, -2
#: the free steps (A_STEP): (colour of the one-step jump, mask, the card that gives it or -1 for the Scout)
#: up is a black die's diagonal step, down a white die's, straight a blue die's
STEP_KINDS = ((2, 1, JET_BOOTS), (1, 1, ROPE), (0, 0, MOUNT), (2, 1, -1), (1, 1, -1))
#: this turn's last move or shot (``last_act``): a Sniper never moves and shoots in one turn, and
#: a Multi-shot marine fires the roll's other groups after a shot (RB: Special training)
NO_ACT, MOVED, SHOT = 0, 1, 2
#: the drone's shot (``drone_step``; RB: Special training, Drone): at the end of the turn the
#: marine chooses a pair of dice (or leaves the drone idle), then the drone fires with their roll
DRONE_CHOOSING, DRONE_FIRING = 1, 2
#: the drone's pairs of dice: two blue, two white, two black, blue and white, blue and black, white and black
DRONE_PAIRS = ((0, 1), (2, 3), (4, 5), (0, 2), (0, 4), (2, 4))

#: the steps of each face (index: the face; 0 for no face), :func:`steps_of` as a table
STEPS = tuple(steps_of(f) if f else 0 for f in range(ACCIDENT + 1))
#: the words naming each die in a chance event ("the blue die 1")
DIE_WORDS = tuple(f"the {die_name(d)}" for d in range(NUM_DICE))
#: :func:`die_name` and :func:`face_text` as tables (for the log: a die's name is written when
#: read, in the reader's language)
DIE_NAMES = tuple(Word(die_name, d) for d in range(NUM_DICE))
FACE_TEXTS = ("",) + tuple(face_text(f) for f in range(1, ACCIDENT + 1))

#: ``jet_die``: the flag added when the first die of a Jet pack jump showed the 2! face
JET_ACCIDENT = 8


def encode_jet(die: int, accident: bool) -> int:
    """``jet_die`` for a Jet pack jump in flight (RB: Special training, Jet pack): its first
    die plus one (0 is no jump), plus :data:`JET_ACCIDENT` when that die showed the 2! face
    (an accident at the landing, ruling 49). The saved value is this number.

    >>> encode_jet(4, True), decode_jet(encode_jet(4, True)), decode_jet(encode_jet(0, False))
    (13, (4, True), (0, False))
    """
    return die + 1 + (JET_ACCIDENT if accident else 0)


def decode_jet(value: int) -> tuple[int, bool]:
    """``(die, accident)`` of a ``jet_die`` (die -1 when no jump is in flight)."""
    return (value & (JET_ACCIDENT - 1)) - 1, bool(value & JET_ACCIDENT)


def jet_accident(value: int) -> bool:
    """Whether the jump ``jet_die`` holds started with the 2! face (see :func:`encode_jet`)."""
    return bool(value & JET_ACCIDENT)


#: the fields of the turn in progress, which each marine's turn starts afresh
#: (:meth:`MarsState.start_turn`, from ``turn.begin_turn``): name -> the Python expression of
#: its value then. Filled by :func:`_turn`, which marks a row of :data:`FIELDS`.
TURN_START: dict[str, str] = {}


def _turn(row: tuple, start: Optional[str] = None) -> tuple:
    """``row`` of :data:`FIELDS`, marked turn-scoped: each turn starts the field at ``start``,
    the expression of its value in a new state by default."""
    TURN_START[row[0]] = row[2] if start is None else start
    return row


#: Every saved field, declared once: ``(name, kind, its value in a new state[, its key in a
#: save])`` (the expressions may use ``players``, ``comp``, ``cards`` and what the
#: constructor worked out on ``self``). The fields' part of the constructor, the clone and the
#: saved form are generated from it (:func:`cosmodrome.core.fields.flat_methods`); every list
#: keeps the length of a new state's. The order is the saved form's. A fourth item is the
#: short key the saves hold the field under (that of the first saves, kept so that the saved
#: form stays the same and old saves load). A row in :func:`_turn` is a field of the turn in
#: progress (:data:`TURN_START`).
FIELDS = (
    ("phase", "int", "0"),          # the decision asked now (CHOOSE, PROGRAM, ACT...; OVER at the end)
    ("acting", "int", "0", "cur"),  # the marine playing (its seat), or the one choosing who plays next
    _turn(("slot", "int", "0"), "-1"),   # the action of the combat card being played (0 to 2; -1 before the first)
    ("dice_count", "int", "0", "dice_n"),   # the dice the marine plays with this turn
    _turn(("wave_dice", "int", "0", "boom")),      # the dice that showed the wave face this turn (a mask)
    ("round", "int", "0"),          # the round track (from 1; 0 before the first round)
    ("base_hits", "int", "0"),      # successful attacks on the base so far
    ("won", "int", "0"),            # 1 once the marines have won
    ("end_cause", "int", "0", "end"),   # how the game ended (END_NUKE...; 0 running)
    ("decisions", "int", "0"),      # decisions taken so far
    ("white_die", "int", "0", "white"),   # the MMM's white die this round (0 before its first roll)
    ("rerolled", "int", "0"),       # the re-roll sources used on this action (a mask of turn.RR_*)
    ("first_slot", "int", "0"),     # the first action rolled this turn (the LZ's and antenna's re-roll)
    ("bait", "int", "0"),           # 1 while the bait is set: the white die may be rolled again
    ("equipment_in_play", "int", "0", "eq_on"),   # 1 once the equipment drop came (or from the start)
    ("hidden_taken", "int", "0"),   # 1 once a marine claimed the tunnel's hidden box
    # ----- this turn's special training, equipment and their effects --------------------------
    _turn(("injected", "int", "0")),       # 1: the Power-up injector's dice this turn
    _turn(("precog", "int", "0")),         # 1: Precog rolled this turn's dice before they went on actions
    _turn(("teleported", "int", "0", "tele_used")),   # 1: Teleportation used this turn
    _turn(("last_act", "int", "0", "mode")),   # this turn's last move or shot: NO_ACT, MOVED or SHOT
    _turn(("volley", "int", "0")),         # 1: a Multi-shot volley goes on (the roll's other groups fire)
    _turn(("extra_hits", "int", "0", "bonus")),   # hits the next shot gains (Ammunition)
    _turn(("rail_gun", "int", "0", "rail")),      # 1: the Rail gun is loaded for this action
    _turn(("charm_dice", "int", "0", "charm")),   # the dice marked for the Lucky charm to roll again (a mask)
    _turn(("drone_step", "int", "0", "drone")),   # the drone's shot: 0, DRONE_CHOOSING or DRONE_FIRING
    # a Jet pack jump in flight: its first die and whether it showed the wave face (encode_jet;
    # 0: none), its direction (1: backward) and the box it has reached
    _turn(("jet_die", "int", "0", "jet")),
    _turn(("jet_backward", "int", "0", "jback")),
    _turn(("jet_column", "int", "0", "jcol")),
    _turn(("jet_level", "int", "0", "jlvl")),
    _turn(("teleport_column", "int", "0", "tele_col")),   # a teleport waiting for its level: the column + 1
    _turn(("rolled_dice", "int", "0", "used")),      # the dice rolled so far this turn (a mask)
    _turn(("return_phase", "int", "0", "ret")),      # the phase a teleport returns to once its level is chosen
    _turn(("cards_passed", "int", "0", "passed")),   # equipment cards passed between marines this turn (a mask)
    # ----- the ring -----------------------------------------------------------------------------
    ("cards", "list", "list(cards)"),   # the martian cards of the ring, in the order of card_zones()
    # ----- per marine (one per seat) ------------------------------------------------------------
    ("column", "list", "[0] * players", "mcol"),    # the ring's column it stands in
    ("level", "list", "[0] * players", "mlvl"),     # the level it stands at
    ("crashed", "list", "[0] * players", "mdown"),  # 1 while knocked down by an accident
    ("acted", "list", "[0] * players"),        # 1 once it played this round
    ("kills", "list", "[0] * players"),        # aliens it killed
    # ----- the aliens and the base --------------------------------------------------------------
    ("alien_place", "list", "[BAG] * self.n_aliens", "aloc"),   # per alien counter: its place (BAG...)
    ("upgrades", "list", "[-1, -1]", "upg"),   # per slot beside the LZ: its upgrade counter (-1: destroyed)
    # ----- per die (blue, blue, white, white, black, black) -------------------------------------
    _turn(("die_action", "list", "[-1] * NUM_DICE", "prog")),   # the action of the combat card it is on, or -1
    _turn(("faces", "list", "[0] * NUM_DICE")),       # the face rolled for the current action, 0 if none
    # ----- per marine: its special training and what it has used ----------------------------------
    ("training_card", "list", "[0] * players", "tcard"),   # the training card dealt
    ("training", "list", "[-1] * players", "train"),   # the ability kept (-1 before the choice)
    ("out", "list", "[0] * players"),       # 1: out of the game (Kamikaze)
    ("orbital_spent", "list", "[0] * players", "spent"),   # 1: its Orbital bombing is spent
    # the injector's after-effect: 1 + rules.injector_tired_turns, less 1 after each turn (tired_dice while above 0)
    ("tired", "list", "[0] * players"),
    ("foresaw", "list", "[0] * players"),   # 1: it used Precog last turn
    ("scouted", "list", "[0] * players"),   # 1: it took the Scout's step this round
    # ----- the rest -----------------------------------------------------------------------------
    _turn(("foreseen", "list", "[0] * NUM_DICE", "pre")),   # per die: the face Precog foresaw
    ("equipment_place", "list", "[DECK] * len(comp.equipment)", "eq"),   # per equipment card: a seat, DECK or DISCARD
)
_GENERATED = flat_methods("MarsState", FIELDS, "players, comp, cards",
                          {"BAG": BAG, "DECK": DECK, "NUM_DICE": NUM_DICE})
_GENERATED.update(generate("MarsState", "def start_turn(self):\n"
                           + "".join(f"    self.{f} = {start}\n" for f, start in TURN_START.items()),
                           {"NUM_DICE": NUM_DICE}))

#: entry points of the higher layers, registered by the package's face: the protocol
#: (``legal``, ``perform``, ``action_json``, ``prompt``, ``view``, ``evaluation``) and the
#: flow (``end_turn``: after a marine's turn, the next marine or the end of the round;
#: ``uses``: the cards and abilities the marine to move may play now, which keep its turn
#: open after its last action)
HOOKS = Hooks("mars", ("legal", "perform", "action_json", "prompt", "view", "evaluation", "end_turn", "uses"))


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


@lru_cache(maxsize=256)
def zone_table(zones: tuple[int, ...]) -> tuple[range, ...]:
    """The columns of each zone of a ring (indexed by zone; empty for a zone the board does
    not have), computed once per ring.

    >>> from cosmodrome.games.mars.components import load_components
    >>> zone_table(ring(load_components(), (2, 3))[1])[LZ], zone_table(ring(load_components(), (2, 3))[1])[D_LEFT]
    (range(0, 4), range(0, 0))
    """
    out = []
    for zone in range(len(ZONE_NAMES)):
        cols = [c for c, z in enumerate(zones) if z == zone]
        out.append(range(cols[0], cols[-1] + 1) if cols else range(0))
    return tuple(out)


@lru_cache(maxsize=256)
def side_table(zones: tuple[int, ...]) -> tuple[int, ...]:
    """The side of the planet of each column of a ring (see :meth:`MarsState.side_of`).

    >>> from cosmodrome.games.mars.components import load_components
    >>> sides = side_table(ring(load_components(), (0, 1, 2, 3))[1])
    >>> sides[0], sides[14], sides[15], sides[-1]
    (0, 0, 1, 1)
    """
    lz = zone_table(zones)[LZ]
    half = D_LEFT not in zones
    return tuple(RIGHT if half and z == LZ else (LEFT if c < lz.start + len(lz) // 2 else RIGHT) if z == LZ
                 else LEFT if z < LZ else RIGHT for c, z in enumerate(zones))


@lru_cache(maxsize=256)
def _board(strip: tuple) -> tuple[tuple, tuple, dict, dict]:
    """A strip, the same strip reversed, the memo of the jumps made on it (a jump is a pure
    function of the strip and its arguments) and a memo of its deployment boxes (see
    :func:`cosmodrome.games.mars.waves.boxes`), shared by every state on that ring."""
    return strip, tuple(reversed(strip)), {}, {}


#: jumps by the columns they cross (see :func:`window_jump`), shared by every ring; emptied
#: when it holds :data:`_WINDOW_LIMIT` of them
_WINDOW_JUMPS: dict = {}
_WINDOW_LIMIT = 200_000


def window_jump(window: tuple, ends: bool, lvl0: int, colour: int, steps: int, mask: int,
                barrier: bool = True) -> Jump:
    """A jump from column 0 of ``window`` (the columns a jump of ``steps`` can reach, read in
    its direction); ``ends``: the window's last column is the ring's end. The jump of
    :mod:`cosmodrome.games.lunar.movement` stops at the ring's end, where a move that would
    go on into the MMM crashes against the barrier behind a living defender (``barrier``;
    RB: The red defenders; ruling 3); with the defender dead it ends there, landing as
    any jump does (the MMM is no box to enter).

    >>> from cosmodrome.games.lunar.dice import BLUE
    >>> flat = ((3, 3, 1, 0),) * 2
    >>> tuple(window_jump(flat, True, 2, BLUE, 2, 0))          # the ring ends after one step
    (1, 2, 'barrier', ((1, 2),), True)
    >>> tuple(window_jump(flat * 2, False, 2, BLUE, 3, 0))     # no end within reach
    (3, 2, 'safe', ((1, 2), (2, 2), (3, 2)), False)
    >>> tuple(window_jump(flat, True, 2, BLUE, 2, 0, barrier=False))   # the defender is dead
    (1, 2, 'safe', ((1, 2),), True)
    """
    j = jump(window, 0, lvl0, colour, steps, mask, len(window) - 1 if ends else steps + 1)
    if barrier and j.stopped and len(j.path) < steps:   # the barrier before the MMM: a crash where the jump ended
        col = window[j.col]
        lvl = j.level if col[j.level] != AIR else surface_below(col, j.level)
        return Jump(j.col, lvl, "barrier", j.path, True)
    return j


class MarsState(FlatState, State):
    """One position of March on Mars. Build it with ``GAME.new_state(players, seed)``. The
    protocol calls that go through the hooks come from :class:`~cosmodrome.core.flat.FlatState`;
    the fields are declared once, in :data:`FIELDS`, from which the clone and the saved form
    are generated."""

    def view_common(self) -> dict[str, Any]:
        return self.HOOKS.view(self, None)

    def view_for(self, seat: Optional[int], common: Any) -> dict[str, Any]:
        """Nothing of the table is hidden: the seats' views differ by their ``seat`` only."""
        out = dict(common)
        out["seat"] = seat
        return out

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
        self.strip, self.zone = ring(comp, tuple(cards))
        self.zcols = zone_table(self.zone)
        self.cside = side_table(self.zone)
        self.board = _board(self.strip)
        self.levels = comp.layout["levels"]
        #: the seats' names (``game.seat_name``), for the log
        #: (words written when read: each reader reads them in their own language)
        self.names = tuple(Word(game.seat_name, m, players) for m in range(players))
        self.sides = (RIGHT,) if players == 2 else (LEFT, RIGHT)
        a = comp.aliens
        self.n_aliens = a["yellow"] + a["blue"] + a["red"]
        #: the colour of each alien counter (see :meth:`colour`)
        self.colours = tuple(YELLOW if i < a["yellow"] else BLUE if i < a["yellow"] + a["blue"] else RED
                             for i in range(self.n_aliens))
        self._init_fields(players, comp, cards)
        self.ev: list[Event] = []
        self.initial_events: list[Event] = []

    #: (players, comp, cards): every field of :data:`FIELDS` at its value in a new state
    _init_fields = _GENERATED["_init_fields"]
    clone = _GENERATED["clone"]
    to_json = _GENERATED["to_json"]
    #: start the fields of a marine's turn afresh (those :data:`TURN_START` lists)
    start_turn = _GENERATED["start_turn"]

    # ----- the ring -----------------------------------------------------------------------
    def zone_cols(self, zone: int) -> range:
        """The columns of a zone (empty when this board has none)."""
        return self.zcols[zone]

    def side_of(self, col: int) -> int:
        """The side of the planet a column lies on; the LZ's columns split between the two
        (the half nearer each side), and on half the board they are all on the right."""
        return self.cside[col]

    def box(self, col: int, lvl: int) -> int:
        """The number of the box at (``col``, ``lvl``): a place of ``alien_place``."""
        return col * self.levels + lvl

    def box_column(self, box: int) -> int:
        """The column of a box of the ring (the inverse of :meth:`box` for its column)."""
        return box // self.levels

    def box_range(self, first: int, stop: int) -> range:
        """The boxes of the columns ``first`` to ``stop - 1``, in order (each column's levels from 0
        up): ``box_range(c, c + 1)[y] == box(c, y)``."""
        return range(first * self.levels, stop * self.levels)

    def standing(self, col: int, lvl: int) -> bool:
        return 0 <= col < len(self.strip) and 0 <= lvl < self.levels and self.strip[col][lvl] in STANDING

    def circled(self, col: int, lvl: int) -> bool:
        return self.strip[col][lvl] in SAFE_LANDING

    # ----- aliens ---------------------------------------------------------------------------
    def colour(self, i: int) -> int:
        """The colour of alien counter ``i``: yellow ones first, then blue, then red."""
        return self.colours[i]

    def defenders(self) -> tuple[int, int]:
        """The two defender counters (the last two red ones): left, right."""
        return (self.n_aliens - 2, self.n_aliens - 1)

    def aliens_at(self, loc: int) -> list[int]:
        places = self.alien_place
        if loc not in places:
            return []
        return [i for i, p in enumerate(places) if p == loc]

    def occupied(self, loc: int) -> bool:
        """Whether any alien counter is at ``loc`` (``bool(aliens_at(loc))``, without the list)."""
        return loc in self.alien_place

    def defender_alive(self, side: int) -> bool:
        return self.alien_place[self.defenders()[side]] >= 0

    # ----- marines, training and equipment ------------------------------------------------
    def has(self, m: int, ability: int) -> bool:
        """Whether marine ``m`` has that special training ability."""
        return self.training[m] == ability

    def active(self) -> list[int]:
        """The marines still in the game (a Kamikaze marine is not)."""
        out = self.out
        if not any(out):
            return list(range(self.num_players))
        return [m for m in range(self.num_players) if not out[m]]

    def hand(self, m: int) -> list[int]:
        """The equipment cards marine ``m`` holds."""
        eq = self.equipment_place
        if m not in eq:
            return []
        return [c for c, w in enumerate(eq) if w == m]

    def card_zones(self) -> list[int]:
        """The zones of the martian cards in play, in the order of ``cards``."""
        return [z for z in (FAR_LEFT, NEAR_LEFT, NEAR_RIGHT, FAR_RIGHT) if self.zone_cols(z)]

    def hidden_box(self) -> Optional[tuple[int, int]]:
        """The hidden yellow-circle box of a tunnel card in play, as (column, level), or None
        (worked out once for the cards in play)."""
        kept = self.__dict__.get("_hidden")
        if kept is not None and kept[0] == self.cards:
            return kept[1]
        box = self._hidden_box()
        self._hidden = (list(self.cards), box)
        return box

    def _hidden_box(self) -> Optional[tuple[int, int]]:
        for card, zone in zip(self.cards, self.card_zones()):
            h = self.comp.cards[card].hidden
            if h:
                cols = self.zone_cols(zone)
                col = cols.start + h[0] if zone > LZ else cols.stop - 1 - h[0]
                return col, h[1]
        return None

    # ----- helpers used by the rules ------------------------------------------------------
    def say(self, kind: str, text: Text, data: Optional[dict[str, Any]] = None, visible_to: Optional[frozenset] = None,
            hidden: Optional[Text] = None, chance: bool = False) -> None:
        """Record an event (docs/ARCHITECTURE.md, "Recording events"); a quiet state records none."""
        if not self.quiet:
            self.ev.append(Event(kind, text, data, visible_to, hidden, chance))

    def roll_die(self, d: int) -> int:
        """A roll of the marines' die ``d`` (a chance event; see :func:`roll_face`): one of the
        faces the data gives its colour."""
        rng = self.rng
        faces = self.comp.faces[DIE_COLOUR[d]]
        if rng.__class__ is Rng:    # sampled: what roll_face draws, without the event's words
            return faces[rng.below(len(faces))]
        return roll_face(rng, faces, DIE_WORDS[d])

    def preview(self, m: int, d: int, backward: int, mask: int, colour: int = -1, steps: int = 0,
                start: Optional[tuple[int, int]] = None) -> Jump:
        """Where moving marine ``m`` by die ``d`` (its rolled face), forward (towards the
        right defender box) or backward, with the diagonal steps ``mask``, would take it: the
        jump of :mod:`cosmodrome.games.lunar.movement` on the ring read in that direction.
        A marine may land in a defender's box (and fight its defender there), but a move
        that would go on past it, into the MMM, crashes in that box while the defender
        lives: the force barrier behind it (RB: The red defenders; ruling 3); once the
        defender is dead the move ends in that box.
        ``colour`` and ``steps`` replace the die's (a free step); ``start`` replaces the
        marine's box (the second die of a Jet pack jump, from where the first left it)."""
        col0, lvl0 = start if start else (self.column[m], self.level[m])
        return self.jump_from(col0, lvl0, DIE_COLOUR[d] if colour < 0 else colour,
                              steps or steps_of(self.faces[d]), mask, backward)

    def jump_from(self, col0: int, lvl0: int, colour: int, steps: int, mask: int, backward: int) -> Jump:
        """The jump of :meth:`preview` from (``col0``, ``lvl0``), by a die of ``colour`` showing
        ``steps``, worked out once per ring and position (shared by every state on the ring)."""
        board = self.board
        if board[0] is not self.strip:
            board = self.on_board()
        barrier = self.barrier(backward)
        key = (col0, lvl0, colour, steps, mask, backward, barrier)
        j = board[2].get(key)
        if j is None:
            j = board[2][key] = self._jump(col0, lvl0, colour, steps, mask, backward, barrier)
        return j

    def barrier(self, backward: int) -> bool:
        """Whether the ring's end a move goes towards holds the force barrier: the right
        defender box (forward) or the left one (backward) while its defender lives (RB:
        The red defenders: the barrier is "behind them"; ruling 3). On half the board the
        LZ's far edge (backward) has none: a move stops there, as at a dead defender's box."""
        places = self.alien_place
        if not backward:
            return places[-1] >= 0
        return self.zone[0] == D_LEFT and places[-2] >= 0

    def _jump(self, col0: int, lvl0: int, colour: int, steps: int, mask: int, backward: int,
              barrier: bool = True) -> Jump:
        """The jump :meth:`preview` describes, worked out on the few columns it can reach (the
        strip read backward for a backward move): a jump over the same columns is the same on
        any ring, so it is kept in :data:`_WINDOW_JUMPS` and only moved to its place here."""
        n = len(self.strip)
        c0 = n - 1 - col0 if backward else col0
        window = self.on_board()[int(bool(backward))][c0:c0 + steps + 1]
        ends = c0 + len(window) == n            # the window holds the ring's end (a defender box)
        key = (window, ends, lvl0, colour, steps, mask, barrier)
        j = _WINDOW_JUMPS.get(key)
        if j is None:
            if len(_WINDOW_JUMPS) >= _WINDOW_LIMIT:
                _WINDOW_JUMPS.clear()
            j = _WINDOW_JUMPS[key] = window_jump(window, ends, lvl0, colour, steps, mask, barrier)
        if backward:
            return Jump(n - 1 - c0 - j.col, j.level, j.outcome, tuple((n - 1 - c0 - c, y) for c, y in j.path),
                        j.stopped)
        return Jump(c0 + j.col, j.level, j.outcome, tuple((c0 + c, y) for c, y in j.path), j.stopped)

    def on_board(self) -> tuple[tuple, tuple, dict, dict]:
        """The ring's shared tables (see :func:`_board`), made again for a strip changed by
        hand (tests do)."""
        board = self.board
        if board[0] is not self.strip:
            board = self.board = _board(self.strip)
        return board

    # ----- the protocol (the rest, with the kept menu, comes from FlatState) -----------------
    def to_move(self) -> Optional[int]:
        return None if self.phase == OVER else self.acting

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
        return {"end": END_NAMES[self.end_cause], "threat": str(self.options.get("threat", "normal")),
                "rounds": self.round,
                "base_hits": self.base_hits, "kills": sum(self.kills),
                "defenders_killed": sum(1 for k in self.sides if self.alien_place[self.defenders()[k]] == GONE),
                "training": {self.comp.abilities[a].name: 1 for a in self.training if a >= 0}}

    def statistics(self, events: list) -> list[dict[str, Any]]:
        """End-of-game statistics (core.statistics) beside the scoring: aliens killed by each
        marine, its accidents, the rounds and the base's damage (shared by the team)."""
        n = self.num_players
        return [
            row("kills", _("Aliens killed"), _("aliens this marine killed"), self.kills),
            row("accidents", _("Accidents"), _("times this marine fell"), count(events, ["accident"], n)),
            row("rounds", _("Rounds"), _("rounds the assault lasted"), [self.round] * n),
            row("base_damage", _("Base damage"), _("hits the base took (the team's)"), [self.base_hits] * n),
        ]

    def evaluation(self) -> list[float]:
        """An estimated team win chance of an unfinished game (for search bots)."""
        return HOOKS.evaluation(self)

    def forget_order(self) -> None:
        """Nothing to forget for the explicit chance mode: the alien bag and the equipment
        deck are kept as places (``alien_place``, ``equipment_place``), never as an order, and each draw from
        them is a chance node over what they hold (see :mod:`cosmodrome.core.chance`)."""

    def resample(self, seat: int, rng: Rng) -> "MarsState":
        """Aliens are drawn from the bag when needed, so nothing but the future is hidden: a
        determinization is a clone with a fresh random generator."""
        return FlatState.resample(self, seat, rng)

