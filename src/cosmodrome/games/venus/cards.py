"""RB: Detailed explanation of the cards – one function per card effect, their timing
(Action uses your action, Free action does not, Benefit goes with the action it helps) and
the reactions played out of turn when their trigger happens:

- ignore a skull: also stops another player eliminating one of your units;
- return an eliminated unit of yours to Earth orbit instead of your stock;
- one more action when the pass card is emptied (see :mod:`.phases`);
- give up the 'instead' card so that the card just played returns to your hand.
"""

from __future__ import annotations

from cosmodrome.games.venus.components import EFFECT_ID
from cosmodrome.games.venus.flow import (
    A_CARD,
    A_DONE,
    A_ORBIT,
    A_PLANET,
    A_SEAT,
    A_SURFACE,
    A_UNIT,
    A_YES,
    BUILD,
    D_BIGGAME,
    D_CYCLE,
    D_DRAW4,
    D_FORCE,
    D_GUN,
    D_HAND,
    D_IGNORE,
    D_INSTEAD,
    D_KILL_SEAT,
    D_KILL_UNIT,
    D_KILL_WHERE,
    D_LOOK,
    D_LOOK_GIVE,
    D_LOOK_TAKE,
    D_PLACE_TENSION,
    D_REMOVE_TENSION,
    D_RETURN,
    D_RETURN_PICK,
    D_UP,
    EARTH,
    HAND_LIMIT,
    HAND_LIMIT_CHECK,
    INF,
    MERCURY,
    MINE,
    N_PLANETS,
    O_HAND,
    O_INSTEAD,
    SHIP,
    T_BIGGAME,
    T_CRISIS,
    T_TENSION,
    TANK,
    VENUS,
    Cycle,
    DiscardDie,
    Draw4,
    ForceDiscard,
    Frame,
    Gunrunner,
    HandLimit,
    HandLimitCheck,
    IgnoreElimination,
    Instead,
    InsteadCheck,
    KillSeat,
    KillUnit,
    KillWhere,
    Look,
    LookGive,
    LookTake,
    PassCube,
    PlaceTension,
    RemoveTension,
    Reroll,
    ReturnPick,
    ReturnUnit,
    Sacrifice,
    TakeBiggame,
    UnitUp,
    auto,
    building_ix,
    decide,
    decode_unit_at,
    encode_gunrunner,
    encode_unit_at,
    gunrunner_card,
    gunrunner_planet,
    stock_ix,
    unit_ix,
    unit_places,
    without,
)
from cosmodrome.games.venus.state import (
    SHORT,
    VenusState,
    has_alien,
)
from cosmodrome.games.venus.text import (
    UNIT_LABELS,
    an_unit_w,
    card_discarded,
    card_drawn,
    card_name,
    card_w,
    cards_w,
    drew_hidden_text,
    drew_text,
    planet_w,
    planet_word,
    plays_text,
    says,
    seat_word,
    unit_label_w,
    who,
)
from cosmodrome.i18n import N_, _, gettext, ngettext

E = EFFECT_ID

E_INSTEAD, E_GUNRUNNER = E["instead"], E["gunrunner"]
E_RETURN_UNIT, E_IGNORE_SKULL = E["return_unit"], E["ignore_skull"]

KILL_TYPES = {E["kill_infantry"]: (INF,), E["kill_ship"]: (SHIP,), E["kill_unit"]: (INF, SHIP, TANK)}


def _effects_in(s, cards) -> list:
    ce = s.comp.card_effect
    return sorted({ce(c) for c in cards})


# ----------------------------------------------------------------------------------------
# drawing and the hand limit
# ----------------------------------------------------------------------------------------
def draw(s: VenusState, p: int, k: int) -> list:
    """Draw ``k`` cards for ``p`` (reshuffling the discards into a new deck when the deck
    runs out) and queue the hand-limit check. RB: Claim one tile (Draw two cards)."""
    got = []
    for _i in range(k):
        if not s.deck:
            if not s.discard:
                break
            s.deck = bytearray(s.discard)
            s.discard = ()
            s.rng.shuffle(s.deck)
            s.say("reshuffle", N_("The discards were shuffled into a new deck."), chance=True)
        got.append(s.rng.draw(s.deck, ("the card {} draws".format, (SHORT[p],)), (card_drawn, (s.comp, SHORT[p])),
                              seen_by=(p,)))
    if got:
        s.hands[p] += tuple(got)
        s.say("draw", (drew_text, (s.comp, p, got)), {"seat": p, "cards": got}, frozenset((p,)),
              (drew_hidden_text, (p, len(got))), chance=True)
        if len(s.hands[p]) > s.comp.rules["hand_limit"]:
            s.stack.append(HAND_LIMIT_CHECK[p])
    return got


# ----------------------------------------------------------------------------------------
# hand limit
# ----------------------------------------------------------------------------------------
@auto(O_HAND)
def hand_limit(s: VenusState, f: HandLimitCheck) -> None:
    """RB: hand limit (``rules.hand_limit``) – discard down at once after drawing (ruling)."""
    p = f.seat
    s.stack.pop()
    if len(s.hands[p]) > s.comp.rules["hand_limit"]:
        s.stack.append(HAND_LIMIT[p])


def _hand_legal(s, f: HandLimit):
    p = f.seat
    return [A_CARD + e for e in _effects_in(s, s.hands[p])]


