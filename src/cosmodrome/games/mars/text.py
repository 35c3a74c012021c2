"""Names and texts of March on Mars shown to players, in our own words (the rulebook's
sections are cited, never copied).

>>> ALIEN_NAMES[2], UPGRADE_NAMES[0]
('red', 'bunker')
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from cosmodrome.core.texts import per_components
from cosmodrome.games.lunar.dice import (  # noqa: F401  (die_name: shared by the rules)
    ACCIDENT,
    COLOUR_NAMES,
    DIE_COLOUR,
    NUM_DICE,
    die_name,
    face_text,
    steps_of,
)
from cosmodrome.games.lunar.terrain import HAZARD, SAFE, TERRAIN_KINDS, TUNNEL, TUNNEL_HAZ
from cosmodrome.games.mars.components import ALIEN_COLOURS, UPGRADES
from cosmodrome.games.mars.state import (
    ACT,
    CHARM,
    CHOOSE,
    D_LEFT,
    D_RIGHT,
    DIE_NAMES,
    DRONE,
    FACE_TEXTS,
    GO_ON,
    LAND,
    LEFT,
    LEVEL,
    LZ,
    PROGRAM,
    RIGHT,
    SIDE_NAMES,
    SIDE_ZONES,
    TRAIN,
    ZONE_NAMES,
    MarsState,
    training_ability,
)
from cosmodrome.i18n import N_, Word, _, gettext, in_source, ngettext, pgettext, says  # noqa: F401 (Word, says: the game's log)

ALIEN_NAMES = ALIEN_COLOURS
#: the alien colours as the log names them
ALIEN_WORDS = (N_("yellow"), N_("blue"), N_("red"))
#: the sides and the upgrades as the log names them
SIDE_WORDS = (N_("left"), N_("right"))
UPGRADE_WORDS = (N_("bunker"), N_("sentinels"), N_("antenna"))
UPGRADE_NAMES = UPGRADES
THREATS = ("baby", "normal", "sergeant", "exterminator")
THREAT_WORDS = (N_("baby"), N_("normal"), N_("sergeant"), N_("exterminator"))
THREAT_TITLES = (N_("Baby"), N_("Normal"), N_("Sergeant"), N_("Exterminator"))
THREAT_HELP = (N_("baby marine: waves one alien smaller (still at least 2)"),
               N_("the rules as written"),
               N_("sergeant: marines in the Landing Zone count on both sides for the wave size"),
               N_("exterminator: as sergeant, and arriving yellow aliens jump onto the marines on their card"))
#: the threat option's help: "threat level: " and the four helps above, joined by "; "
THREAT_OPTION_HELP = N_("threat level: baby marine: waves one alien smaller (still at least 2); the rules as written; "
                        "sergeant: marines in the Landing Zone count on both sides for the wave size; exterminator: "
                        "as sergeant, and arriving yellow aliens jump onto the marines on their card")
assert THREAT_OPTION_HELP == "threat level: " + "; ".join(THREAT_HELP)


#: the marines' colours (``names.marines`` of components.toml) as their names say them
MARINE_COLOURS = (N_("Red"), N_("Blue"), N_("Green"), N_("Yellow"), N_("White"))


#: names of ours whose English another game's catalog entry spells alike with another meaning
#: (Onward to Venus's card Sniper): each is looked up in its own Mars entry
CONTEXT_NAMES = {"Sniper": lambda: pgettext("March on Mars", "Sniper")}


def name_word(name: str) -> str:
    """A card's, ability's or equipment's name in the reader's language: the Mars entry of
    :data:`CONTEXT_NAMES` where there is one, else the name's own."""
    own = CONTEXT_NAMES.get(name)
    return own() if own else gettext(name)


def names_of(names: tuple) -> str:
    """Names of the components (cards...) listed in the current language."""
    return ", ".join(name_word(n) for n in names)


