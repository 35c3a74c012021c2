"""A marine's turn (RB: "How do I...", "Don't stop marine!", "How we win?", Use me as a
team): the marine programs its dice on up to three actions, rolls them action by action and,
for each roll, moves with one die (forward or backward) or shoots; or, standing beside the MMM
in a box free of aliens, it sets off the nuke as its only action.

A crashed marine stands up at the start of its next turn and plays it with 2 dice (the
conditions of Walking on the Moon). A wave face rolled at any time of the turn, used or not,
sends a wave on the marine's side when the turn ends.

The special training abilities that change these steps live here too (RB: Special
training): the Power-up injector's 6 dice and 3 the turn after, Precog's dice rolled before
they are programmed, the Jet pack's jump on two dice, the Ranger's immunity to the 2! face and
to boxes without a circle, Communications' re-roll across a card, the Sniper who does not both
move and shoot, the drone's shot at the end of the turn, Kamikaze's nuke on 5 dice.
"""

from __future__ import annotations

from itertools import product
from math import prod

from cosmodrome.games.lunar.dice import DIE_COLOUR, NUM_DICE, WHITE, face_text, is_accident, steps_of
from cosmodrome.games.mars.combat import engaged, hit_box, targets
from cosmodrome.games.mars.components import UPGRADES
from cosmodrome.games.mars.equipment import arrive, discard, drop_hand
from cosmodrome.games.mars.state import (
    ACT,
    CHARM_CARD,
    COMMS,
    D_LEFT,
    D_RIGHT,
    DIE_NAMES,
    DRONE,
    DRONE_AB,
    DRONE_CHOOSING,
    END_FALLEN,
    END_NUKE,
    FACE_TEXTS,
    GO_ON,
    HOOKS,
    INJECTOR,
    KAMIKAZE,
    LZ,
    MOVED,
    MULTI_SHOT,
    OVER,
    PRECOG,
    PROGRAM,
    RANGER,
    SHOT,
    MarsState,
    encode_jet,
    jet_accident,
)
from cosmodrome.games.mars.text import dice_faces_w, die_w, rolled_text, says, shooter_w

#: the antenna upgrade's number (its place in components.UPGRADES)
ANTENNA = UPGRADES.index("antenna")
#: the dice of the missile battery, in the order they are rolled: the white ones (RB: Supporting
#: from base); ``rules.missile_dice`` of them
MISSILE_DICE = tuple(d for d in range(NUM_DICE) if DIE_COLOUR[d] == WHITE)
#: the dice of the nuke, best first: both blue and both white (our ruling: the four dice with
#: the best sum); an injected marine uses the best four it has not rolled this turn; Kamikaze
#: adds a black die. The state's dice are in that order already (lunar.dice.DIE_COLOUR: blue,
#: white, black), so all :data:`~cosmodrome.games.lunar.dice.NUM_DICE` of them in turn
NUKE_ORDER = tuple(range(NUM_DICE))


def begin_turn(s: MarsState, m: int) -> None:
    """RB: "How do I...": marine ``m`` takes its dice (``counts.dice.crashed`` after a crash,
    ``counts.injector.tired`` after an injection) and programs them; the turn's fields start
    afresh (those ``state.FIELDS`` marks turn-scoped)."""
    s.acting = m
    s.dice_count = s.comp.dice["marine"]
    if s.tired[m]:
        s.dice_count = s.comp.tired_dice
        s.say("tired", says("{who} feels the injector: {n} dice this turn.", who=s.names[m], n=s.comp.tired_dice),
              {"seat": m})
    if s.crashed[m]:
        s.crashed[m] = 0
        s.dice_count = min(s.dice_count, s.comp.dice["crashed"])
        s.say("stand", says("{who} gets up and plays with {n} dice.", who=s.names[m], n=s.dice_count), {"seat": m})
    s.start_turn()             # the fields of the turn in progress (state.TURN_START)
    s.phase = PROGRAM


def programmed(s: MarsState) -> int:
    """How many dice are on actions (``die_action`` holds -1 for a die that is not)."""
    return len(s.die_action) - s.die_action.count(-1)


def beside_mmm(s: MarsState, m: int) -> bool:
    return s.zone[s.column[m]] in (D_LEFT, D_RIGHT)


