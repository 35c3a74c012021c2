"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Cowling, Powley and Whitehouse (2012), "Information Set Monte Carlo Tree Search". One tree
per decision, rooted at the information set of the seat to move (the *observer*). Every
iteration:

1. **Determinize**: ``state.resample(observer, rng)`` — a clone in which everything the
   observer cannot see (other hands, deck and bag order, the random state) has been redrawn.
   The bot never reads the real state's hidden parts: only determinizations are searched.
   Resampling can cost more than the rest of an iteration (shuffling a deck and a bag), so
   the search keeps a pool of ``dets`` determinizations drawn this way and, once the pool is
   full, starts each iteration from a clone of the next one with a fresh random state (so
   dice and draws still differ between iterations).
2. **Select** down the tree by UCB1 over the actions legal *in this determinization*; each
   edge counts how often it was available (its ``avail``), so rarely-legal actions are not
   over-explored (the ISMCTS "availability" correction). The reward used at a node is the
   one of the seat moving there in this determinization, so out-of-turn decisions
   (reactions, crisis choices) are searched from their decider's point of view. Forced
   decisions (a single legal option) are played through without a tree node. At the root,
   the action the game's heuristic bot would take gets a progressive bias
   ``prior / (visits + 1)`` (a move-ordering prior that fades as evidence accumulates).
3. **Expand** one untried action (the heuristic's choice first at the root, else at random;
   with the opponent model, below the root only as far as ``widen`` allows, the model's
   choice first).
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

#: the rollout depth when none is given: games with an ``evaluation()`` hook are cut early
#: (the hook values the position), others are played out (almost) to the end
DEPTH_WITH_EVALUATION = 0
DEPTH_WITHOUT_EVALUATION = 200
#: with an opponent model, rollouts run to the observer's next turn, at most this many decisions
DEPTH_WITH_MODEL = 60
CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}
#: the smallest value of each numeric parameter, and the values of each named one
MINIMUM = {"iters": 1, "depth": 0, "c": 0, "prior": 0, "dets": 0, "turns": 1, "replies": 0, "floor": 0, "widen": 0}
CHOICES = {"rollout": ("random", "heuristic"), "clock": tuple(CLOCKS), "cut": ("depth", "turn"),
           "opp": ("search", "heuristic")}
#: iterations per decision when neither ``iters`` nor ``seconds`` is given
DEFAULT_ITERS = 100
#: the other parameters' defaults (tuned on Onward to Venus against its heuristic bot;
#: docs/bench-history/BENCHMARKS-to-0.2.0.md has the runs)
DEFAULTS: dict[str, Any] = {"c": 0.2, "rollout": "random", "prior": 0.5, "dets": 64, "clock": "wall", "cut": "depth",
                            "early": 1, "opp": "heuristic", "replies": 0, "paired": 1, "turns": 1, "floor": 0,
                            "widen": None, "keep": 0}


class Node:
    """An edge-and-node of the search tree: stats of reaching it by ``action``."""

    __slots__ = ("action", "children", "visits", "avail", "reward", "fav")

    def __init__(self, action: int, players: int) -> None:
        self.action = action
        #: the opponent model's choice at this node's decision (-2: not asked yet)
        self.fav = -2
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = [0.0] * players


