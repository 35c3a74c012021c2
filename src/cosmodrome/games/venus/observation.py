# cython: annotation_typing=False
"""The declared observation of Onward to Venus (see :mod:`cosmodrome.core.observation`).

Built from the component data (planets, tiles and their kinds, cards and their effects, unit
and building counts, the rules' numbers) and the view (:mod:`cosmodrome.games.venus.view`);
names, texts and sums that follow from other entries are skipped with their reason.
docs/observations/venus.md is generated from it.

>>> lay = layout(2, {})
>>> lay.version, lay.size > 0
(1, True)
"""

from __future__ import annotations

from functools import cache
from typing import Any, Mapping, Optional

import numpy as np

from cosmodrome.core import CHANCE
from cosmodrome.core.observation import (
    FIXED,
    Bag,
    Flag,
    Layout,
    List,
    Num,
    Obj,
    OneHot,
    Opt,
    Part,
    PerSeat,
    SeatHot,
    Skip,
    StateEncoder,
    Tup,
    components_option,
    derived,
    scattered,
)
from cosmodrome.games.venus.combat import boosted_cp, cost, points, skulls
from cosmodrome.games.venus.components import EFFECTS, MAX_COMBAT_DICE, TILE_KINDS, load_components
from cosmodrome.games.venus.flow import (
    DECIDE,
    FACTORY,
    INF,
    MERCURY,
    MINE,
    N_PLANETS,
    O_CRISIS,
    O_CRISIS_START,
    PHASE_CRISIS,
    SHIP,
    T_CRISIS,
    T_TENSION,
    TANK,
    building_ix,
    gunrunner_planet,
    stock_ix,
    unit_ix,
)
from cosmodrome.games.venus.scoring import final_breakdown
from cosmodrome.games.venus.text import PHASES, TILE_LABELS, source_card_titles
from cosmodrome.games.venus.view import DEFENDED, STOCK_KEYS, UNITS, aliens_view, kind_counts

VERSION = 1
#: money above which the count reads 1 (never reached in random or bot games)
MONEY_CAP = 60
#: tiles on one planet (slots) the layout holds
PLANET_SLOTS = 16



