"""A self-play Gymnasium vector environment: many games of one Cosmodrome game stepped
together in one process, with batched observations and action masks.

>>> import numpy as np
>>> from cosmodrome.testing import toy
>>> v = VectorEnv("pocket-race", num_envs=3, players=2)
>>> obs, info = v.reset(seed=1)
>>> obs.shape == (3, v.single_observation_space.shape[0]), info["action_mask"].shape == (3, v.game.num_actions)
(True, True)
>>> obs, reward, terminated, truncated, info = v.step(info["action_mask"].argmax(axis=1))
>>> reward.shape, bool(truncated.any())
((3,), False)

- Game ``i`` is Cosmodrome game ``seed + i`` at ``reset(seed=...)``; a finished game is dealt
  again at once (the next seed of that slot: ``seed + i + k * num_envs``), so every call of
  :meth:`step` is one decision in every game: ``num_envs`` agent steps.
- Every seat acts through the environment (self-play): row ``i`` of the observation is the
  tensor of the seat to move in game ``i`` (``info["to_move"]``), built from that seat's
  view only (:func:`cosmodrome.adapters.tensor.schema_for`), and ``info["action_mask"]`` its
  legal actions (``int8``, one row per game).
- ``reward[i]``: when game ``i`` ends with the step, the reward of the seat that acted
  (``reward="win_share"``: its share of the win; ``"vp_difference"``: its score minus the best
  other score, divided by ``vp_scale``), else 0; ``info["returns"]`` holds every seat's
  rewards of the games that ended (rows of zeros for the others). ``terminated[i]`` says
  game ``i`` ended (the observation is then already the new game's first).
- Gymnasium's same-step autoreset conventions (``metadata["autoreset_mode"]`` is
  ``SAME_STEP``), laid out as Gymnasium's ``SyncVectorEnv`` lays them out: when game ``i``
  ends, ``info["final_obs"][i]`` is its final observation (the terminal position seen by the
  seat that acted, the seat ``reward[i]`` is for), and ``info["final_info"]`` is a dict of
  batched arrays: ``["returns"][i]`` (every seat's reward), ``["seat"][i]`` and
  ``["observations"][i]`` (every seat's final observation, one row per seat), each with its
  mask (``info["final_info"]["_returns"]``...); the masks ``info["_final_obs"]`` and
  ``info["_final_info"]`` mark the games that ended. The keys are there only in a step where
  a game ended.
- ``observation="seat_relative"``: the rows seen from the seat to move's own place (seat 0 =
  the observer, counts on a log scale: :class:`cosmodrome.adapters.tensor.SeatRelative`, as
  the PettingZoo and Gymnasium environments give it); the metadata's
  ``observation_version`` then ends in ``+seat-relative``. The final observations are in
  the same form, each from its own seat.
- An action that is not legal raises IllegalActionError naming the game and the legal ones;
  the actions are checked before any game moves, so a bad one changes nothing.
"""

from __future__ import annotations

from itertools import chain
from typing import Any, Optional, Union

import numpy as np

from cosmodrome.adapters._deps import require
from cosmodrome.adapters.rewards import REWARDS, rewards_of
from cosmodrome.adapters.tensor import layout_version, schema_for, seat_relative
from cosmodrome.core import Game, IllegalActionError, OptionError, get_game

gymnasium = require("gymnasium")
from gymnasium import spaces  # noqa: E402


class VectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games of ``game`` for ``players`` seats, stepped together."""

    #: the observations it offers (the perfect-recall tensor is the PettingZoo and Gymnasium
    #: environments')
    OBSERVATIONS = ("view", "seat_relative")

    def __init__(self, game: Union[str, Game], num_envs: int = 16, players: Optional[int] = None,
                 options: Optional[dict] = None, reward: str = "win_share", vp_scale: float = 10.0,
                 observation: str = "view") -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        self.players = min(self.game.max_players, max(self.game.min_players, 2)) if players is None else players
        self.game.check_players(self.players)
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise OptionError(f"num_envs must be a whole number of at least 1, not {num_envs!r}")
        if reward not in REWARDS:
            raise OptionError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if observation not in self.OBSERVATIONS:
            raise OptionError(f"observation must be one of {', '.join(self.OBSERVATIONS)}, not {observation!r} "
                              "(the perfect-recall tensor: the PettingZoo or Gymnasium environment)")
        self.reward, self.vp_scale = reward, vp_scale
        self.num_envs = num_envs
        self.options = self.game.resolve_options(options)
        self.layout = schema_for(self.game, self.players, self.options)
        low, high = self.layout.bounds()
        self.single_observation_space = spaces.Box(low=low, high=high, dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.game.num_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)
        self._relative = seat_relative(self.game, self.players, self.options) if observation == "seat_relative" \
            else None
        version = layout_version(self.game, self.players, self.options)
        self.metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP,
                         "observation_version": version + ("+seat-relative" if self._relative else "")}
        self._legal: list = [[] for _ in range(num_envs)]   # per game: its legal actions now
        self._shown_at: Optional[tuple] = None   # the (rows, columns) the masks show now
        self._game_ids = np.arange(num_envs)
        self._obs = np.zeros((num_envs, self.layout.size), dtype=np.float32)
        # each game's row, as its observer keeps it (seat-relative: the absolute rows, turned
        # into the observations once a step)
        self._absolute = np.zeros_like(self._obs) if self._relative is not None else self._obs
        self._rows = list(self._absolute)
        # one incremental observer per game (a declared layout's; the fallback encodes the
        # view), keeping its game's row up to date in place
        self._observers = [self.layout.observer(row) for row in self._rows]
        self._mask = np.zeros((num_envs, self.game.num_actions), dtype=np.int8)
        self._to_move = np.zeros(num_envs, dtype=np.int64)
        self._seats = [0] * num_envs      # the seat to move per game (``_to_move`` once a step)
        self.states: list = []
        self._next_seed: list[int] = []

    def _deal(self, i: int) -> None:
        self.states[i] = self.game.new_state(self.players, self._next_seed[i], self.options)
        self._next_seed[i] += self.num_envs

    def _observe(self, i: int) -> None:
        s = self.states[i]
        seat = self._seats[i] = s.to_move()
        self._observers[i].observe(s, seat, self._rows[i])
        self._legal[i] = s.legal_actions()

    def _masks(self) -> None:
        """Every game's mask at once: the last ones cleared, the legal actions set (two scatters
        for the whole batch instead of two per game, their indices gathered in C)."""
        mask, legal = self._mask, self._legal
        if self._shown_at is not None:
            mask[self._shown_at] = 0
        at = (np.repeat(self._game_ids, list(map(len, legal))),
              np.fromiter(chain.from_iterable(legal), dtype=np.intp))
        mask[at] = 1
        self._shown_at = at

    def _turn(self) -> None:
        """Seat-relative: every game's observation from its absolute row, seen from the seat to
        move (one gather and one scaling for the whole batch)."""
        if self._relative is not None:
            self._relative.apply_rows(self._absolute, self._seats, self._obs)

    def _info(self, returns: np.ndarray) -> dict[str, Any]:
        self._to_move[:] = self._seats
        return {"action_mask": self._mask.copy(), "to_move": self._to_move.copy(), "returns": returns}

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        base = 0 if seed is None else int(seed)
        self._next_seed = [base + i for i in range(self.num_envs)]
        self.states = [None] * self.num_envs
        for i in range(self.num_envs):
            self._deal(i)
            self._observe(i)
        self._masks()
        self._turn()
        return self._obs.copy(), self._info(np.zeros((self.num_envs, self.players), dtype=np.float32))

    def step(self, actions):
        acts = np.asarray(actions).reshape(-1)
        if acts.shape != (self.num_envs,):
            raise IllegalActionError(f"step needs one action per game ({self.num_envs}), not {acts.shape[0]}")
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        returns = np.zeros((self.num_envs, self.players), dtype=np.float32)
        done = np.zeros(self.num_envs, dtype=bool)
        if acts.dtype.kind not in "iu":
            raise IllegalActionError(f"actions are whole numbers (action ids), not {acts.dtype} values")
        acts = acts.astype(np.int64, copy=False)
        inside = (acts >= 0) & (acts < self.game.num_actions)
        ok = inside.copy()
        ok[inside] = self._mask[np.flatnonzero(inside), acts[inside]] == 1
        if not ok.all():   # checked before any game moves: a bad action changes nothing
            i = int(np.flatnonzero(~ok)[0])
            raise IllegalActionError(f"game {i}: action {int(acts[i])} is not legal; legal: {self._legal[i]}")
        seats, states, observers, rows, legal = self._seats, self.states, self._observers, self._rows, self._legal
        finals: list = []
        for i, a in enumerate(acts.tolist()):
            s = states[i]
            s._apply(a)   # legal: the mask says so (its legal actions were read from this state)
            if s.is_terminal():
                seat = seats[i]
                r = rewards_of(s, self.reward, self.vp_scale)
                returns[i] = r
                rewards[i] = r[seat]
                done[i] = True
                finals.append((i, seat, self._final_rows(i, s)))
                self._deal(i)
                s = states[i]
            # the seat to move, its observation (in the game's row, in place), its legal actions
            seat = seats[i] = s.to_move()
            observers[i].observe(s, seat, rows[i])
            legal[i] = s.legal_actions()
        self._masks()
        self._turn()
        info = self._info(returns)
        if finals:
            self._finals(info, finals, returns, done)
        return self._obs.copy(), rewards, done, np.zeros(self.num_envs, dtype=bool), info

    def _final_rows(self, i: int, s: Any) -> np.ndarray:
        """Every seat's observation of the finished game ``s`` of slot ``i`` (one row per
        seat), written by the slot's own observer (only what changed since its last
        observation: the same entries as a fresh encoding), before the next game's deal."""
        observer, row, rel = self._observers[i], self._rows[i], self._relative
        every = np.empty((self.players, self.layout.size), dtype=np.float32)
        for p in range(self.players):
            observer.observe(s, p, row)
            if rel is None:
                every[p] = row
            else:
                rel.apply(row, p, every[p])
        return every

    def _finals(self, info: dict, finals: list, returns: np.ndarray, done: np.ndarray) -> None:
        """Gymnasium's same-step autoreset keys, laid out by Gymnasium's own ``_add_info`` (as
        its ``SyncVectorEnv`` does): the final observation and info of each game that ended in
        this step."""
        for i, seat, every in finals:
            self._add_info(info, {"final_obs": every[seat],
                                  "final_info": {"returns": returns[i].copy(), "seat": seat,
                                                 "observations": every}}, i)