def _hand_prompt(s, f: HandLimit):
    p = f.seat
    return _("Over the hand limit: discard a card ({n} held).").format(n=len(s.hands[p]))


@decide(D_HAND, "hand_limit", _hand_legal, _hand_prompt)
def discard_to_limit(s: VenusState, f: HandLimit, a: int) -> None:
    """RB: Take one Pass cube – hand limit: discard one card of your choice."""
    p = f.seat
    c = s.take_card(p, a - A_CARD)
    s.discard += (c,)
    s.say("discard", says("{who} discards {card} (hand limit).", who=who(p), card=card_w(s.comp, c)),
          {"seat": p, "card": c})
    s.stack.append(HAND_LIMIT_CHECK[p])


# ----------------------------------------------------------------------------------------
# playing cards
# ----------------------------------------------------------------------------------------
def may_hold(s: VenusState, p: int, e: int) -> bool:
    """Whether the other players must allow that ``p`` holds a card with effect ``e``, judged
    from what is public only: ``p`` holds cards and not every copy of ``e`` lies on the (face
    up) discard pile. A reaction is asked of every such player, holder or not, so that being
    asked tells nobody anything (ruling 32)."""
    if not s.hands[p]:
        return False
    ce = s.comp.card_effects
    gone = 0
    for c in s.discard:
        if ce[c] == e:
            gone += 1
    c = s.comp
    return gone < c.deck_effects.count(e) + c.player_effects.count(e) * s.num_players


def discard_played(s: VenusState, p: int, card: int) -> None:
    """Put a played card on the discard pile, log it, and queue the 'instead' reaction
    (asked after the card's effect has been resolved, of a player who may hold one)."""
    s.discard += (card,)
    s.say("play", (plays_text, (s.comp, p, card)), {"seat": p, "card": card})
    if may_hold(s, p, E_INSTEAD):
        s.stack.append(InsteadCheck(p, card))


def playable_effects(s: VenusState, p: int, effects) -> list:
    """Of ``effects`` (card effect ids, ascending), those ``p`` may play from the action menu
    now: Action and Free action cards whose check (:data:`PLAYABLE`) passes. One call for a
    whole hand: the turn menu and :func:`free_cards` ask it."""
    types = s.comp.effect_type
    out = []
    for e in effects:
        t = types[e]
        if t == "action" or t == "free":
            check = PLAYABLE.get(e)
            if check is None or check(s, p):
                out.append(e)
    return out


def card_playable(s: VenusState, p: int, e: int, f=None) -> bool:
    """May ``p`` play effect ``e`` from the action menu now (:func:`playable_effects` of one)."""
    return bool(playable_effects(s, p, (e,)))


def free_cards(s: VenusState, p: int) -> list:
    """The free-action cards ``p`` could play now, by effect (RB: Detailed explanation of the
    cards – at any point in your turn, also once your actions are used up)."""
    c = s.comp
    types, ce = c.effect_type, c.card_effects
    free = None   # the free-action effects of the hand: None until the first is found
    for card in s.hands[p]:
        e = ce[card]
        if types[e] == "free":
            if free is None:
                free = {e}
            else:
                free.add(e)
    if free is None:
        return []
    return playable_effects(s, p, sorted(free))


def play_card(s: VenusState, p: int, e: int) -> None:
    """Play an Action or Free action card from the menu (RB: Action: Card action)."""
    if e == E_GUNRUNNER:
        s.stack.append(Gunrunner(p))   # the card leaves the hand when it is laid on a planet
        return
    card = s.take_card(p, e)
    discard_played(s, p, card)
    EFFECTS[e](s, p)


@auto(O_INSTEAD)
def instead_check(s: VenusState, f: InsteadCheck) -> None:
    """RB: Detailed explanation of the cards ('instead' card) – offered after the effect to
    the player who may hold one (ruling 32: holder or not, judged from public facts)."""
    p, card = f.seat, f.card
    s.stack.pop()
    if card in s.discard and may_hold(s, p, E_INSTEAD):
        s.stack.append(Instead(p, card))


def _yes_if_held(e: int):
    """The options of a reaction to the card ``e`` (frames of several kinds, each with its
    ``seat``): go on (0), and play it (1) for a holder."""
    def legal(s, f: Frame):
        return [A_DONE, A_YES] if s.has_effect(f.seat, e) else [A_DONE]
    return legal


def _instead_prompt(s, f: Instead):
    p, card = f.seat, f.card
    if not s.has_effect(p, E_INSTEAD):
        return _("A card was played ({card}); you hold no 'instead' card to take it back: go on.").format(
            card=card_name(s, card))
    return _("Discard your 'instead' card to take {card} back into your hand?").format(card=card_name(s, card))


@decide(D_INSTEAD, "reaction", _yes_if_held(E_INSTEAD), _instead_prompt)
def discard_instead(s: VenusState, f: Instead, a: int) -> None:
    """RB: Detailed explanation of the cards – the 'instead' card goes to the discard pile
    and the card just played comes back to the hand."""
    p, card = f.seat, f.card
    if a != A_YES:
        return
    c = s.take_card(p, E_INSTEAD)
    s.discard = without(s.discard, card)
    s.discard += (c,)
    s.hands[p] += (card,)
    s.say("instead",
          says("{who} discards a card instead and takes {card} back.", who=who(p), card=card_w(s.comp, card)),
          {"seat": p, "card": card})


