"""The runner and the executors: determinism, seeds, serial == processes."""

from __future__ import annotations

import pytest

from cosmodrome.core import OptionError, UnknownGameError
from cosmodrome.lab import GameTask, game_seed, make_task, play_game, run_tasks
from cosmodrome.lab.executor import chunked
from cosmodrome.lab.runner import bot_seed, play_chunk


def tasks(n, master=1, bots=("ismcts:iters=20", "random", "random")):
    return [make_task("pocket-race", len(bots), game_seed(master, i), list(bots), {"rounds": 3}, index=i)
            for i in range(n)]


def test_play_game_is_deterministic_and_complete():
    t = make_task("pocket-race", 3, 42, ["ismcts:iters=30", "random", "random"])
    a, b = play_game(t), play_game(t)
    assert a.key() == b.key()
    assert a.decisions == 3 * 4  # 4 rounds of 3 seats
    assert len(a.returns) == len(a.scores) == 3
    assert abs(sum(a.returns) - 1.0) < 1e-9 and a.winners
    assert all(a.returns[w] > 0 for w in a.winners)
    assert a.seconds > 0
    # the same game replays from its seed alone
    assert play_game(make_task("pocket-race", 3, 43, ["random"] * 3)).key() != a.key()


def test_seeds_derive_from_the_master_seed():
    seeds = [game_seed(7, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert seeds == [game_seed(7, i) for i in range(1000)]
    assert game_seed(8, 0) != game_seed(7, 0)
    assert all(0 <= s < 2 ** 62 for s in seeds)
    assert bot_seed(5, 0) != bot_seed(5, 1)


def test_serial_and_process_backends_give_identical_results():
    ts = tasks(24)
    serial = run_tasks(ts, workers=1)
    seen = []
    procs = run_tasks(ts, workers=2, on_result=lambda r: seen.append(r.index))
    assert [r.key() for r in serial] == [r.key() for r in procs]
    assert sorted(seen) == list(range(24))
    assert [r.index for r in procs] == list(range(24))


def test_chunks_cover_every_task_once():
    ts = tasks(37, bots=("random", "random"))
    for w in (1, 2, 5):
        chunks = chunked(ts, w)
        assert [t.index for c in chunks for t in c] == list(range(37))


def test_worker_imports_the_module_that_registers_the_game():
    t = make_task("pocket-race", 2, 1, ["random", "random"])
    assert t.modules == ("cosmodrome.testing.toy",)
    assert play_chunk([t])[0]["decisions"] == 8


def test_bad_tasks_and_backends_raise_clear_errors():
    with pytest.raises(UnknownGameError):
        play_game(GameTask("no-such-game", 2, 1, ("random", "random")))
    with pytest.raises(OptionError, match="unknown backend 'slurm'"):
        run_tasks(tasks(1), backend="slurm")
    with pytest.raises(OptionError, match="--workers"):
        run_tasks(tasks(1), workers=0)
    with pytest.raises(OptionError, match="unknown bot"):
        run_tasks([make_task("pocket-race", 2, 1, ["random", "wizard"])], workers=2)
