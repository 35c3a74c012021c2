"""Words of Onward to Venus: card titles and texts, tile names, action labels, and the
terminal rendering of a view. All texts are our own words (RB sections are cited in the
rule functions, not copied).
"""

from __future__ import annotations

from typing import Any, Optional

from cosmodrome.games.venus.components import EFFECTS, TILE_KINDS
from cosmodrome.games.venus.flow import (
    A_BLD, A_BUILD, A_CARD, A_CLAIM, A_COUNT, A_DIE, A_DONE, A_MOVE, A_ORBIT, A_PASS, A_PLANET, A_REROLL,
    A_SURFACE,
    A_SEAT, A_TILE, A_UNIT, A_UNITAT, A_YES, DECIDE, NUM_ACTIONS,
)
from cosmodrome.games.venus.state import SHORT, answers

UNIT_LABELS = ("infantry", "spaceship", "tank")
AN_UNIT = ("an infantry", "a spaceship", "a tank")
BLD_LABELS = ("mine", "factory")

#: effect name -> (title, text)
CARD_TEXT = {
    "cp1": ("1 combat point", "Benefit: adds 1 CP to a claim."),
    "cp2": ("2 combat points", "Benefit: adds 2 CP to a claim."),
    "cp3": ("3 combat points", "Benefit: adds 3 CP to a claim."),
    "cp1_draw": ("1 CP and a card", "Benefit: adds 1 CP to a claim; draw a card at once."),
    "cp2_venus": ("2 CP on Venus", "Benefit: adds 2 CP to a claim on Venus."),
    "cp3_moon": ("3 CP on the Moon", "Benefit: adds 3 CP to a claim on the Moon."),
    "cp3_earth_crisis": ("3 CP against an Earth crisis", "Benefit: adds 3 CP when you attack a crisis tile on Earth."),
    "tanks3": ("Heavy tanks", "Benefit: each tank you commit to this claim counts 3 CP."),
    "infantry2": ("Crack infantry", "Benefit: each infantry you commit to this claim counts 2 CP."),
    "ships2": ("Gunships", "Benefit: each spaceship you commit to this claim counts 2 CP."),
    "sacrifice_tank": ("Tank charge", "Benefit: send one of your tanks on this planet's surface back to stock for 3 CP."),
    "sacrifice_unit": ("Desperate charge", "Benefit: send one of your units on this planet's surface back to stock for 3 CP."),
    "reroll": ("Re-roll", "Benefit: re-roll any of the combat dice; the new faces count."),
    "discard_die": ("Jammed die", "Benefit: set one combat die aside; the other two set the cost and its skull is ignored."),
    "ignore_skull": ("Lucky escape", "Benefit: one skull costs no casualty. Also stops another player eliminating one of your units."),
    "move1": ("+1 movement", "Benefit: your move may go one planet further."),
    "move2": ("+2 movement", "Benefit: your move may go two planets further."),
    "move_tanks": ("Tank transport", "Benefit: tanks in the group's orbit may travel with the spaceships this move."),
    "another_action": ("Another action", "Free action: take one more action this turn."),
    "free_build": ("Rush order", "Free action: build one or two units (you still pay)."),
    "free_pass": ("Quick pass", "Free action: take a pass cube and draw a card."),
    "tank_up": ("Tank recovery", "Free action: lift one of your tanks from a surface back into orbit."),
    "infantry_up": ("Infantry recovery", "Free action: lift one of your infantry from a surface back into orbit."),
    "instead": ("Second chance", "Reaction: right after you play a card, discard this one and take that card back."),
    "pass_empty_action": ("Last word", "Reaction: when the last pass cube is taken, take one more action."),
    "return_unit": ("Rescue", "Reaction: when one of your units is eliminated, put it in Earth orbit instead of your stock."),
    "cycle3": ("Reshuffle orders", "Action: discard up to three cards, then draw that many plus one."),
    "draw4keep2": ("Intelligence", "Action: draw four cards and discard two of them."),
    "buy3cards": ("Purchase plans", "Action: pay £3 and draw three cards."),
    "kill_infantry": ("Sniper", "Action: eliminate any one infantry."),
    "kill_ship": ("Sabotage", "Action: eliminate any one spaceship."),
    "kill_unit": ("Assassination", "Action: eliminate any one military unit."),
    "gunrunner": ("Gunrunner", "Action: lay this on a planet with a crisis tile and take £3; its crisis tiles defend at +2 until one is beaten."),
    "place_tension": ("Stir up trouble", "Action: put a discarded tension tile on any planet."),
    "remove_tension": ("Diplomacy", "Action: discard a tension tile from a planet."),
    "force_discard2": ("Pickpocket", "Action: another player discards two cards at random."),
    "look_swap": ("Spy", "Action: look at a player's hand; you may take a card and give one back."),
    "income_mines": ("Mining dividend", "Action: take £1 for each of your mines."),
    "take3": ("Grant", "Action: take £3 from the bank."),
    "take_biggame": ("Trophy hunt", "Action: take a big game tile from any planet."),
}
TILE_LABELS = {"factory": "Factory", "draw2": "Draw two cards", "biggame": "Big game", "windfall": "Windfall",
               "mine": "Mine", "crisis": "Crisis", "tension": "Tension", "alien": "Alien"}


