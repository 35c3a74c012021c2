"""Action cards (RB: Action cards (advanced rules)).

Each player holds at most one action card, hidden from the others, and plays it out of its
own turn when the card's icon says: at the end of a round (in the round's order, never by a
player in first position or tied for it), before another player programs its dice, or when
a condition is met. A red card is never played against a player who began the turn in last
position. At the start of each round a player without a card draws one; a player with one
may discard it for a new one. A card played or discarded goes face up on the discard pile;
an empty deck is made again by shuffling the discard pile.

All eight effects are in the deck (docs/rulings/moon.md, rulings 24-41): Planification,
Extra jump and Teamwork (end of round), No instructions (before programming), Slipstream,
Sanction, Miscalculation and Cooperation (conditions). Slipstream, Extra jump and Teamwork
move an astronaut out of its turn: the card pushes a block of steps on the step stack
(``stack``: a P_MOVER step with the astronaut, the move, a P_MOVER step with the astronaut
before), so that the special boxes, robbery, Sputniks and accidents of that move, and their
decisions, belong to the astronaut moved and are asked of its player.

Every decision about a card is asked of its holder (``to_move()`` is the seat first in
``asks``); when every holder has answered, the flow goes on as ``resume`` says, through
:data:`~cosmodrome.games.moon.state.HOOKS`.

A moment for a card (a *window*: ``ask_card`` names it) is asked of every seat that may hold
a card fitting it judged from public facts (:func:`may_hold`: it holds a card, and not every
copy of the fitting effects lies face up on the discard pile), whether its card fits or
not; a seat whose card does not fit can only keep it. So being asked tells the others
nothing about the card (docs/rulings/moon.md, ruling 43).
"""

from __future__ import annotations

from cosmodrome.games.lunar.dice import DIE_COLOUR, NUM_DICE, face_text, roll_face
from cosmodrome.games.moon.components import Components
from cosmodrome.games.moon.state import (
    A_PLAY,
    A_REMOVE,
    A_SEAT,
    CARD,
    END_OF_ROUND,
    HOOKS,
    P_CARDSTEP,
    P_EXTRA,
    P_MOVER,
    PICK,
    R_FIRST_TURN,
    R_PICK,
    R_PROCEED,
    R_TURN,
    REFRESH,
    W_COOPERATION,
    W_END,
    W_MISCALCULATION,
    W_NO_INSTRUCTIONS,
    W_SANCTION,
    W_SLIPSTREAM,
    WINDOW_EFFECTS,
    MoonState,
    decode_program,
    encode_step,
)
from cosmodrome.games.moon.text import CARD_TEXT, Word, card_title_w, die_name, die_w, says, seat_label, seat_w, word
from cosmodrome.i18n import N_


def deck_of(comp: Components) -> list[int]:
    """The action deck: every copy of every effect, by index into ``comp.actions``.

    >>> from cosmodrome.games.moon.components import load_components
    >>> len(deck_of(load_components()))
    24
    """
    return list(comp.action_deck)


def effect(s: MoonState, card: int) -> str:
    return s.comp.actions[card].effect


def draw(s: MoonState, seat: int) -> None:
    """``seat`` draws the top card of the deck (the discard pile is shuffled into a new deck
    when the deck is empty); only the holder reads which card it is."""
    if not s.deck:
        if not s.discard:
            return
        s.deck, s.discard = s.discard, []
        s.rng.shuffle(s.deck)
        s.say("card-shuffle", N_("The discard pile of action cards is shuffled into a new deck."), chance=True)
    who = seat_label(s, seat)
    s.hand[seat] = s.rng.draw(s.deck, ("the action card {} draws".format, (who,)), (_draws, (s, who)),
                              seen_by=(seat,))
    s.say("card-draw", says("{who} draws an action card: {title}.", who=seat_w(s, seat),
                            title=card_title_w(effect(s, s.hand[seat]))), None, frozenset((seat,)),
          says("{who} draws an action card.", who=seat_w(s, seat)), chance=True)


def _draws(s: MoonState, who: object, c: int) -> str:
    """The words of a card draw's outcome (only the explicit chance mode writes them)."""
    return f"{who} draws {CARD_TEXT[effect(s, c)][0]}"


def deal(s: MoonState) -> None:
    """Setup (RB: Set up the race): the deck is shuffled and each player gets a card."""
    s.deck = deck_of(s.comp)
    s.rng.shuffle(s.deck)
    for p in range(s.num_players):
        draw(s, p)


