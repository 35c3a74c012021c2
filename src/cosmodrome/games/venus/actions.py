"""RB: Phase three – player actions. The five actions: move military units (with a
possible claim), claim one tile, build military units, card action, take one pass cube."""

from __future__ import annotations

try:
    import cython
except ImportError:   # the pure-Python engine: the annotations naming cython are never evaluated
    cython = None

from cosmodrome.games.venus import combat
from cosmodrome.games.venus.cards import PLAYABLE, discard_played, draw, free_cards, play_card, playable_effects
from cosmodrome.games.venus.components import EFFECT_ID
from cosmodrome.games.venus.flow import (
    A_BUILD,
    A_CARD,
    A_CLAIM,
    A_COUNT,
    A_DONE,
    A_MOVE,
    A_PASS,
    A_PLANET,
    A_SEAT,
    A_TILE,
    A_UNIT,
    BUILD,
    CLAIM_PLANET,
    CLAIM_TILE,
    CLAIM_UNIT,
    D_BUILD,
    D_CLAIM_PLANET,
    D_CLAIM_TILE,
    D_CLAIM_UNIT,
    D_FREE,
    D_MOVE_CLAIM,
    D_MOVE_DEST,
    D_MOVE_FROM,
    D_MOVE_INF,
    D_MOVE_SHIPS,
    D_MOVE_TANKS,
    D_TENSION_KIND,
    D_TENSION_SEAT,
    D_TURN,
    EARTH,
    FACTORY,
    INF,
    MAX_SLOTS,
    MINE,
    MOVE_CLAIM,
    MOVE_DEST,
    MOVE_FROM,
    MOVE_INFANTRY,
    MOVE_SHIPS,
    MOVE_TANKS,
    N_PLANETS,
    O_PASS_CUBE,
    SHIP,
    T_ALIEN,
    T_BIGGAME,
    T_DRAW2,
    T_FACTORY,
    T_MINE,
    T_TENSION,
    T_WINDFALL,
    TANK,
    TURN,
    Build,
    ClaimPlanet,
    ClaimTile,
    ClaimUnit,
    Frame,
    FreeActions,
    MoveClaim,
    MoveDest,
    MoveFrom,
    MoveInfantry,
    MoveShips,
    MoveTanks,
    PassCube,
    TensionKind,
    TensionSeat,
    TurnMenu,
    add,
    auto,
    building_ix,
    building_stock_ix,
    decide,
    decode_building,
    decode_unit_at,
    encode_building,
    encode_unit_at,
    orbit_units,
    planet_steps,
    stock_ix,
    unit_ix,
)
from cosmodrome.games.venus.state import Move, VenusState
from cosmodrome.games.venus.text import builds_text, claims_text, moves_text, planet_w, planet_word, says, who
from cosmodrome.i18n import _, ngettext

E_MOVE1, E_MOVE2, E_MOVE_TANKS = EFFECT_ID["move1"], EFFECT_ID["move2"], EFFECT_ID["move_tanks"]


def distance(s: VenusState, a: int, b: int) -> int:
    """Number of steps between two planets on the planet line; Earth and the Moon sit at the
    same place and count as one step from each other (RB: Action: Move military units).

    >>> from cosmodrome.games.venus import GAME
    >>> from cosmodrome.games.venus.flow import N_PLANETS   # (a C constant of the compiled module)
    >>> s = GAME.new_state(2, seed=0)
    >>> [distance(s, 2, b) for b in range(N_PLANETS)]
    [2, 1, 0, 1, 1, 2, 3, 4]
    """
    return planet_steps(s.comp.planet_pos, a, b)


# ----------------------------------------------------------------------------------------
# the action menu
# ----------------------------------------------------------------------------------------
def can_move(s: VenusState, p: cython.Py_ssize_t) -> bool:
    """Has ``p`` a spaceship in orbit anywhere (RB: Action: Move military units – a group
    holds at least one)?"""
    pl: cython.Py_ssize_t
    o: bytearray = s.orbit
    for pl in range(N_PLANETS):
        if o[unit_ix(p, pl, SHIP)]:
            return True
    return False


