"""RB: Defended tiles – combat for mines, crisis tiles, tension tiles and aliens.

Roll the combat dice (``combat_dice`` of the component data's rules, three as printed); the
cost is the defence plus the difference between the highest and the lowest die (a skull
counts 0). Pay it with units moved from orbit to the surface (infantry
and spaceship 1 CP, tank 2) and with cards; at least one unit must go down. The player may
stop at any time ("done"): the claim succeeds when the points reach the cost, otherwise it
fails. Either way each skull rolled costs one unit at that planet, after payment.
"""

from __future__ import annotations

try:
    import cython
except ImportError:   # the pure-Python engine: the annotations naming cython are never evaluated
    cython = None

from cosmodrome.games.venus.cards import (
    CARD_CP,
    COMBAT_EFFECTS,
    discard_gunrunners,
    discard_played,
    sacrifice_unit,
    unit_eliminated,
)
from cosmodrome.games.venus.components import EFFECT_ID, MAX_COMBAT_DICE
from cosmodrome.games.venus.flow import (
    A_CARD,
    A_DIE,
    A_DONE,
    A_UNIT,
    COMBAT,
    D_CASUALTY,
    D_COMBAT,
    D_DISCARD_DIE,
    D_REROLL,
    D_SACRIFICE,
    EARTH,
    INF,
    MINE,
    MOON,
    NO_DIE,
    SHIP,
    T_ALIEN,
    T_CRISIS,
    T_MINE,
    T_TENSION,
    TANK,
    VENUS,
    Casualty,
    CombatMenu,
    DiscardDie,
    Reroll,
    Sacrifice,
    add,
    building_ix,
    building_stock_ix,
    decide,
    decode_reroll,
    encode_reroll,
    gunrunner_planet,
    stock_ix,
    surface_units,
    unit_ix,
    without,
)
from cosmodrome.games.venus.state import Combat, VenusState
from cosmodrome.games.venus.text import (
    an_unit_w,
    attacks_text,
    building_w,
    dice_w,
    die_words,
    fmt_dice,
    planet_w,
    planet_word,
    says,
    who,
    wins_text,
)
from cosmodrome.i18n import _, later, ngettext

E = EFFECT_ID
#: the combat-point cards (their points are rules of the component data: :data:`.cards.CARD_CP`)
CP_CARDS = frozenset(CARD_CP)
E_CP2_VENUS, E_CP3_MOON, E_CP3_EARTH_CRISIS = E["cp2_venus"], E["cp3_moon"], E["cp3_earth_crisis"]
E_TANKS3, E_INFANTRY2, E_SHIPS2 = E["tanks3"], E["infantry2"], E["ships2"]
E_SAC_TANK, E_SAC_UNIT, E_REROLL = E["sacrifice_tank"], E["sacrifice_unit"], E["reroll"]
E_DISCARD_DIE, E_IGNORE_SKULL = E["discard_die"], E["ignore_skull"]


def roll(s: VenusState) -> int:
    """A combat die (a chance event)."""
    faces = s.comp.rules["die_faces"]
    return faces[s.rng.below(len(faces), "the roll of a combat die", die_words("the combat die", faces))]


def tension_defence(s: VenusState, q: int, pl: int) -> int:
    """RB: Tension tile – the defence is the CP of the defender's units in orbit AND on the
    surface there (infantry and spaceship 1, tank 2). Cards do not change it (ruling)."""
    cp = s.comp.unit_cp
    o: bytearray = s.orbit
    su: bytearray = s.surface
    return sum((o[unit_ix(q, pl, t)] + su[unit_ix(q, pl, t)]) * cp[t] for t in (INF, SHIP, TANK))


def tile_defence(s: VenusState, pl: int, tile: int, tseat: int) -> int:
    """Defence of a defended tile: its value in the data (a mine's or crisis tile's printed
    defence, ``[rules] alien_defence`` for an alien), the defender's units for tension; a
    crisis tile adds ``[rules] gunrunner_bonus`` per gunrunner card on the planet."""
    c = s.comp
    k = c.tile_kind[tile]
    if k == T_TENSION:
        return tension_defence(s, tseat, pl)
    d = c.tile_def[tile]
    if k == T_CRISIS:
        d += c.rules["gunrunner_bonus"] * sum(1 for g in s.gunrunners if gunrunner_planet(g) == pl)
    return d