#: the free steps of :data:`cosmodrome.games.mars.state.STEP_KINDS`
STEP_NAMES = (N_("diagonally up"), N_("diagonally down"), N_("straight"), N_("diagonally up"), N_("diagonally down"))
#: the outcomes of a move (:data:`cosmodrome.games.lunar.movement.OUTCOMES`) as the labels name them
OUTCOME_WORDS = (N_("safe"), N_("hazard"), N_("fall"), N_("crash"), N_("ceiling"), N_("2! face"))


def dice_faces(pairs: tuple) -> str:
    """Dice and their faces in words: ``((die, face), ...)``.

    >>> dice_faces(((0, 1), (4, 4)))
    'blue die 1 1, black die 1 2!'
    """
    return ", ".join(f"{die_name(d)} {face_text(f)}" for d, f in pairs)


def dice_faces_w(pairs) -> Word:
    """:func:`dice_faces`, written when read (a log sentence's value)."""
    return Word(dice_faces, tuple(pairs))


def die_w(d: int) -> Word:
    """:func:`die_name`, written when read."""
    return Word(die_name, d)


#: the makers of a shot that is no marine's, as the log names them
SHOOTERS = {"fragmentation": N_("The fragmentation missile"), "piercing": N_("The piercing missile"),
            "sentinels": N_("The sentinels")}


def shooter_w(key: str) -> Word:
    """One of :data:`SHOOTERS`, written when read."""
    return Word(gettext, SHOOTERS[key])


def marine_shooter(who: object) -> str:
    """A marine (or their drone) as the maker of a shot, whose sentence begins with the maker:
    in Hungarian with the article a marine's name takes there (the :data:`SHOOTERS` words hold
    their own)."""
    return pgettext("a marine, the maker of a shot", "{who}").format(who=who)


def marine_shooter_w(who: object) -> Word:
    """:func:`marine_shooter`, written when read."""
    return Word(marine_shooter, who)


def rolled_text(who: str, verb: str, slot: int, dice: tuple, faces: tuple) -> str:
    """The log's sentence of a roll (written when read).

    >>> rolled_text("Red marine", "rolls", 1, (0, 4), (1, 0, 0, 0, 4, 0))
    'Red marine rolls action 2: blue die 1 1, black die 1 2!.'
    """
    rolled = ", ".join(f"{DIE_NAMES[d]} {FACE_TEXTS[faces[d]]}" for d in dice)
    template = _("{who} plays action {n}: {rolled}.") if verb == "plays" else _("{who} rolls action {n}: {rolled}.")
    return template.format(who=who, n=slot + 1, rolled=rolled)


def shot_text(who: str, hits: int, executions: int, col: int, lvl: int, colours: tuple) -> str:
    """The log's sentence of a shot (written when read).

    >>> shot_text("Red marine", 2, 0, 4, 1, (0,))
    'Red marine puts 2 hits on column 5, level 1: kills yellow.'
    """
    names = ", ".join(_(ALIEN_NAMES[c]) for c in colours) or _("nobody")
    what = ngettext("{n} hit", "{n} hits", hits).format(n=hits) + (
        ngettext(" and {n} sure kill", " and {n} sure kills", executions).format(n=executions) if executions else "")
    return _("{who} puts {what} on column {col}, level {level}: kills {names}.").format(
        who=who, what=what, col=col + 1, level=lvl, names=names)


def step_name(kind: int) -> str:
    return STEP_NAMES[kind]


def side_name(side: int) -> str:
    return SIDE_NAMES[side]


def side_word(side: int) -> str:
    """The side as the log's sentences name it ("from the left side"), in the reader's
    language: a word of its own, apart from "left" as a direction of movement."""
    return pgettext("side", "left") if SIDE_NAMES[side] == "left" else pgettext("side", "right")


