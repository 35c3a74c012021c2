"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Cowling, Powley and Whitehouse (2012), "Information Set Monte Carlo Tree Search". One tree
per decision, rooted at the information set of the seat to move (the *observer*). Every
iteration:

1. **Determinize**: ``state.resample(observer, rng)`` — a clone in which everything the
   observer cannot see (other hands, deck and bag order, the random state) has been redrawn.
   The bot never reads the real state's hidden parts: only the determinization is searched.
2. **Select** down the tree by UCB1 over the actions legal *in this determinization*; each
   edge counts how often it was available (its ``avail``), so rarely-legal actions are not
   over-explored (the ISMCTS "availability" correction). The reward used at a node is the
   one of the seat moving there in this determinization, so out-of-turn decisions
   (reactions, crisis choices) are searched from their decider's point of view.
3. **Expand** one untried action.
4. **Roll out** with a cheap policy (uniform random, or the game's heuristic bot) for at
   most ``depth`` decisions.
5. **Evaluate**: ``returns()`` when the game ended; otherwise a heuristic value (see
   :func:`evaluate`).
6. **Back-propagate** the per-seat reward vector along the path.

The decision is the most visited root action. With a budget in iterations and a seed, the
search is reproducible: all its randomness comes from the bot's own :class:`Rng`.
"""

from __future__ import annotations

import math
import time
from typing import Any, Optional

from cosmodrome.core import Bot, OptionError, Rng, State


class Node:
    """An edge-and-node of the search tree: stats of reaching it by ``action``."""

    __slots__ = ("action", "children", "visits", "avail", "reward")

    def __init__(self, action: int, players: int) -> None:
        self.action = action
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = [0.0] * players


def evaluate(state: State) -> list[float]:
    """The value of a (possibly unfinished) determinization for each seat, in [0, 1].

    Terminal: ``returns()``. Otherwise a game may offer ``state.evaluation()`` (an optional
    hook returning an estimated win share per seat); failing that, a softmax of the scores
    with a temperature of the score spread, so the leader gets most of the share and equal
    scores share equally.

    >>> from cosmodrome.testing import toy
    >>> s = toy.GAME.new_state(2, seed=1)
    >>> evaluate(s)
    [0.5, 0.5]
    """
    if state.is_terminal():
        return list(state.returns())
    hook = getattr(state, "evaluation", None)
    if callable(hook):
        return list(hook())
    scores = state.scores()
    n = len(scores)
    hi, lo = max(scores), min(scores)
    if hi == lo:
        return [1.0 / n] * n
    temp = max(1.0, (hi - lo) / 2.0)
    ex = [math.exp((s - hi) / temp) for s in scores]
    tot = sum(ex)
    return [e / tot for e in ex]


class ISMCTSBot(Bot):
    """Information-set MCTS for the seat to move.

    Parameters (``ismcts:iters=500,c=0.7``):

    - ``iters``: iterations per decision (default 500; used unless ``seconds`` is given);
    - ``seconds``: wall-clock budget per decision instead (not reproducible);
    - ``c``: UCB exploration constant (rewards are win shares in [0, 1]); default 0.7;
    - ``depth``: rollout cut-off in decisions (default 200);
    - ``rollout``: ``random`` (default) or ``heuristic`` (the game's heuristic bot).
    """

    name = "ismcts"
    PARAMS: dict[str, type] = {"iters": int, "seconds": float, "c": float, "depth": int, "rollout": str}

    def __init__(self, seed: int = 0, iters: Optional[int] = None, seconds: Optional[float] = None,
                 c: float = 0.7, depth: int = 200, rollout: str = "random", **params: Any) -> None:
        given = {k: v for k, v in (("iters", iters), ("seconds", seconds)) if v is not None}
        if c != 0.7:
            given["c"] = c
        if depth != 200:
            given["depth"] = depth
        if rollout != "random":
            given["rollout"] = rollout
        super().__init__(seed, **given, **params)
        if iters is not None and iters < 1:
            raise OptionError(f"ismcts: iters must be at least 1, not {iters}")
        if seconds is not None and not seconds > 0:
            raise OptionError(f"ismcts: seconds must be positive, not {seconds}")
        if depth < 0:
            raise OptionError(f"ismcts: depth must be 0 or more, not {depth}")
        if c < 0:
            raise OptionError(f"ismcts: c must be 0 or more, not {c}")
        if rollout not in ("random", "heuristic"):
            raise OptionError(f"ismcts: rollout must be random or heuristic, not {rollout!r}")
        self.iters = iters if iters is not None or seconds is not None else 500
        self.seconds = seconds
        self.c = c
        self.depth = depth
        self.rollout_kind = rollout
        self._rollout_bot: Optional[Bot] = None
        #: the root of the last search (for the advisor and for inspection)
        self.last_root: Optional[Node] = None
        self.last_iterations = 0

    # ----- the decision ------------------------------------------------------------------
    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_root = None
            self.last_iterations = 0
            return legal[0]
        root = self.search(state)
        return best_action(root, legal, state.to_move())

    def search(self, state: State) -> Node:
        """Run the search from the information set of ``state.to_move()``; return the root."""
        observer = state.to_move()
        if observer is None:
            raise OptionError("ismcts: the game is over, there is nothing to decide")
        players = state.num_players
        root_legal = set(state.legal_actions())
        rng = self.rng.spawn()  # one fresh stream per decision, drawn from the bot's seed
        root = Node(-1, players)
        self._ensure_rollout_bot(state, rng)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.iters
        done = 0
        while True:
            if deadline is not None:
                if done > 0 and time.perf_counter() >= deadline:
                    break
            elif done >= limit:
                break
            self._iterate(state, observer, root, root_legal, rng, players)
            done += 1
        self.last_root = root
        self.last_iterations = done
        return root

    # ----- one iteration -------------------------------------------------------------------
    def _iterate(self, state: State, observer: int, root: Node, root_legal: set[int], rng: Rng,
                 players: int) -> None:
        det = state.resample(observer, rng)
        node = root
        path = [root]
        c = self.c
        log = math.log
        sqrt = math.sqrt
        at_root = True
        while not det.is_terminal():
            legal = det.legal_actions()
            if at_root:
                legal = [a for a in legal if a in root_legal] or legal
                at_root = False
            mover = det.to_move()
            children = node.children
            untried = []
            for a in legal:
                ch = children.get(a)
                if ch is None:
                    untried.append(a)
                else:
                    ch.avail += 1
            if untried:
                a = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                child = Node(a, players)
                child.avail = 1
                children[a] = child
                det._apply(a)
                path.append(child)
                break
            best = None
            best_v = -1.0
            for a in legal:
                ch = children[a]
                v = ch.reward[mover] / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                if v > best_v:
                    best_v, best = v, ch
            det._apply(best.action)
            node = best
            path.append(best)
        value = self._rollout(det, rng)
        for n in path:
            n.visits += 1
            r = n.reward
            for i in range(players):
                r[i] += value[i]

    def _rollout(self, det: State, rng: Rng) -> list[float]:
        steps = 0
        policy = self._rollout_bot
        limit = self.depth
        while steps < limit and not det.is_terminal():
            if policy is None:
                legal = det.legal_actions()
                a = legal[rng.below(len(legal))] if len(legal) > 1 else legal[0]
            else:
                a = policy.choose(det)
            det._apply(a)
            steps += 1
        return evaluate(det)

    def _ensure_rollout_bot(self, state: State, rng: Rng) -> None:
        if self.rollout_kind != "heuristic":
            self._rollout_bot = None
            return
        from cosmodrome.bots.registry import load_heuristic

        if self._rollout_bot is None:
            self._rollout_bot = load_heuristic(state.game, seed=0)
        self._rollout_bot.reseed(rng.next64() >> 1)


def best_action(root: Node, legal: list[int], observer: int) -> int:
    """The most visited root action among ``legal``; ties go to the better mean reward of
    the ``observer``, then to the lower action id (deterministic)."""
    def key(a: int) -> tuple[int, float, int]:
        ch = root.children.get(a)
        if ch is None or ch.visits == 0:
            return (0, 0.0, -a)
        return (ch.visits, ch.reward[observer] / ch.visits, -a)
    return max(legal, key=key)
