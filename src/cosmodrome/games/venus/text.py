"""Words of Onward to Venus: card titles and texts, tile names, action labels, and the
terminal rendering of a view. All texts are our own words (RB sections are cited in the
rule functions, not copied).
"""

from __future__ import annotations

from typing import Any, Optional

from cosmodrome.games.venus.components import EFFECTS, TILE_KINDS
from cosmodrome.games.venus.flow import (
    A_BLD, A_BUILD, A_CARD, A_CLAIM, A_COUNT, A_DIE, A_DONE, A_MOVE, A_PASS, A_PLANET, A_REROLL,
    A_SEAT, A_TILE, A_UNIT, A_UNITAT, A_YES, DECIDE, NUM_ACTIONS,
)
from cosmodrome.games.venus.state import EMPIRES, SHORT

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


def card_name(s, card: int) -> str:
    return "'" + CARD_TEXT[EFFECTS[s.comp.card_effect(card)]][0] + "'"


def tile_name(s, t: int) -> str:
    c = s.comp
    k = TILE_KINDS[c.tile_kind[t]]
    name = TILE_LABELS[k]
    if k in ("mine", "crisis", "alien"):
        name += f" ({c.tile_def[t]}{', skull' if c.tile_skull[t] else ''})"
    return "a " + name.lower() + " tile" if k != "alien" else "an alien"


def label(s, a: int) -> str:
    """A readable label of action ``a`` in the state's current decision."""
    if not 0 <= a < NUM_ACTIONS:
        return f"unknown action {a}"
    f = s.stack[-1] if s.stack else (0, -1)
    kind = DECIDE[f[0]].kind if f[0] in DECIDE else ""
    names = s.comp.planet_names
    if a == A_DONE:
        return {"action": "End the turn", "move_claim": "Do not claim", "reaction": "No",
                "combat": "Done (resolve the claim)", "bazagthoth": "Decline", "pirates": "Pay for all",
                "look_take": "Take nothing", "cycle": "Done discarding", "build": "Done building"}.get(kind, "Done")
    if a == A_YES:
        return "Yes"
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
                "sacrifice": f"Sacrifice {u}", "uprising": f"Lose {u}", "damage": f"Lose {u}"}.get(kind, UNIT_LABELS[a - A_UNIT])
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
        v = s.cb[7 + i]
        return f"Die {i + 1} ({'skull' if v == 0 else v})"
    if A_REROLL <= a < A_REROLL + 7:
        m = a - A_REROLL + 1
        return "Re-roll die " + ", ".join(str(i + 1) for i in range(3) if m & (1 << i))
    return f"action {a}"


VERBS = {A_MOVE: "move", A_CLAIM: "claim", A_BUILD: "build", A_PASS: "pass"}


def _unit_place(s, f: tuple, kind: str) -> tuple:
    """(planet index, where the unit comes from) of a unit-type option (ids 8..10)."""
    from cosmodrome.games.venus.flow import EARTH, VENUS
    cb = s.cb
    if kind == "combat":
        return cb[1], "orbit"
    if kind == "sacrifice":
        return cb[1], "surface"
    if kind in ("claim_unit",) and len(f) > 2:
        return f[2], "orbit"
    if kind == "casualty" and len(f) > 2:
        from cosmodrome.games.venus.combat import casualty_pool
        arr, _ = casualty_pool(s, f[1], f[2])
        return f[2], "surface" if arr is s.surf else "orbit"
    if kind == "uprising":
        return VENUS, "surface first"
    if kind == "damage":
        return EARTH, "surface first"
    return -1, ""


#: where a decision frame names the seat whose pieces its options are (the frame's decider
#: otherwise): Bazagthoth's victim, the tension tile's target, the seat losing a unit
_OWNER_SLOT = {"bazagthoth": 2, "tension_target": 4, "kill_unit": 3}


def _owner(f, kind: str) -> int:
    """The seat owning the building or unit an option of a ``kind`` decision names."""
    i = _OWNER_SLOT.get(kind)
    return f[i] if i is not None and len(f) > i else f[1]