# ----------------------------------------------------------------------------------------
# eliminations and their reactions
# ----------------------------------------------------------------------------------------
def unit_eliminated(s: VenusState, p: int, t: int) -> None:
    """A unit of ``p`` was just eliminated into stock: offer the 'return to Earth orbit'
    reaction when ``p`` holds it (RB: the card answers an elimination for any reason, by the
    dice or by a card: combat casualties, the elimination and sacrifice cards, Bazagthoth,
    single-unit crisis losses; see :func:`units_eliminated` for the Moon's invasion). It is
    asked whenever ``p`` may hold the card (ruling 32), so that the question tells nothing."""
    if s.stock[stock_ix(p, t)] and may_hold(s, p, E_RETURN_UNIT):
        s.stack.append(ReturnUnit(p, t))


def units_eliminated(s: VenusState, lost: list) -> None:
    """Several units were eliminated at once (``lost[p]`` = [infantry, spaceships, tanks] of
    seat ``p``, now in stock): each player who may hold the return card (ruling 32) is asked,
    from the first player clockwise, which of its units to return (one a card)."""
    n = s.num_players
    for k in reversed(range(n)):
        p = (s.first_seat + k) % n
        if any(lost[p]) and may_hold(s, p, E_RETURN_UNIT):
            s.stack.append(ReturnPick(p, *lost[p]))


def _return_prompt(s, f: ReturnUnit):
    p = f.seat
    if not s.has_effect(p, E_RETURN_UNIT):
        return _("Your unit was eliminated; you hold no card to return it to Earth orbit: go on.")
    return _("Your unit was eliminated: play your card to return it to Earth orbit?")


@decide(D_RETURN, "reaction", _yes_if_held(E_RETURN_UNIT), _return_prompt)
def return_unit(s: VenusState, f: ReturnUnit, a: int) -> None:
    """RB: Detailed explanation of the cards – an eliminated unit of yours goes to Earth
    orbit rather than to your stock."""
    p, t = f.seat, f.unit
    if a == A_YES:
        _return_to_earth(s, p, t)


def _return_to_earth(s: VenusState, p: int, t: int) -> None:
    c = s.take_card(p, E_RETURN_UNIT)
    s.discard += (c,)
    s.stock[stock_ix(p, t)] -= 1
    s.orbit[unit_ix(p, EARTH, t)] += 1
    s.say("return", says("{who} returns the eliminated {unit} to Earth orbit.", who=who(p), unit=unit_label_w(t)),
          {"seat": p, "unit": t})


def _return_pick_legal(s, f: ReturnPick):
    p, lost = f.seat, [f.infantry, f.spaceships, f.tanks]   # infantry, spaceships, tanks
    if not s.has_effect(p, E_RETURN_UNIT):
        return [A_DONE]
    return [A_DONE] + [A_UNIT + t for t in (INF, SHIP, TANK) if lost[t] and s.stock[stock_ix(p, t)]]


def _return_pick_prompt(s, f: ReturnPick):
    p = f.seat
    if not s.has_effect(p, E_RETURN_UNIT):
        return _("Your units were eliminated; you hold no card to return one of them to Earth orbit: go on.")
    return _("Your units were eliminated: play your card to return one of them to Earth orbit?")


@decide(D_RETURN_PICK, "return_unit", _return_pick_legal, _return_pick_prompt)
def return_one_of(s: VenusState, f: ReturnPick, a: int) -> None:
    """RB: Detailed explanation of the cards – of several units eliminated at once, the
    holder returns one to Earth orbit per card played."""
    if a == A_DONE:
        return
    p, left = f.seat, [f.infantry, f.spaceships, f.tanks]   # infantry, spaceships, tanks
    t = a - A_UNIT
    _return_to_earth(s, p, t)
    left[t] -= 1
    if any(left) and may_hold(s, p, E_RETURN_UNIT):
        s.stack.append(ReturnPick(p, *left))


def target_unit(s: VenusState, chooser: int, q: int, pl: int, t: int) -> None:
    """``chooser`` has picked a unit of type ``t`` of ``q`` at ``pl`` to eliminate: where ``q``
    has one in orbit and one on the surface, the chooser says which (RB: Detailed
    explanation of the cards – the unit may be in orbit or on the surface)."""
    i = unit_ix(q, pl, t)
    if s.orbit[i] and s.surface[i]:
        s.stack.append(KillWhere(chooser, q, pl, t))
    else:
        attack_unit(s, chooser, q, pl, t, not s.orbit[i])


def _where_prompt(s, f: KillWhere):
    owner, pl, t = f.owner, f.planet, f.unit
    return _("Eliminate {who}'s {unit} at {planet}: the one in orbit or the one on the surface?").format(
        who=seat_word(owner), unit=gettext(UNIT_LABELS[t]), planet=planet_word(s.comp, pl))


@decide(D_KILL_WHERE, "kill_where", lambda s, f: [A_ORBIT, A_SURFACE], _where_prompt)
def kill_where(s: VenusState, f: KillWhere, a: int) -> None:
    """The chooser of an elimination picks the unit in orbit or the one on the surface."""
    chooser, owner, pl, t = f.seat, f.owner, f.planet, f.unit
    attack_unit(s, chooser, owner, pl, t, a == A_SURFACE)


