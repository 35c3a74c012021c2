"""The decisions of March on Mars as actions of the fixed action space (ids in
:mod:`cosmodrome.games.mars.state`): what is legal, what an action does, and its JSON form.

The packed ids (a move, a shot, a missile) are made and read by the codec of
:mod:`cosmodrome.games.mars.state` (``encode_move``/``decode_move`` and the like); a move's
``mask`` says which steps are diagonal, as in :mod:`cosmodrome.games.lunar.movement`.
"""

from __future__ import annotations

from typing import Any

from cosmodrome.games.lunar.dice import DIE_COLOUR, NUM_DICE, face_text
from cosmodrome.games.lunar.movement import masks
from cosmodrome.games.mars.combat import engaged, shoot, targets
from cosmodrome.games.mars.components import ACTION_SLOTS
from cosmodrome.games.mars.rounds import end_turn, waiting
from cosmodrome.games.mars.setup import choose_training, land_at
from cosmodrome.games.mars.specials import (
    charm_mark,
    charm_roll,
    drone_roll,
    level_choice,
    orbital,
    pass_card,
    step,
    teleport,
    use,
    uses,
)
from cosmodrome.games.mars.state import (
    A_BAIT,
    A_DONE,
    A_DRONE,
    A_GIVE,
    A_INJECT,
    A_JET,
    A_KAMIKAZE,
    A_LAND,
    A_LEVEL,
    A_MISSILE,
    A_MOVE,
    A_NUKE,
    A_ORBITAL,
    A_PRECOG,
    A_PROGRAM,
    A_REROLL,
    A_ROLL,
    A_SEAT,
    A_SHOOT,
    A_STEP,
    A_SUPPORT,
    A_TELEPORT,
    A_USE,
    ACT,
    CHARM,
    CHOOSE,
    DRONE,
    DRONE_PAIRS,
    GO_ON,
    JET_PACK,
    LAND,
    LEVEL,
    LZ,
    MOVED,
    PROGRAM,
    SHOT,
    SNIPER,
    STEP_KINDS,
    STEPS,
    TRAIN,
    MarsState,
    action_kind,
    decode_give,
    decode_missile,
    decode_move,
    decode_program,
    decode_shot,
    decode_step,
    decode_train,
    encode_missile,
    encode_move,
    encode_program,
    encode_shot,
    encode_train,
    jet_accident,
    training_ability,
)
from cosmodrome.games.mars.text import die_name, kamikaze_label, name_word, nuke_label, says, step_name
from cosmodrome.games.mars.turn import (
    after_action,
    bait,
    begin_turn,
    can_foresee,
    can_inject,
    can_reroll,
    face_accident,
    finish_turn,
    foresee,
    from_base,
    inject,
    jet_first,
    kamikaze_ready,
    missile,
    move,
    next_action,
    nuke,
    nuke_ready,
    program,
    programmed,
    reroll,
    support,
    support_targets,
)
from cosmodrome.i18n import N_, _

#: :func:`masks` as a table: per colour, per number of steps
MASKS = tuple(tuple(masks(colour, steps) if steps else () for steps in range(4)) for colour in range(3))
#: per die, the actions putting it on each action slot of the combat card (a turn offers the
#: first ``counts.dice.actions``)
PROGRAM_IDS = tuple(tuple(encode_program(d, a) for a in range(ACTION_SLOTS)) for d in range(NUM_DICE))


def moves(s: MarsState, first_leg: bool = False) -> list[int]:
    """The moves of the current roll, one for each distinct landing of a colour and face
    (none while engaged; RB: "They are all over me!", but for the Jet pack; none after a
    Sniper's shot). In the air on a Jet pack, only the other dice, the same way. With
    ``first_leg``, the first dice of Jet pack jumps instead (one for each distinct cell
    reached)."""
    m = s.acting
    if (engaged(s, m) and not s.has(m, JET_PACK)) or (s.has(m, SNIPER) and s.last_act == SHOT):
        return []
    col0, lvl0 = (s.jet_column, s.jet_level) if s.jet_die else (s.column[m], s.level[m])
    ways = (s.jet_backward,) if s.jet_die else (0, 1)
    base = A_JET if first_leg else A_MOVE
    out, seen = [], set()
    faces = s.faces
    jump_from = s.jump_from
    for d in range(NUM_DICE):
        f = faces[d]
        if f:
            colour, steps = DIE_COLOUR[d], STEPS[f]
            for back in ways:
                for mk in MASKS[colour][steps]:
                    j = jump_from(col0, lvl0, colour, steps, mk, back)      # s.preview(m, d, back, mk, ...)
                    end = j.path[-1] if first_leg and j.path else (j.col, j.level)
                    key = (colour, f, back, end, j.outcome)
                    if key not in seen:       # one option per distinct landing
                        seen.add(key)
                        out.append(encode_move(d, back, mk, base))
    return out