def has_evaluation(state: State) -> bool:
    """Whether the game offers the optional ``evaluation()`` hook."""
    return callable(getattr(state, "evaluation", None))


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

    Parameters (``ismcts:iters=100,c=0.2``), defaults in :data:`DEFAULTS`:

    - ``iters``: iterations per decision (default 100; used unless ``seconds`` is given);
    - ``seconds``: time budget per decision instead (not reproducible);
    - ``clock``: what ``seconds`` counts: ``wall`` (default) or ``cpu`` (this thread's CPU
      time — fair on a loaded machine);
    - ``c``: UCB exploration constant (rewards are win shares in [0, 1]); default 0.2,
      sized to the small differences in win share between good moves;
    - ``depth``: rollout cut-off in decisions (default: 60 per looked-ahead turn with an
      opponent model; else 0 when the game has an ``evaluation()`` hook, else 200);
    - ``rollout``: ``random`` (default) or ``heuristic`` (the game's heuristic bot); with an
      opponent model the rollouts to the horizon are always played by the model;
    - ``prior``: weight of the bias ``prior / (visits + 1)`` towards the game's heuristic
      bot's choice (default 0.5; 0 turns it off; ignored for games without a heuristic
      bot) — at the root, and with an opponent model at the searching seat's later
      decisions too;
    - ``opp``: ``heuristic`` (default) — the game's heuristic bot plays every other seat
      inside the search, the tree holds only the searching seat's choices, and each
      iteration looks ahead to the searching seat's next turn; ``search`` — every seat's
      choices are searched by UCB (plain ISMCTS; also what games without a heuristic get);
    - ``turns``: with an opponent model, how many of the searching seat's turns to look
      ahead (default 1: value the position when its next turn starts);
    - ``replies``: with an opponent model, model at most this many other seats' turns
      before valuing the position (default 0: all of them);
    - ``paired``: common random numbers at the root (default 1): the k-th visit of every
      root action starts from the same world (determinization and dice);
    - ``cut``: ``depth`` (default: roll out ``depth`` decisions) or ``turn`` (also stop
      as soon as the observer faces a decision of the root's kind again after another
      seat moved — e.g. its next action menu — so leaves are valued at comparable points);
    - ``early``: with a ``seconds`` budget, stop as soon as the most visited root action
      can no longer be overtaken in the time left (default 1; 0 = always use the budget);
    - ``dets``: size of the pool of determinizations (default 64; 0 = resample every
      iteration);
    - ``widen``: with an opponent model, progressive widening at the searching seat's
      decisions below the root: a node with ``n`` visits has at most
      ``1 + int(widen * sqrt(n))`` children, the model's move first (0: below the root the
      model plays the searching seat's later steps of the turn too; default, or ``inf``: no
      limit, every option is tried before UCB chooses). Each of those steps gets its own
      search when it comes; inside this one, trying every option of it drags the root
      action's estimate down with moves nobody would make (no stronger in short runs);
    - ``keep``: 1 — start the search from the subtree of the seat's previous decision when
      nothing but that decision (and forced moves) came in between and it revealed nothing
      (e.g. the steps of one move); default 0: every search starts afresh;
    - ``floor``: once the budget is spent, go on searching the least visited root actions
      until each has at least this many visits (default 0: none), so that every option's
      estimate rests on some playouts (the move advisor uses it).
    """

    name = "ismcts"
    PARAMS: dict[str, type] = {"iters": int, "seconds": float, "c": float, "depth": int, "rollout": str,
                               "prior": float, "dets": int, "clock": str, "cut": str, "early": int, "opp": str,
                               "replies": int, "paired": int, "turns": int, "floor": int,
                               "widen": float, "keep": int}

    def __init__(self, seed: int = 0, iters: Optional[int] = None, seconds: Optional[float] = None,
                 c: float = DEFAULTS["c"], depth: Optional[int] = None, rollout: str = DEFAULTS["rollout"],
                 prior: float = DEFAULTS["prior"], dets: int = DEFAULTS["dets"], clock: str = DEFAULTS["clock"],
                 cut: str = DEFAULTS["cut"], early: int = DEFAULTS["early"], opp: str = DEFAULTS["opp"],
                 replies: int = DEFAULTS["replies"], paired: int = DEFAULTS["paired"], turns: int = DEFAULTS["turns"],
                 floor: int = DEFAULTS["floor"], widen: Optional[float] = DEFAULTS["widen"],
                 keep: int = DEFAULTS["keep"], **params: Any) -> None:
        given = {k: v for k, v in (("iters", iters), ("seconds", seconds), ("depth", depth)) if v is not None}
        values = {"c": c, "rollout": rollout, "prior": prior, "dets": dets, "clock": clock, "cut": cut,
                  "early": early, "opp": opp, "replies": replies, "paired": paired, "turns": turns,
                  "floor": floor, "widen": widen, "keep": keep}
        given.update((k, v) for k, v in values.items() if v != DEFAULTS[k])
        super().__init__(seed, **given, **params)
        if seconds is not None and not seconds > 0:
            raise OptionError(f"ismcts: seconds must be positive, not {seconds}")
        check = dict(values, iters=iters, depth=depth)
        for key, low in MINIMUM.items():
            if check[key] is not None and check[key] < low:
                bound = "0 or more" if low == 0 else f"at least {low}"
                raise OptionError(f"ismcts: {key} must be {bound}, not {check[key]}")
        for key, allowed in CHOICES.items():
            if check[key] not in allowed:
                raise OptionError(f"ismcts: {key} must be {' or '.join(allowed)}, not {check[key]!r}")
        self.iters = iters if iters is not None or seconds is not None else DEFAULT_ITERS
        self.seconds = seconds
        self.clock = clock
        self.c = c
        self.depth = depth
        self.rollout_kind = rollout
        self.prior = prior
        self.dets = dets
        self.cut = cut
        self.early = bool(early)
        self.opp = opp
        self.replies = replies
        self.paired = bool(paired)
        self.turns = turns
        self.floor = floor
        self.widen = None if widen is None or math.isinf(widen) else widen  # inf: no limit
        self.keep = bool(keep)
        self._kept: Optional[tuple[Node, int, str]] = None
        self._opp_bot: Optional[Bot] = None
        self._stop: Optional[tuple[int, str]] = None
        self._horizon: tuple[int, frozenset] = (0, frozenset())
        self._rollout_bot: Optional[Bot] = None
        self._prior_bot: Optional[Bot] = None
        self._prior_missing = False
        #: the root of the last search (for the advisor and for inspection)
        self.last_root: Optional[Node] = None
        self.last_iterations = 0
        #: the budget's clock time the last search took (on ``clock``)
        self.last_seconds = 0.0
        #: the root action the heuristic prior favoured in the last search (or None)
        self.last_prior_action: Optional[int] = None

    # ----- the decision ------------------------------------------------------------------
    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_root = None
            self.last_iterations = 0
            return legal[0]  # a forced move: a kept subtree already played through it
        root = self.search(state)
        action = best_action(root, legal, state.to_move())
        self._kept = self._keep(state, root, action) if self.keep else None
        return action

    def _keep(self, state: State, root: Node, action: int) -> Optional[tuple[Node, int, str]]:
        """The subtree below ``action``, to start the seat's next search from when that
        search comes right after (only forced moves in between) and the seat has learnt
        nothing by it: the seat's information after ``action`` (and the forced moves) is
        predicted in a determinization and must be what it sees then. A die rolled or a
        card drawn by the action changes it, and the search starts afresh."""
        child = root.children.get(action)
        observer = state.to_move()
        if child is None or observer is None:
            return None
        world = state.resample(observer, self.rng)
        world._apply(action)
        while not world.is_terminal() and world.to_move() == observer:
            legal = world.legal_actions()
            if len(legal) > 1:
                return child, observer, world.information_state_string(observer)
            world._apply(legal[0])
        return None

    def _kept_root(self, state: State, observer: int) -> Optional[Node]:
        """The kept subtree (see :meth:`_keep`) when ``state`` is the position it predicted."""
        kept, self._kept = self._kept, None
        if kept is None or kept[1] != observer or state.information_state_string(observer) != kept[2]:
            return None
        return kept[0]

    def search(self, state: State) -> Node:
        """Run the search from the information set of ``state.to_move()``; return the root."""
        observer = state.to_move()
        if observer is None:
            raise OptionError("ismcts: the game is over, there is nothing to decide")
        players = state.num_players
        root_legal = state.legal_actions()
        rng = self.rng.spawn()  # one fresh stream per decision, drawn from the bot's seed
        clock = CLOCKS[self.clock]
        start = clock()
        root = (self._kept_root(state, observer) if self.keep else None) or Node(-1, players)
        self._ensure_rollout_bot(state, rng)
        model = self._ensure_opponent_model(state, rng)
        depth = self.depth
        if depth is None:
            if model is not None:
                depth = DEPTH_WITH_MODEL * self.turns
            else:
                depth = DEPTH_WITH_EVALUATION if has_evaluation(state) else DEPTH_WITHOUT_EVALUATION
        self._stop = (observer, state.decision_kind()) if self.cut == "turn" else None
        self._horizon = (observer, frozenset(getattr(state.game, "turn_kinds", ()) or (state.decision_kind(),)))
        favoured = self._favoured(state, root_legal)
        self.last_prior_action = favoured
        deadline = None if self.seconds is None else start + self.seconds
        limit = self.iters
        pool: list[State] = []
        size = self.dets
        root_set = set(root_legal)
        done = 0
        spent = False
        while True:
            if not spent:
                spent = done > 0 and clock() >= deadline if deadline is not None else done >= limit
            first = None
            if spent:
                # the budget is spent: only root actions short of the floor are searched on
                first = below_floor(root, root_legal, self.floor)
                if first is None:
                    break
            elif self.paired:
                first = self._root_choice(root, root_legal, favoured, rng, observer)
            if self.paired:
                # common random numbers: the k-th visit of every root action meets world k
                ch = root.children.get(first)
                k = ch.visits if ch is not None else 0
                w = k % size if size else k
                while len(pool) <= w:
                    world = state.resample(observer, rng)
                    if isinstance(getattr(world, "rng", None), Rng):
                        world.rng = rng.spawn()
                    pool.append(world)
                det = pool[w].clone(quiet=True)
            elif size and len(pool) >= size:
                det = pool[done % size].clone(quiet=True)
                if isinstance(getattr(det, "rng", None), Rng):
                    det.rng = rng.spawn()  # fresh dice and draws for this iteration
            else:
                det = state.resample(observer, rng)
                if size:
                    pool.append(det.clone(quiet=True))
            self._iterate(det, root, root_set, favoured, rng, players, depth, first)
            done += 1
            if (not spent and deadline is not None and self.early and done % 16 == 0
                    and decided(root, done, clock() - start, deadline - clock())):
                spent = True
        self.last_root = root
        self.last_iterations = done
        self.last_seconds = clock() - start
        return root

    def _root_choice(self, root: Node, legal: list[int], favoured: Optional[int], rng: Rng, observer: int) -> int:
        """The root action to visit next (``paired`` search): an untried one (the favoured
        first), else the best by UCB1 plus the prior's bias."""
        children = root.children
        untried = [a for a in legal if a not in children]
        if untried:
            if favoured is not None and favoured in untried:
                return favoured
            return untried[rng.below(len(untried))]
        ln_total = math.log(max(1, sum(ch.visits for ch in children.values())))
        best, best_v = legal[0], -1.0
        for a in legal:
            ch = children[a]
            n = ch.visits
            v = ch.reward[observer] / n + self.c * math.sqrt(ln_total / n)
            if a == favoured:
                v += self.prior / (n + 1)
            if v > best_v:
                best_v, best = v, a
        return best

    def _favoured(self, state: State, legal: list[int]) -> Optional[int]:
        """The root action the game's heuristic bot would choose (None without a prior).
        The heuristic bot reads only the seat's view, like every bot."""
        if not self.prior or self._prior_missing:
            return None
        if self._prior_bot is None:
            from cosmodrome.bots.registry import load_heuristic

            if not getattr(state.game, "heuristic_bot", ""):
                self._prior_missing = True
                return None
            self._prior_bot = load_heuristic(state.game, seed=0)
        self._prior_bot.reseed(self.rng.next64() >> 1)
        a = self._prior_bot.choose(state)
        return a if a in legal else None

    # ----- one iteration -------------------------------------------------------------------
    def _iterate(self, det: State, root: Node, root_legal: set[int], favoured: Optional[int], rng: Rng,
                 players: int, depth: int, first: Optional[int] = None) -> None:
        node = root
        path = [root]
        c = self.c
        log = math.log
        sqrt = math.sqrt
        at_root = True
        bias = self.prior
        stop = self._stop
        model = self._opp_bot
        widen = self.widen if model is not None else None
        me, turn_kinds = self._horizon
        replies = self.replies
        seen = 0
        others = False
        while not det.is_terminal():
            legal = det.legal_actions()
            mover = det.to_move()
            if stop is not None and mover != stop[0]:
                others = True
            if model is not None:
                if mover != me:
                    if replies and det.decision_kind() in turn_kinds:
                        seen += 1
                        if seen > replies:
                            return self._backup(path, evaluate(det), players)  # enough replies modelled
                    # the other seats play as the model says: no nodes, the tree is the observer's
                    det._apply(legal[0] if len(legal) == 1 else model.choose(det))
                    continue
                if not at_root and det.decision_kind() in turn_kinds:
                    break  # the horizon: the observer's next turn (the rollout takes it from here)
            if at_root and first is not None:
                # the root action was chosen before the world was (paired search)
                at_root = False
                ch = node.children.get(first)
                det._apply(first)
                if ch is None:
                    ch = node.children[first] = Node(first, players)
                    ch.avail = 1
                    path.append(ch)
                    break
                ch.avail += 1
                node = ch
                path.append(ch)
                continue
            if at_root:
                legal = [a for a in legal if a in root_legal] or legal
            elif len(legal) == 1:
                det._apply(legal[0])  # a forced decision: no node, no choice to learn
                continue
            children = node.children
            if at_root:
                fav = favoured
            elif model is not None:
                fav = node.fav
                if fav == -2:  # the model's move for the observer here: tried first, then favoured
                    fav = node.fav = model.choose(det)
            else:
                fav = None
            untried = []
            for a in legal:
                ch = children.get(a)
                if ch is None:
                    untried.append(a)
                else:
                    ch.avail += 1
            if untried and widen is not None and not at_root:
                # progressive widening below the root: the model's move first, others as visits grow
                if len(legal) - len(untried) >= 1 + int(widen * sqrt(node.visits)):
                    untried = []
            if untried:
                if fav is not None and fav in untried:
                    a = fav
                else:
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
                ch = children.get(a)
                if ch is None:
                    continue  # not yet widened to
                n = ch.visits
                v = ch.reward[mover] / n + c * sqrt(log(ch.avail) / n)
                if a == fav:
                    v += bias / (n + 1)
                if v > best_v:
                    best_v, best = v, ch
            at_root = False
            det._apply(best.action)
            node = best
            path.append(best)
        self._backup(path, self._rollout(det, rng, depth, others, seen), players)

    @staticmethod
    def _backup(path: list[Node], value: list[float], players: int) -> None:
        for n in path:
            n.visits += 1
            r = n.reward
            for i in range(players):
                r[i] += value[i]

    def _rollout(self, det: State, rng: Rng, depth: int, others: bool = False, seen: int = 0) -> list[float]:
        steps = 0
        policy = self._rollout_bot
        stop = self._stop
        me, turn_kinds = self._horizon
        horizon = self._opp_bot is not None
        replies = self.replies
        turns = self.turns
        while steps < depth and not det.is_terminal():
            if horizon and det.decision_kind() in turn_kinds:
                if det.to_move() == me:
                    turns -= 1
                    if turns <= 0:
                        break  # the observer's next turn, or the last one looked at (with an opponent model)
                elif replies:
                    seen += 1
                    if seen > replies:
                        break  # as many other seats' turns as asked for were played
            if stop is not None:
                mover = det.to_move()
                if mover != stop[0]:
                    others = True
                elif others and det.decision_kind() == stop[1]:
                    break  # the observer's next turn: positions compared at the same point
            legal = det.legal_actions()
            if len(legal) == 1:
                a = legal[0]
            elif policy is None:
                a = legal[rng.below(len(legal))]
            else:
                a = policy.choose(det)
            det._apply(a)
            steps += 1
        return evaluate(det)

    def _ensure_opponent_model(self, state: State, rng: Rng) -> Optional[Bot]:
        """With ``opp=heuristic``: the game's heuristic bot, which plays every other seat
        inside the search (None otherwise, or for a game without a heuristic bot). It
        decides from the view of the seat it plays *in the determinization*, so it reads
        only what the search itself made up."""
        if self.opp != "heuristic" or not getattr(state.game, "heuristic_bot", ""):
            self._opp_bot = None
            return None
        from cosmodrome.bots.registry import load_heuristic

        if self._opp_bot is None:
            self._opp_bot = load_heuristic(state.game, seed=0)
        self._opp_bot.reseed(rng.next64() >> 1)
        if self._rollout_bot is None:
            self._rollout_bot = self._opp_bot  # rollouts to the horizon play like the model
        return self._opp_bot

    def _ensure_rollout_bot(self, state: State, rng: Rng) -> None:
        if self.rollout_kind != "heuristic":
            self._rollout_bot = None
            return
        from cosmodrome.bots.registry import load_heuristic

        if self._rollout_bot is None:
            self._rollout_bot = load_heuristic(state.game, seed=0)
        self._rollout_bot.reseed(rng.next64() >> 1)