def attack_unit(s: VenusState, attacker: int, q: int, pl: int, t: int, surface: bool = False) -> None:
    """Another player's effect eliminates a unit of ``q`` (from the surface or orbit): ``q``
    may stop it with an 'ignore a skull' card, otherwise the unit goes (with the return
    reaction). ``q`` is asked whenever it may hold the card (ruling 32)."""
    if q != attacker and may_hold(s, q, E_IGNORE_SKULL):
        s.stack.append(IgnoreElimination(q, pl, t, attacker, int(surface)))
        return
    eliminate(s, q, pl, t, surface)


def eliminate(s: VenusState, q: int, pl: int, t: int, surface: bool = False) -> None:
    if s.remove_unit(q, pl, t, surface_first=surface):
        s.say("eliminate", says("{who}'s {unit} at {planet} is eliminated.", who=who(q), unit=unit_label_w(t),
                                planet=planet_w(s.comp, pl)),
              {"seat": q, "planet": pl, "unit": t})
        unit_eliminated(s, q, t)


def _ignore_prompt(s, f: IgnoreElimination):
    q, attacker = f.seat, f.attacker
    if not s.has_effect(q, E_IGNORE_SKULL):
        return _("{who} is eliminating your unit; you hold no 'ignore a skull' card to stop it: go on.").format(
            who=seat_word(attacker))
    return _("{who} is eliminating your unit: play 'ignore a skull' to stop it?").format(who=seat_word(attacker))


@decide(D_IGNORE, "reaction", _yes_if_held(E_IGNORE_SKULL), _ignore_prompt)
def ignore_elimination(s: VenusState, f: IgnoreElimination, a: int) -> None:
    """RB: Detailed explanation of the cards – the ignore-a-skull card used as an interrupt
    against another player's elimination."""
    q, pl, t, surface = f.seat, f.planet, f.unit, f.surface
    if a == A_YES:
        c = s.take_card(q, E_IGNORE_SKULL)
        s.discard += (c,)
        s.say("ignore", says("{who} plays 'ignore a skull' and saves its unit.", who=who(q)), {"seat": q})
    else:
        eliminate(s, q, pl, t, bool(surface))


# ----------------------------------------------------------------------------------------
# Benefit cards in combat
# ----------------------------------------------------------------------------------------
#: the combat-point cards: effect id -> the rule of ``components.toml [rules]`` giving its
#: points (RB: Claiming game tiles; Detailed explanation of the cards)
CARD_CP = {E[e]: f"{e}_card_cp" for e in ("cp1", "cp2", "cp3", "cp1_draw", "cp2_venus", "cp3_moon",
                                          "cp3_earth_crisis")}


def _cp(e):
    """The combat points of card effect ``e`` (its rule in :data:`CARD_CP`) added to the claim."""
    key = CARD_CP[E[e]]

    def fx(s, p):
        s.combat.card_points += s.comp.rules[key]
    return fx


def _cp1_draw(s, p):
    """Its combat points, then an immediate card draw (RB: Detailed explanation of the cards)."""
    s.combat.card_points += s.comp.rules["cp1_draw_card_cp"]
    draw(s, p, s.comp.rules["cp1_draw_cards"])


def _mod(unit):
    def fx(s, p):
        s.combat.boosted[unit] = 1
    return fx


def sacrifice_unit(s: VenusState, p: int, t: int) -> None:
    """Sacrifice a unit of ``p`` of type ``t`` on the surface of the planet fought over for
    the CP of the rule ``sacrifice_cp``; it goes to stock, or to Earth orbit with the
    return card (RB: Detailed explanation of the cards – the tank sacrifice and the unit
    sacrifice)."""
    s.surface[unit_ix(p, s.combat.planet, t)] -= 1
    s.stock[stock_ix(p, t)] += 1
    s.lost[p] += 1
    s.combat.card_points += s.comp.rules["sacrifice_cp"]
    unit_eliminated(s, p, t)


def _sac_tank(s, p):
    """Sacrifice a tank of yours on the fought-over surface (:func:`sacrifice_unit`)."""
    sacrifice_unit(s, p, TANK)


def _sac_unit(s, p):
    s.stack.append(Sacrifice(p))


def _reroll(s, p):
    s.stack.append(Reroll(p))


def _discard_die(s, p):
    s.stack.append(DiscardDie(p))


def _ignore(s, p):
    s.combat.skulls_ignored += 1


COMBAT_EFFECTS = {
    E["cp1"]: _cp("cp1"), E["cp2"]: _cp("cp2"), E["cp3"]: _cp("cp3"), E["cp1_draw"]: _cp1_draw,
    E["cp2_venus"]: _cp("cp2_venus"), E["cp3_moon"]: _cp("cp3_moon"), E["cp3_earth_crisis"]: _cp("cp3_earth_crisis"),
    E["tanks3"]: _mod(TANK), E["infantry2"]: _mod(INF), E["ships2"]: _mod(SHIP),
    E["sacrifice_tank"]: _sac_tank, E["sacrifice_unit"]: _sac_unit, E["reroll"]: _reroll,
    E["discard_die"]: _discard_die, E["ignore_skull"]: _ignore,
}