@cache
def _layout(players: int, components: str) -> Layout:
    c = load_components(components or None)
    r = c.rules
    planets = list(c.planet_names)
    cards = len(c.card_effects)
    tiles = len(c.tile_kind)
    units = max(c.unit_count) * players
    buildings = max(c.mine_count, c.factory_count)
    kinds = list(TILE_KINDS)
    per_kind = {k: sum(1 for t in c.tile_kind if TILE_KINDS[t] == k) for k in kinds}
    max_def = max(max(c.tile_def), r["alien_defence"])
    unit_n = Tup(3, Num(units), names=UNITS)
    tile = Obj(slot=Skip("the slot's index"), kind=OneHot(kinds), defence=Opt(Num(max_def)), skull=Flag(),
               label=derived("kind, defence and skull (the tile's name)"))
    planet = Obj(
        index=Skip("the slot's index"), name=FIXED, vp=FIXED, flipped=Flag(), crisis_name=FIXED,
        crisis_help=Skip("the rules' help text of the planet's crisis"),
        alien=derived("the tiles"), crisis_level=derived("crisis_tiles and crisis_dice"),
        crisis_tiles=derived("the tiles"), crisis_dice=Num(PLANET_SLOTS), gunrunners=Num(players * 2),
        gunrunner_bonus=derived("gunrunners"), tiles=List(PLANET_SLOTS, tile),
        orbit=PerSeat(players, unit_n), surface=PerSeat(players, unit_n),
        buildings=PerSeat(players, Tup(2, Num(buildings), names=("mines", "factories"))),
        income=derived("the buildings"))
    info = Obj(seat=Skip("the slot's index"), empire=FIXED, colour=FIXED,
               money=Num(MONEY_CAP), hand_size=Num(cards),
               stock=Obj(**{k: Num(n) for k, n in zip(STOCK_KEYS, (*c.unit_count, c.mine_count, c.factory_count))}),
               income=derived("the buildings on the planets"),
               kept=Bag([TILE_LABELS[k] for k in kinds], tiles), kept_counts=derived("kept"),
               vp=derived("the table (scoring)"))
    # the cards' names as the game's component set titles them in English, as its options do
    # (options.action_details); two cards a variant's numbers title alike share one flag
    titled = source_card_titles(c)
    card_titles = [titled[e] for e in EFFECTS]
    hand_card = Bag(EFFECTS, cards, key="effect")
    combat = Obj(
        seat=SeatHot(players), planet=derived("planet_index"), planet_index=OneHot(range(len(planets))),
        slot=Num(PLANET_SLOTS), tile=derived("kind, printed_defence and skull"), kind=OneHot(kinds),
        skull=Flag(), printed_defence=Opt(Num(max_def)), gunrunner_bonus=Num(2 * players * r["gunrunner_bonus"]),
        defence=Num(max_def + 2 * players * r["gunrunner_bonus"] + 8),
        target=Opt(Obj(seat=SeatHot(players), empire=derived("the seat"), building=OneHot(("mine", "factory")))),
        dice=Tup(MAX_COMBAT_DICE, Num(max(r["die_faces"]))), discarded=Opt(OneHot(range(MAX_COMBAT_DICE))),
        kept_dice=derived("dice and discarded"),
        cost=Num(MAX_COMBAT_DICE * max(r["die_faces"]) + 8), committed=Obj(**{u: Num(units) for u in UNITS}),
        unit_cp=Obj(**{u: Num(4) for u in UNITS}), units_cp=derived("committed and unit_cp"),
        cards_cp=Num(4 * cards), cards=Bag(EFFECTS, cards, key="effect"), paid=Num(64),
        missing=derived("cost and paid"),
        needs_unit=derived("committed"), skulls=Num(MAX_COMBAT_DICE), skulls_ignored=Num(MAX_COMBAT_DICE))
    move = Obj(**{"from": OneHot(planets)}, ships=Num(units), infantry=Num(units), tanks=Num(units), allowance=Num(8))
    aliens = Obj(landed=Opt(Num(r["periods"])), landed_on=derived("landed (the outer planets)"),
                 on=Bag(planets, c.n_aliens), destroyed=Num(c.n_aliens), path=FIXED, advanced=Num(8),
                 next=Opt(Obj(period=Num(r["periods"] + 1), reaches_earth=Flag(),
                              moves=List(c.n_aliens, Obj(**{"from": OneHot(planets)}, to=OneHot(planets))))))
    kinds_decide = sorted({d.kind for d in DECIDE.values()} | {"over", "chance"})
    counts = Obj(maybe=kinds, **{k: Num(max(1, per_kind[k])) for k in kinds})
    root = Obj(
        game=FIXED, seat=Opt(SeatHot(players)), players=FIXED, empires=FIXED,
        colours=FIXED, periods=FIXED, cubes_total=FIXED,
        period=Num(r["periods"], 1), phase=OneHot(range(len(PHASES))), phase_name=derived("phase"),
        first=SeatHot(players), cubes=Num(players + r["extra_pass_cubes"]), to_move=Opt(SeatHot(players, [CHANCE])),
        decision=Opt(Obj(seat=SeatHot(players, [CHANCE]), kind=OneHot(kinds_decide),
                         prompt=Skip("a text: follows from the decision and the table"),
                         options=Skip("the legal actions: the action mask gives them"))),
        planets=Tup(len(planets), planet, names=planets), players_info=PerSeat(players, info),
        hand=Opt(hand_card), deck_size=Num(cards), discard_size=Num(cards),
        discard_top=List(5, OneHot(card_titles)),
        bag_size=Num(tiles), bag_counts=counts, tile_discard_counts=counts,
        combat=Opt(combat), move=Opt(move), aliens=aliens,
        log=Skip("the history: the tensor is the table now (see the information state for recall)"),
        over=Flag(),
        result=Opt(Obj(end=Skip("a text naming how the game ended; over and winners carry the outcome"),
                       vp=PerSeat(players, Num(100)), winners=List(players, SeatHot(players)),
                       decided_by=Skip("the tie-break step that decided, a text"))),
        scoring=Skip("the end-of-game breakdown: follows from the table"),
        help=Skip("the table's tooltips: words for people, the same in every position"),
    )
    return Layout("venus", VERSION, root, players, from_state=lambda lay: _state_encoder(lay, c))