def bomb_dice(s: MarsState, n: int) -> list[int]:
    """The best ``n`` dice not rolled yet this turn (see :data:`NUKE_ORDER`)."""
    return [d for d in NUKE_ORDER if not s.rolled_dice >> d & 1][:n]


def nuke_ready(s: MarsState, m: int) -> bool:
    """RB: "How we win?": beside the MMM (a defender box), free of aliens, before any die
    is programmed; an injected marine may also set it off with the 4 dice it has left after
    its first actions (RB: Special training)."""
    if not beside_mmm(s, m) or engaged(s, m) or s.precog:
        return False
    if s.phase == PROGRAM:
        return programmed(s) == 0 and not s.rolled_dice
    return s.phase == GO_ON and bomb_left(s)


def bomb_left(s: MarsState) -> bool:
    """An injected marine with the nuke's dice still to roll this turn."""
    return bool(s.injected) and s.dice_count - bin(s.rolled_dice).count("1") >= s.comp.dice["nuke"]


def kamikaze_ready(s: MarsState, m: int) -> bool:
    """RB: Special training, Kamikaze: beside the MMM, even engaged, as the whole turn."""
    return s.has(m, KAMIKAZE) and beside_mmm(s, m) and s.phase == PROGRAM and programmed(s) == 0 and not s.rolled_dice


def program(s: MarsState, d: int, action: int) -> None:
    """RB: "How do I...": a die goes on one of the three actions (several dice may share one).
    After Precog the die already shows its face."""
    s.die_action[d] = action
    shown = says(" (showing {face})", face=FACE_TEXTS[s.foreseen[d]]) if s.precog else ""
    s.say("program", says("{die}{shown} on action {n}.", die=DIE_NAMES[d], shown=shown, n=action + 1),
          {"die": d, "slot": action})


def can_inject(s: MarsState) -> bool:
    """RB: Special training, Power-up injector: not in the turn it leaves the marine tired."""
    m = s.acting
    return (s.phase == PROGRAM and s.has(m, INJECTOR) and not s.injected and not s.tired[m] and not s.precog
            and not s.rolled_dice)


def inject(s: MarsState) -> None:
    s.injected = 1
    s.dice_count = s.comp.injected_dice
    # tired_dice on the marine's next rules.injector_tired_turns turns (counted down at the end of
    # each turn, this one included)
    s.tired[s.acting] = 1 + s.comp.rules["injector_tired_turns"]
    s.say("inject", says("{who} takes the power-up injector: {n} dice this turn.",
                            who=s.names[s.acting], n=s.comp.injected_dice), {"seat": s.acting})


def can_foresee(s: MarsState) -> bool:
    """RB: Special training, Precog: not two turns running; the dice are chosen first."""
    m = s.acting
    return s.phase == PROGRAM and s.has(m, PRECOG) and not s.foresaw[m] and not s.precog and programmed(s) > 0


def foresee(s: MarsState) -> None:
    """Precog: the chosen dice are rolled now, taken off their actions, and put on actions
    again with their faces in view."""
    dice = [d for d in range(NUM_DICE) if s.die_action[d] >= 0]
    s.precog = 1
    for d in dice:
        s.foreseen[d] = s.roll_die(d)
        note_face(s, d, s.foreseen[d])
    s.die_action = [-1] * NUM_DICE
    s.say("precog", says("{who} foresees the dice: {dice}.", who=s.names[s.acting],
                             dice=dice_faces_w((d, s.foreseen[d]) for d in dice)),
          {"faces": list(s.foreseen)}, chance=True)


def note_face(s: MarsState, d: int, face: int) -> None:
    """RB: Martian waves: a marine (not a Ranger) who ends its turn with the wave face
    showing among its dice sends a wave, "even if he doesn't use it"; a die rolled again
    shows its new face, so a wave face rolled away no longer counts (ruling 9). ``wave_dice``
    holds the dice now showing it.

    >>> from cosmodrome.games.mars import GAME
    >>> from cosmodrome.games.lunar.dice import ACCIDENT
    >>> s = GAME.new_state(2, seed=1)
    >>> note_face(s, 4, ACCIDENT); s.wave_dice
    16
    >>> note_face(s, 4, 1); s.wave_dice
    0
    """
    if is_accident(face) and not s.has(s.acting, RANGER):
        s.wave_dice |= 1 << d
    else:
        s.wave_dice &= ~(1 << d)