def below_floor(root: Node, legal: list[int], floor: int) -> Optional[int]:
    """The least visited of the root actions ``legal`` with fewer than ``floor`` visits (the
    first such in ``legal`` on a tie), or None when every one has ``floor`` visits.

    >>> root = Node(-1, 2)
    >>> root.children[3] = Node(3, 2); root.children[3].visits = 5
    >>> below_floor(root, [3, 4], 2), below_floor(root, [3], 2), below_floor(root, [3, 4], 0)
    (4, None, None)
    """
    best, fewest = None, floor
    for a in legal:
        ch = root.children.get(a)
        v = ch.visits if ch is not None else 0
        if v < fewest:
            best, fewest = a, v
    return best


def decided(root: Node, done: int, spent: float, left: float) -> bool:
    """Whether the most visited root action can no longer be overtaken: its lead in visits
    over the runner-up exceeds the iterations the time left would still allow (estimated
    from the rate so far). Used to stop a timed search early."""
    if left <= 0:
        return True
    first = second = 0
    for ch in root.children.values():
        v = ch.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    remaining = done * left / spent if spent > 0 else float("inf")
    return first - second > remaining


def best_action(root: Node, legal: list[int], observer: int) -> int:
    """The most visited root action among ``legal``; ties go to the better mean reward of
    the ``observer``, then to the lower action id (deterministic)."""
    def key(a: int) -> tuple[int, float, int]:
        ch = root.children.get(a)
        if ch is None or ch.visits == 0:
            return (0, 0.0, -a)
        return (ch.visits, ch.reward[observer] / ch.visits, -a)
    return max(legal, key=key)