def begin(s: VenusState, p: int, pl: int, slot: int, tseat: int, tkind: int) -> None:
    """RB: Defended tiles – declare, then roll the combat dice (``combat_dice``, three as printed)."""
    tile = s.planet_tiles[pl][slot]
    d = tile_defence(s, pl, tile, tseat)
    n = s.comp.combat_dice
    dice = [roll(s) for _i in range(n)]
    s.combat = Combat(p, pl, slot, tile, d, tseat, tkind, dice + [NO_DIE] * (MAX_COMBAT_DICE - n), -1, 0, [0, 0, 0],
                  [0, 0, 0], 0, 1)
    s.combat_cards = ()
    s.say("attack", (attacks_text, (s.comp, p, tile, pl, tseat, tkind, d, dice, cost(s))),
          {"seat": p, "planet": pl, "tile": tile, "dice": dice[:], "defence": d}, chance=True)
    s.stack.append(COMBAT[p])


def rolled(s: VenusState) -> list:
    """The dice of the combat in progress: its slots up to the rules' ``combat_dice``."""
    return s.combat.dice[:s.comp.combat_dice]


def cost(s: VenusState) -> int:
    """Cost = defence + (highest - lowest) of the kept dice, skull = 0 (no difference when
    fewer than two dice are kept: a variant with fewer combat dice, ruling 37).

    RB example (Mars mine): dice skull, 3, ... with defence 3 cost 6."""
    cb = s.combat
    kept = [x for i, x in enumerate(rolled(s)) if i != cb.discarded]
    return cb.defence + (max(kept) - min(kept) if kept else 0)


def skulls(s: VenusState) -> int:
    """Casualties due: skulls on the kept dice less the skulls ignored by cards."""
    i: cython.Py_ssize_t
    n: cython.Py_ssize_t = 0
    cb = s.combat
    disc = cb.discarded
    dice = cb.dice
    for i in range(MAX_COMBAT_DICE):
        if i != disc and dice[i] == 0:
            n += 1
    return max(0, n - cb.skulls_ignored)


def points(s: VenusState) -> int:
    """Combat points paid so far: committed units (with modifier cards) plus CP cards."""
    cb = s.combat
    cp = s.comp.unit_cp
    n, boosted = cb.committed, cb.boosted
    if boosted[INF] or boosted[SHIP] or boosted[TANK]:
        cp = boosted_cp(s)
    return cb.card_points + n[INF] * cp[INF] + n[SHIP] * cp[SHIP] + n[TANK] * cp[TANK]


def boosted_cp(s: VenusState) -> tuple:
    """The CP of a unit of each type with the modifier cards in force (RB: Detailed
    explanation of the cards: infantry 2, spaceships 2, tanks 3)."""
    cb, cp, r = s.combat, s.comp.unit_cp, s.comp.rules
    b = cb.boosted
    return (r["boosted_infantry_cp"] if b[INF] else cp[INF], r["boosted_spaceship_cp"] if b[SHIP] else cp[SHIP],
            r["boosted_tank_cp"] if b[TANK] else cp[TANK])


def _combat_legal(s, f: CombatMenu):
    p: cython.Py_ssize_t
    p = f.seat
    cb = s.combat
    pl: cython.Py_ssize_t = cb.planet
    acts = [A_DONE]
    o = s.orbit
    for t in (INF, SHIP, TANK):
        if o[unit_ix(p, pl, t)]:
            acts.append(A_UNIT + t)
    kind = s.comp.tile_kind[cb.tile]
    for e in sorted(s.hand_effects(p)):
        if card_usable(s, e, p, pl, kind):
            acts.append(A_CARD + e)
    return acts


def card_usable(s, e, p, pl, kind) -> bool:
    """May ``p``, attacking planet ``pl`` for a tile of ``kind``, play its card of effect
    ``e`` in the combat now?"""
    cb = s.combat
    if e in CP_CARDS:
        if e == E_CP2_VENUS:
            return pl == VENUS
        if e == E_CP3_MOON:
            return pl == MOON
        if e == E_CP3_EARTH_CRISIS:
            return pl == EARTH and kind == T_CRISIS
        return True
    if e == E_TANKS3:
        return not cb.boosted[TANK]
    if e == E_INFANTRY2:
        return not cb.boosted[INF]
    if e == E_SHIPS2:
        return not cb.boosted[SHIP]
    if e == E_SAC_TANK:
        return s.surface[unit_ix(p, pl, TANK)] > 0
    if e == E_SAC_UNIT:
        return surface_units(s, p, pl) > 0
    if e == E_REROLL:
        return True
    if e == E_DISCARD_DIE:
        return cb.discarded < 0
    if e == E_IGNORE_SKULL:
        return skulls(s) > 0
    return False