def prompt(s: MarsState) -> str:
    who = s.game.seat_name(s.acting, s.num_players)
    if s.phase == TRAIN:
        a, b = (name_word(s.comp.abilities[training_ability(s.training_card[s.acting], k)].name) for k in (0, 1))
        return _("{who}: keep {a} or {b} as your special training for the game.").format(who=who, a=a, b=b)
    if s.phase == LAND:
        return _("{who}: choose your box in the Landing Zone.").format(who=who)
    if s.phase == LEVEL:
        return _("{who}: at which level of column {col} do you appear?").format(who=who, col=s.teleport_column)
    if s.phase == CHARM:
        return _("{who}: pick the dice the lucky charm rolls again, then roll them.").format(who=who)
    if s.phase == DRONE:
        return _("{who}: roll two dice for your drone's shot, or leave it idle.").format(who=who)
    if s.phase == PROGRAM and s.precog:
        return _("{who}: put the foreseen dice on your actions.").format(who=who)
    if s.phase == CHOOSE:
        return _("{who}: which marine acts next this round?").format(who=who)
    if s.phase == PROGRAM:
        return _("{who}: put up to {n} dice on your three actions, or blow up the MMM from beside it.").format(
            who=who, n=s.dice_count)
    if s.phase == ACT:
        rolled = ", ".join(f"{die_name(d)}: {face_text(s.faces[d])}" for d in range(NUM_DICE) if s.faces[d])
        return _("{who}, action {n} rolled {rolled}: move with one die or shoot with a group.").format(
            who=who, n=s.slot + 1, rolled=rolled)
    if s.phase == GO_ON:
        return _("{who}: roll your next action or stop here.").format(who=who)
    return _("The game is over.")


def box_mark(col: int, level: int) -> str:
    """A box of the ring as the table writes it, its column 1-based: ``c3/l2``."""
    return _("c{col}/l{level}").format(col=col, level=level)


def legend_rows() -> list[tuple[str, str]]:
    """The symbols of :func:`render_text` explained (``Game.legend_rows``), each written as the
    table writes it in the current language."""
    return [
        (box_mark(3, 2), _("a box: column 3 of the ring (counted from the MMM's left, as the marines' columns), "
                           "level 2")),
        (" ".join(gettext(c) for c in ("yellow", "blue", "red")), _("alien counters in a box, by colour")),
        (pgettext("aliens waiting beside the board", "Incoming"),
         _("aliens waiting beside the board to arrive on that side")),
        (_("base hits {hits} of {attacks}").format(hits="n", attacks="m"),
         _("attacks the base has taken, and how many destroy it")),
        (pgettext("the base's upgrades", "Upgrades"),
         _("the base's bunker, sentinels and antenna (destroyed ones marked)")),
        (_("crashed"), _("a marine knocked down by an accident")),
        (pgettext("a marine's kills, on the terminal's table", "kills"), _("aliens the marine has shot")),
    ]


def render_text(view: Mapping[str, Any], seat: Optional[int] = None) -> str:
    """The table as plain text: the tracks, the ring zone by zone, the marines and the dice."""
    lines = [_("March on Mars - round {round} of {rounds}, base hits {hits} of {attacks}, threat {threat}").format(
        round=view['round'], rounds=view['rounds'], hits=view['base_hits'], attacks=view['base_attacks'],
        threat=gettext(view['threat']))]
    upg = ", ".join(_(u) if u else _("destroyed") for u in view["upgrades"])
    lines.append(_("Upgrades: {upgrades}.  Incoming: ").format(upgrades=upg) + ", ".join(
        f"{gettext(k)} {' '.join(gettext(a) for a in v) or '-'}" for k, v in view["incoming"].items()))
    for z in view["zones"]:
        boxes = [f"{box_mark(b['col'] + 1, b['level'])}: {' '.join(gettext(a) for a in b['aliens'])}"
                 for b in z["boxes"] if b["aliens"]]
        lines.append(f"  {z['name']}: " + ("; ".join(boxes) or _("no aliens")))
    for mk in view["marines"]:
        state = _("crashed") if mk["crashed"] else _("standing")
        gear = ", ".join(name_word(e["name"]) for e in mk["equipment"])
        lines.append(_("  {name}: column {col}, level {level}, {state}, kills {kills}").format(
                         name=mk['name'], col=mk['col'] + 1, level=mk['level'], state=state, kills=mk['kills'])
                     + (f", {name_word(mk['training']['name'])}" if mk["training"] else "")
                     + (_(", holds {gear}").format(gear=gear) if gear else "")
                     + (_(", out of the game") if mk.get("out") else "") + (_(", has played") if mk["acted"] else ""))
    eq = view.get("equipment")
    if eq:
        lines.append(_("Equipment: {n} in the deck, discarded: {cards}.").format(
            n=eq['deck'], cards=', '.join(name_word(x) for x in eq['discard']) or '-'))
    if view["result"]:
        lines.append(_("Result: {result}.").format(result=gettext(view['result'])))
    return "\n".join(lines)