def act_legal(s: MarsState) -> list[int]:
    """The options of a roll: move, shoot, or (with nothing possible) let the dice go."""
    m = s.acting
    shots = [encode_shot(b, r, y) for b, r, y in targets(s, m)]
    if s.has(m, SNIPER) and s.last_act == MOVED:
        shots = []
    if s.jet_die:
        return moves(s)
    if s.drone_step or s.volley:
        out = shots + [A_DONE] if s.volley else (shots or [A_DONE])
    else:
        out = moves(s) + shots
        if s.has(m, JET_PACK) and sum(1 for f in s.faces if f) >= 2:
            out += moves(s, first_leg=True)
        out = out or [A_DONE]        # engaged without a 1: the dice are lost (legal() sorts)
    if can_reroll(s):
        out += [A_REROLL + d for d in range(NUM_DICE) if s.faces[d]]
    return out + uses(s)


def program_legal(s: MarsState) -> list[int]:
    if s.precog:                     # Precog: the foreseen dice go on actions, then the turn is played
        left = [d for d in range(NUM_DICE) if s.foreseen[d] and s.die_action[d] < 0]
        out = [encode_program(d, a) for d in left for a in range(s.comp.dice["actions"])] or [A_DONE]
        return out + uses(s)
    n = programmed(s)
    out = [A_DONE] if n else []
    if n < s.dice_count:
        on_action = s.die_action
        slots = s.comp.dice["actions"]     # the actions a turn programs (counts.dice.actions)
        for d in range(NUM_DICE):
            if on_action[d] < 0:
                out += PROGRAM_IDS[d][:slots]
    if n:                            # the nuke, support, missiles and Kamikaze come before any die
        if can_foresee(s):
            out.append(A_PRECOG)
    else:
        if nuke_ready(s, s.acting):
            out.append(A_NUKE)
        if from_base(s):
            out += [A_SUPPORT + o for o in support_targets(s)]
            out += [encode_missile(f, k, b) for f in (0, 1) for k in (0, 1) for b in s.active()] + [A_BAIT]
        if kamikaze_ready(s, s.acting):
            out.append(A_KAMIKAZE)
    if can_inject(s):
        out.append(A_INJECT)
    return out + uses(s)             # sorted by legal()


def legal(s: MarsState) -> list[int]:
    """The legal actions, in increasing order (as OpenSpiel wants them)."""
    return sorted(set(_legal(s)))


def _legal(s: MarsState) -> list[int]:
    ph = s.phase                     # the most frequent decisions first
    if ph == PROGRAM:
        return program_legal(s)
    if ph == ACT:
        return act_legal(s)
    if ph == GO_ON:
        out = [A_DONE] + ([A_ROLL] if max(s.die_action) > s.slot else [])       # an action programmed later
        if nuke_ready(s, s.acting):
            out.append(A_NUKE)
        return out + uses(s)
    if ph == CHOOSE:
        return [A_SEAT + m for m in waiting(s)]
    if ph == TRAIN:
        return [encode_train(0), encode_train(1)]
    if ph == LAND:
        return [A_LAND + k for k in range(len(s.zone_cols(LZ)))]
    if ph == LEVEL:
        return [A_LEVEL + y for y in range(s.levels) if s.standing(s.teleport_column - 1, y)]
    if ph == CHARM:
        return ([A_REROLL + d for d in range(NUM_DICE) if s.faces[d] and not s.charm_dice >> d & 1]
                + ([A_ROLL] if s.charm_dice else []))
    if ph == DRONE:
        return [A_DONE] + [A_DRONE + k for k in range(len(DRONE_PAIRS))]
    return act_legal(s)


