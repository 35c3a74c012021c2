"""Names and texts of Walking on the Moon: astronauts, places on the lap, option labels,
prompts and the terminal's side view. Every sentence is ours (the rulebook is cited by
section in the rules modules, never quoted).

>>> from cosmodrome.games.moon import GAME
>>> s = GAME.new_state(3, seed=2)
>>> place_name(s, 0, 1)
'the goal box'
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from cosmodrome.core.texts import number_word, per_components
from cosmodrome.games.lunar.dice import ACCIDENT, COLOUR_NAMES, DIE_COLOUR, NUM_DICE, die_name, face_text, steps_of  # noqa: F401  (die_name: shared by the rules)
from cosmodrome.games.lunar.terrain import CHARS, TERRAIN_KINDS
from cosmodrome.games.moon.components import JUMP_SLOTS, load_components
from cosmodrome.games.moon.state import (
    A_COUNT,
    A_DONE,
    A_NEW,
    A_PICK,
    A_PLAY,
    A_PROGRAM,
    A_REMOVE,
    A_REROLL,
    A_SEAT,
    A_YES,
    ADVANCE,
    BUY,
    CARD,
    EXTRA,
    FREE_DIE,
    GO_ON,
    PICK,
    PROGRAM,
    REFRESH,
    ROB,
    SWAP_EC,
    SWAP_SPK,
    W_COOPERATION,
    W_END,
    W_MISCALCULATION,
    W_NO_INSTRUCTIONS,
    W_SANCTION,
    W_SLIPSTREAM,
    WINDOW_EFFECTS,
    MoonState,
    decode_pick,
    decode_program,
)
from cosmodrome.i18n import N_, Word, _, gettext, in_source, ngettext, pgettext, says  # noqa: F401 (Word, says: the game's log)

#: the nations of the jump cards (components.toml), for the catalog: translated where shown
NATION_NAMES = (N_("Soviet Union"), N_("United States"), N_("Europe"), N_("China"), N_("Japan"))
#: the lunar cards' names (components.toml), for the catalog: translated where shown
CARD_NAMES = (N_("Mare"), N_("Hill"), N_("Crater field"), N_("Tunnel mountain"), N_("Mountain"), N_("Canyon"),
              N_("Peaks"), N_("Boulder field"), N_("Deep craters"), N_("Hazard tunnel"), N_("Ridge"))
#: the special box tokens' names on the help page (Game.help_items), for the catalog
TOKEN_NAMES = (N_("Advance"), N_("Back"), N_("Buy advances"), N_("EC"), N_("Reroll next"), N_("Two sputniks"),
               N_("One die jump"))
JUMP_NAMES = (N_("first"), N_("second"), N_("third"))
#: what each special box token does (RB: Special boxes), in our words: a message (``N_``) or,
#: when its words follow a number of the rules, a function of the component set giving it
#: written (:func:`token_words` writes either)
TOKEN_TEXT = {"advance": N_("one circle box ahead"), "back": N_("one circle box back"),
              "buy-advances": N_("Sputniks may be spent for free advances"), "ec": N_("an EC counter"),
              "reroll-next": N_("free re-rolls on the next jump"),
              "two-sputniks": lambda comp: ngettext("{n} Sputnik counter", "{n} Sputnik counters",
                                                    comp.rules["token_sputniks"]).format(
                                                        n=number_word(comp.rules["token_sputniks"])),
              "one-die-jump": N_("an immediate jump with one die")}


def token_words(comp: Any, effect: str) -> str:
    """What the special box token ``effect`` does, in the reader's language, its numbers
    ``comp``'s (the Sputniks of the two-Sputniks token: ``[rules] token_sputniks``).

    >>> token_words(load_components(), "two-sputniks"), token_words(load_components(), "ec")
    ('two Sputnik counters', 'an EC counter')
    """
    text = TOKEN_TEXT[effect]
    return text(comp) if callable(text) else gettext(text)


def token_texts() -> dict:
    """Every token's text (:func:`token_words`), the packaged data's numbers: the help page's
    list (``Game.help_items``, which names the tokens as the page does)."""
    comp = load_components()
    return {("EC" if k == "ec" else k.replace("-", " ").capitalize()): token_words(comp, k) for k in TOKEN_TEXT}

#: action cards (RB: Action cards (advanced rules)): title and what the card does, in our words
CARD_TEXT = {
    "slipstream": (N_("Slipstream"), N_("When another astronaut overtakes yours, yours moves to the next circle box.")),
    "cooperation": (N_("Cooperation"), N_("When another astronaut passes a Sputnik icon, you take a Sputnik too.")),
    "planification": (N_("Planification"), N_("End of round, unless you lead the race: take an EC counter.")),
    "extra-jump": (N_("Extra jump"), N_("End of round, unless you lead the race: a free jump with one die of "
                                        "your choice.")),
    "teamwork": (N_("Teamwork"), N_("End of round, unless you lead the race: you and a player you choose each "
                                    "move one circle box ahead.")),
    "no-instructions": (N_("No instructions"), N_("Red. Before another player programs: take one die out of "
                                                  "the pool for that turn (one of each colour stays).")),
    "miscalculation": (N_("Miscalculation"), N_("Red. When another player rolls two or more dice: all of them "
                                                "must be rolled again.")),
    "sanction": (N_("Sanction"), N_("Red. When another player robs or sabotages you: that player also takes a "
                                    "handicap counter.")),
}
TIMING_TEXT = {"end-of-round": N_("end of the round"), "before-programming": N_("before a player programs"),
               "condition": N_("when its condition is met")}


# ----- words written when read, in the reader's language --------------------------------
# the log's sentences with a plural, each written when read by its own ``ngettext`` (which
# marks it for the catalog), passed to the log as ``(fn, (n, values))``
def accident_losing_text(n: int, values: dict) -> str:
    return ngettext("{name} {why}: an accident at {place}, losing {n} Sputnik.",
                    "{name} {why}: an accident at {place}, losing {n} Sputniks.", n).format(n=n, **values)


def spends_text(n: int, values: dict) -> str:
    return ngettext("{name} spends {n} Sputnik on free advances.",
                    "{name} spends {n} Sputniks on free advances.", n).format(n=n, **values)


def max_red_option_words(red: int) -> str:
    """The ``max_red`` option described, with the red-dot cards of the data (RB: Set up the race)."""
    return _("at most this many of the {red} red-dot (extra difficult) lunar cards in the lap (0-{n})").format(
        red=number_word(red), n=red)


def advanced_option_words(comp: Any) -> str:
    """The ``advanced`` option described, with the action cards of the data (RB: Advanced rules)."""
    return _("advanced rules: robbery and sabotage, special box tokens and the {n} action cards").format(
        n=comp.supply["action_cards"])


def word(text: str) -> Word:
    """A marked text (``N_``) translated when read."""
    return Word(gettext, text)


def place_w(s: MoonState, col: int, lvl: int) -> Word:
    """:func:`place_name`, written when read."""
    return Word(lap_place, s.goal, s.boxes, s.comp, s.cards, col, lvl)


def die_w(d: int) -> Word:
    return Word(die_name, d)


def card_title_w(effect: str) -> Word:
    return Word(gettext, CARD_TEXT[effect][0])


def seat_label(s: MoonState, seat: int) -> str:
    """The name of a seat (its nation, or both nations in the 2-player game)."""
    return s.game.seat_name(seat, s.num_players)


def astronaut_name(s: MoonState, a: int) -> str:
    """The nation of an astronaut (its jump card)."""
    return gettext(s.comp.nations[a])


def name_w(s: MoonState, a: int) -> Word:
    """:func:`astronaut_name`, written when read."""
    return Word(gettext, s.comp.nations[a])


def seat_w(s: MoonState, seat: int) -> Word:
    """:func:`seat_label`, written when read."""
    return Word(seat_label, s, seat)


def place_name(s: MoonState, col: int, lvl: int) -> str:
    """Where a box is on the lap, in words."""
    return lap_place(s.goal, s.boxes, s.comp, s.cards, col, lvl)


def lap_place(goal: int, boxes: tuple, comp: Any, cards: list, col: int, lvl: int) -> str:
    """:func:`place_name` from the lap's parts (its goal column, circled boxes, components and
    lunar cards), for a sentence written when it is read."""
    if col == 0 or col == goal:
        return _("the goal box")
    if col in boxes:
        return _("the circled box after card {n}").format(n=boxes.index(col) + 1)
    width = comp.layout["card_columns"] + 1
    k, c = divmod(col - 1, width)
    return _("card {k} ({name}), column {c}, level {lvl}").format(k=k + 1, name=gettext(comp.cards[cards[k]].name),
                                                                  c=c + 1, lvl=lvl)


#: the words naming each die in a roll's chance event ("the blue die 1")
DIE_WORDS = tuple(f"the {die_name(d)}" for d in range(NUM_DICE))  # (chance labels: English)


def roll_sentence(name: str, jump: int, free: bool, rolled: tuple) -> str:
    """The log line of a roll: ``rolled`` holds (die, face) pairs.

    >>> roll_sentence("USA", 1, False, ((2, 3), (4, ACCIDENT)))
    'USA rolls the second jump: white die 1 3, black die 1 2!.'
    """
    shown = ", ".join(f"{die_name(d)} {face_text(f)}" for d, f in rolled)
    if free:
        return _("{name} rolls a free jump: {shown}.").format(name=gettext(name), shown=shown)
    return _("{name} rolls the {nth} jump: {shown}.").format(name=gettext(name), nth=_(JUMP_NAMES[jump]), shown=shown)


def move_sentence(name: str, face: int, d: int, place: tuple, got: int) -> str:
    """The log line of a move; ``place`` holds :func:`lap_place`'s arguments.

    >>> from cosmodrome.games.moon import GAME
    >>> s = GAME.new_state(3, seed=2)
    >>> move_sentence("USA", 2, 0, (s.goal, s.boxes, s.comp, s.cards, 0, 1), 2)
    'USA moves 2 by the blue die 1 to the goal box and picks up 2 Sputniks.'
    """
    values = dict(name=gettext(name), face=face_text(face), die=die_name(d), place=lap_place(*place), n=got)
    if got:
        return ngettext("{name} moves {face} by the {die} to {place} and picks up {n} Sputnik.",
                        "{name} moves {face} by the {die} to {place} and picks up {n} Sputniks.", got).format(**values)
    return _("{name} moves {face} by the {die} to {place}.").format(**values)


def steps_text(colour: int, steps: int, mask: int) -> str:
    """The step pattern of a move: ``'straight, up'``."""
    if colour == 0 or mask == 0:
        return _("straight")
    turn = _("down") if colour == 1 else _("up")
    return ", ".join(turn if (mask >> i) & 1 else _("straight") for i in range(steps))


def label(s: MoonState, action: int) -> dict[str, Any]:
    """The label and JSON details of an action in this state."""
    if s.phase == REFRESH:
        return {"label": _("Discard your action card for a new one") if action == A_NEW else _("Keep your action card")}
    if s.phase == CARD:
        title = gettext(CARD_TEXT[s.comp.actions[s.hand[s.asks[0]]].effect][0])
        if action == A_DONE:
            fit = s.comp.actions[s.hand[s.asks[0]]].effect in WINDOW_EFFECTS.get(s.ask_card, ())
            return {"label": (_("Keep {title}") if fit else _("Keep {title} (it cannot be played now)")).format(
                title=title)}
        if action >= A_REMOVE:
            d = action - A_REMOVE
            return {"label": _("Play {title}: take a {colour} die out of the pool").format(
                        title=title, colour=_(COLOUR_NAMES[DIE_COLOUR[d]])), "die": d,
                    "colour": COLOUR_NAMES[DIE_COLOUR[d]], "card": True}
        if A_SEAT <= action < A_PLAY:
            b = action - A_SEAT
            return {"label": _("Play {title}: you and {name} move one circle box ahead").format(
                        title=title, name=astronaut_name(s, b)), "target": b, "card": True}
        if A_PROGRAM <= action < A_PICK:
            d = decode_program(action)[0]
            return {"label": _("Play {title}: a free jump with a {colour} die").format(
                        title=title, colour=_(COLOUR_NAMES[DIE_COLOUR[d]])), "die": d,
                    "colour": COLOUR_NAMES[DIE_COLOUR[d]], "card": True}
        if s.comp.actions[s.hand[s.asks[0]]].effect == "slipstream":
            return {"label": _("Play {title}: {name} moves to the next circle box").format(
                        title=title, name=astronaut_name(s, s.slipstream_astronaut)),
                    "target": s.slipstream_astronaut, "card": True}
        return {"label": _("Play {title}").format(title=title), "card": True}
    if s.phase == EXTRA:
        return {"label": _("Spend an EC for one more die") if action == A_YES else _("Take the dice as they are")}
    if s.phase == ADVANCE:
        return {"label": _("Advance one circle box") if action == A_YES else _("Stay where you are")}
    if s.phase == FREE_DIE:
        if action == A_DONE:
            return {"label": _("Make no free jump")}
        d = decode_program(action)[0]
        return {"label": _("Jump now with a {colour} die").format(colour=_(COLOUR_NAMES[DIE_COLOUR[d]])), "die": d,
                "colour": COLOUR_NAMES[DIE_COLOUR[d]], "free": True}
    if s.phase == ROB:
        if action == A_DONE:
            return {"label": _("Rob nobody")}
        b = action - A_SEAT
        what = (_("Rob {name}: take a Sputnik from it") if s.sputniks[b]
                else _("Rob {name}: give a handicap counter to it"))
        return {"label": what.format(name=astronaut_name(s, b)), "target": b}
    if s.phase == BUY:
        n = action - A_COUNT
        return {"label": ngettext("Spend {n} Sputnik for {n} free advance", "Spend {n} Sputniks for {n} free advances",
                                  n).format(n=n),
                "count": n}
    if s.phase == GO_ON:
        nxt = _(JUMP_NAMES[min(s.jump + 1, JUMP_SLOTS - 1)])
        return {"label": _("Make the {nth} jump").format(
            nth=nxt) if action == A_YES else _("Stop here and end the turn")}
    if A_PROGRAM <= action < A_PICK:
        d, j = decode_program(action)
        return {"label": _("Put a {colour} die on the {nth} jump").format(colour=_(COLOUR_NAMES[DIE_COLOUR[d]]),
                                                                          nth=_(JUMP_NAMES[j])),
                "die": d, "colour": COLOUR_NAMES[DIE_COLOUR[d]], "jump": j}
    if A_PICK <= action < A_REROLL:
        d, mask = decode_pick(action)
        face = s.faces[d]
        colour = DIE_COLOUR[d]
        res = s.preview(s.mover, d, mask)
        risky = "" if res.outcome == "safe" and face != ACCIDENT else _(", an accident")
        # a move that leaves no box (its first step runs into rock) ends where it starts
        stays = not res.path and (res.col, res.level) == (s.column[s.mover], s.level[s.mover])
        where = (_(": no step possible, an accident in {place}") if stays
                 else _(" to {place}")).format(place=place_name(s, res.col, res.level)) + ("" if stays else risky)
        return {"label": _("Move {face} by the {die} ({steps})").format(
                    face=face_text(face), die=die_name(d), steps=steps_text(colour, steps_of(face), mask)) + where,
                "die": d, "mask": mask, "face": face, "colour": COLOUR_NAMES[colour], "to": [res.col, res.level],
                "outcome": "accident" if risky else "safe", "path": [list(p) for p in res.path]}
    if A_REROLL <= action < A_COUNT:
        d = action - A_REROLL
        return {"label": _("Spend an EC to roll the {die} again").format(die=die_name(d)), "die": d}
    if action >= A_COUNT:
        n = action - A_COUNT
        what = _("{name} keeps {n} Sputniks") if s.phase == SWAP_SPK else _("{name} keeps {n} EC counters")
        return {"label": what.format(name=astronaut_name(s, s.mover), n=n), "count": n}
    return {"label": _("Done") if action == A_DONE else _("action {n}").format(n=action)}


#: the moments for action cards, in the words of a prompt (by ``ask_card``)
WINDOW_TEXT = {W_END: N_("the end of the round"), W_NO_INSTRUCTIONS: N_("before a player programs its dice"),
               W_SANCTION: N_("after a robbery"), W_MISCALCULATION: N_("after a roll of several dice"),
               W_COOPERATION: N_("after a Sputnik was picked up"), W_SLIPSTREAM: N_("after an overtaking")}


def prompt(s: MoonState) -> str:
    """What the seat to move decides now."""
    me = astronaut_name(s, s.mover)
    if s.phase == REFRESH:
        return _("{seat}: a new round; keep your action card or discard it for a new one?").format(
            seat=seat_label(s, s.asks[0]))
    if s.phase == CARD:
        name = s.comp.actions[s.hand[s.asks[0]]].effect
        if name not in WINDOW_EFFECTS.get(s.ask_card, ()):   # asked like every seat that may hold a fitting card
            return _("{seat}: a moment for action cards ({moment}); your {title} cannot be played now: "
                     "keep it.").format(
                seat=seat_label(s, s.asks[0]), moment=_(WINDOW_TEXT[s.ask_card]), title=_(CARD_TEXT[name][0]))
        if name == "slipstream":
            return _("{seat}: {me} overtook {other}; play {title} now?").format(
                seat=seat_label(s, s.asks[0]), me=me, other=astronaut_name(s, s.slipstream_astronaut),
                title=_(CARD_TEXT[name][0]))
        return _("{seat}: play {title} now?").format(seat=seat_label(s, s.asks[0]), title=_(CARD_TEXT[name][0]))
    if s.phase == EXTRA:
        return _("{me}: take {n} dice, or spend an EC for one more?").format(me=me, n=s.dice_count)
    if s.phase == PROGRAM:
        left = s.dice_count - sum(1 for j in s.die_action if j >= 0)
        return _("{me}: program your dice on the jump card ({n} still to place).").format(me=me, n=left)
    if s.phase == PICK:
        if s.free_die >= 0:
            return _("{me}: choose the die to move by on the free jump.").format(me=me)
        return _("{me}: choose the die to move by on the {nth} jump.").format(me=me, nth=_(JUMP_NAMES[s.jump]))
    if s.phase == GO_ON:
        return _("{me}: jump again or stop?").format(me=me)
    if s.phase == FREE_DIE:
        return _("{me}: jump now with one die of your choice (the special box's free jump), or not?").format(me=me)
    if s.phase == ADVANCE:
        return _("{me}: advance one circle box (the special box's offer), or stay?").format(me=me)
    if s.phase == ROB:
        return _("{me}: rob one of the astronauts in this box?").format(me=me)
    if s.phase == BUY:
        return _("{me}: how many Sputniks do you spend on free advances?").format(me=me)
    if s.phase in (SWAP_SPK, SWAP_EC):
        what = (_("{me} shares a box with {other}: how many of your pair's Sputniks does {me} keep?")
                if s.phase == SWAP_SPK else
                _("{me} shares a box with {other}: how many of your pair's EC counters does {me} keep?"))
        return what.format(me=me, other=astronaut_name(s, s.partner))
    return _("The game is over.")


def mark(name: str) -> str:
    """A mark of the side view that stands for a word, as the current language writes it:
    ``G`` (a goal box), ``S`` (a circled box between two lunar cards), ``EC`` (Earth
    Control counters)."""
    return {"goal": pgettext("the goal box under the side view, one letter", "G"),
            "circled": pgettext("a circled box under the side view, one letter", "S"),
            "ec": _("EC")}[name]


def legend_rows() -> list[tuple[str, str]]:
    """The symbols of :func:`render_text` explained (``Game.legend_rows``), each written as the
    side view writes it in the current language; the levels are the component data's
    (``board.layout.levels``, numbered from 0)."""
    top = load_components().layout["levels"] - 1
    return [
        (".", _("open sky")),
        ("o", _("a safe box")),
        ("x", _("a hazardous box: ending a jump there is an accident")),
        ("#", _("rock: a step into it is a crash")),
        ("t", _("a tunnel box")),
        ("T", _("a hazardous tunnel box")),
        ("A-Z", _("a standing astronaut (its first letter)")),
        ("a-z", _("a face-down astronaut, after an accident")),
        ("*", _("a Sputnik icon: passing it gives a Sputnik counter")),
        (mark("goal"), _("the goal box at each end of the lap (the race starts and ends there)")),
        (mark("circled"), _("a circled box between two lunar cards")),
        (f"0-{top}", _("the level of a row, {top} on top").format(top=top)),
        (mark("ec"), _("Earth Control counters: spend one for an extra die or a re-roll")),
    ]


def render_hand(view: Mapping[str, Any], seat: Optional[int] = None) -> str:
    """The viewer's own action card (advanced rules), or nothing."""
    cards = view.get("cards")
    own = [h["card"] for h in (cards or {}).get("hands", []) if h["seat"] == seat and h["card"]]
    return "\n".join(f"{c['title']} ({c['timing_text']}): {c['text']}" for c in own)


