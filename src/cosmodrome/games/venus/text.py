"""Words of Onward to Venus: card titles and texts, tile names, action labels, and the
terminal rendering of a view. All texts are our own words (RB sections are cited in the
rule functions, not copied).

Every text is English in the code and written in the reader's language when read
(:mod:`cosmodrome.i18n`): titles and names are marked with ``N_()`` and translated where
they are shown, labels and prompts with ``_()`` when they are asked for, and log sentences
are ``says(template, **values)``, written when the log is read (a value given as a
:class:`Word` is translated then too). The Hungarian names are those of the Hungarian
edition (../shared/rules/onward-to-venus-hungarian.txt).
"""

from __future__ import annotations

from typing import Optional

from cosmodrome.core.texts import number_word, per_components
from cosmodrome.games.venus.components import EFFECTS, MAX_COMBAT_DICE, TILE_KINDS
from cosmodrome.games.venus.flow import (
    A_BLD,
    A_BUILD,
    A_CARD,
    A_CLAIM,
    A_COUNT,
    A_DIE,
    A_DONE,
    A_MOVE,
    A_ORBIT,
    A_PASS,
    A_PLANET,
    A_REROLL,
    A_SEAT,
    A_SURFACE,
    A_TILE,
    A_UNIT,
    A_UNITAT,
    A_YES,
    DECIDE,
    INF,
    N_PLANETS,
    NO_FRAME,
    NUM_ACTIONS,
    SHIP,
    TANK,
    decode_building,
    decode_reroll,
    decode_unit_at,
)
from cosmodrome.games.venus.state import SHORT
from cosmodrome.i18n import N_, Word, _, gettext, in_source, ngettext, pgettext, says  # noqa: F401 (Word, says: the game's log)

UNIT_LABELS = (N_("infantry"), N_("spaceship"), N_("tank"))
AN_UNIT = (N_("an infantry"), N_("a spaceship"), N_("a tank"))
BLD_LABELS = (N_("mine"), N_("factory"))
#: the planets' names as the component file gives them, marked for translation
PLANET_NAMES = (N_("Mercury"), N_("Venus"), N_("Earth"), N_("Moon"), N_("Mars"), N_("Ganymede"), N_("Titan"),
                N_("Kuiper Belt"))
#: the phases of a period (RB: Playing the game), 0 the set-up
PHASES = (N_("setup"), N_("place pass cubes"), N_("draw and place tiles"), N_("player actions"),
          N_("crisis resolution"), N_("collect income"), N_("re-set units"))
#: card types as the component file names them
CARD_TYPES = {"action": N_("action"), "free": N_("free"), "benefit": N_("benefit"), "reaction": N_("reaction")}

