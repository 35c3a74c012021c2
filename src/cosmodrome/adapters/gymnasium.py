"""A single-agent Gymnasium environment: one seat of a Cosmodrome game against bots.

>>> from cosmodrome.testing import toy
>>> e = make_env("pocket-race", players=2, opponents="random")
>>> obs, info = e.reset(seed=3)
>>> obs.shape == e.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)

- The agent plays seat ``seat`` (default 0); every other seat is a Cosmodrome bot made by
  ``cosmodrome.bots.make_bot(spec, game, seed)`` from ``opponents`` (one spec for all, or
  one per other seat, e.g. ``"random"``, ``"heuristic"``, ``"ismcts:iters=100"``); if the
  bots package is not there, ``"random"`` falls back to a uniform random bot.
- Observation: the seat's tensor (``Box``, float32; see :mod:`cosmodrome.adapters.tensor`,
  built only from ``state.view(seat)``). Actions: ``Discrete(game.num_actions)``; the legal
  ones are given as ``info["action_mask"]`` (``int8``, 1 = legal). ``action_space.sample()``
  with no mask draws a *legal* action of the current decision (pass ``mask=`` to override).
- ``reset(seed=s)`` seeds everything (the deal and the opponents' seeds); the same seed and
  the same actions give the same episode.
- Reward: 0 until the end, then the seat's win share (1/k for each of k winners, else 0).
- ``observation="seat_relative"``: the same entries seen from the seat's own place (seat
  0 = the agent's seat, per-seat blocks and seat numbers renumbered from it) with counts
  on a log scale (:class:`cosmodrome.adapters.tensor.SeatRelative`; docs/observations/);
  the metadata's ``observation_version`` ends in ``+seat-relative``.
- ``observation="perfect_recall"``: the observation is the seat's perfect-recall information
  state (:mod:`cosmodrome.adapters.recall`); the game runs in the explicit chance mode from
  ``Game.deal_state`` (the set-up dealt item by item), the environment choosing each outcome
  from its seeded generator, and each opponent decides on a determinization for its seat in
  the sampled mode (``chance.sampled_determinization``).
- The environment's ``state`` is the engine's state in the sampled mode (unless
  ``observation="perfect_recall"``): **its** ``clone()`` **foresees every die and draw**
  (the generator and the pile orders come along). A search of your own should work on
  ``state.resample(seat, rng)`` (a determinization: what ``seat`` cannot see redrawn, the
  future re-seeded), as Cosmodrome's ISMCTS does, or on
  ``cosmodrome.core.chance.future_as_chance(state)`` (the same position with every later
  die, draw and random pick a chance node with its odds).
- ``action_masks()`` returns the legal actions as booleans (what sb3-contrib's
  ``MaskablePPO`` asks an environment for); ``info["action_mask"]`` is the same as ``int8``.
- An illegal action raises :class:`~cosmodrome.core.IllegalActionError` (a ValueError)
  naming the legal actions and changes nothing (``illegal_action="raise"``, the default);
  an id outside ``range(num_actions)`` or not a whole number always raises.
  ``illegal_action="random"`` is the lenient choice, when asked for: an id inside the space
  that is not legal now is replaced by a uniformly random legal action and
  ``info["illegal_action"]`` is True. ``action_space.sample()`` without a mask draws a
  legal action of the current decision; a sample drawn for an earlier position (before a
  ``reset``, as Gymnasium's ``check_env`` does) and no longer legal is replaced the same
  way, so ``check_env`` passes with the default.

Registered ids: ``Cosmodrome-<game>-v0`` for every registered game (``gymnasium.make(
"Cosmodrome-venus-v0", players=3, opponents="heuristic")``); :func:`register_envs` adds
games registered later.
"""

from __future__ import annotations

import weakref
from typing import Any, Mapping, Optional, Sequence, Union

import numpy as np

from cosmodrome.adapters._deps import require
from cosmodrome.adapters.pettingzoo import RENDER_MODES, check_action  # noqa: F401  (shared helpers)
from cosmodrome.adapters.recall import check_observation, play_chance, recall_layout
from cosmodrome.adapters.render import BoardRenderer
from cosmodrome.adapters.rewards import REWARDS, rewards_of
from cosmodrome.adapters.tensor import layout_version, schema_for, seat_relative
from cosmodrome.core import Bot, Game, GameOverError, IllegalActionError, OptionError, Rng, State, game_names, get_game
from cosmodrome.core.chance import sampled_determinization
from cosmodrome.core.recall import Trace

#: what ``step`` does with an action id inside the space that is not legal now
ILLEGAL_POLICIES = ("random", "raise")

gymnasium = require("gymnasium")
from gymnasium import spaces  # noqa: E402