# ----------------------------------------------------------------------------------------
# Action and Free action cards
# ----------------------------------------------------------------------------------------
def another_action(s, p):
    """Perform another action (Free action)."""
    s.actions_left += 1


def free_build(s, p):
    """Perform Build Military Units action (Free action; still pay)."""
    s.stack.append(BUILD[p][0])


def free_pass(s, p):
    """Perform 'Take one Pass cube' action (Free action): cube and a card."""
    s.stack.append(PassCube(p))   # the action itself is in .actions


def tank_up(s, p):
    """Lift a tank of yours from a surface back into orbit (Free action)."""
    s.stack.append(UnitUp(p, TANK))


def infantry_up(s, p):
    """Lift an infantry unit of yours from a surface back into orbit (Free action)."""
    s.stack.append(UnitUp(p, INF))


def cycle3(s, p):
    """Swap up to ``cycle_discards`` (3) hand cards for new ones, drawing ``cycle_extra_draws``
    (1) more (Action)."""
    s.stack.append(Cycle(p, 0))


def draw4keep2(s, p):
    """Draw ``draw_and_keep_draws`` (4), keep ``draw_and_keep_keeps`` (2) of them, discard the
    rest (Action)."""
    r = s.comp.rules
    s.drawn = ()
    got = draw(s, p, r["draw_and_keep_draws"])
    s.drawn = tuple(got)
    keep = r["draw_and_keep_keeps"]
    if len(got) > keep:
        s.stack.append(Draw4(p, len(got) - keep))


def buy3cards(s, p):
    """Pay ``rules.buy_cards_cost`` to draw ``rules.buy_cards_drawn`` cards (Action)."""
    cost = s.comp.rules["buy_cards_cost"]
    s.pay(p, cost)
    s.say("money", says("{who} pays £{cost} to the bank.", who=who(p), cost=cost), {"seat": p})
    draw(s, p, s.comp.rules["buy_cards_drawn"])


def _kill(e):
    def fx(s, p):
        """Eliminate one infantry / spaceship / military unit of your choice (Action)."""
        s.stack.append(KillSeat(p, e))
    return fx


def place_tension(s, p):
    """Put a discarded tension tile back in play on a chosen planet (Action)."""
    s.stack.append(PlaceTension(p))


def remove_tension(s, p):
    """Take a tension tile off a chosen planet into the tile discards (Action)."""
    s.stack.append(RemoveTension(p))


def force_discard2(s, p):
    """Another player of your choice loses ``rules.force_discard_cards`` random cards (Action)."""
    s.stack.append(ForceDiscard(p))


def look_swap(s, p):
    """See another player's hand and optionally trade one card (Action)."""
    s.stack.append(Look(p))


def income_mines(s, p):
    """Gain £1 per mine of yours on the board (Action)."""
    n = sum(s.built[building_ix(p, pl, MINE)] for pl in range(N_PLANETS))
    s.gain(p, n)
    s.say("money", says("{who} takes £{n}, one for each mine.", who=who(p), n=n), {"seat": p, "amount": n})


def take3(s, p):
    """Take ``rules.take_money`` from the bank (Action)."""
    n = s.comp.rules["take_money"]
    s.gain(p, n)
    s.say("money", says("{who} takes £{n} from the bank.", who=who(p), n=n), {"seat": p, "amount": n})


def take_biggame(s, p):
    """Take a big game tile from any planet and keep it (Action)."""
    s.stack.append(TakeBiggame(p))


EFFECTS = {
    E["another_action"]: another_action, E["free_build"]: free_build, E["free_pass"]: free_pass,
    E["tank_up"]: tank_up, E["infantry_up"]: infantry_up, E["cycle3"]: cycle3,
    E["draw4keep2"]: draw4keep2, E["buy3cards"]: buy3cards, E["kill_infantry"]: _kill(E["kill_infantry"]),
    E["kill_ship"]: _kill(E["kill_ship"]), E["kill_unit"]: _kill(E["kill_unit"]),
    E["place_tension"]: place_tension, E["remove_tension"]: remove_tension,
    E["force_discard2"]: force_discard2, E["look_swap"]: look_swap, E["income_mines"]: income_mines,
    E["take3"]: take3, E["take_biggame"]: take_biggame,
}


#: how far apart the counters of one unit type lie in ``orbit`` and ``surface``: a planet's
#: block (the seats' blocks follow each other, so the stride runs across every seat)
_UNIT_TYPE_STRIDE = unit_ix(0, VENUS) - unit_ix(0, MERCURY)


def _any_unit(s, types) -> bool:
    """Is a unit of one of ``types`` anywhere, in orbit or on a surface? (every seat's
    counters of a type, from :func:`~.flow.unit_ix` ``(0, MERCURY, t)``, a planet apart)"""
    o, su = s.orbit, s.surface
    for t in types:
        first = unit_ix(0, MERCURY, t)
        if any(o[first::_UNIT_TYPE_STRIDE]) or any(su[first::_UNIT_TYPE_STRIDE]):
            return True
    return False


