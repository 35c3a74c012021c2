"""RB: Setting up the game, steps one to nine."""

from __future__ import annotations

from cosmodrome.core.rng import as_rng
from cosmodrome.games.venus import flow
from cosmodrome.games.venus.components import Components
from cosmodrome.games.venus.flow import (
    EARTH,
    FACTORY,
    INF,
    N_PLANETS,
    PERIOD,
    SHIP,
    add,
    building_ix,
    building_stock_ix,
    stock_ix,
    unit_ix,
)
from cosmodrome.games.venus.state import COLOUR_WORDS, EMPIRES, SHORT, VenusState
from cosmodrome.games.venus.text import Word, card_dealt, dealt_text, dice_w, die_words, says, who
from cosmodrome.i18n import _, gettext


def _empires(n: int) -> str:
    return ", ".join(_("{empire} ({colour})").format(empire=gettext(EMPIRES[p]), colour=gettext(COLOUR_WORDS[p]))
                     for p in range(n))


#: roll-offs for the first player before lots decide among the tied (ruling 36: a bound on
#: the set-up's chance nodes; ten ties in a row are rarer than one game in ten billion)
ROLL_OFFS = 10


def new_game(game, comp: Components, players: int, seed: int, options: dict) -> VenusState:
    """Set up a fresh table and run it to the first decision.

    >>> from cosmodrome.games.venus import GAME
    >>> s = GAME.new_state(3, seed=1)
    >>> s.money, len(s.hands[0])
    ([12, 12, 12], 6)
    """
    s = VenusState(game, comp, players, as_rng(seed), options)
    step_one_lay_out_planets(s)
    step_two_select_empires(s)
    step_three_initial_units(s)
    step_four_starting_money(s)
    step_five_starting_cards(s)
    step_six_pass_card(s)
    step_seven_game_tiles(s)
    step_eight_first_player(s)
    step_nine_blast_off(s)
    s.initial_events, s.ev = s.ev, []
    return s


def step_one_lay_out_planets(s: VenusState) -> None:
    """RB: Step one – laying out the planets (all eight face up, none flipped)."""
    s.flipped = (0,) * N_PLANETS


def step_two_select_empires(s: VenusState) -> None:
    """RB: Step two – select an empire. Seat i plays empire i (British, French, Russian,
    German, USA) with all its pieces in stock."""
    c = s.comp
    per_seat = (c.unit_count[0], c.unit_count[1], c.unit_count[2], c.mine_count, c.factory_count)
    s.stock = bytearray(per_seat * s.num_players)
    s.say("setup", says("Empires: {empires}.", empires=Word(_empires, s.num_players)))


def step_three_initial_units(s: VenusState) -> None:
    """RB: Step three – ``rules.start_infantry`` infantry and ``rules.start_spaceships``
    spaceships in Earth orbit, ``rules.start_factories_on_earth`` factories on Earth."""
    r = s.comp.rules
    for p in range(s.num_players):
        s.orbit[unit_ix(p, EARTH, INF)] += r["start_infantry"]
        s.orbit[unit_ix(p, EARTH, SHIP)] += r["start_spaceships"]
        s.stock[stock_ix(p, INF)] -= r["start_infantry"]
        s.stock[stock_ix(p, SHIP)] -= r["start_spaceships"]
        s.built = add(s.built, building_ix(p, EARTH, FACTORY), r["start_factories_on_earth"])
        s.stock[building_stock_ix(p, FACTORY)] -= r["start_factories_on_earth"]


def step_four_starting_money(s: VenusState) -> None:
    """RB: Step four – each player takes ``rules.start_money`` from the (unlimited) bank."""
    for p in range(s.num_players):
        s.gain(p, s.comp.rules["start_money"])


def step_five_starting_cards(s: VenusState) -> None:
    """RB: Step five – shuffle the game cards, deal ``rules.start_cards_dealt`` to each player
    on top of their player cards (``[[player_cards]]``; from now on ordinary game cards)."""
    c = s.comp
    nd, npc = len(c.deck_effects), len(c.player_effects)
    # identical copies of a card are one card to chance: the explicit mode keeps one id per
    # effect (``alike``), the sampled mode the ids as printed
    deck = s.rng.alike(range(nd), c.card_effects)
    s.rng.shuffle(deck)
    s.deck = bytearray(deck)
    for p in range(s.num_players):
        hand = s.rng.alike([nd + p * npc + j for j in range(npc)], c.card_effects)
        for _i in range(c.rules["start_cards_dealt"]):
            if s.deck:
                hand.append(s.rng.draw(s.deck, ("the card {} is dealt".format, (SHORT[p],)),
                                       (card_dealt, (c, SHORT[p])), seen_by=(p,)))
        s.hands[p] = tuple(hand)
    s.say("deal", (dealt_text, (c.rules["start_cards_dealt"],)), chance=True)


def step_six_pass_card(s: VenusState) -> None:
    """RB: Step six – the pass card is laid out; cubes are placed in phase one."""
    s.cubes = 0


def step_seven_game_tiles(s: VenusState) -> None:
    """RB: Step seven – all game tiles go into the bag; the alien tiles are set aside."""
    bag = list(range(s.comp.n_bag))
    s.rng.shuffle(bag)
    s.bag = bytearray(bag)


def step_eight_first_player(s: VenusState) -> None:
    """RB: Step eight – each player rolls the dice (``rules.first_player_dice``) and the best
    total gets the first player marker; a tie is rolled again (skull counts 0)."""
    faces = s.comp.rules["die_faces"]
    n_dice = s.comp.rules["first_player_dice"]
    rolling = list(range(s.num_players))
    for _i in range(ROLL_OFFS):
        totals = {}
        for p in rolling:
            dice = [faces[s.rng.below(len(faces), ("the roll of {}'s die for first player".format, (SHORT[p],)),
                                      die_words(f"{SHORT[p]}'s die", faces))] for _i in range(n_dice)]
            totals[p] = sum(dice)
            s.say("roll", says("{who} rolled {dice} for first player.", who=who(p), dice=dice_w(dice)),
                  {"seat": p, "dice": dice}, chance=True)
        best = max(totals.values())
        rolling = [p for p in rolling if totals[p] == best]
        if len(rolling) == 1:
            break
    else:   # ruling 36: after ROLL_OFFS tied roll-offs, lots among the tied
        rolling = [s.rng.choice(rolling, "the lot for first player", (_wins_lot, ()))]
    s.first_seat = rolling[0]
    s.say("first", says("{who} takes the first player marker.", who=who(s.first_seat)), {"seat": s.first_seat})


def _wins_lot(p: int) -> str:
    return f"{SHORT[p]} wins the lot for first player"


def step_nine_blast_off(s: VenusState) -> None:
    """RB: Step nine – ready to blast off: the first period begins."""
    s.stack.append(PERIOD[-1])
    flow.run(s)
