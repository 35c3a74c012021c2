"""Every Cosmodrome game as a PettingZoo AEC (agent-environment-cycle) environment.

>>> from cosmodrome.testing import toy
>>> e = env("pocket-race", players=3)
>>> e.reset(seed=7)
>>> e.agent_selection
'player_0'
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), obs["action_mask"].dtype.name
(['action_mask', 'observation'], 'int8')

- Agents are ``player_0`` … ``player_{n-1}`` (seat ``i`` is ``player_i``). The agent to act
  is the seat to move in the game (``state.to_move()``), which need not go round the table.
- An observation is a dict: ``"observation"``, the seat's tensor (see
  :mod:`cosmodrome.adapters.tensor`: built only from ``state.view(seat)``) and
  ``"action_mask"``, an ``int8`` vector over the game's fixed action space with 1 for each
  legal action (all 0 for an agent that is not to move).
- ``reset(seed=s)`` deals Cosmodrome game ``s`` (same seed, same actions → same game); a
  reset without a seed deals the next seed of the environment's own stream.
- Rewards come at the end only: each agent gets its win share (1/k to each of k winners), or
  with ``reward="vp_difference"`` its VP margin over the best other seat (see
  :mod:`cosmodrome.adapters.rewards`).
- ``max_cycles=k`` truncates the game after ``k`` cycles, a cycle being one decision per
  seat (``k * players`` decisions in all, the seats need not take turns): every agent's
  ``truncations`` becomes True with reward 0, as in PettingZoo's own environments; the
  default ``None`` never truncates (every game has a bound on its length).
- ``observation="seat_relative"``: ``"observation"`` is the same entries seen from the
  agent's own seat (seat 0 = the agent, per-seat blocks and seat numbers renumbered from
  it) with counts on a log scale (:class:`cosmodrome.adapters.tensor.SeatRelative`;
  docs/observations/); the metadata's ``observation_version`` ends in ``+seat-relative``.
- ``observation="perfect_recall"``: ``"observation"`` is the seat's perfect-recall
  information state instead (:mod:`cosmodrome.adapters.recall`: its view now, its view at
  the start, every step as it saw it); the game is then played in the explicit chance mode
  from ``Game.deal_state`` (the set-up dealt item by item), the environment choosing each
  chance outcome with its probability from its seeded
  generator (so a seed gives another game than in the default mode, and again the same one
  every time). The metadata's ``observation_version`` ends in ``+recall-v2``.
- The environment's ``state`` is the engine's state in the sampled mode (unless
  ``observation="perfect_recall"``): **its** ``clone()`` **foresees every die and draw**
  (the generator and the pile orders come along). A search of your own should work on
  ``state.resample(seat, rng)`` (a determinization: what ``seat`` cannot see redrawn, the
  future re-seeded), as Cosmodrome's ISMCTS does, or on
  ``cosmodrome.core.chance.future_as_chance(state)`` (the same position with every later
  die, draw and random pick a chance node with its odds).
- ``render_mode="ansi"`` returns the table as text (the game's ``render_text`` of the
  spectators' view), ``"human"`` prints it, ``"rgb_array"`` returns the spectators' view drawn
  by the browser table's renderer (an ``H x W x 3`` ``uint8`` array; needs Playwright and
  Debian's chromium, see :mod:`cosmodrome.adapters.render`).
- An illegal action id raises :class:`~cosmodrome.core.IllegalActionError` (a ValueError)
  naming the legal ones; an unknown game raises UnknownGameError, a bad player count
  PlayerCountError, a bad option OptionError.
"""

from __future__ import annotations

import os
from typing import Any, Mapping, Optional, Union

import numpy as np

from cosmodrome.adapters._deps import require
from cosmodrome.adapters.recall import check_observation, play_chance, recall_layout
from cosmodrome.adapters.render import BoardRenderer
from cosmodrome.adapters.rewards import REWARDS, rewards_of
from cosmodrome.adapters.tensor import layout_version, schema_for, seat_relative
from cosmodrome.core import Game, GameOverError, IllegalActionError, OptionError, Rng, get_game
from cosmodrome.core.recall import Trace

pettingzoo = require("pettingzoo")
gymnasium = require("gymnasium")
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402

RENDER_MODES = ("ansi", "human", "rgb_array")


def _default_players(game: Game) -> int:
    return min(game.max_players, max(game.min_players, 2))