def _tile_planets(s, kind, first_only: bool = False) -> list:
    """The planets not flipped where a tile of ``kind`` lies (with ``first_only``, the
    first of them only: enough to know whether there is one)."""
    tk = s.comp.tile_kind
    flipped, ptiles = s.flipped, s.planet_tiles
    out = []
    for pl in range(N_PLANETS):
        if not flipped[pl]:
            for t in ptiles[pl]:
                if tk[t] == kind:
                    if first_only:
                        return [pl]
                    out.append(pl)
                    break
    return out


def _tension_dest(s, first_only: bool = False) -> list:
    """The planets a tension tile may be placed on: not flipped, no alien there."""
    out = []
    flipped = s.flipped
    for pl in range(N_PLANETS):
        if not flipped[pl] and not has_alien(s, pl):
            if first_only:
                return [pl]
            out.append(pl)
    return out


def _up_planets(s, p, t) -> list:
    return [pl for pl in range(N_PLANETS) if s.surface[unit_ix(p, pl, t)]]


#: effect -> may it be played now? (an effect missing here is always playable; .actions
#: registers the building card's check, which is its own action's)
PLAYABLE = {
    E["free_pass"]: lambda s, p: s.cubes > 0 and not s.extra_action,
    E["tank_up"]: lambda s, p: bool(_up_planets(s, p, TANK)),
    E["infantry_up"]: lambda s, p: bool(_up_planets(s, p, INF)),
    E["buy3cards"]: lambda s, p: s.money[p] >= s.comp.rules["buy_cards_cost"],
    E["kill_infantry"]: lambda s, p: _any_unit(s, (INF,)),
    E["kill_ship"]: lambda s, p: _any_unit(s, (SHIP,)),
    E["kill_unit"]: lambda s, p: _any_unit(s, (INF, SHIP, TANK)),
    E["gunrunner"]: lambda s, p: bool(_tile_planets(s, T_CRISIS, True)),
    E["place_tension"]: lambda s, p: (any(s.comp.tile_kind[t] == T_TENSION for t in s.tile_discard)
                                      and bool(_tension_dest(s, True))),
    E["remove_tension"]: lambda s, p: bool(_tile_planets(s, T_TENSION, True)),
    E["force_discard2"]: lambda s, p: any(s.hands[q] for q in range(s.num_players) if q != p),
    E["look_swap"]: lambda s, p: any(s.hands[q] for q in range(s.num_players) if q != p),
    E["take_biggame"]: lambda s, p: bool(_tile_planets(s, T_BIGGAME, True)),
}


# ----------------------------------------------------------------------------------------
# the decisions of those cards
# ----------------------------------------------------------------------------------------
def _up_legal(s, f: UnitUp):
    p, t = f.seat, f.unit
    return [A_PLANET + pl for pl in _up_planets(s, p, t)]


def _up_prompt(s, f: UnitUp):
    t = f.unit
    if t == TANK:
        return _("Which planet's surface tank returns to orbit?")
    return _("Which planet's surface infantry returns to orbit?")


@decide(D_UP, "unit_up", _up_legal, _up_prompt)
def unit_up(s: VenusState, f: UnitUp, a: int) -> None:
    """RB: Detailed explanation of the cards – a tank / infantry of yours lifts off to orbit."""
    p, t = f.seat, f.unit
    pl = a - A_PLANET
    i = unit_ix(p, pl, t)
    s.surface[i] -= 1
    s.orbit[i] += 1
    s.say("up", says("{who} lifts {unit} back into {planet} orbit.", who=who(p), unit=an_unit_w(t),
                     planet=planet_w(s.comp, pl)),
          {"seat": p, "planet": pl, "unit": t})


def _cycle_legal(s, f: Cycle):
    p, done = f.seat, f.done
    if done >= s.comp.rules["cycle_discards"]:
        return [A_DONE]   # a variant allowing no discard
    return [A_DONE] + [A_CARD + e for e in _effects_in(s, s.hands[p])]


def _cycle_prompt(s, f: Cycle):
    done = f.done
    return _("Discard a card to replace ({n} of {most} so far), or done.").format(
        n=done, most=s.comp.rules["cycle_discards"])


@decide(D_CYCLE, "cycle", _cycle_legal, _cycle_prompt)
def cycle_discard(s: VenusState, f: Cycle, a: int) -> None:
    """RB: Detailed explanation of the cards – up to ``rules.cycle_discards`` discards, then
    that many draws plus ``rules.cycle_extra_draws``."""
    p, k = f.seat, f.done
    if a != A_DONE:
        c = s.take_card(p, a - A_CARD)
        s.discard += (c,)
        s.say("discard", says("{who} discards {card}.", who=who(p), card=card_w(s.comp, c)), {"seat": p, "card": c})
        k += 1
        if k < s.comp.rules["cycle_discards"] and s.hands[p]:
            s.stack.append(Cycle(p, k))
            return
    draw(s, p, k + s.comp.rules["cycle_extra_draws"])


def _draw4_legal(s, f: Draw4):
    return [A_CARD + e for e in _effects_in(s, s.drawn)]


def _draw4_prompt(s, f: Draw4):
    left = f.left
    return _("Discard one of the cards just drawn ({n} to discard).").format(n=left)


