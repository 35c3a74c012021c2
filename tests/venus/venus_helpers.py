"""Helpers for the Onward to Venus tests: invariant checks and position builders."""

from __future__ import annotations

import json

from cosmodrome.core import Rng
from cosmodrome.games.venus import GAME
from cosmodrome.games.venus.components import EFFECT_ID, TK
from cosmodrome.games.venus.flow import DECIDE, N_PLANETS, Actions, TurnMenu, add, building_ix, unit_ix, without


def check_invariants(s) -> None:
    """Conservation of pieces, money, cards and tiles; a legal action when running."""
    c = s.comp
    n = s.num_players
    for p in range(n):
        for t in range(3):
            board = sum(s.orbit[unit_ix(p, pl, t)] + s.surface[unit_ix(p, pl, t)] for pl in range(N_PLANETS))
            assert s.stock[p * 5 + t] + board == c.unit_count[t], ("units", p, t)
            assert s.stock[p * 5 + t] >= 0
        for k in range(2):
            board = sum(s.built[building_ix(p, pl, k)] for pl in range(N_PLANETS))
            assert s.stock[p * 5 + 3 + k] + board == (c.mine_count, c.factory_count)[k], ("counters", p, k)
            assert s.stock[p * 5 + 3 + k] >= 0
        assert all(x >= 0 for x in s.orbit) and all(x >= 0 for x in s.surface) and all(x >= 0 for x in s.built)
        assert s.money[p] >= 0, ("money", p)
    assert sum(s.money) == s.money_from_bank, "money"
    ncard = len(c.deck_effects) + n * len(c.player_effects)
    cards = [*s.deck, *s.discard, *(g % 1000 for g in s.gunrunners), *(x for h in s.hands for x in h)]
    assert sorted(cards) == list(range(ncard)), "cards"
    tiles = [*s.bag, *s.tile_discard, *(t for L in s.planet_tiles for t in L), *(t for L in s.kept for t in L)]
    bagt = sorted(t for t in tiles if t < c.n_bag)
    assert bagt == list(range(c.n_bag)), "tiles"
    aliens = [t for t in tiles if t >= c.n_bag]
    assert len(aliens) == len(set(aliens)) and all(t < len(c.tile_kind) for t in aliens), "aliens"
    if not s.is_terminal():
        la = s.legal_actions()
        assert la, ("no legal action", s.decision_kind())
        assert s.stack[-1].op in DECIDE
        assert la == sorted(set(la)) and all(0 <= a < GAME.num_actions for a in la)
    else:
        assert s.legal_actions() == [] and s.to_move() is None


def check_views(s, rng: Rng) -> None:
    """A seat's view does not change when everything hidden from it is redrawn: compared as
    the JSON sent to a client, key order included (a dict built in a hidden order would
    leak it), not only as dicts."""
    spectator = json.dumps(s.view(None))
    for seat in range(s.num_players):
        v = json.dumps(s.view(seat))
        r = s.resample(seat, rng)
        assert json.dumps(r.view(seat)) == v, f"view of seat {seat} depends on hidden information"
        assert json.dumps(r.view(None)) == spectator, "the spectators' view depends on hidden information"


def random_game(players: int, seed: int, check=None, max_steps: int = 20000):
    s = GAME.new_state(players, seed=seed)
    r = Rng(seed * 7919 + 1)
    actions = []
    steps = 0
    if check:
        check(s)
    while not s.is_terminal():
        la = s.legal_actions()
        a = la[r.below(len(la))]
        s.apply(a)
        actions.append(a)
        if check:
            check(s)
        steps += 1
        assert steps < max_steps
    return s, actions


def give(s, p: int, *effects: str) -> list:
    """Put cards with these effects into p's hand (taken from the deck or discards)."""
    got = []
    for name in effects:
        e = EFFECT_ID[name]
        hit = next((c for c in s.deck if s.comp.card_effect(c) == e), None)
        if hit is not None:
            s.deck.remove(hit)
        elif (hit := next((c for c in s.discard if s.comp.card_effect(c) == e), None)) is not None:
            s.discard = without(s.discard, hit)
        else:
            for q in range(s.num_players):
                if q == p:
                    continue
                hit = next((c for c in s.hands[q] if s.comp.card_effect(c) == e), None)
                if hit is not None:
                    s.hands[q] = without(s.hands[q], hit)
                    break
            else:
                raise AssertionError(f"no card {name} left")
        s.hands[p] += (hit,)
        got.append(hit)
    return got


def empty_hand(s, p: int) -> None:
    s.discard += tuple(s.hands[p])
    s.hands[p] = ()