def next_action(s: MarsState) -> None:
    """Roll the dice of the next programmed action, or end the turn when none is left."""
    later = [a for a in s.die_action if a > s.slot]
    if not later:
        finish_turn(s)
        return
    if s.slot < 0:
        s.first_slot = min(later)
    s.slot = min(later)
    s.rerolled = 0
    dice = [d for d in range(NUM_DICE) if s.die_action[d] == s.slot]
    s.faces = [0] * NUM_DICE
    for d in dice:
        s.faces[d] = s.foreseen[d] if s.precog else s.roll_die(d)
        s.rolled_dice |= 1 << d
        if not s.precog:
            note_face(s, d, s.faces[d])
    s.say("roll", (rolled_text, (s.names[s.acting], "plays" if s.precog else "rolls", s.slot, tuple(dice),
                                 tuple(s.faces))),
          {"faces": list(s.faces)}, chance=not s.precog)
    s.phase = ACT


def helpers(s: MarsState, m: int) -> list[int]:
    """The marines whose presence gives marine ``m`` the team's re-roll (RB: Use me as a
    team: "with other marines in the same box", standing or not: only the accident needs a
    "stand-up companion"; ruling 18): those in its box, and with Communications (its or
    theirs) those on its martian card (RB: Special training)."""
    out = []
    column, level, zone, training = s.column, s.level, s.zone, s.training
    for o in s.active():
        if o == m:
            continue
        if (column[o] == column[m] and level[o] == level[m]) or (
                zone[column[o]] == zone[column[m]] and (training[m] == COMMS or training[o] == COMMS)):
            out.append(o)
    return out


#: the re-rolls, each its own (bits of ``rerolled``: those used on this roll), and their names
RR_COMPANION, RR_LZ, RR_ANTENNA = 1, 2, 4
RR_NAMES = {RR_COMPANION: says("a companion"), RR_LZ: says("the Landing Zone"), RR_ANTENNA: says("the antenna")}


def reroll_sources(s: MarsState) -> list[int]:
    """The re-rolls marine ``acting`` may still use on this roll, one die each (RB: Use me as
    a team: a companion in its box, "one dice of any roll"; Supporting from base: in the
    LZ, one die "from his first roll"; Base upgrades: an antenna on its side, one die "from
    the first roll"). Each is a benefit of its own, so they add up (ruling 18). Never in a
    Precog turn (RB: Special training)."""
    m = s.acting
    out = []
    if s.precog:
        return out
    used = s.rerolled
    if not used & RR_COMPANION and helpers(s, m):
        out.append(RR_COMPANION)
    if s.slot == s.first_slot and not s.drone_step:
        if not used & RR_LZ and s.zone[s.column[m]] == LZ:
            out.append(RR_LZ)
        if not used & RR_ANTENNA and antenna(s, m):
            out.append(RR_ANTENNA)
    return out


def antenna(s: MarsState, m: int) -> bool:
    """RB: Base upgrades: an antenna guards marine ``m``'s side of the planet (the upgrade
    slots: one on each side of the LZ, RB: Prepare landing)."""
    side = s.side_of(s.column[m])
    sides = s.sides
    return any(u == ANTENNA and sides[k % len(sides)] == side for k, u in enumerate(s.upgrades))


def can_reroll(s: MarsState) -> bool:
    return not s.volley and not s.jet_die and bool(reroll_sources(s))


def reroll(s: MarsState, d: int) -> None:
    """Roll die ``d`` of the current roll again, with the first re-roll left (see
    :func:`reroll_sources`)."""
    src = reroll_sources(s)[0]
    why = RR_NAMES[src]
    s.faces[d] = s.roll_die(d)
    s.rerolled |= src
    note_face(s, d, s.faces[d])
    s.say("reroll", says("{who} rolls {die} again thanks to {why}: {face}.", who=s.names[s.acting], die=DIE_NAMES[d],
                            why=why, face=FACE_TEXTS[s.faces[d]]),
          {"die": d, "face": s.faces[d]}, chance=True)


def support_targets(s: MarsState) -> list[int]:
    """RB: Supporting from base: a marine in the LZ, in a box free of aliens, with no die
    programmed, may stand a crashed marine up instead of acting (tactical support)."""
    if not from_base(s):
        return []
    return [o for o in s.active() if o != s.acting and s.crashed[o]]


