"""What a marine may play at any moment of its turn besides its dice (RB: Special
training and Equipment): the equipment cards (each discarded once played, passed freely
between marines in one box) and the abilities that are not a change to the dice rules -
Teleportation, Orbital bombing, the Scout's step and the drone's roll.

:func:`uses` lists what the marine to move may play now; the package's face registers it as
the ``uses`` hook, so that a turn whose last action is done stays open while something is
left to play.
"""

from __future__ import annotations

from cosmodrome.games.lunar.dice import NUM_DICE, steps_of
from cosmodrome.games.mars.combat import engaged, group, kill, targets, toughest
from cosmodrome.games.mars.equipment import discard, give, partners
from cosmodrome.games.mars.state import (
    A_ORBITAL,
    A_TELEPORT,
    A_USE,
    ACT,
    AMMO,
    CHARM,
    CHARM_CARD,
    DRONE_FIRING,
    DRONE_PAIRS,
    FAR_LEFT,
    FAR_RIGHT,
    GO_ON,
    GONE,
    JET_PACK,
    LASER_KNIFE,
    LEFT,
    LEVEL,
    LZ,
    NEURAL_CHIP,
    ORBITAL,
    PROGRAM,
    RAIL_GUN,
    RIGHT,
    SCOUT,
    STEP_KINDS,
    TELEPORT,
    MarsState,
    decode_give,
    encode_give,
    encode_step,
)
from cosmodrome.games.mars.text import dice_faces_w, die_w, name_word, says
from cosmodrome.games.mars.turn import crash_out, land, note_face
from cosmodrome.i18n import Word

#: the cards played without a direction (A_USE); the steps go through A_STEP
USE_CARDS = (CHARM_CARD, AMMO, NEURAL_CHIP, LASER_KNIFE, RAIL_GUN)
#: the free steps given by a card (with that card), and the Scout's
CARD_STEPS = tuple((k, card) for k, (_, _, card) in enumerate(STEP_KINDS) if card >= 0)
SCOUT_STEPS = tuple(k for k, (_, _, card) in enumerate(STEP_KINDS) if card < 0)
#: the abilities :func:`uses` may offer (the others change the dice rules)
FREE_ABILITIES = (SCOUT, TELEPORT, ORBITAL)


def open_turn(s: MarsState) -> bool:
    """Whether the marine to move is at a point of its turn where it may play something: its
    programming, a roll or between actions (not in the air on a Jet pack, not in a
    Multi-shot volley, not during its drone's shot)."""
    return (s.phase in (PROGRAM, ACT, GO_ON) and not s.jet_die and not s.volley and not s.drone_step
            and not s.out[s.acting])


def can_step(s: MarsState) -> bool:
    """A free step is a move: not while engaged, unless with the Jet pack."""
    return not engaged(s, s.acting) or s.has(s.acting, JET_PACK)


def steps(s: MarsState, kinds) -> list[int]:
    out = []
    for kind in kinds:
        colour, mask, _ = STEP_KINDS[kind]
        for back in (0, 1):
            if s.preview(s.acting, 0, back, mask, colour=colour, steps=1).path:
                out.append(encode_step(kind, back))
    return out


def teleport_slots(s: MarsState) -> list[int]:
    """RB: Special training, Teleportation: after programming, once a turn; a card beside
    a defender box only once its defender is dead. Not while engaged: an engaged marine
    "can't move … until" it is rid of the aliens (RB: "They are all over me!"), the text
    counts a teleport as a move ("cannot move even with special abilities like Teleport"),
    and only the Jet pack, Kamikaze and the Drone say "even if engaged" (ruling 28)."""
    if not (s.has(s.acting, TELEPORT) and not s.teleported and s.phase in (ACT, GO_ON)) or engaged(s, s.acting):
        return []
    zones = s.card_zones()
    far = {FAR_LEFT: LEFT, FAR_RIGHT: RIGHT}      # the side whose defender guards each far card
    return [k for k, z in enumerate(zones) if z not in far or s.alien_place[s.defenders()[far[z]]] == GONE]


