"""RB: Phase four – crisis resolution, and the crisis effects of each planet.

Escalation: when any crisis tile on the table is skull-marked, roll the escalation dice
(``rules.escalation_dice``, three as printed); each skull is placed on a skull-marked crisis
tile from Mercury outwards, looping back to Mercury while dice remain. A planet's crisis
level is its crisis tiles plus the dice on it. Planets are then resolved from Mercury to the
Kuiper Belt (Earth before the Moon).
"""

from __future__ import annotations

from cosmodrome.games.venus.cards import discard_gunrunners, target_unit, unit_eliminated, units_eliminated
from cosmodrome.games.venus.components import BAZ_BUILDING, BAZ_CARD, BAZ_UNIT
from cosmodrome.games.venus.flow import (
    A_DONE,
    A_SEAT,
    A_UNIT,
    CRISIS_PLANET,
    D_BAZ,
    D_BAZ_BLD,
    D_BAZ_UNIT,
    D_DAMAGE,
    D_LOSE_BLD,
    D_PIRATES,
    D_UPRISING,
    EARTH,
    FACTORY,
    GANYMEDE,
    HAND_LIMIT_CHECK,
    INF,
    KUIPER,
    MARS,
    MERCURY,
    MINE,
    MOON,
    N_PLANETS,
    O_CRISIS,
    O_CRISIS_START,
    O_DAMAGE,
    O_INVASION,
    O_UPRISING,
    PHASE_CRISIS,
    SHIP,
    T_ALIEN,
    T_CRISIS,
    TANK,
    TITAN,
    VENUS,
    Bazagthoth,
    BazagthothBuilding,
    BazagthothUnit,
    CrisisPlanet,
    CrisisStart,
    Damage,
    EarthDamage,
    InvasionDamageRoll,
    LoseBuilding,
    Pirates,
    Uprising,
    UprisingNext,
    add,
    auto,
    building_ix,
    building_stock_ix,
    buildings,
    decide,
    decode_building,
    decode_unit_at,
    encode_building,
    encode_crisis,
    encode_unit_at,
    incomes_on,
    put,
    stock_ix,
    unit_ix,
    unit_places,
    without,
)
from cosmodrome.games.venus.state import SHORT, VenusState
from cosmodrome.games.venus.text import (
    an_unit_w,
    building_w,
    card_stolen,
    card_w,
    dice_w,
    die_words,
    fmt_dice,
    planet_w,
    planet_word,
    says,
    seat_word,
    who,
)
from cosmodrome.i18n import N_, _, gettext

INWARD = (MARS, MOON, EARTH)


def first_effect(r: dict, pl: int) -> int:
    """The lowest crisis level with an effect on planet ``pl``, from the rules' numbers
    ``r`` (RB: Crisis effects; Ganymede never has one: its crisis tiles are discarded)."""
    if pl == MERCURY:
        return 1
    if pl == VENUS:
        return min(r["uprising_level"], r["independence_level"])
    if pl == EARTH:
        return min(r["robot_rebellion_level"], r["major_rebellion_level"], r["robots_win_level"])
    if pl == MOON:
        return r["invasion_level"]
    if pl == MARS:
        return min(r["martian_level"], r["invasion_level"])
    if pl == TITAN:
        return min(r["pirates_level"], r["pirates_wide_level"])
    if pl == KUIPER:
        return r["alien_invasion_level"]
    return 1 << 30


def crisis_tiles(s: VenusState, pl: int) -> int:
    tk = s.comp.tile_kind
    n = 0
    for t in s.planet_tiles[pl]:
        if tk[t] == T_CRISIS:
            n += 1
    return n


def level(s: VenusState, pl: int) -> int:
    """RB: the crisis level = crisis tiles on the planet + escalation dice on it."""
    return crisis_tiles(s, pl) + s.crisis_levels[pl]


def player_order(s: VenusState) -> list:
    """Player order for crisis effects: from the first player clockwise (ruling)."""
    n = s.num_players
    return [(s.first_seat + k) % n for k in range(n)]


def top_income(s: VenusState, pl: int) -> list:
    """Players with the highest (non-zero) income from ``pl``; ties all count."""
    inc = incomes_on(s, pl)
    best = max(inc)
    if best <= 0:
        return []
    return [p for p in player_order(s) if inc[p] == best]


