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

from cosmodrome.games.lunar.dice import ACCIDENT, COLOUR_NAMES, DIE_COLOUR, NUM_DICE, die_name, face_text, steps_of  # noqa: F401  (die_name: shared by the rules)
from cosmodrome.games.lunar.terrain import CHARS
from cosmodrome.games.moon.state import (
    A_COUNT, A_DONE, A_NEW, A_PICK, A_PLAY, A_PROGRAM, A_REMOVE, A_REROLL, A_SEAT, A_YES, ADVANCE, BUY, CARD, EXTRA,
    FREE_DIE, GO_ON, PICK, PROGRAM, REFRESH, ROB, SWAP_EC, SWAP_SPK, W_COOPERATION, W_END, W_MISCALCULATION,
    W_NO_INSTRUCTIONS, W_SANCTION, W_SLIPSTREAM, WINDOW_EFFECTS, MoonState,
)

JUMP_NAMES = ("first", "second", "third")
TOKEN_TEXT = {"advance": "one circle box ahead", "back": "one circle box back",
              "buy-advances": "Sputniks may be spent for free advances", "ec": "an EC counter",
              "reroll-next": "free re-rolls on the next jump", "two-sputniks": "two Sputnik counters",
              "one-die-jump": "an immediate jump with one die"}

#: action cards (advanced rules, "Action cards"): title and what the card does, in our words
CARD_TEXT = {
    "slipstream": ("Slipstream", "When another astronaut overtakes yours, yours moves to the next circle box."),
    "cooperation": ("Cooperation", "When another astronaut passes a Sputnik icon, you take a Sputnik too."),
    "planification": ("Planification", "End of round, unless you lead the race: take an EC counter."),
    "extra-jump": ("Extra jump", "End of round, unless you lead the race: a free jump with one die of "
                   "your choice."),
    "teamwork": ("Teamwork", "End of round, unless you lead the race: you and a player you choose each "
                 "move one circle box ahead."),
    "no-instructions": ("No instructions", "Red. Before another player programs: take one die out of "
                        "the pool for that turn (one of each colour stays)."),
    "miscalculation": ("Miscalculation", "Red. When another player rolls two or more dice: all of them "
                       "must be rolled again."),
    "sanction": ("Sanction", "Red. When another player robs or sabotages you: that player also takes a "
                 "handicap counter."),
}
TIMING_TEXT = {"end-of-round": "end of the round", "before-programming": "before a player programs",
               "condition": "when its condition is met"}


def seat_label(s: MoonState, seat: int) -> str:
    """The name of a seat (its nation, or both nations in the 2-player game)."""
    return s.game.seat_name(seat, s.num_players)


def astronaut_name(s: MoonState, a: int) -> str:
    """The nation of an astronaut (its jump card)."""
    return s.C.nations[a]


def place_name(s: MoonState, col: int, lvl: int) -> str:
    """Where a box is on the lap, in words."""
    return lap_place(s.goal, s.boxes, s.C, s.cards, col, lvl)


def lap_place(goal: int, boxes: tuple, comp: Any, cards: list, col: int, lvl: int) -> str:
    """:func:`place_name` from the lap's parts (its goal column, circled boxes, components and
    lunar cards), for a sentence written when it is read."""
    if col == 0 or col == goal:
        return "the goal box"
    if col in boxes:
        return f"the circled box after card {boxes.index(col) + 1}"
    width = comp.layout["card_columns"] + 1
    k, c = divmod(col - 1, width)
    return f"card {k + 1} ({comp.cards[cards[k]].name}), column {c + 1}, level {lvl}"


#: the words naming each die in a roll's chance event ("the blue die 1")
DIE_WORDS = tuple(f"the {die_name(d)}" for d in range(NUM_DICE))


def roll_sentence(name: str, jump: int, free: bool, rolled: tuple) -> str:
    """The log line of a roll: ``rolled`` holds (die, face) pairs.

    >>> roll_sentence("USA", 1, False, ((2, 3), (4, ACCIDENT)))
    'USA rolls the second jump: white die 1 3, black die 1 2!.'
    """
    shown = ", ".join(f"{die_name(d)} {face_text(f)}" for d, f in rolled)
    what = "a free jump" if free else f"the {JUMP_NAMES[jump]} jump"
    return f"{name} rolls {what}: {shown}."


def move_sentence(name: str, face: int, d: int, place: tuple, got: int) -> str:
    """The log line of a move; ``place`` holds :func:`lap_place`'s arguments.

    >>> from cosmodrome.games.moon import GAME
    >>> s = GAME.new_state(3, seed=2)
    >>> move_sentence("USA", 2, 0, (s.goal, s.boxes, s.C, s.cards, 0, 1), 2)
    'USA moves 2 by the blue die 1 to the goal box and picks up 2 Sputniks.'
    """
    picked = f" and picks up {got} Sputnik" + ("s" if got > 1 else "") if got else ""
    return f"{name} moves {face_text(face)} by the {die_name(d)} to {lap_place(*place)}{picked}."