#: effect name -> (title, text), in our own words. A text is a message (``N_``) or, when its words
#: follow a count, a function of the card's numbers giving its ``ngettext`` message; its ``{...}``
#: fields are the numbers of :data:`CARD_NUMBERS` (and ``{<field>_words}`` the same in words),
#: filled in from the components' ``[rules]`` by :func:`card_texts`, a variant's own
CARD_TEXT = {
    "cp1": (lambda v: ngettext("{n} combat point", "{n} combat points", v["n"]),
            N_("Benefit: adds {n} CP to a claim.")),
    "cp2": (lambda v: ngettext("{n} combat point", "{n} combat points", v["n"]),
            N_("Benefit: adds {n} CP to a claim.")),
    "cp3": (lambda v: ngettext("{n} combat point", "{n} combat points", v["n"]),
            N_("Benefit: adds {n} CP to a claim.")),
    "cp1_draw": (lambda v: ngettext("{cp} CP and a card", "{cp} CP and {n} cards", v["n"]),
                 lambda v: ngettext("Benefit: adds {cp} CP to a claim; draw a card at once.",
                                    "Benefit: adds {cp} CP to a claim; draw {n} cards at once.", v["n"])),
    "cp2_venus": (N_("{n} CP on Venus"), N_("Benefit: adds {n} CP to a claim on Venus.")),
    "cp3_moon": (N_("{n} CP on the Moon"), N_("Benefit: adds {n} CP to a claim on the Moon.")),
    "cp3_earth_crisis": (N_("{n} CP against an Earth crisis"),
                         N_("Benefit: adds {n} CP when you attack a crisis tile on Earth.")),
    "tanks3": (N_("Heavy tanks"), N_("Benefit: each tank you commit to this claim counts {n} CP.")),
    "infantry2": (N_("Crack infantry"), N_("Benefit: each infantry you commit to this claim counts {n} CP.")),
    "ships2": (N_("Gunships"), N_("Benefit: each spaceship you commit to this claim counts {n} CP.")),
    "sacrifice_tank": (N_("Tank charge"),
                       N_("Benefit: send one of your tanks on this planet's surface back to stock for {n} CP.")),
    "sacrifice_unit": (N_("Desperate charge"),
                       N_("Benefit: send one of your units on this planet's surface back to stock for {n} CP.")),
    "reroll": (N_("Re-roll"), N_("Benefit: re-roll any of the combat dice; the new faces count.")),
    "discard_die": (N_("Jammed die"),
                    lambda v: ngettext("Benefit: set one combat die aside; the other die sets the cost and its skull "
                                       "is ignored.",
                                       "Benefit: set one combat die aside; the other {n_words} set the cost and its "
                                       "skull is ignored.", v["n"])),
    "ignore_skull": (N_("Lucky escape"),
                     N_("Benefit: one skull costs no casualty. Also stops another player "
                        "eliminating one of your units.")),
    "move1": (N_("+{n} movement"), lambda v: ngettext("Benefit: your move may go {n_words} planet further.",
                                                      "Benefit: your move may go {n_words} planets further.", v["n"])),
    "move2": (N_("+{n} movement"), lambda v: ngettext("Benefit: your move may go {n_words} planet further.",
                                                      "Benefit: your move may go {n_words} planets further.", v["n"])),
    "move_tanks": (N_("Tank transport"),
                   N_("Benefit: tanks in the group's orbit may travel with the spaceships this move.")),
    "another_action": (N_("Another action"), N_("Free action: take one more action this turn.")),
    "free_build": (N_("Rush order"), N_("Free action: build one or two units (you still pay).")),
    "free_pass": (N_("Quick pass"), N_("Free action: take a pass cube and draw a card.")),
    "tank_up": (N_("Tank recovery"), N_("Free action: lift one of your tanks from a surface back into orbit.")),
    "infantry_up": (N_("Infantry recovery"),
                    N_("Free action: lift one of your infantry from a surface back into orbit.")),
    "instead": (N_("Second chance"),
                N_("Reaction: right after you play a card, discard this one and take that card back.")),
    "pass_empty_action": (N_("Last word"), N_("Reaction: when the last pass cube is taken, take one more action.")),
    "return_unit": (N_("Rescue"),
                    N_("Reaction: when one of your units is eliminated, put it in Earth orbit instead of your stock.")),
    "cycle3": (N_("Reshuffle orders"),
               lambda v: ngettext("Action: discard up to {n_words} card, then draw that many plus {extra_words}.",
                                  "Action: discard up to {n_words} cards, then draw that many plus {extra_words}.",
                                  v["n"])),
    "draw4keep2": (N_("Intelligence"),
                   lambda v: ngettext("Action: draw {n_words} card and discard {discard_words} of them.",
                                      "Action: draw {n_words} cards and discard {discard_words} of them.", v["n"])),
    "buy3cards": (N_("Purchase plans"), lambda v: ngettext("Action: pay £{cost} and draw {n_words} card.",
                                                          "Action: pay £{cost} and draw {n_words} cards.", v["n"])),
    "kill_infantry": (N_("Sniper"), N_("Action: eliminate any one infantry.")),
    "kill_ship": (N_("Sabotage"), N_("Action: eliminate any one spaceship.")),
    "kill_unit": (N_("Assassination"), N_("Action: eliminate any one military unit.")),
    "gunrunner": (N_("Gunrunner"),
                  N_("Action: lay this on a planet with a crisis tile and take £{money}; its crisis tiles defend at "
                     "+{bonus} until one is beaten.")),
    "place_tension": (N_("Stir up trouble"), N_("Action: put a discarded tension tile on any planet.")),
    "remove_tension": (N_("Diplomacy"), N_("Action: discard a tension tile from a planet.")),
    "force_discard2": (N_("Pickpocket"),
                       lambda v: ngettext("Action: another player discards {n_words} card at random.",
                                          "Action: another player discards {n_words} cards at random.", v["n"])),
    "look_swap": (N_("Spy"), N_("Action: look at a player's hand; you may take a card and give one back.")),
    "income_mines": (N_("Mining dividend"), N_("Action: take £1 for each of your mines.")),
    "take3": (N_("Grant"), N_("Action: take £{n} from the bank.")),
    "take_biggame": (N_("Trophy hunt"), N_("Action: take a big game tile from any planet.")),
}
#: the numbers of a card's title and text: effect -> {field: its rule in ``components.toml [rules]``}
#: (a rule of a difference, ``"a-b"``: the draw-and-keep card's discards, the dice a jammed die leaves)
CARD_NUMBERS = {
    "cp1": {"n": "cp1_card_cp"}, "cp2": {"n": "cp2_card_cp"}, "cp3": {"n": "cp3_card_cp"},
    "cp1_draw": {"cp": "cp1_draw_card_cp", "n": "cp1_draw_cards"}, "cp2_venus": {"n": "cp2_venus_card_cp"},
    "cp3_moon": {"n": "cp3_moon_card_cp"}, "cp3_earth_crisis": {"n": "cp3_earth_crisis_card_cp"},
    "tanks3": {"n": "boosted_tank_cp"}, "infantry2": {"n": "boosted_infantry_cp"},
    "ships2": {"n": "boosted_spaceship_cp"}, "sacrifice_tank": {"n": "sacrifice_cp"},
    "sacrifice_unit": {"n": "sacrifice_cp"}, "discard_die": {"n": "combat_dice-1"},
    "move1": {"n": "move1_card_steps"}, "move2": {"n": "move2_card_steps"},
    "cycle3": {"n": "cycle_discards", "extra": "cycle_extra_draws"},
    "draw4keep2": {"n": "draw_and_keep_draws", "discard": "draw_and_keep_draws-draw_and_keep_keeps"},
    "buy3cards": {"cost": "buy_cards_cost", "n": "buy_cards_drawn"},
    "gunrunner": {"money": "gunrunner_money", "bonus": "gunrunner_bonus"},
    "force_discard2": {"n": "force_discard_cards"}, "take3": {"n": "take_money"},
}


def number_words(n: int) -> str:
    """A count of a card's or a crisis's text in words, as it stands before its noun (``two
    cards``): zero to ten, digits from eleven on (:func:`cosmodrome.core.texts.number_word`).

    >>> number_words(3), number_words(12)
    ('three', '12')
    """
    return number_word(n, least=0, most=10)


def _card_numbers(rules: dict, effect: str) -> dict:
    """The fields of ``effect``'s title and text, from the rules (and each in words)."""
    v = {}
    for field, rule in CARD_NUMBERS.get(effect, {}).items():
        a, _minus, b = rule.partition("-")
        v[field] = rules[a] - (int(b) if b.isdigit() else rules[b] if b else 0)
        v[field + "_words"] = number_words(v[field])
    return v


def _card_message(spec, v: dict) -> str:
    return (spec(v) if callable(spec) else gettext(spec)).format(**v)


@per_components
def card_texts(comp) -> dict:
    """Every card effect's ``(title, text)`` in the current language, their numbers those of
    ``comp``'s rules; made once per component set and language.

    >>> from cosmodrome.games.venus.components import load_components
    >>> card_texts(load_components())["buy3cards"]
    ('Purchase plans', 'Action: pay £3 and draw three cards.')
    """
    texts = {}
    for effect, (title, text) in CARD_TEXT.items():
        v = _card_numbers(comp.rules, effect)
        texts[effect] = (_card_message(title, v), _card_message(text, v))
    return texts


