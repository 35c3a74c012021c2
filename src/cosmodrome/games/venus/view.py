"""What a seat may see of Onward to Venus.

``view(state, seat)`` (seat None: a spectator) returns a JSON-ready dict. Hidden: other
players' hands (counts only), the deck order, the bag order (only counts of the tile kinds
left in the bag are shown: they follow from public information) and the random state.

Schema::

    {
      "game": "venus", "seat": int|null, "players": int,
      "empires": [str], "colours": [str],
      "period": int, "periods": int, "phase": int, "phase_name": str,
      "first": int, "cubes": int, "cubes_total": int, "to_move": int|null,
      "decision": {"seat": int, "kind": str, "prompt": str,
                   "options": [{"action": int, "label": str, ...details}] (only for the seat to move)}|null,
                   # the others read its public kind and prompt only (Game.public_line)
      "planets": [{"index": int, "name": str, "vp": [int], "flipped": bool, "alien": bool,
                   "crisis_name": str, "crisis_help": str,   # its crisis in words (text.crisis_texts)
                   "crisis_level": int,            # crisis tiles (+ escalation dice during phase 4)
                   "crisis_tiles": int, "crisis_dice": int,
                   "gunrunners": int, "gunrunner_bonus": int,   # +defence of its crisis tiles
                   "tiles": [{"slot": int, "kind": str, "defence": int|null, "skull": bool, "label": str}],
                   "orbit": [[inf, ship, tank] per seat], "surface": [[inf, ship, tank] per seat],
                   "buildings": [[mines, factories] per seat], "income": [int per seat]}],
      "players_info": [{"seat": int, "empire": str, "colour": str, "money": int, "hand_size": int,
                        "stock": {"infantry","spaceship","tank","mine","factory": int},
                        "income": int, "kept": [str], "kept_counts": {"biggame","crisis","alien": int},
                        "vp": int}],               # vp: what the table would score now
      "hand": [{"card": int, "effect": str, "title": str, "type": str, "text": str}]|null,
      "deck_size": int, "discard_size": int, "discard_top": [str],   # discards are public
      "bag_size": int, "bag_counts": {kind: int}, "tile_discard_counts": {kind: int},
      "combat": {"seat", "planet", "planet_index", "slot", "tile" (its name),
                 "kind" (mine|crisis|tension|alien), "skull",
                 "printed_defence": int|null, "gunrunner_bonus": int, "defence",
                 "target": {"seat", "empire", "building": "mine"|"factory"}|null,   # tension only
                 "dice": [int], "discarded": int|null, "kept_dice": [int], "cost",
                 "committed": {"infantry","spaceship","tank": int}, "unit_cp": {same keys: CP each},
                 "units_cp": int, "cards_cp": int, "cards": [{"card", "effect", "title"}],
                 "paid", "missing", "needs_unit": bool, "skulls", "skulls_ignored"}|null,
      "move": {"from": str, "ships", "infantry", "tanks", "allowance"}|null,
      "aliens": {"landed": period|null, "landed_on": [str], "on": [str], "destroyed": int,
                 "path": [str], "advanced": int,
                 "next": {"period": int, "moves": [{"from": str, "to": str}], "reaches_earth": bool}|null},
      "log": [str],                                # recent log lines as this seat reads them
      "over": bool,
      "result": {"end": str, "vp": [int], "winners": [int], "decided_by": str|null}|null,
      "scoring": scoring.breakdown(state)|null,    # the full end-of-game scoring, once over
      "help": {"tiles": {kind: [name, text]}, "types": {type: text}, "phases": str, "stock", "kept",
               "scoring", "combat", "skull", "skull_tile", "windfall", "pass_card", "needs_unit",
               "gunrunner", "vp_ranks", "aliens_reach_earth"}
                                                   # the table's tooltips, this game's numbers (text.table_help)
    }

The static parts (tile names and kinds, planet data, card texts) are built once per
component set; the end-of-game scoring is computed once per finished game.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from cosmodrome.core.events import log_texts
from cosmodrome.core.recent import Recent
from cosmodrome.games.venus.combat import boosted_cp, cost, points, rolled, skulls
from cosmodrome.games.venus.components import EFFECTS, TILE_KINDS
from cosmodrome.games.venus.crises import INWARD
from cosmodrome.games.venus.flow import (
    EARTH,
    FACTORY,
    GANYMEDE,
    INF,
    KUIPER,
    MERCURY,
    MINE,
    N_PLANETS,
    O_CRISIS,
    O_CRISIS_START,
    PHASE_ACTIONS,
    PHASE_CRISIS,
    T_ALIEN,
    T_CRISIS,
    T_MINE,
    T_TENSION,
    TITAN,
    VENUS,
    building_ix,
    gunrunner_planet,
    stock_ix,
    unit_ix,
)
from cosmodrome.games.venus.scoring import final_breakdown, planet_vp, tile_vp
from cosmodrome.games.venus.state import (
    COLOURS,
    EMPIRES,
)
from cosmodrome.games.venus.text import (
    PHASES,
    TILE_LABELS,
    card_texts,
    crisis_texts,
    planet_word,
    table_help,
    tile_name,
)
from cosmodrome.i18n import current, gettext

UNITS = ("infantry", "spaceship", "tank")
#: a seat's stock in the order of its block of ``stock`` (flow.stock_ix: the unit types, then
#: flow.building_stock_ix's mines and factories)
STOCK_KEYS = ("infantry", "spaceship", "tank", "mine", "factory")
#: the tile kinds whose tiles show a printed defence
DEFENDED = (T_MINE, T_CRISIS, T_ALIEN)
#: from one planet's mine (or factory) to the next planet's in a seat's block of ``built``
PLANET_STEP = building_ix(0, VENUS) - building_ix(0, MERCURY)


class _Static:
    """What never changes for one component set (in one language): tile templates, planet
    data, card texts, and the parts of a view made of them alone (a tile at its slot, a card,
    a planet's VP, the empires), handed out as the same objects to every view, so that a diff
    of two views passes them by identity (nobody may change a view: see :func:`view_common`)."""

    __slots__ = ("comp", "tile", "kind_name", "kept_label", "is_crisis", "is_alien", "names", "vp", "card",
                 "card_title", "mine_inc", "fac_inc", "gun_bonus", "unit_cp", "crisis", "vp_lists", "empire",
                 "_tiles", "_cards", "_empires")

    def __init__(self, c) -> None:
        class _S:   # tile_name only needs .comp
            comp = c
        self.comp = c
        tk, td, ts = c.tile_kind, c.tile_def, c.tile_skull
        self.kind_name = tuple(TILE_KINDS[k] for k in tk)
        self.tile = tuple((TILE_KINDS[tk[t]], td[t] if tk[t] in DEFENDED else None, bool(ts[t]), tile_name(_S, t))
                          for t in range(len(tk)))
        self.kept_label = tuple(gettext(TILE_LABELS[TILE_KINDS[k]]) for k in tk)
        self.is_crisis = tuple(k == T_CRISIS for k in tk)
        self.is_alien = tuple(k == T_ALIEN for k in tk)
        self.names = tuple(planet_word(c, pl) for pl in range(len(c.planet_names)))
        self.vp = tuple(tuple(v) for v in c.vp)
        self.card = []
        self.card_title = []
        words = card_texts(c)
        for card in range(len(c.card_effects)):
            e = c.card_effects[card]
            name = EFFECTS[e]
            title, text = words[name]
            # the type stays the component file's word: the page styles cards by it
            self.card.append((name, title, c.effect_type[e], text))
            self.card_title.append(title)
        self.mine_inc = c.rules["mine_income"]
        self.fac_inc = c.rules["factory_income"]
        self.gun_bonus = c.rules["gunrunner_bonus"]
        self.unit_cp = tuple(c.unit_cp)
        self.crisis = crisis_texts(c)
        self.vp_lists = tuple(list(v) for v in self.vp)
        self.empire = tuple(gettext(x) for x in EMPIRES)
        self._tiles: dict = {}
        self._cards: dict = {}
        self._empires: dict = {}

    def tile_at(self, t: int, slot: int) -> dict:
        """Tile ``t`` lying at ``slot`` of a planet, as a view shows it."""
        got = self._tiles.get((t, slot))
        if got is None:
            k, d, sk, lab = self.tile[t]
            got = self._tiles[(t, slot)] = {"slot": slot, "kind": k, "defence": d, "skull": sk, "label": lab}
        return got

    def card_json(self, card: int) -> dict:
        """Card ``card`` in a hand, as a view shows it."""
        got = self._cards.get(card)
        if got is None:
            e, title, typ, text = self.card[card]
            got = self._cards[card] = {"card": card, "effect": e, "title": title, "type": typ, "text": text}
        return got

    def empires(self, n: int) -> list:
        """The names of the empires of ``n`` players."""
        got = self._empires.get(n)
        if got is None:
            got = self._empires[n] = list(self.empire[:n])
        return got


_STATIC: dict = {}


def static(c) -> _Static:
    key = (id(c), current())
    st = _STATIC.get(key)
    if st is None or st.comp is not c:
        st = _STATIC[key] = _Static(c)
    return st


def view(s, seat: Optional[int]) -> dict:
    return view_for(s, seat, view_common(s))


def view_common(s) -> dict:
    """The part of every seat's view that is the same for all seats (see
    ``State.view_common``): the whole view as a spectator reads it but for the seat, its hand,
    the decision of the seat to move and the log lines only some seats read. The result is
    shared by the views built from it (:func:`view_for`): nobody may change it."""
    c = s.comp
    st = static(c)
    n = s.num_players
    names = st.names
    bld = s.built
    mi, fi = st.mine_inc, st.fac_inc
    b = blocks(n)
    inc = [[m * mi + f * fi for m, f in zip(bld[mines], bld[factories])]   # income per seat per planet, once
           for mines, factories in zip(b.mines, b.factories)]
    planets = _planets(s, st, n, inc)
    vp = _vp_now(s, st, inc)
    kl = st.kept_label
    kn = st.kind_name
    info = []
    for p in range(n):
        kept = s.kept[p]
        kc = {"biggame": 0, "crisis": 0, "alien": 0}
        for t in kept:
            kc[kn[t]] += 1
        info.append({"seat": p, "empire": st.empire[p], "colour": COLOURS[p], "money": s.money[p],
                     "hand_size": len(s.hands[p]),
                     "stock": dict(zip(STOCK_KEYS, s.stock[b.stock[p]])),
                     "income": sum(inc[p]), "kept": [kl[t] for t in kept], "kept_counts": kc, "vp": vp[p]})
    bag_counts = kind_counts(s.bag, c.tile_kind)
    tdc = kind_counts(s.tile_discard, c.tile_kind)
    combat = combat_view(s, st) if s.combat.active and not s.over else None
    mv = s.move
    move = None
    if mv.active and not s.over:
        move = {"from": names[mv.origin], "ships": mv.ships, "infantry": mv.infantry,
                "tanks": mv.tanks, "allowance": mv.allowance}
    decision = None
    tm = s.to_move()
    if tm is not None:   # as the seats not deciding read it (Game.public_line)
        kind, prompt = s.game.public_line(s.decision_kind(), s.decision_prompt)
        decision = {"seat": tm, "kind": kind, "prompt": prompt}
    # the log, when every line of it is public (else each seat's is read in view_for)
    log = None
    if all(e.visible_to is None for e in s.log):
        log = log_texts(s.log, None)
    result = scoring = None
    if s.over:
        scoring = b = final_breakdown(s)
        result = {"end": s.end_cause, "vp": list(b["total"]), "winners": list(b["winners"]),
                  "decided_by": b["decided_by"]}
    ct = st.card_title
    return {
        "game": "venus", "seat": None, "players": n, "empires": st.empires(n),
        "colours": list(COLOURS[:n]),
        "period": s.period, "periods": c.rules["periods"], "phase": s.phase,
        "phase_name": gettext(PHASES[s.phase]) if 0 <= s.phase < len(PHASES) else "",
        "first": s.first_seat, "cubes": s.cubes, "cubes_total": n + c.rules["extra_pass_cubes"], "to_move": tm,
        "decision": decision,
        "planets": planets, "players_info": info, "hand": None,
        "deck_size": len(s.deck), "discard_size": len(s.discard),
        "discard_top": [ct[x] for x in s.discard[-5:]],
        "bag_size": len(s.bag), "bag_counts": bag_counts, "tile_discard_counts": tdc,
        "combat": combat, "move": move, "aliens": aliens_view(s, st), "log": log, "over": s.over,
        "result": result, "scoring": scoring, "help": table_help(c),
    }


#: the planets of recent positions, by all that they show: the next position of a game
#: whose planets did not change (a card played, money paid) hands out the same list, which
#: costs nothing to build again and which a server's diff of two views passes by identity
_PLANETS = Recent(256)


def _planets(s, st: _Static, n: int, inc: list) -> list:
    """The planets of ``view_common``: their tiles, crises, gunrunners and each seat's
    units, buildings and income there (``inc``: income per seat per planet)."""
    phase4 = s.phase == PHASE_CRISIS
    key = (st, n, bytes(s.orbit), bytes(s.surface), s.built, s.flipped, s.crisis_levels if phase4 else None,
           s.gunrunners, tuple(s.planet_tiles))
    try:
        planets = _PLANETS.get(key)
    except TypeError:  # a field set by hand as a list (a test, a tool): built without the memo
        planets = key = None
    if planets is not None:
        return planets
    tile_at, is_crisis, is_alien = st.tile_at, st.is_crisis, st.is_alien
    guns = [0] * N_PLANETS
    for g in s.gunrunners:
        guns[gunrunner_planet(g)] += 1
    # one [inf, ship, tank] / [mines, factories] list per (seat, planet), in the order of the
    # seats' blocks (flow.unit_ix, flow.building_ix: seat by seat, planet by planet), so that
    # planet pl's column is [pl::N_PLANETS] (the counters are bytearrays: the view hands out lists of ints)
    b = blocks(n)
    orb, sur, bl = _triples(s.orbit, b.units_end), _triples(s.surface, b.units_end), _pairs(s.built, b.bld_end)
    incs = [x for p in range(n) for x in inc[p]]
    planets = []
    for pl in range(N_PLANETS):
        tiles = []
        ncr = 0
        alien = False
        for i, t in enumerate(s.planet_tiles[pl]):
            tiles.append(tile_at(t, i))
            if is_crisis[t]:
                ncr += 1
            elif is_alien[t]:
                alien = True
        dice = s.crisis_levels[pl] if phase4 else 0
        planets.append({
            "index": pl, "name": st.names[pl], "vp": st.vp_lists[pl], "flipped": bool(s.flipped[pl]),
            "alien": alien, "crisis_name": st.crisis[pl][0], "crisis_help": st.crisis[pl][1],
            "crisis_level": ncr + dice, "crisis_tiles": ncr, "crisis_dice": dice,
            "gunrunners": guns[pl], "gunrunner_bonus": guns[pl] * st.gun_bonus,
            "tiles": tiles,
            "orbit": orb[pl::N_PLANETS], "surface": sur[pl::N_PLANETS], "buildings": bl[pl::N_PLANETS],
            "income": incs[pl::N_PLANETS],
        })
    if key is not None:
        _PLANETS.put(key, planets)
    return planets


def view_for(s, seat: Optional[int], common: dict) -> dict:
    """The view of ``seat`` from :func:`view_common` of the same position: the seat, its own
    hand (the others' are counts only), the full decision if it is the one deciding, and the
    log as it may read it. The dict is new; its other values are ``common``'s own."""
    out = dict(common)
    out["seat"] = seat
    n = s.num_players
    if seat is not None and 0 <= seat < n:
        card_json = static(s.comp).card_json
        ce = s.comp.card_effects
        out["hand"] = [card_json(card) for card in sorted(s.hands[seat], key=lambda x: (ce[x], x))]
    tm = common["to_move"]
    if tm is not None and seat == tm:
        out["decision"] = {"seat": tm, "kind": s.decision_kind(), "prompt": s.decision_prompt(),
                           "options": [s.action_json(a) for a in s.legal_actions()]}
    if common["log"] is None:
        out["log"] = log_texts(s.log, seat)
    return out


class Blocks(NamedTuple):
    """Where the seats in play sit in the state's counters, from flow's index helpers: each
    seat's mines and factories planet by planet (strided slices of its block of ``built``, from
    :func:`~.flow.building_ix` ``(p, MERCURY, MINE)`` and ``(p, MERCURY, FACTORY)``, as
    :func:`.flow.income` reads them) and its stock (a slice of ``stock``); the end of the
    seats' blocks of ``orbit``/``surface`` and of ``built``. Made once per number of seats.

    >>> from cosmodrome.games.venus import GAME
    >>> from cosmodrome.games.venus.flow import FACTORY, MARS
    >>> s = GAME.new_state(3, seed=1)
    >>> s.built[blocks(3).factories[2]][MARS] == s.built[building_ix(2, MARS, FACTORY)]
    True
    """
    mines: tuple
    factories: tuple
    stock: tuple
    units_end: int
    bld_end: int


_BLOCKS: dict = {}


def blocks(n: int) -> Blocks:
    """The :class:`Blocks` of ``n`` seats."""
    got = _BLOCKS.get(n)
    if got is None:
        seats = range(n)
        ends = [building_ix(p + 1, MERCURY) for p in seats]
        got = _BLOCKS[n] = Blocks(tuple(slice(building_ix(p, MERCURY, MINE), ends[p], PLANET_STEP) for p in seats),
                                  tuple(slice(building_ix(p, MERCURY, FACTORY), ends[p], PLANET_STEP) for p in seats),
                                  tuple(slice(stock_ix(p, INF), stock_ix(p + 1, INF)) for p in seats),
                                  unit_ix(n, MERCURY), building_ix(n, MERCURY))
    return got


def _triples(counts, size: int) -> list:
    """``counts[:size]`` (a bytearray) as lists of three ints, in order.

    >>> _triples(bytearray([1, 2, 3, 4, 5, 6, 7]), 6)
    [[1, 2, 3], [4, 5, 6]]
    """
    it = iter(counts[:size])
    return [[a, b, c] for a, b, c in zip(it, it, it)]


def _pairs(counts, size: int) -> list:
    """``counts[:size]`` (a bytearray) as lists of two ints, in order.

    >>> _pairs(bytearray([1, 2, 3, 4, 5]), 4)
    [[1, 2], [3, 4]]
    """
    it = iter(counts[:size])
    return [[a, b] for a, b in zip(it, it)]


def kind_counts(tiles, tile_kind) -> dict:
    """How many tiles of each kind, keyed in the fixed order of the tile kinds (never in the
    order the tiles lie, which is hidden in the bag: a JSON object keeps its key order).

    >>> kind_counts([4, 0, 4], (0, 5, 5, 5, 4))
    {'factory': 1, 'mine': 2}
    """
    n = [0] * len(TILE_KINDS)
    for t in tiles:
        n[tile_kind[t]] += 1
    return {TILE_KINDS[k]: v for k, v in enumerate(n) if v}


def _vp_now(s, st, inc) -> list:
    """VP per seat for the table as it stands (scoring.scores from the incomes)."""
    n = s.num_players
    total = [tile_vp(s, p) for p in range(n)]
    for pl in range(N_PLANETS):
        col = [inc[p][pl] for p in range(n)]
        if any(col):
            for p, v in enumerate(planet_vp(col, st.vp[pl])):
                total[p] += v
    return total


def combat_view(s, st=None) -> dict:
    """The combat in progress, all public: the tile fought for (kind, printed defence, the
    gunrunner bonus, the tension target), the dice, the cost, the units committed by type
    and the cards played so far, the combat points paid and still missing."""
    st = st or static(s.comp)
    c = s.comp
    cb = s.combat
    tile = cb.tile
    kind, printed, skull, label = st.tile[tile]
    tk = c.tile_kind[tile]
    target = None
    if tk == T_TENSION and cb.target_seat >= 0:
        q = cb.target_seat
        target = {"seat": q, "empire": gettext(EMPIRES[q]),
                  "building": "mine" if cb.target_kind == MINE else "factory"}
    bonus = cb.defence - printed if tk == T_CRISIS and printed is not None else 0
    each = boosted_cp(s)
    committed = tuple(cb.committed)
    units_cp = sum(k * e for k, e in zip(committed, each))
    disc = cb.discarded
    dice = rolled(s)
    paid = points(s)
    cst = cost(s)
    cards = []
    for card in s.combat_cards:
        e, title, _, _ = st.card[card]
        cards.append({"card": card, "effect": e, "title": title})
    return {"seat": cb.seat, "planet": st.names[cb.planet], "planet_index": cb.planet, "slot": cb.slot,
            "tile": label, "kind": kind, "skull": skull, "printed_defence": printed, "gunrunner_bonus": bonus,
            "defence": cb.defence, "target": target,
            "dice": dice, "discarded": disc if disc >= 0 else None,
            "kept_dice": [d for i, d in enumerate(dice) if i != disc],
            "cost": cst, "committed": dict(zip(UNITS, committed)), "unit_cp": dict(zip(UNITS, each)),
            "units_cp": units_cp, "cards_cp": cb.card_points, "cards": cards,
            "paid": paid, "missing": max(0, cst - paid), "needs_unit": sum(committed) == 0,
            "skulls": skulls(s), "skulls_ignored": cb.skulls_ignored}


def aliens_view(s, st=None) -> dict:
    """RB: Kuiper Belt – when the aliens landed, where they are, and where the survivors go
    in the next crisis phase (ruling 1 of docs/rulings/venus.md: the tiles themselves move
    along Mars, the Moon, Earth; reaching Earth, everybody loses)."""
    st = st or static(s.comp)
    names = st.names
    is_alien = st.is_alien
    alive = sorted((pl, t) for pl in range(N_PLANETS) for t in s.planet_tiles[pl] if is_alien[t])
    landed = s.aliens_out or None
    destroyed = sum(1 for k in s.kept for t in k if is_alien[t])
    nxt = None
    if landed and alive and not s.over:
        pending = s.phase <= PHASE_ACTIONS or any(f.op in (O_CRISIS, O_CRISIS_START) for f in s.stack)
        period = s.period if (landed < s.period and pending) else s.period + 1
        if period <= s.comp.rules["periods"]:
            targets = INWARD[s.alien_next:s.alien_next + len(alive)]
            earth = len(targets) < len(alive) or EARTH in targets
            nxt = {"period": period, "reaches_earth": earth,
                   "moves": [{"from": names[pl], "to": names[d]} for (pl, _), d in zip(alive, targets) if d != EARTH]}
    return {"landed": landed, "landed_on": [names[pl] for pl in (KUIPER, TITAN, GANYMEDE)] if landed else [],
            "on": [names[pl] for pl, _ in alive], "destroyed": destroyed,
            "path": [names[pl] for pl in INWARD], "advanced": s.alien_next, "next": nxt}