def perform(s: MarsState, a: int) -> None:
    m = s.acting
    ph = s.phase
    # the most frequent actions first: a die put on an action, a move, a shot
    if ph == PROGRAM and A_PROGRAM <= a < A_MOVE:
        program(s, *decode_program(a))
        return
    if ph == ACT and A_MOVE <= a < A_REROLL:
        if a >= A_SHOOT:
            s.last_act = SHOT
            shoot(s, m, *decode_shot(a))
            after_action(s)
        else:
            move(s, m, *decode_move(a))
        return
    if ph == TRAIN:
        choose_training(s, decode_train(a))
    elif ph == LAND:
        land_at(s, a - A_LAND)
    elif ph == CHOOSE:
        begin_turn(s, a - A_SEAT)
    elif ph == LEVEL:
        level_choice(s, a - A_LEVEL)
    elif ph == CHARM:
        charm_roll(s) if a == A_ROLL else charm_mark(s, a - A_REROLL)
    elif ph == DRONE:
        if a == A_DONE:
            end_turn(s)
        else:
            drone_roll(s, a - A_DRONE)
    elif a >= A_JET:
        jet_first(s, m, *decode_move(a, A_JET))
    elif a >= A_TELEPORT:
        teleport(s, a - A_TELEPORT)
    elif a >= A_ORBITAL:
        orbital(s, a - A_ORBITAL)
    elif a == A_KAMIKAZE:
        nuke(s, m, kamikaze=True)
    elif a == A_PRECOG:
        foresee(s)
    elif a == A_INJECT:
        inject(s)
    elif a >= A_GIVE:
        pass_card(s, a)
    elif a >= A_STEP:
        step(s, *decode_step(a))
    elif a >= A_USE:
        use(s, a - A_USE)
    elif a == A_BAIT:
        bait(s)
    elif a >= A_MISSILE:
        missile(s, *decode_missile(a))
    elif a >= A_SUPPORT:
        support(s, a - A_SUPPORT)
    elif a >= A_REROLL:
        reroll(s, a - A_REROLL)
    elif a == A_NUKE:
        nuke(s, m)
    elif ph == PROGRAM:              # done: the dice are on their actions
        next_action(s)
    elif ph == GO_ON:
        if a == A_ROLL:
            next_action(s)
        else:
            s.say("stop", says("{who} stops here.", who=s.names[m]), {"seat": m})
            finish_turn(s)
    elif a == A_DONE:
        if s.volley:
            s.say("stop", says("{who} holds the other groups.", who=s.names[m]), {"seat": m})
        elif not s.drone_step or not any(s.faces):
            s.say("no-effect", says("{who} has no use for the dice: they are lost.", who=s.names[m]))
        s.faces = [0] * NUM_DICE
        after_action(s)


def to_json(s: MarsState, a: int) -> dict[str, Any]:
    """The label and the places an action names (for the table to highlight): the describer
    of its kind (:data:`DESCRIBERS`)."""
    return DESCRIBERS[action_kind(a)](s, a)


# ----- the describers, one per kind of action (state.ACTION_KINDS), in the order of the ids --
#: what "done" (A_DONE) does in each phase where it is more than "no effect"
DONE_LABELS = {PROGRAM: N_("done: roll the first action"), GO_ON: N_("stop the turn here"),
               DRONE: N_("leave the drone idle")}


def _done_json(s: MarsState, a: int) -> dict[str, Any]:
    """Done: what it ends depends on the phase (programming, the turn, a volley, the drone)."""
    if s.phase == PROGRAM and s.precog:
        label = N_("done: play the foreseen dice")
    elif s.phase == ACT and s.volley:
        label = N_("hold the other groups")
    else:
        label = DONE_LABELS.get(s.phase, N_("no effect"))
    return {"action": a, "label": _(label)}


def _roll_json(s: MarsState, a: int) -> dict[str, Any]:
    """Roll: the next action of the combat card, or the dice marked for the lucky charm."""
    return {"action": a, "label": _("roll the chosen dice again") if s.phase == CHARM else _("roll the next action")}


def _nuke_json(s: MarsState, a: int) -> dict[str, Any]:
    return {"action": a, "label": nuke_label(s.comp)}


def _seat_json(s: MarsState, a: int) -> dict[str, Any]:
    return {"action": a, "label": _("{who} acts next").format(who=s.names[a - A_SEAT]), "seat": a - A_SEAT}