def escalation_text(names, dice: list, added: list) -> str:
    """The log line of the escalation roll: the dice, and the skulls each planet got.

    >>> escalation_text(["Mercury", "Venus"], [0, 3, 0], [1, 1])
    'Crisis escalation dice: skull, 3, skull. Escalation on Mercury +1, Venus +1.'
    """
    text = _("Crisis escalation dice: {dice}.").format(dice=fmt_dice(dice))
    if any(added):
        text += _(" Escalation on {planets}.").format(
            planets=", ".join(f"{gettext(names[pl])} +{n}" for pl, n in enumerate(added) if n))
    return text


@auto(O_CRISIS_START)
def escalate(s: VenusState, f: CrisisStart) -> None:
    """RB: Phase four – roll the escalation dice and place the skulls (looping)."""
    s.stack.pop()
    s.phase = PHASE_CRISIS
    s.crisis_levels = (0,) * N_PLANETS
    c = s.comp
    kind, skull = c.tile_kind, c.tile_skull
    marked = [pl for pl in range(N_PLANETS) for t in s.planet_tiles[pl] if kind[t] == T_CRISIS and skull[t]]
    if marked:
        faces = c.rules["die_faces"]
        dice = [faces[s.rng.below(len(faces), "the roll of an escalation die", die_words("the escalation die", faces))]
                for _ in range(c.rules["escalation_dice"])]
        k = dice.count(0)   # the skulls
        for i in range(k):
            s.crisis_levels = add(s.crisis_levels, marked[i % len(marked)], 1)
        added = list(s.crisis_levels)
        s.say("escalation", (escalation_text, (c.planet_names, dice, added)), {"dice": dice, "added": added},
              chance=True)
    s.stack.append(CRISIS_PLANET[-1][0])


@auto(O_CRISIS)
def resolve_planet(s: VenusState, f: CrisisPlanet) -> None:
    """Resolve one planet's crisis, then queue the next planet outwards."""
    pl = f.start
    s.stack.pop()
    if pl + 1 < N_PLANETS:            # the next planet outwards
        s.stack.append(CRISIS_PLANET[-1][pl + 1])
    if pl == KUIPER and s.aliens_out and s.aliens_out < s.period:
        aliens_advance(s)
        if s.over:
            return
    lv = level(s, pl)
    if lv >= first_effect(s.comp.rules, pl):
        s.crises += (encode_crisis(pl, lv),)
        s.say("crisis", says("Crisis on {planet} at level {level}.", planet=planet_w(s.comp, pl), level=lv),
              {"planet": pl, "level": lv})
        CRISIS[pl](s, lv)


# ----------------------------------------------------------------------------------------
# Mercury – Bazagthoth the Blinded
# ----------------------------------------------------------------------------------------
def mercury(s: VenusState, lv: int) -> None:
    """RB: Mercury – the single highest income on Mercury controls Bazagthoth (a tie: no
    one) and may pay for one power (ruling: optional, once per crisis phase): at level 1 to
    take a random card from a player, from ``[rules] bazagthoth_unit_level`` to destroy a
    military unit, from ``bazagthoth_building_level`` to destroy a mine or factory; each at
    the price the data's ``[rules]`` give it (:func:`baz_cost`)."""
    top = top_income(s, MERCURY)
    if len(top) != 1:
        return
    p = top[0]
    r = s.comp.rules
    lvl = BAZ_BUILDING if lv >= r["bazagthoth_building_level"] else BAZ_UNIT if lv >= r["bazagthoth_unit_level"] \
        else BAZ_CARD
    if s.money[p] >= baz_cost(s, lvl) and _baz_targets(s, p, lvl):
        s.stack.append(Bazagthoth(p, lvl))


def baz_cost(s, lvl: int) -> int:
    """What Bazagthoth's power ``lvl`` (:data:`.components.BAZ_CARD`, ``BAZ_UNIT``,
    ``BAZ_BUILDING``) costs: the data's ``[rules] bazagthoth_card_cost``, ``_unit_cost``,
    ``_building_cost``."""
    r = s.comp.rules
    return r["bazagthoth_card_cost"] if lvl == BAZ_CARD else r["bazagthoth_unit_cost"] if lvl == BAZ_UNIT else \
        r["bazagthoth_building_cost"]


