"""Where the server's time goes on a move: CPU per move and a profile, in one process.

Plays ``--games`` games of ``--game`` (``--players`` seats, random legal moves; a move in
every game at once, so that their writes share commits) through the server's own write path
(:meth:`Hall.act`: checks, the group-committed store with its per-move snapshot, the
broadcast) with one socket's worth of work per seat (``--spectators`` more): each socket's
queue is drained as its sender does it (the update or table for its seat, encoded to text).
No network and no other process, so the figure is the server's CPU time per move (process
time: the event loop and the committer thread), much less dependent on how busy the machine
is than a load test's throughput.

``--full-tables`` sends every socket the whole table after each move (the protocol before
updates); ``--profile FILE`` writes the cProfile stats of the event loop's thread (read with
``python -m pstats FILE``) and prints the top functions by cumulative time.

Examples::

    .venv/bin/python bench/server_profile.py --moves 2000
    .venv/bin/python bench/server_profile.py --moves 2000 --full-tables --profile /tmp/before.pstats
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import os
import pstats
import random
import sys
import tempfile
import time
from typing import Optional

from cosmodrome.server.storage import Store
from cosmodrome.server.tables import Conn, Hall

try:
    from cosmodrome.server.updates import Feed, dumps
except ImportError:  # a server from before updates (to measure "before"): whole tables, json
    import json as _json

    Feed = None

    def dumps(msg):
        return _json.dumps(msg, separators=(",", ":"), ensure_ascii=False)


def drain(t, conn: Conn) -> int:
    """Send what is queued for ``conn`` as the socket's sender does; returns the bytes."""
    n = 0
    while not conn.queue.empty():
        msg = conn.queue.get_nowait()
        if Feed is None:
            out = t.table_message(conn.seat) if msg.get("type") == "resync" else msg
        elif msg.get("type") == "resync":
            out = conn.feed.full(t.table_message(conn.seat))
        else:
            out = conn.feed.next(msg, lambda: t.table_message(conn.seat))
        if out is not None:
            n += len(dumps(out).encode("utf-8"))
    return n


async def play(game: str, options: dict, games: int, moves: int, updates: bool, spectators: int,
               profile: Optional[cProfile.Profile], seed: int, players: int = 4) -> dict:
    folder = tempfile.mkdtemp(prefix="cosmo-profile-")
    store = Store(f"sqlite:///{os.path.join(folder, 'p.sqlite')}")
    hall = Hall(store)
    rng = random.Random(seed)
    tables = []
    for g in range(games):
        t = await hall.create(game, players, options, seed=seed + g, seats=[{"kind": "human"}] * players)
        for s in list(range(players)) + [None] * spectators:
            c = Conn(s) if Feed is None else Conn(s, feed=Feed(updates))
            c.queue.put_nowait({"type": "resync"})
            t.conns.add(c)
            drain(t, c)
        tables.append(t)
    done, sent = 0, 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    if profile is not None:
        profile.enable()
    while done < moves:
        running = [t for t in tables if t.row.status == "running"]
        if not running:
            break
        # one move in every game at once: their writes share group commits, as under load
        await asyncio.gather(*(hall.act(t, t.state.to_move(), rng.choice(t.state.legal_actions()), t.version)
                               for t in running))
        done += len(running)
        for t in running:
            for c in list(t.conns):
                sent += drain(t, c)
    if profile is not None:
        profile.disable()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    await hall.close()
    store.close()
    return {"moves": done, "cpu": cpu, "wall": wall, "bytes": sent}


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="venus", help="the game (default: Onward to Venus; pocket-race is a test game)")
    ap.add_argument("--options", default=None, help="the game's options (JSON; default {})")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--moves", type=int, default=1000)
    ap.add_argument("--spectators", type=int, default=0, help="spectator sockets per game")
    ap.add_argument("--full-tables", action="store_true", help="a whole table per socket after every move")
    ap.add_argument("--profile", default=None, help="write the cProfile stats here and print a summary")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    import json
    if args.game == "pocket-race":
        import cosmodrome.testing.toy  # noqa: F401  (registers the test game)
    options = json.loads(args.options) if args.options else ({"rounds": 5000} if args.game == "pocket-race" else {})
    try:  # the collector's settings of `cosmodrome serve` (server/runtime.py)
        from cosmodrome.server.runtime import tune_gc
        tune_gc()
    except ImportError:  # pragma: no cover  (a server from before them)
        pass
    prof = cProfile.Profile() if args.profile else None
    r = asyncio.run(play(args.game, options, args.games, args.moves, not args.full_tables, args.spectators, prof,
                         args.seed, args.players))
    label = f"{args.game} (a test game)" if args.game == "pocket-race" else args.game
    print(f"{label}: {r['moves']} moves in {args.games} games, {args.players} seats"
          f"{f' + {args.spectators} spectators' if args.spectators else ''}, "
          f"{'full tables' if args.full_tables else 'updates'}{' (profiled)' if prof else ''}")
    print(f"server CPU {r['cpu'] / r['moves'] * 1e6:.0f} us a move (wall {r['wall'] / r['moves'] * 1e6:.0f} us), "
          f"sent {r['bytes'] / r['moves'] / 1024:.1f} KiB a move before deflate")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if prof is not None:
        prof.dump_stats(args.profile)
        out = io.StringIO()
        pstats.Stats(args.profile, stream=out).sort_stats("cumulative").print_stats(25)
        print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