def _program_json(s: MarsState, a: int) -> dict[str, Any]:
    """A die put on an action of the combat card (with Precog, the face it was foreseen with)."""
    d, slot = decode_program(a)
    shown = _(" (showing {face})").format(face=face_text(s.foreseen[d])) if s.precog and s.foreseen[d] else ""
    return {"action": a, "label": _("{die}{shown} on action {n}").format(die=die_name(d), shown=shown, n=slot + 1),
            "die": d, "slot": slot}


def _move_json(s: MarsState, a: int) -> dict[str, Any]:
    """A move with a die: where it ends and what happens there, once the die shows its face."""
    d, back, mk = decode_move(a)
    if s.phase == ACT and s.faces[d]:
        j = s.preview(s.acting, d, back, mk, start=(s.jet_column, s.jet_level) if s.jet_die else None)
        outcome = j.outcome
        if outcome == "safe" and (face_accident(s, s.acting, s.faces[d]) or jet_accident(s.jet_die)):
            outcome = "2! face"
        where = _("column {col}, level {level}").format(col=j.col + 1, level=j.level) + (
            "" if outcome == "safe" else f" ({_(outcome)})")
        return {"action": a, "label": _("move {way} with {die} to {where}").format(
                    way=_("back") if back else _("forward"), die=die_name(d), where=where),
                "die": d, "col": j.col, "level": j.level, "outcome": outcome}
    return {"action": a, "label": _("move {way} with {die}").format(way=_("back") if back else _("forward"),
                                                                    die=die_name(d)), "die": d}


def _shoot_json(s: MarsState, a: int) -> dict[str, Any]:
    back, rng_, lvl = decode_shot(a)
    col = s.column[s.acting] + (-rng_ if back else rng_)
    return {"action": a, "label": _("shoot column {col}, level {level} (range {n})").format(col=col + 1, level=lvl,
                                                                                             n=rng_),
            "col": col, "level": lvl}


def _reroll_json(s: MarsState, a: int) -> dict[str, Any]:
    """A die rolled again: of the current roll, or one more die for the lucky charm."""
    d = a - A_REROLL
    label = _("roll {die} again too") if s.phase == CHARM else _("roll {die} again")
    return {"action": a, "label": label.format(die=die_name(d)), "die": d}


def _support_json(s: MarsState, a: int) -> dict[str, Any]:
    o = a - A_SUPPORT
    return {"action": a, "label": _("tactical support: stand {who} up").format(who=s.names[o]), "seat": o}


def _missile_json(s: MarsState, a: int) -> dict[str, Any]:
    frag, back, b = decode_missile(a)
    kind = _("fragmentation") if frag else _("piercing")
    label = (_("{kind} missile, backward of {who}'s beacon") if back
             else _("{kind} missile, forward of {who}'s beacon"))
    return {"action": a, "label": label.format(kind=kind, who=s.names[b]), "seat": b}


def _bait_json(s: MarsState, a: int) -> dict[str, Any]:
    return {"action": a, "label": _("bait: make the MMM roll its white die again this round")}


def _train_json(s: MarsState, a: int) -> dict[str, Any]:
    ab = s.comp.abilities[training_ability(s.training_card[s.acting], decode_train(a))]
    return {"action": a, "label": _("train as {name}: {text}").format(name=name_word(ab.name), text=_(ab.text)),
            "ability": ab.name}


def _land_json(s: MarsState, a: int) -> dict[str, Any]:
    lz = s.zone_cols(LZ)
    col = lz[min(a - A_LAND, len(lz) - 1)]
    return {"action": a, "label": _("land on column {n} of the Landing Zone").format(n=col + 1), "col": col,
            "level": s.comp.layout["connector_level"]}


def _use_json(s: MarsState, a: int) -> dict[str, Any]:
    c = s.comp.equipment[a - A_USE]
    return {"action": a, "label": _("play the {card}: {text}").format(card=name_word(c.name), text=_(c.text)),
            "card": c.name}


def _step_json(s: MarsState, a: int) -> dict[str, Any]:
    """A one-box step (the scout's, or a card's): where it ends."""
    kind, back = decode_step(a)
    card = STEP_KINDS[kind][2]
    how = _("the {card}").format(card=name_word(s.comp.equipment[card].name)) if card >= 0 else _("the scout's step")
    j = s.preview(s.acting, 0, back, STEP_KINDS[kind][1], colour=STEP_KINDS[kind][0], steps=1)
    where = _("column {col}, level {level}").format(col=j.col + 1, level=j.level) + (
        "" if j.outcome == "safe" else f" ({_(j.outcome)})")
    return {"action": a, "label": _("{how}: {step} {way} to {where}").format(
                how=how, step=_(step_name(kind)), way=_("back") if back else _("forward"), where=where),
            "col": j.col, "level": j.level, "outcome": j.outcome}