def _baz_targets(s, p, lvl) -> list:
    out = []
    for q in range(s.num_players):
        if q == p:
            continue
        if lvl == BAZ_CARD and s.hands[q]:
            out.append(A_SEAT + q)
        elif lvl == BAZ_UNIT and unit_places(s, q):
            out.append(A_SEAT + q)
        elif lvl == BAZ_BUILDING and buildings(s, q):
            out.append(A_SEAT + q)
    return out


_BAZ_PROMPT = {BAZ_CARD: N_("pay £{cost} to take a random card from"), BAZ_UNIT: N_("pay £{cost} to destroy a unit of"),
               BAZ_BUILDING: N_("pay £{cost} to destroy a mine or factory of")}


def _baz_legal(s, f: Bazagthoth):
    p, lvl = f.seat, f.level
    return [A_DONE] + _baz_targets(s, p, lvl)


def _baz_prompt(s, f: Bazagthoth):
    lvl = f.level
    return _("Bazagthoth serves you: {what} which player (or decline)?").format(
        what=_(_BAZ_PROMPT[lvl]).format(cost=baz_cost(s, lvl)))


@decide(D_BAZ, "bazagthoth", _baz_legal, _baz_prompt)
def bazagthoth(s: VenusState, f: Bazagthoth, a: int) -> None:
    """RB: Mercury – the controller chooses the victim (or declines) and pays."""
    p, lvl = f.seat, f.level
    if a == A_DONE:
        s.say("bazagthoth", says("{who} declines Bazagthoth's services.", who=who(p)), {"seat": p})
        return
    q = a - A_SEAT
    if lvl == BAZ_CARD:
        paid = baz_cost(s, BAZ_CARD)
        s.pay(p, paid)
        h = list(s.hands[q])
        c = s.rng.take(h, ("the card Bazagthoth steals from {}".format, (SHORT[q],)), (card_stolen, (s.comp, SHORT[q])),
                       seen_by=(p, q))
        s.hands[q] = tuple(h)
        s.hands[p] += (c,)
        s.say("bazagthoth", says("{who} pays £{paid}; Bazagthoth steals {card} from {target}.", who=who(p), paid=paid,
                                 card=card_w(s.comp, c), target=who(q)),
              {"seat": p, "target": q, "card": c}, frozenset((p, q)),
              says("{who} pays £{paid}; Bazagthoth steals a card from {target}.", who=who(p), paid=paid,
                   target=who(q)),
              chance=True)
        s.stack.append(HAND_LIMIT_CHECK[p])
    elif lvl == BAZ_UNIT:
        s.stack.append(BazagthothUnit(p, q))
    else:
        s.stack.append(BazagthothBuilding(p, q))


def _baz_unit_legal(s, f: BazagthothUnit):
    owner = f.owner
    return [encode_unit_at(pl, t) for pl, t in unit_places(s, owner)]


def _baz_owner_prompt(text: str):
    def prompt(s, f):
        owner = f.owner
        return _(text).format(who=seat_word(owner))
    return prompt


@decide(D_BAZ_UNIT, "bazagthoth", _baz_unit_legal, _baz_owner_prompt(N_("Bazagthoth: destroy which unit of {who}?")))
def bazagthoth_unit(s: VenusState, f: BazagthothUnit, a: int) -> None:
    """RB: Mercury level 2 – pay (``[rules] bazagthoth_unit_cost``), destroy one military
    unit, in orbit or on the surface (the controller says which; interrupts apply)."""
    p, q = f.seat, f.owner
    pl, t = decode_unit_at(a)
    paid = baz_cost(s, BAZ_UNIT)
    s.pay(p, paid)
    s.say("bazagthoth", says("{who} pays £{paid} to Bazagthoth.", who=who(p), paid=paid), {"seat": p})
    target_unit(s, p, q, pl, t)


def _baz_building_legal(s, f: BazagthothBuilding):
    owner = f.owner
    return [encode_building(pl, k) for pl in range(N_PLANETS) for k in (MINE, FACTORY)
            if s.built[building_ix(owner, pl, k)]]