def zone_name(z: int) -> str:
    return _(ZONE_NAMES[z])


#: the legend in English (``Game.legend``); :func:`legend_rows` writes it in the reader's language
LEGEND = tuple(in_source(legend_rows))


# ----- the table's tooltips: the boxes, the aliens, the upgrades and the dice explained -------
#: each kind of box of the ring a marine may land on (RB: "How do I jump?"; "What's an accident?"; Tunnels)
CELL_HELP = {
    SAFE: N_("A box with a circle: a marine lands here safely."),
    HAZARD: N_("A box without a circle: landing here is an accident."),
    TUNNEL: N_("A tunnel box with a circle: safe, but a tunnel has a ceiling (no diagonal steps inside)."),
    TUNNEL_HAZ: N_("A tunnel box without a circle: landing here is an accident; no diagonal steps inside."),
}
#: each alien colour and the hits in one shot that kill one (``n``, this game's; RB: Can I
#: kill the aliens?), in the current language
ALIEN_HELP = {
    "yellow": lambda n: ngettext("Yellow aliens are the weakest: a shot of {n} hit kills one.",
                                 "Yellow aliens are the weakest: a shot of {n} hits kills one.", n),
    "blue": lambda n: ngettext("Blue aliens need more hits in one shot: {n} hit kills one.",
                               "Blue aliens need more hits in one shot: {n} hits kill one.", n),
    "red": lambda n: ngettext("Red aliens are the toughest, {n} hit in one shot; the two defenders beside the MMM "
                              "are red, with a dashed ring.",
                              "Red aliens are the toughest, {n} hits in one shot; the two defenders beside the MMM "
                              "are red, with a dashed ring.", n),
}
#: each base upgrade (RB: Base upgrades), in the current language; ``n``: the sentinels' dice,
#: the component data's
UPGRADE_HELP = {
    "bunker": lambda n: _("Bunker: when a wave pushes aliens into the incoming-wave box on its side, it kills the "
                          "toughest of them."),
    "sentinels": lambda n: ngettext("Sentinels: after the marines' turns they roll {n} die each round and shoot the "
                                    "Landing Zone's boxes (a 1 hits the box at their end, a 2 the next one, "
                                    "and so on).",
                                    "Sentinels: after the marines' turns they roll {n} dice each round and shoot the "
                                    "Landing Zone's boxes (a 1 hits the box at their end, a 2 the next one, "
                                    "and so on).",
                                    n),
    "antenna": lambda n: _("Antenna: a marine on its side may roll one die of its first roll again."),
}
#: each die colour with its faces, the component data's (RB: "How do I jump?"; Martian waves)
DIE_HELP = {"blue": N_("blue die: {faces}"), "white": N_("white die: {faces}"), "black": N_("black die: {faces}")}
WAVE_FACE_HELP = N_(" (the {face} face moves {n} and calls an alien wave at the end of the turn)")
#: the Martian Master Mind and a marine's dice (RB: "How we win?"; How do I...; Special training),
#: their numbers the component data's (the injector's: components.Components.tired_dice)
MMM_HELP = N_("The Martian Master Mind. {nuke} dice summing to {target} or more, rolled from a defender box free of "
              "aliens, blow it up: the marines win.")