def tension_targets(s: VenusState, p: int, pl: int) -> list:
    """(seat, kind) pairs another player's mine/factory on ``pl`` that ``p`` could take."""
    out = []
    for q in range(s.num_players):
        if q == p:
            continue
        for k in (0, 1):
            if s.built[building_ix(q, pl, k)] and s.stock[building_stock_ix(p, k)]:
                out.append((q, k))
    return out


def has_tension_target(s: VenusState, p: cython.Py_ssize_t, pl: cython.Py_ssize_t) -> bool:
    """Is :func:`tension_targets` not empty?"""
    q: cython.Py_ssize_t
    st: bytearray = s.stock
    mine, fac = st[building_stock_ix(p, MINE)], st[building_stock_ix(p, FACTORY)]
    if not (mine or fac):
        return False
    bld = s.built
    for q in range(s.num_players):
        if q != p and ((mine and bld[building_ix(q, pl, MINE)]) or (fac and bld[building_ix(q, pl, FACTORY)])):
            return True
    return False


def claim_open(s, p, pl):
    """May ``p`` look for a tile to claim on ``pl`` (RB: Action: Claim one tile): tiles there,
    the planet not flipped, a unit of ``p`` in orbit? Every claim menu asks this first;
    :func:`tile_to_try` then looks at the tiles."""
    if not s.planet_tiles[pl] or s.flipped[pl]:
        return False
    return orbit_units(s, p, pl) > 0


def claimable_slots(s: VenusState, p: cython.Py_ssize_t, pl: cython.Py_ssize_t, first_only: bool = False) -> list:
    """Tile slots on ``pl`` that ``p`` may try to claim now (one slot per kind of tile).
    RB: Action: Claim one tile – a unit in orbit there, a counter in stock for a factory,
    mine or tension claim; nothing on a flipped planet; only the alien where one sits."""
    i: cython.Py_ssize_t
    if not claim_open(s, p, pl):
        return []
    tiles = s.planet_tiles[pl]
    c = s.comp
    tk, sig = c.tile_kind, c.tile_sig
    alien = False
    for t in tiles:
        if tk[t] == T_ALIEN:
            alien = True
            break
    st: bytearray = s.stock
    has_mine, has_fac = st[building_stock_ix(p, MINE)], st[building_stock_ix(p, FACTORY)]
    seen = []
    out = []
    tension = None
    for i, t in enumerate(tiles):
        if i >= MAX_SLOTS:
            break
        k = tk[t]
        if alien and k != T_ALIEN:
            continue
        if k == T_FACTORY:
            if not has_fac:
                continue
        elif k == T_MINE:
            if not has_mine:
                continue
        elif k == T_TENSION:
            if tension is None:
                tension = bool(tension_targets(s, p, pl))
            if not tension:
                continue
        g = sig[t]
        if g in seen:
            continue
        if first_only:
            return [i]
        seen.append(g)
        out.append(i)
    return out


def tile_to_try(s, p, pl):
    """Has ``pl``, open to a claim (:func:`claim_open`), a tile ``p`` could try to claim now: some
    tile in the first :data:`MAX_SLOTS` slots (only the alien where one sits), a counter in
    stock for a factory, mine or tension claim? :func:`claimable_slots`'s tests, without
    the list."""
    i: cython.Py_ssize_t
    tiles = s.planet_tiles[pl]
    tk = s.comp.tile_kind
    st: bytearray = s.stock
    found = False
    tension = None
    for i, t in enumerate(tiles):
        k = tk[t]
        if k == T_ALIEN:
            return i < MAX_SLOTS   # only the (first) alien may be claimed
        if found or i >= MAX_SLOTS:
            continue
        if k == T_FACTORY:
            found = st[building_stock_ix(p, FACTORY)] != 0
        elif k == T_MINE:
            found = st[building_stock_ix(p, MINE)] != 0
        elif k == T_TENSION:
            if tension is None:
                tension = has_tension_target(s, p, pl)
            found = tension
        else:
            found = True
    return found