def put_tile(s, pl: int, kind: str, defence=None, skull=None) -> int:
    """Move a tile of this kind (and defence/skull) from the bag onto planet pl; its slot."""
    c = s.comp
    k = TK[kind]
    for pool in ("bag", "tile_discard"):
        for t in getattr(s, pool):
            if c.tile_kind[t] == k and (defence is None or c.tile_def[t] == defence) and \
                    (skull is None or c.tile_skull[t] == skull):
                if pool == "bag":
                    s.bag.remove(t)
                else:
                    s.tile_discard = without(s.tile_discard, t)
                s.planet_tiles[pl] += (t,)
                return len(s.planet_tiles[pl]) - 1
    for q in range(N_PLANETS):
        for t in s.planet_tiles[q]:
            if q != pl and c.tile_kind[t] == k and (defence is None or c.tile_def[t] == defence) and \
                    (skull is None or c.tile_skull[t] == skull):
                s.planet_tiles[q] = without(s.planet_tiles[q], t)
                s.planet_tiles[pl] += (t,)
                return len(s.planet_tiles[pl]) - 1
    raise AssertionError(f"no {kind} tile available")


def clear_tiles(s) -> None:
    for pl in range(N_PLANETS):
        s.bag.extend(s.planet_tiles[pl])
        s.planet_tiles[pl] = ()


def place_units(s, p: int, pl: int, inf=0, ship=0, tank=0, surface=False) -> None:
    arr = s.surface if surface else s.orbit
    for t, k in enumerate((inf, ship, tank)):
        s.stock[p * 5 + t] -= k
        arr[unit_ix(p, pl, t)] += k
        assert s.stock[p * 5 + t] >= 0


def place_building(s, p: int, pl: int, mines=0, factories=0) -> None:
    s.stock[p * 5 + 3] -= mines
    s.stock[p * 5 + 4] -= factories
    s.built = add(s.built, building_ix(p, pl), mines)
    s.built = add(s.built, building_ix(p, pl, 1), factories)


class FixedDice:
    """Make the state's next die rolls come out as given faces (then random again)."""

    def __init__(self, s, faces):
        self.s = s
        self.faces = list(faces)
        self.orig = s.rng
        outer = self

        class R(type(s.rng)):
            pass

        r = R.__new__(R)
        r.state = s.rng.state

        def below(n, what=None, name=None, _r=r):
            if n == len(s.comp.rules["die_faces"]) and outer.faces:
                return s.comp.rules["die_faces"].index(outer.faces.pop(0))
            return type(s.rng).below(_r, n, what, name)
        r.below = below
        s.rng = r


def fix_dice(s, *faces) -> None:
    """The next die rolls of ``s`` give these faces (0 = skull)."""
    FixedDice(s, faces)


def fresh(players: int = 3, seed: int = 1):
    """A new game at the first player's action menu (seat s.stack[-1].seat)."""
    return GAME.new_state(players, seed=seed)


def at_turn(s, p: int) -> None:
    """Make it p's turn at the action menu (a test position)."""
    s.stack = [Actions(-1), TurnMenu(p)]
    s.acting = p
    s.actions_left = 1
    s.extra_action = 0
    s.next_seat = (p + 1) % s.num_players


def go_on(s, end_turn: bool = False) -> None:
    """Answer "go on" to the questions asked of every seat that may hold a card and that the
    seat asked can only decline (ruling 32: a reaction whose card it does not hold); with
    ``end_turn`` also the end of a turn without a free-action card to play (ruling 33)."""
    from cosmodrome.games.venus.flow import A_DONE
    kinds = ("reaction", "return_unit", "free_action") if end_turn else ("reaction", "return_unit")
    while not s.is_terminal() and s.decision_kind() in kinds and s.legal_actions() == [A_DONE]:
        s.apply(A_DONE)


def variant_state(tmp_path, prefix: str = "variant", **values):
    """A new 3-player state of a variant component file: the packaged file with the given
    ``[rules]`` numbers changed (the file's name says them: component files are cached by
    name)."""
    from cosmodrome.games.venus.components import DEFAULT_PATH, load_components
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    for key, v in values.items():
        old = f"{key} = {{ value = {load_components().rules[key]},"
        assert old in text
        text = text.replace(old, f"{key} = {{ value = {v},")
    p = tmp_path / (prefix + "-" + "-".join(f"{k}{v}" for k, v in values.items()) + ".toml")
    p.write_text(text, encoding="utf-8")
    return GAME.new_state(3, 1, options={"components": str(p)})