def ask(s: MoonState, seats: list[int], window: int, resume: int) -> bool:
    """Ask ``seats`` in turn whether to play their card at the moment ``window`` (one of
    ``W_*``) or, ``window`` 0, whether to refresh it; False, and nothing asked, when ``seats``
    is empty."""
    if not seats:
        return False
    s.asks = list(seats)
    s.ask_card = window
    s.resume = resume
    s.phase = CARD if window else REFRESH
    return True


def may_hold(s: MoonState, seat: int, names: tuple) -> bool:
    """Whether the others must allow that ``seat`` holds a card with one of the effects
    ``names``, from public facts only: it holds a card (face down), and not every copy of
    those effects lies face up on the discard pile."""
    if s.hand[seat] < 0:
        return False
    acts = s.comp.actions
    copies = sum(1 for c in s.comp.action_deck if acts[c].effect in names)
    return sum(1 for c in s.discard if acts[c].effect in names) < copies


def fits(s: MoonState) -> bool:
    """Whether the card of the seat asked now may be played at this moment."""
    return effect(s, s.hand[s.asks[0]]) in WINDOW_EFFECTS.get(s.ask_card, ())


def may_hold_seats(s: MoonState, names: tuple, order: list[int]) -> list[int]:
    """The seats of ``order`` that may hold a card with one of the effects ``names``."""
    return [p for p in order if may_hold(s, p, names)]


def seat_order(s: MoonState) -> list[int]:
    """The seats in the round's order (each at its first astronaut), then any other seat."""
    seen: list[int] = []
    for a in s.order + s.race_order():
        if s.owner(a) not in seen:
            seen.append(s.owner(a))
    return seen


def in_first(s: MoonState, seat: int) -> bool:
    """Whether every astronaut of ``seat`` still racing is in first position, ties included
    (a player with one astronaut behind may play; RB: Action cards)."""
    lead = max(s.column)
    return all(s.column[a] == lead for a in range(s.n_astro) if s.owner(a) == seat and not s.finish_place[a])


def started_last(s: MoonState, a: int) -> bool:
    """Whether astronaut ``a`` stands in last position (ties included): red cards spare it."""
    return s.column[a] == min(s.column)


def spared(s: MoonState) -> bool:
    """Whether red cards spare the astronaut moving: it began its turn (or, moved out of its
    turn, that move) in last position."""
    return bool(s.acting_started_last if s.own_move() else s.mover_started_last)


def may_play(s: MoonState, seat: int) -> bool:
    """Whether ``seat`` may play a card now: never in its own turn, never about its own
    move (RB: Action cards: always out of your turn)."""
    return seat != s.turn_seat() and seat != s.owner(s.mover)


def rearmost(s: MoonState, seat: int) -> int:
    """The seat's rearmost astronaut still racing (-1 if none): the one its cards move or help."""
    mine = [a for a in s.race_order()[::-1] if s.owner(a) == seat and not s.finish_place[a]]
    return mine[0] if mine else -1


def card_options(s: MoonState) -> list[int]:
    """How the asked holder may answer (keep it is ``A_DONE``; the face adds the choices of
    the cards whose play takes a die or an astronaut)."""
    seat = s.asks[0]
    name = effect(s, s.hand[seat])
    if not fits(s):
        return []
    if name == "teamwork":                   # move together with another player's astronaut
        return [A_SEAT + b for b in range(s.n_astro) if s.owner(b) != seat and not s.finish_place[b]]
    return []


def answer(s: MoonState, action: int, play: bool) -> None:
    """The asked holder answers ``action``: play the card (No instructions and Extra jump
    name a die, Teamwork an astronaut) or keep it; then the next holder is asked, or the flow
    goes on."""
    seat = s.asks.pop(0)
    card = s.hand[seat]
    name = effect(s, card)
    if play:
        s.hand[seat] = -1
        s.discard.append(card)
        s.say("card-play", says("{who} plays {title}.", who=seat_w(s, seat), title=card_title_w(name)),
              {"seat": seat, "card": name})
        if name == "planification":
            planification(s, seat)
        elif name == "no-instructions":
            no_instructions(s, action - A_REMOVE)
            s.asks = []
        elif name == "slipstream":
            out_of_turn(s, [s.slipstream_astronaut], [P_CARDSTEP])
        elif name == "extra-jump":
            out_of_turn(s, [rearmost(s, seat)], [encode_step(P_EXTRA, decode_program(action)[0])])
        elif name == "teamwork":
            partner = [action - A_SEAT] if A_SEAT <= action < A_PLAY else []
            out_of_turn(s, [rearmost(s, seat)] + partner, [P_CARDSTEP])
        elif name == "sanction":
            sanction(s, seat)
            s.asks = []
        elif name == "miscalculation":
            miscalculation(s)
            s.asks = []
        elif name == "cooperation":
            cooperation(s, seat)
    if s.asks:
        return
    go_on(s)


