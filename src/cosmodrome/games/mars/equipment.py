"""The equipment deck (RB: Equipment; Threat level).

Eight cards, one of each. From the start of round 5, when no defender has been killed yet,
the High Command's drop is on: each red or blue alien a marine kills draws it a card at
random from the deck (the deck's order is hidden: the card is drawn from the game's random
generator at draw time, as the aliens are from the bag). The first marine to land on the
hidden yellow-circle box of a tunnel draws one too. A card is played in its owner's turn and
then discarded; marines in one box pass cards freely; an empty deck is made again from the
discard. Baby marines have the drop from the start; sergeants have no equipment at all.

Each card is in exactly one place (``equipment_place``): the deck (:data:`DECK`), the discard
(:data:`DISCARD`) or a marine's hand (its seat number).

>>> from cosmodrome.games.mars import GAME
>>> s = GAME.new_state(2, seed=1)
>>> draw(s, 0, "a test"), len(s.hand(0)), sum(1 for w in s.equipment_place if w == DECK)
(True, 1, 7)
"""

from __future__ import annotations

from cosmodrome.games.mars.state import BLUE, DECK, DISCARD, GONE, RED, MarsState
from cosmodrome.games.mars.text import name_word, says
from cosmodrome.i18n import N_, Word


def equipment_in_game(s: MarsState) -> bool:
    """RB: Threat level: sergeants play without equipment."""
    return s.options.get("threat") != "sergeant"


def drop(s: MarsState) -> None:
    """RB: Equipment: at the start of round 5 (:attr:`Components.drop_round`) the drop
    comes if no defender is dead; baby marines have it from the start (called by setup with
    the round at 1)."""
    if s.equipment_in_play or not equipment_in_game(s):
        return
    if s.options.get("threat") == "baby":
        s.equipment_in_play = 1
        s.say("drop", says("Baby marines: the equipment is in play from the start."))
    elif s.round == s.comp.drop_round and not any(s.alien_place[s.defenders()[k]] == GONE for k in s.sides):
        s.equipment_in_play = 1
        s.say("drop", says("No defender is dead: the High Command drops equipment behind the enemy lines."))


def draw(s: MarsState, m: int, why: object) -> bool:
    """Marine ``m`` draws a card at random from the deck, remade from the discard when empty;
    False when every card is in a hand."""
    deck = [c for c, w in enumerate(s.equipment_place) if w == DECK]
    if not deck:
        for c, w in enumerate(s.equipment_place):
            if w == DISCARD:
                s.equipment_place[c] = DECK
        deck = [c for c, w in enumerate(s.equipment_place) if w == DECK]
        if not deck:
            return False
        s.say("reshuffle", says("The discarded equipment is shuffled into a new deck."))
    who = s.names[m]
    c = s.rng.take(deck, ("the equipment card {} draws".format, (who,)), (_gets, (s.comp, who)))
    s.equipment_place[c] = m
    s.say("equipment", says("{who} gets the {card} ({why}).", who=who, card=Word(name_word, s.comp.equipment[c].name),
                            why=says(why)),
          {"seat": m, "card": c}, chance=True)
    return True


def _gets(comp, who: object, c: int) -> str:
    """The words of an equipment draw's outcome (only the explicit chance mode writes them)."""
    return f"{who} gets the {comp.equipment[c].name}"


def on_kill(s: MarsState, m: int, colour: int) -> None:
    """RB: Equipment: a red or blue alien killed by a marine once the drop is on."""
    if m >= 0 and s.equipment_in_play and colour in (BLUE, RED):
        draw(s, m, N_("a kill"))


def arrive(s: MarsState, m: int, path: tuple = ()) -> None:
    """RB: Equipment: the "first marine entering" the hidden box draws a card, whether
    its move ends there or goes through it (``path``: the boxes the move entered; ruling 40),
    from the first round (the box is on the map; the drop is another matter)."""
    if s.hidden_taken:
        return
    box = s.hidden_box()
    if box and equipment_in_game(s) and ((s.column[m], s.level[m]) == box or box in path):
        s.hidden_taken = 1
        draw(s, m, N_("the hidden box in the tunnel"))


def discard(s: MarsState, c: int) -> None:
    """A played card goes to the discard."""
    s.equipment_place[c] = DISCARD


def drop_hand(s: MarsState, m: int) -> None:
    """A marine out of the game discards its cards."""
    for c in s.hand(m):
        discard(s, c)


def partners(s: MarsState, m: int) -> list[int]:
    """RB: Equipment: the marines sharing marine ``m``'s box, with whom it trades cards."""
    return [o for o in s.active() if o != m and s.column[o] == s.column[m] and s.level[o] == s.level[m]]


def give(s: MarsState, c: int, o: int) -> None:
    """Card ``c`` passes between the marine to move and marine ``o`` (whichever holds it hands
    it to the other)."""
    frm, to = (s.acting, o) if s.equipment_place[c] == s.acting else (o, s.acting)
    s.equipment_place[c] = to
    s.say("give", says("{who} hands the {card} to {other}.", who=s.names[frm],
                       card=Word(name_word, s.comp.equipment[c].name), other=s.names[to]), {"card": c, "seat": to})