class RandomFallbackBot(Bot):
    """Uniform over the legal options (used when cosmodrome.bots is not installed)."""

    name = "random"

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        return legal[self.rng.below(len(legal))]


def _make_bot(spec: str, game: Game, seed: int) -> Bot:
    try:
        from cosmodrome.bots import make_bot
    except ImportError:
        if spec.strip().lower() == "random":
            return RandomFallbackBot(seed)
        raise OptionError(f"opponent {spec!r} needs cosmodrome.bots, which is not available; use 'random'") from None
    return make_bot(spec, game, seed)


class LegalDiscrete(spaces.Discrete):
    """``Discrete(n)`` whose ``sample()`` without a mask draws a legal action of the
    environment's current decision (any action when the environment is gone or over)."""

    def __init__(self, n: int, env: Optional["CosmodromeEnv"] = None, seed: Any = None) -> None:
        super().__init__(n, seed=seed)
        self._env = weakref.ref(env) if env is not None else None

    def sample(self, mask: Optional[np.ndarray] = None, probability: Optional[np.ndarray] = None) -> np.int64:
        env = self._env() if self._env is not None else None
        if mask is None and probability is None and env is not None:
            if env.state is not None and not env.state.is_terminal():
                mask = env.action_mask()
        value = super().sample(mask=mask, probability=probability)
        #: the last legal sample and the environment's position then (see ``stale``)
        self._last = (int(value), None if env is None else env._epoch)
        return value

    def stale(self, action: int, epoch: int) -> bool:
        """Whether ``action`` is this space's last legal sample, drawn for an earlier
        position of the environment (e.g. before a ``reset``): Gymnasium's ``check_env``
        samples before it resets."""
        last = getattr(self, "_last", None)
        return last is not None and last[0] == action and last[1] is not None and last[1] != epoch

    def __getstate__(self) -> dict:
        d = dict(self.__dict__)
        d["_env"] = None
        return d

    def __deepcopy__(self, memo: dict) -> "LegalDiscrete":
        new = LegalDiscrete(int(self.n))
        new.np_random.bit_generator.state = self.np_random.bit_generator.state
        return new