@per_components
def source_card_titles(comp) -> dict:
    """Every card effect's title in English (the source language), ``comp``'s numbers in it:
    the cards' names in data that is never read out (an option's details, the observation).
    Made once per component set (and reader's language, though it is always English)."""
    return {effect: title for effect, (title, _text) in in_source(card_texts, comp).items()}


#: a tile named in a sentence, its defence (and skull) in ``extra``: one message per kind, so that
#: a language names each as its edition does (Hungarian: "bányalapka (3)", "laphúzólapka")
TILE_NAMES = {"factory": N_("a factory{extra} tile"), "draw2": N_("a draw two cards{extra} tile"),
              "biggame": N_("a big game{extra} tile"), "windfall": N_("a windfall{extra} tile"),
              "mine": N_("a mine{extra} tile"), "crisis": N_("a crisis{extra} tile"),
              "tension": N_("a tension{extra} tile")}
TILE_LABELS = {"factory": N_("Factory"), "draw2": N_("Draw two cards"), "biggame": N_("Big game"),
               "windfall": N_("Windfall"), "mine": N_("Mine"), "crisis": N_("Crisis"), "tension": N_("Tension"),
               "alien": N_("Alien")}


# ----- words written when read, in the reader's language --------------------------------
def seat_word(p: int) -> str:
    return gettext(SHORT[p])


def who(p: int) -> Word:
    """A seat's short empire name, written in the reader's language."""
    return Word(seat_word, p)


def planet_word(comp, pl: int) -> str:
    return gettext(comp.planet_names[pl])


def planet_w(comp, pl: int) -> Word:
    return Word(planet_word, comp, pl)


def unit_word(t: int) -> str:
    return gettext(AN_UNIT[t])


def an_unit_w(t: int) -> Word:
    return Word(unit_word, t)


def unit_label_w(t: int) -> Word:
    return Word(lambda t: gettext(UNIT_LABELS[t]), t)


def building_w(k: int) -> Word:
    """A mine (``k`` 0) or a factory, in words."""
    return Word(lambda k: gettext(BLD_LABELS[k]), k)


def card_w(comp, c: int) -> Word:
    return Word(card_words, comp, c)


def cards_w(comp, cs) -> Word:
    cs = tuple(cs)
    return Word(lambda comp, cs: ", ".join(card_words(comp, c) for c in cs), comp, cs)


def tile_w(comp, t: int) -> Word:
    return Word(tile_words, comp, t)


def dice_w(d) -> Word:
    return Word(fmt_dice, tuple(d))


def card_title(comp, e: int) -> str:
    """The title of card effect ``e`` in the current language, ``comp``'s numbers in it."""
    return card_texts(comp)[EFFECTS[e]][0]


def die_words(die: str, faces) -> tuple:
    """The words for the outcomes of a roll of ``die`` (a chance event; outcome ``i`` is face
    ``faces[i]``), for the explicit chance mode, unwritten: ``(fn, args)``, the label of
    ``i`` being ``fn(*args, i)`` (see :mod:`cosmodrome.core.chance`).

    >>> fn, args = die_words("the combat die", [0, 2, 3, 4, 5, 6]); fn(*args, 0)
    'the combat die shows skull'
    """
    return (die_shows, (die, faces))


def die_shows(die: str, faces, i: int) -> str:
    return _("{die} shows {face}").format(die=die, face=fmt_dice([faces[i]]))


def card_drawn(comp, who: str, c: int) -> str:
    """The label of a card draw's outcome (explicit chance mode)."""
    return _("{who} draws {card}").format(who=gettext(who), card=card_words(comp, c))


def card_dealt(comp, who: str, c: int) -> str:
    """The label of a dealt card's outcome (explicit chance mode: the set-up's deal)."""
    return _("{who} is dealt {card}").format(who=gettext(who), card=card_words(comp, c))


def card_discarded(comp, who: str, c: int) -> str:
    """The label of a random discard's outcome (explicit chance mode)."""
    return _("{who} discards {card}").format(who=gettext(who), card=card_words(comp, c))


def card_stolen(comp, who: str, c: int) -> str:
    """The label of Bazagthoth's theft's outcome (explicit chance mode)."""
    return _("Bazagthoth steals {card} from {who}").format(card=card_words(comp, c), who=gettext(who))


def tile_drawn(comp, pl: int, t: int) -> str:
    """The label of a tile draw's outcome (explicit chance mode)."""
    return _("{tile} is drawn for {planet}").format(tile=tile_words(comp, t), planet=planet_word(comp, pl))


def card_name(s, card: int) -> str:
    return card_words(s.comp, card)


def card_words(comp, card: int) -> str:
    """A card's title in quotes (each language's own: the quotes are in the message), from
    the component tables."""
    return pgettext("a card's title in quotes", "'{title}'").format(
        title=card_texts(comp)[EFFECTS[comp.card_effect(card)]][0])


def tile_name(s, t: int) -> str:
    return tile_words(s.comp, t)


def tile_words(c, t: int) -> str:
    """A tile's name with an article, from the component tables."""
    k = TILE_KINDS[c.tile_kind[t]]
    if k == "alien":
        return _("an alien")
    extra = f" ({c.tile_def[t]}{', ' + _('skull') if c.tile_skull[t] else ''})" if k in ("mine", "crisis") else ""
    return gettext(TILE_NAMES[k]).format(extra=extra)


# ----- log sentences written when read: the rules pass these functions with the values they
# need (never the state, which goes on changing) as ``(fn, args)`` to ``say``
# (see cosmodrome.core.events.Event)
def plays_text(comp, p: int, card: int) -> str:
    return _("{who} plays {card}.").format(who=seat_word(p), card=card_words(comp, card))


def drew_text(comp, p: int, got) -> str:
    return _("{who} drew {cards}.").format(who=seat_word(p), cards=", ".join(card_words(comp, c) for c in got))