def from_base(s: MarsState) -> bool:
    """RB: Supporting from base: in the LZ, in a box free of aliens, no die programmed."""
    m = s.acting
    return (not s.rolled_dice and not s.precog and not s.injected and s.zone[s.column[m]] == LZ
            and s.box(s.column[m], s.level[m]) not in s.alien_place and not programmed(s))


def missile(s: MarsState, fragmentation: int, back: int, beacon: int) -> None:
    """RB: Supporting from base, missile battery: the white dice (``rules.missile_dice``: two)
    give the exact distance from the beacon marine (forward or backward, as chosen); a
    piercing missile puts ``rules.piercing_hits`` (3) on the most crowded box of that column, a
    fragmentation missile ``rules.fragmentation_hits`` (1) on every box of that column and of
    the ``rules.fragmentation_spread`` (1) columns on each side (our reading of "zone": a
    column of the ring)."""
    rules = s.comp.rules
    dist = 0
    for d in MISSILE_DICE[:rules["missile_dice"]]:
        dist += s.roll_die(d)
    col = s.column[beacon] + (-dist if back else dist)
    s.say("missile", says("{who} fires a {kind} missile on {beacon}'s beacon: it lands {n} columns {way}.",
                          who=s.names[s.acting], kind=says("fragmentation") if fragmentation else says("piercing"),
                          beacon=s.names[beacon], n=dist, way=says("back") if back else says("ahead")),
          {"col": col}, chance=True)
    if not 0 <= col < len(s.strip):
        s.say("missile", says("The missile falls beyond the ring."))
    elif fragmentation:
        spread = rules["fragmentation_spread"]
        for c in range(col - spread, col + spread + 1):
            for y in range(s.levels):
                if 0 <= c < len(s.strip) and s.occupied(s.box(c, y)):
                    hit_box(s, c, y, rules["fragmentation_hits"], s.acting, shooter_w("fragmentation"))
    else:
        y = max(range(s.levels), key=lambda y: s.alien_place.count(s.box(col, y)))
        if s.occupied(s.box(col, y)):
            hit_box(s, col, y, rules["piercing_hits"], s.acting, shooter_w("piercing"))
    HOOKS.end_turn(s)


def bait(s: MarsState) -> None:
    """RB: Supporting from base, bait: the white die of this round will be rolled again."""
    s.bait = 1
    s.say("bait", says("{who} lays a bait for the MMM.", who=s.names[s.acting]))
    HOOKS.end_turn(s)


def support(s: MarsState, o: int) -> None:
    s.crashed[o] = 0
    s.say("support", says("{who} calls the satellites' tractor beam: {other} is up again.",
                             who=s.names[s.acting], other=s.names[o]), {"seat": o})
    HOOKS.end_turn(s)


def after_action(s: MarsState) -> None:
    """RB: "Don't stop marine!": after an action the marine may stop or roll the next; a
    Multi-shot marine may first fire the other groups of the roll (RB: Special
    training). With no action left, the turn stays open while a card or an ability can still
    be played."""
    s.extra_hits = 0
    if (s.has(s.acting, MULTI_SHOT) and s.last_act == SHOT and not s.drone_step and any(s.faces)
            and targets(s, s.acting)):
        s.volley = 1
        return
    s.faces = [0] * NUM_DICE
    s.volley = s.rail_gun = s.jet_die = 0
    if s.drone_step:
        HOOKS.end_turn(s)
    elif (max(s.die_action) > s.slot or HOOKS.uses(s)
          or (bomb_left(s) and beside_mmm(s, s.acting) and not engaged(s, s.acting))):
        s.phase = GO_ON
    else:
        finish_turn(s)


def finish_turn(s: MarsState) -> None:
    """The end of the marine's turn: a Drone marine that rolled dice this turn may first fire
    its drone (RB: Special training)."""
    s.faces = [0] * NUM_DICE
    s.die_action = [-1] * NUM_DICE
    if s.has(s.acting, DRONE_AB) and s.rolled_dice and not s.drone_step and not s.out[s.acting]:
        s.drone_step = DRONE_CHOOSING
        s.phase = DRONE
        return
    HOOKS.end_turn(s)