def layout(players: int, options: Optional[Mapping[str, Any]] = None) -> Layout:
    """The observation layout for ``players`` seats (options: the ``components`` variant file)."""
    return _layout(players, components_option(options))


def _state_encoder(lay: Layout, c) -> StateEncoder:
    """The fast path: the same vector as ``lay.encode(state.view(seat))``, written from the
    state's arrays (the planets, the players, the hand, the piles) and, for the parts met
    now and then (a combat, a move, the aliens, the decision, the result), from the view's
    own helpers through the layout's generated part encoders. Each part has a key read from
    the state, so an :class:`~cosmodrome.core.observation.Observer` rewrites only what changed."""
    ix = lay.index
    n = lay.players
    r = c.rules
    planets = list(c.planet_names)
    cards, tiles = len(c.card_effects), len(c.tile_kind)
    units = 1.0 / (max(c.unit_count) * n)
    bscale = 1.0 / max(c.mine_count, c.factory_count)
    max_def = max(max(c.tile_def), r["alien_defence"])
    kinds = list(TILE_KINDS)
    tile_def = c.tile_def
    tk = c.tile_kind
    one = _one
    tile_info = [(kinds.index(TILE_KINDS[k]), tile_def[t] if k in DEFENDED else None, bool(c.tile_skull[t]))
                 for t, k in enumerate(c.tile_kind)]
    # the state's flat arrays, entry by entry: the layout's entry of each counter of the seats
    # in play, listed by the counter's index (flow's index helpers), up to the first seat out
    seats, types = range(n), tuple(zip((INF, SHIP, TANK), UNITS))
    orb_idx = _by_index({unit_ix(p, pl, t): ix[f"planets[{planets[pl]}].orbit[{p}][{u}]"]
                         for p in seats for pl in range(N_PLANETS) for t, u in types})
    sur_idx = _by_index({unit_ix(p, pl, t): ix[f"planets[{planets[pl]}].surface[{p}][{u}]"]
                         for p in seats for pl in range(N_PLANETS) for t, u in types})
    bld_idx = _by_index({building_ix(p, pl, k): ix[f"planets[{planets[pl]}].buildings[{p}][{name}]"]
                         for p in seats for pl in range(N_PLANETS)
                         for k, name in ((MINE, "mines"), (FACTORY, "factories"))})
    stock_caps = (*c.unit_count, c.mine_count, c.factory_count)   # by kind, in STOCK_KEYS's order
    stock_idx = _by_index({stock_ix(p, k): ix[f"players_info[{p}].stock.{name}"]
                           for p in seats for k, name in enumerate(STOCK_KEYS)})
    stock_mul = _by_index({stock_ix(p, k): 1.0 / cap for p in seats for k, cap in enumerate(stock_caps)})
    units_end, bld_end, stock_end = unit_ix(n, MERCURY), building_ix(n, MERCURY), stock_ix(n, INF)

    def units_key(s, seat):
        return s.orbit[:units_end], s.surface[:units_end], s.built[:bld_end], s.stock[:stock_end]

    # the planets: per planet (its tiles, flipped, crisis dice, gunrunners), rewritten one by one
    slots_scale, gun_scale, def_scale = 1.0 / PLANET_SLOTS, 1.0 / (n * 2), 1.0 / max_def
    tile_w = len(lay.root.fields["planets"].elem.fields["tiles"].elem.entries("x"))
    pl_at = []
    for name in planets:
        b = f"planets[{name}]"
        tl = ix[f"{b}.tiles length"]
        pl_at.append((ix[f"{b}.flipped"], ix[f"{b}.crisis_dice"], ix[f"{b}.gunrunners"], tl,
                      [(ix[f"{b}.tiles[{j}].kind == {kinds[0]}"], ix[f"{b}.tiles[{j}].defence is null"],
                        ix[f"{b}.tiles[{j}].skull"]) for j in range(PLANET_SLOTS)],
                      tl + 1 + PLANET_SLOTS * tile_w))

    # the piles (each planet's tiles, each seat's hand and kept tiles) are tuples that a writer
    # replaces (state.py), so a key holds them as they are: an unchanged pile compares by identity
    def planets_key(s, seat):
        """The planets' tiles, flipped flags, crisis levels (in the crisis phase) and gunrunners."""
        return (tuple(s.planet_tiles), tuple(s.flipped),
                tuple(s.crisis_levels) if s.phase == PHASE_CRISIS else _NO_LEVELS, tuple(s.gunrunners))

    def per_planet(key):
        tiles, flipped, levels, gun = key
        guns = [0] * N_PLANETS
        for g in gun:
            guns[gunrunner_planet(g)] += 1
        return zip(tiles, flipped, levels, guns)

    # the aliens follow from the planets' tiles, the kept tiles and a few counters
    aliens_part, aliens_span = lay.part("aliens"), lay.span("aliens")

    def board_key(s, seat):
        landed = s.aliens_out
        return (planets_key(s, seat), tuple(s.kept), landed, s.alien_next, s.over,
                (s.phase, s.period, any(f.op in _CRISIS_STEPS for f in s.stack)) if landed else None)

    def write_board(s, seat, out):
        write_planets(s, seat, out)
        aliens_part(aliens_view(s), out)

    def update_board(s, seat, old, new, out):
        if old[0] != new[0]:
            update_planets(old[0], new[0], out)
        out[aliens_span[0]:aliens_span[1]] = 0.0
        aliens_part(aliens_view(s), out)

    def write_planet(out, at, key):
        fl, cd, gu, tl, slots, end = at
        pt, flipped, level, guns = key
        out[fl] = 1.0 if flipped else 0.0
        out[cd] = one(level * slots_scale)
        out[gu] = one(guns * gun_scale)
        out[tl] = len(pt) * slots_scale
        for (k0, dn, sk), t in zip(slots, pt):
            k, d, skull = tile_info[t]
            out[k0 + k] = 1.0
            if d is None:
                out[dn] = 1.0
            else:
                out[dn + 1] = one(d * def_scale)
            if skull:
                out[sk] = 1.0

    def write_planets(s, seat, out):
        for at, key in zip(pl_at, per_planet(planets_key(s, seat))):
            write_planet(out, at, key)

    def update_planets(old, new, out):  # planet by planet
        for at, o, k in zip(pl_at, per_planet(old), per_planet(new)):
            if o != k:
                out[at[3]:at[5]] = 0.0
                write_planet(out, at, k)

    # the players' public counts, the seat and its hand
    labels = [TILE_LABELS[k] for k in kinds]
    pi_at = [(ix[f"players_info[{p}].money"], ix[f"players_info[{p}].hand_size"],
              ix[f"count of {labels[0]} in players_info[{p}].kept"]) for p in range(n)]
    money_scale, card_scale, tile_scale = 1.0 / MONEY_CAP, 1.0 / cards, 1.0 / tiles

    def players_key(s, seat):
        return tuple(zip(s.money, map(len, s.hands), s.kept))

    def write_player(out, at, key):
        (mo, hs, kept0), (money, hand, kept) = at, key
        out[mo] = one(money * money_scale)
        out[hs] = hand * card_scale
        for t in kept:
            out[kept0 + tk[t]] += tile_scale

    def write_players(s, seat, out):
        for at, key in zip(pi_at, players_key(s, seat)):
            write_player(out, at, key)

    def update_players(s, seat, old, new, out):  # player by player
        for at, o, k in zip(pi_at, old, new):
            if o != k:
                out[at[2]:at[2] + len(kinds)] = 0.0
                write_player(out, at, k)

    hand_null, hand_at = ix["hand is null"], ix[f"count of {EFFECTS[0]} in hand"]
    hand_spans = [lay.span("seat"), lay.span("hand")]
    seat_null, seat_at = ix["seat is null"], ix["seat == 0"]
    effect_index = {e: i for i, e in enumerate(EFFECTS)}
    card_effect = [effect_index[EFFECTS[e]] for e in c.card_effects]

    def hand_key(s, seat):
        return seat, (tuple(s.hands[seat]) if seat is not None and 0 <= seat < n else None)

    hand_end = hand_at + len(EFFECTS)
    # a hand's entries by its cards: built once per hand met (a hand's count of one effect is
    # the float32 sum ``card_scale + card_scale + ...``, as the view's encoder adds it), kept
    # in a bounded table shared by the observers of this layout
    hand_rows: dict = {}

    def hand_row(hand):
        row = hand_rows.get(hand)
        if row is None:
            row = np.zeros(len(EFFECTS), dtype=np.float32)
            for card in hand:
                row[card_effect[card]] += card_scale
            if len(hand_rows) >= _HAND_ROWS:
                hand_rows.clear()
            hand_rows[hand] = row
        return row

    def write_hand(s, seat, out):
        if seat is None or not 0 <= seat < n:
            out[hand_null] = 1.0
            if seat is None:
                out[seat_null] = 1.0
        else:
            out[seat_at + seat] = 1.0
            out[hand_at:hand_end] = hand_row(tuple(s.hands[seat]))

    def update_hand(s, seat, old, new, out):
        """A seat's hand after another's (or the same seat's after a draw): the seat's flag
        moved, the hand's entries replaced at once."""
        (was, _), (seat, hand) = old, new
        if hand is None or old[1] is None:
            for a, b in hand_spans:
                out[a:b] = 0.0
            write_hand(s, seat, out)
            return
        if was != seat:
            out[seat_at + was] = 0.0
            out[seat_at + seat] = 1.0
        out[hand_at:hand_end] = hand_row(hand)

    # the turn: period, phase, first player, cubes, whose move and what kind, the piles' sizes
    period_at, periods = ix["period"], r["periods"]
    phase_at, first_at, cubes_at = ix["phase == 0"], ix["first == 0"], ix["cubes"]
    cubes_scale = 1.0 / (n + r["extra_pass_cubes"])
    tm_null = ix["to_move is null"]
    tm_at = {v: ix[f"to_move == {v}"] for v in [CHANCE] + list(range(n))}
    over_at, deck_at, disc_at, bag_at = ix["over"], ix["deck_size"], ix["discard_size"], ix["bag_size"]

    decision_kinds = lay.root.fields["decision"].inner.fields["kind"].values
    dec_null, dec_seat = ix["decision is null"], ix[f"decision.seat == {CHANCE}"]
    dec_kind = ix["decision.kind == " + decision_kinds[0]]
    dec_seat_at = {v: dec_seat + i for i, v in enumerate([CHANCE] + list(range(n)))}
    kind_at = {v: dec_kind + i for i, v in enumerate(decision_kinds)}

    def counters(s, seat):
        return s.period, s.phase, s.first_seat, s.cubes, len(s.deck), len(s.discard), len(s.bag), s.over

    numbers = ((period_at, 1.0 / (periods - 1), -1), None, None, (cubes_at, cubes_scale, 0),
               (deck_at, card_scale, 0), (disc_at, card_scale, 0), (bag_at, tile_scale, 0))

    def write_counters(s, seat, out):
        update_counters(s, seat, None, counters(s, seat), out)

    def update_counters(s, seat, old, new, out):
        """Only the counters that changed (``old`` None: all of them, into zeros)."""
        for j, (o, v) in enumerate(zip(old or _NO_COUNTERS, new)):
            if o == v:
                continue
            if j == 1:     # the phase: one-hot
                if old is not None and 0 <= o < 7:
                    out[phase_at + o] = 0.0
                if 0 <= v < 7:
                    out[phase_at + v] = 1.0
            elif j == 2:   # the first player: one-hot
                if old is not None:
                    out[first_at + o] = 0.0
                out[first_at + v] = 1.0
            elif j == 7:   # over
                out[over_at] = 1.0 if v else 0.0
            else:
                at, scale, lo = numbers[j]
                out[at] = one((v + lo) * scale)

    def turn(s, seat):
        tm = s.to_move()
        return tm, None if tm is None else s.decision_kind()

    def turn_entries(k):
        """Whose move and what kind: the indices set to 1."""
        tm, kind = k
        if tm is None:
            return tm_null, dec_null
        at = kind_at.get(kind)
        return (tm_at[tm], dec_seat_at[tm]) if at is None else (tm_at[tm], dec_seat_at[tm], at)

    def write_turn(s, seat, out):
        for i in turn_entries(turn(s, seat)):
            out[i] = 1.0

    # (old turn, new turn) -> (flags cleared, flags set): a handful of turns, met again and again
    turn_moves: dict = {}

    def update_turn(s, seat, old, new, out):
        """Only the flags that differ (whose move often changes, the decision's kind less)."""
        move = turn_moves.get((old, new))
        if move is None:
            was, now = turn_entries(old), turn_entries(new)
            move = turn_moves[(old, new)] = (tuple(i for i in was if i not in now),
                                             tuple(i for i in now if i not in was))
        off, on = move
        for i in off:
            out[i] = 0.0
        for i in on:
            out[i] = 1.0

    titled = source_card_titles(c)   # as the layout names them (the game's own titles)
    titles = [titled[EFFECTS[e]] for e in c.card_effects]

    def move_key(s, seat):
        mv = s.move
        if mv.active and not s.over:
            return mv.origin, mv.ships, mv.infantry, mv.tanks, mv.allowance
        return None

    def move_value(s, seat, k):
        if k is None:
            return None
        origin, ships, infantry, tanks, allowance = k
        return {"from": planets[origin], "ships": ships, "infantry": infantry, "tanks": tanks,
                "allowance": allowance}

    def result_value(s, seat):
        if s.over:
            b = final_breakdown(s)
            return {"vp": list(b["total"]), "winners": list(b["winners"])}
        return None

    def rest(s, seat):
        """The piles, the move and the result: values, or cheap keys of them."""
        return (tuple(s.discard[-5:]), bytes(s.bag), tuple(s.tile_discard), move_key(s, seat), result_value(s, seat))

    combat_part = _combat_writer(lay, c, tile_info, card_effect)

    def combat_key(s, seat):
        """The combat's array and the cards played in it (what :func:`.view.combat_view` reads)."""
        cb = s.combat
        return (tuple(cb.to_list()), tuple(s.combat_cards)) if cb.active and not s.over else None

    return StateEncoder([
        scattered(units_key, [orb_idx, sur_idx, bld_idx, stock_idx],
                  [[units] * len(orb_idx), [units] * len(sur_idx), [bscale] * len(bld_idx), stock_mul]),
        Part(write_board, (), board_key, update_board),
        Part(write_players, (), players_key, update_players),
        Part(write_hand, hand_spans, hand_key, update_hand),
        Part(write_counters, (), counters, update_counters), Part(write_turn, (), turn, update_turn),
        lay.group((("discard_top",), lambda s, seat, k: [titles[x] for x in k]),
                  (("bag_counts",), lambda s, seat, k: kind_counts(k, tk)),
                  (("tile_discard_counts",), lambda s, seat, k: kind_counts(k, tk)),
                  (("move",), move_value), ("result",), key=rest),
        Part(combat_part, [lay.span("combat")], combat_key),
    ], accepts=lambda s: s.comp is c)