@decide(D_BAZ_BLD, "bazagthoth", _baz_building_legal,
        _baz_owner_prompt(N_("Bazagthoth: destroy which mine or factory of {who}?")))
def bazagthoth_building(s: VenusState, f: BazagthothBuilding, a: int) -> None:
    """RB: Mercury level 3+ – pay (``[rules] bazagthoth_building_cost``), destroy one mine or
    factory."""
    p, q = f.seat, f.owner
    pl, k = decode_building(a)
    paid = baz_cost(s, BAZ_BUILDING)
    s.pay(p, paid)
    s.remove_building(q, pl, k)
    s.say("bazagthoth", says("{who} pays £{paid}; Bazagthoth destroys {target}'s {building} on {planet}.", who=who(p),
                             paid=paid, target=who(q), building=building_w(k), planet=planet_w(s.comp, pl)),
          {"seat": p, "target": q, "planet": pl, "kind": k})


# ----------------------------------------------------------------------------------------
# Venus – Venusian uprising
# ----------------------------------------------------------------------------------------
def venus(s: VenusState, lv: int) -> None:
    """RB: Venus – level 2–3: every player removes two units from Venus, a mine or factory
    there for each unit they cannot lose; level 4+: independence (cleared and flipped)."""
    r = s.comp.rules
    if lv >= r["independence_level"]:
        clear_planet(s, VENUS, flip=True)
        s.say("independence", N_("Venus declares independence! The planet is cleared and flipped."), {"planet": VENUS})
        return
    if lv >= r["uprising_level"]:
        s.stack.append(UprisingNext(-1, 0))


@auto(O_UPRISING)
def uprising_next(s: VenusState, f: UprisingNext) -> None:
    """RB: Venus level 2–3 – each player in turn order with pieces on Venus."""
    start = f.start
    s.stack.pop()
    order = player_order(s)
    for k in range(start, len(order)):
        p = order[k]
        if s.units_at(p, VENUS) or s.buildings_on(p, VENUS):
            s.stack.append(UprisingNext(-1, k + 1))
            s.stack.append(Uprising(p, s.comp.rules["uprising_units"]))
            return


def _unit_else_building(s, p: int, pl: int) -> list:
    """The choices of a forced loss on ``pl``: a unit type ``p`` has there (orbit or surface),
    or, when it has none, one of its mines or factories there (RB: Venus levels 2–3 and the
    invasions of Earth both take units first)."""
    acts = [A_UNIT + t for t in (INF, SHIP, TANK) if s.orbit[unit_ix(p, pl, t)] or s.surface[unit_ix(p, pl, t)]]
    if acts:
        return acts
    return [encode_building(pl, k) for k in (MINE, FACTORY) if s.built[building_ix(p, pl, k)]]


def _uprising_legal(s, f: Uprising):
    p = f.seat
    return _unit_else_building(s, p, VENUS)


def _uprising_prompt(s, f: Uprising):
    left = f.left
    return _("Venusian uprising: lose a unit on Venus ({n} to go).").format(n=left)


@decide(D_UPRISING, "uprising", _uprising_legal, _uprising_prompt)
def uprising_loss(s: VenusState, f: Uprising, a: int) -> None:
    """RB: Venus level 2–3 – lose a unit there, or a mine/factory when no unit is left."""
    p, n = f.seat, f.left
    if n > 1 and (s.units_at(p, VENUS) + s.buildings_on(p, VENUS) > 1):
        s.stack.append(Uprising(p, n - 1))
    _lose(s, p, VENUS, a)


def _lose(s, p, pl, a) -> None:
    """Lose a unit (A_UNIT) or a building (A_BLD) of ``p`` at ``pl`` to a crisis."""
    if a < A_SEAT:
        t = a - A_UNIT
        s.remove_unit(p, pl, t, surface_first=True)
        s.say("loss", says("{who} loses {unit} on {planet}.", who=who(p), unit=an_unit_w(t),
                           planet=planet_w(s.comp, pl)), {"seat": p, "planet": pl, "unit": t})
        unit_eliminated(s, p, t)
    else:
        k = decode_building(a)[1]
        s.remove_building(p, pl, k)
        s.say("loss", says("{who} loses a {building} on {planet}.", who=who(p), building=building_w(k),
                           planet=planet_w(s.comp, pl)),
              {"seat": p, "planet": pl, "kind": k})