def render_text(view: Mapping[str, Any], seat: Optional[int] = None) -> str:
    """The lap as a side view in plain text (level 3 on top), the astronauts under it."""
    strip = view["lap"]["columns"]
    icons = {tuple(p) for p in view["lap"]["sputniks"]}
    marks: dict = {}
    for a in view["astronauts"]:
        marks.setdefault((a["col"], a["level"]), a["letter"] if not a["down"] else a["letter"].lower())
    lines = []
    for y in range(len(strip[0]) - 1, -1, -1):
        row = ""
        for c, column in enumerate(strip):
            ch = CHARS[column[y]]
            if (c, y) in marks:
                ch = marks[(c, y)]
            elif (c, y) in icons:
                ch = "*"
            row += ch
        lines.append(f"{y} {row}")
    goal, circled = mark("goal"), mark("circled")
    lines.append("  " + "".join(goal if c in (0, len(strip) - 1) else (circled if c in view["lap"]["boxes"] else " ")
                               for c in range(len(strip))))
    lines.append(_("Round {n}. Upper-case letter: standing astronaut, lower-case: face-down; * a Sputnik icon.").format(
        n=view['round']))
    for a in view["astronauts"]:
        state = _("at the goal") if a["finished"] else (_("face-down") if a["down"] else _("standing"))
        lines.append("  " + _("{letter} {name} ({seat}): {place}, {state}; Sputniks {spk}, EC {ec}, "
                              "handicap {hc}").format(
            letter=a['letter'], name=a['name'], seat=a['seat_name'], place=a['place'], state=state,
            spk=a['sputniks'], ec=a['ec'], hc=a['handicap']))
    t = view.get("turn")
    if t:
        lines.append(_("Jump card of {name}: ").format(name=t['name']) + "; ".join(
            _("{nth} jump: ").format(
                nth=_(JUMP_NAMES[j])) + (", ".join(d["text"] for d in t["dice"] if d["jump"] == j) or "-")
            for j in range(JUMP_SLOTS)))
        if t["out_of_turn"]:
            lines.append(_("Moving out of turn: {name}.").format(name=view['astronauts'][t['mover']]['name']))
    cards = view.get("cards")
    if cards:
        held = []
        for h in cards["hands"]:
            c = h["card"]
            held.append(f"{h['seat'] + 1}: {c['title']} ({c['timing_text']}; {c['text']})" if c
                        else f"{h['seat'] + 1}: " + (_("a card") if h['holds'] else _("none")))
        lines.append(_("Action cards (deck {deck}, discarded {discarded}) by seat: ").format(
            deck=cards['deck'], discarded=len(cards['discard'])) + "; ".join(held))
    if view.get("scores") is not None:
        lines.append(_("Scores: ") + ", ".join(str(x) for x in view["scores"]))
    return "\n".join(lines)


