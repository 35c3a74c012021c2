"""The lab commands end to end: simulate, tournament, balance, reports and bad input."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import lab_helpers  # noqa: F401  (registers "pocket-race-v")
import pytest

from cosmodrome.cli.main import main

PNG = b"\x89PNG\r\n\x1a\n"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_png(path: Path):
    data = path.read_bytes()
    assert data.startswith(PNG), path
    import matplotlib.image as mpimg

    img = mpimg.imread(path)
    assert img.shape[0] > 200 and img.shape[1] > 300
    assert img.std() > 0.01  # not a blank canvas


def section(out: str, title: str) -> str:
    start = out.index(title)
    return out[start:start + 800]


def test_simulate_prints_a_summary(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "simulate", "pocket-race", "-n", "40", "--players", "3", "--seed", "5")
    assert code == 0, err
    for words in ("40 games", "3 players", "games per second", "mean decisions per game", "12.0",
                  "Winners by seat", "mean VP", "End causes", "normal"):
        assert words in out, words
    assert not (tmp_path / "runs").exists()  # simulate stores nothing unless asked
    # the same seeds on two worker processes give the same table
    code, out2, _ = run(capsys, "simulate", "pocket-race", "-n", "40", "--players", "3", "--seed", "5",
                        "--workers", "2")
    assert code == 0
    assert section(out, "Winners by seat") == section(out2, "Winners by seat")


def test_simulate_tallies_dict_summaries_and_writes_a_report(tmp_path, monkeypatch, capsys):
    from cosmodrome.testing.toy import PocketState

    monkeypatch.setattr(PocketState, "summary", lambda self: {
        "end": "normal" if max(self.tracks) >= 8 else "too slow",
        "crises": {f"Track:{min(self.tracks) // 5}": 1}, "draws": len(self.deck)})
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "simulate", "pocket-race", "-n", "30", "--players", "2", "--report", "rep")
    assert code == 0, err
    assert "crises (by entry)" in out and "Track:" in out and "Counters" in out and "draws" in out
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "crises" in md and "![crises](crises.png)" in md
    for png in ("win_share_by_seat.png", "vp_by_seat.png", "end_causes.png", "crises.png"):
        assert_png(tmp_path / "rep" / png)


def test_tournament_stores_reports_and_resumes(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    argv = ["tournament", "pocket-race", "--bots", "ismcts:iters=30,random", "-n", "10", "--seed", "2",
            "--db", "t.sqlite", "--report", "rep"]
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert "10 games" in out and "TrueSkill" in out and "Win share by seat" in out
    with sqlite3.connect(tmp_path / "t.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 10
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "| ismcts:iters=30 | 10 |" in md and "95% CI" in md and "TrueSkill" in md
    for png in ("win_share_by_bot.png", "win_share_by_seat.png", "vp_by_bot.png"):
        assert_png(tmp_path / "rep" / png)
    code, out2, _ = run(capsys, *argv)
    assert code == 0 and "all 10 games already stored" in out2
    with sqlite3.connect(tmp_path / "t.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 10


def test_tournament_default_paths_are_under_runs(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "tournament", "pocket-race", "--bots", "random,random", "-n", "3")
    assert code == 0, err
    assert "rounded up to 4" in out
    assert (tmp_path / "runs" / "lab.sqlite").is_file()
    reports = list((tmp_path / "runs").glob("tournament-*/report.md"))
    assert len(reports) == 1


def test_balance_with_variant_compares_with_confidence_intervals(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "thin.json").write_text(json.dumps({"copies": 1}))
    code, out, err = run(capsys, "balance", "pocket-race-v", "-n", "60", "--players", "2",
                         "--variant", "thin.json", "--report", "bal")
    assert code == 0, err
    assert "Variant − default" in out and "win share seat 1" in out
    md = (tmp_path / "bal" / "report.md").read_text()
    assert "## Default" in md and "## Variant" in md and "## Variant against default" in md
    assert "decisions per game" in md and "VP spread" in md
    for png in ("win_share_by_seat.png", "vp_by_seat.png", "end_causes.png"):
        assert_png(tmp_path / "bal" / png)
    # both arms are stored; a re-run plays nothing new
    with sqlite3.connect(tmp_path / "runs" / "lab.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 120


@pytest.mark.parametrize("argv, words", [
    (["simulate", "chess", "-n", "5"], "unknown game 'chess'"),
    (["simulate", "pocket-race", "-n", "0"], "at least 1"),
    (["simulate", "pocket-race", "-n", "-3"], "at least 1"),
    (["simulate", "pocket-race", "--players", "9"], "2 to 4 players"),
    (["simulate", "pocket-race", "--bots", "genius"], "unknown bot 'genius'"),
    (["simulate", "pocket-race", "--option", "rounds"], "key=value"),
    (["simulate", "pocket-race", "--option", "rounds=many"], "rounds"),
    (["simulate", "pocket-race", "--workers", "0"], "--workers"),
    (["simulate", "pocket-race", "--backend", "slurm"], "unknown backend"),
    (["tournament", "pocket-race", "--bots", "random,random,random", "--players", "2"], "3 bots given for 2 players"),
    (["tournament", "pocket-race", "--bots", "random,heuristic"], "no heuristic bot"),
    (["tournament", "pocket-race", "--bots", "ismcts:iters=x,random"], "expects a whole number"),
    (["tournament", "nope", "--bots", "random,random"], "unknown game 'nope'"),
    (["balance", "pocket-race", "-n", "0"], "at least 1"),
    (["balance", "pocket-race-v", "-n", "5", "--variant", "missing.json"], "does not exist"),
    (["balance", "pocket-race-v", "-n", "5", "--variant", "bad.json"], "bad component file"),
    (["balance", "pocket-race-v", "-n", "5", "--variant", "five.json"], "copies must be 1 to 8"),
    (["balance", "pocket-race", "-n", "5", "--variant", "five.json"], "no option 'components'"),
])
def test_bad_input_is_one_clear_line_exit_2_and_writes_nothing(tmp_path, monkeypatch, capsys, argv, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.json").write_text("{not json")
    (tmp_path / "five.json").write_text(json.dumps({"copies": 12}))
    before = sorted(p.name for p in tmp_path.iterdir())
    code, out, err = run(capsys, *argv)
    assert code == 2
    lines = [ln for ln in err.strip().splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], err
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no database, no report


def test_installed_command_reports_bad_input():
    exe = Path(sys.executable).parent / "cosmodrome"
    proc = subprocess.run([str(exe), "tournament", "no-such-game", "--bots", "random,random"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.strip().startswith("error: unknown game 'no-such-game'")
    proc = subprocess.run([str(exe), "simulate", "--help"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "--workers" in proc.stdout and "--backend" in proc.stdout