#: the ring's places and the centre's tracks, boxes and white die (RB: Prepare landing; "How we win?";
#: Martian waves; The defenders), in the current language; see :func:`_board_help` (the
#: white die's faces for each side are the component data's, ``comp.white_faces``)
BOARD_HELP = {
    "lz": N_("The Landing Zone: the marines' base. Aliens still in it after the marines' turns attack the base."),
    "beside": N_("The {zone}, beside the MMM: free of aliens, a marine here may set off the nuke."),
    "barrier": {"left": N_("The left defender's force barrier, between its box and the MMM: while the defender "
                           "lives, a move that would go on past the box crashes in it."),
                "right": N_("The right defender's force barrier, between its box and the MMM: while the defender "
                            "lives, a move that would go on past the box crashes in it.")},
    "incoming": {"left": N_("The left incoming-wave box: aliens a wave pushed off the left card next to the Landing "
                            "Zone. At the start of the next round they storm into the Landing Zone."),
                 "right": N_("The right incoming-wave box: aliens a wave pushed off the right card next to the "
                             "Landing Zone. At the start of the next round they storm into the Landing Zone.")},
    "white": {"left": N_("The MMM's white die shows {n}: this round's wave comes on the left side."),
              "right": N_("The MMM's white die shows {n}: this round's wave comes on the right side."),
              "none": N_("The MMM's white die, rolled each round: {left} sends a wave to the left side, {right} to "
                         "the right.")},
    "damage": N_("Successful attacks on the base: at the last one the base is lost, and the game with it."),
    "pool": N_("Alien counters in the bag (new waves), on the dead pile (back in the bag when it runs out) and "
               "dead defenders (never back)."),
    "half": N_(" (half the board, for two marines)"),
    "upgrade_lost": N_("A base upgrade destroyed by an attack on the base."),
    "threat": N_("how hard the aliens come: chosen when the game was made (a lower threat is gentler)"),
}
#: a marine's card: its turn in the round, Kamikaze and the orbital bombing spent (RB: "How do
#: I...": no turn order; Special training), in the current language; see :func:`_marine_help`
MARINE_HELP = {
    "turn": N_("Each marine plays once a round, in any order the team likes."),
    "out": N_("This marine left the game (kamikaze): the team plays on without it."),
    "orbital_spent": N_("The orbital bombing has been called this game."),
}
#: what to click on the table for each decision (its kind, ``PHASE_KIND``), in our own words
#: (RB: Prepare landing; "How do I..."; "How we win?"; Special training; Equipment): the view
#: hands them out translated (``help["clicks"]``); a decision not named here shows its prompt
CLICK_HINTS = {
    "training": N_("Keep one ability of your training card: click it on your marine's card."),
    "landing": N_("Click the Landing Zone box where your marine lands."),
    "next-marine": N_("Click the marine who acts next (on the ring or its card)."),
    "program": N_("Put dice on your actions with the + buttons of the combat card, then roll; or click the MMM for "
                  "the nuke when you may."),
    "act": N_("Click a lit box to move there or to shoot it, or a rolled die to roll it again; your equipment cards "
              "are in your hand."),
    "lucky-charm": N_("Click the dice to roll again with the lucky charm, then roll."),
    "teleport-level": N_("Click the box where your marine appears."),
    "drone": N_("Pick the two dice the drone rolls from the list, or leave it idle."),
    "go-on": N_("Roll your next action or stop here."),
}
#: the zones of the ring the table draws apart (:data:`.state.ZONE_NAMES`' numbers, as the view's
#: ``zones`` and ``ring.zones_of_columns`` give them): the Landing Zone, and the defender boxes
#: beside the MMM by side (RB: Prepare landing; The red defenders)
TABLE_ZONES = {"lz": LZ, "defenders": {str(SIDE_ZONES[k][0]): SIDE_NAMES[k] for k in (LEFT, RIGHT)},
               # the force barrier of each side's defender, drawn on the edge of its defender box
               # towards the MMM (the ring's start on the left, its end on the right): the barrier
               # stands behind the defender, so a marine may enter the box but not go on past it
               # (RB: The red defenders; ruling 3)
               "barriers": {SIDE_NAMES[LEFT]: {"zone": SIDE_ZONES[LEFT][0], "edge": "start"},
                            SIDE_NAMES[RIGHT]: {"zone": SIDE_ZONES[RIGHT][0], "edge": "end"}}}