#: the legend in English (``Game.legend``); :func:`legend_rows` writes it in the reader's language
LEGEND = tuple(in_source(legend_rows))


# ----- the table's tooltips: the lap's boxes explained -----------------------------------------
#: each kind of box of the lap, by its terrain code (lunar/terrain.py: sky, safe, hazard, rock,
#: tunnel, hazardous tunnel; RB: "How do I jump?"; "What's an accident?"; Tunnels)
CELL_HELP = (
    N_("Sky: you may fly through, but a jump that ends here falls to the box below (an accident)."),
    N_("A box with a circle: safe ground to land on."),
    N_("A box without a circle: landing here is an accident."),
    N_("Rock: a step into it is a crash."),
    N_("A tunnel box with a circle: safe, but no diagonal steps inside a tunnel (it has a ceiling)."),
    N_("A tunnel box without a circle: landing here is an accident; no diagonal steps inside the tunnel."),
)
#: a box with a Sputnik on it (RB: The Sputnik)
SPUTNIK_HELP = N_("A Sputnik: pass through to collect a counter.")
#: a circled special box under the strip (RB: Special boxes) and an EC counter (RB: Earth Control)
BOX_HELP = N_("Special box: a circled box between two lunar cards (with the advanced rules a token lies on it)")
EC_HELP = N_("EC counters: spend one to re-roll a die or to take one more die at the start of a turn")
#: a die showing the accident face (RB: "How do I jump?": the black dice; "What's an accident?")
ACCIDENT_HELP = N_("{colour} die: moves {n}, then an accident")