def _combat_prompt(s, f: CombatMenu):
    cb = s.combat
    values = dict(planet=planet_word(s.comp, cb.planet), dice=fmt_dice(rolled(s)), cost=cost(s), paid=points(s))
    if cb.discarded >= 0:
        return _("Combat on {planet}: dice {dice} (die {i} discarded), cost {cost}, paid {paid}. "
                 "Commit a unit, play a card, or done.").format(i=cb.discarded + 1, **values)
    return _("Combat on {planet}: dice {dice}, cost {cost}, paid {paid}. Commit a unit, play a card, or done.").format(
        **values)


@decide(D_COMBAT, "combat", _combat_legal, _combat_prompt)
def commit(s: VenusState, f: CombatMenu, a: int) -> None:
    """RB: Defended tiles – commit units (orbit to surface) and cards one at a time, or
    finish; finishing with enough points (and at least one unit) claims the tile."""
    p = f.seat
    cb = s.combat
    pl = cb.planet
    if a == A_DONE:
        resolve(s, p)
        return
    if a < A_CARD:
        t = a - A_UNIT
        i = unit_ix(p, pl, t)
        s.orbit[i] -= 1
        s.surface[i] += 1
        cb.committed[t] += 1
        s.say("commit", says("{who} commits {unit} ({paid} of {cost}).", who=who(p), unit=an_unit_w(t), paid=points(s),
                             cost=cost(s)), {"seat": p, "unit": t})
        s.stack.append(COMBAT[p])
        return
    e = a - A_CARD
    card = s.take_card(p, e)
    s.combat_cards += (card,)
    s.stack.append(COMBAT[p])
    discard_played(s, p, card)
    COMBAT_EFFECTS[e](s, p)


def resolve(s: VenusState, p: int) -> None:
    """Success or failure, then casualties (RB: Casualties of combat)."""
    cb = s.combat
    pl = cb.planet
    tile = cb.tile
    if points(s) >= cost(s) and sum(cb.committed) >= 1 and tile in s.planet_tiles[pl]:
        s.planet_tiles[pl] = without(s.planet_tiles[pl], tile)
        k = s.comp.tile_kind[tile]
        s.say("win", (wins_text, (s.comp, p, points(s), tile, pl)), {"seat": p, "planet": pl, "tile": tile})
        if k == T_MINE:
            s.tile_discard += (tile,)
            s.stock[building_stock_ix(p, MINE)] -= 1
            s.built = add(s.built, building_ix(p, pl, MINE), 1)
            s.say("mine", says("{who} opens a mine on {planet}.", who=who(p), planet=planet_w(s.comp, pl)),
                  {"seat": p, "planet": pl})
        elif k == T_CRISIS:
            s.kept[p] += (tile,)
            for _g in range(discard_gunrunners(s, pl)):
                s.say("gunrunner", says("The gunrunner on {planet} is discarded.", planet=planet_w(s.comp, pl)),
                      {"planet": pl})
        elif k == T_ALIEN:
            s.kept[p] += (tile,)
            s.say("alien", says("{who} destroys the alien on {planet}!", who=who(p), planet=planet_w(s.comp, pl)),
                  {"seat": p, "planet": pl})
        elif k == T_TENSION:
            s.tile_discard += (tile,)
            q, kk = cb.target_seat, cb.target_kind
            if s.built[building_ix(q, pl, kk)] and s.stock[building_stock_ix(p, kk)]:
                s.remove_building(q, pl, kk)
                s.stock[building_stock_ix(p, kk)] -= 1
                s.built = add(s.built, building_ix(p, pl, kk), 1)
                s.say("tension",
                      says("{who} replaces {target}'s {building} on {planet} with its own.", who=who(p), target=who(q),
                           building=building_w(kk), planet=planet_w(s.comp, pl)),
                      {"seat": p, "target": q, "planet": pl, "kind": kk})
    else:
        s.say("fail", says("{who}'s attack on {planet} fails ({paid} of {cost}).", who=who(p),
                           planet=planet_w(s.comp, pl), paid=points(s), cost=cost(s)),
              {"seat": p, "planet": pl})
    cb.active = 0
    s.combat_cards = ()
    n = skulls(s)
    if n and s.units_at(p, pl):
        s.stack.append(Casualty(p, pl, n))


def _reroll_legal(s, f: Reroll):
    disc = s.combat.discarded
    every = 1 << s.comp.combat_dice
    return [encode_reroll(m) for m in range(1, every) if not (disc >= 0 and m & (1 << disc))]