def _combat_writer(lay: Layout, c, tile_info: list, card_effect: list):
    """``write(state, seat, out)``: the combat's entries written from the combat array (the
    same numbers as :func:`.view.combat_view` encoded by the layout: tests/adapters'
    ``test_state_encoder_writes_the_view_encoding`` and the observer's test compare them along
    random games), without building the view's dicts and reading them back: less than half
    the time a change, and the combat changes at nearly every step of one."""
    ix = lay.index
    f = lay.root.fields["combat"].inner.fields

    def num(name, field):
        return ix[f"combat.{name}"], field.lo, 1.0 / (field.hi - field.lo)

    null = ix["combat is null"]
    cards_at, card_step = ix[f"count of {EFFECTS[0]} in combat.cards"], 1.0 / f["cards"].cap
    die = f["dice"].elem
    units = sorted(UNITS)                  # the layout's order of the committed units and their CP
    unit_pos = [UNITS.index(u) for u in units]
    nums = [num("cards_cp", f["cards_cp"]), *(num(f"committed.{u}", f["committed"].fields[u]) for u in units),
            num("cost", f["cost"]), num("defence", f["defence"]),
            *(num(f"dice[{j}]", die) for j in range(MAX_COMBAT_DICE)),
            num("gunrunner_bonus", f["gunrunner_bonus"]), num("paid", f["paid"]), num("skulls", f["skulls"]),
            num("skulls_ignored", f["skulls_ignored"]), num("slot", f["slot"]),
            *(num(f"unit_cp.{u}", f["unit_cp"].fields[u]) for u in units)]
    printed_null, printed = ix["combat.printed_defence is null"], num("printed_defence", f["printed_defence"].inner)
    disc_null, disc_at = ix["combat.discarded is null"], ix["combat.discarded == 0"]
    kind_at, planet_at, seat_at = ix[f"combat.kind == {f['kind'].values[0]}"], ix["combat.planet_index == 0"], \
        ix["combat.seat == 0"]
    skull_at, target_null = ix["combat.skull"], ix["combat.target is null"]
    building_at = ix["combat.target.building == mine"]
    target_seat_at = ix["combat.target.seat == 0"]
    tile_kind = c.tile_kind
    players, planets = lay.players, len(f["planet_index"].values)

    def write(s, seat, out):
        cb = s.combat
        if not cb.active or s.over:
            out[null] = 1.0
            return
        for card in s.combat_cards:
            i = cards_at + card_effect[card]
            x = out[i] + card_step
            out[i] = x if x < 1.0 else 1.0
        tile = cb.tile
        kind, printed_def, skull = tile_info[tile]
        tk = tile_kind[tile]
        committed = cb.committed
        each = boosted_cp(s)
        dice = cb.dice
        values = (cb.card_points, *(committed[j] for j in unit_pos), cost(s), cb.defence, dice[0], dice[1], dice[2],
                  cb.defence - printed_def if tk == T_CRISIS and printed_def is not None else 0, points(s),
                  skulls(s), cb.skulls_ignored, cb.slot, *(each[j] for j in unit_pos))
        for (at, lo, scale), v in zip(nums, values):
            x = (v - lo) * scale
            out[at] = 0.0 if x < 0.0 else (1.0 if x > 1.0 else x)
        if printed_def is None:
            out[printed_null] = 1.0
        else:
            at, lo, scale = printed
            x = (printed_def - lo) * scale
            out[at] = 0.0 if x < 0.0 else (1.0 if x > 1.0 else x)
        d = cb.discarded
        if d < 0:
            out[disc_null] = 1.0
        elif d < MAX_COMBAT_DICE:
            out[disc_at + d] = 1.0
        out[kind_at + kind] = 1.0
        if 0 <= cb.planet < planets:
            out[planet_at + cb.planet] = 1.0
        if 0 <= cb.seat < players:
            out[seat_at + cb.seat] = 1.0
        if skull:
            out[skull_at] = 1.0
        q = cb.target_seat
        if tk == T_TENSION and q >= 0:
            out[building_at + (0 if cb.target_kind == MINE else 1)] = 1.0   # the layout's mine, factory
            if q < players:
                out[target_seat_at + q] = 1.0
        else:
            out[target_null] = 1.0
    return write


_CRISIS_STEPS = (O_CRISIS, O_CRISIS_START)
#: hands whose entries an observer keeps at most (then the table starts again)
_HAND_ROWS = 4096
#: no counters seen yet: every counter differs from these
_NO_COUNTERS = (object(),) * N_PLANETS
#: crisis levels read outside the crisis phase (the view shows no crisis dice then)
_NO_LEVELS = (0,) * N_PLANETS


def _by_index(entries: dict) -> list:
    """``entries`` (``{index in a counter: value}``, the indices 0, 1, 2 ... with none left
    out) as a list in the order of the indices.

    >>> _by_index({1: "b", 0: "a"})
    ['a', 'b']
    """
    return [entries[i] for i in range(len(entries))]


def _one(x: float) -> float:
    return 1.0 if x > 1.0 else x