def card_aliens(s: MarsState, zone: int) -> list[int]:
    cols = s.zone_cols(zone)
    return [i for i, p in enumerate(s.alien_place) if p >= 0 and s.box_column(p) in cols]


def uses(s: MarsState) -> list[int]:
    """The cards and abilities the marine to move may play now (only those that would do
    something)."""
    if not open_turn(s):
        return []
    m = s.acting
    train = s.training[m]
    if train not in FREE_ABILITIES and max(s.equipment_place) < 0:     # no card in any hand, no ability to play
        return []
    out = []
    hand = s.hand(m)
    act = s.phase == ACT
    for c in hand:
        if ((c == CHARM_CARD and act and not s.precog and any(s.faces))
                or (c == AMMO and act and not s.extra_hits and targets(s, m))
                or (c == RAIL_GUN and act and not s.rail_gun and group(s, 2) and targets(s, m))
                or c == NEURAL_CHIP
                or (c == LASER_KNIFE and engaged(s, m))):
            out.append(A_USE + c)
    scout = train == SCOUT and not s.scouted[m]
    if (hand or scout) and can_step(s):
        if hand:
            out += steps(s, [k for k, card in CARD_STEPS if card in hand])
        if scout:
            out += steps(s, SCOUT_STEPS)
    if train == TELEPORT:
        out += [A_TELEPORT + k for k in teleport_slots(s)]
    elif train == ORBITAL and not s.orbital_spent[m]:
        out += [A_ORBITAL + k for k, z in enumerate(s.card_zones()) if card_aliens(s, z)]
    if max(s.equipment_place) >= 0:               # a card in some hand: the marines in the box may pass it
        for o in partners(s, m):
            out += [encode_give(c, o) for c in s.hand(m) + s.hand(o) if not s.cards_passed >> c & 1]
    return sorted(out)


def use(s: MarsState, c: int) -> None:
    """RB: Equipment: play card ``c`` (see the card texts in components.toml)."""
    m = s.acting
    who = s.names[m]
    name = Word(name_word, s.comp.equipment[c].name)  # written when read
    discard(s, c)
    if c == CHARM_CARD:
        s.charm_dice = 0
        s.phase = CHARM
        s.say("use", says("{who} plays the {card}: which dice go again?", who=who, card=name), {"seat": m, "card": c})
    elif c == AMMO:
        s.extra_hits += 1
        s.say("use", says("{who} loads the {card}: one hit more on the next shot.", who=who, card=name),
              {"seat": m, "card": c})
    elif c == RAIL_GUN:
        s.rail_gun = 1
        s.say("use", says("{who} charges the {card}: the 2s of this roll hit twice.", who=who, card=name),
              {"seat": m, "card": c})
    elif c == NEURAL_CHIP:
        s.training[m] ^= 1
        s.say("use", says("{who} plugs the {card} in: its training is now {ability}.", who=who, card=name,
                           ability=Word(name_word, s.comp.abilities[s.training[m]].name)),
              {"seat": m, "card": c})
    elif c == LASER_KNIFE:
        a = toughest(s, s.aliens_at(s.box(s.column[m], s.level[m])))[0]
        s.say("use", says("{who} draws the {card} on a {colour} alien.", who=who, card=name,
                           colour=says(('yellow', 'blue', 'red')[s.colour(a)])), {"seat": m, "card": c})
        kill(s, a, m)


def charm_mark(s: MarsState, d: int) -> None:
    """The lucky charm: die ``d`` will be rolled again."""
    s.charm_dice |= 1 << d
    s.say("charm", says("{die} goes again.", die=die_w(d)), {"die": d})