class CosmodromeEnv(gymnasium.Env):
    """One seat of ``game`` against Cosmodrome bots."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(self, game: Union[str, Game] = "venus", players: Optional[int] = None, seat: int = 0,
                 opponents: Union[str, Sequence[str]] = "random", options: Optional[Mapping[str, Any]] = None,
                 render_mode: Optional[str] = None, illegal_action: str = "raise", reward: str = "win_share",
                 vp_scale: float = 10.0, observation: str = "view") -> None:
        super().__init__()
        if reward not in REWARDS:
            raise OptionError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.reward, self.vp_scale = reward, vp_scale
        if illegal_action not in ILLEGAL_POLICIES:
            raise OptionError(f"illegal_action must be one of {', '.join(ILLEGAL_POLICIES)}, not {illegal_action!r}")
        self.illegal_action = illegal_action
        self.game = get_game(game) if isinstance(game, str) else game
        check_observation(observation, self.game)
        self.observation = observation
        self.players = min(self.game.max_players, max(self.game.min_players, 2)) if players is None else players
        self.game.check_players(self.players)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise OptionError(f"seat must be a seat number from 0 to {self.players - 1}, not {seat!r}")
        self.seat = seat
        self.options = self.game.resolve_options(options)
        others = self.players - 1
        specs = [opponents] * others if isinstance(opponents, str) else list(opponents)
        if len(specs) != others:
            raise OptionError(f"{self.game.name} with {self.players} players needs {others} opponent specs, "
                              f"not {len(specs)}")
        for spec in specs:
            _make_bot(spec, self.game, 0)  # fail now on an unknown bot, naming the known ones
        self.opponent_specs = specs
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}")
        self.render_mode = render_mode
        self._board = BoardRenderer.for_game(self.game, self.players) if render_mode == "rgb_array" else None
        self.schema = schema_for(self.game, self.players, self.options)
        self.recall = recall_layout(self.game, self.players, self.options) if observation == "perfect_recall" else None
        self._observer = self.schema.observer()   # incremental along the game
        self._relative = (seat_relative(self.game, self.players, self.options)
                          if observation == "seat_relative" else None)
        version = self.recall.version if self.recall else layout_version(self.game, self.players, self.options)
        if self._relative is not None:
            version += "+seat-relative"
        self.metadata = dict(self.metadata, observation_version=version)
        low, high = (self.recall or self.schema).bounds()
        self.observation_space = spaces.Box(low=low, high=high, dtype=np.float32)
        self.action_space = LegalDiscrete(self.game.num_actions, self)
        self.state: Optional[State] = None
        self.trace: Optional[Trace] = None
        self._chance: Optional[Rng] = None
        self.bots: dict[int, Bot] = {}
        self.seed_used: Optional[int] = None
        #: counts resets and steps: which position a sample of the action space was drawn for
        self._epoch = 0

    # ----- helpers ---------------------------------------------------------------------------
    def action_mask(self) -> np.ndarray:
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        if self.state is not None and self.state.to_move() == self.seat:
            mask[self.state.legal_actions()] = 1
        return mask

    def action_masks(self) -> np.ndarray:
        """The legal actions of the seat now as booleans (sb3-contrib's ``MaskablePPO``
        calls this); all False when the seat is not to move or the game is over."""
        return self.action_mask().astype(bool)

    def _obs(self) -> np.ndarray:
        if self.recall is not None:
            return self.recall.encode(self.trace, self.state, self.seat)
        if self._relative is not None:
            return self._relative.observe(self.state, self.seat, self._observer)
        return self._observer.observe(self.state, self.seat)

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        return {"action_mask": self.action_mask(), "seed": self.seed_used, "illegal_action": illegal}

    def _play_opponents(self) -> None:
        s = self.state
        if self.recall is None:
            while not s.is_terminal() and s.to_move() != self.seat:
                s.apply(self.bots[s.to_move()].choose(s))
            return
        play_chance(s, self.trace, self._chance)
        while not s.is_terminal() and s.to_move() != self.seat:
            seat = s.to_move()
            self.trace.apply(s, self.bots[seat].choose(sampled_determinization(s, seat, self._chance)))
            play_chance(s, self.trace, self._chance)

    # ----- the gymnasium API ---------------------------------------------------------------------
    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        self._epoch += 1
        for _ in range(100):
            game_seed = int(self.np_random.integers(0, 2**31 - 1))
            self.seed_used = game_seed
            if self.recall is None:
                self.state = self.game.new_state(self.players, game_seed, self.options)
            else:
                # the set-up dealt item by item, each outcome drawn from the seed's stream
                self.state = self.game.deal_state(self.players, self.options)
                self.trace, self._chance = Trace.begin(self.state), Rng(game_seed).spawn()
            others = [i for i in range(self.players) if i != self.seat]
            self.bots = {i: _make_bot(spec, self.game, int(self.np_random.integers(0, 2**31 - 1)))
                         for i, spec in zip(others, self.opponent_specs)}
            self._play_opponents()
            if not self.state.is_terminal():
                break
        else:  # pragma: no cover - a game in which the seat never decides
            raise GameOverError(f"{self.game.name}: seat {self.seat} got no decision in 100 deals")
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict]:
        if self.state is None:
            raise GameOverError("call reset() before step()")
        if self.state.is_terminal():
            raise GameOverError("the episode is over: call reset()")
        a = check_action(action, f"{self.game.name}, seat {self.seat}")
        if not 0 <= a < self.game.num_actions:
            raise IllegalActionError(f"{self.game.name}: action {a} is outside the action space "
                                     f"0..{self.game.num_actions - 1}")
        legal = self.state.legal_actions()
        illegal = a not in legal
        if illegal and (self.illegal_action == "random" or self.action_space.stale(a, self._epoch)):
            a = legal[int(self.np_random.integers(len(legal)))]
        self._epoch += 1
        if self.recall is None:
            self.state.apply(a)  # IllegalActionError (ValueError) naming the legal ones; nothing changes
        else:
            self.trace.apply(self.state, a)
        self._play_opponents()
        terminated = self.state.is_terminal()
        reward = rewards_of(self.state, self.reward, self.vp_scale)[self.seat] if terminated else 0.0
        return self._obs(), reward, terminated, False, self._info(illegal)

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (use 'ansi' or 'human')")
            return None
        if self.state is None:
            return None
        if self._board is not None:
            return self._board.frame(self.state.view(self.seat), self.seat)
        text = self.game.render_text(self.state.view(self.seat), self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        if self._board is not None:
            self._board.close()


def env_id(game: str) -> str:
    """The Gymnasium id of a game: ``Cosmodrome-<name>-v0``."""
    return f"Cosmodrome-{game}-v0"


def make_env(game: Union[str, Game], **kwargs: Any) -> CosmodromeEnv:
    """A :class:`CosmodromeEnv` (no Gymnasium wrappers)."""
    return CosmodromeEnv(game, **kwargs)


def register_envs() -> list[str]:
    """Register ``Cosmodrome-<game>-v0`` with Gymnasium for every registered game."""
    ids = []
    for name in game_names():
        gid = env_id(name)
        if gid not in gymnasium.registry:
            gymnasium.register(id=gid, entry_point="cosmodrome.adapters.gymnasium:CosmodromeEnv",
                               kwargs={"game": name})
        ids.append(gid)
    return ids


register_envs()
