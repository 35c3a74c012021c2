"""Setting up the race (RB: Set up the race).

Five of the eleven lunar cards are laid out in a random lap, with at most ``max_red`` of
the five red-dot cards; a first player is chosen at random (the rulebook's "last one to walk
on the Moon"); every astronaut starts in the goal box, the first player's on top. In the
2-player game the players place their two astronauts alternately.
"""

from __future__ import annotations

from typing import Any

from cosmodrome.core import Rng
from cosmodrome.core.rng import as_rng
from cosmodrome.games.moon.cards import deal
from cosmodrome.games.moon.components import Components
from cosmodrome.games.moon.rounds import begin_round
from cosmodrome.games.moon.state import MoonState, astronauts_for
from cosmodrome.games.moon.text import Word, name_w, says, seat_w, token_words
from cosmodrome.i18n import _, gettext, in_source


def deal_cards(comp: Components, rng: Rng, max_red: int) -> list[int]:
    """Five lunar cards in lap order, at most ``max_red`` of them red-dot cards.

    >>> from cosmodrome.games.moon.components import load_components
    >>> cards = deal_cards(load_components(), Rng(3), 0)
    >>> len(cards), any(load_components().cards[c].red for c in cards)
    (5, False)
    """
    pool = list(range(len(comp.cards)))
    rng.shuffle(pool)
    pool.reverse()          # a draw takes the last card: the shuffled order's first comes first
    out: list[int] = []
    red = 0
    while len(out) < comp.layout["cards"] and pool:
        if red >= max_red:  # no more red-dot cards: set them aside (the order of the rest kept)
            pool[:] = [c for c in pool if not comp.cards[c].red]
            if not pool:
                break
        c = rng.draw(pool, ("the lunar card at place {} of the lap".format, (len(out) + 1,)),
                     (_lap_card, (comp, len(out) + 1)))
        red += comp.cards[c].red
        out.append(c)
    return out


def _lap_card(comp: Components, place: int, c: int) -> str:
    return f"{comp.cards[c].name} lies at place {place} of the lap"


def deal_tokens(s: MoonState, rng: Rng) -> None:
    """Advanced rules (RB: Set up the race): a random special box token on each circled
    box between the cards."""
    s.tokens = rng.deal(range(len(s.comp.tokens)), len(s.boxes), "the special box token", (_token_laid, (s.comp,)),
                        kind=s.comp.tokens)
    s.say("tokens", says("Special boxes: {boxes}.", boxes=Word(_token_list, s.comp, tuple(s.tokens))),
          {"tokens": list(s.tokens)}, chance=True)


def _token_list(comp, tokens: tuple) -> str:
    """The special boxes' tokens in a log sentence (written when read)."""
    return "; ".join(_("after card {n}, {what}").format(n=i + 1, what=token_words(comp, comp.tokens[t]))
                     for i, t in enumerate(tokens))


def _card_list(comp: Components, cards: tuple) -> str:
    """The lap's lunar cards in a log sentence (written when read)."""
    return ", ".join(_("{name} (red dot)").format(name=gettext(comp.cards[c].name)) if comp.cards[c].red
                     else gettext(comp.cards[c].name) for c in cards)


def _token_laid(comp, t: int) -> str:
    return f"the token laid is {in_source(token_words, comp, comp.tokens[t])}"


def _plays_first(game, players: int, p: int) -> str:
    return f"{game.seat_name(p, players)} plays first"


def new_game(game, comp: Components, players: int, seed: int, options: dict[str, Any]) -> MoonState:
    """A new race: the lap, the first player, the stack in the goal box, the first round."""
    rng = as_rng(seed)
    cards = deal_cards(comp, rng, options["max_red"])
    s = MoonState(game, players, options, comp, rng, cards)
    s.sputnik_supply = comp.supply["sputnik"]
    s.ec_supply = comp.supply["ec"]
    s.handicap_supply = comp.supply["handicap"]
    if options.get("advanced"):
        deal_tokens(s, rng)
    s.first_seat = rng.below(players, "the first player", (_plays_first, (game, players)))
    s.say("lap", says("The lap: {cards}.", cards=Word(_card_list, comp, tuple(cards))),
          {"cards": list(cards)}, chance=True)
    # placing order: the first player's astronaut last, so it ends on top of the stack
    n = astronauts_for(players)
    seats_from_first = [(s.first_seat + i) % players for i in range(players)]
    placing = [a for rnd in range(n // players) for p in seats_from_first
               for a in range(n) if s.owner(a) == p and a // players == rnd]
    for a in reversed(placing):
        s.place(a, 0, comp.connector_level)
    s.say("first", says("{seat} plays first; {name} stands on top of the stack.",
                        seat=seat_w(s, s.first_seat), name=name_w(s, placing[0])), {"seat": s.first_seat}, chance=True)
    if options.get("advanced"):
        deal(s)
    begin_round(s)
    s.initial_events = s.ev
    s.ev = []
    return s