def check_action(action: Any, where: str) -> int:
    """An action id as an int (numpy integers accepted), or a ValueError naming the problem."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action.item()
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise IllegalActionError(f"{where}: an action is a whole number (an action id), not {action!r}")
    return int(action)


class CosmodromeAECEnv(AECEnv):
    """The AEC environment of one Cosmodrome game (make it with :func:`env` or :func:`raw_env`)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "cosmodrome_v0", "is_parallelizable": False,
                "render_fps": 1}

    def __init__(self, game: Union[str, Game], players: Optional[int] = None,
                 options: Optional[Mapping[str, Any]] = None, render_mode: Optional[str] = None,
                 reward: str = "win_share", vp_scale: float = 10.0, observation: str = "view",
                 max_cycles: Optional[int] = None) -> None:
        super().__init__()
        if max_cycles is not None and (isinstance(max_cycles, bool) or not isinstance(max_cycles, int)
                                       or max_cycles < 1):
            raise OptionError(f"max_cycles must be a whole number of at least 1 or None, not {max_cycles!r}")
        self.max_cycles = max_cycles
        self.decisions = 0
        if reward not in REWARDS:
            raise OptionError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.reward, self.vp_scale = reward, vp_scale
        self.game = get_game(game) if isinstance(game, str) else game
        check_observation(observation, self.game)
        self.observation = observation
        self.players = _default_players(self.game) if players is None else players
        self.game.check_players(self.players)
        self.options = self.game.resolve_options(options)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}")
        self.render_mode = render_mode
        self._board = BoardRenderer.for_game(self.game, self.players) if render_mode == "rgb_array" else None
        self.schema = schema_for(self.game, self.players, self.options)
        self._observer = self.schema.observer()   # incremental along the game
        self.recall = recall_layout(self.game, self.players, self.options) if observation == "perfect_recall" else None
        self._relative = seat_relative(self.game, self.players, self.options) \
            if observation == "seat_relative" else None
        #: the observation is the layout's vector of the view (neither recall nor seat-relative)
        self._plain = self.recall is None and self._relative is None
        self._num_actions = self.game.num_actions
        version = self.recall.version if self.recall else layout_version(self.game, self.players, self.options)
        if self._relative is not None:
            version += "+seat-relative"
        self.metadata = dict(self.metadata, name=f"cosmodrome_{self.game.name.replace('-', '_')}_v0",
                             observation_version=version)
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        low, high = (self.recall or self.schema).bounds()
        n = self.game.num_actions
        self._observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            }) for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._seeds = Rng(int.from_bytes(os.urandom(8), "little"))
        self.state = None
        self.trace: Optional[Trace] = None
        self._chance: Optional[Rng] = None
        self.seed_used: Optional[int] = None

    # ----- spaces ----------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    # ----- the cycle -------------------------------------------------------------------------
    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:
            self._seeds = Rng(int(seed))
            game_seed = int(seed)
        else:
            game_seed = self._seeds.below(1 << 31)
        self.seed_used = game_seed
        if self.recall is None:
            self.state = self.game.new_state(self.players, game_seed, self.options)
        else:
            # the set-up dealt item by item, each outcome drawn from the seed's stream
            self.state = self.game.deal_state(self.players, self.options)
            self.trace, self._chance = Trace.begin(self.state), Rng(game_seed).spawn()
            play_chance(self.state, self.trace, self._chance)
        self.agents = self.possible_agents[:]
        self.decisions = 0
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.to_move()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._index[agent]
        state = self.state
        mask = np.zeros(self._num_actions, dtype=np.int8)
        if state.to_move() == seat:
            legal = state.legal_actions()
            if len(legal) < 16:                     # a few ids: cheaper than a fancy index
                for a in legal:
                    mask[a] = 1
            else:
                mask[legal] = 1
        if self._plain:
            return {"observation": self._observer.observe(state, seat), "action_mask": mask}
        if self.recall is not None:
            return {"observation": self.recall.encode(self.trace, state, seat), "action_mask": mask}
        return {"observation": self._relative.observe(state, seat, self._observer), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if self.state.is_terminal():
            raise GameOverError("the game is over: no action can be taken")
        a = action if action.__class__ is int else check_action(action, f"{self.game.name}, {agent}")
        # checked: an illegal action raises IllegalActionError naming the legal ones and leaves
        # the state unchanged; one the agent's observation just listed is checked against the
        # list the state kept (State.kept_legal_actions), not computed again
        if self.recall is None:
            self.state.apply(a)
        else:
            self.trace.apply(self.state, a)
            play_chance(self.state, self.trace, self._chance)
        self._cumulative_rewards[agent] = 0.0
        self.decisions += 1
        if self.state.is_terminal():
            returns = rewards_of(self.state, self.reward, self.vp_scale)
            for i, ag in enumerate(self.possible_agents):
                self.rewards[ag] = float(returns[i])
                self.terminations[ag] = True
            self._accumulate_rewards()
            return
        # before the end every reward is 0 (they come at the end only), so the rewards and
        # their sums are already 0: nothing to clear or add up
        if self.max_cycles is not None and self.decisions >= self.max_cycles * self.players:
            for ag in self.agents:
                self.truncations[ag] = True
        self.agent_selection = self.possible_agents[self.state.to_move()]

    # ----- presentation ----------------------------------------------------------------------
    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (use 'ansi' or 'human')")
            return None
        if self.state is None:
            return None
        if self._board is not None:
            return self._board.frame(self.state.view(None), None)
        text = self.game.render_text(self.state.view(None), None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        if self._board is not None:
            self._board.close()


def raw_env(game: Union[str, Game], players: Optional[int] = None, options: Optional[Mapping[str, Any]] = None,
            render_mode: Optional[str] = None, **kwargs: Any) -> CosmodromeAECEnv:
    """The bare AEC environment (no wrappers); ``reward``/``vp_scale``: see :mod:`cosmodrome.adapters.rewards`."""
    return CosmodromeAECEnv(game, players, options, render_mode, **kwargs)


def env(game: Union[str, Game], players: Optional[int] = None, options: Optional[Mapping[str, Any]] = None,
        render_mode: Optional[str] = None, **kwargs: Any) -> AECEnv:
    """The AEC environment of ``game`` for ``players`` seats, wrapped in PettingZoo's
    order-enforcing wrapper (which refuses a step before ``reset``)."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, players, options, render_mode, **kwargs))