def clear_planet(s: VenusState, pl: int, flip: bool, discard_tiles: bool = True) -> None:
    """Remove every unit (orbit and surface), mine and factory from ``pl`` back to their
    owners' stock; discard its tiles (and gunrunners) when asked; flip it when asked."""
    for p in range(s.num_players):
        for t in (INF, SHIP, TANK):
            i = unit_ix(p, pl, t)
            k = s.orbit[i] + s.surface[i]
            if k:
                s.orbit[i] = s.surface[i] = 0
                s.stock[stock_ix(p, t)] += k
                s.lost[p] += k
        for k in (MINE, FACTORY):
            n = s.built[building_ix(p, pl, k)]
            if n:
                s.built = put(s.built, building_ix(p, pl, k), 0)
                s.stock[building_stock_ix(p, k)] += n
    if discard_tiles:
        s.tile_discard += tuple(s.planet_tiles[pl])
        s.planet_tiles[pl] = ()
        discard_gunrunners(s, pl)
    if flip:
        s.flipped = put(s.flipped, pl, 1)


# ----------------------------------------------------------------------------------------
# Earth – robot rebellion
# ----------------------------------------------------------------------------------------
def earth(s: VenusState, lv: int) -> None:
    """RB: Earth – level 2: the highest Earth income loses a mine or factory (ties all
    suffer); level 3: two; level 4+: the robots win and everybody loses."""
    r = s.comp.rules
    if lv >= r["robots_win_level"]:
        all_lose(s, N_("robot rebellion"), N_("The robots rise up: humanity is destroyed and everybody loses!"))
    elif lv >= r["major_rebellion_level"]:
        lose_buildings(s, EARTH, r["major_rebellion_losses"])
    elif lv >= r["robot_rebellion_level"]:
        lose_buildings(s, EARTH, r["robot_rebellion_losses"])


def lose_buildings(s: VenusState, pl: int, n: int) -> None:
    for p in reversed(top_income(s, pl)):
        s.stack.append(LoseBuilding(p, pl, n))


def _lose_building_legal(s, f: LoseBuilding):
    p, pl = f.seat, f.planet
    return [encode_building(pl, k) for k in (MINE, FACTORY) if s.built[building_ix(p, pl, k)]]


def _lose_building_prompt(s, f: LoseBuilding):
    pl, left = f.planet, f.left
    return _("Crisis on {planet}: lose which kind of counter ({n} to go)?").format(
        planet=planet_word(s.comp, pl), n=left)


@decide(D_LOSE_BLD, "lose_building", _lose_building_legal, _lose_building_prompt)
def lose_building(s: VenusState, f: LoseBuilding, a: int) -> None:
    """The chosen mine or factory on the crisis planet (ruling: on that planet) goes back."""
    p, pl, n = f.seat, f.planet, f.left
    _lose(s, p, pl, a)
    if n > 1 and s.buildings_on(p, pl):
        s.stack.append(LoseBuilding(p, pl, n - 1))


def all_lose(s: VenusState, cause: str, text: object) -> None:
    """RB: an ending in which all players are declared the losers."""
    s.say("end", text, {"cause": cause})
    s.over = True
    s.end_cause = "all-lose: " + cause
    s.stack = []


# ----------------------------------------------------------------------------------------
# Moon and Mars – invasions of Earth
# ----------------------------------------------------------------------------------------
def moon(s: VenusState, lv: int) -> None:
    """RB: The Moon – level 4+: invasion of Earth."""
    if lv >= s.comp.rules["invasion_level"]:
        invasion(s, MOON)


def mars(s: VenusState, lv: int) -> None:
    """RB: Mars – level 2–3: the highest income on Mars loses a mine or factory (ties all
    suffer); level 4+: invasion of Earth as the Moon's."""
    r = s.comp.rules
    if lv >= r["invasion_level"]:
        invasion(s, MARS)
    elif lv >= r["martian_level"]:
        lose_buildings(s, MARS, r["martian_losses"])