#: the colour of each of the marines' dice by its number (the options' and the view's ``die``;
#: :data:`cosmodrome.games.lunar.dice.DIE_COLOUR`), as the view's ``turn.dice`` names it
DIE_COLOURS = tuple(COLOUR_NAMES[DIE_COLOUR[d]] for d in range(NUM_DICE))


def _board_help(comp) -> dict:
    """The ring's and the centre's tooltips (:data:`BOARD_HELP`), the rounds and the white
    die's faces ``comp``'s: the white die's by the face it shows (``"1"``...) and ``"none"``."""
    b, rounds, (left, right) = BOARD_HELP, comp.rounds, comp.white_faces
    white = b["white"]
    return {"lz": gettext(b["lz"]),
            "beside": {str(z): gettext(b["beside"]).format(zone=zone_name(z)) for z in (D_LEFT, D_RIGHT)},
            "barrier": {k: gettext(v) for k, v in b["barrier"].items()},
            "incoming": {k: gettext(v) for k, v in b["incoming"].items()},
            "white": {str(left): gettext(white["left"]).format(n=left),
                      str(right): gettext(white["right"]).format(n=right),
                      "none": gettext(white["none"]).format(left=left, right=right)},
            "rounds": ngettext("The round track: the MMM must be destroyed within {n} round.",
                               "The round track: the MMM must be destroyed within {n} rounds.",
                               rounds).format(n=rounds),
            "damage": gettext(b["damage"]), "pool": gettext(b["pool"]), "half": gettext(b["half"]),
            "upgrade_lost": gettext(b["upgrade_lost"]), "threat": gettext(b["threat"])}


def _marine_help(comp) -> dict:
    standing, crashed, tired = comp.dice["marine"], comp.dice["crashed"], comp.tired_dice
    return {"standing": ngettext("Standing: it plays with {n} die.", "Standing: it plays with {n} dice.",
                                 standing).format(n=standing),
            "crashed": ngettext("Crashed: it gets up at the start of its next turn and plays it with {n} die.",
                                "Crashed: it gets up at the start of its next turn and plays it with {n} dice.",
                                crashed).format(n=crashed),
            "tired": ngettext("After the power-up injector: {n} die next turn.",
                              "After the power-up injector: {n} dice next turn.", tired).format(n=tired),
            **{k: gettext(text) for k, text in MARINE_HELP.items()}}


def nuke_label(comp) -> str:
    """The nuke's option, its dice and target ``comp``'s (RB: "How we win?")."""
    return _("set off the nuke ({n} dice, {target} or more)").format(n=comp.dice["nuke"],
                                                                     target=comp.dice["nuke_target"])


def kamikaze_label(comp) -> str:
    """Kamikaze's option: the nuke with one die more (RB: Special training, Kamikaze)."""
    return _("kamikaze: the nuke with {n} dice, at the cost of this marine").format(n=comp.dice["nuke"] + 1)


def _die_help(colour: str, faces) -> str:
    text = gettext(DIE_HELP[colour]).format(faces=", ".join(face_text(f) for f in faces))
    if ACCIDENT in faces:
        text += gettext(WAVE_FACE_HELP).format(face=face_text(ACCIDENT), n=steps_of(ACCIDENT))
    return text


