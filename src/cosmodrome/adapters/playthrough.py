"""Playthroughs in the manner of OpenSpiel's: one generated text per game and chance mode,
so that a change in the rules or the encodings shows as a diff.

Each file plays one seeded game through the OpenSpiel adapter (uniformly random actions and
chance outcomes drawn by their probabilities, ``random.Random(seed)``) and writes the game's
figures, then for each of the first ``steps`` states: who is to move, the chance outcomes
(id, probability, label) or the legal actions (id, label), every seat's observation tensor
(its non-zero entries, ``index:value``) and the action taken; then the number of states
played, the final view and the returns. OpenSpiel's own generator writes every tensor in
full at every state (megabytes per game here), hence this compact form.

Regenerate every file (one command; docs/RESEARCH.md says when)::

    python -m cosmodrome.adapters.playthrough docs/playthroughs --write

``--check`` compares instead and lists the files that differ;
``tests/adapters/test_playthroughs.py`` does the same.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any, Optional

#: (game, players, options) of the playthroughs; each is written in both chance modes
CASES: tuple[tuple[str, int, dict], ...] = (
    ("venus", 2, {}), ("cosmic-run", 2, {}), ("moon", 3, {"advanced": True}), ("mars", 2, {}),
)
MODES = ("explicit", "sampled")
STEPS, SEED = 40, 1


def file_name(game: str, mode: str) -> str:
    return f"{game}-{mode}.txt"


def _sparse(vec: Any) -> str:
    return " ".join(f"{i}:{float(v):.6g}" for i, v in enumerate(vec) if v) or "(zeros)"


def playthrough(game: str, players: int, options: Optional[dict] = None, mode: str = "explicit",
                steps: int = STEPS, seed: int = SEED) -> str:
    """The playthrough text of one game in one chance mode (see the module's text)."""
    import cosmodrome.games  # noqa: F401  (the games)
    from cosmodrome.adapters.openspiel import load_game
    options = dict(options or {})
    g = load_game(game, players=players, sampled_chance=(mode == "sampled"), rng_seed=seed, **options)
    core = g.core_game
    rng = random.Random(seed)
    out = [f"game: {game}", f"players: {players}", f"options: {sorted(options.items())}", f"chance: {mode}",
           f"rules_version: {getattr(core, 'rules_version', 1)}", f"seed: {seed}",
           f"NumDistinctActions() = {g.num_distinct_actions()}", f"MaxChanceOutcomes() = {g.max_chance_outcomes()}",
           f"MaxGameLength() = {g.max_game_length()}", f"ObservationTensorSize() = {g.observation_tensor_size()}",
           f"observation_version: {g.schema.version if hasattr(g.schema, 'version') else '-'}", ""]
    state = g.new_initial_state()
    n = 0
    while not state.is_terminal():
        chance = state.is_chance_node()
        if n < steps:
            out.append(f"# State {n}")
            out.append(f"CurrentPlayer() = {state.current_player()}")
            if chance:
                out.append("ChanceOutcomes() = " + "; ".join(
                    f"{a}:{p:.6g} {state.action_to_string(a)}" for a, p in state.chance_outcomes()))
            else:
                out.append("LegalActions() = " + "; ".join(
                    f"{a} {state.action_to_string(a)}" for a in state.legal_actions()))
            for p in range(players):
                out.append(f"ObservationTensor({p}) = {_sparse(state.observation_tensor(p))}")
        if chance:
            outs = state.chance_outcomes()
            action = rng.choices([a for a, _ in outs], [p for _, p in outs])[0]
        else:
            action = rng.choice(state.legal_actions())
        if n < steps:
            out += [f"action: {action} {state.action_to_string(action)}", ""]
        state.apply_action(action)
        n += 1
    out += [f"# Terminal after {n} states", f"ObservationString(0) = {state.observation_string(0)}",
            f"Returns() = {state.returns()}", ""]
    return "\n".join(out)


def generate(directory: Path, write: bool) -> list[str]:
    """Write (or, ``write`` false, compare) every playthrough; the names of the files that
    differ from what the code plays now."""
    directory = Path(directory)
    if write:
        directory.mkdir(parents=True, exist_ok=True)
    differ = []
    for game, players, options in CASES:
        for mode in MODES:
            path = directory / file_name(game, mode)
            text = playthrough(game, players, options, mode)
            old = path.read_text(encoding="utf-8") if path.is_file() else None
            if old != text:
                differ.append(path.name)
                if write:
                    path.write_text(text, encoding="utf-8")
    return differ


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description="Write or check the playthroughs (docs/playthroughs).")
    ap.add_argument("directory", nargs="?", default="docs/playthroughs")
    ap.add_argument("--write", action="store_true", help="write the files (default: check them)")
    ap.add_argument("--check", action="store_true", help="compare only (the default)")
    a = ap.parse_args(argv)
    differ = generate(Path(a.directory), a.write)
    verb = "rewrote" if a.write else "differ"
    print(f"{verb}: {', '.join(differ)}" if differ else "every playthrough matches")
    return 1 if differ and not a.write else 0


if __name__ == "__main__":
    sys.exit(main())