def refresh(s: MoonState, new: bool) -> None:
    """At a round's start, the asked holder keeps its card or discards it for a new one."""
    seat = s.asks.pop(0)
    if new:
        s.discard.append(s.hand[seat])
        s.say("card-refresh", says("{who} discards {title} for a new action card.", who=seat_w(s, seat),
                                   title=card_title_w(effect(s, s.hand[seat]))),
              {"seat": seat, "card": effect(s, s.hand[seat])})
        s.hand[seat] = -1
        draw(s, seat)
    if not s.asks:
        go_on(s)


def go_on(s: MoonState) -> None:
    """Every holder asked has answered: the flow goes on where it stopped."""
    s.ask_card = -1
    r = s.resume
    if r == R_TURN:
        HOOKS.turn_on(s)
    elif r == R_PROCEED:
        HOOKS.proceed(s)
    elif r == R_FIRST_TURN:
        HOOKS.first_turn(s)
    elif r == R_PICK:
        s.phase = PICK


# ----- the timings ------------------------------------------------------------------------
def start_of_round(s: MoonState) -> bool:
    """RB: Action cards: a player without a card draws one; a player with one is asked
    whether to discard it for a new one (in the round's order), in the first round too: the
    card dealt at setup may be swapped as any other (ruling 25). True when someone is asked."""
    if not s.advanced:
        return False
    order = seat_order(s)
    for p in order:
        if s.hand[p] < 0:
            draw(s, p)
    return ask(s, [p for p in order if s.hand[p] >= 0], 0, R_FIRST_TURN)


def end_of_round_seats(s: MoonState) -> list[int]:
    """The seats to ask about their end-of-round cards, in the round's order; whether each
    holds one and is behind is checked when its turn to be asked comes (:func:`end_of_round`),
    so that a card played before it may change that."""
    return seat_order(s) if s.advanced else []


def end_of_round(s: MoonState, seat: int) -> bool:
    """Ask ``seat`` about its end-of-round card (Planification, Extra jump, Teamwork), if it
    may hold one and is not in first position (ties included; a seat whose astronauts have
    all arrived is not asked). In the race's last round too: the round ends with its cards
    (ruling 27). True when asked."""
    if not may_hold(s, seat, END_OF_ROUND) or in_first(s, seat):
        return False
    return ask(s, [seat], W_END, R_PROCEED)


def before_programming(s: MoonState) -> bool:
    """"No instructions", asked of the players who may hold it (other players than the one
    about to program) unless that player began its turn last. True when someone is asked."""
    if not s.advanced or s.acting_started_last:
        return False
    me = s.owner(s.acting)
    seats = [p for p in may_hold_seats(s, ("no-instructions",), seat_order(s)) if p != me]
    return ask(s, seats, W_NO_INSTRUCTIONS, R_TURN)


def after_robbery(s: MoonState, target: int) -> bool:
    """"Sanction", asked of the robbed or sabotaged astronaut's player (not in its own turn),
    unless the robber began its turn (or its move out of turn) last. True when asked."""
    if not s.advanced or spared(s):
        return False
    seats = [p for p in may_hold_seats(s, ("sanction",), [s.owner(target)]) if may_play(s, p)]
    return ask(s, seats, W_SANCTION, R_PROCEED)


def after_roll(s: MoonState, dice: list[int]) -> bool:
    """"Miscalculation", asked of the other players who may hold it when a jump's two or more
    dice were rolled together, unless the roller began its turn last. True when someone is
    asked."""
    if not s.advanced or spared(s) or len(dice) < 2:
        return False
    seats = [p for p in may_hold_seats(s, ("miscalculation",), seat_order(s)) if may_play(s, p)]
    return ask(s, seats, W_MISCALCULATION, R_PICK)


def after_sputnik(s: MoonState) -> bool:
    """Cooperation, asked of the other players who may hold it when the astronaut moving
    picked up a Sputnik on its path. True when someone is asked."""
    if not s.advanced or not s.sputnik_supply:
        return False
    seats = [p for p in may_hold_seats(s, ("cooperation",), seat_order(s)) if may_play(s, p)]
    return ask(s, seats, W_COOPERATION, R_PROCEED)


