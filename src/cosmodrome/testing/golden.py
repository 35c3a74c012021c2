"""Golden playthroughs: a seeded game written out as a transcript (setup, every decision with
its label, every log line, the final table and returns) and compared with a stored file.

>>> from cosmodrome.testing import toy
>>> text = transcript(toy.GAME, 2, 1, {}, [None, None])
>>> text.startswith("# pocket-race golden game: players=2 seed=1")
True
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional, Sequence

from cosmodrome.core import Bot, Game, Rng


def transcript(game: Game, players: int, seed: int, options: dict, bots: Sequence[Optional[Bot]],
               heading: Optional[str] = None) -> str:
    """Play a game, ``bots[seat]`` choosing for its seat (None: seeded random choices);
    ``heading`` names the game on the first line (default: its registry name)."""
    s = game.new_state(players, seed, options)
    r = Rng(seed)
    names = tuple(b.name if b else "random" for b in bots)
    out = [f"# {heading or game.name} golden game: players={players} seed={seed} "
           f"options={sorted(options.items())} seats={names}"]
    out += [e.text for e in s.initial_events]
    while not s.is_terminal():
        seat = s.to_move()
        legal = s.legal_actions()
        a = bots[seat].choose(s) if bots[seat] else legal[r.below(len(legal))]
        out.append(f"> {s.seat_name(seat)} [{s.decision_kind()}] {a}: {s.action_label(a)}")
        out += [e.text for e in s.apply(a)]
    out.append(game.render_text(s.view(None), None))
    out.append(f"returns={s.returns()} scores={s.scores()} summary={sorted(s.summary().items())}")
    return "\n".join(out) + "\n"


def check_golden(path: Path, text: str) -> Optional[str]:
    """Compare ``text`` with the file at ``path`` (written first when COSMODROME_REGEN_GOLDEN=1);
    the problem in words, or None when they agree."""
    if os.environ.get("COSMODROME_REGEN_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    if not path.exists():
        return f"golden file {path.name} is missing; run with COSMODROME_REGEN_GOLDEN=1"
    if text != path.read_text(encoding="utf-8"):
        return f"{path.stem} changed; regenerate with COSMODROME_REGEN_GOLDEN=1 if intended"
    return None
