"""Words: the names of circles, decision prompts, the end sentence and the terminal rendering
of the two tracking sheets (our own wording; rule references name the rulebook section).

A circle is named the way the sheet prints it, as the mine dice show it: column letter and the
number printed beside its row. On side B a white number is printed on two rows; "lower" and
"upper" tell them apart.

>>> from cosmodrome.games.cosmic_run.components import load_components
>>> comp = load_components()
>>> circle_name(comp, 0, 4, 1), circle_name(comp, 1, 2, 0), circle_name(comp, 1, 8, 0), circle_name(comp, 0, 13, 2)
('B4', 'lower A2', 'upper A2', 'the planet')
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from cosmodrome.core.texts import number_word, per_components
from cosmodrome.games.cosmic_run.components import Components, load_components
from cosmodrome.games.cosmic_run.grid import (
    DIAGONAL_LINE,
    MINE_BIT,
    SHEET_TRACKS,
    SIDE_LINE,
    TRACK_COLUMNS,
    UP_LINE,
    WARP_LINE,
    ship_parts,
)
from cosmodrome.games.cosmic_run.state import (
    DIE,
    DRAFT,
    LETTER,
    MISSILE_ATTACK,
    MISSILE_MINE,
    MOVE,
    TECHPICK,
    ZOR_GIVE,
    ZOR_REROLL,
    CosmicRunState,
)
from cosmodrome.i18n import N_, Word, _, gettext, in_source, ngettext, pgettext, says  # noqa: F401 (Word, says: the game's log)

#: how a game ended, by the cause of :mod:`.scoring` (``{w}``: the winners), as the log's end
#: sentence says it; the causes naming a number of the rules are written by :func:`end_words`
END_WORDS = {
    "planets": N_("{w} reached all three planets"),
    "stuck": N_("a player's ships can no longer advance"),
    "mission": N_("mission accomplished: all three planets reached"),
    "technology": N_("all three planets reached, but Zorlord's technology score is not lower"),
    "destroyed": N_("one of your ships was disabled"),
    "zorlord": N_("a Zorlord ship reached its planet first"),
}
#: how a game ended, by cause, in a phrase without the winners (the lab's "How games ended" and
#: the table's end panel): :func:`end_cause_words`, which writes the causes naming a number
END_CAUSES = {"planets": N_("a player reached all three planets"), "rapid-fire": None,
              "stuck": N_("a player's ships can no longer advance"), "rounds": None,
              "mission": N_("mission accomplished: all three planets reached"),
              "technology": N_("all three planets reached, but Zorlord's technology score is not lower"),
              "destroyed": N_("one of your ships was disabled"),
              "zorlord": N_("a Zorlord ship reached its planet first")}
#: the words of the component data (components.toml), shown in the reader's language
COMPONENT_WORDS = (N_("orange"), N_("blue"), N_("green"), N_("defensive missile"), N_("navigational control"),
                   N_("warp drive"), N_("transformer"), N_("Zorlord"))


def rounds_over_words(rounds: int) -> str:
    """The game ended after its last round (RB: Game End; ``rounds``: the round track's length)."""
    return ngettext("{n} round is over", "{n} rounds are over", rounds).format(n=number_word(rounds))


def end_words(end: str, w: str, kills: int, rounds: int) -> str:
    """How the game ended (a cause of :mod:`.scoring`) as the end sentences say it, ``w`` the
    winners; ``kills`` and ``rounds``: the Rapid Fire kills that win (RB: Rapid Fire Variant)
    and the rounds of a game (RB: Game End), the component data's."""
    if end == "rapid-fire":
        return ngettext("{w} disabled {n} enemy ship (Rapid Fire)", "{w} disabled {n} enemy ships (Rapid Fire)",
                        kills).format(w=w, n=number_word(kills))
    if end == "rounds":
        return rounds_over_words(rounds)
    return gettext(END_WORDS.get(end, end)).format(w=w)


def end_cause_words(comp: Components) -> dict[str, str]:
    """:data:`END_CAUSES` in the reader's language, the numbers of the rules ``comp``'s
    (RB: Rapid Fire Variant; Game End).

    >>> from cosmodrome.games.cosmic_run.components import load_components
    >>> words = end_cause_words(load_components())
    >>> words["rapid-fire"], words["rounds"]
    ('two enemy ships disabled (Rapid Fire)', 'twelve rounds are over')
    """
    kills = comp.rapid_fire_kills
    written = {"rapid-fire": ngettext("{n} enemy ship disabled (Rapid Fire)", "{n} enemy ships disabled (Rapid Fire)",
                                      kills).format(n=number_word(kills)),
               "rounds": rounds_over_words(len(comp.round_track))}
    return {k: gettext(v) if v else written[k] for k, v in END_CAUSES.items()}


def rapid_fire_option_words(comp: Components) -> str:
    """The Rapid Fire option described, with the kills that win (RB: Rapid Fire Variant)."""
    kills = comp.rapid_fire_kills
    return ngettext("Rapid Fire variant: no Armada rule; disabling {n} enemy ship wins",
                    "Rapid Fire variant: no Armada rule; disabling {n} enemy ships wins", kills).format(
        n=number_word(kills))


def colour_word(comp: Components, track: int) -> str:
    """A track's colour in the reader's language."""
    return gettext(comp.tracks[track])


def tech_word(comp: Components, tech: int) -> str:
    """A technology's name in the reader's language."""
    return gettext(comp.tech_names[tech])


def prompt(s: CosmicRunState) -> str:
    ph, comp = s.phase, s.comp
    who = s.sheet_name(s.acting) if s.acting >= 0 else ""
    if ph == DRAFT:
        return _("{who}: take an action die.").format(who=who)
    if ph == DIE:
        return _("{who}: die {n} shows {face}. Use it, store it in the cargo bay or re-roll it.").format(
            who=who, n=s.die + 1, face=comp.face_text(s.faces[s.die]))
    if ph == MOVE:
        t = ship_parts(s.ship)[1]
        return ngettext("{who}: move the {colour} ship ({n} pip left) or stop.",
                        "{who}: move the {colour} ship ({n} pips left) or stop.", s.pips).format(
            who=who, colour=colour_word(comp, t), n=s.pips)
    if ph == LETTER:
        return _("{who}: choose the letter for the mine die against {other}.").format(
            who=who, other=s.sheet_name(1 - s.acting))
    if ph == TECHPICK:
        return _("{who}: the cargo bay is full. Choose a technology.").format(who=who)
    if ph == MISSILE_MINE:
        return _("{who}: mines at {at} are coming. Fire a defensive missile to ignore this roll on all your "
                 "tracks?").format(who=who, at=f"{comp.columns[s.mine_roll_letter]}{s.mine_roll_number}")
    if ph == MISSILE_ATTACK:
        t = ship_parts(s.attacked_ship)[1]
        what = (_("{who}: {by} attacks your {colour} ship. Fire a defensive missile to stop it?") if s.attack_kind == 0
                else _("{who}: {by} upgrades their {colour} ship. Fire a defensive missile to stop it?"))
        return what.format(who=who, by=s.sheet_name(s.attacker_sheet), colour=colour_word(comp, t))
    if ph == ZOR_REROLL:
        return _("Zorlord took die {n} ({face}). Force a re-roll with your control panel?").format(
            n=s.die + 1, face=comp.face_text(s.faces[s.die]))
    if ph == ZOR_GIVE:
        return _("Two dice are left: choose the one Zorlord gets; you take the other.")
    return _("The game is over.")


ORDINAL = (N_("lowest"), N_("second"), N_("third"), N_("fourth"), N_("fifth"), N_("sixth"))


def row_name(comp: Components, side: int, row: int) -> str:
    """The number printed beside a row of the sheet's side 0 (A) or 1 (B), with "lower" or
    "upper" (or an ordinal from the bottom) when that number is printed on several rows; a row
    without a number is named by its place from the bottom."""
    n = comp.labels[side][row]
    if not n:
        return _("row {row} (no number)").format(row=row)
    same = comp.rows_with(side, n)
    if len(same) == 1:
        return str(n)
    i = same.index(row)
    qual = (N_("lower"), N_("upper"))[i] if len(same) == 2 else ORDINAL[min(i, len(ORDINAL) - 1)]
    return _("{qual} {n}").format(qual=gettext(qual), n=n)


# ----- log sentences written when read: the rules pass these functions with the values they
# need as ``(fn, args)`` to ``say`` (see cosmodrome.core.events.Event); ``who`` is the
# state's ``sheet_name``, which reads only what a game never changes (its seats, solo or not)
def says_n(singular: str, plural: str, n: int, **values: Any) -> tuple:
    """``says`` with the singular or plural form for ``n`` (given to the template as ``n``);
    mark both forms with ``N_()``."""
    return (_written_n, (singular, plural, n, values))


def _written_n(singular: str, plural: str, n: int, values: dict) -> str:
    # both forms are marked with N_() where they are written (English and Hungarian have two
    # forms: one, and more than one)
    return gettext(singular if n == 1 else plural).format(n=n, **values)


def who_w(s: CosmicRunState, sheet: int) -> Word:
    """A sheet's name (``Player 1``, ``Zorlord``), written in the reader's language."""
    return Word(s.sheet_name, sheet)


def colour_w(comp: Components, track: int) -> Word:
    return Word(colour_word, comp, track)


def tech_w(comp: Components, tech: int) -> Word:
    return Word(tech_word, comp, tech)


def face_w(comp: Components, face: int) -> Word:
    return Word(comp.face_text, face)


def circle_w(comp: Components, side: int, row: int, col: int) -> Word:
    return Word(circle_name, comp, side, row, col)


def ship_words(who, comp: Components, sheet: int, track: int) -> str:
    return _("{who}'s {colour} ship").format(who=who(sheet), colour=colour_word(comp, track))


def ship_w(s: CosmicRunState, sheet: int, track: int) -> Word:
    """A sheet's ship of a colour: ``Player 1's blue ship``."""
    return Word(ship_words, s.sheet_name, s.comp, sheet, track)


def takes_text(who, comp: Components, seat: int, die: int, face: int) -> str:
    return _("{who} takes die {n} ({face}).").format(who=who(seat), n=die + 1, face=comp.face_text(face))


def cargo_text(who, comp: Components, sheet: int, cargo: int) -> str:
    return _("{who} puts the die in the cargo bay ({cargo}/{slots}).").format(who=who(sheet), cargo=cargo,
                                                                              slots=comp.cargo_slots)


def gains_text(who, sheet: int, name: str) -> str:
    return _("{who} gains a {tech}.").format(who=who(sheet), tech=gettext(name))


def mines_text(who, sheet: int, placed) -> str:
    return _("Mines on {who}'s sheet: {places}.").format(who=who(sheet), places=", ".join(str(x) for x in placed))


def moves_text(who, comp: Components, sheet: int, track: int, step: str, k: int, where) -> str:
    extra = ngettext(" through {n} mine", " through {n} mines", k).format(n=k) if k else ""
    return _("{who}'s {colour} ship moves {step}{extra} to {where}.").format(
        who=who(sheet), colour=colour_word(comp, track), step=gettext(step), extra=extra, where=where)


def circle_name(comp: Components, side: int, row: int, col: int) -> str:
    """A circle as printed: ``B4``, ``lower A1`` on side B, ``the start``, ``the planet``."""
    if row == 0:
        return _("the start")
    if row >= comp.planet:
        return _("the planet")
    n = comp.labels[side][row]
    same = comp.rows_with(side, n) if n else ()
    if n and len(same) == 1:
        return f"{comp.columns[col]}{n}"
    if n:
        i = same.index(row)
        qual = (N_("lower"), N_("upper"))[i] if len(same) == 2 else ORDINAL[min(i, len(ORDINAL) - 1)]
        return _("{qual} {n}").format(qual=gettext(qual), n=f"{comp.columns[col]}{n}")
    return f"{comp.columns[col]} {row_name(comp, side, row)}"


def coordinate(s: CosmicRunState, col: int, number: int) -> str:
    """A mine roll as the dice show it: column letter and number, e.g. ``B4``."""
    return f"{s.comp.columns[col]}{number}"


def end_sentence(s: CosmicRunState, totals: list[int], techs: list[int]) -> tuple:
    """The log line of the game end as ``(fn, args)``, written when read; ``totals`` and
    ``techs`` are the VP and technology scores per sheet."""
    return (end_text, (s.sheet_name, s.solo, s.end_cause, s.round, list(s.winning_seats), list(totals), list(techs),
                       s.num_players, s.comp.rapid_fire_kills, len(s.comp.round_track)))


def end_text(who, solo: bool, end: str, rnd: int, winners: list[int], totals: list[int], techs: list[int],
             players: int, kills: int, rounds: int) -> str:
    w = _(" and ").join(who(x) for x in winners) or _("nobody")
    cause = end_words(end, w, kills, rounds)
    if solo:
        res = (_("Game over after round {n}: {cause}. Mission accomplished (technology {a} vs Zorlord {b}).")
               if winners else
               _("Game over after round {n}: {cause}. Mission failed (technology {a} vs Zorlord {b})."))
        return res.format(n=rnd, cause=cause, a=techs[0], b=techs[1])
    sc = ", ".join(_("{who} {vp} VP").format(who=who(sh), vp=totals[sh]) for sh in range(players))
    return _("Game over after round {n}: {cause}. Scores: {scores}. Winner: {w}.").format(
        n=rnd, cause=cause, scores=sc, w=w)


LINE_CHAR = {1: "|", 2: "-", 4: "/", 8: "~"}


def _cell(bits: int, here: bool) -> str:
    if here:
        return "@"
    lines = (WARP_LINE, DIAGONAL_LINE, SIDE_LINE, UP_LINE)       # the line drawn, the warp's first
    if bits & MINE_BIT:
        return "X" if any(bits & b for b in lines) else "#"
    for b in lines:
        if bits & b:
            return LINE_CHAR[b]
    return "o"


def tech_short(name: str) -> str:
    """A technology's short name on the sheet's technology line, in the current language."""
    short = {"defensive missile": pgettext("a technology on the tracking sheet, short", "missile"),
             "navigational control": pgettext("a technology on the tracking sheet, short", "control"),
             "warp drive": pgettext("a technology on the tracking sheet, short", "drive"),
             "transformer": pgettext("a technology on the tracking sheet, short", "transfo")}.get(name)
    return short or gettext(name).split()[-1][:7]


def render_sheet(v: Mapping[str, Any], sh: Mapping[str, Any]) -> list[str]:
    meta = v["sheet"]
    rows, cols, labels, ladder = meta["rows"], meta["columns"], meta["labels"], meta["ladder"]
    planet_row = rows + 1        # comp.planet: the row above the view's rows
    out = [_("== {name}'s sheet (side {side}) ==").format(name=sh['name'], side=meta['side'])]
    head = f"      {mark('vp'):<4}" + "   ".join(f"{gettext(c)[:9]:^9}" for c in meta["tracks"])
    out.append(head)
    hearts = []
    for ship in sh["ships"]:
        h = "♥" * (meta["hearts"] - ship["hearts"]) + "x" * ship["hearts"]
        up = f"+{ship['upgrades']}" if ship["upgrades"] else ""
        tag = " " + mark("out") if ship["disabled"] else ""
        hearts.append(f"{h}{up}{tag}"[:9])
    out.append("          " + "   ".join(f"{h:^9}" for h in hearts))
    for r in range(planet_row, -1, -1):
        cells = []
        for t, ship in enumerate(sh["ships"]):
            if r == planet_row:
                planet = pgettext("the top row of a track", "planet")[:7]
                txt = f"  {planet.upper() if ship['reached'] else planet} "
                if ship["reached"]:
                    txt = f" [{'@' if ship['row'] == r else '*'}{planet.upper()}]"[:9]
            elif r == 0:
                txt = f"   {'@' if ship['row'] == 0 else ' '}     "
            else:
                g = sh["grid"][t][r]
                txt = " ".join(_cell(g[c], ship["row"] == r and ship["col"] == c) for c in range(TRACK_COLUMNS))
                txt = f"  {txt}  "
            cells.append(f"{txt:9}")
        name = mark("planet") if r == planet_row else (mark("start") if r == 0 else str(labels[r] or ""))
        out.append(f"{name:>3} {ladder[r]:>3}   " + "   ".join(cells))
    out.append("          " + "   ".join(f"  {' '.join(c for c in cols)}  " for _ in range(SHEET_TRACKS)))
    techs = " ".join(f"{tech_short(t['name'])} {'X' * (t['acquired'] - t['used'])}{'*' * t['used']}"
                      f"{'o' * (t['circles'] - t['acquired'])}" for t in sh["techs"])
    out.append(_("  Tech {n}VP: {techs}").format(n=sh['tech_score'], techs=techs))
    if not sh["zorlord"]:
        out.append(_("  Cargo {cargo}/{slots}  Re-rolls {rerolls}  VP now {vp}").format(
            cargo=sh['cargo'], slots=meta['cargo_slots'],
            rerolls=mark("reroll") * sh['rerolls_left'] + 'x' * sh['rerolls_used'], vp=sh['vp'])
            + (_("  Kills {n}").format(n=sh['kills']) if v["options"].get("rapid_fire") else ""))
    return out


def mark(name: str) -> str:
    """A mark of the tracking sheet that stands for a word, as the current language writes
    it: ``S`` (the start row), ``P`` (the planet row), ``OUT`` (a disabled ship), ``R`` (a
    re-roll left), ``VP`` (the score ladder's heading)."""
    return {"start": pgettext("the start row of a sheet, one letter", "S"),
            "planet": pgettext("the planet row of a sheet, one letter", "P"),
            "out": pgettext("a disabled ship, on the tracking sheet", "OUT"),
            "reroll": pgettext("a re-roll left, one letter", "R"),
            "vp": pgettext("victory points, short", "VP"),
            "tech": pgettext("technologies, short", "Tech"),
            "row": pgettext("a sheet's row, short", "row")}[name]


def legend_rows() -> list[tuple[str, str]]:
    """The tracking sheets' symbols explained (``Game.legend_rows``), each written as the sheet
    writes it in the current language; the first nine are the board's one-line legend, the
    rest say what the other marks of a sheet mean."""
    planet = pgettext("the top row of a track", "planet")[:7].upper()
    return [
        ("o", _("open circle")),
        ("#", pgettext("space mine", "mine")),
        ("| - / ~", _("the line a ship entered by (up, sideways, diagonally, by warp)")),
        ("X", _("a mine on a line")),
        ("@", _("ship")),
        ("♥", _("open heart")),
        ("x", _("filled heart")),
        (mark("start"), pgettext("the start row of a sheet", "start")),
        (mark("planet"), _("planet")),
        (f"{mark('row')}, {mark('vp')}", _("left of a sheet: the printed row number and its VP")),
        (f"{mark('tech')} X * o", _("a technology's circles: X held, * used, o open")),
        ("+n", _("under a ship's hearts: its engine upgrades")),
        (mark("out"), _("a disabled ship")),
        (planet, _("upper-case once the ship has reached the planet: [@{planet}] it is there, "
                   "[*{planet}] it was").format(planet=planet)),
        (_("Re-rolls {R} x").format(R=mark("reroll")), _("re-rolls left ({R}) and used (x)").format(R=mark("reroll"))),
        (_("Cargo n/m"), _("cargo taken of the sheet's slots")),
    ]


def legend() -> str:
    """The board's one-line legend, in the reader's language."""
    return (_("Legend: ") + "  ".join(f"{sym} {text}" for sym, text in legend_rows()[:9])
            + _("; left of a sheet: the printed row number and its VP. Tech: X held, * used, o open."))


def ordinal(n: int) -> str:
    """A place in words.

    >>> ordinal(1), ordinal(2), ordinal(3), ordinal(4)
    ('1st', '2nd', '3rd', '4th')
    """
    return {1: _("{n}st"), 2: _("{n}nd"), 3: _("{n}rd")}.get(n, _("{n}th")).format(n=n)


def end_lines(v: Mapping[str, Any]) -> list[str]:
    """The end of the game in words: why it ended and who finished where (VP, places)."""
    names = [sh["name"] for sh in v["sheets"]]
    winners = v["winners"]
    kills = v["help"]["rule_numbers"]["kills"] if "help" in v else load_components().rapid_fire_kills
    cause = end_words(v["end"], _(" and ").join(names[w] for w in winners) or _("nobody"), kills, v["rounds"])
    if v["solo"]:
        tech = [sh["tech_score"] for sh in v["sheets"]]
        res = (_("Mission accomplished (technology {a} against Zorlord's {b}).") if winners
               else _("Mission failed (technology {a} against Zorlord's {b})."))
        return [_("Game over: {cause}.").format(cause=cause), res.format(a=tech[0], b=tech[1])]
    scores = v["scores"]
    order = sorted(range(len(scores)), key=lambda i: (i not in winners, -scores[i], i))
    parts = []
    for i in order:
        place = 1 + sum(1 for j in range(len(scores)) if (j in winners) > (i in winners)
                        or ((j in winners) == (i in winners) and scores[j] > scores[i]))
        parts.append(_("{place} {name}, {vp} VP").format(place=ordinal(place), name=names[i], vp=scores[i])
                     + (_(" (winner)") if i in winners else ""))
    return [_("Game over: {cause}.").format(cause=cause), _("Result: {parts}.").format(parts="; ".join(parts))]


def render(v: Mapping[str, Any], seat: Optional[int] = None) -> str:
    """The table as text: round track, both tracking sheets, a legend of their symbols, the
    action dice (none during the mine phase: they are rolled afterwards) and the decision."""
    meta = v["sheet"]
    rt = " ".join(("[" + str(n) + "]") if i + 1 == v["round"] else (" x " if i + 1 < v["round"] else f" {n} ")
                  for i, n in enumerate(meta["round_track"]))
    lines = [_("Cosmic Run: Rapid Fire — round {n}/{of}").format(n=v['round'], of=v['rounds'])
             + ("" if v["solo"] else _(", captain: Player {n}").format(n=v['captain'] + 1)),
             _("Round track (mine rolls): {rt}").format(rt=rt)]
    # the variants as the English table has always named them (its options' keys), in the reader's language
    names = {"friendly": pgettext("a variant in the text table", "friendly"),
             "rapid_fire": pgettext("a variant in the text table", "rapid_fire"),
             "novice": pgettext("a variant in the text table", "novice")}
    opts = [names[k] for k in ("friendly", "rapid_fire", "novice") if v["options"].get(k)]
    if opts:
        lines.append(_("Variants: {names}").format(names=", ".join(opts)))
    blocks = [render_sheet(v, sh) for sh in v["sheets"]]
    width = max(len(x) for b in blocks for x in b) + 4
    for i in range(max(len(b) for b in blocks)):
        left = blocks[0][i] if i < len(blocks[0]) else ""
        right = blocks[1][i] if len(blocks) > 1 and i < len(blocks[1]) else ""
        lines.append(f"{left:<{width}}{right}")
    lines.append(legend())
    if v.get("dice_rolled", True):
        dice = []
        for d in v["dice"]:
            own = (_("pool") if d["owner"] is None
                   else ("Zorlord" if v["solo"] and d["owner"] == 1 else _("P{n}").format(n=d['owner'] + 1)))
            dice.append(f"{d['die'] + 1}:{d['text']} ({own})")
        lines.append(_("Dice: {dice}").format(dice=" | ".join(dice)))
    else:
        lines.append(_("Dice: not rolled yet this round (they are rolled after the mine phase)."))
    if "pending_mine" in v:
        lines.append(_("Incoming mines: {at}").format(at=v['pending_mine']['coordinate']))
    if "end" in v:
        lines += end_lines(v)
    elif v.get("prompt"):
        lines.append(v["prompt"])
    return "\n".join(lines)


#: the technologies explained for the page's tooltips (title, text, the rulebook section it
#: retells, as the page shows it), in our own words; the view hands them out translated
#: (``help``, :func:`help_texts`)
TECH_HELP = {
    "defensive missile": (N_("Defensive missile"),
                          N_("Spend one to shrug off a single mine roll on all of your tracks, or to stop one attack "
                             "on a ship (in the Friendly variant: to stop an opponent's engine upgrade). You are asked "
                             "each time it could help."),
                          "rulebook: Defensive Missile"),
    "navigational control": (N_("Navigational control"),
                             N_("Spend one during a movement die to take one step diagonally up-left or up-right. Not "
                                "together with a warp on the same step (FAQ)."),
                             "rulebook: Navigational Control; FAQ"),
    "warp drive": (N_("Warp drive"),
                   N_("Spend one during a movement die to jump through a mine into the open circle behind it; the mine "
                      "still costs a pip. Two mines in a row take two warp drives and three pips."),
                   "rulebook: Warp Drive"),
    "transformer": (N_("Transformer"),
                    N_("Spend one before moving to let a movement die (or the single step of an advance-and-attack "
                       "die) move a different ship. The die is never split between ships and the attack keeps its "
                       "colour (FAQ)."),
                    "rulebook: Transformer; FAQ"),
}
#: the parts of the tracking sheet explained, as :data:`TECH_HELP`; ``{...}`` fields are the
#: component data's numbers (:func:`sheet_numbers`), filled in by :func:`help_texts`
SHEET_HELP = {
    "mine": (N_("Space mine"),
             N_("A filled circle. No ship may enter or cross it, except by jumping through with a warp drive. Mines "
                "fall in the mine phase (the round track says how many rolls) and when an opponent uses a mine die. A "
                "roll landing on a ship hits it: a heart is filled and the ship falls back to where it was before."),
             "rulebook: Phase I: Mine Phase; Mine Die"),
    "round": (N_("Round track"),
              N_("{rounds} rounds. Each square shows how many times the captain rolls the mine dice at the start of "
                 "that round; finished rounds are crossed out. The captain changes every round and rolls the action "
                 "dice, then the players take dice in turn starting with the captain."),
              "rulebook: Playing the Game; Game End"),
    "cargo": (N_("Cargo bay"),
              N_("Instead of using a die you may store it here. The second die stored in the same round turns into any "
                 "one technology of your choice (this can happen twice a round). The bay is emptied at the end of each "
                 "round."),
              "rulebook: Cargo Bay Option"),
    "control": (N_("Control panel"),
                N_("{rerolls} re-rolls for the whole game: after taking a die you may roll it again, as often as you "
                   "have re-rolls left. In the solo game it can also force Zorlord to roll his die again."),
                "rulebook: Control Panel Option; The Solo Game"),
    "hearts": (N_("Health meter"),
               N_("Every hit (a mine landing on the ship or an attack) fills a heart. With all {hearts} filled the "
                  "ship is disabled: it cannot move and costs {penalty} VP at the end ({low_penalty} if it never got "
                  "past the −{minus} VP level)."),
               "rulebook: Advance and Attack Die; Scoring"),
    "upgrades": (N_("Engine upgrades"),
                 N_("Friendly variant: the advance-and-attack die upgrades your own ship instead of hurting the "
                    "opponent's. With two upgrades a 1-pip movement die of this colour moves the ship 2 circles, with "
                    "three it moves 3."),
                 "rulebook: Friendly Variant"),
    "ladder": (N_("Score ladder"),
               N_("At the end (unless someone reached all three planets) each track scores the VP printed beside the "
                  "highest row its ship reached. Below the −{minus} mark it costs {minus} VP; between −{minus} and the "
                  "next symbol it scores {past}."),
               "rulebook: Scoring"),
    "numbers": (N_("Mine coordinates"),
                N_("A mine roll gives a letter (the column) and a number: the circle in that column on the row "
                   "carrying that number is mined, on each of the three tracks. On side B every matching row is hit: "
                   "white numbers appear twice, yellow ones once."),
                "rulebook: Phase I: Mine Phase; Minefield Variant"),
    "letters": (N_("Column letters"),
                N_("The letter die picks the column of a mine roll. With a mine die you choose the letter yourself and "
                   "roll only the number, against your opponent's sheet."),
                "rulebook: Mine Die"),
    "planet": (N_("Planet"),
               N_("Reaching any circle of the top row lands the ship on its planet: it is then safe from mines and "
                  "attacks. The first player to land all three ships wins at once."),
               "rulebook: Movement Die; Game End"),
    "start": (N_("Launch pad"),
              N_("Every ship starts below its track and enters the circle right above it with its first step."),
              "rulebook: Movement Die"),
    "armada": (N_("Armada rule"),
               N_("A ship may not climb more than {gap} rows above your lowest working ship (not in Rapid Fire)."),
               "rulebook: The Armada Rule"),
    "kills": (N_("Rapid Fire"),
              N_("Disabling {kills} of your opponent's ships wins the game at once. The Armada rule does not apply."),
              "rulebook: Rapid Fire Variant"),
}
#: each kind of action die face explained (title, text, the rulebook section); ``{colour}``,
#: ``{n}`` (the pips) and ``{tech}`` are the face's, filled in by :func:`die_help`
DIE_HELP = {
    "move": (N_("{Colour} {n} — movement"), None, "rulebook: Movement Die"),  # the text: :func:`die_help`
    "attack": (N_("Advance and attack {colour}"),
               N_("The {colour} ship steps one circle, then the opponent's {colour} ship loses a heart (a defensive "
                  "missile stops it; a ship on its planet ignores it). Friendly variant: your own {colour} engine is "
                  "upgraded instead. Solo: your die only advances."),
               "rulebook: Advance and Attack Die"),
    "mine": (N_("Mine die"),
             N_("Set the letter die to the column you want and roll the number: the mines land on your opponent's "
                "sheet only. In the solo game it has no use for you."),
             "rulebook: Mine Die; The Solo Game"),
    "tech": (N_("Technology: {tech}"), N_("Adds one {tech} to the sheet (an X in its next circle)."),
             "rulebook: Technology Dice"),
}
#: the table page's sentences that state a rule (its tooltips and notes; the page's own words
#: are UI only), in our own words: the view hands them out translated (``help["notes"]``)
PAGE_NOTES = {
    # a circle's name (RB: Phase I: Mine Phase; Minefield Variant), side A, and side B's
    "circles": N_("A circle is named by its column letter and the number printed beside its row, as the mine dice "
                  "show it (e.g. B4)."),
    "circles_b": N_("A circle is named by its column letter and the number printed beside its row, as the mine dice "
                    "show it (e.g. B4); a white number printed twice is told apart as lower and upper."),
    "disabled": N_("disabled: it can no longer move"),                                 # RB: Advance and Attack Die
    "captain": N_("Captain this round: rolls the dice and takes the first die"),       # RB: Playing the Game
    "immune": N_("Friendly variant: this sheet ignores the mine rolls of that round"),  # RB: Friendly Variant
    "score_now": N_("VP if the game were scored now (tracks + technologies − penalties)"),  # RB: Scoring
    "round_dots": N_("dots = mine rolls at the start of the round"),                   # RB: Phase I: Mine Phase
    "dice_later": N_("Rolled after the mine phase."),                                  # RB: Phase II: Action Phase
}
#: what to click on the table for each decision (its kind, ``PHASE_KIND``), in our own words: the
#: view hands them out translated (``help["clicks"]``); a decision the table does not name here
#: shows its prompt
CLICK_HINTS = {
    "draft": N_("Click a die in the pool to take it."),                                 # RB: Playing the Game
    "give-zorlord": N_("Click the die Zorlord gets; you take the other."),               # RB: The Solo Game
    # RB: Control Panel Option; The Solo Game
    "reroll-zorlord": N_("Click your control panel to force Zorlord to re-roll, or let him use the die."),
    "missile-vs-mines": N_("Click your defensive missile to fire it, or take the mines."),  # RB: Defensive Missile
    "missile-vs-attack": N_("Click your defensive missile to stop the attack, or take it."),  # RB: Defensive Missile
    # RB: Cargo Bay Option; Control Panel Option
    "die": N_("Click the die in hand to use it, the cargo bay to store it, or the control panel to re-roll it."),
    "mine-letter": N_("Click a column letter on your opponent's sheet."),                # RB: Mine Die
    "cargo-technology": N_("Click a technology on your sheet."),                         # RB: Cargo Bay Option
}
#: the places to click while a ship moves (the ``move`` decision), by what the options offer:
#: a circle to step to, the moving ship to stop, another ship (RB: Movement Die; Transformer);
#: the page joins those on offer (``help["move_clicks"]``)
MOVE_CLICKS = {
    "cell": N_("a ringed circle to step there"),
    "stop": N_("your moving ship to stop"),
    "ship": N_("a ringed ship to move it instead (transformer)"),
}
#: the bits of a circle in the view's ``grid`` (:mod:`.grid`), by name, for the page's drawing
GRID_BITS = {"up": UP_LINE, "sideways": SIDE_LINE, "diagonal": DIAGONAL_LINE, "warp": WARP_LINE, "mine": MINE_BIT}
#: the end's scoring in a line, under the final table (RB: Scoring); numbers: :func:`sheet_numbers`
END_HELP = N_("Track VP from the ladder, disabled ships −{penalty} (−{low_penalty} below the −{minus} mark); ties go "
              "to the higher technology score. (rulebook: Scoring)")


def die_help(comp: Components, code: int) -> list[str]:
    """The tooltip of the action die face ``code`` of ``comp``'s dice (:data:`DIE_HELP`), in the
    current language: ``[title, text, source]``.

    >>> from cosmodrome.games.cosmic_run import GAME
    >>> die_help(GAME.new_state(2, 1).comp, 1)[0]
    'Orange 2 — movement'
    """
    face = comp.face_json(code)
    title, text, src = DIE_HELP[face["kind"]]
    if face["kind"] == "move":
        colour, n = gettext(face["colour"]), face["pips"]
        return [gettext(title).format(Colour=colour[:1].upper() + colour[1:], n=n),
                ngettext("Moves the {colour} ship up to {n} circle, straight up or sideways (diagonally with "
                         "navigational control, through mines with warp drives). Any pips may be left unused.",
                         "Moves the {colour} ship up to {n} circles, straight up or sideways (diagonally with "
                         "navigational control, through mines with warp drives). Any pips may be left unused.",
                         n).format(colour=colour, n=n), src]
    if face["kind"] == "attack":
        colour = gettext(face["colour"])
        return [gettext(title).format(colour=colour), gettext(text).format(colour=colour), src]
    if face["kind"] == "tech":
        name = gettext(face["tech"])
        more = TECH_HELP.get(face["tech"])
        adds = gettext(text).format(tech=name)
        return [gettext(title).format(tech=name), f"{adds} {gettext(more[1])}" if more else adds, src]
    return [gettext(title), gettext(text), src]


def sheet_numbers(comp: Components) -> dict[str, int]:
    """The numbers of the rules :data:`SHEET_HELP` names, ``comp``'s (RB: Playing the Game;
    Control Panel Option; Scoring; The Armada Rule; Rapid Fire Variant): rounds, re-rolls, hearts,
    a disabled ship's penalty (and with the lowest level's, ``low_penalty``), the lowest level's
    VP, the VP of the rows just past it (``past``), the armada's gap, the kills that win Rapid Fire.

    >>> from cosmodrome.games.cosmic_run import GAME
    >>> n = sheet_numbers(GAME.new_state(2, 1).comp)
    >>> n["minus"], n["past"], n["kills"]
    (5, 0, 2)
    """
    minus = -comp.ladder[0]
    past = comp.ladder[min(comp.minus5_row + 1, len(comp.ladder) - 1)]
    return {"rounds": len(comp.round_track), "rerolls": comp.rerolls, "hearts": comp.hearts,
            "penalty": -comp.disabled_penalty, "low_penalty": minus - comp.disabled_penalty, "minus": minus,
            "past": past, "gap": comp.armada_gap, "kills": comp.rapid_fire_kills}


def howto_numbers(comp: Components) -> dict[str, str]:
    """The numbers of the rules the rules page and the first-game hints name (howto.toml's
    ``{...}`` fields), ``comp``'s, in the reader's language: the counts in words
    (:func:`~cosmodrome.core.texts.number_word`: rounds, the armada's gap, hearts, re-rolls,
    the Rapid Fire kills, the cargo bay's dice), the VP in digits (``minus``, ``penalty``, ``low_penalty``:
    :func:`sheet_numbers`).

    >>> from cosmodrome.games.cosmic_run.components import load_components
    >>> n = howto_numbers(load_components())
    >>> n["rounds"], n["gap"], n["cargo"], n["low_penalty"]
    ('twelve', 'five', 'two', '12')
    """
    n = sheet_numbers(comp)
    words = {k: number_word(n[k]) for k in ("rounds", "gap", "hearts", "rerolls", "kills")}
    return dict(words, cargo=number_word(comp.cargo_slots), minus=str(n["minus"]), penalty=str(n["penalty"]),
                low_penalty=str(n["low_penalty"]))


@per_components
def help_texts(comp: Components) -> dict:
    """:data:`SHEET_HELP`, :data:`TECH_HELP` and the faces of ``comp``'s action dice
    (:func:`die_help`) in the current language, as the view hands them to the page:
    ``{"sheet": {key: [title, text, source]}, "tech": {...}, "dice": {face code: [...]}, "end":
    text, "ends": {cause: words}, "notes": {key: text}, "rule_numbers": {name: number}, "clicks":
    {decision kind: text}, "move_clicks": {place: text}, "grid_bits": {name: bit}}``
    (:func:`end_cause_words`, :data:`PAGE_NOTES`; :func:`sheet_numbers`, for the page's own
    words, such as the Rapid Fire kills badge; :data:`CLICK_HINTS` and :data:`MOVE_CLICKS`, what
    to click for a decision; :data:`GRID_BITS`, how the page reads a circle of the view's grid).
    Made once per component set and language: the view hands out the same object every move."""
    numbers = sheet_numbers(comp)
    tables = {"sheet": {k: [gettext(a), gettext(b).format(
        **numbers), src] for k, (a, b, src) in SHEET_HELP.items()},
              "tech": {k: [gettext(a), gettext(b), src] for k, (a, b, src) in TECH_HELP.items()}}
    tables["dice"] = {str(code): die_help(comp, code) for code in sorted({f for d in comp.dice for f in d})}
    tables["end"] = gettext(END_HELP).format(**numbers)
    tables["ends"] = end_cause_words(comp)
    tables["notes"] = {k: gettext(v) for k, v in PAGE_NOTES.items()}
    tables["rule_numbers"] = numbers
    tables["clicks"] = {k: gettext(v) for k, v in CLICK_HINTS.items()}
    tables["move_clicks"] = {k: gettext(v) for k, v in MOVE_CLICKS.items()}
    tables["grid_bits"] = dict(GRID_BITS)
    return tables


#: the legend in English (``Game.legend``); :func:`legend_rows` writes it in the reader's language
SYMBOLS = tuple(in_source(legend_rows))