def card_title(e: int) -> str:
    return CARD_TEXT[EFFECTS[e]][0]


def die_words(die: str, faces) -> tuple:
    """The words for the outcomes of a roll of ``die`` (a chance event; outcome ``i`` is face
    ``faces[i]``), for the explicit chance mode, unwritten: ``(fn, args)``, the label of
    ``i`` being ``fn(*args, i)`` (see :mod:`cosmodrome.core.chance`).

    >>> fn, args = die_words("the combat die", [0, 2, 3, 4, 5, 6]); fn(*args, 0)
    'the combat die shows skull'
    """
    return (die_shows, (die, faces))


def die_shows(die: str, faces, i: int) -> str:
    return f"{die} shows {fmt_dice([faces[i]])}"


def card_drawn(comp, who: str, c: int) -> str:
    """The label of a card draw's outcome (explicit chance mode)."""
    return f"{who} draws {card_words(comp, c)}"


def card_dealt(comp, who: str, c: int) -> str:
    """The label of a dealt card's outcome (explicit chance mode: the set-up's deal)."""
    return f"{who} is dealt {card_words(comp, c)}"


def card_discarded(comp, who: str, c: int) -> str:
    """The label of a random discard's outcome (explicit chance mode)."""
    return f"{who} discards {card_words(comp, c)}"


def card_stolen(comp, who: str, c: int) -> str:
    """The label of Bazagthoth's theft's outcome (explicit chance mode)."""
    return f"Bazagthoth steals {card_words(comp, c)} from {who}"


def tile_drawn(comp, pl: int, t: int) -> str:
    """The label of a tile draw's outcome (explicit chance mode)."""
    return f"{tile_words(comp, t)} is drawn for {comp.planet_names[pl]}"


def card_name(s, card: int) -> str:
    return card_words(s.comp, card)


def card_words(comp, card: int) -> str:
    """A card's title in quotes, from the component tables."""
    return "'" + CARD_TEXT[EFFECTS[comp.card_effect(card)]][0] + "'"


def tile_name(s, t: int) -> str:
    return tile_words(s.comp, t)


def tile_words(c, t: int) -> str:
    """A tile's name with an article, from the component tables."""
    k = TILE_KINDS[c.tile_kind[t]]
    name = TILE_LABELS[k]
    if k in ("mine", "crisis", "alien"):
        name += f" ({c.tile_def[t]}{', skull' if c.tile_skull[t] else ''})"
    return "a " + name.lower() + " tile" if k != "alien" else "an alien"


# ----- log sentences written when read: the rules pass these functions with the values they
# need (never the state, which goes on changing) as ``(fn, args)`` to ``say``
# (see cosmodrome.core.events.Event)
def plays_text(comp, p: int, card: int) -> str:
    return f"{SHORT[p]} plays {card_words(comp, card)}."


def drew_text(comp, p: int, got) -> str:
    return f"{SHORT[p]} drew {', '.join(card_words(comp, c) for c in got)}."


def drew_hidden_text(p: int, n: int) -> str:
    return f"{SHORT[p]} drew {n} card{'s' if n > 1 else ''}."


