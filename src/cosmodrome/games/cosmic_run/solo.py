"""The solo game against Zorlord (RB: The Solo Game).

Phase II is played in batches: roll the dice left, Zorlord takes one (the die "physically
furthest away", here a seeded random pick among the dice left: see the rulings), the player
takes one; when only two dice are rolled, Zorlord grabs an advance-and-attack die if one
shows, else the player hands him one and takes the last. In the novice mode the player goes
first in every second round. The player may force Zorlord to re-roll his die with the control
panel (not in the expert mode that forbids it).

Zorlord marks his sheet without technologies: movement straight up the track (his sheet never
gets mines, so that is the shortest route), advance-and-attack one row up and an attack on the
player's ship of that colour, a technology cross, or a mine roll on the player's sheet.
"""

from __future__ import annotations

from cosmodrome.games.cosmic_run import combat, dice, mines, scoring, technologies
from cosmodrome.games.cosmic_run.components import ATTACK, MINE, MOVE, TECH0, face_kind, face_pips, face_track
from cosmodrome.games.cosmic_run.grid import MINE_BIT, SHEET_TRACKS, UP_LINE, circle_ix, circle_parts, ship_ix, track_ix
from cosmodrome.games.cosmic_run.state import DRAFT, HOOKS, RESUME_PICK, ZOR_GIVE, ZOR_REROLL, CosmicRunState
from cosmodrome.games.cosmic_run.text import Word, circle_w, colour_w, coordinate, face_w, says
from cosmodrome.i18n import N_, gettext

ZORLORD = 1


def next_pick(s: CosmicRunState) -> None:
    p = s.picks
    if p in (2, 4, 6):
        you = sum(1 for o in s.owner if o == 0)
        zor = sum(1 for o in s.owner if o == ZORLORD)
        if you == zor:        # a new batch: roll the dice left
            dice.roll_pool(s)
    pool = [i for i, o in enumerate(s.owner) if o == -1]
    you = sum(1 for o in s.owner if o == 0)
    zor = sum(1 for o in s.owner if o == ZORLORD)
    if len(pool) == 2 and you == zor:
        # RB: Phase II (solo): the last two dice
        attack_dice = [i for i in pool if face_kind(s.faces[i]) == ATTACK]
        if attack_dice:
            i = attack_dice[0]
            if len(attack_dice) > 1:
                i = attack_dice[s.rng.below(len(attack_dice), "the advance-and-attack die Zorlord grabs",
                                            lambda k: f"Zorlord grabs action die {attack_dice[k] + 1}")]
            take(s, i, N_("Zorlord grabs the advance-and-attack die: die {n} ({face})."), chance=len(attack_dice) > 1)
            return
        if not s.you_first:
            s.phase, s.acting = ZOR_GIVE, 0
            return
    if zor < you or (zor == you and not s.you_first):
        i = pool[s.rng.below(len(pool), "the die Zorlord takes",
                             lambda k: f"Zorlord takes action die {pool[k] + 1}")] if len(pool) > 1 else pool[0]
        take(s, i, N_("Zorlord takes the die furthest away: die {n} ({face})."), chance=len(pool) > 1)
        return
    s.phase, s.acting = DRAFT, 0


def take(s: CosmicRunState, die: int, how: str, chance: bool = False) -> None:
    s.owner[die] = ZORLORD
    s.picks += 1
    s.die = die
    s.say("zorlord-take", says(how, n=die + 1, face=face_w(s.comp, s.faces[die])),
          {"die": die, "face": s.faces[die], "sheet": ZORLORD}, chance=chance)
    offer_reroll(s)


def offer_reroll(s: CosmicRunState) -> None:
    if s.zor_reroll and s.rerolls_used[0] < s.comp.rerolls:
        s.phase, s.acting = ZOR_REROLL, 0
        return
    mark(s)


def mark(s: CosmicRunState) -> None:
    """Zorlord uses his die (RB: Solo: Mark Zorlord's sheet according to these rules)."""
    face = s.faces[s.die]
    k = face_kind(face)
    if k == MOVE or k == ATTACK:
        colour, n = face_track(face), face_pips(face)
        ship = ship_ix(ZORLORD, colour)
        track = track_ix(s.comp, ship)
        r, c = circle_parts(s.circle[ship])
        planet = s.comp.planet
        n = min(n, planet - r)
        for _ in range(n):
            r += 1
            s.grid[track + circle_ix(r, c)] |= UP_LINE
            s.paths[ship].append(circle_ix(r, c))
        s.circle[ship] = circle_ix(r, c)
        s.best_row[ship] = max(s.best_row[ship], r)
        where = Word(gettext, N_("his planet")) if r == planet else circle_w(s.comp, s.side, r, c)
        s.say("move", says("Zorlord's {colour} ship moves {n} up to {where}.", colour=colour_w(s.comp, colour), n=n,
                           where=where), {"sheet": ZORLORD, "track": colour, "row": r, "col": c})
        if r == planet and scoring.check(s):
            return
        if k == ATTACK:
            combat.start(s, victim=0, colour=colour, kind=combat.ATTACK, by=ZORLORD, defender=0)
            return
    elif k == MINE:
        col, num = mines.roll_letter(s), mines.roll_number(s)
        s.say("mine-die", says("Zorlord rolls the mine dice: {at} on your sheet.", at=coordinate(s, col, num)),
              {"col": col, "number": num, "sheet": ZORLORD}, chance=True)
        mines.start_roll(s, ZORLORD, [0], col, num, RESUME_PICK)
        return
    else:
        technologies.gain(s, ZORLORD, face - TECH0)
    HOOKS.next_pick(s)


def answer_reroll(s: CosmicRunState, reroll: bool) -> None:
    if reroll:
        technologies.reroll(s, 0)
        s.say("zorlord-reroll", says("You force Zorlord to re-roll his die."), {"sheet": 0})
        offer_reroll(s)
    else:
        mark(s)


def give(s: CosmicRunState, die: int) -> None:
    take(s, die, N_("Zorlord is handed: die {n} ({face})."))


def premines(s: CosmicRunState, times: int) -> None:
    """Expert mode: mine rolls before the first round on the player's sheet."""
    for _ in range(times):
        col, num = mines.roll_letter(s), mines.roll_number(s)
        s.say("mine-roll", says("Expert set-up: the mine dice show {at}.", at=coordinate(s, col, num)),
              {"col": col, "number": num}, chance=True)
        for t in range(SHEET_TRACKS):
            for r in mines.rows_with(s, num):
                s.grid[s.cell(0, t, r, col)] |= MINE_BIT
