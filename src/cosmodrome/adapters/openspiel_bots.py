"""OpenSpiel's MCTS and ISMCTS bots as Cosmodrome bots, so they sit in Cosmodrome matches and
tournaments on the same budgets as Cosmodrome's own bots.

Both read only what their seat may see: a decision starts from
``state.resample(seat, rng)`` — a determinization in which everything the seat cannot see
has been redrawn — wrapped as a pyspiel state of the game's OpenSpiel adapter
(:mod:`cosmodrome.adapters.openspiel`). Then

- ``openspiel-mcts`` runs ``open_spiel.python.algorithms.mcts.MCTSBot`` (UCT with random
  rollouts, no solver) on that one determinization ("determinized MCTS");
- ``openspiel-ismcts`` runs ``open_spiel.python.algorithms.ismcts.ISMCTSBot``, which redraws
  a fresh determinization for every simulation through ``resample_from_infostate``.

Parameters (spec ``openspiel-ismcts:iters=200,c=0.7``), as for Cosmodrome's ``ismcts``:

- ``iters``: simulations per decision (default 200; used unless ``seconds`` is given);
- ``seconds``: a time budget per decision instead (not reproducible); the search always
  runs until the root has a visited child, however short the budget;
- ``clock``: what ``seconds`` counts: ``wall`` (default) or ``cpu`` (this thread's CPU
  time, fair on a loaded machine), as for Cosmodrome's ``ismcts``;
- ``c``: the UCT exploration constant (rewards are win shares in [0, 1]; default 0.7);
- ``rollouts``: random rollouts per leaf evaluation (default 1).

With ``iters`` and a seed the bots are reproducible: all their randomness comes from the
bot's :class:`~cosmodrome.core.Rng`.

>>> from cosmodrome.testing import toy
>>> bot = OpenSpielISMCTSBot(seed=1, iters=20)
>>> s = toy.GAME.new_state(2, seed=4)
>>> bot.choose(s) in s.legal_actions()
True
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from cosmodrome.adapters._deps import require
from cosmodrome.bots.ismcts import CLOCKS
from cosmodrome.core import Bot, OptionError, State

pyspiel = require("pyspiel")


def _mcts():
    from open_spiel.python.algorithms import mcts
    return mcts


def _ismcts():
    from open_spiel.python.algorithms import ismcts
    return ismcts


class _OpenSpielBot(Bot):
    PARAMS: dict[str, type] = {"iters": int, "seconds": float, "c": float, "rollouts": int, "clock": str}
    DEFAULT_ITERS = 200

    def __init__(self, seed: int = 0, iters: Optional[int] = None, seconds: Optional[float] = None,
                 c: float = 0.7, rollouts: int = 1, clock: str = "wall", **params: Any) -> None:
        given: dict[str, Any] = {k: v for k, v in (("iters", iters), ("seconds", seconds)) if v is not None}
        if c != 0.7:
            given["c"] = c
        if rollouts != 1:
            given["rollouts"] = rollouts
        if clock != "wall":
            given["clock"] = clock
        super().__init__(seed, **given, **params)
        if params:
            raise OptionError(f"{self.name}: unknown parameters {', '.join(sorted(params))} "
                              f"(parameters: {', '.join(sorted(self.PARAMS))})")
        if iters is not None and iters < 1:
            raise OptionError(f"{self.name}: iters must be at least 1, not {iters}")
        if seconds is not None and not seconds > 0:
            raise OptionError(f"{self.name}: seconds must be positive, not {seconds}")
        if c < 0:
            raise OptionError(f"{self.name}: c must be 0 or more, not {c}")
        if rollouts < 1:
            raise OptionError(f"{self.name}: rollouts must be at least 1, not {rollouts}")
        if clock not in CLOCKS:
            raise OptionError(f"{self.name}: clock must be one of {', '.join(CLOCKS)}, not {clock!r}")
        self.iters = iters if iters is not None or seconds is not None else self.DEFAULT_ITERS
        self.seconds = seconds
        self.c = c
        self.rollouts = rollouts
        self.clock = clock
        self._games: dict[tuple[str, int], Any] = {}
        #: simulations run for the last decision
        self.last_iterations = 0

    def _spiel_game(self, state: State) -> Any:
        from cosmodrome.adapters.openspiel import load_game
        key = (state.game.name, state.num_players)
        g = self._games.get(key)
        if g is None:
            g = self._games[key] = load_game(state.game, players=state.num_players)
        return g

    def _budget(self) -> tuple[int, Optional[float], Any]:
        """The simulation limit, the deadline (None: no time budget) and the clock it is on."""
        clock = CLOCKS[self.clock]
        limit = self.iters if self.iters is not None else 1 << 62
        deadline = clock() + self.seconds if self.seconds is not None else None
        return limit, deadline, clock

    def choose(self, state: State) -> int:
        seat = state.to_move()
        if seat is None:
            raise OptionError(f"{self.name}: the game is over, there is nothing to decide")
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        # Only what the seat may see: search a determinization, never the real state.
        det = state.resample(seat, self.rng.spawn())
        game = self._spiel_game(state)
        root = game.state_from_core(det)
        np_rng = np.random.RandomState(self.rng.below(2**31 - 1))
        action = int(self._search(game, root, np_rng))
        if action not in legal:  # cannot happen with a consistent resample; stay legal anyway
            action = legal[np_rng.randint(len(legal))]
        return action

    def _search(self, game: Any, root: Any, np_rng: np.random.RandomState) -> int:
        raise NotImplementedError


class OpenSpielMCTSBot(_OpenSpielBot):
    """OpenSpiel's MCTS (UCT, random rollouts) on one determinization per decision."""

    name = "openspiel-mcts"

    def _search(self, game: Any, root: Any, np_rng: np.random.RandomState) -> int:
        mcts = _mcts()
        evaluator = mcts.RandomRolloutEvaluator(self.rollouts, np_rng)
        limit, deadline, clock = self._budget()
        owner = self

        class _Budgeted(mcts.MCTSBot):
            def mcts_search(self, state):  # the library's loop (solver off) with a time budget
                top = mcts.SearchNode(None, state.current_player(), 1)
                n = 0
                while True:
                    visit_path, working = self._apply_tree_policy(top, state)
                    if working.is_terminal():
                        returns = working.returns()
                        visit_path[-1].outcome = returns
                    else:
                        returns = self.evaluator.evaluate(working)
                    while visit_path:
                        i = -1
                        while visit_path[i].player == pyspiel.PlayerId.CHANCE:
                            i -= 1
                        target = returns[visit_path[i].player]
                        node = visit_path.pop()
                        node.total_reward += target
                        node.explore_count += 1
                    n += 1
                    # the first simulation only evaluates the root: stop no sooner than
                    # the root is expanded, whatever the budget (else there is no child)
                    if not top.children:
                        continue
                    if n >= limit or (deadline is not None and clock() >= deadline):
                        break
                owner.last_iterations = n
                return top

        bot = _Budgeted(game, self.c, limit if limit < 1 << 30 else 1 << 30, evaluator,
                        solve=False, random_state=np_rng)
        return bot.step(root)