def _give_json(s: MarsState, a: int) -> dict[str, Any]:
    """A card passed: taken from the other marine when it holds it, else given to it."""
    c, o = decode_give(a)
    name = s.comp.equipment[c].name
    label = _("take the {card} from {who}") if s.equipment_place[c] == o else _("give the {card} to {who}")
    return {"action": a, "label": label.format(card=name_word(name), who=s.names[o]), "seat": o, "card": name}


def _inject_json(s: MarsState, a: int) -> dict[str, Any]:
    return {"action": a, "label": _("power-up injector: {n} dice this turn, {tired} next turn").format(
        n=s.comp.injected_dice, tired=s.comp.tired_dice)}


def _precog_json(s: MarsState, a: int) -> dict[str, Any]:
    return {"action": a, "label": _("precog: roll these dice now and put them on actions after")}


def _kamikaze_json(s: MarsState, a: int) -> dict[str, Any]:
    return {"action": a, "label": kamikaze_label(s.comp)}


def _card_slot_json(s: MarsState, a: int, k: int, what: str) -> dict[str, Any]:
    """Orbital bombing or teleportation onto the martian card in slot ``k``."""
    if k >= len(s.cards):
        return {"action": a, "label": _("{what} a martian card not on this board").format(what=what)}
    return {"action": a, "label": _("{what} the {card} card").format(
                what=what, card=name_word(s.comp.cards[s.cards[k]].name)), "zone": s.card_zones()[k]}


def _orbital_json(s: MarsState, a: int) -> dict[str, Any]:
    return _card_slot_json(s, a, a - A_ORBITAL, _("orbital bombing on"))


def _teleport_json(s: MarsState, a: int) -> dict[str, Any]:
    return _card_slot_json(s, a, a - A_TELEPORT, _("teleport onto"))


def _level_json(s: MarsState, a: int) -> dict[str, Any]:
    return {"action": a, "label": _("appear at level {n}").format(n=a - A_LEVEL), "col": s.teleport_column - 1,
            "level": a - A_LEVEL}


def _jet_json(s: MarsState, a: int) -> dict[str, Any]:
    """The jet pack's first die (RB: Special training, Jet pack): the box it flies over."""
    d, back, mk = decode_move(a, A_JET)
    way = _("back") if back else _("forward")
    if s.phase == ACT and s.faces[d]:
        j = s.preview(s.acting, d, back, mk)
        col, lvl = j.path[-1] if j.path else (j.col, j.level)
        where = _(" over column {col}, level {level}").format(col=col + 1, level=lvl) + (
            "" if j.outcome in ("safe", "fall", "hazard") else f" ({_(j.outcome)})")
        return {"action": a, "label": _("jet pack: fly {way} with {die}{where}, then a second die").format(
                    way=way, die=die_name(d), where=where),
                "die": d, "col": col, "level": lvl}
    return {"action": a, "label": _("jet pack: fly {way} with {die}, then a second die").format(way=way,
                                                                                               die=die_name(d)),
            "die": d}


def _drone_json(s: MarsState, a: int) -> dict[str, Any]:
    pair = DRONE_PAIRS[a - A_DRONE]
    return {"action": a, "label": _("drone: roll {die} and {other}").format(die=die_name(pair[0]),
                                                                             other=die_name(pair[1])),
            "dice": list(pair)}


#: the describer of each kind of action, by the kind's name (state.ACTION_KINDS, in its order)
DESCRIBERS = {"done": _done_json, "roll": _roll_json, "nuke": _nuke_json, "seat": _seat_json,
              "program": _program_json, "move": _move_json, "shoot": _shoot_json, "reroll": _reroll_json,
              "support": _support_json, "missile": _missile_json, "bait": _bait_json, "train": _train_json,
              "land": _land_json, "use": _use_json, "step": _step_json, "give": _give_json,
              "inject": _inject_json, "precog": _precog_json, "kamikaze": _kamikaze_json,
              "orbital": _orbital_json, "teleport": _teleport_json, "level": _level_json, "jet": _jet_json,
              "drone": _drone_json}
