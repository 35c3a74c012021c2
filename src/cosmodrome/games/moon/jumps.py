"""Rolling a jump and moving (RB: "How do I reach the goal?", "How do I jump?",
Tunnels, The Sputnik; the step rules themselves are in :mod:`cosmodrome.games.lunar.movement`).

The dice of the current jump are rolled together; the astronaut moves by one of them, with
the steps its colour allows, or first spends an EC counter to roll one of them again.
Passing a Sputnik icon earns a counter; the goal line ends the turn and nothing beyond it is
reached. After a jump without accident it may make its next programmed jump or stop.

What follows a jump waits on the step stack (``stack``), which :func:`proceed` works
through: it also carries the moves that action cards make out of turn (Slipstream, Extra
jump, Teamwork) and the end-of-round cards, so that every decision of a move is asked of
the player of the astronaut moving (``mover``).
"""

from __future__ import annotations

from cosmodrome.games.lunar.dice import DIE_COLOUR, NUM_DICE, face_text, is_accident, roll_face, steps_of
from cosmodrome.games.lunar.movement import masks
from cosmodrome.games.moon.accidents import accident
from cosmodrome.games.moon.cards import (
    after_roll,
    after_sputnik,
    end_of_round,
    overtaken,
    slipstream_asked,
    started_last,
)
from cosmodrome.games.moon.robbery import targets
from cosmodrome.games.moon.special import card_step, own_steps, trigger
from cosmodrome.games.moon.state import (
    A_REROLL,
    GO_ON,
    HOOKS,
    P_AFTER,
    P_CARDSTEP,
    P_END,
    P_EOR,
    P_EXTRA,
    P_MOVER,
    P_PASS,
    P_ROB,
    P_ROUND,
    P_SLIP,
    P_SWAP,
    P_TOKEN,
    PICK,
    ROB,
    SWAP_EC,
    SWAP_SPK,
    MoonState,
    decode_pick,
    decode_step,
    encode_pick,
    encode_step,
    step_kind,
)
from cosmodrome.games.moon.text import DIE_WORDS, die_w, move_sentence, name_w, roll_sentence, says
from cosmodrome.i18n import N_


def roll(s: MoonState) -> None:
    """Roll the dice programmed on the current jump, or the one die of a special box's
    immediate jump (a chance event). A special box's re-roll token makes the re-rolls of this
    jump free."""
    dice = [s.free_die] if s.free_die >= 0 else [d for d in range(NUM_DICE) if s.die_action[d] == s.jump]
    if s.free_reroll_token[s.mover]:
        s.free_reroll_token[s.mover] = 0
        s.free_rerolls_left = len(dice)
    faces, rng, kinds = s.faces, s.rng, s.comp.faces
    for d in dice:
        faces[d] = roll_face(rng, kinds[DIE_COLOUR[d]], DIE_WORDS[d])
    s.phase = PICK
    if not s.quiet:
        s.say("roll", (roll_sentence, (s.comp.nations[s.mover], s.jump, s.free_die >= 0,
                                       tuple((d, faces[d]) for d in dice))),
              {"astronaut": s.mover, "jump": s.jump, "faces": {str(d): faces[d] for d in dice}}, chance=True)
    after_roll(s, dice)


def pick_options(s: MoonState) -> list[int]:
    """Every die of the current jump, with every step pattern its colour allows (moves that
    end alike offered once), and a re-roll of each such die for an EC counter (RB: Earth
    Control)."""
    out = []
    dice = [s.free_die] if s.free_die >= 0 else [d for d in range(NUM_DICE) if s.die_action[d] == s.jump]
    seen = set()
    for d in dice:
        for m in masks(DIE_COLOUR[d], steps_of(s.faces[d])):
            # moves that end alike (the same face, path, box and outcome) are one choice: only
            # the die's name in the log would tell them apart (docs/rulings/moon.md, ruling 44)
            res = s.preview(s.mover, d, m)
            key = (s.faces[d], res.col, res.level, res.outcome, res.path, res.stopped)
            if key not in seen:
                seen.add(key)
                out.append(encode_pick(d, m))
    if s.ec_counters[s.mover] or s.free_rerolls_left:
        out.extend(A_REROLL + d for d in dice)
    return sorted(out)


