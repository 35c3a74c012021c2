"""Golden playthroughs: seeded random games written out as text transcripts (each
decision's seat, label and the log), compared on every run. Regenerate with
COSMODROME_REGEN_GOLDEN=1 after an intended change of behaviour."""

from pathlib import Path

import pytest

from cosmodrome.core import Rng
from cosmodrome.games.venus import GAME
from cosmodrome.testing.golden import check_golden

GOLDEN = Path(__file__).with_name("golden")
CASES = [(2, 101), (3, 202), (4, 303), (5, 404)]


def transcript(players: int, seed: int) -> str:
    s = GAME.new_state(players, seed=seed)
    r = Rng(seed)
    lines = [f"# Onward to Venus, {players} players, seed {seed}"]
    lines += ["  " + e.text for e in s.log]
    while not s.is_terminal():
        la = s.legal_actions()
        a = la[r.below(len(la))]
        lines.append(f"> {s.seat_name(s.to_move())} [{s.decision_kind()}] {a}: {s.action_label(a)}")
        for e in s.apply(a):
            lines.append("  " + e.text)
    lines.append(f"= {s.end_cause}; VP {s.scores()}; winners {s.winners()}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("players,seed", CASES)
def test_golden(players, seed):
    problem = check_golden(GOLDEN / f"venus-{players}p-seed{seed}.txt", transcript(players, seed))
    assert problem is None, problem
