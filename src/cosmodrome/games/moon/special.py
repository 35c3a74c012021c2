"""Special boxes (RB: Special boxes (advanced rules)): a token on each of the four circled boxes
between the cards, whose effect an astronaut gets when it steps into that box, by a jump
(even one that ends in an accident) or by an action card's move. The effect and its
decisions belong to the astronaut moving (``mover``), in its turn or out of it.

Free moves go from circle box to circle box (boxes with a circle), collect no Sputniks, and
may cross the goal line (which ends the turn). A move that a special box causes sets off the
other special boxes it steps into, as any move does; it does not set off again the box whose
effect it is (a "back" token passed on the way may send the astronaut back onto its own box:
the astronaut is already there, and is not sent back a second time). Every lunar card has a
box with a circle, so a box's move never reaches another special box from a box: the chains
end (docs/rulings/moon.md, ruling 20).
"""

from __future__ import annotations

from cosmodrome.games.lunar.dice import DIE_COLOUR, NUM_DICE
from cosmodrome.games.lunar.terrain import SAFE_LANDING
from cosmodrome.games.moon.state import (
    A_COUNT,
    A_DONE,
    ADVANCE,
    BUY,
    FREE_DIE,
    HOOKS,
    P_END,
    P_MOVER,
    P_PASS,
    P_TOKEN,
    MoonState,
    decode_program,
    encode_program,
    encode_step,
    step_kind,
)
from cosmodrome.games.moon.text import Word, name_w, place_w, says, spends_text, token_words
from cosmodrome.i18n import N_


def circle_box(s: MoonState, col: int, step: int):
    """The next box with a circle from ``col`` in direction ``step`` (+1 ahead, -1 back): its
    column and its highest such level, or None."""
    c = col + step
    while 0 <= c <= s.goal:
        levels = [y for y, k in enumerate(s.strip[c]) if k in SAFE_LANDING]
        if levels:
            return c, max(levels)
        c += step
    return None


def free_step(s: MoonState, a: int, step: int) -> bool:
    """Move astronaut ``a`` one circle box ahead or back; True when it crossed the goal."""
    box = circle_box(s, s.column[a], step)
    if box is None:
        return False
    s.place(a, *box)
    s.say("free-move", says(N_("{name} moves ahead to {place}.") if step > 0 else N_("{name} moves back to {place}."),
                            name=name_w(s, a), place=place_w(s, *box)),
          {"astronaut": a, "col": box[0], "level": box[1]})
    if box[0] == s.goal:
        s.arrived += 1
        s.finish_place[a] = s.arrived
        s.say("goal", says(N_("{name} crosses the goal line first!") if s.arrived == 1
                           else N_("{name} crosses the goal line!"), name=name_w(s, a)),
              {"astronaut": a, "place": s.arrived})
        stop_moves(s)
        return True
    return False


def own_steps(s: MoonState) -> int:
    """How many steps on top of the stack belong to the move being made (up to the next
    change of mover)."""
    return next((i for i, p in enumerate(s.stack) if step_kind(p) == P_MOVER), len(s.stack))


def stop_moves(s: MoonState) -> None:
    """The mover's move is over (it crossed the goal line): what it would still have done is
    dropped, but those it overtook are asked about Slipstream, and the turn's own astronaut
    ends its turn (RB: "How do I win?")."""
    k = own_steps(s)
    passes = [p for p in s.stack[:k] if step_kind(p) == P_PASS]
    s.stack[:k] = passes + ([P_END] if s.own_move() else [])


def card_step(s: MoonState) -> None:
    """An action card moves the mover one circle box ahead (Slipstream, Teamwork): the
    special box it enters there sets off (RB: Special boxes: also by an action card's
    move), then those it overtook are asked about Slipstream."""
    a = s.mover
    since = s.column[a]
    then = []
    if not free_step(s, a, 1) and s.column[a] in s.boxes and s.level[a] == s.comp.connector_level \
            and s.tokens[s.boxes.index(s.column[a])] >= 0:
        then.append(encode_step(P_TOKEN, s.column[a]))
    s.stack[:0] = then + ([encode_step(P_PASS, since)] if s.advanced else [])


def special_box(s: MoonState, col: int, lvl: int) -> bool:
    """Whether (``col``, ``lvl``) is a circled box between two cards holding a token."""
    return col in s.boxes and lvl == s.comp.connector_level and s.tokens[s.boxes.index(col)] >= 0