def reroll(s: MoonState, d: int) -> None:
    """Spend an EC counter to roll one die of the jump again (RB: Earth Control); free
    while a special box's re-roll token lasts."""
    a = s.mover
    paid = (N_("{name} rolls the {die} again: {face}.") if s.free_rerolls_left
            else N_("{name} spends an EC counter and rolls the {die} again: {face}."))
    if s.free_rerolls_left:
        s.free_rerolls_left -= 1
    else:
        s.ec_counters[a] -= 1
        s.ec_supply += 1
    s.faces[d] = roll_face(s.rng, s.comp.faces[DIE_COLOUR[d]], DIE_WORDS[d])
    s.say("reroll", says(paid, name=name_w(s, a), die=die_w(d), face=face_text(s.faces[d])),
          {"astronaut": a, "die": d, "face": s.faces[d]}, chance=True)


def move(s: MoonState, action: int) -> None:
    """Move by the chosen die (RB: "How do I jump?"); collect Sputniks on the path (RB:
    The Sputnik); the goal ends the turn (RB: "How do I win?"); an accident ends it too
    (RB: "What's an accident?"). Only the chosen die's accident face counts (see
    docs/rulings/moon.md). A move out of turn neither ends nor goes on with the turn."""
    a = s.mover
    since = s.column[a]
    d, mask = decode_pick(action)
    face = s.faces[d]
    res = s.preview(a, d, mask)
    s.place(a, res.col, res.level)
    name = s.comp.nations[a]  # (its English name: the sentence translates it when read)
    icons = s.icons
    got = sum(1 for cell in res.path if cell in icons)
    got = min(got, s.sputnik_supply)
    if got:
        s.sputniks[a] += got
        s.sputnik_supply -= got
    if not s.quiet:
        s.say("move", (move_sentence, (name, face, d, (s.goal, s.boxes, s.comp, s.cards, res.col, res.level), got)),
              {"astronaut": a, "die": d, "mask": mask, "face": face, "col": res.col, "level": res.level,
               "sputniks": got, "path": [list(p) for p in res.path]})
    free = s.free_die >= 0
    prog, faces, j, fd = s.die_action, s.faces, s.jump, s.free_die
    for x in range(NUM_DICE):
        if prog[x] == j or x == fd:
            faces[x] = 0
    s.free_die = -1
    s.free_rerolls_left = 0
    if res.stopped:
        s.arrived += 1
        s.finish_place[a] = s.arrived
        s.say("goal", says(N_("{name} crosses the goal line first!") if s.arrived == 1
                           else N_("{name} crosses the goal line!"), name=name_w(s, a)),
              {"astronaut": a, "place": s.arrived})
    boxes = [encode_step(P_TOKEN, c) for c, y in res.path
             if c in s.boxes and y == s.comp.connector_level and s.tokens[s.boxes.index(c)] >= 0] if s.advanced else []
    k = own_steps(s)
    old, rest = s.stack[:k], s.stack[k:]
    # the Slipstream check of a jump made inside another move (a special box's) is that move's
    passes = [p for p in old if step_kind(p) == P_PASS] or ([encode_step(P_PASS, since)] if s.advanced else [])
    own = s.own_move()
    crashed = res.outcome != "safe" or is_accident(face)
    if crashed:
        accident(s, a, res.outcome if res.outcome != "safe" else "face")
    if crashed or res.stopped:      # the move is over: in the turn, so is the turn
        then = boxes + passes + ([P_END] if own else [])
    else:   # a robbery where the jump landed, the special boxes, the exchange, Slipstream, what comes next
        tail = [p for p in old if p in (P_AFTER, P_END)] or ([P_AFTER] if own and not free else [])
        then = (([P_ROB] if s.advanced else []) + boxes + [P_SWAP]
                + [p for p in old if p not in (P_ROB, P_SWAP, P_AFTER, P_END) and p not in passes] + passes + tail)
    s.stack = then + rest
    if got and after_sputnik(s):
        return
    proceed(s)