@decide(D_DRAW4, "draw4", _draw4_legal, _draw4_prompt)
def draw4_discard(s: VenusState, f: Draw4, a: int) -> None:
    """RB: Detailed explanation of the cards – draw ``rules.draw_and_keep_draws``, keep
    ``rules.draw_and_keep_keeps``: discard among the cards just drawn."""
    p, k = f.seat, f.left
    ce = s.comp.card_effect
    e = a - A_CARD
    c = next(c for c in s.drawn if ce(c) == e)
    s.drawn = without(s.drawn, c)
    s.hands[p] = without(s.hands[p], c)
    s.discard += (c,)
    s.say("discard", says("{who} discards {card}.", who=who(p), card=card_w(s.comp, c)), {"seat": p, "card": c})
    if k > 1:
        s.stack.append(Draw4(p, k - 1))
    else:
        s.drawn = ()


def _kill_seats(s, f: KillSeat):
    e = f.effect
    types = KILL_TYPES[e]
    out = []
    for q in range(s.num_players):
        if unit_places(s, q, types):
            out.append(A_SEAT + q)
    return out


@decide(D_KILL_SEAT, "kill_seat", _kill_seats, lambda s, f: _("Eliminate a unit: whose?"))
def kill_seat(s: VenusState, f: KillSeat, a: int) -> None:
    """RB: cards eliminate a unit of your choice – first whose."""
    p, e = f.seat, f.effect
    s.stack.append(KillUnit(p, e, a - A_SEAT))


def _kill_units(s, f: KillUnit):
    e, owner = f.effect, f.owner
    return [encode_unit_at(pl, t) for pl, t in unit_places(s, owner, KILL_TYPES[e])]


def _kill_unit_prompt(s, f: KillUnit):
    owner = f.owner
    return _("Eliminate which of {who}'s units?").format(who=seat_word(owner))


@decide(D_KILL_UNIT, "kill_unit", _kill_units, _kill_unit_prompt)
def kill_unit(s: VenusState, f: KillUnit, a: int) -> None:
    """RB: Detailed explanation of the cards – the elimination cards (infantry, spaceship or
    any unit) hit any player's unit, in orbit or on the surface (the player says which)."""
    p, owner = f.seat, f.owner
    pl, t = decode_unit_at(a)
    target_unit(s, p, owner, pl, t)


@decide(D_GUN, "gunrunner", lambda s, f: [A_PLANET + pl for pl in _tile_planets(s, T_CRISIS)],
        lambda s, f: _("Gunrunner: place it on which planet with a crisis tile?"))
def gunrunner(s: VenusState, f: Gunrunner, a: int) -> None:
    """RB: card Gunrunner – lies on a planet with a crisis tile (``rules.gunrunner_bonus``
    more defence to its crisis tiles until one is defeated) and pays ``rules.gunrunner_money``."""
    p = f.seat
    pl = a - A_PLANET
    card = s.take_card(p, E_GUNRUNNER)
    s.gunrunners += (encode_gunrunner(pl, card),)
    n = s.comp.rules["gunrunner_money"]
    s.gain(p, n)
    s.say("gunrunner",
          says("{who} places a gunrunner on {planet} and takes £{n}.", who=who(p), planet=planet_w(s.comp, pl), n=n),
          {"seat": p, "planet": pl})
    # the gunrunner lies on the table, not on the discard pile: 'instead' cannot recall it


def discard_gunrunners(s: VenusState, pl: int) -> int:
    """Put the gunrunners lying on planet ``pl`` on the discard pile, in the order they were
    placed, and say how many there were (RB: card Gunrunner – it stays until a crisis tile
    of its planet is defeated; and the planet's tiles go when a crisis empties it)."""
    keep = []
    n = 0
    for g in s.gunrunners:
        if gunrunner_planet(g) == pl:
            s.discard += (gunrunner_card(g),)
            n += 1
        else:
            keep.append(g)
    s.gunrunners = tuple(keep)
    return n


@decide(D_PLACE_TENSION, "place_tension", lambda s, f: [A_PLANET + pl for pl in _tension_dest(s)],
        lambda s, f: _("Place a discarded tension tile on which planet?"))
def place_tension_tile(s: VenusState, f: PlaceTension, a: int) -> None:
    """RB: Detailed explanation of the cards – a discarded tension tile goes onto the chosen
    planet."""
    p = f.seat
    pl = a - A_PLANET
    tk = s.comp.tile_kind
    t = next(t for t in s.tile_discard if tk[t] == T_TENSION)
    s.tile_discard = without(s.tile_discard, t)
    s.planet_tiles[pl] += (t,)
    s.say("tension", says("{who} places a tension tile on {planet}.", who=who(p), planet=planet_w(s.comp, pl)),
          {"seat": p, "planet": pl})


@decide(D_REMOVE_TENSION, "remove_tension", lambda s, f: [A_PLANET + pl for pl in _tile_planets(s, T_TENSION)],
        lambda s, f: _("Remove a tension tile from which planet?"))
def remove_tension_tile(s: VenusState, f: RemoveTension, a: int) -> None:
    """RB: Detailed explanation of the cards – a tension tile leaves the chosen planet for
    the tile discards."""
    p = f.seat
    pl = a - A_PLANET
    tk = s.comp.tile_kind
    t = next(t for t in s.planet_tiles[pl] if tk[t] == T_TENSION)
    s.planet_tiles[pl] = without(s.planet_tiles[pl], t)
    s.tile_discard += (t,)
    s.say("tension", says("{who} removes a tension tile from {planet}.", who=who(p), planet=planet_w(s.comp, pl)),
          {"seat": p, "planet": pl})