def dealt_text(n: int) -> str:
    """The set-up's deal (RB: Setting up, step five): ``n`` game cards to each empire."""
    return ngettext("Each empire holds its player cards and was dealt {n} game card.",
                    "Each empire holds its player cards and was dealt {n} game cards.", n).format(n=number_words(n))


def drew_hidden_text(p: int, n: int) -> str:
    return ngettext("{who} drew {n} card.", "{who} drew {n} cards.", n).format(who=seat_word(p), n=n)


def tiles_text(comp, pl: int, placed) -> str:
    return _("{planet} receives {tiles}.").format(planet=planet_word(comp, pl),
                                                   tiles=", ".join(tile_words(comp, t) for t in placed))


def builds_text(comp, p: int, t: int, pl: int) -> str:
    return _("{who} builds {unit} in {planet} orbit for £{cost}.").format(
        who=seat_word(p), unit=unit_word(t), planet=planet_word(comp, pl), cost=comp.unit_cost[t])


def moves_text(comp, p: int, moved, src: int, dest: int) -> str:
    """``p`` moves the units ``moved`` (counts by unit type) from ``src`` to ``dest``."""
    ships, infantry, tanks = moved[SHIP], moved[INF], moved[TANK]
    parts = [ngettext("{n} spaceship", "{n} spaceships", ships).format(n=ships)]
    if infantry:
        parts.append(ngettext("{n} infantry", "{n} infantry", infantry).format(n=infantry))
    if tanks:
        parts.append(ngettext("{n} tank", "{n} tanks", tanks).format(n=tanks))
    return _("{who} moves {units} from {src} to {dest}.").format(
        who=seat_word(p), units=", ".join(parts), src=planet_word(comp, src), dest=planet_word(comp, dest))


def attacks_text(comp, p: int, tile: int, pl: int, tseat: int, tkind: int, d: int, dice, cost: int) -> str:
    values = dict(who=seat_word(p), tile=tile_words(comp, tile), planet=planet_word(comp, pl), defence=d,
                  dice=fmt_dice(dice), cost=cost)
    if tseat >= 0:
        return _("{who} attacks {tile} on {planet} against {target}'s {building} (defence {defence}) "
                 "and rolls {dice}: cost {cost}.").format(target=seat_word(tseat),
                                                          building=gettext(BLD_LABELS[tkind]), **values)
    return _("{who} attacks {tile} on {planet} (defence {defence}) and rolls {dice}: cost {cost}.").format(**values)


def claims_text(comp, p: int, t: int, pl: int, tile: int) -> str:
    return _("{who} lands {unit} on {planet} and claims {tile}.").format(
        who=seat_word(p), unit=unit_word(t), planet=planet_word(comp, pl), tile=tile_words(comp, tile))


def wins_text(comp, p: int, points: int, tile: int, pl: int) -> str:
    return _("{who} pays {points} combat points and claims {tile} on {planet}.").format(
        who=seat_word(p), points=points, tile=tile_words(comp, tile), planet=planet_word(comp, pl))


def income_text(incomes) -> str:
    each = (_("{who} £{n}").format(who=seat_word(p), n=inc) for p, inc in enumerate(incomes))
    return _("Income: {incomes}.").format(incomes=", ".join(each))


def fmt_dice(d) -> str:
    """Die faces as words.

    >>> fmt_dice([0, 3, 5])
    'skull, 3, 5'
    """
    skull = _("skull")
    return ", ".join(skull if x == 0 else str(x) for x in d)


#: the label of "done" by decision kind
DONE_LABELS = {"action": N_("End the turn"), "free_action": N_("End the turn"), "move_claim": N_("Do not claim"),
               "reaction": N_("No"), "combat": N_("Done (resolve the claim)"), "bazagthoth": N_("Decline"),
               "pirates": N_("Pay for all"), "look_take": N_("Take nothing"), "cycle": N_("Done discarding"),
               "build": N_("Done building"), "return_unit": N_("No")}
#: what is done with a unit, by decision kind
UNIT_VERBS = {"combat": N_("Commit {unit}"), "casualty": N_("Lose {unit}"), "claim_unit": N_("Land {unit}"),
              "sacrifice": N_("Sacrifice {unit}"), "uprising": N_("Lose {unit}"), "damage": N_("Lose {unit}"),
              "return_unit": N_("Return {unit} to Earth orbit")}
CARD_VERBS = {"hand_limit": N_("Discard '{card}'"), "cycle": N_("Discard '{card}'"), "draw4": N_("Discard '{card}'"),
              "look_take": N_("Take '{card}'"), "look_give": N_("Give '{card}'")}


#: the decisions whose frame names, in its field ``owner``, the seat whose buildings their
#: options are (Bazagthoth's victim, the tension tile's target): their labels name it
BUILDING_OWNER_KINDS = ("bazagthoth", "tension_target")


def count_words(kind: str, n: int) -> Optional[str]:
    """How many units a move takes along, by decision kind (``None``: a bare number).

    >>> count_words("move_infantry", 3), count_words("move_ships", 1)
    ('3 infantry', '1 spaceship')
    """
    if kind == "move_ships":
        return ngettext("{n} spaceship", "{n} spaceships", n).format(n=n)
    if kind == "move_infantry":
        return ngettext("{n} infantry", "{n} infantry", n).format(n=n)
    if kind == "move_tanks":
        return ngettext("{n} tank", "{n} tanks", n).format(n=n)
    return None