def can_claim_on(s: VenusState, p: cython.Py_ssize_t, pl: cython.Py_ssize_t) -> bool:
    """May ``p`` claim a tile on ``pl`` now (is :func:`claimable_slots` not empty)?"""
    return claim_open(s, p, pl) and tile_to_try(s, p, pl)


def can_claim(s: VenusState, p: cython.Py_ssize_t) -> bool:
    """May ``p`` claim a tile anywhere (RB: Action: Claim one tile)?"""
    pl: cython.Py_ssize_t
    for pl in range(N_PLANETS):
        if claim_open(s, p, pl) and tile_to_try(s, p, pl):
            return True
    return False


def build_options(s: VenusState, p: cython.Py_ssize_t) -> list:
    """RB: Action: Buy military units – infantry in Earth orbit; tanks and spaceships in
    orbit of Earth or of any planet with an own factory; within money and stock."""
    ci, cs, ct = affordable_units(s, p)
    if not (ci or cs or ct):
        return []
    pl: cython.Py_ssize_t
    out = []
    bld = s.built
    for pl in range(N_PLANETS):
        if pl == EARTH:
            if ci:
                out.append(encode_unit_at(pl, INF))
        elif not bld[building_ix(p, pl, FACTORY)]:
            continue
        if cs:
            out.append(encode_unit_at(pl, SHIP))
        if ct:
            out.append(encode_unit_at(pl, TANK))
    return out


def affordable_units(s: VenusState, p: cython.Py_ssize_t) -> tuple:
    """Whether ``p`` has in stock and can pay an infantry, a spaceship, a tank (RB: Action:
    Buy military units)."""
    money = s.money[p]
    cost = s.comp.unit_cost
    st: bytearray = s.stock
    return (st[stock_ix(p, INF)] and money >= cost[INF], st[stock_ix(p, SHIP)] and money >= cost[SHIP],
            st[stock_ix(p, TANK)] and money >= cost[TANK])


def can_build(s: VenusState, p: cython.Py_ssize_t) -> bool:
    """Is :func:`build_options` not empty? Units can always be built at Earth, so the
    money and stock of :func:`affordable_units` decide."""
    ci, cs, ct = affordable_units(s, p)
    return bool(ci or cs or ct)


PLAYABLE[EFFECT_ID["free_build"]] = can_build   # the building card needs what the action needs


def turn_legal(s: VenusState, f: TurnMenu) -> list:
    """The action menu, ascending: end the turn (0) on an extra action, move, claim,
    build (2..4), take a pass cube (5) otherwise, then the playable cards (60 + effect)."""
    p = f.seat
    acts = [A_DONE] if s.extra_action else []
    if can_move(s, p):
        acts.append(A_MOVE)
    if can_claim(s, p):
        acts.append(A_CLAIM)
    if can_build(s, p):
        acts.append(A_BUILD)
    if not s.extra_action:
        acts.append(A_PASS)
    hand = s.hands[p]
    if hand:
        ce = s.comp.card_effects
        for e in playable_effects(s, p, sorted({ce[card] for card in hand})):
            acts.append(A_CARD + e)
    return acts


def _turn_prompt(s, f: TurnMenu):
    if s.extra_action:
        return ngettext("Period {period}: choose your action (an extra action) ({n} pass cube left).",
                        "Period {period}: choose your action (an extra action) ({n} pass cubes left).",
                        s.cubes).format(period=s.period, n=s.cubes)
    return ngettext("Period {period}: choose your action ({n} pass cube left).",
                    "Period {period}: choose your action ({n} pass cubes left).",
                    s.cubes).format(period=s.period, n=s.cubes)


