"""Train MaskablePPO (sb3-contrib) on a two-player Cosmodrome game against the random bot.

    pip install -e '.[rl]'          # sb3-contrib, stable-baselines3, CPU torch
    python docs/examples/train_maskable_ppo.py venus --steps 60000
    python docs/examples/train_maskable_ppo.py cosmic-run --steps 60000

The agent plays through the Gymnasium adapter (``cosmodrome.adapters.gymnasium``), one
environment per seat (seats 0 and 1 alternate across the vectorised environments, so the
policy learns both), its observation passed through ``symlog`` and its choices limited to
the legal actions by the action mask. Every ``--eval-every`` steps the policy (sampled, as the
ladder's ``policy`` bot plays it) plays ``--eval-games`` games on fixed seeds, half from
each seat, against each of the random bot and the game's heuristic bot (``--eval-against``):
the learning curve is its win share against the steps.

Writes ``docs/examples/checkpoints/GAME-2p.zip`` (+ ``.json``: what it was trained on),
``docs/ppo-GAME.png`` (the learning curve) and ``docs/ppo-GAME.json`` (its numbers). The
checkpoint then sits on the ladder:
``cosmodrome ladder GAME --bots random,heuristic,policy:path=docs/examples/checkpoints/GAME-2p.zip``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import gymnasium
import numpy as np

try:  # the rl extra, not in the default install
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.wrappers import ActionMasker
    from stable_baselines3.common.vec_env import DummyVecEnv
except ImportError as exc:
    raise SystemExit(f"this example needs the rl extra ({exc.name or exc} is not installed): "
                     "pip install -e '.[rl]'") from None

from cosmodrome.adapters.gymnasium import make_env
from cosmodrome.adapters.sb3_policy import PolicyBot, metadata, save_checkpoint, symlog
from cosmodrome.bots import make_bot
from cosmodrome.core import get_game
from cosmodrome.lab.seeds import game_seed

DOCS = Path(__file__).resolve().parents[1]


class SymlogObservation(gymnasium.ObservationWrapper):
    """The adapter's observation through :func:`symlog` (what the policy bot feeds it too)."""

    def __init__(self, env: gymnasium.Env) -> None:
        super().__init__(env)
        shape = env.observation_space.shape
        self.observation_space = gymnasium.spaces.Box(-np.inf, np.inf, shape, np.float32)

    def observation(self, observation: np.ndarray) -> np.ndarray:
        return symlog(observation)


def make_seat_env(game: str, players: int, seat: int):
    def build() -> gymnasium.Env:
        env = make_env(game, players=players, seat=seat, opponents="random", illegal_action="raise")
        return ActionMasker(SymlogObservation(env), lambda e: e.unwrapped.action_mask().astype(bool))
    return build


def evaluate(bot: PolicyBot, game: str, players: int, games: int, seed: int, opponent: str = "random") -> float:
    """The policy's mean win share against ``opponent`` bots on ``games`` fixed deals, seat rotated."""
    g = get_game(game)
    total = 0.0
    for i in range(games):
        seat = i % players
        state = g.new_state(players, game_seed(seed, i), {})
        bots = [bot if s == seat else make_bot(opponent, g, game_seed(seed + 1, i * players + s))
                for s in range(players)]
        while not state.is_terminal():
            state.apply(bots[state.to_move()].choose(state))
        total += state.returns()[seat]
    return total / games