def label(s, a: int) -> str:
    """A readable label of action ``a`` in the state's current decision, in the reader's language."""
    if not 0 <= a < NUM_ACTIONS:
        return _("unknown action {a}").format(a=a)
    f = s.stack[-1] if s.stack else NO_FRAME
    kind = DECIDE[f.op].kind if f.op in DECIDE else ""
    if a == A_DONE:
        return gettext(DONE_LABELS.get(kind, N_("Done")))
    if a == A_YES:
        return _("Yes")
    if a in (A_ORBIT, A_SURFACE):
        return _("The one in orbit") if a == A_ORBIT else _("The one on the surface")
    if a in (A_MOVE, A_CLAIM, A_BUILD, A_PASS):
        return {A_MOVE: _("Move units"), A_CLAIM: _("Claim a tile"), A_BUILD: _("Build units"),
                A_PASS: _("Take a pass cube")}[a]
    if A_UNIT <= a <= A_UNIT + TANK:
        t = a - A_UNIT
        verb = UNIT_VERBS.get(kind)
        return gettext(verb).format(unit=unit_word(t)) if verb else gettext(UNIT_LABELS[t])
    if A_PLANET <= a < A_TILE:
        n = planet_word(s.comp, a - A_PLANET)
        return {"move_from": _("From {planet}"), "move_dest": _("To {planet}")}.get(kind, "{planet}").format(planet=n)
    if A_TILE <= a < A_COUNT:
        slot = a - A_TILE
        pl = getattr(f, "planet", -1)
        if 0 <= pl < N_PLANETS and slot < len(s.planet_tiles[pl]):
            return _("Claim {tile} on {planet}").format(tile=tile_name(s, s.planet_tiles[pl][slot]),
                                                        planet=planet_word(s.comp, pl))
        return _("Tile {slot}").format(slot=slot)
    if A_COUNT <= a < A_CARD:
        k = a - A_COUNT
        return count_words(kind, k) or str(k)
    if A_CARD <= a < A_CARD + len(EFFECTS):
        return gettext(CARD_VERBS.get(kind, N_("Play '{card}'"))).format(card=card_title(s.comp, a - A_CARD))
    if A_SEAT <= a < A_BLD:
        return seat_word(a - A_SEAT)
    if A_BLD <= a < A_UNITAT:
        pl, k = decode_building(a)
        where = dict(building=gettext(BLD_LABELS[k]), planet=planet_word(s.comp, pl))
        owner = getattr(f, "owner", None) if kind in BUILDING_OWNER_KINDS else None
        if owner is not None:
            return _("{owner}'s {building} on {planet}").format(owner=seat_word(owner), **where)
        return _("{building} on {planet}").format(**where)
    if A_UNITAT <= a < A_DIE:
        pl, t = decode_unit_at(a)
        if kind == "build":
            return _("Build {unit} at {planet}").format(unit=unit_word(t), planet=planet_word(s.comp, pl))
        return _("{unit} at {planet}").format(unit=gettext(UNIT_LABELS[t]), planet=planet_word(s.comp, pl))
    if A_DIE <= a < A_REROLL:
        i = a - A_DIE
        v = s.combat.dice[i]
        return _("Die {i} ({face})").format(i=i + 1, face=_("skull") if v == 0 else v)
    if A_REROLL <= a < NUM_ACTIONS:
        m = decode_reroll(a)
        return _("Re-roll die {dice}").format(dice=", ".join(str(i + 1) for i in range(MAX_COMBAT_DICE)
                                                              if m & (1 << i)))
    return _("action {a}").format(a=a)


#: each planet's crisis (RB: Crisis effects), its name and what it does, in planet order: the
#: table's planet tooltips (the view's ``crisis_name``/``crisis_help``) and the rules page's
#: list of crises (``Game.help_items["crises"]``) read them through :func:`crisis_texts`. A text
#: is a message or, when its words follow a count, a function of the numbers giving the
#: ``ngettext`` messages; its fields are the ``[rules]`` numbers (``{<rule>_words}`` in words,
#: ``uprising_top``/``martian_top`` the level below independence/the invasion)
CRISIS_HELP = (
    (N_("Bazagthoth the Blinded"),
     N_("The empire earning most here (alone) gets a power: level 1 pay £{bazagthoth_card_cost} to take a random "
        "card from a rival, level {bazagthoth_unit_level} pay £{bazagthoth_unit_cost} to destroy a unit anywhere, "
        "level {bazagthoth_building_level}+ pay £{bazagthoth_building_cost} to destroy a mine or factory anywhere.")),
    (N_("Venusian Uprising"),
     lambda v: ngettext("Level {uprising_level}–{uprising_top}: every empire loses {uprising_units_words} unit here, "
                        "or a building for each unit it lacks. Level {independence_level}+: everything on Venus is "
                        "swept away and the planet is closed for good.",
                        "Level {uprising_level}–{uprising_top}: every empire loses {uprising_units_words} units here, "
                        "or a building for each unit it lacks. Level {independence_level}+: everything on Venus is "
                        "swept away and the planet is closed for good.", v["uprising_units"])),
    (N_("Robot Rebellion"),
     lambda v: ngettext("Level {robot_rebellion_level}: the top earner on Earth loses a building; level "
                        "{major_rebellion_level}: {major_rebellion_losses_words}. Level {robots_win_level}+: the game "
                        "ends at once and everybody loses.",
                        "Level {robot_rebellion_level}: the top earner on Earth loses {robot_rebellion_losses_words} "
                        "buildings; level {major_rebellion_level}: {major_rebellion_losses_words}. Level "
                        "{robots_win_level}+: the game ends at once and everybody loses.",
                        v["robot_rebellion_losses"])),
    (N_("Attack of the Moon Men"),
     lambda v: ngettext("Nothing until level {invasion_level}: then the Moon is wiped clean and closed, and the Moon "
                        "Men strike Earth — {damage_dice_words} die worth of units (or buildings) are removed in turn "
                        "order.",
                        "Nothing until level {invasion_level}: then the Moon is wiped clean and closed, and the Moon "
                        "Men strike Earth — {damage_dice_words} dice worth of units (or buildings) are removed in turn "
                        "order.", v["damage_dice"])),
    (N_("Martian Invasion"),
     lambda v: ngettext("Level {martian_level}–{martian_top}: the top earner here loses a building.",
                        "Level {martian_level}–{martian_top}: the top earner here loses {martian_losses_words} "
                        "buildings.", v["martian_losses"]) + " "
     + ngettext("Level {invasion_level}+: Mars is wiped clean and closed, and Earth takes {damage_dice_words} die of "
                "damage.",
                "Level {invasion_level}+: Mars is wiped clean and closed, and Earth takes {damage_dice_words} dice of "
                "damage.", v["damage_dice"])),
    (N_("Nothing happens"), N_("No crisis can strike Ganymede: crisis tiles drawn for it are thrown away.")),
    (N_("Space Pirates"),
     N_("Level {pirates_level}: pay £{pirate_fee} for each of your buildings on Titan or lose it. Level "
        "{pirates_wide_level}+: the same for Titan, Ganymede and the Kuiper Belt.")),
    (N_("Alien Invasion"),
     N_("Level {alien_invasion_level}+: alien tiles (defence {alien_defence}, worth {alien_vp} VP when beaten) land "
        "on the Kuiper Belt, Titan and Ganymede, clear them, and march inwards each crisis phase. Aliens reaching "
        "Earth: everybody loses.")),
)
@per_components
def crisis_texts(comp) -> tuple:
    """Each planet's crisis as ``(name, text)`` in the current language, in planet order, its
    numbers those of ``comp``'s rules; made once per component set and language.

    >>> from cosmodrome.games.venus.components import load_components
    >>> crisis_texts(load_components())[6][1][:45]
    'Level 2: pay £1 for each of your buildings on'
    """
    r = comp.rules
    v = {k: x for k, x in r.items() if isinstance(x, int)}
    v.update(uprising_top=r["independence_level"] - 1, martian_top=r["invasion_level"] - 1)
    v.update({k + "_words": number_words(x) for k, x in list(v.items())})
    return tuple((gettext(name), _card_message(text, v)) for name, text in CRISIS_HELP)