def _shares() -> dict:
    """Each share an accident may cost in words, as ``(subject, before them)`` (see
    :func:`share_words`) in the current language, by divisor; ``0``: any other divisor's."""
    return {1: (pgettext("the share of the Sputnik counters lost", "all"),
                pgettext("the share of one's Sputnik counters lost, before them", "all your")),
            2: (pgettext("the share of the Sputnik counters lost", "half"),
                pgettext("the share of one's Sputnik counters lost, before them", "half your")),
            3: (pgettext("the share of the Sputnik counters lost", "a third"),
                pgettext("the share of one's Sputnik counters lost, before them", "a third of your")),
            4: (pgettext("the share of the Sputnik counters lost", "a quarter"),
                pgettext("the share of one's Sputnik counters lost, before them", "a quarter of your")),
            0: (pgettext("the share of the Sputnik counters lost", "1/{d}"),
                pgettext("the share of one's Sputnik counters lost, before them", "1/{d} of your"))}


def share_words(divisor: int, before_them: bool = False) -> str:
    """The share of a player's Sputnik counters an accident costs, the counters held divided
    by ``divisor`` (``[rules] accident_sputnik_divisor``; RB: "What's an accident?"), in words:
    half as printed, a third, a quarter, all, or "1/5" beyond. As the subject of "are lost"
    (the table's tooltip), or ``before_them`` as the object of "you lose ... Sputnik counters"
    (the rules page and its hint: "half your"), which a language may word otherwise.

    >>> share_words(2), share_words(1), share_words(5)
    ('half', 'all', '1/5')
    >>> share_words(2, True), share_words(3, True), share_words(5, True)
    ('half your', 'a third of your', '1/5 of your')
    """
    shares = _shares()
    return (shares.get(divisor) or shares[0])[before_them].format(d=divisor)


