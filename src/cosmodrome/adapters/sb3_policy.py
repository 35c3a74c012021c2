"""A trained MaskablePPO policy (sb3-contrib) as a Cosmodrome bot: ``policy:path=FILE``.

The policy was trained through the Gymnasium adapter
(``docs/examples/train_maskable_ppo.py``): it sees the seat's observation tensor
(:mod:`cosmodrome.adapters.tensor`, built only from ``state.view(seat)``) passed through
:func:`symlog`, and chooses among the legal actions only (the action mask). So the bot reads
nothing its seat may not see. It samples the policy's distribution over the legal actions
with its own seeded generator, so a ladder with it reproduces from its seeds (``greedy=1``
plays the most probable action instead: a policy trained by PPO is a stochastic one, and
its argmax can be much weaker — on Venus, 10% against random where sampling won 60%).

A checkpoint is two files: ``NAME.zip`` (the policy's weights, ``policy.save``) and
``NAME.json`` beside it (the game, player count, options and a fingerprint of the
observation layout it was trained on). A checkpoint of another game or player count, or one
trained on another observation layout, is refused with an error saying so — retrain it
with the example script.

Loading a checkpoint unpickles it (PyTorch's format): load only files you trust. The
server never offers this bot (a seat's bot never names a file on the server).

Needs the ``rl`` extra: ``pip install 'cosmodrome[rl]'`` (sb3-contrib, CPU torch).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Mapping, Optional

import numpy as np

from cosmodrome.adapters._deps import require
from cosmodrome.adapters.tensor import schema_for
from cosmodrome.core import Bot, DataError, Game, OptionError, State, get_game

#: the metadata format of a checkpoint's ``.json`` file
FORMAT = 1


def symlog(x: np.ndarray) -> np.ndarray:
    """``sign(x)·log(1+|x|)``: raw counts and money squeezed to a scale a network learns on,
    with no statistics to store (the same transform in training and play).

    >>> symlog(np.array([0.0, 1.0, -3.0])).round(3).tolist()
    [0.0, 0.693, -1.386]
    """
    return (np.sign(x) * np.log1p(np.abs(x))).astype(np.float32)


def layout_fingerprint(game: Game, players: int, options: Optional[Mapping[str, Any]] = None) -> str:
    """A short hash of the observation layout (the meaning of every tensor entry)."""
    text = "\n".join(schema_for(game, players, options).describe())
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def metadata(game: Game, players: int, options: Optional[Mapping[str, Any]] = None, **extra: Any) -> dict[str, Any]:
    """What a checkpoint's ``.json`` records: what the policy was trained on."""
    opts = game.resolve_options(options)
    return {"format": FORMAT, "game": game.name, "players": players, "options": opts,
            "observation_size": schema_for(game, players, opts).size,
            "layout": layout_fingerprint(game, players, opts), "transform": "symlog", **extra}


def save_checkpoint(policy: Any, path: str | Path, meta: dict[str, Any]) -> Path:
    """Write ``policy`` (an sb3 policy) to ``path`` (``.zip``) and ``meta`` beside it."""
    path = Path(path).with_suffix(".zip")
    path.parent.mkdir(parents=True, exist_ok=True)
    policy.save(str(path))
    path.with_suffix(".json").write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path


def _policies() -> Any:
    """sb3-contrib's maskable policies module (an ImportError naming the rl extra without it)."""
    return require("sb3_contrib.common.maskable.policies")


class PolicyBot(Bot):
    """Plays a trained MaskablePPO policy for its seat: samples the policy's distribution
    over the legal actions with the bot's own seeded generator (``greedy=1``: the most
    probable legal action instead). The observation is encoded with the game options the
    policy was trained with."""

    name = "policy"
    PARAMS: dict[str, type] = {"path": str, "greedy": int}

    def __init__(self, seed: int = 0, path: str = "", greedy: int = 0, policy: Any = None,
                 meta: Optional[dict[str, Any]] = None) -> None:
        super().__init__(seed, path=path, **({"greedy": greedy} if greedy else {}))
        self.greedy = bool(greedy)
        if policy is None:
            policy, meta = load_checkpoint(path)
        self.policy = policy
        self.meta = meta or {}
        self._checked: set[tuple[str, int]] = set()

    def _check(self, state: State) -> None:
        key = (state.game.name, state.num_players)
        if key in self._checked:
            return
        m = self.meta
        if m.get("game") != state.game.name or m.get("players") != state.num_players:
            raise OptionError(f"policy {self.params.get('path')!r} was trained on {m.get('game')} with "
                              f"{m.get('players')} players, not {state.game.name} with {state.num_players}")
        if m.get("layout") != layout_fingerprint(state.game, state.num_players, m.get("options")):
            raise OptionError(f"policy {self.params.get('path')!r} was trained on another observation layout of "
                              f"{state.game.name} (the game's view or options changed): retrain it with "
                              f"docs/examples/train_maskable_ppo.py")
        self._checked.add(key)

    def choose(self, state: State) -> int:
        self._check(state)
        seat = state.to_move()
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = symlog(schema_for(state.game, state.num_players, self.meta.get("options")).encode(state.view(seat)))
        mask = np.zeros(state.game.num_actions, dtype=bool)
        mask[legal] = True
        probs = self._probabilities(obs, mask)
        if self.greedy:
            return int(legal[int(np.argmax(probs[legal]))])
        # sample the policy's distribution with the bot's own generator: reproducible from its seed
        u = self.rng.random() * float(probs[legal].sum())
        for a in legal:
            u -= float(probs[a])
            if u < 0:
                return int(a)
        return int(legal[-1])

    def _probabilities(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        torch = require("torch")
        with torch.no_grad():
            dist = self.policy.get_distribution(torch.as_tensor(obs)[None], action_masks=mask[None])
            return dist.distribution.probs[0].numpy().astype(np.float64)


def load_checkpoint(path: str | Path) -> tuple[Any, dict[str, Any]]:
    """The policy and metadata of the checkpoint at ``path`` (``NAME.zip`` with ``NAME.json``)."""
    if not str(path):
        raise OptionError("the policy bot needs a checkpoint: policy:path=FILE.zip")
    zpath = Path(path)
    if not zpath.is_file():
        raise OptionError(f"policy checkpoint {str(path)!r} not found")
    mpath = zpath.with_suffix(".json")
    try:
        meta = json.loads(mpath.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DataError(f"policy checkpoint {str(path)!r}: its metadata {mpath.name} is missing or "
                        f"malformed ({exc})") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise DataError(f"policy checkpoint {str(path)!r}: {mpath.name} is not format {FORMAT} metadata")
    get_game(str(meta.get("game")))
    try:
        policy = _policies().MaskableActorCriticPolicy.load(str(zpath), device="cpu")
    except Exception as exc:  # torch raises many kinds for a bad file
        raise DataError(f"policy checkpoint {str(path)!r} cannot be loaded: {type(exc).__name__}: {exc}") from None
    policy.set_training_mode(False)
    return policy, meta


def register_bots() -> list[str]:
    """Add ``policy`` to Cosmodrome's bot registry (after checking sb3-contrib is there)."""
    _policies()
    from cosmodrome.bots import registry

    registry.BOTS.setdefault("policy", (PolicyBot, "a trained MaskablePPO policy (path=FILE.zip; the rl extra)"))
    return ["policy"]