def proceed(s: MoonState) -> None:
    """Work through the step stack until a decision is asked or the turn goes on or ends:
    what follows a jump (robbery, special boxes, the 2-player exchange, Slipstream, the next
    jump), the moves action cards make out of turn, the end-of-round cards."""
    while s.stack:
        kind, number = decode_step(s.stack.pop(0))
        a = s.mover
        if kind == P_END:
            s.stack = []
            HOOKS.end_turn(s)
            return
        if kind == P_AFTER:
            after_jump(s)
            return
        if kind == P_ROUND:
            HOOKS.round_on(s)
            return
        if kind == P_EXTRA:
            extra_jump(s, number)
            return
        if kind == P_EOR:
            if end_of_round(s, number):
                return
        elif kind == P_SLIP:
            if slipstream_asked(s, number):
                return
        elif kind == P_PASS:
            s.stack[:0] = [encode_step(P_SLIP, b) for b in overtaken(s, number)]
        elif kind == P_MOVER:
            s.mover = number
            s.mover_started_last = 0 if s.own_move() else int(started_last(s, s.mover))
        elif kind == P_TOKEN:
            if trigger(s, number):
                return
        elif kind == P_CARDSTEP:
            card_step(s)
        elif kind == P_ROB:
            if not s.crashed[a] and targets(s, a):
                s.phase = ROB
                return
        elif kind == P_SWAP:
            mate = [b for b in range(s.n_astro) if b != a and s.owner(b) == s.owner(a) and not s.finish_place[b]
                    and (s.column[b], s.level[b]) == (s.column[a], s.level[a])]
            if mate and s.n_astro != s.num_players:
                s.partner = mate[0]
                if s.sputniks[a] + s.sputniks[s.partner]:
                    s.phase = SWAP_SPK
                    return
                if s.ec_counters[a] + s.ec_counters[s.partner]:
                    s.phase = SWAP_EC
                    return
    after_jump(s)


def extra_jump(s: MoonState, d: int) -> None:
    """Extra jump (action card): the mover jumps with die ``d`` alone, out of its turn; its
    result is picked as usual."""
    s.say("extra-jump", says("{name} makes a free jump with the {die} (Extra jump).", name=name_w(s, s.mover),
                             die=die_w(d)),
          {"astronaut": s.mover, "die": d})
    s.free_die = d
    roll(s)


def after_jump(s: MoonState) -> None:
    """A jump ended well: go on to the next programmed jump, if any, or end the turn."""
    s.partner = -1
    if any(j > s.jump for j in s.die_action):
        s.phase = GO_ON
    else:
        HOOKS.end_turn(s)


def go_on(s: MoonState, again: bool) -> None:
    """Make the next jump or stop (RB: "How do I reach the goal?": each jump after the
    first is optional, decided before its dice are rolled)."""
    if again:
        s.jump += 1
        while not any(j == s.jump for j in s.die_action):
            s.jump += 1
        roll(s)
    else:
        s.say("stop", says("{name} stops.", name=name_w(s, s.acting)), {"astronaut": s.acting})
        HOOKS.end_turn(s)


def exchange(s: MoonState, keep: int) -> None:
    """Two astronauts of one player in the same box share their counters as the player likes
    (RB: 2 players games): ``keep`` is how many the moving astronaut keeps."""
    a, b = s.mover, s.partner
    if s.phase == SWAP_SPK:
        total = s.sputniks[a] + s.sputniks[b]
        s.sputniks[a], s.sputniks[b] = keep, total - keep
        what = N_("{name} and {other} share their Sputniks: {keep} and {rest}.")
    else:
        total = s.ec_counters[a] + s.ec_counters[b]
        s.ec_counters[a], s.ec_counters[b] = keep, total - keep
        what = N_("{name} and {other} share their EC counters: {keep} and {rest}.")
    s.say("exchange", says(what, name=name_w(s, a), other=name_w(s, b), keep=keep, rest=total - keep),
          {"astronaut": a, "partner": b})
    if s.phase == SWAP_SPK and s.ec_counters[a] + s.ec_counters[b]:
        s.phase = SWAP_EC
        return
    s.partner = -1
    proceed(s)