def action_details(s, a: int) -> dict:
    """What an option of the current decision points at, for a client to highlight and for
    a bot to read without parsing labels. Every id range has its details:

    - 0 done / 1 yes: ``choice`` (and for a combat's done, ``outcome``: claim or fail);
    - 2..5: ``verb`` (move, claim, build, pass);
    - 8..10 a unit type: ``unit``, ``planet``, ``from`` (orbit / surface), ``owner``;
    - 12..19: ``planet``; 20..49: ``planet``, ``tile`` (slot), ``kind``, ``defence``, ``skull``;
    - 50..59: ``count`` and what is counted (``of``);
    - 60..99: ``card`` (effect), ``title``, ``type``, ``verb``;
    - 100..104: ``seat``, ``empire`` (choosing a tension target: ``target_planet``);
    - 105..120: ``planet``, ``building``, ``owner``; 121..144: ``planet``, ``unit``, ``owner``;
    - 145..147: ``die`` (index) and its ``face``;
    - 148..154: ``dice`` re-rolled (indices), their current ``faces``, and the dice ``kept``.
    """
    f = s.stack[-1] if s.stack else (0, -1)
    kind = DECIDE[f[0]].kind if f[0] in DECIDE else ""
    names = s.comp.planet_names
    if a == A_DONE:
        d = {"choice": "done"}
        if kind == "combat":
            from cosmodrome.games.venus.combat import cost, points
            cb = s.cb
            ok = points(s) >= cost(s) and cb[12] + cb[13] + cb[14] >= 1
            d["outcome"] = "claim" if ok else "fail"
        return d
    if a == A_YES:
        return {"choice": "yes"}
    if a in VERBS:
        return {"verb": VERBS[a]}
    if A_PLANET <= a < A_PLANET + 8:
        return {"planet": names[a - A_PLANET]}
    if A_TILE <= a < A_TILE + 30:
        if len(f) > 2 and 0 <= f[2] < 8 and a - A_TILE < len(s.ptiles[f[2]]):
            c = s.comp
            t = s.ptiles[f[2]][a - A_TILE]
            k = TILE_KINDS[c.tile_kind[t]]
            return {"planet": names[f[2]], "tile": a - A_TILE, "kind": k,
                    "defence": c.tile_def[t] if k in ("mine", "crisis", "alien") else None,
                    "skull": bool(c.tile_skull[t])}
        return {"tile": a - A_TILE}
    if A_CARD <= a < A_CARD + len(EFFECTS):
        e = a - A_CARD
        verb = {"hand_limit": "discard", "cycle": "discard", "draw4": "discard", "look_take": "take",
                "look_give": "give"}.get(kind, "play")
        return {"card": EFFECTS[e], "title": CARD_TEXT[EFFECTS[e]][0], "type": s.comp.effect_type[e], "verb": verb}
    if A_SEAT <= a < A_SEAT + 5:
        d = {"seat": a - A_SEAT, "empire": EMPIRES[a - A_SEAT]}
        if kind == "tension_target" and len(f) > 2:
            d["target_planet"] = names[f[2]]     # the planet of the tension tile
        return d
    if A_BLD <= a < A_BLD + 16:
        pl, k = divmod(a - A_BLD, 2)
        return {"planet": names[pl], "building": BLD_LABELS[k], "owner": _owner(f, kind)}
    if A_UNITAT <= a < A_UNITAT + 24:
        pl, t = divmod(a - A_UNITAT, 3)
        return {"planet": names[pl], "unit": UNIT_LABELS[t], "owner": _owner(f, kind)}
    if A_UNIT <= a < A_UNIT + 3:
        d = {"unit": UNIT_LABELS[a - A_UNIT], "owner": f[1]}
        pl, where = _unit_place(s, f, kind)
        if pl >= 0:
            d["planet"] = names[pl]
            d["from"] = where
        return d
    if A_DIE <= a < A_DIE + 3:
        return {"die": a - A_DIE, "face": s.cb[7 + a - A_DIE]}
    if A_COUNT <= a < A_COUNT + 10:
        d = {"count": a - A_COUNT}
        what = {"move_ships": "spaceship", "move_infantry": "infantry", "move_tanks": "tank"}.get(kind)
        if what:
            d["of"] = what
        return d
    if A_REROLL <= a < A_REROLL + 7:
        m = a - A_REROLL + 1
        dice = [i for i in range(3) if m & (1 << i)]
        return {"dice": dice, "faces": [s.cb[7 + i] for i in dice], "kept": [i for i in range(3) if i not in dice]}
    return {}


def render_text(view: dict, seat: Optional[int] = None) -> str:
    """The table as plain text for a terminal, from :func:`.view.view`."""
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
    if view.get("hand") is not None:
        out.append("-- Your hand")
        for c in view["hand"]:
            out.append(f"   {c['title']} [{c['type']}]: {c['text']}")
    if view.get("log"):
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
