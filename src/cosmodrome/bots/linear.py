"""A policy bot that needs no torch: a linear policy in numpy, saved as ``.npz``.

The policy scores every action of the game's fixed action space as ``W @ x + b``, where
``x`` is the seat's observation vector (the game's declared layout, the same the
Gymnasium and PettingZoo adapters give: :mod:`cosmodrome.adapters.tensor`), and plays the
legal action with the best score (``greedy=true``, the default) or samples the legal
actions by their softmax (``greedy=false``). The file holds:

- ``W``: ``(num_actions, observation size)`` float array, ``b``: ``(num_actions,)``;
- ``game``, ``players`` and ``observation_version`` (strings / an int), checked against the
  game and the layout when the bot plays, so a policy never reads a vector laid out for
  another game or another version.

:func:`save_policy` writes such a file; ``docs/examples/reinforce_numpy.py`` trains one by
REINFORCE and the ladder takes it as ``linear:path=FILE``. The file is read with numpy's
``allow_pickle=False``: loading one runs no code. It names a file, so a server never offers
this bot at a table (``FILE_BOTS``).

>>> import tempfile, os, numpy as np
>>> from cosmodrome.testing import toy
>>> from cosmodrome.adapters.tensor import schema_for
>>> size = schema_for(toy.GAME, 2).size
>>> path = os.path.join(tempfile.mkdtemp(), "p.npz")
>>> save_policy(path, toy.GAME, 2, np.zeros((10, size)), np.arange(10.0))
>>> bot = LinearPolicyBot(path=path)
>>> s = toy.GAME.new_state(2, seed=1)
>>> bot.choose(s) == max(s.legal_actions())     # the bias prefers the highest id
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cosmodrome.core import Bot, OptionError, State


def _truth(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise OptionError(f"bot 'linear': greedy is true or false, not {value!r}")


def save_policy(path: str, game: Any, players: int, W: Any, b: Any) -> None:
    """Write a linear policy for ``game`` with ``players`` seats (see the module's text)."""
    from cosmodrome.adapters.tensor import layout_version
    np.savez(path, W=np.asarray(W, dtype=np.float32), b=np.asarray(b, dtype=np.float32),
             game=np.array(game.name), players=np.array(int(players)),
             observation_version=np.array(layout_version(game, players)))


class LinearPolicyBot(Bot):
    """A linear policy over the seat's observation vector, from an ``.npz`` file."""

    name = "linear"
    PARAMS = {"path": str, "greedy": _truth}

    def __init__(self, seed: int = 0, path: str = "", greedy: Any = True) -> None:
        super().__init__(seed, path=path, greedy=greedy)
        if not path:
            raise OptionError("bot 'linear' needs path=FILE, a policy saved as .npz")
        try:
            with np.load(path, allow_pickle=False) as data:
                self.W = np.asarray(data["W"], dtype=np.float64)
                self.b = np.asarray(data["b"], dtype=np.float64)
                self.game_name = str(data["game"])
                self.players = int(data["players"])
                self.version = str(data["observation_version"])
        except (OSError, ValueError, KeyError) as exc:
            raise OptionError(f"bot 'linear': {path} is not a policy file (W, b, game, players, "
                              f"observation_version): {exc}") from None
        if self.W.ndim != 2 or self.b.shape != (self.W.shape[0],):
            raise OptionError(f"bot 'linear': {path} holds W of shape {self.W.shape} and b of shape "
                              f"{self.b.shape}; W must be (actions, inputs) and b (actions,)")
        self.greedy = _truth(greedy)
        self._layout: Any = None

    def _observe(self, state: State, seat: int) -> np.ndarray:
        if self._layout is None:
            from cosmodrome.adapters.tensor import layout_version, schema_for
            game, n = state.game, state.num_players
            if game.name != self.game_name or n != self.players:
                raise OptionError(f"bot 'linear': the policy is for {self.game_name} with {self.players} "
                                  f"players, not {game.name} with {n}")
            version = layout_version(game, n, getattr(state, "options", None))
            if version != self.version:
                raise OptionError(f"bot 'linear': the policy reads observation {self.version}, "
                                  f"the game gives {version}")
            self._layout = schema_for(game, n, getattr(state, "options", None))
            if self._layout.size != self.W.shape[1] or game.num_actions != self.W.shape[0]:
                raise OptionError(f"bot 'linear': W is {self.W.shape}, the game needs "
                                  f"({game.num_actions}, {self._layout.size})")
        return self._layout.observe(state, seat)

    def choose(self, state: State) -> int:
        seat = state.to_move()
        legal = state.legal_actions()
        scores = self.W[legal] @ self._observe(state, seat) + self.b[legal]
        if self.greedy:
            return legal[int(np.argmax(scores))]
        weights = np.exp(scores - scores.max())
        x, acc = self.rng.random() * float(weights.sum()), 0.0
        for a, w in zip(legal, weights):
            acc += float(w)
            if x < acc:
                return a
        return legal[-1]


__all__ = ["LinearPolicyBot", "save_policy"]