def invasion(s: VenusState, pl: int) -> None:
    """Clear the planet, discard its tiles, flip it, then roll the damage dice
    (``rules.damage_dice``): their total is the damage to Earth, removed one counter at a time
    in player order. The Moon's units are eliminated (RB: The
    Moon – Attack of the Moon Men), so the return card is offered for them before the damage
    is rolled; Mars's are sent back to their owners (RB: Mars), which is no elimination."""
    lost = [[s.orbit[unit_ix(p, pl, t)] + s.surface[unit_ix(p, pl, t)] for t in (INF, SHIP, TANK)]
            for p in range(s.num_players)]
    clear_planet(s, pl, flip=True)
    s.say("invasion", says("Invasion of Earth from {planet}! {planet} is cleared and flipped.",
                           planet=planet_w(s.comp, pl)), {"planet": pl})
    s.stack.append(InvasionDamageRoll(-1, pl))
    if pl == MOON:
        units_eliminated(s, lost)


@auto(O_INVASION)
def invasion_damage(s: VenusState, f: InvasionDamageRoll) -> None:
    """RB: Moon / Mars level 4+ – roll the damage dice (``rules.damage_dice``, three as
    printed): their total is the damage to Earth."""
    pl = f.planet
    s.stack.pop()
    faces = s.comp.rules["die_faces"]
    dice = [faces[s.rng.below(len(faces), "the roll of a damage die", die_words("the damage die", faces))]
            for _ in range(s.comp.rules["damage_dice"])]
    total = sum(dice)
    s.say("invasion", says("Damage dice {dice}: {n} counters to remove from Earth.", dice=dice_w(dice), n=total),
          {"planet": pl, "dice": dice, "damage": total}, chance=True)
    s.stack.append(EarthDamage(-1, total, 0))


@auto(O_DAMAGE)
def earth_damage(s: VenusState, f: EarthDamage) -> None:
    """RB: Moon / Mars level 4+ – damage to Earth removed one counter at a time in player order."""
    left, k = f.left, f.start
    s.stack.pop()
    if left <= 0:
        return
    order = player_order(s)
    n = len(order)
    for j in range(n):
        p = order[(k + j) % n]
        if s.units_at(p, EARTH) or s.buildings_on(p, EARTH):
            s.stack.append(EarthDamage(-1, left - 1, (k + j + 1) % n))
            s.stack.append(Damage(p, left))
            return


def _damage_legal(s, f: Damage):
    p = f.seat
    return _unit_else_building(s, p, EARTH)


def _damage_prompt(s, f: Damage):
    left = f.left
    return _("Earth is invaded: remove a unit (or, with none, a mine or factory); {n} to go.").format(n=left)


@decide(D_DAMAGE, "damage", _damage_legal, _damage_prompt)
def damage(s: VenusState, f: Damage, a: int) -> None:
    """RB: invasion of Earth – remove a unit, or a mine/factory when you have no unit on Earth."""
    p = f.seat
    _lose(s, p, EARTH, a)


# ----------------------------------------------------------------------------------------
# Ganymede, Titan
# ----------------------------------------------------------------------------------------
def ganymede(s: VenusState, lv: int) -> None:
    """RB: Ganymede – nothing ever happens (its crisis tiles are discarded when drawn)."""


def pirate_planets(wide: int) -> tuple:
    return (TITAN, KUIPER, GANYMEDE) if wide else (TITAN,)


def titan(s: VenusState, lv: int) -> None:
    """RB: Titan – space pirates: from ``[rules] pirates_level``, ``pirate_fee`` per
    mine/factory on Titan; from ``pirates_wide_level``, also on the Kuiper Belt and Ganymede.
    Unpaid counters are removed (the player chooses)."""
    r = s.comp.rules
    if lv < r["pirates_level"] and lv < r["pirates_wide_level"]:
        return
    wide = 1 if lv >= r["pirates_wide_level"] else 0
    pls = pirate_planets(wide)
    for p in reversed(player_order(s)):
        if any(s.buildings_on(p, pl) for pl in pls):
            s.stack.append(Pirates(p, wide))


