#!/usr/bin/env python3
"""How long a person waits at the browser table while the bots play: one person and Easy bots
(``heuristic``) at a table served in this process (FastAPI's test client, a temporary SQLite
file), the bots paced by ``--bot-delay`` (the ``cosmodrome serve`` default, 0.6 s).

The person (seat 0) answers each of its decisions with the first option offered as soon as it
is asked; the script measures, for every stretch of bot decisions between two of the
person's decisions, the time from the person's move to its next question (the wait), and
how many bot decisions were taken meanwhile (the first stretch, which also waits for the bot
worker process to start, is reported apart). It also times the bots' thinking alone (the
worker's job: the state from JSON, a fresh bot, its choice) on the same kind of game.

    .venv/bin/python bench/table_pace.py --game moon --players 4 --turns 12
    .venv/bin/python bench/table_pace.py --game moon --players 5 --advanced --turns 12

Wall-clock figures: note the machine's load with them (docs/BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from cosmodrome.core import get_game
from cosmodrome.server.app import create_app
from cosmodrome.server.botpool import Job, decide


def thinking(game: str, players: int, options: dict, n: int) -> list[float]:
    """Seconds per bot decision, as a worker takes it, over the first ``n`` decisions of a
    game of Easy bots."""
    g = get_game(game)
    s = g.new_state(players, 7, options)
    out = []
    while not s.is_terminal() and len(out) < n:
        job = Job(game=game, game_module=type(g).__module__, spec="heuristic", seed=len(out), state=s.to_json())
        t0 = time.perf_counter()
        _, a = decide(job)
        out.append(time.perf_counter() - t0)
        s.apply(a)
    return out


def waits(game: str, players: int, options: dict, bot_delay: float, turns: int) -> list[tuple[float, int]]:
    """(seconds waited, bot decisions meanwhile) for each stretch of bot play, over the
    person's first ``turns`` stretches."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(f"sqlite:///{Path(tmp) / 'pace.sqlite'}", bot_delay=bot_delay, bot_workers=1)
        with TestClient(app) as c:
            body = {"game": game, "players": players, "seed": 11, "options": options,
                    "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * (players - 1)}
            r = c.post("/api/games", json=body)
            r.raise_for_status()
            g = r.json()
            head = {"X-Cosmodrome-Token": g["seats"][0]["token"]}
            url = f"/api/games/{g['id']}"
            moved, count = None, None
            while len(out) < turns:
                v = c.get(f"{url}/view", headers=head).json()
                if v["status"] != "running":
                    break
                if not v["decision"]:
                    time.sleep(0.01)
                    continue
                if moved is not None and v["version"] - count > 1:
                    out.append((time.perf_counter() - moved, v["version"] - count - 1))
                action = v["decision"]["options"][0]["action"]
                r = c.post(f"{url}/act", json={"action": action, "version": v["version"]}, headers=head)
                r.raise_for_status()
                moved, count = time.perf_counter(), v["version"]
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="moon")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--advanced", action="store_true", help="the Moon's advanced rules")
    ap.add_argument("--bot-delay", type=float, default=0.6)
    ap.add_argument("--turns", type=int, default=12, help="stretches of bot play to measure")
    args = ap.parse_args()
    options = {"advanced": True} if args.advanced else {}
    think = sorted(thinking(args.game, args.players, options, 200))
    print(f"{args.game}, {args.players} players {options or ''}: bot thinking per decision "
          f"median {1000 * statistics.median(think):.1f} ms, 90th percentile "
          f"{1000 * think[int(0.9 * len(think))]:.1f} ms, max {1000 * think[-1]:.0f} ms ({len(think)} decisions)")
    got = waits(args.game, args.players, options, args.bot_delay, args.turns)
    first, rest = got[0], got[1:]           # the first stretch also waits for the worker to start
    secs = sorted(w for w, _ in rest)
    n = [k for _, k in rest]
    print(f"bot delay {args.bot_delay} s: the person waited median {statistics.median(secs):.1f} s, "
          f"max {secs[-1]:.1f} s over {len(rest)} stretches of bot play "
          f"({min(n)}-{max(n)} bot decisions each, median {statistics.median(n):.0f}); the first stretch "
          f"{first[0]:.1f} s ({first[1]} decisions, the worker process starting)")


if __name__ == "__main__":
    main()