def steps_text(colour: int, steps: int, mask: int) -> str:
    """The step pattern of a move: ``'straight, up'``."""
    if colour == 0 or mask == 0:
        return "straight"
    word = "down" if colour == 1 else "up"
    return ", ".join(word if (mask >> i) & 1 else "straight" for i in range(steps))


def label(s: MoonState, action: int) -> dict[str, Any]:
    """The label and JSON details of an action in this state."""
    if s.phase == REFRESH:
        return {"label": "Discard your action card for a new one" if action == A_NEW else "Keep your action card"}
    if s.phase == CARD:
        title = CARD_TEXT[s.C.actions[s.hand[s.asks[0]]].effect][0]
        if action == A_DONE:
            fit = s.C.actions[s.hand[s.asks[0]]].effect in WINDOW_EFFECTS.get(s.ask_card, ())
            return {"label": f"Keep {title}" if fit else f"Keep {title} (it cannot be played now)"}
        if action >= A_REMOVE:
            d = action - A_REMOVE
            return {"label": f"Play {title}: take a {COLOUR_NAMES[DIE_COLOUR[d]]} die out of the pool", "die": d,
                    "colour": COLOUR_NAMES[DIE_COLOUR[d]], "card": True}
        if A_SEAT <= action < A_PLAY:
            b = action - A_SEAT
            return {"label": f"Play {title}: you and {astronaut_name(s, b)} move one circle box ahead",
                    "target": b, "card": True}
        if A_PROGRAM <= action < A_PICK:
            d = (action - A_PROGRAM) // 3
            return {"label": f"Play {title}: a free jump with a {COLOUR_NAMES[DIE_COLOUR[d]]} die", "die": d,
                    "colour": COLOUR_NAMES[DIE_COLOUR[d]], "card": True}
        if s.C.actions[s.hand[s.asks[0]]].effect == "slipstream":
            return {"label": f"Play {title}: {astronaut_name(s, s.slip)} moves to the next circle box",
                    "target": s.slip, "card": True}
        return {"label": f"Play {title}", "card": True}
    if s.phase == EXTRA:
        return {"label": "Spend an EC for one more die" if action == A_YES else "Take the dice as they are"}
    if s.phase == ADVANCE:
        return {"label": "Advance one circle box" if action == A_YES else "Stay where you are"}
    if s.phase == FREE_DIE:
        if action == A_DONE:
            return {"label": "Make no free jump"}
        d = (action - A_PROGRAM) // 3
        return {"label": f"Jump now with a {COLOUR_NAMES[DIE_COLOUR[d]]} die", "die": d,
                "colour": COLOUR_NAMES[DIE_COLOUR[d]], "free": True}
    if s.phase == ROB:
        if action == A_DONE:
            return {"label": "Rob nobody"}
        b = action - A_SEAT
        what = "take a Sputnik from" if s.spk[b] else "give a handicap counter to"
        return {"label": f"Rob {astronaut_name(s, b)}: {what} it", "target": b}
    if s.phase == BUY:
        n = action - A_COUNT
        return {"label": f"Spend {n} Sputnik{'s' if n != 1 else ''} for {n} free advance{'s' if n != 1 else ''}",
                "count": n}
    if s.phase == GO_ON:
        nxt = JUMP_NAMES[min(s.jump + 1, 2)]
        return {"label": f"Make the {nxt} jump" if action == A_YES else "Stop here and end the turn"}
    if A_PROGRAM <= action < A_PICK:
        d, j = divmod(action - A_PROGRAM, 3)
        return {"label": f"Put a {COLOUR_NAMES[DIE_COLOUR[d]]} die on the {JUMP_NAMES[j]} jump",
                "die": d, "colour": COLOUR_NAMES[DIE_COLOUR[d]], "jump": j}
    if A_PICK <= action < A_REROLL:
        d, mask = divmod(action - A_PICK, 4)
        face = s.faces[d]
        colour = DIE_COLOUR[d]
        res = s.preview(s.mv, d, mask)
        risky = "" if res.outcome == "safe" and face != ACCIDENT else ", an accident"
        # a move that leaves no box (its first step runs into rock) ends where it starts
        stays = not res.path and (res.col, res.level) == (s.col[s.mv], s.lvl[s.mv])
        where = (f": no step possible, an accident in {place_name(s, res.col, res.level)}" if stays
                 else f" to {place_name(s, res.col, res.level)}{risky}")
        return {"label": f"Move {face_text(face)} by the {die_name(d)} ({steps_text(colour, steps_of(face), mask)})"
                         f"{where}",
                "die": d, "mask": mask, "face": face, "colour": COLOUR_NAMES[colour], "to": [res.col, res.level],
                "outcome": "accident" if risky else "safe", "path": [list(p) for p in res.path]}
    if A_REROLL <= action < A_COUNT:
        d = action - A_REROLL
        return {"label": f"Spend an EC to roll the {die_name(d)} again", "die": d}
    if action >= A_COUNT:
        n = action - A_COUNT
        what = "Sputniks" if s.phase == SWAP_SPK else "EC counters"
        return {"label": f"{astronaut_name(s, s.mv)} keeps {n} {what}", "count": n}
    return {"label": "Done" if action == A_DONE else f"action {action}"}