def _pirate_legal(s, f: Pirates):
    p, wide = f.seat, f.wide
    acts = []
    n = 0
    for pl in pirate_planets(wide):
        for k in (MINE, FACTORY):
            c = s.built[building_ix(p, pl, k)]
            if c:
                acts.append(encode_building(pl, k))
                n += c
    if s.money[p] >= n * s.comp.rules["pirate_fee"]:
        acts.insert(0, A_DONE)
    return sorted(acts)


def _pirate_prompt(s, f: Pirates):
    p, wide = f.seat, f.wide
    n = sum(s.buildings_on(p, pl) for pl in pirate_planets(wide))
    return _("Space pirates: pay £{cost} for your {n} counters (done), or give one up.").format(
        cost=n * s.comp.rules["pirate_fee"], n=n)


@decide(D_PIRATES, "pirates", _pirate_legal, _pirate_prompt)
def pirates(s: VenusState, f: Pirates, a: int) -> None:
    """RB: Titan – pay the data's ``[rules] pirate_fee`` per mine/factory, or give up the ones
    you choose."""
    p, wide = f.seat, f.wide
    if a == A_DONE:
        n = sum(s.buildings_on(p, pl) for pl in pirate_planets(wide)) * s.comp.rules["pirate_fee"]
        if n:
            s.pay(p, n)
            s.say("pirates", says("{who} pays the pirates £{n}.", who=who(p), n=n), {"seat": p, "amount": n})
        return
    pl, k = decode_building(a)
    s.remove_building(p, pl, k)
    s.say("pirates",
          says("{who} gives up a mine on {planet} to the pirates.", who=who(p), planet=planet_w(s.comp, pl)) if k == 0
          else says("{who} gives up a factory on {planet} to the pirates.", who=who(p), planet=planet_w(s.comp, pl)),
          {"seat": p, "planet": pl, "kind": k})
    if any(s.buildings_on(p, x) for x in pirate_planets(wide)):
        s.stack.append(Pirates(p, wide))


# ----------------------------------------------------------------------------------------
# Kuiper Belt – alien invasion
# ----------------------------------------------------------------------------------------
def kuiper(s: VenusState, lv: int) -> None:
    """RB: Kuiper Belt – level 3+: the aliens land on the Kuiper Belt, Titan and Ganymede,
    clearing their units, mines and factories (ruling: once; the tiles stay)."""
    if s.aliens_out:
        return
    al = list(range(s.comp.n_bag, len(s.comp.tile_kind)))
    if not al:
        return
    s.aliens_out = s.period
    for t, pl in zip(al, (KUIPER, TITAN, GANYMEDE)):
        clear_planet(s, pl, flip=False, discard_tiles=False)
        s.planet_tiles[pl] += (t,)
        s.say("aliens", says("Aliens land on {planet}!", planet=planet_w(s.comp, pl)), {"planet": pl})


def alien_planets(s: VenusState) -> list:
    tk = s.comp.tile_kind
    return [(pl, t) for pl in range(N_PLANETS) for t in s.planet_tiles[pl] if tk[t] == T_ALIEN]


def aliens_advance(s: VenusState) -> None:
    """RB: Kuiper Belt – in every following crisis phase each alien still alive takes one
    more planet further in (Mars, the Moon, Earth); reaching Earth, everybody loses. Ruling: the
    alien tiles themselves move on."""
    alive = alien_planets(s)
    if not alive:
        return
    n = len(alive)
    targets = INWARD[s.alien_next:s.alien_next + n]
    if len(targets) < n or EARTH in targets:
        all_lose(s, N_("aliens reached Earth"), N_("The aliens reach Earth: everybody loses!"))
        return
    alive.sort()  # the innermost survivor leads
    for (pl, t), dest in zip(alive, targets):
        s.planet_tiles[pl] = without(s.planet_tiles[pl], t)
        clear_planet(s, dest, flip=False, discard_tiles=False)
        s.planet_tiles[dest] += (t,)
        s.say("aliens",
              says("An alien advances from {src} to {dest}!", src=planet_w(s.comp, pl), dest=planet_w(s.comp, dest)),
              {"from": pl, "planet": dest})
    s.alien_next += n


CRISIS = (mercury, venus, earth, moon, mars, ganymede, titan, kuiper)
