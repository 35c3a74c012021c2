"""Words: the names of circles, decision prompts, the end sentence and the terminal rendering
of the two tracking sheets (our own wording; rule references name the rulebook section).

A circle is named the way the sheet prints it, as the mine dice show it: column letter and the
number printed beside its row. On side B a white number is printed on two rows; "lower" and
"upper" tell them apart.

>>> from cosmodrome.games.cosmic_run.components import load_components
>>> C = load_components()
>>> circle_name(C, 0, 4, 1), circle_name(C, 1, 2, 0), circle_name(C, 1, 8, 0), circle_name(C, 0, 13, 2)
('B4', 'lower A2', 'upper A2', 'the planet')
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from cosmodrome.games.cosmic_run.components import Components
from cosmodrome.games.cosmic_run.state import (DIE, DRAFT, LETTER, MISSILE_ATTACK, MISSILE_MINE, MOVE,
                                               TECHPICK, ZOR_GIVE, ZOR_REROLL, CosmicRunState)

END_WORDS = {
    "planets": "{w} reached all three planets",
    "rapid-fire": "{w} disabled two enemy ships (Rapid Fire)",
    "stuck": "a player's ships can no longer advance",
    "rounds": "twelve rounds are over",
    "mission": "mission accomplished: all three planets reached",
    "technology": "all three planets reached, but Zorlord's technology score is not lower",
    "destroyed": "one of your ships was disabled",
    "zorlord": "a Zorlord ship reached its planet first",
}


def prompt(s: CosmicRunState) -> str:
    st, C = s.stage, s.C
    who = s.sheet_name(s.seat) if s.seat >= 0 else ""
    if st == DRAFT:
        return f"{who}: take an action die."
    if st == DIE:
        return f"{who}: die {s.die + 1} shows {C.face_text(s.faces[s.die])}. Use it, store it in the cargo bay or re-roll it."
    if st == MOVE:
        t = s.ship % 3
        return f"{who}: move the {C.tracks[t]} ship ({s.pips} pip{'s' if s.pips != 1 else ''} left) or stop."
    if st == LETTER:
        return f"{who}: choose the letter for the mine die against {s.sheet_name(1 - s.seat)}."
    if st == TECHPICK:
        return f"{who}: the cargo bay is full. Choose a technology."
    if st == MISSILE_MINE:
        return (f"{who}: mines at {C.columns[s.mr_letter]}{s.mr_number} are coming. Fire a defensive missile "
                "to ignore this roll on all your tracks?")
    if st == MISSILE_ATTACK:
        t = s.atk_ship % 3
        what = "attacks your" if s.atk_kind == 0 else "upgrades their"
        return f"{who}: {s.sheet_name(s.atk_by)} {what} {C.tracks[t]} ship. Fire a defensive missile to stop it?"
    if st == ZOR_REROLL:
        return f"Zorlord took die {s.die + 1} ({C.face_text(s.faces[s.die])}). Force a re-roll with your control panel?"
    if st == ZOR_GIVE:
        return "Two dice are left: choose the one Zorlord gets; you take the other."
    return "The game is over."


ORDINAL = ("lowest", "second", "third", "fourth", "fifth", "sixth")


def row_name(C: Components, side: int, row: int) -> str:
    """The number printed beside a row of the sheet's side 0 (A) or 1 (B), with "lower" or
    "upper" (or an ordinal from the bottom) when that number is printed on several rows; a row
    without a number is named by its place from the bottom."""
    n = C.labels[side][row]
    if not n:
        return f"row {row} (no number)"
    same = C.rows_with(side, n)
    if len(same) == 1:
        return str(n)
    i = same.index(row)
    qual = ("lower", "upper")[i] if len(same) == 2 else ORDINAL[min(i, len(ORDINAL) - 1)]
    return f"{qual} {n}"


# ----- log sentences written when read: the rules pass these functions with the values they
# need as ``(fn, args)`` to ``log`` (see cosmodrome.core.events.Event); ``who`` is the
# state's ``sheet_name``, which reads only what a game never changes (its seats, solo or not)
def takes_text(who, C: Components, seat: int, die: int, face: int) -> str:
    return f"{who(seat)} takes die {die + 1} ({C.face_text(face)})."


def cargo_text(who, C: Components, sheet: int, cargo: int) -> str:
    return f"{who(sheet)} puts the die in the cargo bay ({cargo}/{C.cargo_slots})."


def gains_text(who, sheet: int, name: str) -> str:
    return f"{who(sheet)} gains a {name}."


def mines_text(who, sheet: int, placed) -> str:
    return f"Mines on {who(sheet)}'s sheet: {', '.join(placed)}."


def moves_text(who, C: Components, sheet: int, track: int, step: str, k: int, where: str) -> str:
    extra = f" through {k} mine{'s' if k > 1 else ''}" if k else ""
    return f"{who(sheet)}'s {C.tracks[track]} ship moves {step}{extra} to {where}."


def circle_name(C: Components, side: int, row: int, col: int) -> str:
    """A circle as printed: ``B4``, ``lower A1`` on side B, ``the start``, ``the planet``."""
    if row == 0:
        return "the start"
    if row > C.rows:
        return "the planet"
    name = row_name(C, side, row)
    if " " not in name:
        return f"{C.columns[col]}{name}"
    qual, n = name.split(" ", 1)
    return f"{qual} {C.columns[col]}{n}" if n.isdigit() else f"{C.columns[col]} {name}"


def coordinate(s: CosmicRunState, col: int, number: int) -> str:
    """A mine roll as the dice show it: column letter and number, e.g. ``B4``."""
    return f"{s.C.columns[col]}{number}"


def end_sentence(s: CosmicRunState, totals: list[int], techs: list[int]) -> str:
    """The log line of the game end; ``totals`` and ``techs`` are the VP and technology
    scores per sheet."""
    w = " and ".join(s.sheet_name(x) for x in s.winners_) or "nobody"
    cause = END_WORDS.get(s.end, s.end).format(w=w)
    if s.solo:
        res = "Mission accomplished" if s.winners_ else "Mission failed"
        return (f"Game over after round {s.round}: {cause}. {res} "
                f"(technology {techs[0]} vs Zorlord {techs[1]}).")
    sc = ", ".join(f"{s.sheet_name(sh)} {totals[sh]} VP" for sh in range(s.num_players))
    return f"Game over after round {s.round}: {cause}. Scores: {sc}. Winner: {w}."


LINE_CHAR = {1: "|", 2: "-", 4: "/", 8: "~"}


def _cell(bits: int, here: bool) -> str:
    if here:
        return "@"
    if bits & 16:
        return "X" if bits & 15 else "#"
    for b in (8, 4, 2, 1):
        if bits & b:
            return LINE_CHAR[b]
    return "o"


def render_sheet(v: Mapping[str, Any], sh: Mapping[str, Any]) -> list[str]:
    meta = v["sheet"]
    rows, cols, labels, ladder = meta["rows"], meta["columns"], meta["labels"], meta["ladder"]
    out = [f"== {sh['name']}'s sheet (side {meta['side']}) =="]
    head = "      VP  " + "   ".join(f"{c[:6]:^9}" for c in meta["tracks"])
    out.append(head)
    hearts = []
    for ship in sh["ships"]:
        h = "♥" * (meta["hearts"] - ship["hearts"]) + "x" * ship["hearts"]
        up = f"+{ship['upgrades']}" if ship["upgrades"] else ""
        tag = " OUT" if ship["disabled"] else ""
        hearts.append(f"{h}{up}{tag}"[:9])
    out.append("          " + "   ".join(f"{h:^9}" for h in hearts))
    for r in range(rows + 1, -1, -1):
        cells = []
        for t, ship in enumerate(sh["ships"]):
            if r == rows + 1:
                txt = "  PLANET " if ship["reached"] else "  planet "
                if ship["reached"]:
                    txt = f" [{'@' if ship['row'] == r else '*'}PLANET]"[:9]
            elif r == 0:
                txt = f"   {'@' if ship['row'] == 0 else ' '}     "
            else:
                g = sh["grid"][t][r]
                txt = " ".join(_cell(g[c], ship["row"] == r and ship["col"] == c) for c in range(3))
                txt = f"  {txt}  "
            cells.append(f"{txt:9}")
        name = "P" if r == rows + 1 else ("S" if r == 0 else str(labels[r] or ""))
        out.append(f"{name:>3} {ladder[r]:>3}   " + "   ".join(cells))
    out.append("          " + "   ".join(f"  {' '.join(c for c in cols)}  " for _ in range(3)))
    techs = " ".join(f"{t['name'].split()[-1][:7]} {'X' * (t['acquired'] - t['used'])}{'*' * t['used']}"
                      f"{'o' * (t['circles'] - t['acquired'])}" for t in sh["techs"])
    out.append(f"  Tech {sh['tech_score']}VP: {techs}")
    if not sh["zorlord"]:
        out.append(f"  Cargo {sh['cargo']}/{meta['cargo_slots']}  Re-rolls "
                   f"{'R' * sh['rerolls_left']}{'x' * sh['rerolls_used']}  VP now {sh['vp']}"
                   + (f"  Kills {sh['kills']}" if v["options"].get("rapid_fire") else ""))
    return out


#: the tracking sheets' symbols explained (``Game.legend``); the first nine are the board's
#: one-line legend, the rest say what the other marks of a sheet mean
SYMBOLS = (
    ("o", "open circle"),
    ("#", "mine"),
    ("| - / ~", "the line a ship entered by (up, sideways, diagonally, by warp)"),
    ("X", "a mine on a line"),
    ("@", "ship"),
    ("♥", "open heart"),
    ("x", "filled heart"),
    ("S", "start"),
    ("P", "planet"),
    ("row, VP", "left of a sheet: the printed row number and its VP"),
    ("Tech X * o", "a technology's circles: X held, * used, o open"),
    ("+n", "under a ship's hearts: its engine upgrades"),
    ("OUT", "a disabled ship"),
    ("PLANET", "upper-case once the ship has reached the planet: [@PLANET] it is there, [*PLANET] it was"),
    ("Re-rolls R x", "re-rolls left (R) and used (x)"),
    ("Cargo n/m", "cargo taken of the sheet's slots"),
)
LEGEND = ("Legend: " + "  ".join(f"{sym} {text}" for sym, text in SYMBOLS[:9])
          + "; left of a sheet: the printed row number and its VP. Tech: X held, * used, o open.")


def ordinal(n: int) -> str:
    """A place in words.

    >>> ordinal(1), ordinal(2), ordinal(3), ordinal(4)
    ('1st', '2nd', '3rd', '4th')
    """
    return f"{n}" + {1: "st", 2: "nd", 3: "rd"}.get(n, "th")


def end_lines(v: Mapping[str, Any]) -> list[str]:
    """The end of the game in words: why it ended and who finished where (VP, places)."""
    names = [sh["name"] for sh in v["sheets"]]
    winners = v["winners"]
    cause = END_WORDS.get(v["end"], v["end"]).format(w=" and ".join(names[w] for w in winners) or "nobody")
    if v["solo"]:
        tech = [sh["tech_score"] for sh in v["sheets"]]
        res = "Mission accomplished" if winners else "Mission failed"
        return [f"Game over: {cause}.", f"{res} (technology {tech[0]} against Zorlord's {tech[1]})."]
    scores = v["scores"]
    order = sorted(range(len(scores)), key=lambda i: (i not in winners, -scores[i], i))
    parts = []
    for i in order:
        place = 1 + sum(1 for j in range(len(scores)) if (j in winners) > (i in winners)
                        or ((j in winners) == (i in winners) and scores[j] > scores[i]))
        parts.append(f"{ordinal(place)} {names[i]}, {scores[i]} VP" + (" (winner)" if i in winners else ""))
    return [f"Game over: {cause}.", "Result: " + "; ".join(parts) + "."]


def render(v: Mapping[str, Any], seat: Optional[int] = None) -> str:
    """The table as text: round track, both tracking sheets, a legend of their symbols, the
    action dice (none during the mine phase: they are rolled afterwards) and the decision."""
    meta = v["sheet"]
    rt = " ".join(("[" + str(n) + "]") if i + 1 == v["round"] else (" x " if i + 1 < v["round"] else f" {n} ")
                  for i, n in enumerate(meta["round_track"]))
    lines = [f"Cosmic Run: Rapid Fire — round {v['round']}/{v['rounds']}"
             + ("" if v["solo"] else f", captain: Player {v['captain'] + 1}"),
             f"Round track (mine rolls): {rt}"]
    opts = [k for k in ("friendly", "rapid_fire", "novice") if v["options"].get(k)]
    if opts:
        lines.append("Variants: " + ", ".join(opts))
    blocks = [render_sheet(v, sh) for sh in v["sheets"]]
    width = max(len(x) for b in blocks for x in b) + 4
    for i in range(max(len(b) for b in blocks)):
        left = blocks[0][i] if i < len(blocks[0]) else ""
        right = blocks[1][i] if len(blocks) > 1 and i < len(blocks[1]) else ""
        lines.append(f"{left:<{width}}{right}")
    lines.append(LEGEND)
    if v.get("dice_rolled", True):
        dice = []
        for d in v["dice"]:
            own = "pool" if d["owner"] is None else ("Zorlord" if v["solo"] and d["owner"] == 1 else f"P{d['owner'] + 1}")
            dice.append(f"{d['die'] + 1}:{d['text']} ({own})")
        lines.append("Dice: " + " | ".join(dice))
    else:
        lines.append("Dice: not rolled yet this round (they are rolled after the mine phase).")
    if "pending_mine" in v:
        lines.append(f"Incoming mines: {v['pending_mine']['coordinate']}")
    if "end" in v:
        lines += end_lines(v)
    elif v.get("prompt"):
        lines.append(v["prompt"])
    return "\n".join(lines)