#: the moments for action cards, in the words of a prompt (by ``ask_card``)
WINDOW_TEXT = {W_END: "the end of the round", W_NO_INSTRUCTIONS: "before a player programs its dice",
               W_SANCTION: "after a robbery", W_MISCALCULATION: "after a roll of several dice",
               W_COOPERATION: "after a Sputnik was picked up", W_SLIPSTREAM: "after an overtaking"}


def prompt(s: MoonState) -> str:
    """What the seat to move decides now."""
    me = astronaut_name(s, s.mv)
    if s.phase == REFRESH:
        return f"{seat_label(s, s.asks[0])}: a new round; keep your action card or discard it for a new one?"
    if s.phase == CARD:
        name = s.C.actions[s.hand[s.asks[0]]].effect
        if name not in WINDOW_EFFECTS.get(s.ask_card, ()):   # asked like every seat that may hold a fitting card
            return (f"{seat_label(s, s.asks[0])}: a moment for action cards ({WINDOW_TEXT[s.ask_card]}); "
                    f"your {CARD_TEXT[name][0]} cannot be played now: keep it.")
        why = f"{me} overtook {astronaut_name(s, s.slip)}; " if name == "slipstream" else ""
        return f"{seat_label(s, s.asks[0])}: {why}play {CARD_TEXT[name][0]} now?"
    if s.phase == EXTRA:
        return f"{me}: take {s.dice_n} dice, or spend an EC for one more?"
    if s.phase == PROGRAM:
        left = s.dice_n - sum(1 for j in s.prog if j >= 0)
        return f"{me}: program your dice on the jump card ({left} still to place)."
    if s.phase == PICK:
        what = "the free jump" if s.free_die >= 0 else f"the {JUMP_NAMES[s.jump]} jump"
        return f"{me}: choose the die to move by on {what}."
    if s.phase == GO_ON:
        return f"{me}: jump again or stop?"
    if s.phase == FREE_DIE:
        return f"{me}: jump now with one die of your choice (the special box's free jump), or not?"
    if s.phase == ADVANCE:
        return f"{me}: advance one circle box (the special box's offer), or stay?"
    if s.phase == ROB:
        return f"{me}: rob one of the astronauts in this box?"
    if s.phase == BUY:
        return f"{me}: how many Sputniks do you spend on free advances?"
    if s.phase in (SWAP_SPK, SWAP_EC):
        what = "Sputniks" if s.phase == SWAP_SPK else "EC counters"
        return f"{me} shares a box with {astronaut_name(s, s.partner)}: how many of your pair's {what} does {me} keep?"
    return "The game is over."


#: the symbols of :func:`render_text` explained (``Game.legend``)
LEGEND = (
    (".", "open sky"),
    ("o", "a safe box"),
    ("x", "a hazardous box: ending a jump there is an accident"),
    ("#", "rock: a step into it is a crash"),
    ("t", "a tunnel box"),
    ("T", "a hazardous tunnel box"),
    ("A-Z", "a standing astronaut (its first letter)"),
    ("a-z", "a face-down astronaut, after an accident"),
    ("*", "a Sputnik icon: passing it gives a Sputnik counter"),
    ("G", "the goal box at each end of the lap (the race starts and ends there)"),
    ("S", "a circled box between two lunar cards"),
    ("0-3", "the level of a row, 3 on top"),
    ("EC", "Earth Control counters: spend one for an extra die or a re-roll"),
)


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
    lines.append("  " + "".join("G" if c in (0, len(strip) - 1) else ("S" if c in view["lap"]["boxes"] else " ")
                               for c in range(len(strip))))
    lines.append(f"Round {view['round']}. Upper-case letter: standing astronaut, lower-case: face-down; * a Sputnik icon.")
    for a in view["astronauts"]:
        state = "at the goal" if a["finished"] else ("face-down" if a["down"] else "standing")
        lines.append(f"  {a['letter']} {a['name']} ({a['seat_name']}): {a['place']}, {state}; "
                     f"Sputniks {a['sputniks']}, EC {a['ec']}, handicap {a['handicap']}")
    t = view.get("turn")
    if t:
        lines.append(f"Jump card of {t['name']}: " + "; ".join(
            f"{JUMP_NAMES[j]} jump: " + (", ".join(d["text"] for d in t["dice"] if d["jump"] == j) or "-")
            for j in range(3)))
        if t["out_of_turn"]:
            lines.append(f"Moving out of turn: {view['astronauts'][t['mover']]['name']}.")
    cards = view.get("cards")
    if cards:
        held = []
        for h in cards["hands"]:
            c = h["card"]
            held.append(f"{h['seat'] + 1}: {c['title']} ({c['timing_text']}; {c['text']})" if c
                        else f"{h['seat'] + 1}: {'a card' if h['holds'] else 'none'}")
        lines.append(f"Action cards (deck {cards['deck']}, discarded {len(cards['discard'])}) by seat: "
                     + "; ".join(held))
    if view.get("scores") is not None:
        lines.append("Scores: " + ", ".join(str(x) for x in view["scores"]))
    return "\n".join(lines)