def tiles_text(comp, pl: int, placed) -> str:
    return f"{comp.planet_names[pl]} receives " + ", ".join(tile_words(comp, t) for t in placed) + "."


def builds_text(comp, p: int, t: int, pl: int) -> str:
    return f"{SHORT[p]} builds {AN_UNIT[t]} in {comp.planet_names[pl]} orbit for £{comp.unit_cost[t]}."


def moves_text(comp, p: int, moved, src: int, dest: int) -> str:
    parts = [f"{moved[1]} spaceship{'s' if moved[1] > 1 else ''}"]
    if moved[0]:
        parts.append(f"{moved[0]} infantry")
    if moved[2]:
        parts.append(f"{moved[2]} tank{'s' if moved[2] > 1 else ''}")
    names = comp.planet_names
    return f"{SHORT[p]} moves {', '.join(parts)} from {names[src]} to {names[dest]}."


def attacks_text(comp, p: int, tile: int, pl: int, tseat: int, tkind: int, d: int, dice, cost: int) -> str:
    tgt = f" against {SHORT[tseat]}'s {'mine' if tkind == 0 else 'factory'}" if tseat >= 0 else ""
    return (f"{SHORT[p]} attacks {tile_words(comp, tile)} on {comp.planet_names[pl]}{tgt} "
            f"(defence {d}) and rolls {fmt_dice(dice)}: cost {cost}.")


def claims_text(comp, p: int, t: int, pl: int, tile: int) -> str:
    return f"{SHORT[p]} lands {AN_UNIT[t]} on {comp.planet_names[pl]} and claims {tile_words(comp, tile)}."


def wins_text(comp, p: int, points: int, tile: int, pl: int) -> str:
    return f"{SHORT[p]} pays {points} combat points and claims {tile_words(comp, tile)} on {comp.planet_names[pl]}."


def income_text(incomes) -> str:
    return "Income: " + ", ".join(f"{SHORT[p]} £{inc}" for p, inc in enumerate(incomes)) + "."


def fmt_dice(d) -> str:
    """Die faces as words.

    >>> fmt_dice([0, 3, 5])
    'skull, 3, 5'
    """
    return ", ".join("skull" if x == 0 else str(x) for x in d)


@answers("label")
def label(s, a: int) -> str:
    """A readable label of action ``a`` in the state's current decision."""
    if not 0 <= a < NUM_ACTIONS:
        return f"unknown action {a}"
    f = s.stack[-1] if s.stack else (0, -1)
    kind = DECIDE[f[0]].kind if f[0] in DECIDE else ""
    names = s.comp.planet_names
    if a == A_DONE:
        return {"action": "End the turn", "free_action": "End the turn", "move_claim": "Do not claim", "reaction": "No",
                "combat": "Done (resolve the claim)", "bazagthoth": "Decline", "pirates": "Pay for all",
                "look_take": "Take nothing", "cycle": "Done discarding", "build": "Done building",
                "return_unit": "No"}.get(kind, "Done")
    if a == A_YES:
        return "Yes"
    if a in (A_ORBIT, A_SURFACE):
        return "The one in orbit" if a == A_ORBIT else "The one on the surface"
    if a == A_MOVE:
        return "Move units"
    if a == A_CLAIM:
        return "Claim a tile"
    if a == A_BUILD:
        return "Build units"
    if a == A_PASS:
        return "Take a pass cube"
    if A_UNIT <= a < A_UNIT + 3:
        u = AN_UNIT[a - A_UNIT]
        return {"combat": f"Commit {u}", "casualty": f"Lose {u}", "claim_unit": f"Land {u}",
                "sacrifice": f"Sacrifice {u}", "uprising": f"Lose {u}", "damage": f"Lose {u}",
                "return_unit": f"Return {u} to Earth orbit"}.get(kind, UNIT_LABELS[a - A_UNIT])
    if A_PLANET <= a < A_PLANET + 8:
        n = names[a - A_PLANET]
        return {"move_from": f"From {n}", "move_dest": f"To {n}"}.get(kind, n)
    if A_TILE <= a < A_TILE + 30:
        slot = a - A_TILE
        pl = f[2] if len(f) > 2 else -1
        if 0 <= pl < 8 and slot < len(s.ptiles[pl]):
            return f"Claim {tile_name(s, s.ptiles[pl][slot])} on {names[pl]}"
        return f"Tile {slot}"
    if A_COUNT <= a < A_COUNT + 10:
        k = a - A_COUNT
        what = {"move_ships": "spaceship", "move_infantry": "infantry", "move_tanks": "tank"}.get(kind, "")
        return f"{k} {what}{'s' if k != 1 and what and what != 'infantry' else ''}".strip()
    if A_CARD <= a < A_CARD + len(EFFECTS):
        t = card_title(a - A_CARD)
        verb = {"hand_limit": "Discard", "cycle": "Discard", "draw4": "Discard", "look_take": "Take",
                "look_give": "Give"}.get(kind, "Play")
        return f"{verb} '{t}'"
    if A_SEAT <= a < A_SEAT + 5:
        return SHORT[a - A_SEAT]
    if A_BLD <= a < A_BLD + 16:
        pl, k = divmod(a - A_BLD, 2)
        owner = ""
        if kind in ("bazagthoth",) and len(f) > 2:
            owner = SHORT[f[2]] + "'s "
        elif kind == "tension_target" and len(f) > 4:
            owner = SHORT[f[4]] + "'s "
        return f"{owner}{BLD_LABELS[k]} on {names[pl]}"
    if A_UNITAT <= a < A_UNITAT + 24:
        pl, t = divmod(a - A_UNITAT, 3)
        if kind == "build":
            return f"Build {AN_UNIT[t]} at {names[pl]}"
        return f"{UNIT_LABELS[t]} at {names[pl]}"
    if A_DIE <= a < A_DIE + 3:
        i = a - A_DIE
        v = s.cb.dice[i]
        return f"Die {i + 1} ({'skull' if v == 0 else v})"
    if A_REROLL <= a < A_REROLL + 7:
        m = a - A_REROLL + 1
        return "Re-roll die " + ", ".join(str(i + 1) for i in range(3) if m & (1 << i))
    return f"action {a}"