def companions(s: MarsState, m: int) -> list[int]:
    """The other standing marines in marine ``m``'s box."""
    return [o for o in s.active() if o != m and not s.crashed[o]
            and s.column[o] == s.column[m] and s.level[o] == s.level[m]]


def land(s: MarsState, m: int, col: int, lvl: int, outcome: str, how: object, path: tuple = ()) -> bool:
    """Marine ``m`` ends a move, a jump or a teleport on (``col``, ``lvl``) with ``outcome``
    (RB: Use me as a team: a safe landing beside a crashed companion stands it up, an
    accident beside a standing companion is ignored; Special training, Ranger: a box
    without a circle is safe; Equipment: the hidden box). Returns whether the turn goes on
    (an accident ends it)."""
    s.column[m], s.level[m] = col, lvl
    who = s.names[m]
    if outcome == "hazard" and s.has(m, RANGER):
        outcome = "safe"
    s.say("move", says("{who} {how} to column {col}, level {level} ({outcome}).", who=who, how=how, col=col + 1,
                       level=lvl, outcome=says(outcome)),
          {"seat": m, "col": col, "level": lvl, "outcome": outcome})
    arrive(s, m, path)
    if outcome == "safe":
        for o in s.active():
            if o != m and s.crashed[o] and s.column[o] == col and s.level[o] == lvl:
                s.crashed[o] = 0
                s.say("pick-up", says("{who} helps {other} up.", who=who, other=s.names[o]), {"seat": o})
        return True
    if companions(s, m):
        s.say("accident", says("{who} has an accident, but a companion in the box keeps it going.", who=who),
              {"seat": m})
        return True
    s.crashed[m] = 1
    s.say("accident", says("{who} crashes and ends the turn.", who=who), {"seat": m})
    return False


def crash_out(s: MarsState) -> None:
    """An accident ends the turn."""
    s.volley = s.rail_gun = s.jet_die = s.extra_hits = 0
    finish_turn(s)


def face_accident(s: MarsState, m: int, face: int) -> bool:
    """RB: "How do I jump?" (March on Mars "uses the same movement rules"): a move made
    with the 2! face ends in an accident at the end of the jump; the Ranger ignores it
    ("you will not crash", RB: Special training)."""
    return is_accident(face) and not s.has(m, RANGER)


def move(s: MarsState, m: int, d: int, back: int, mask: int) -> None:
    """RB: "How do I...": move by one die of the roll, forward or backward, with the
    Moon's jumping rules (the second die of a Jet pack jump carries on from where the first
    left the marine). The 2! face used for the move, on either die of a Jet pack jump, is an
    accident at the landing (ruling 49). An accident ends the turn."""
    start = (s.jet_column, s.jet_level) if s.jet_die else None
    j = s.preview(m, d, back, mask, start=start)
    outcome = j.outcome
    if outcome == "safe" and (face_accident(s, m, s.faces[d]) or jet_accident(s.jet_die)):
        outcome = "2! face"
    s.last_act = MOVED
    how = (says("moves back with {die} on the jet pack", die=DIE_NAMES[d]) if back and s.jet_die
           else says("moves forward with {die} on the jet pack", die=DIE_NAMES[d]) if s.jet_die
           else says("moves back with {die}", die=DIE_NAMES[d]) if back
           else says("moves forward with {die}", die=DIE_NAMES[d]))
    if land(s, m, j.col, j.level, outcome, how, j.path):
        after_action(s)
    else:
        crash_out(s)


def jet_first(s: MarsState, m: int, d: int, back: int, mask: int) -> None:
    """RB: Special training, Jet pack: the first die of a joined jump; the marine lands
    only after the second die of the roll (a crash on the way is an accident at once)."""
    j = s.preview(m, d, back, mask)
    s.last_act = MOVED
    if j.outcome in ("crash", "ceiling", "barrier") or not j.path:
        how = says("jets back with {die}", die=die_w(d)) if back else says("jets forward with {die}", die=die_w(d))
        if land(s, m, j.col, j.level, j.outcome, how, j.path):
            after_action(s)
        else:
            crash_out(s)
        return
    s.jet_die, s.jet_backward = encode_jet(d, face_accident(s, m, s.faces[d])), back
    s.jet_column, s.jet_level = j.path[-1]
    s.faces[d] = 0
    arrive(s, m, j.path)
    s.say("jet", says("{who} fires the jet pack with {die} and flies on over column {col}.",
                      who=s.names[m], die=die_w(d), col=s.jet_column + 1),
          {"seat": m, "col": s.jet_column, "level": s.jet_level})