@per_components
def table_help(comp) -> dict:
    """The tooltips of the lap in the current language: ``{"cells": [text per terrain code],
    "sputnik": text, "counters": text, "box": text, "ec": text, "handicap": text, "accident":
    {"face": text, "dice": {colour: text}, "code": the accident face's code in the view's dice},
    "terrain": {name: kind of box} (:data:`~cosmodrome.games.lunar.terrain.TERRAIN_KINDS`)}``,
    the Sputnik counters' points, a handicapped turn's dice, the share of the counters an
    accident costs and the colours whose dice carry the accident face ``comp``'s (RB: "How do I
    win?"; Handicaps; "What's an accident?"; "How do I jump?"); the accident face's steps are
    the jump dice's (:func:`~cosmodrome.games.lunar.dice.steps_of`).
    Made once per component set and language; the view hands out the same object every move.

    >>> from cosmodrome.games.moon import GAME
    >>> table_help(GAME.new_state(2, 1).comp)["cells"][3]
    'Rock: a step into it is a crash.'
    """
    n, h = comp.sputnik_points, comp.dice["handicap"]
    accident = {colour: gettext(ACCIDENT_HELP).format(colour=gettext(colour), n=steps_of(ACCIDENT))
                for colour, faces in zip(COLOUR_NAMES, comp.faces) if ACCIDENT in faces}
    return {
        "cells": [gettext(text) for text in CELL_HELP], "sputnik": gettext(SPUTNIK_HELP),
        "counters": ngettext("Sputnik counters: {n} point each; {share} are lost in an accident",
                             "Sputnik counters: {n} points each; {share} are lost in an accident", n).format(
                                 n=n, share=share_words(comp.rules["accident_sputnik_divisor"])),
        "box": gettext(BOX_HELP), "ec": gettext(EC_HELP),
        "handicap": ngettext("Handicap counters: the next turn takes only {n} die",
                             "Handicap counters: the next turn takes only {n} dice", h).format(h=h, n=h),
        "accident": {"face": face_text(ACCIDENT), "dice": accident, "code": ACCIDENT},
        "terrain": dict(TERRAIN_KINDS)}