def overtaken(s: MoonState, since: int) -> list[int]:
    """The astronauts that the mover overtook since it stood on column ``since``: behind it
    now, ahead of it then (position is the column: rulings 8 and 34), one a seat (its
    rearmost), of the seats that may play a card now, in the round's order.

    >>> from cosmodrome.games.moon import GAME
    >>> s = GAME.new_state(3, 1, {"advanced": True})
    >>> s.acting = s.mover = 0                 # astronaut 0 plays and jumps from column 2 to 9
    >>> s.column = [9, 4, 8]
    >>> sorted(overtaken(s, 2)), overtaken(s, 5)
    ([1, 2], [2])
    """
    out = []
    for p in seat_order(s):
        mine = [b for b in range(s.n_astro)
                if s.owner(b) == p and not s.finish_place[b] and since < s.column[b] < s.column[s.mover]]
        if mine and may_play(s, p):
            out.append(min(mine, key=s.rank_key))
    return out


def slipstream_asked(s: MoonState, a: int) -> bool:
    """Ask the player of the overtaken astronaut ``a`` whether to play Slipstream for it (if
    it may hold one and may play now). True when asked."""
    p = s.owner(a)
    if not may_hold(s, p, ("slipstream",)) or not may_play(s, p) or s.finish_place[a]:
        return False
    s.slipstream_astronaut = a
    return ask(s, [p], W_SLIPSTREAM, R_PROCEED)


def out_of_turn(s: MoonState, movers: list[int], steps: list[int]) -> None:
    """Push, on top of the step stack, the move ``steps`` of each astronaut of ``movers`` in
    turn, then give the move back to the astronaut moving now."""
    block = [x for a in movers if a >= 0 for x in [encode_step(P_MOVER, a)] + steps]
    s.stack[:0] = block + [encode_step(P_MOVER, s.mover)]


# ----- the effects ------------------------------------------------------------------------
def counter_to(s: MoonState, seat: int, sputnik: bool, card: str) -> None:
    """One counter (a Sputnik if ``sputnik``, else an EC counter), while the supply lasts, to
    the seat's rearmost astronaut still racing, by the card ``card``."""
    a = rearmost(s, seat)
    if a < 0:
        return
    if sputnik:
        if not s.sputnik_supply:
            return
        s.sputnik_supply -= 1
        s.sputniks[a] += 1
        s.say("sputnik", says(N_("{who} takes a Sputnik ({card})."), who=seat_w(s, seat), card=word(card)),
              {"astronaut": a})
    else:
        if not s.ec_supply:
            return
        s.ec_supply -= 1
        s.ec_counters[a] += 1
        s.say("ec", says(N_("{who} takes an EC counter ({card})."), who=seat_w(s, seat), card=word(card)),
              {"astronaut": a})


def planification(s: MoonState, seat: int) -> None:
    """One EC counter to the seat's rearmost astronaut still racing."""
    counter_to(s, seat, False, "Planification")


def no_instructions(s: MoonState, die: int) -> None:
    """Die ``die`` leaves the pool for this turn (one die of a colour: one of each is left)."""
    s.removed_dice |= 1 << die
    s.say("die-removed", says("The {die} is out of the pool this turn (No instructions).", die=die_w(die)),
          {"die": die})


def sanction(s: MoonState, seat: int) -> None:
    """The robber takes a handicap counter, while the supply lasts."""
    a = s.mover
    if s.handicap_supply:
        s.handicap_supply -= 1
        s.handicaps[a] += 1
        s.say("handicap-taken", says("Sanction: {who} takes a handicap counter.", who=seat_w(s, s.owner(a))),
              {"astronaut": a})


def miscalculation(s: MoonState) -> None:
    """Every die of the current jump is rolled again (a chance event)."""
    dice = [d for d in range(NUM_DICE) if s.die_action[d] == s.jump]
    for d in dice:
        s.faces[d] = roll_face(s.rng, s.comp.faces[DIE_COLOUR[d]], f"the {die_name(d)}")
    s.say("roll", says("Miscalculation: the dice are rolled again: {dice}.",
                       dice=Word(_dice_faces, tuple((d, s.faces[d]) for d in dice))),
          {"astronaut": s.mover, "jump": s.jump, "faces": {str(d): s.faces[d] for d in dice}}, chance=True)


def cooperation(s: MoonState, seat: int) -> None:
    """One Sputnik to the seat's rearmost astronaut still racing."""
    counter_to(s, seat, True, "Cooperation")


def _dice_faces(rolled: tuple) -> str:
    """Dice and their faces, as a log sentence lists them (written when read)."""
    return ", ".join(f"{die_name(d)} {face_text(f)}" for d, f in rolled)