def legend_rows() -> list[tuple[str, str]]:
    """The symbols of :func:`render_text` explained (``Game.legend_rows``), each written as the
    board writes it in the current language."""
    return [
        (_units((2, 1, 0)), _("units: infantry / spaceships / tanks (in orbit or on the surface)")),
        (_("VP") + " 9/5/3", _("a planet's VP for the 1st, 2nd, 3rd... highest income there")),
        (_("[n] tile"), _("a tile on a planet and its slot number")),
        (_("FLIPPED"), _("a crisis cleared the planet and closed it for the rest of the game")),
        (_("ALIEN"), _("the aliens sit on this planet")),
        (_("crisis level {n}").format(n="n"),
         _("crisis tiles on the planet (plus escalation dice in the crisis phase)")),
        ("£", _("money; income £n is what a player earns each period")),
        (_("inf/ship/tank/mine/fac"), _("units and buildings left in a player's stock")),
        (pgettext("the tiles a player kept, on the terminal's table", "kept"),
         _("tiles a player has kept for scoring")),
        (">>", _("who decides now, and what")),
    ]


def hand_lines(view: dict) -> list[str]:
    """The viewer's hand, one card a line (empty for a spectator)."""
    if view.get("hand") is None:
        return []
    return [f"   {c['title']} [{gettext(CARD_TYPES.get(c['type'], c['type']))}]: {c['text']}" for c in view["hand"]]


def render_text(view: dict, seat: Optional[int] = None, hand: bool = True, log: bool = True) -> str:
    """The table as plain text for a terminal, from :func:`.view.view` (``hand=False``
    leaves out the viewer's hand, which :func:`hand_lines` gives; ``log=False`` the recent
    log lines), in the current language."""
    out = []
    n = view["players"]
    out.append("=== " + _("{game} — period {period}, phase {phase} ({name})").format(
        game=_("Onward to Venus"), period=view["period"], phase=view["phase"], name=view["phase_name"]) + " ===")
    out.append(_("Pass cubes left: {cubes}   First player: {first}   Deck {deck}  Discards {discards}  "
                 "Bag {bag}").format(
        cubes=view["cubes"], first=view["empires"][view["first"]], deck=view["deck_size"],
        discards=view["discard_size"], bag=view["bag_size"]))
    for pl in view["planets"]:
        flags = []
        if pl["flipped"]:
            flags.append(_("FLIPPED"))
        if pl["alien"]:
            flags.append(_("ALIEN"))
        if pl["crisis_level"]:
            flags.append(_("crisis level {n}").format(n=pl["crisis_level"]))
        if pl["gunrunners"]:
            flags.append(_("{n} gunrunner(s)").format(n=pl["gunrunners"]))
        vp = _("VP")
        out.append(f"-- {pl['name']}  ({vp} {'/'.join(map(str, pl['vp']))}) {' '.join(flags)}")
        if pl["tiles"]:
            out.append("   " + _("tiles:") + " " + ", ".join(f"[{t['slot']}] {t['label']}" for t in pl["tiles"]))
        for p in range(n):
            o, su, b = pl["orbit"][p], pl["surface"][p], pl["buildings"][p]
            if any(o) or any(su) or any(b):
                parts = []
                if any(o):
                    parts.append(_("orbit") + " " + _units(o))
                if any(su):
                    parts.append(_("surface") + " " + _units(su))
                if any(b):
                    parts.append(_("{mines} mine(s), {factories} factory(ies)").format(mines=b[0], factories=b[1]))
                out.append(f"   {view['empires'][p]}: " + "; ".join(parts))
    out.append("-- " + _("Players"))
    for pr in view["players_info"]:
        st = pr["stock"]
        out.append(f"   {pr['empire']}: " + _(
            "£{money}, {cards} cards, income £{income}, stock {inf} inf/{ship} ship/{tank} tank/{mine} mine/"
            "{fac} fac, kept {kept}, VP now {vp}").format(
            money=pr["money"], cards=pr["hand_size"], income=pr["income"], inf=st["infantry"], ship=st["spaceship"],
            tank=st["tank"], mine=st["mine"], fac=st["factory"], kept=", ".join(pr["kept"]) or "-", vp=pr["vp"]))
    if view.get("combat"):
        out.extend(_combat_lines(view))
    al = view.get("aliens")
    if al and al.get("landed"):
        on = ", ".join(al["on"]) or _("no planet")
        line = "-- " + _("Aliens landed in period {n}; now on {on}").format(n=al["landed"], on=on)
        nx = al.get("next")
        if nx:
            moves = ", ".join(_("{src} to {dest}").format(src=m["from"], dest=m["to"]) for m in nx["moves"])
            line += "; " + _("next move in period {n}: {moves}").format(n=nx["period"], moves=moves or _("none"))
            if nx["reaches_earth"]:
                line += " — " + _("they reach Earth: everybody loses")
        out.append(line)
    if hand and view.get("hand") is not None:
        out.append("-- " + _("Your hand"))
        out.extend(hand_lines(view))
    if log and view.get("log"):
        out.append("-- " + _("Log"))
        out.extend("   " + line for line in view["log"][-10:])
    if view.get("over"):
        out.extend(_final_lines(view))
    elif view.get("decision"):
        d = view["decision"]
        out.append(">> " + _("{who} to decide: {prompt}").format(who=view["empires"][d["seat"]], prompt=d["prompt"]))
    return "\n".join(out)


