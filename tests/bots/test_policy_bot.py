"""The trained-policy bot (``policy:path=...``) and the MaskablePPO training example.

Both need the ``rl`` extra (sb3-contrib and torch), which the default install leaves out
because torch is large: without it these tests are skipped, saying so. The server's refusal
of the file-loading bot needs nothing and always runs."""

from __future__ import annotations

import json
import runpy
from pathlib import Path

import pytest

from cosmodrome.core import DataError, OptionError, get_game
from cosmodrome.server.seatbots import seat_bot

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "train_maskable_ppo.py"
NO_RL = "the rl extra (sb3-contrib, torch) is not installed: pip install -e '.[rl]'"


def test_a_table_never_loads_a_file_named_by_a_client():
    with pytest.raises(OptionError, match="loads a file"):
        seat_bot("policy:path=/etc/passwd", get_game("venus"), 0)
    with pytest.raises(OptionError, match="loads a file"):
        seat_bot(" Policy : path=x.zip", get_game("venus"), 0)


def _rl():
    try:
        import sb3_contrib  # noqa: F401
    except ImportError:
        pytest.skip(NO_RL)


@pytest.fixture
def checkpoint(tmp_path):
    """An untrained MaskablePPO policy for Cosmic Run, 2 players, saved as a checkpoint."""
    _rl()
    from sb3_contrib import MaskablePPO

    from cosmodrome.adapters.gymnasium import make_env
    from cosmodrome.adapters.sb3_policy import metadata, save_checkpoint

    g = get_game("cosmic-run")
    env = make_env(g, players=2)
    model = MaskablePPO("MlpPolicy", env, seed=1, device="cpu", n_steps=64)
    return save_checkpoint(model.policy, tmp_path / "cr", metadata(g, 2))


def test_the_policy_bot_plays_legal_reproducible_games(checkpoint):
    from cosmodrome.lab.runner import GameTask, play_game

    task = GameTask("cosmic-run", 2, 5, (f"policy:path={checkpoint}", "random"))
    first = play_game(task)  # State.apply refuses an illegal move, so every move was legal
    again = play_game(task)
    assert first.key() == again.key() and first.decisions > 10
    greedy = GameTask("cosmic-run", 2, 5, (f"policy:path={checkpoint},greedy=1", "random"))
    assert play_game(greedy).key() == play_game(greedy).key()


def test_the_policy_bot_refuses_the_wrong_checkpoint(checkpoint, tmp_path):
    from cosmodrome.bots import make_bot

    venus = get_game("venus").new_state(2, seed=1)
    with pytest.raises(OptionError, match="trained on cosmic-run with 2 players"):
        make_bot(f"policy:path={checkpoint}", "venus", 0).choose(venus)
    with pytest.raises(OptionError, match="not found"):
        make_bot(f"policy:path={tmp_path / 'missing.zip'}", "venus", 0)
    meta = json.loads(checkpoint.with_suffix(".json").read_text())
    meta["layout"] = "0" * 16
    checkpoint.with_suffix(".json").write_text(json.dumps(meta))
    state = get_game("cosmic-run").new_state(2, seed=1)
    with pytest.raises(OptionError, match="another observation layout"):
        make_bot(f"policy:path={checkpoint}", "cosmic-run", 0).choose(state)
    checkpoint.with_suffix(".json").write_text("{not json")
    with pytest.raises(DataError, match="malformed"):
        make_bot(f"policy:path={checkpoint}", "cosmic-run", 0)


def test_the_training_example_writes_a_curve_and_a_checkpoint_the_ladder_loads(tmp_path):
    _rl()
    from cosmodrome.lab.ladder import Ladder

    main = runpy.run_path(str(EXAMPLE))["main"]
    out = main(["cosmic-run", "--steps", "512", "--eval-every", "512", "--envs", "2", "--eval-games", "2",
                "--eval-against", "random", "--out", str(tmp_path / "ck"), "--plot-dir", str(tmp_path)])
    assert [p["steps"] for p in out["curve"]] == [0, 512]
    assert all(0 <= p["against"]["random"]["win_share"] <= 1 for p in out["curve"])
    assert (tmp_path / "ppo-cosmic-run.png").read_bytes().startswith(b"\x89PNG")
    assert json.loads((tmp_path / "ppo-cosmic-run.json").read_text())["steps"] == 512
    ckpt = tmp_path / "ck" / "cosmic-run-2p.zip"
    lad = Ladder("cosmic-run", ["random", f"policy:path={ckpt}"], deals=1, seed=3)
    a = lad.analyse(lad.run())
    assert {r["bot"] for r in a["rows"]} == {"random", f"policy:path={ckpt}"} and a["games"] == 2