class OpenSpielISMCTSBot(_OpenSpielBot):
    """OpenSpiel's ISMCTS (a fresh determinization per simulation, most-visited action)."""

    name = "openspiel-ismcts"

    def _search(self, game: Any, root: Any, np_rng: np.random.RandomState) -> int:
        mcts, ismcts = _mcts(), _ismcts()
        evaluator = mcts.RandomRolloutEvaluator(self.rollouts, np_rng)
        limit, deadline, clock = self._budget()
        owner = self

        class _Budgeted(ismcts.ISMCTSBot):
            def run_search(self, state):  # the library's loop with a time budget
                self.reset()
                legal = state.legal_actions()
                if len(legal) == 1:
                    return [(legal[0], 1.0)]
                self._root_node = self.create_new_node(state)
                key = self.get_state_key(state)
                n = 0
                while True:
                    sampled = self.sample_root_state(state)
                    assert key == self.get_state_key(sampled), "resample changed the information state"
                    self.run_simulation(sampled)
                    n += 1
                    # the first simulation only expands the root: stop no sooner than a
                    # root action has a visit, whatever the budget (else no policy exists)
                    if self._root_node.total_visits <= 0:
                        continue
                    if n >= limit or (deadline is not None and clock() >= deadline):
                        break
                owner.last_iterations = n
                return self.get_final_policy(state, self._root_node)

        bot = _Budgeted(game, evaluator, self.c, limit if limit < 1 << 30 else 1 << 30,
                        random_state=np_rng)
        # seeded redraws (the default sampler is not seeded)
        bot.set_resampler(lambda st, pl: st.resample_from_infostate(pl, np_rng.uniform))
        return bot.step(root)


#: spec name -> (bot class, one-line description), in the shape of cosmodrome.bots.registry.BOTS
OPENSPIEL_BOTS: dict[str, tuple[type, str]] = {
    "openspiel-mcts": (OpenSpielMCTSBot,
                       "OpenSpiel's MCTS on one determinization (iters=, seconds=, clock=, c=, rollouts=)"),
    "openspiel-ismcts": (OpenSpielISMCTSBot, "OpenSpiel's ISMCTS (iters=, seconds=, clock=, c=, rollouts=)"),
}


def register_bots() -> list[str]:
    """Add the OpenSpiel bots to Cosmodrome's bot registry (``make_bot``, ``--bots``) when it
    offers the ``BOTS`` table; returns the names added."""
    try:
        from cosmodrome.bots import registry
    except ImportError:
        return []
    table = getattr(registry, "BOTS", None)
    if not isinstance(table, dict):
        return []
    for key, entry in OPENSPIEL_BOTS.items():
        table.setdefault(key, entry)
    return sorted(OPENSPIEL_BOTS)