def _combat_lines(view: dict) -> list[str]:
    c = view["combat"]
    line = "-- " + _("Combat on {planet} for {tile} ({kind}), defence {defence}").format(
        planet=c["planet"], tile=c["tile"], kind=gettext(TILE_LABELS.get(c["kind"], c["kind"])).lower(),
        defence=c["defence"])
    if c.get("gunrunner_bonus"):
        line += " " + _("incl. gunrunner +{n}").format(n=c["gunrunner_bonus"])
    if c.get("target"):
        line += ", " + _("target {who}'s {building}").format(who=view["empires"][c["target"]["seat"]],
                                                             building=gettext(c["target"]["building"]))
    com = c.get("committed") or {}
    aside = (" " + _("(die {i} set aside)").format(i=c["discarded"] + 1)) if c.get("discarded") is not None else ""
    units = ", ".join(f"{v} {gettext(k)}" for k, v in com.items() if v) or _("none")
    cards = ", ".join(x["title"] for x in c.get("cards") or []) or _("none")
    return [line, "   " + _("dice {dice}{aside}, cost {cost}, paid {paid}, missing {missing}; units {units}; "
                            "cards {cards}").format(
        dice=c["dice"], aside=aside, cost=c["cost"], paid=c["paid"], missing=c.get("missing", 0), units=units,
        cards=cards)]


def _final_lines(view: dict) -> list[str]:
    n = view["players"]
    out = []
    r = view["result"]
    sc = view.get("scoring")
    short = view["empires"]  # each empire by its one name (not a shortened one)
    if sc:
        out.append("-- " + _("Final scoring (VP by planet: income rank)"))
        for pl in sc["planets"]:
            cells = [_("{vp} (£{income}, #{rank})").format(vp=pl["points"][p], income=pl["income"][p],
                                                           rank=pl["rank"][p])
                     if pl["rank"][p] else "-"
                     for p in range(n)]
            out.append(f"   {pl['planet']:<12}" + "  ".join(f"{short[p]} {cells[p]}" for p in range(n)))
        kept, total = _("Kept tiles"), _("Total")
        out.append(f"   {kept:<12}" + "  ".join(f"{short[p]} {sc['kept'][p]['vp']}" for p in range(n)))
        out.append(f"   {total:<12}" + "  ".join(f"{short[p]} {sc['total'][p]}" for p in range(n)))
        for tb in sc["tie_breaks"]:
            out.append("   " + _("Tie on {n} VP: {text}").format(n=tb["vp"], text=tb["text"]))
        out.append("   " + sc["text"])
    scores = ", ".join(_("{who} {n} VP").format(who=view["empires"][p], n=v) for p, v in enumerate(r["vp"]))
    out.append("== " + _("Game over ({end}): {scores}; winners {winners}").format(
        end=gettext(r["end"]), scores=scores, winners=", ".join(view["empires"][w] for w in r["winners"]) or _("none")))
    return out


def _units(c) -> str:
    """Counts of infantry, spaceships and tanks, each with its letter: ``2i/1s/0t``."""
    letters = (pgettext("infantry, one letter", "i"), pgettext("spaceship, one letter", "s"),
               pgettext("tank, one letter", "t"))
    return "/".join(f"{k}{u}" for k, u in zip(c, letters))


#: the legend in English (``Game.legend``); :func:`legend_rows` writes it in the reader's language
LEGEND = tuple(in_source(legend_rows))


