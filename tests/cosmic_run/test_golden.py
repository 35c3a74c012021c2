"""Golden playthroughs: seeded games written out as transcripts and compared on every run.
Set COSMODROME_REGEN_GOLDEN=1 to write them again after an intended change."""

import os
from pathlib import Path

import pytest

from cosmodrome.core import Rng
from cosmodrome.games.cosmic_run import GAME
from cosmodrome.games.cosmic_run.heuristic import CosmicRunHeuristic

GOLDEN = Path(__file__).with_name("golden")
CASES = {
    "two_player_random_side_a": (2, 11, {}, ("random", "random")),
    "two_player_heuristic_friendly_b": (2, 12, {"side": "B", "friendly": True}, ("heuristic", "random")),
    "two_player_heuristic_rapid_fire": (2, 13, {"rapid_fire": True}, ("heuristic", "heuristic")),
    "solo_heuristic_novice": (1, 14, {"novice": True}, ("heuristic",)),
}


def transcript(players, seed, opts, seats):
    s = GAME.new_state(players, seed, opts)
    bots = [CosmicRunHeuristic(seed=seed) if k == "heuristic" else None for k in seats]
    r = Rng(seed)
    out = [f"# Cosmic Run golden game: players={players} seed={seed} options={sorted(opts.items())} seats={seats}"]
    out += [e.text for e in s.initial_events]
    while not s.is_terminal():
        seat = s.to_move()
        la = s.legal_actions()
        a = bots[seat].choose(s) if bots[seat] else la[r.below(len(la))]
        out.append(f"> {s.seat_name(seat)} [{s.decision_kind()}] {a}: {s.action_label(a)}")
        out += [e.text for e in s.apply(a)]
    out.append(GAME.render_text(s.view(None), None))
    out.append(f"returns={s.returns()} scores={s.scores()} summary={sorted(s.summary().items())}")
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name):
    text = transcript(*CASES[name])
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("COSMODROME_REGEN_GOLDEN") == "1" or not path.exists():
        if not os.environ.get("COSMODROME_REGEN_GOLDEN") == "1":
            pytest.fail(f"golden file {path.name} is missing; run with COSMODROME_REGEN_GOLDEN=1")
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{name} changed; regenerate if intended"