@decide(D_TURN, "action", turn_legal, _turn_prompt)
def choose_action(s: VenusState, f: Frame, a: int) -> None:
    """RB: Phase three – perform one action (free-action cards do not use it up)."""
    p = f.seat
    if a == A_DONE:
        s.actions_left = 0
        s.say("end", says("{who} ends the turn.", who=who(p)), {"seat": p})
        return
    if a >= A_CARD:
        e = a - A_CARD
        if s.comp.effect_type[e] == "action":
            s.actions_left -= 1
        s.stack.append(TURN[p])
        play_card(s, p, e)
        return
    s.actions_left -= 1
    s.stack.append(TURN[p])
    if a == A_MOVE:
        s.stack.append(MOVE_FROM[p])
    elif a == A_CLAIM:
        s.stack.append(CLAIM_PLANET[p])
    elif a == A_BUILD:
        s.stack.append(BUILD[p][0])
    elif a == A_PASS:
        take_pass_cube(s, p)


def _free_legal(s: VenusState, f: FreeActions) -> list:
    p = f.seat
    return [A_DONE] + [A_CARD + e for e in free_cards(s, p)]


def _free_prompt(s: VenusState, f: FreeActions) -> str:
    return _("Period {period}: your actions are used up; play a free-action card or end the turn.").format(
        period=s.period)


# the same turn goes on once its actions are used up: free-action cards, or end the turn (a
# decision kind of its own, since it opens no turn: a search's horizon is the next turn)
decide(D_FREE, "free_action", _free_legal, _free_prompt)(choose_action)


# ----------------------------------------------------------------------------------------
# Action: Move military units
# ----------------------------------------------------------------------------------------
def _from_legal(s, f: MoveFrom):
    pl: cython.Py_ssize_t  # noqa: F842 (the comprehension's variable, typed for the compiled build)
    p: cython.Py_ssize_t
    p = f.seat
    o: bytearray = s.orbit
    return [A_PLANET + pl for pl in range(N_PLANETS) if o[unit_ix(p, pl, SHIP)]]


@decide(D_MOVE_FROM, "move_from", _from_legal, lambda s, f: _("Move: from which planet's orbit?"))
def move_from(s: VenusState, f: MoveFrom, a: int) -> None:
    """RB: Action: Move military units – one group, all in orbit around the same planet."""
    p = f.seat
    s.move = Move(a - A_PLANET, 0, 0, 0, s.comp.rules["move_allowance"], 0, 1)
    s.stack.append(MOVE_SHIPS[p])


def _ships_legal(s, f: MoveShips):
    p = f.seat
    n = s.orbit[unit_ix(p, s.move.origin, SHIP)]
    return [A_COUNT + k for k in range(1, n + 1)]   # n: at most the data's count, MOST_UNITS


@decide(D_MOVE_SHIPS, "move_ships", _ships_legal, lambda s, f: _("Move: how many spaceships (at least one)?"))
def move_ships(s: VenusState, f: MoveShips, a: int) -> None:
    """RB: Action: Move – the group holds at least one spaceship."""
    p = f.seat
    s.move.ships = a - A_COUNT
    if s.orbit[unit_ix(p, s.move.origin, INF)]:
        s.stack.append(MOVE_INFANTRY[p])
    else:
        s.stack.append(MOVE_DEST[p])


def _inf_legal(s, f: MoveInfantry):
    p = f.seat
    n = s.orbit[unit_ix(p, s.move.origin, INF)]
    return [A_COUNT + k for k in range(0, n + 1)]


@decide(D_MOVE_INF, "move_infantry", _inf_legal, lambda s, f: _("Move: how many infantry do the spaceships carry?"))
def move_infantry(s: VenusState, f: MoveInfantry, a: int) -> None:
    """RB: Action: Move – a spaceship carries any number of infantry."""
    p = f.seat
    s.move.infantry = a - A_COUNT
    s.stack.append(MOVE_DEST[p])