def _other_holders(s, f: Frame):
    p = f.seat
    return [A_SEAT + q for q in range(s.num_players) if q != p and s.hands[q]]


def _force_prompt(s, f: ForceDiscard):
    n = s.comp.rules["force_discard_cards"]
    return ngettext("Which player discards {n} card at random?", "Which player discards {n} cards at random?",
                    n).format(n=n)


@decide(D_FORCE, "force_discard", _other_holders, _force_prompt)
def force_discard(s: VenusState, f: ForceDiscard, a: int) -> None:
    """RB: Detailed explanation of the cards – the chosen player loses
    ``rules.force_discard_cards`` random cards."""
    q = a - A_SEAT
    h = list(s.hands[q])
    gone = []
    for _i in range(min(s.comp.rules["force_discard_cards"], len(h))):
        c = s.rng.take(h, ("the card {} discards at random".format, (SHORT[q],)), (card_discarded, (s.comp, SHORT[q])))
        s.discard += (c,)
        gone.append(c)
    s.hands[q] = tuple(h)
    s.say("discard", says("{who} discards at random: {cards}.", who=who(q), cards=cards_w(s.comp, gone)),
          {"seat": q, "cards": gone}, chance=True)


@decide(D_LOOK, "look", _other_holders, lambda s, f: _("Look at whose hand?"))
def look(s: VenusState, f: Look, a: int) -> None:
    """RB: card select one player and look at their cards (seen by the two of you)."""
    p = f.seat
    q = a - A_SEAT
    s.say("look", says("{who} looks at {target}'s hand: {cards}.", who=who(p), target=who(q),
                       cards=cards_w(s.comp, s.hands[q])),
          {"seat": p, "target": q, "cards": list(s.hands[q])}, frozenset((p, q)),
          says("{who} looks at {target}'s hand.", who=who(p), target=who(q)), chance=True)
    s.stack.append(LookTake(p, q))


def _look_take_legal(s, f: LookTake):
    owner = f.owner
    return [A_DONE] + [A_CARD + e for e in _effects_in(s, s.hands[owner])]


def _look_take_prompt(s, f: LookTake):
    owner = f.owner
    return _("Take one of {who}'s cards (you must give one back), or done?").format(who=seat_word(owner))


@decide(D_LOOK_TAKE, "look_take", _look_take_legal, _look_take_prompt)
def look_take(s: VenusState, f: LookTake, a: int) -> None:
    """RB: card ... swap one card if you wish – take one of theirs."""
    if a == A_DONE:
        return
    p, q = f.seat, f.owner
    had = bool(s.hands[p])
    c = s.take_card(q, a - A_CARD)
    s.hands[p] += (c,)
    s.say("swap", says("{who} takes {card} from {target}.", who=who(p), card=card_w(s.comp, c), target=who(q)),
          {"seat": p, "target": q, "card": c},
          frozenset((p, q)), says("{who} takes a card from {target}.", who=who(p), target=who(q)))
    if had:
        s.stack.append(LookGive(p, q, c))


def _give_legal(s, f: LookGive):
    p, card = f.seat, f.card
    h = list(s.hands[p])
    h.remove(card)
    return [A_CARD + e for e in _effects_in(s, h)]


def _give_prompt(s, f: LookGive):
    owner = f.owner
    return _("Give which card to {who}?").format(who=seat_word(owner))


@decide(D_LOOK_GIVE, "look_give", _give_legal, _give_prompt)
def look_give(s: VenusState, f: LookGive, a: int) -> None:
    """RB: card ... and give one of yours in return (unless your hand was empty)."""
    p, q, card = f.seat, f.owner, f.card
    ce = s.comp.card_effect
    e = a - A_CARD
    h = s.hands[p]
    # not the card just taken (the last copy of its id: it was added last; in the explicit
    # chance mode identical copies share an id, so the id alone does not tell them apart)
    taken = len(h) - 1 - h[::-1].index(card)
    i = next(i for i, c in enumerate(h) if ce(c) == e and i != taken)
    c = h[i]
    s.hands[p] = h[:i] + h[i + 1:]
    s.hands[q] += (c,)
    s.say("swap", says("{who} gives {card} to {target}.", who=who(p), card=card_w(s.comp, c), target=who(q)),
          {"seat": p, "target": q, "card": c},
          frozenset((p, q)), says("{who} gives a card to {target}.", who=who(p), target=who(q)))


@decide(D_BIGGAME, "take_biggame", lambda s, f: [A_PLANET + pl for pl in _tile_planets(s, T_BIGGAME)],
        lambda s, f: _("Take a big game tile from which planet?"))
def take_biggame_tile(s: VenusState, f: TakeBiggame, a: int) -> None:
    """RB: Detailed explanation of the cards – the big game tile is kept as if claimed."""
    p = f.seat
    pl = a - A_PLANET
    tk = s.comp.tile_kind
    t = next(t for t in s.planet_tiles[pl] if tk[t] == T_BIGGAME)
    s.planet_tiles[pl] = without(s.planet_tiles[pl], t)
    s.kept[p] += (t,)
    s.say("biggame", says("{who} takes the big game tile from {planet}.", who=who(p), planet=planet_w(s.comp, pl)),
          {"seat": p, "planet": pl})