def roll_sum(faces: list[int]) -> int:
    return sum(steps_of(f) for f in faces)


def odds(s: MarsState, dice: list[int], faces: list[int], keep: int, target: int) -> float:
    """The chance that the dice outside the mask ``keep`` rolled again reach ``target`` with
    the kept ones (each face of a die as likely as another: the data's faces of its colour)."""
    kept = sum(steps_of(f) for i, f in enumerate(faces) if keep >> i & 1)
    again = [s.comp.faces[DIE_COLOUR[d]] for i, d in enumerate(dice) if not keep >> i & 1]
    hits = sum(1 for combo in product(*again) if kept + roll_sum(list(combo)) >= target)
    return hits / prod(len(faces) for faces in again)


def nuke(s: MarsState, m: int, kamikaze: bool = False) -> None:
    """RB: "How we win?": four dice summing to 9 or more destroy the MMM; Use me as a
    team: a standing companion in the box lets the marine roll its lowest die again
    (automatically, when the sum is short); so does an antenna on its side when the nuke is
    the turn's first roll (Base upgrades, ruling 15). Equipment: a Lucky charm held rolls again the
    dice whose new roll gives the best chance (automatically, when still short). Special
    training, Kamikaze: 5 dice, and the marine dies. The companion's and the antenna's
    re-rolls are each their own (ruling 18)."""
    target = s.comp.dice["nuke_target"]
    dice = bomb_dice(s, s.comp.dice["nuke"] + (1 if kamikaze else 0))
    faces = [s.roll_die(d) for d in dice]
    who = s.names[m]
    shown = {"who": who, "faces": ' + '.join(face_text(f) for f in faces), "total": roll_sum(faces)}
    s.say("nuke", says("{who} jumps on the MMM with the nuke: {faces} = {total}.", **shown) if kamikaze
          else says("{who} sets off the nuke: {faces} = {total}.", **shown),
          {"seat": m, "total": roll_sum(faces)}, chance=True)
    for why in (RR_COMPANION, RR_ANTENNA):           # each re-roll its own (ruling 18)
        if roll_sum(faces) >= target:
            continue
        if not (helpers(s, m) if why == RR_COMPANION else not s.rolled_dice and antenna(s, m)):
            continue
        low = min(range(len(faces)), key=lambda i: steps_of(faces[i]))
        faces[low] = s.roll_die(dice[low])
        shown = {"faces": ' + '.join(face_text(f) for f in faces), "total": roll_sum(faces)}
        s.say("nuke", says("A companion rolls the lowest die again: {faces} = {total}.", **shown)
              if why == RR_COMPANION else says("The antenna rolls the lowest die again: {faces} = {total}.", **shown),
              {"seat": m, "total": roll_sum(faces)}, chance=True)
    charm = CHARM_CARD if s.equipment_place[CHARM_CARD] == m else -1
    if charm >= 0 and roll_sum(faces) < target:
        keep = max(range((1 << len(faces)) - 1), key=lambda k: (odds(s, dice, faces, k, target), k))
        faces = [f if keep >> i & 1 else s.roll_die(dice[i]) for i, f in enumerate(faces)]
        discard(s, charm)
        s.say("nuke", says("{who} plays the Lucky charm: {faces} = {total}.", who=who,
                           faces=' + '.join(face_text(f) for f in faces), total=roll_sum(faces)),
              {"seat": m, "total": roll_sum(faces)}, chance=True)
    for d, f in zip(dice, faces):
        note_face(s, d, f)
    total = roll_sum(faces)
    if total >= target:
        s.won, s.end_cause, s.phase = 1, END_NUKE, OVER
        s.say("won", says("The Martian Master Mind is destroyed: the marines win!"))
        return
    if kamikaze:
        s.out[m] = 1
        drop_hand(s, m)
        s.say("kamikaze", says("{who} is lost with the bomb.", who=who), {"seat": m})
        if not s.active():
            s.won, s.end_cause, s.phase = 0, END_FALLEN, OVER
            s.say("lost", says("No marine is left on Mars: the marines lose."))
            return
    HOOKS.end_turn(s)