def _tanks_legal(s, f: MoveTanks):
    p = f.seat
    n = s.orbit[unit_ix(p, s.move.origin, TANK)]
    return [A_COUNT + k for k in range(0, n + 1)]


@decide(D_MOVE_TANKS, "move_tanks", _tanks_legal, lambda s, f: _("Move: how many tanks go with the group?"))
def move_tanks(s: VenusState, f: MoveTanks, a: int) -> None:
    """RB: Detailed explanation of the cards – tanks may join a spaceship move, counted
    like infantry."""
    s.move.tanks = a - A_COUNT


def _dest_legal(s, f: MoveDest):
    d: cython.Py_ssize_t
    p = f.seat
    move = s.move
    src, allow = move.origin, move.allowance
    pos = s.comp.planet_pos
    acts = []
    for d in range(N_PLANETS):
        if d != src and planet_steps(pos, src, d) <= allow:
            acts.append(A_PLANET + d)
    eff = s.hand_effects(p)
    if E_MOVE1 in eff:
        acts.append(A_CARD + E_MOVE1)
    if E_MOVE2 in eff:
        acts.append(A_CARD + E_MOVE2)
    if E_MOVE_TANKS in eff and not move.tank_card and s.orbit[unit_ix(p, src, TANK)]:
        acts.append(A_CARD + E_MOVE_TANKS)
    return acts


def _dest_prompt(s, f: MoveDest):
    return _("Move: where to? (allowance {n}; stop short of it to claim a tile there)").format(n=s.move.allowance)


@decide(D_MOVE_DEST, "move_dest", _dest_legal, _dest_prompt)
def move_destination(s: VenusState, f: MoveDest, a: int) -> None:
    """RB: Action: Move – up to two steps along the line (movement cards add steps); the
    group starts and ends together; with allowance left, claim one tile where it lands."""
    p = f.seat
    move = s.move
    if a >= A_CARD:
        e = a - A_CARD
        card = s.take_card(p, e)
        s.stack.append(MOVE_DEST[p])
        discard_played(s, p, card)
        if e == E_MOVE1:
            move.allowance += s.comp.rules["move1_card_steps"]
        elif e == E_MOVE2:
            move.allowance += s.comp.rules["move2_card_steps"]
        else:
            move.tank_card = 1
            s.stack.append(MOVE_TANKS[p])
        return
    dest = a - A_PLANET
    src = move.origin
    o: bytearray = s.orbit
    moved = (move.infantry, move.ships, move.tanks)
    for t in (INF, SHIP, TANK):
        k = moved[t]
        if k:
            o[unit_ix(p, src, t)] -= k
            o[unit_ix(p, dest, t)] += k
    s.say("move", (moves_text, (s.comp, p, moved, src, dest)),
          {"seat": p, "from": src, "to": dest, "units": list(moved)})
    move.active = 0
    if distance(s, src, dest) < move.allowance and can_claim_on(s, p, dest):
        s.stack.append(MOVE_CLAIM[p][dest])


def _move_claim_legal(s, f: MoveClaim):
    p, pl = f.seat, f.planet
    return [A_DONE] + [A_TILE + i for i in claimable_slots(s, p, pl)]


def _move_claim_prompt(s, f: MoveClaim):
    pl = f.planet
    return _("Claim a tile on {planet} as part of the move?").format(planet=planet_word(s.comp, pl))


@decide(D_MOVE_CLAIM, "move_claim", _move_claim_legal, _move_claim_prompt)
def move_then_claim(s: VenusState, f: MoveClaim, a: int) -> None:
    """RB: Action: Move – the secondary 'Claim one tile' at the destination (any own unit
    in orbit there may make it)."""
    p, pl = f.seat, f.planet
    if a != A_DONE:
        start_claim(s, p, pl, a - A_TILE)


