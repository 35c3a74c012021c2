"""Play one game with given bots and seed and return a compact, JSON-ready result.

A :class:`GameTask` names everything a game needs (game, players, seed, options, one bot
spec per seat) and is small and picklable, so the same task runs in this process, in a
worker process or on a Ray worker and gives the same :class:`GameResult` (only
``seconds`` differs).

>>> from cosmodrome.testing import toy
>>> r = play_game(GameTask("pocket-race", 2, seed=7, bots=("random", "random")))
>>> r.decisions, len(r.scores)
(8, 2)
>>> play_game(GameTask("pocket-race", 2, seed=7, bots=("random", "random"))).key() == r.key()
True
"""

from __future__ import annotations

import importlib
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Optional

from cosmodrome.core import CosmodromeError, get_game
from cosmodrome.lab.seeds import derive_seed

#: a game that does not end after this many decisions is reported as an error
MAX_DECISIONS = 200_000


@dataclass(frozen=True)
class GameTask:
    game: str
    players: int
    seed: int
    bots: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()
    #: the game's index in its batch (tournament game number)
    index: int = 0
    #: modules to import before looking the game up (games registered on import, e.g. tests')
    modules: tuple[str, ...] = ()

    def options_dict(self) -> dict[str, Any]:
        return dict(self.options)


@dataclass
class GameResult:
    index: int
    seed: int
    bots: list[str]
    winners: list[int]
    returns: list[float]
    scores: list[float]
    decisions: int
    summary: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "GameResult":
        return cls(**d)

    def key(self) -> dict[str, Any]:
        """Everything but the wall time: equal for equal seeds on every backend."""
        d = self.to_json()
        d.pop("seconds")
        return d


def game_module(game: Any) -> str:
    """The module that registers ``game`` (imported by workers before the lookup)."""
    return type(game).__module__


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game seeded ``game_seed``."""
    return derive_seed(game_seed, 1 + seat)


def play_game(task: GameTask) -> GameResult:
    """Play ``task`` to the end. Bots are built fresh, each seeded from the game seed and its seat."""
    for mod in task.modules:
        importlib.import_module(mod)
    from cosmodrome.bots import make_bot

    t0 = time.perf_counter()
    game = get_game(task.game)
    state = game.new_state(task.players, task.seed, task.options_dict())
    if len(task.bots) != task.players:
        raise CosmodromeError(f"{len(task.bots)} bots given for {task.players} seats")
    bots = [make_bot(spec, game, bot_seed(task.seed, seat), allow_import=True) for seat, spec in enumerate(task.bots)]
    decisions = 0
    while not state.is_terminal():
        seat = state.to_move()
        state.apply(bots[seat].choose(state))
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise CosmodromeError(f"{task.game} seed {task.seed}: no end after {MAX_DECISIONS} decisions")
    return GameResult(
        index=task.index, seed=task.seed, bots=list(task.bots), winners=list(state.winners()),
        returns=[float(x) for x in state.returns()], scores=[float(x) for x in state.scores()],
        decisions=decisions, summary=_jsonable(state.summary()), seconds=time.perf_counter() - t0)


def play_chunk(tasks: list[GameTask]) -> list[dict[str, Any]]:
    """Play several tasks in one worker call (less overhead per game); JSON-ready results."""
    return [play_game(t).to_json() for t in tasks]


def _jsonable(x: Any) -> Any:
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    return str(x)


def make_task(game: str, players: int, seed: int, bots: list[str], options: Optional[dict[str, Any]] = None,
              index: int = 0) -> GameTask:
    """A task for a registered game, remembering the module that registers it."""
    g = get_game(game)
    return GameTask(g.name, players, seed, tuple(bots), tuple(sorted((options or {}).items())), index,
                    (game_module(g),))
