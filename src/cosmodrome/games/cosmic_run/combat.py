"""Advance and attack (RB: Advance and Attack Die, FAQ) and its Friendly form, the engine
upgrade (RB: Friendly Variant).

After the one-space advance the opponent's ship of the die's colour (never the transformed
colour: FAQ) is attacked: it fills a heart unless it reached its planet or its owner fires a
defensive missile. Three filled hearts disable a ship. In the Friendly variant the taker
fills a heart of their own ship instead (an upgrade), which the opponent may stop with a
missile. Zorlord's advance-and-attack dice attack the solo player the same way.
"""

from __future__ import annotations

from cosmodrome.games.cosmic_run import scoring
from cosmodrome.games.cosmic_run.components import MISSILE
from cosmodrome.games.cosmic_run.grid import ship_ix, ship_parts, ship_sheet, tech_ix
from cosmodrome.games.cosmic_run.state import HOOKS, MISSILE_ATTACK, CosmicRunState
from cosmodrome.games.cosmic_run.text import says, says_n, ship_w, who_w
from cosmodrome.i18n import N_

ATTACK, UPGRADE = 0, 1


def attack(s: CosmicRunState) -> None:
    """Resolve the attack (or upgrade) of the advance-and-attack die just used by ``s.acting``."""
    colour, by = s.attack_colour, ship_sheet(s.ship)
    s.attack_colour = -1
    if s.friendly:
        start(s, victim=by, colour=colour, kind=UPGRADE, by=by, defender=1 - by)
    else:
        start(s, victim=1 - by, colour=colour, kind=ATTACK, by=by, defender=1 - by)


def start(s: CosmicRunState, victim: int, colour: int, kind: int, by: int, defender: int) -> None:
    ship = ship_ix(victim, colour)
    name = ship_w(s, victim, colour)
    if kind == ATTACK and (s.reached(ship) or s.disabled(ship)):
        why = (N_("{who} attacks {ship}, which has reached its planet: no effect.") if s.reached(ship)
               else N_("{who} attacks {ship}, which is already disabled: no effect."))
        s.say("attack", says(why, who=who_w(s, by), ship=name), {"sheet": victim, "track": colour})
        HOOKS.next_pick(s)
        return
    if kind == UPGRADE and (s.engine_upgrades[ship] >= s.comp.hearts or s.disabled(ship) or s.reached(ship)):
        s.say("upgrade", says("{ship} cannot take an engine upgrade.", ship=name), {"sheet": victim, "track": colour})
        HOOKS.next_pick(s)
        return
    s.attacked_sheet, s.attacked_ship, s.attack_kind, s.attacker_sheet = victim, ship, kind, by
    if defender < s.num_players and s.avail(defender, MISSILE) > 0:
        s.phase, s.acting = MISSILE_ATTACK, defender
        return
    resolve(s, False)


def resolve(s: CosmicRunState, missile: bool) -> None:
    ship, kind, by = s.attacked_ship, s.attack_kind, s.attacker_sheet
    victim, colour = ship_parts(ship)
    name = ship_w(s, victim, colour)
    if missile:
        defender = s.acting
        s.tech_used[tech_ix(defender, MISSILE)] += 1
        what = (N_("{who} fires a defensive missile and stops the attack on {ship}.") if kind == ATTACK
                else N_("{who} fires a defensive missile and stops the engine upgrade of {ship}."))
        s.say("missile", says(what, who=who_w(s, defender), ship=name), {"sheet": defender})
        HOOKS.next_pick(s)
        return
    if kind == UPGRADE:
        s.engine_upgrades[ship] += 1
        s.say("upgrade", says_n(N_("{ship} gets an engine upgrade ({n} heart)."),
                                N_("{ship} gets an engine upgrade ({n} hearts)."), s.engine_upgrades[ship], ship=name),
              {"sheet": victim, "track": colour})
        HOOKS.next_pick(s)
        return
    s.damage[ship] += 1
    s.say("attack", says_n(N_("{who} attacks {ship}: {n} heart filled."),
                           N_("{who} attacks {ship}: {n} hearts filled."), s.damage[ship], who=who_w(s, by), ship=name),
          {"sheet": victim, "track": colour})
    if s.disabled(ship):
        s.say("disabled", says("{ship} is disabled.", ship=name), {"sheet": victim, "track": colour})
        if by < s.num_players and by != victim:
            s.kills[by] += 1
        if scoring.check(s):
            return
    HOOKS.next_pick(s)