# ----------------------------------------------------------------------------------------
# Action: Claim one tile
# ----------------------------------------------------------------------------------------
def _claim_planet_legal(s, f: ClaimPlanet):
    p: cython.Py_ssize_t
    p = f.seat
    pl: cython.Py_ssize_t  # noqa: F842 (the comprehension's variable, typed for the compiled build)
    return [A_PLANET + pl for pl in range(N_PLANETS) if claim_open(s, p, pl) and tile_to_try(s, p, pl)]


@decide(D_CLAIM_PLANET, "claim_planet", _claim_planet_legal, lambda s, f: _("Claim: on which planet?"))
def claim_planet(s: VenusState, f: ClaimPlanet, a: int) -> None:
    """RB: Action: Claim one tile – choose the planet."""
    p = f.seat
    s.stack.append(CLAIM_TILE[p][a - A_PLANET])


def _claim_tile_legal(s, f: ClaimTile):
    p, pl = f.seat, f.planet
    return [A_TILE + i for i in claimable_slots(s, p, pl)]


def _claim_tile_prompt(s, f: ClaimTile):
    pl = f.planet
    return _("Claim: which tile on {planet}?").format(planet=planet_word(s.comp, pl))


@decide(D_CLAIM_TILE, "claim_tile", _claim_tile_legal, _claim_tile_prompt)
def claim_tile(s: VenusState, f: ClaimTile, a: int) -> None:
    """RB: Action: Claim one tile – choose the tile."""
    p, pl = f.seat, f.planet
    start_claim(s, p, pl, a - A_TILE)


def start_claim(s: VenusState, p: int, pl: int, slot: int) -> None:
    """RB: Action: Claim one tile – undefended tiles take one unit to the surface; defended
    ones (mine, crisis, tension, alien) are fought for (see :mod:`.combat`)."""
    t = s.planet_tiles[pl][slot]
    k = s.comp.tile_kind[t]
    if k in (T_FACTORY, T_DRAW2, T_BIGGAME, T_WINDFALL):
        s.stack.append(CLAIM_UNIT[p][pl][slot])
    elif k == T_TENSION:
        s.stack.append(TensionSeat(p, pl, slot))
    else:
        combat.begin(s, p, pl, slot, -1, -1)


def _claim_unit_legal(s, f: ClaimUnit):
    p, pl = f.seat, f.planet
    return [A_UNIT + t for t in (INF, SHIP, TANK) if s.orbit[unit_ix(p, pl, t)]]


@decide(D_CLAIM_UNIT, "claim_unit", _claim_unit_legal, lambda s, f: _("Claim: which unit goes down to the surface?"))
def claim_undefended(s: VenusState, f: ClaimUnit, a: int) -> None:
    """RB: Undefended tiles – move one unit from orbit to the surface and take the tile:
    factory (place a factory counter), draw cards (``rules.draw2_cards``), windfall
    (``rules.windfall`` in money), big game (kept)."""
    p, pl, slot = f.seat, f.planet, f.slot
    t = a - A_UNIT
    i = unit_ix(p, pl, t)
    s.orbit[i] -= 1
    s.surface[i] += 1
    tiles = s.planet_tiles[pl]
    tile = tiles[slot]
    s.planet_tiles[pl] = tiles[:slot] + tiles[slot + 1:]
    k = s.comp.tile_kind[tile]
    s.say("claim", (claims_text, (s.comp, p, t, pl, tile)), {"seat": p, "planet": pl, "tile": tile, "unit": t})
    if k == T_FACTORY:
        s.tile_discard += (tile,)
        s.stock[building_stock_ix(p, FACTORY)] -= 1
        s.built = add(s.built, building_ix(p, pl, FACTORY), 1)
        s.say("factory", says("{who} builds a factory on {planet}.", who=who(p), planet=planet_w(s.comp, pl)),
              {"seat": p, "planet": pl})
    elif k == T_DRAW2:
        s.tile_discard += (tile,)
        draw(s, p, s.comp.rules["draw2_cards"])
    elif k == T_WINDFALL:
        s.tile_discard += (tile,)
        s.gain(p, s.comp.rules["windfall"])
        s.say("money", says("{who} takes a £{n} windfall.", who=who(p), n=s.comp.rules['windfall']), {"seat": p})
    else:
        s.kept[p] += (tile,)