# ----- the table's tooltips: the tiles, the card types and a period explained ------------------
#: the combat's dice in words, by their number (``combat_dice``: 1 to components.MAX_COMBAT_DICE), as the
#: mine's help says them after "roll" (a language may decline them: Hungarian "három kockával")
COMBAT_DICE_WORDS = (N_("one die"), N_("two dice"), N_("three dice"))
#: each tile kind's name and what taking it means, in our own words; ``{...}`` fields are the
#: component data's ``[rules]`` numbers (a variant's own; ``{<key>_words}`` a count in words),
#: filled in by :func:`table_help`; a text whose words follow a count is a function of the
#: numbers giving its ``ngettext`` message
TILE_HELP = {
    "factory": (N_("Factory"), N_("Undefended. Send a unit from orbit to the surface to take it and put one of your "
                                  "factories here (income £{factory_income} a period). Needs a factory in your stock. "
                                  "(rulebook: Claim one tile)")),
    "mine": (N_("Mine"), N_("Defended: roll {combat_dice_words}, keep the highest and lowest, add their difference "
                            "to the defence; commit at least that many combat points. Place a mine here (income "
                            "£{mine_income}). (rulebook: Combat)")),
    "cards": (N_("Draw two cards"),
              lambda v: ngettext("Undefended. Land a unit to draw {draw2_cards_words} game card (hand limit "
                                 "{hand_limit}). (rulebook: Claim one tile)",
                                 "Undefended. Land a unit to draw {draw2_cards_words} game cards (hand limit "
                                 "{hand_limit}). (rulebook: Claim one tile)", v["draw2_cards"])),
    "windfall": (N_("Windfall"), N_("Undefended. Land a unit to take £{windfall} from the bank.")),
    "biggame": (N_("Big Game"), N_("Undefended. Land a unit and keep the tile: {kept_tile_vp} VP at the end.")),
    "crisis": (N_("Crisis"), N_("Raises this planet's crisis level. Defended; beat it to keep it ({kept_tile_vp} VP at "
                                "the end). A skull mark means the level may climb further when the crisis dice roll "
                                "skulls.")),
    "tension": (N_("Tension"), N_("Defended by a rival's units on and around this planet. Win it to swap one of their "
                                  "mines or factories here for one of yours.")),
    "alien": (N_("Alien"), N_("An invader: defence {alien_defence}. Beat it to take the tile ({alien_vp} VP) and free "
                              "the planet for good.")),
}
#: what each type of card asks of its player (RB: Cards)
TYPE_HELP = {
    "action": N_("Uses your action for the turn."),
    "free": N_("Play any time in your own turn, as often as you like."),
    "benefit": N_("Play together with the action it improves (a move, a claim, a combat)."),
    "reaction": N_("Played when its trigger happens, even in another player's turn."),
}
#: a period, phase by phase (RB: Playing the game)
PHASE_HELP = N_("Each period: 1 put players+{extra_pass_cubes} cubes on the pass card, 2 draw tiles for each planet, "
                "3 take actions in turn until the last cube is taken, 4 roll for escalating crises and resolve them "
                "Mercury to Kuiper, 5 collect income (mine £{mine_income}, factory £{factory_income}), 6 bring "
                "surface units back to orbit.")
#: the other words of the table that state a rule or one of its numbers (RB: Phase five;
#: Victory points; Combat); ``{n}`` is left for the page (a count it shows)
STOCK_HELP = {
    "mine": N_("{n} mine(s): £{mine_income} a period each"),
    "factory": N_("{n} factory(ies): £{factory_income} a period each"),
}
KEPT_HELP = N_("kept tiles: big game and crisis {kept_tile_vp} VP each, alien {alien_vp} VP")
SCORING_ROWS = {
    "biggame": N_("Big game ({kept_tile_vp} VP each)"),
    "crisis": N_("Crisis tiles ({kept_tile_vp} VP each)"),
    "alien": N_("Aliens ({alien_vp} VP each)"),
}
COMBAT_HELP = N_("Cost = defence + (highest die − lowest die), a skull counting 0. Each skull also costs the "
                 "attacker one unit here, after paying.")
SKULL_HELP = N_("skull: counts 0 and costs a unit")
SKULL_TILE_HELP = N_(" This one is skull-marked: it escalates.")
#: the other sentences of the table that explain a rule (RB: Phase one, Action: pass; Action:
#: claim one tile; card Gunrunner; Victory points; Kuiper Belt crisis), the page's tooltips and
#: notes; ``aliens_reach_earth`` ends the line of the aliens' next move
TABLE_RULES = {
    "pass_card": N_("The pass card: taking a cube is an action (and draws a card); whoever takes the last one ends "
                    "the action phase and becomes first player."),
    "needs_unit": N_("At least one unit must land for the claim to succeed."),
    "gunrunner": N_("gunrunner cards here: each makes the crisis tiles defend at +{gunrunner_bonus}"),
    "vp_ranks": N_("VP for the 1st, 2nd, 3rd highest income here"),
    "aliens_reach_earth": N_("; they reach Earth: everybody loses!"),
}


def _numbers(text: str, numbers: dict) -> str:
    """``text`` with the fields named in ``numbers`` filled in, any other (``{n}``) kept for the page."""
    return text.format_map(_Keep(numbers))


class _Keep(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@per_components
def table_help(comp) -> dict:
    """The tooltips of the table in the current language, their numbers those of ``comp``'s
    rules: ``{"tiles": {kind: [name, text]}, "types": {type: text}, "phases": text, "stock":
    {"mine"|"factory": text with {n}}, "kept": text, "scoring": {kind: row label}, "combat": text,
    "skull": text, "skull_tile": text, "windfall": the windfall tile's mark, e.g. ``£3``,
    "draw2": the draw-cards tile's mark, e.g. ``+2``}`` and the sentences of :data:`TABLE_RULES`
    by their keys. Made once per component set and language; the view hands out the same object
    every move.

    >>> from cosmodrome.games.venus import GAME
    >>> table_help(GAME.new_state(2, seed=1).comp)["tiles"]["windfall"]
    ['Windfall', 'Undefended. Land a unit to take £3 from the bank.']
    """
    numbers = dict(comp.rules, combat_dice_words=gettext(COMBAT_DICE_WORDS[comp.combat_dice - 1]),
                   draw2_cards_words=number_words(comp.rules["draw2_cards"]))
    return {
        "tiles": {k: [gettext(name), _card_message(text, numbers)] for k, (name, text) in TILE_HELP.items()},
        "types": {k: gettext(text) for k, text in TYPE_HELP.items()},
        "phases": gettext(PHASE_HELP).format(**numbers),
        "stock": {k: _numbers(gettext(text), numbers) for k, text in STOCK_HELP.items()},
        "kept": gettext(KEPT_HELP).format(**numbers),
        "scoring": {k: gettext(text).format(**numbers) for k, text in SCORING_ROWS.items()},
        "combat": gettext(COMBAT_HELP), "skull": gettext(SKULL_HELP), "skull_tile": gettext(SKULL_TILE_HELP),
        "windfall": f"£{numbers['windfall']}",  # the tile's mark, a symbol in every language
        "draw2": f"+{numbers['draw2_cards']}",  # the draw-cards tile's mark: the cards it draws
        **{k: gettext(text).format(**numbers) for k, text in TABLE_RULES.items()}}