def plot(curve: list[dict], game: str, path: Path, fair: float, opponents: list[str]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.5, 4))
    steps = [p["steps"] for p in curve]
    for opp, colour in zip(opponents, ("#4C72B0", "#55A868", "#8172B2")):
        share = [p["against"][opp]["win_share"] for p in curve]
        lo = [p["against"][opp]["ci"][0] for p in curve]
        hi = [p["against"][opp]["ci"][1] for p in curve]
        ax.fill_between(steps, lo, hi, alpha=0.15, color=colour)
        ax.plot(steps, share, marker="o", color=colour, label=f"against {opp} (95% CI shaded)")
    ax.axhline(fair, color="#C44E52", linestyle="--", linewidth=1, label=f"fair share {100 * fair:.0f}%")
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(plt.FuncFormatter(lambda y, _: f"{100 * y:.0f}%"))
    ax.set_xlabel("agent steps")
    ax.set_ylabel("win share of the trained policy")
    ax.set_title(f"{game}, 2 players: MaskablePPO trained against the random bot")
    ax.legend(loc="best", fontsize=8, framealpha=0.8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> dict:
    from cosmodrome.lab.stats import wilson

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=["venus", "cosmic-run"])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--steps", type=int, default=50000, help="agent steps of training")
    ap.add_argument("--eval-every", type=int, default=10000, help="steps between evaluations")
    ap.add_argument("--eval-games", type=int, default=40, help="games an evaluation and opponent (half each seat)")
    ap.add_argument("--eval-against", default="random,heuristic", help="opponents of the evaluations")
    ap.add_argument("--envs", type=int, default=4, help="environments stepped together (seats alternate)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=DOCS / "examples" / "checkpoints", help="checkpoint folder")
    ap.add_argument("--plot-dir", type=Path, default=DOCS, help="folder of the learning curve (PNG and JSON)")
    args = ap.parse_args(argv)
    if min(args.steps, args.eval_every, args.eval_games, args.envs) < 1:
        ap.error("--steps, --eval-every, --eval-games and --envs must be at least 1")

    torch.set_num_threads(1)  # a small network: one thread is as fast, and kinder to a shared machine
    g = get_game(args.game)
    venv = DummyVecEnv([make_seat_env(g.name, args.players, i % args.players) for i in range(args.envs)])
    venv.seed(args.seed)
    model = MaskablePPO("MlpPolicy", venv, n_steps=256, batch_size=256, n_epochs=4, learning_rate=3e-4,
                        gamma=0.995, ent_coef=0.01, seed=args.seed, device="cpu", verbose=0)
    meta = metadata(g, args.players, {}, algorithm="MaskablePPO (sb3-contrib 2.9.2)", opponents="random",
                    seed=args.seed)
    bot = PolicyBot(policy=model.policy, meta=meta)
    curve = []
    t0 = time.perf_counter()

    opponents = [o for o in args.eval_against.split(",") if o]

    def record() -> None:
        model.policy.set_training_mode(False)
        point = {"steps": int(model.num_timesteps), "against": {}}
        for opp in opponents:
            share = evaluate(bot, g.name, args.players, args.eval_games, seed=10_000 + args.seed, opponent=opp)
            lo, hi = wilson(share * args.eval_games, args.eval_games)
            point["against"][opp] = {"win_share": share, "ci": [lo, hi]}
        point["seconds"] = round(time.perf_counter() - t0, 1)
        curve.append(point)
        print(f"{g.name}: {model.num_timesteps:>7} steps, win share "
              + ", ".join(f"{100 * v['win_share']:.1f}% against {k}" for k, v in point["against"].items())
              + f", {point['seconds']:.0f} s", flush=True)

    name = f"{g.name}-{args.players}p"
    args.plot_dir.mkdir(parents=True, exist_ok=True)

    def save() -> dict:
        """The checkpoint, the curve and its numbers as they are now (so a stopped run keeps them)."""
        meta["steps"] = int(model.num_timesteps)
        ckpt = save_checkpoint(model.policy, args.out / name, meta)
        plot(curve, g.name, args.plot_dir / f"ppo-{g.name}.png", fair=1 / args.players, opponents=opponents)
        summary = {"game": g.name, "players": args.players, "steps": int(model.num_timesteps), "seed": args.seed,
                   "eval_every": args.eval_every, "eval_games": args.eval_games, "envs": args.envs,
                   "curve": curve, "checkpoint": ckpt.name}
        (args.plot_dir / f"ppo-{g.name}.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
        return summary

    record()
    while model.num_timesteps < args.steps:
        model.learn(total_timesteps=args.eval_every, reset_num_timesteps=False)
        record()
        summary = save()
    print(f"checkpoint {args.out / name}.zip, curve {args.plot_dir / f'ppo-{g.name}.png'}")
    return summary


if __name__ == "__main__":
    main()
