"""Hidden information by twin states (docs/SERVER.md, "Hidden information").

Two positions that differ only in what seat S may not see (a card of another seat's hand
swapped with one of the deck, another seat's action card, the future dice) must give S and a
spectator byte-identical messages: every field of the table message (view, decision,
waiting, hint, log, dice, can_undo, clock), the seat record, the game's public info, the
error of a wrong-seat or illegal act, and, through the real app, the REST view, the socket's
table message, the replay answers and the record endpoint.

The twins are played on together by a seeded random walk: each step takes an action legal
in both (so both tell the same public story), until the secret becomes public by the rules
(a card played or discarded face up, S drawing or looking at it, a roll of the dice), the
game ends or the walk's length is reached. The planted cards are the ones whose steps used
to be asked only of their holders: Venus's reactions and free actions, the Moon's action
cards at each of their moments."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

import pytest
from server_helpers import auth, socket

from cosmodrome.core import Event, GameRecord, IllegalActionError, Rng, State, get_game
from cosmodrome.games.venus.flow import Actions, TurnMenu
from cosmodrome.server.storage import GameRow
from cosmodrome.server.tables import CosmodromeError, Table

TOKENS = tuple(f"tok-seat-{i}-{chr(97 + i) * 12}" for i in range(5))


def dumps(x: Any) -> str:
    return json.dumps(x, sort_keys=False, ensure_ascii=False)


@dataclass
class TwinRecord(GameRecord):
    """A record whose game starts from a given position (a twin's): the replay endpoint and
    undo replay it like any record."""

    start: Optional[State] = None
    setup: list = field(default_factory=list)

    def new_state(self) -> State:
        return self.start.clone()


class Twin:
    """One of two twin games: the position, the events of each action and the movers, and
    a :class:`Table` over them built on demand (the real message code)."""

    def __init__(self, gid: str, game, start: State, setup: list[Event]) -> None:
        self.gid, self.game, self.start, self.setup = gid, game, start, setup
        self.state = start.clone()
        self.actions: list[int] = []
        self.events: list[list[Event]] = []
        self.movers: list[int] = []

    def play(self, a: int) -> list[Event]:
        self.movers.append(self.state.to_move())
        ev = self.state.apply(a)
        self.actions.append(a)
        self.events.append(ev)
        return ev

    def truncate(self, n: int) -> None:
        """Back to the position after the first ``n`` actions."""
        acts = self.actions[:n]
        self.state = self.start.clone()
        self.actions, self.events, self.movers = [], [], []
        for a in acts:
            self.play(a)

    def table(self) -> Table:
        n = self.state.num_players
        seats = [{"kind": "human", "token": TOKENS[i], "claimed": True} for i in range(n)]
        row = GameRow(id=self.gid, game=self.game.name, players=n, seed=1, options={}, seats=seats,
                      revision=len(self.actions), meta={"chat": "players"})
        rec = TwinRecord(game=self.game.name, players=n, seed=1, options={}, actions=list(self.actions),
                         start=self.start, setup=list(self.setup))
        return Table(row=row, game=self.game, record=rec, state=self.state.clone(), events=list(self.events),
                     movers=list(self.movers), notes=[None] * len(self.actions), setup=list(self.setup))


def act_error(t: Table, seat: int, action: int) -> str:
    """The error text the server gives ``seat`` acting ``action`` now (before anything is stored)."""
    from cosmodrome.server.tables import Hall

    async def go():
        try:
            await Hall.act(None, t, seat, action, t.version)   # the checks run before the hall is used
        except (CosmodromeError, IllegalActionError) as exc:
            return f"{type(exc).__name__}: {exc}"
        except AttributeError:
            return "accepted"
        return "accepted"
    return asyncio.run(go())


def seat_messages(t: Table, seat: Optional[int], full: bool = True) -> dict[str, Any]:
    """Every message of the table as ``seat`` (None: a spectator) gets it, by the table's
    code (without ``full``: the table message only, whose fields hold the others')."""
    out = {"table": t.table_message(seat)}
    if not full:
        return out
    out.update(update=t.table_message(seat, max(0, t.version - 1), reset=False), info=t.info())
    if seat is not None:
        out["record"] = t.seat_record(seat)
        mover = t.state.to_move()
        if mover is not None and mover != seat:
            out["wrong_turn"] = act_error(t, seat, 0)
        elif mover == seat:
            out["illegal"] = act_error(t, seat, t.game.num_actions + 7)
    return out


def same_for(a: Twin, b: Twin, seat: Optional[int], where: str, full: bool = True) -> None:
    ma = dumps(seat_messages(a.table(), seat, full)).replace(a.gid, "GAME")
    mb = dumps(seat_messages(b.table(), seat, full)).replace(b.gid, "GAME")
    if ma != mb:
        da, db = json.loads(ma), json.loads(mb)
        diff = [k for k in da if da[k] != db.get(k)]
        detail = {k: [(f, da[k][f], db[k][f]) for f in da[k] if da[k][f] != db[k][f]]
                  if isinstance(da[k], dict) else (da[k], db[k]) for k in diff}
        pytest.fail(f"{where}: seat {seat} tells the twins apart: {str(detail)[:1500]}")


def walk(a: Twin, b: Twin, seat: int, rng: Rng, steps: int, revealed: Callable[[Twin, Twin, int], bool],
         where: str, prefer: tuple = ()) -> int:
    """Play the twins on together, checking ``seat`` and a spectator after each action (the
    table message; every message every few actions and at the end); returns the number of
    actions played. An action that makes the secret public is taken back. ``prefer``: actions
    taken whenever legal in both (a scene's script), the first first."""
    for k in range(steps + 1):
        full = k % 6 == 0 or k == steps
        same_for(a, b, seat, f"{where} after {k} actions", full)
        same_for(a, b, None, f"{where} after {k} actions", full)
        if k == steps or a.state.is_terminal():
            return k
        common = sorted(set(a.state.legal_actions()) & set(b.state.legal_actions()))
        if not common:
            return k
        act = next((x for x in prefer if x in common), None)
        if act is None:
            act = common[rng.below(len(common))]
        a.play(act)
        b.play(act)
        if revealed(a, b, seat):
            a.truncate(k)
            b.truncate(k)
            return k
    return steps


# ----- Onward to Venus ----------------------------------------------------------------------
VENUS_PLANTS = ("instead", "return_unit", "ignore_skull", "pass_empty_action", "another_action", "free_build",
                "free_pass")


def venus_twins(players: int, seed: int, plant: str, holder: int, gid: str) -> tuple[Twin, Twin]:
    """Twins of a fresh Venus game: in the second, ``holder`` holds no ``plant`` card (any it
    was dealt swapped with deck cards of other effects); in the first, the same but one
    ``plant`` card taken from the deck (its own card going where that one lay)."""
    from cosmodrome.games.venus.components import EFFECT_ID
    game = get_game("venus")
    s = game.new_state(players, seed)
    setup = list(s.initial_events)
    e = EFFECT_ID[plant]
    ce = s.comp.card_effects
    h = list(s.hands[holder])
    for i, c in enumerate(h):
        if ce[c] == e:
            j = next(j for j, d in enumerate(s.deck) if ce[d] != e)
            h[i], s.deck[j] = s.deck[j], h[i]
    s.hands[holder] = tuple(h)
    t = s.clone()
    j = next(i for i, c in enumerate(t.deck) if ce[c] == e)
    h = list(t.hands[holder])
    i = next((i for i, c in enumerate(h) if ce[c] != e), 0)
    h[i], t.deck[j] = t.deck[j], h[i]
    t.hands[holder] = tuple(h)
    return Twin(gid + "a", game, t, setup), Twin(gid + "b", game, s, setup)


def venus_revealed(a: Twin, b: Twin, seat: int) -> bool:
    """The swapped card reached ``seat`` or the table (a hand, the discard pile, a look)."""
    x, y = a.state, b.state
    if x.hands[seat] != y.hands[seat] or x.discard != y.discard:
        return True
    return any(e.kind == "look" for e in a.events[-1] + b.events[-1])


@pytest.mark.parametrize("plant", VENUS_PLANTS)
def test_venus_twins_differing_in_a_hidden_card_look_the_same_to_the_others(plant):
    played = 0
    for seed in range(1, 5):
        players = 2 + seed % 3
        a, b = venus_twins(players, seed, plant, 1, f"v{seed}{plant[:3]}")
        played += walk(a, b, 0, Rng(seed), 60, venus_revealed, f"venus/{plant}/seed {seed}")
    assert played > 60   # the walks went somewhere


def venus_scene(a: Twin, b: Twin, kill: bool, cubes: int) -> tuple:
    """Set both twins alike at seat 0's action menu: with ``kill``, seat 0 holds an
    elimination card and seat 1 an infantry on Mars; ``cubes`` pass cubes left. Returns the
    actions a scene's walk prefers (play the card on that unit, take a cube)."""
    from cosmodrome.games.venus.components import EFFECT_ID
    from cosmodrome.games.venus.flow import A_CARD, A_PASS, A_SEAT, A_UNITAT, INF, MARS
    k = EFFECT_ID["kill_unit"]
    for t in (a, b):
        s = t.start
        if kill:
            c = next(c for c in reversed(s.deck) if s.comp.card_effects[c] == k)
            s.deck.remove(c)
            s.hands[0] += (c,)
            s.orbit[24 + MARS * 3 + INF] += 1
        s.cubes = cubes
        s.stack = [Actions(-1), TurnMenu(0)]
        s.acting, s.actions_left, s.extra_action, s.next_seat = 0, 1, 0, 1
        t.truncate(0)
    return (A_CARD + k, A_SEAT + 1, A_UNITAT + MARS * 3 + INF) if kill else (A_PASS,)


@pytest.mark.parametrize("plant,kill,cubes", [("ignore_skull", True, 4), ("return_unit", True, 4),
                                              ("pass_empty_action", False, 1), ("instead", True, 4)])
def test_venus_scenes_where_a_reaction_is_due(plant, kill, cubes):
    """Seat 0 eliminates seat 1's unit, or takes the last pass cube, while seat 1 holds the
    answering card in one twin only."""
    for seed in (2, 3):
        a, b = venus_twins(2, seed, plant, 1, f"vs{seed}{plant[:3]}")
        prefer = venus_scene(a, b, kill, cubes)
        assert walk(a, b, 0, Rng(seed), 12, venus_revealed, f"venus scene {plant}/{seed}", prefer) >= 3


def test_venus_reaction_steps_are_asked_whether_or_not_the_card_is_held():
    """The step after a card is played: asked of its player in both twins (holder or not),
    with a prompt of its own but the same public line for everyone else."""
    a, b = venus_twins(2, 3, "instead", 1, "vinst")
    rng = Rng(5)
    seen = 0
    for _ in range(300):
        if a.state.is_terminal() or venus_revealed(a, b, 0) if a.actions else False:
            break
        same_for(a, b, 0, "instead walk")
        d = a.state.decision()
        if d is not None and d.kind == "reaction":
            assert b.state.decision().kind == "reaction" and a.state.to_move() == b.state.to_move()
            if a.state.to_move() == 1:
                w = a.table().table_message(0)["waiting"]
                assert w["kind"] == "reaction" and w["prompt"] == "may answer with a reaction card, or go on"
                seen += 1
        common = sorted(set(a.state.legal_actions()) & set(b.state.legal_actions()))
        act = common[rng.below(len(common))]
        a.play(act)
        b.play(act)
    assert seen


# ----- Walking on the Moon ------------------------------------------------------------------
MOON_PLANTS = ("extra-jump", "teamwork", "planification", "no-instructions", "sanction", "miscalculation",
               "cooperation", "slipstream")


def moon_twins(players: int, seed: int, plant: str, holder: int, gid: str) -> tuple[Twin, Twin]:
    """Twins of a fresh advanced Moon game: in the first, ``holder``'s action card is a
    ``plant`` (its own card going where that one lay in the deck); in the second, as dealt."""
    game = get_game("moon")
    s = game.new_state(players, seed, {"advanced": True})
    setup = list(s.initial_events)
    t = s.clone()
    acts = t.comp.actions
    if acts[t.hand[holder]].effect != plant:
        j = next(i for i, c in enumerate(t.deck) if acts[c].effect == plant)
        t.hand[holder], t.deck[j] = t.deck[j], t.hand[holder]
    else:   # the deal gave it already: the second twin gets another card
        j = next(i for i, c in enumerate(s.deck) if acts[c].effect != plant)
        s = s.clone()
        s.hand[holder], s.deck[j] = s.deck[j], s.hand[holder]
    return Twin(gid + "a", game, t, setup), Twin(gid + "b", game, s, setup)


def moon_revealed(a: Twin, b: Twin, seat: int) -> bool:
    x, y = a.state, b.state
    return x.hand[seat] != y.hand[seat] or x.discard != y.discard


@pytest.mark.parametrize("plant", MOON_PLANTS)
def test_moon_twins_differing_in_a_hidden_action_card_look_the_same_to_the_others(plant):
    played = 0
    for seed in range(1, 5):
        players = 2 + seed % 3
        holder = 1 + seed % (players - 1)
        a, b = moon_twins(players, seed, plant, holder, f"m{seed}{holder}{plant[:3]}")
        played += walk(a, b, 0, Rng(seed * 7 + holder), 100, moon_revealed, f"moon/{plant}/seed {seed}")
    assert played > 40   # the walks went somewhere


def test_moon_the_extra_jump_question_names_no_card_to_the_others():
    """The issue's case: a seat deciding about its hidden card at the round's end; the others
    read that it may play an action card, never which."""
    found = 0
    for seed in range(1, 12):
        a, b = moon_twins(2, seed, "extra-jump", 1, f"mx{seed}")
        rng = Rng(seed)
        for _ in range(200):
            if a.state.is_terminal() or (a.actions and moon_revealed(a, b, 0)):
                break
            if a.state.to_move() == 1 and a.state.decision().kind == "action-card":
                w = a.table().table_message(0)["waiting"]
                assert w["kind"] == "action-card" and "Extra jump" not in json.dumps(w)
                assert w["prompt"] == "may play its action card now, or keep it"
                found += 1
            same_for(a, b, 0, "extra-jump walk")
            common = sorted(set(a.state.legal_actions()) & set(b.state.legal_actions()))
            act = common[rng.below(len(common))]
            a.play(act)
            b.play(act)
    assert found


# ----- Cosmic Run, March on Mars: only the future is hidden ----------------------------------
def future_twins(name: str, players: int, seed: int, options: dict, gid: str, warmup: int) -> tuple[Twin, Twin]:
    """Twins a few random actions into a game that differ in the future only: the second's
    random generator is another one (dice not yet rolled, counters not yet drawn)."""
    game = get_game(name)
    s = game.new_state(players, seed, options)
    setup = list(s.initial_events)
    rng = Rng(seed)
    for _ in range(warmup):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    t = s.clone()
    t.rng = Rng(seed + 1000)
    return Twin(gid + "a", game, s, setup), Twin(gid + "b", game, t, setup)


def chance_revealed(a: Twin, b: Twin, seat: int) -> bool:
    return any(e.chance for e in a.events[-1] + b.events[-1])


@pytest.mark.parametrize("name,players,options", [("cosmic-run", 2, {}), ("mars", 2, {}), ("mars", 3, {}),
                                                  ("moon", 3, {})])
def test_twins_differing_in_the_future_only_look_the_same(name, players, options):
    for seed in range(1, 9):
        a, b = future_twins(name, players, seed, options, f"f{seed}{name[:3]}", seed * 3)
        walk(a, b, 0, Rng(seed), 40, chance_revealed, f"{name}/seed {seed}")


# ----- through the real app: REST, socket, replay, record ------------------------------------
def through_app(client, t: Table, seat: Optional[int], step: int) -> dict[str, Any]:
    hall = client.app.state.hall
    hall.tables[t.id] = t
    headers = {} if seat is None else auth(TOKENS[seat])
    out = {"view": client.get(f"/api/games/{t.id}/view", headers=headers).json(),
           "info": client.get(f"/api/games/{t.id}").json(),
           "record": client.get(f"/api/games/{t.id}/record", headers=headers).json()}
    params = {"step": step} if seat is None else {"step": step, "seat": seat}
    out["replay"] = client.get(f"/api/games/{t.id}/replay", params=params, headers=headers).json()
    out["replay_end"] = client.get(f"/api/games/{t.id}/replay", params={k: v for k, v in params.items()
                                                                         if k != "step"}, headers=headers).json()
    with socket(client, t.id, None if seat is None else TOKENS[seat]) as ws:
        out["socket"] = ws.receive_json()
    for k in ("view", "socket"):   # the clock's "now" is the only field a second later may change
        out[k].pop("clock", None)
    out["info"].pop("clock", None)
    return out


def test_twins_look_the_same_through_the_app_rest_socket_replay_and_record(client):
    """Mid-walk positions of Venus and Moon twins, asked through the app as seat 0 and as a
    spectator: byte-identical answers (the game ids aside)."""
    cases = []
    a, b = venus_twins(3, 4, "instead", 1, "appv4")
    walk(a, b, 0, Rng(9), 40, venus_revealed, "app venus")
    cases.append((a, b))
    a, b = moon_twins(3, 2, "extra-jump", 2, "appm2")
    walk(a, b, 0, Rng(4), 40, moon_revealed, "app moon")
    cases.append((a, b))
    for a, b in cases:
        ta, tb = a.table(), b.table()
        for seat in (0, None):
            for step in sorted({1, len(a.actions) // 2, len(a.actions)}):
                ma = dumps(through_app(client, ta, seat, step)).replace(ta.id, "GAME")
                mb = dumps(through_app(client, tb, seat, step)).replace(tb.id, "GAME")
                assert ma == mb, (a.game.name, seat, step)
