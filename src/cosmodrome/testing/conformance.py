"""A protocol conformance check every game must pass, used by each game's tests.

:func:`play_checked` plays seeded random games and checks, after every action, what the core
promises to every tool: a legal action exists while the game runs, an illegal action is
refused without changing the state, JSON save and load reproduce the state, the views never
carry the random state, a determinization keeps the seat's own view, and the game record
replays to the identical state.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable, Optional

from cosmodrome.core import CHANCE, Game, GameRecord, IllegalActionError, Rng, State, UnknownGameError, game_names


def canonical(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _contains_key(obj: Any, key: str) -> bool:
    if isinstance(obj, dict):
        return key in obj or any(_contains_key(v, key) for v in obj.values())
    if isinstance(obj, list):
        return any(_contains_key(v, key) for v in obj)
    return False


def play_checked(game: Game, players: int, seed: int, options: Optional[dict] = None,
                 every: int = 1, max_actions: int = 100_000,
                 check: Optional[Callable[[State], None]] = None, chance: str = "sampled") -> State:
    """Play one random game and check the protocol every ``every`` actions; return the end
    state. ``chance="explicit"`` plays the explicit chance mode and checks its chance nodes
    too (see :func:`_check_chance_node`). ``game`` must be registered (the record is replayed
    by name): an unregistered one is refused with :class:`UnknownGameError`."""
    if game.name not in game_names():
        raise UnknownGameError(f"play_checked needs {game.name!r} registered (its record is replayed by name): "
                               "register it first (cosmodrome.core.register)")
    rec, state = GameRecord.start(game.name, players, seed, options, chance=chance)
    chooser = Rng(seed ^ 0x5EED)
    n = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, f"no legal action in a running game (seed {seed}, after {n} actions)"
        assert legal == sorted(set(legal)), "legal actions must be sorted and distinct"
        if state.is_chance_node():
            if n % every == 0:
                _check_chance_node(game, state, legal)
            action = legal[chooser.below(len(legal))]
            state.apply(action)
            rec.actions.append(action)
            n += 1
            continue
        assert all(0 <= a < game.num_actions for a in legal), "an action is outside the action space"
        seat = state.to_move()
        assert seat is not None and 0 <= seat < players
        if n % every == 0:
            _check_position(game, state, seat, legal, chooser)
            if check is not None:
                check(state)
        action = legal[chooser.below(len(legal))]
        state.apply(action)
        rec.actions.append(action)
        n += 1
        assert n <= max_actions, f"game did not end within {max_actions} actions (seed {seed})"
    assert state.to_move() is None and state.legal_actions() == []
    r = state.returns()
    assert len(r) == players and all(0.0 <= x <= 1.0 for x in r)
    if game.cooperative:   # a team result: everybody wins or everybody loses
        assert len(set(r)) == 1 and set(state.winners()) in (set(), set(range(players)))
        assert r[0] == (1.0 if state.winners() else 0.0)
    else:
        assert abs(sum(r) - (1.0 if state.winners() else 0.0)) < 1e-9
    replayed = rec.replay()
    assert canonical(replayed) == canonical(state), "the record does not replay to the identical state"
    if check is not None:
        check(state)
    return state


def _check_refusal_and_copies(game: Game, state: State, illegal: Optional[int], legal: list[int]) -> str:
    """``illegal`` (if any) is refused and changes nothing; the JSON round trip and a clone
    give the same state with the same legal actions. Returns the state's canonical JSON."""
    before = canonical(state)
    if illegal is not None:
        try:
            state.apply(illegal)
        except IllegalActionError:
            pass
        else:  # pragma: no cover - a failing conformance check
            raise AssertionError(f"illegal action {illegal} was accepted")
        assert canonical(state) == before, "a refused action changed the state"
    again = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert canonical(again) == before, "JSON round trip changed the state"
    assert again.legal_actions() == legal
    assert canonical(state.clone()) == before
    return before


def _check_position(game: Game, state: State, seat: int, legal: list[int], chooser: Rng) -> None:
    illegal = next((a for a in range(game.num_actions) if a not in legal), None)
    before = _check_refusal_and_copies(game, state, illegal, legal)
    # labels exist
    for a in legal:
        assert state.action_label(a), "every legal action needs a label"
    # views are JSON and a determinization keeps what the seat sees
    for viewer in list(range(state.num_players)) + [None]:
        json.dumps(state.view(viewer))
    det = state.resample(seat, chooser.spawn())
    assert det.view(seat) == state.view(seat), "resample changed what the seat can see"
    assert det.legal_actions() == legal, "resample changed the seat's legal actions"
    assert canonical(state) == before, "resample changed the original state"


def _check_chance_node(game: Game, state: State, legal: list[int]) -> None:
    """A chance node: to_move() is CHANCE, its outcomes are the legal actions with positive
    probabilities summing to 1, below the game's bound; the state keeps no generator; a
    non-outcome is refused without change; JSON and clones keep the node."""
    outcomes = state.chance_outcomes()
    assert state.to_move() == CHANCE and [o for o, _ in outcomes] == legal
    assert all(p > 0 for _, p in outcomes) and abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    bound = game.max_chance_outcomes(state.num_players, state.options if hasattr(state, "options") else None)
    assert all(0 <= o < bound for o in legal), "a chance outcome is outside the game's bound"
    assert state.to_json()["rng"] == 0, "an explicit-chance state must hold no random generator"
    _check_refusal_and_copies(game, state, bound, legal)


def play_many(game: Game, player_counts: Iterable[int], seeds: Iterable[int], **kw: Any) -> list[State]:
    return [play_checked(game, p, s, **kw) for p in player_counts for s in seeds]