@decide(D_REROLL, "reroll", _reroll_legal, lambda s, f: _("Re-roll which dice?"))
def reroll(s: VenusState, f: Reroll, a: int) -> None:
    """RB: card 'Re-roll one or more dice' – only the final dice count."""
    p = f.seat
    m = decode_reroll(a)
    cb = s.combat
    for i in range(MAX_COMBAT_DICE):
        if m & (1 << i):
            cb.dice[i] = roll(s)
    s.say("reroll",
          says("{who} re-rolls: dice now {dice}, cost {cost}.", who=who(p), dice=dice_w(rolled(s)), cost=cost(s)),
          {"seat": p, "dice": rolled(s)}, chance=True)


def _disc_legal(s, f: DiscardDie):
    return [A_DIE + i for i in range(s.comp.combat_dice)]


@decide(D_DISCARD_DIE, "discard_die", _disc_legal, lambda s, f: _("Discard which die?"))
def discard_die(s: VenusState, f: DiscardDie, a: int) -> None:
    """RB: Detailed explanation of the cards – the chosen die is set aside: the other two
    give the difference and a skull on the discarded die is ignored."""
    p = f.seat
    s.combat.discarded = a - A_DIE
    s.say("discard_die", says("{who} discards die {i}: cost now {cost}.", who=who(p), i=a - A_DIE + 1, cost=cost(s)),
          {"seat": p})


def _sac_legal(s, f: Sacrifice):
    p = f.seat
    pl = s.combat.planet
    su: bytearray = s.surface
    return [A_UNIT + t for t in (INF, SHIP, TANK) if su[unit_ix(p, pl, t)]]


def _sac_prompt(s, f: Sacrifice):
    return _("Which of your units on the surface do you sacrifice for {cp} CP?").format(cp=s.comp.rules["sacrifice_cp"])


def combat_points_words(n: int) -> str:
    """``n`` combat points in words, in the reader's language."""
    return ngettext("{n} combat point", "{n} combat points", n).format(n=n)


@decide(D_SACRIFICE, "sacrifice", _sac_legal, _sac_prompt)
def sacrifice(s: VenusState, f: Sacrifice, a: int) -> None:
    """RB: Detailed explanation of the cards – the unit sacrifice: a unit of yours on the
    surface of the planet fought over is eliminated for the CP of ``sacrifice_cp`` (3; to
    stock, or to Earth orbit with the return card)."""
    p = f.seat
    t = a - A_UNIT
    sacrifice_unit(s, p, t)
    s.say("sacrifice", says("{who} sacrifices {unit} for {points}.", who=who(p), unit=an_unit_w(t),
                            points=later(combat_points_words, s.comp.rules["sacrifice_cp"])),
          {"seat": p, "unit": t})


def casualty_pool(s: VenusState, p: int, pl: int) -> bytearray:
    """The counters (``s.surface`` or ``s.orbit``, read at :func:`.flow.unit_ix` ``(p, pl, t)``)
    of the units that may be lost: those on the surface there (the committed ones); when
    none remain, those in orbit there (ruling)."""
    return s.surface if surface_units(s, p, pl) else s.orbit


def _cas_legal(s, f: Casualty):
    p, pl = f.seat, f.planet
    arr = casualty_pool(s, p, pl)
    return [A_UNIT + t for t in (INF, SHIP, TANK) if arr[unit_ix(p, pl, t)]]


def _cas_prompt(s, f: Casualty):
    left = f.left
    return _("A skull was rolled: choose a unit to lose ({n} to go).").format(n=left)


@decide(D_CASUALTY, "casualty", _cas_legal, _cas_prompt)
def casualty(s: VenusState, f: Casualty, a: int) -> None:
    """RB: Casualties of combat – one unit where the combat took place per skull, chosen by
    the attacker, after payment, also when the attempt failed."""
    p, pl, n = f.seat, f.planet, f.left
    t = a - A_UNIT
    casualty_pool(s, p, pl)[unit_ix(p, pl, t)] -= 1
    s.stock[stock_ix(p, t)] += 1
    s.lost[p] += 1
    s.say("casualty",
          says("{who} loses {unit} on {planet}.", who=who(p), unit=an_unit_w(t), planet=planet_w(s.comp, pl)),
          {"seat": p, "planet": pl, "unit": t})
    if n > 1 and s.units_at(p, pl):
        s.stack.append(Casualty(p, pl, n - 1))
    unit_eliminated(s, p, t)