def charm_roll(s: MarsState) -> None:
    for d in range(NUM_DICE):
        if s.charm_dice >> d & 1:
            s.faces[d] = s.roll_die(d)
            note_face(s, d, s.faces[d])
    s.say("charm", says("{who} rolls again: {dice}.", who=s.names[s.acting],
                        dice=dice_faces_w((d, s.faces[d]) for d in range(NUM_DICE) if s.charm_dice >> d & 1)),
          {"faces": list(s.faces)}, chance=True)
    s.charm_dice = 0
    s.phase = ACT


def step(s: MarsState, kind: int, back: int) -> None:
    """A free step: one column diagonally up (Jet-boots; the Scout), diagonally down (Rope; the
    Scout) or straight (Mount), on the jumping rules (RB: Equipment, Special training)."""
    m = s.acting
    colour, mask, card = STEP_KINDS[kind]
    if card >= 0:
        discard(s, card)
        what = says("with the {card}", card=Word(name_word, s.comp.equipment[card].name))
    else:
        s.scouted[m] = 1
        what = says("as a scout")
    j = s.preview(m, 0, back, mask, colour=colour, steps=1)
    if not land(s, m, j.col, j.level, j.outcome, says("takes a free step back {what}", what=what) if back
                else says("takes a free step forward {what}", what=what)):
        crash_out(s)


def teleport(s: MarsState, k: int) -> None:
    """RB: Special training, Teleportation: a blue die gives the column counted from the
    card's Landing Zone end; the marine picks the level when there are several (our reading of
    the lost picture)."""
    zone = s.card_zones()[k]
    cols = s.zone_cols(zone)
    v = steps_of(s.roll_die(0))
    col = cols.start + v - 1 if zone > LZ else cols.stop - v
    s.teleported = 1
    s.say("teleport", says("{who} teleports: the blue die shows {v}, column {col}.",
                              who=s.names[s.acting], v=v, col=col + 1), {"col": col}, chance=True)
    levels = [y for y in range(s.levels) if s.standing(col, y)]
    if len(levels) == 1:
        appear(s, col, levels[0])
    else:
        s.teleport_column, s.return_phase, s.phase = col + 1, s.phase, LEVEL


def appear(s: MarsState, col: int, lvl: int) -> None:
    """The teleported marine appears: a box without a circle is an accident."""
    s.teleport_column = 0
    outcome = "safe" if s.circled(col, lvl) else "hazard"
    if not land(s, s.acting, col, lvl, outcome, says("appears")):
        crash_out(s)


def level_choice(s: MarsState, lvl: int) -> None:
    col = s.teleport_column - 1
    s.phase = s.return_phase
    appear(s, col, lvl)


def orbital(s: MarsState, k: int) -> None:
    """RB: Special training, Orbital bombing: once a game, every alien on one martian card
    dies."""
    m = s.acting
    s.orbital_spent[m] = 1
    zone = s.card_zones()[k]
    dead = card_aliens(s, zone)
    s.say("orbital", says("{who} calls the orbital bombing: {n} aliens die.", who=s.names[m], n=len(dead)),
          {"seat": m, "killed": len(dead)})
    for a in dead:
        kill(s, a, m)


def drone_roll(s: MarsState, pair: int) -> None:
    """RB: Special training, Drone: at the end of the turn, two dice for one shot, even
    while engaged."""
    s.drone_step = DRONE_FIRING
    s.faces = [0] * NUM_DICE
    s.rerolled = 0
    for d in DRONE_PAIRS[pair]:
        s.faces[d] = s.roll_die(d)
        note_face(s, d, s.faces[d])
    s.say("drone", says("{who}'s drone rolls {dice}.", who=s.names[s.acting],
                        dice=dice_faces_w((d, s.faces[d]) for d in DRONE_PAIRS[pair])),
          {"faces": list(s.faces)}, chance=True)
    s.phase = ACT


def pass_card(s: MarsState, a: int) -> None:
    """RB: Equipment: cards pass freely in a box; each card once a turn (our ruling, so
    that a turn ends)."""
    c, o = decode_give(a)
    s.cards_passed |= 1 << c
    give(s, c, o)