@per_components
def table_help(comp) -> dict:
    """The tooltips of the table in the current language, their numbers those of ``comp``
    (the hits each alien colour needs, the sentinels' dice, the dice's faces, the nuke's dice and
    target, a marine's dice): ``{"cells": {kind: text}, "aliens": {colour: text}, "upgrades":
    {name: text}, "dice": {colour: text}, "mmm": text, "marine": {"standing"|"crashed"|"tired"|
    "turn"|"out"|"orbital_spent": text}, "board": the ring's places and the centre's tracks
    (:func:`_board_help`), "mmm_options": the labels of the options played on the MMM (the nuke,
    Kamikaze), "clicks": {decision kind: what to click} (:data:`CLICK_HINTS`), "zones": the zones
    the table draws apart and where it draws the defenders' barriers (:data:`TABLE_ZONES`),
    "terrain": {name: kind of box} (:data:`TERRAIN_KINDS`), "die_colours": [the colour of each
    die by its number] (:data:`DIE_COLOURS`), "die_names": [each die's name, as the options give
    it], "actions": the actions a turn programs, the slots the table draws}``. Made once per
    component set and language; the view hands out the same object every move.

    >>> from cosmodrome.games.mars import GAME
    >>> table_help(GAME.new_state(2, seed=1).comp)["dice"]["blue"]
    'blue die: 1, 1, 2, 2, 3, 3'
    """
    n = comp.sentinels["dice"]
    return {
        "cells": {str(k): gettext(text) for k, text in CELL_HELP.items()},
        "aliens": {c: ALIEN_HELP[c](h).format(n=h) for c, h in zip(ALIEN_COLOURS, comp.hits)},
        "upgrades": {k: text(n).format(n=n) for k, text in UPGRADE_HELP.items()},
        "dice": {c: _die_help(c, faces) for c, faces in zip(COLOUR_NAMES, comp.faces)},
        "mmm": gettext(MMM_HELP).format(nuke=comp.dice["nuke"], target=comp.dice["nuke_target"]),
        "marine": _marine_help(comp), "board": _board_help(comp),
        "mmm_options": [nuke_label(comp), kamikaze_label(comp)],
        "clicks": {k: gettext(text) for k, text in CLICK_HINTS.items()},
        "zones": {"lz": TABLE_ZONES["lz"], "defenders": dict(TABLE_ZONES["defenders"]),
                  "barriers": {k: dict(v) for k, v in TABLE_ZONES["barriers"].items()}},
        "terrain": dict(TERRAIN_KINDS),
        "die_colours": list(DIE_COLOURS), "die_names": [die_name(d) for d in range(NUM_DICE)],
        "actions": comp.dice["actions"]}


@per_components
def help_numbers(comp: Any) -> dict[str, int]:
    """The numbers "How to play" and the first-game hints name (howto.toml's ``{dotted.name}``
    fields, written in words where the text says ``{dotted.name:word}``:
    :func:`cosmodrome.core.howto.fill`), ``comp``'s: ``rules.<key>`` (``[rules]``),
    ``upgrades.sentinels.dice`` and ``missile.fragmentation_zones``, the zones a fragmentation
    missile hits (the impacted one and ``rules.fragmentation_spread`` on each side; RB:
    Supporting from base). Made once per component set (the hints are kept per mapping).

    >>> from cosmodrome.games.mars.components import load_components
    >>> n = help_numbers(load_components())
    >>> n["rules.missile_dice"], n["rules.piercing_hits"], n["missile.fragmentation_zones"]
    (2, 3, 3)
    """
    out = {f"rules.{k}": v for k, v in comp.rules.items()}
    out["upgrades.sentinels.dice"] = comp.sentinels["dice"]
    out["missile.fragmentation_zones"] = 1 + 2 * comp.rules["fragmentation_spread"]
    return out