def set_off(s: MoonState, src: int, cols: list[int]) -> None:
    """A special box's move (from the box at ``src``) stepped into the circle boxes ``cols``:
    the special boxes among them other than ``src`` set off next, in order (RB: Special
    boxes: "if you step into a special box")."""
    a = s.mover
    if s.finish_place[a]:
        return
    s.stack[:0] = [encode_step(P_TOKEN, c) for c in cols if c != src and special_box(s, c, s.comp.connector_level)]


def trigger(s: MoonState, col: int) -> bool:
    """The effect of the token on the circled box at ``col`` for the astronaut moving; True
    when it asks a decision (the flow goes on after it)."""
    a = s.mover
    token = s.tokens[s.boxes.index(col)]
    if token < 0:
        return False
    effect = s.comp.tokens[token]
    s.say("special", says("{name} steps on a special box: {what}.", name=name_w(s, a),
                          what=Word(token_words, s.comp, effect)), {"astronaut": a, "effect": effect})
    if effect == "advance":             # "You can advance": the astronaut may stay (ruling 19)
        s.phase = ADVANCE
        return True
    elif effect == "back":
        free_step(s, a, -1)
        set_off(s, col, [s.column[a]])
    elif effect == "ec":
        if s.ec_supply:
            s.ec_supply -= 1
            s.ec_counters[a] += 1
    elif effect == "two-sputniks":      # while the supply lasts
        got = min(s.comp.rules["token_sputniks"], s.sputnik_supply)
        s.sputnik_supply -= got
        s.sputniks[a] += got
    elif effect == "reroll-next":
        s.free_reroll_token[a] = 1
    elif effect == "buy-advances" and s.sputniks[a]:
        s.phase = BUY
        return True
    elif effect == "one-die-jump" and (not s.crashed[a] or not s.own_move()):
        # an accident in its own turn ends that turn ("What's an accident?"), jump and all; out
        # of its turn a face-down astronaut gets the jump ("even if you end up in the box
        # crashed") and stays face-down, as with Extra jump (rulings 19 and 38)
        s.phase = FREE_DIE
        return True
    return False


def advance(s: MoonState, go: bool) -> None:
    """The advance token's choice (RB: Special boxes: "You can advance one circle box"):
    one circle box ahead, setting off the special box stepped into there, or stay."""
    a = s.mover
    if go:
        if not free_step(s, a, 1):
            set_off(s, -1, [s.column[a]])
    else:
        s.say("stay", says("{name} stays where it is.", name=name_w(s, a)), {"astronaut": a})
    HOOKS.proceed(s)


def buy_options(s: MoonState) -> list[int]:
    return [A_COUNT + n for n in range(s.sputniks[s.mover] + 1)]


def buy(s: MoonState, n: int) -> None:
    """Spend ``n`` Sputniks for as many free advances of one circle box each."""
    a = s.mover
    if n:
        s.sputniks[a] -= n
        s.sputnik_supply += n
        s.say("buy", (spends_text, (n, {"name": name_w(s, a)})), {"astronaut": a})
    entered = []
    for _ in range(n):
        if free_step(s, a, 1):
            break
        entered.append(s.column[a])
    set_off(s, -1, entered)
    HOOKS.proceed(s)


def free_die_options(s: MoonState) -> list[int]:
    """One die of each colour for an immediate one-die jump (the token's, Extra jump's)."""
    seen, out = set(), []
    for d in range(NUM_DICE):
        if DIE_COLOUR[d] not in seen:
            seen.add(DIE_COLOUR[d])
            out.append(encode_program(d, 0))
    return out


def token_jump_options(s: MoonState) -> list[int]:
    """The token's jump is offered, not imposed (RB: Special boxes: "You can make a jump
    with 1 dice immediately"): decline it, or one die of each colour."""
    return [A_DONE] + free_die_options(s)


def free_jump(s: MoonState, action: int) -> None:
    """Roll the chosen die for an immediate jump; its result is picked as usual. Declined
    (``A_DONE``), the move goes on without it."""
    if action == A_DONE:
        s.say("no-jump", says("{name} makes no free jump.", name=name_w(s, s.mover)), {"astronaut": s.mover})
        HOOKS.proceed(s)
        return
    s.free_die = decode_program(action)[0]
    HOOKS.roll(s)