#: the symbols of :func:`render_text` explained (``Game.legend``)
LEGEND = (
    ("2i/1s/0t", "units: infantry / spaceships / tanks (in orbit or on the surface)"),
    ("VP 9/5/3", "a planet's VP for the 1st, 2nd, 3rd... highest income there"),
    ("[n] tile", "a tile on a planet and its slot number"),
    ("FLIPPED", "a crisis cleared the planet and closed it for the rest of the game"),
    ("ALIEN", "the aliens sit on this planet"),
    ("crisis level n", "crisis tiles on the planet (plus escalation dice in the crisis phase)"),
    ("£", "money; income £n is what a player earns each period"),
    ("inf/ship/tank/mine/fac", "units and buildings left in a player's stock"),
    ("kept", "tiles a player has kept for scoring"),
    (">>", "who decides now, and what"),
)


def hand_lines(view: dict) -> list[str]:
    """The viewer's hand, one card a line (empty for a spectator)."""
    if view.get("hand") is None:
        return []
    return [f"   {c['title']} [{c['type']}]: {c['text']}" for c in view["hand"]]


def render_text(view: dict, seat: Optional[int] = None, hand: bool = True, log: bool = True) -> str:
    """The table as plain text for a terminal, from :func:`.view.view` (``hand=False``
    leaves out the viewer's hand, which :func:`hand_lines` gives; ``log=False`` the recent
    log lines)."""
    out = []
    n = view["players"]
    out.append(f"=== Onward to Venus — period {view['period']}, phase {view['phase']} ({view['phase_name']}) ===")
    out.append(f"Pass cubes left: {view['cubes']}   First player: {view['empires'][view['first']]}   "
               f"Deck {view['deck_size']}  Discards {view['discard_size']}  Bag {view['bag_size']}")
    for pl in view["planets"]:
        flags = []
        if pl["flipped"]:
            flags.append("FLIPPED")
        if pl["alien"]:
            flags.append("ALIEN")
        if pl["crisis_level"]:
            flags.append(f"crisis level {pl['crisis_level']}")
        if pl["gunrunners"]:
            flags.append(f"{pl['gunrunners']} gunrunner(s)")
        out.append(f"-- {pl['name']}  (VP {'/'.join(map(str, pl['vp']))}) {' '.join(flags)}")
        if pl["tiles"]:
            out.append("   tiles: " + ", ".join(f"[{t['slot']}] {t['label']}" for t in pl["tiles"]))
        for p in range(n):
            o, su, b = pl["orbit"][p], pl["surface"][p], pl["buildings"][p]
            if any(o) or any(su) or any(b):
                parts = []
                if any(o):
                    parts.append("orbit " + _units(o))
                if any(su):
                    parts.append("surface " + _units(su))
                if any(b):
                    parts.append(f"{b[0]} mine(s), {b[1]} factory(ies)")
                out.append(f"   {view['empires'][p]}: " + "; ".join(parts))
    out.append("-- Players")
    for pr in view["players_info"]:
        st = pr["stock"]
        out.append(f"   {pr['empire']}: £{pr['money']}, {pr['hand_size']} cards, income £{pr['income']}, "
                   f"stock {st['infantry']} inf/{st['spaceship']} ship/{st['tank']} tank/{st['mine']} mine/"
                   f"{st['factory']} fac, kept {', '.join(pr['kept']) or '-'}, VP now {pr['vp']}")
    if view.get("combat"):
        c = view["combat"]
        out.append(f"-- Combat on {c['planet']} for {c['tile']} ({c['kind']}), defence {c['defence']}"
                   + (f" incl. gunrunner +{c['gunrunner_bonus']}" if c.get("gunrunner_bonus") else "")
                   + (f", target {view['empires'][c['target']['seat']]}'s {c['target']['building']}" if c.get("target") else ""))
        com = c.get("committed") or {}
        out.append(f"   dice {c['dice']}{' (die ' + str(c['discarded'] + 1) + ' set aside)' if c.get('discarded') is not None else ''}"
                   f", cost {c['cost']}, paid {c['paid']}, missing {c.get('missing', 0)}; units "
                   + (", ".join(f"{v} {k}" for k, v in com.items() if v) or "none")
                   + "; cards " + (", ".join(x["title"] for x in c.get("cards") or []) or "none"))
    al = view.get("aliens")
    if al and al.get("landed"):
        line = f"-- Aliens landed in period {al['landed']}; now on {', '.join(al['on']) or 'no planet'}"
        nx = al.get("next")
        if nx:
            moves = ", ".join(f"{m['from']} to {m['to']}" for m in nx["moves"])
            line += f"; next move in period {nx['period']}: {moves or 'none'}" + (" — they reach Earth: everybody loses" if nx["reaches_earth"] else "")
        out.append(line)
    if hand and view.get("hand") is not None:
        out.append("-- Your hand")
        out.extend(hand_lines(view))
    if log and view.get("log"):
        out.append("-- Log")
        out.extend("   " + line for line in view["log"][-10:])
    if view.get("over"):
        r = view["result"]
        sc = view.get("scoring")
        if sc:
            out.append("-- Final scoring (VP by planet: income rank)")
            for pl in sc["planets"]:
                cells = [f"{pl['points'][p]} (£{pl['income'][p]}, #{pl['rank'][p]})" if pl["rank"][p] else "-"
                         for p in range(n)]
                out.append(f"   {pl['planet']:<12}" + "  ".join(f"{view['empires'][p].split()[0]} {cells[p]}" for p in range(n)))
            out.append("   Kept tiles  " + "  ".join(f"{view['empires'][p].split()[0]} {sc['kept'][p]['vp']}" for p in range(n)))
            out.append("   Total       " + "  ".join(f"{view['empires'][p].split()[0]} {sc['total'][p]}" for p in range(n)))
            for tb in sc["tie_breaks"]:
                out.append(f"   Tie on {tb['vp']} VP: {tb['text']}")
            out.append("   " + sc["text"])
        out.append(f"== Game over ({r['end']}): VP {r['vp']}, winners {', '.join(view['empires'][w] for w in r['winners']) or 'none'}")
    elif view.get("decision"):
        d = view["decision"]
        out.append(f">> {view['empires'][d['seat']]} to decide: {d['prompt']}")
    return "\n".join(out)


def _units(c) -> str:
    return "/".join(f"{k}{u[0]}" for k, u in zip(c, ("i", "s", "t")))