def _tseat_legal(s, f: TensionSeat):
    p, pl = f.seat, f.planet
    return sorted({A_SEAT + q for q, k in tension_targets(s, p, pl)})


@decide(D_TENSION_SEAT, "tension_target", _tseat_legal, lambda s, f: _("Tension: whose mine or factory do you target?"))
def tension_seat(s: VenusState, f: TensionSeat, a: int) -> None:
    """RB: Tension tile – first declare the target: another player's mine or factory there."""
    p, pl, slot = f.seat, f.planet, f.slot
    s.stack.append(TensionKind(p, pl, slot, a - A_SEAT))


def _tkind_legal(s, f: TensionKind):
    p, pl, owner = f.seat, f.planet, f.owner
    return [encode_building(pl, k) for q, k in tension_targets(s, p, pl) if q == owner]


@decide(D_TENSION_KIND, "tension_target", _tkind_legal, lambda s, f: _("Tension: target a mine or a factory?"))
def tension_kind(s: VenusState, f: TensionKind, a: int) -> None:
    """RB: Tension tile – the target counter; its owner's units there are the defence."""
    p, pl, slot, owner = f.seat, f.planet, f.slot, f.owner
    combat.begin(s, p, pl, slot, owner, decode_building(a)[1])


# ----------------------------------------------------------------------------------------
# Action: Buy military units
# ----------------------------------------------------------------------------------------
def _build_legal(s, f: Build):
    p, built = f.seat, f.built
    acts = build_options(s, p)
    if built:
        acts.insert(0, A_DONE)
    return acts


def _build_prompt(s, f: Build):
    built = f.built
    return _("Build: a second unit, or done?") if built else _("Build: which unit, where?")


@decide(D_BUILD, "build", _build_legal, _build_prompt)
def build_unit(s: VenusState, f: Build, a: int) -> None:
    """RB: Action: Buy military units – one or two units, paid to the bank, placed in orbit."""
    p, built = f.seat, f.built
    if a == A_DONE:
        return
    pl, t = decode_unit_at(a)
    s.pay(p, s.comp.unit_cost[t])
    s.stock[stock_ix(p, t)] -= 1
    s.orbit[unit_ix(p, pl, t)] += 1
    s.say("build", (builds_text, (s.comp, p, t, pl)), {"seat": p, "planet": pl, "unit": t})
    if built == 0 and can_build(s, p):
        s.stack.append(BUILD[p][1])


# ----------------------------------------------------------------------------------------
# Action: Take one pass cube
# ----------------------------------------------------------------------------------------
@auto(O_PASS_CUBE)
def pass_cube_card(s: VenusState, f: PassCube) -> None:
    """The card that takes a pass cube as a free action (pushed by :mod:`.cards`)."""
    p = f.seat
    s.stack.pop()
    take_pass_cube(s, p)


def take_pass_cube(s: VenusState, p: int) -> None:
    """RB: Action: Take one Pass cube – take a cube and draw a card; the last cube takes the
    first player marker and ends the player actions phase."""
    s.cubes -= 1
    s.say("pass", says("{who} takes a pass cube ({n} left).", who=who(p), n=s.cubes), {"seat": p, "cubes": s.cubes})
    if s.cubes == 0:
        s.first_seat = p
        s.actions_left = 0
        s.say("first", says("{who} took the last cube and the first player marker; the action phase ends.", who=who(p)),
              {"seat": p})
    draw(s, p, 1)
