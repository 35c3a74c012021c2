"""A watch on the server's event loop for the load tests, imported into a real server with
``--bot-module loop_watch`` (bot workers import it too, where it does nothing).

A task ticks every 10 ms and measures the CPU time the loop's thread spent between two of its
ticks: the longest such stretch is how long the loop ran other work without coming back to
the ticker, i.e. the longest any other client could have waited for it. CPU time, not wall
time, so a machine busy with other programs (which only delays the process) does not count.
Stretches over 5 ms are appended to the file named by ``COSMO_LOOPWATCH`` as JSON lines
``{"at": wall clock, "cpu": seconds}``.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time

PATH = os.environ.get("COSMO_LOOPWATCH")


async def _tick() -> None:
    last = time.thread_time()
    with open(PATH, "a", buffering=1) as out:
        out.write(json.dumps({"started": time.time()}) + "\n")
        while True:
            await asyncio.sleep(0.01)
            now = time.thread_time()
            if now - last > 0.005:
                out.write(json.dumps({"at": time.time(), "cpu": now - last}) + "\n")
            last = time.thread_time()


def _start_when_the_loop_runs() -> None:
    """Wait (in a thread) for the server's loop to run, then start the ticker in it."""
    import gc
    for _ in range(600):
        time.sleep(0.05)
        loops = [o for o in gc.get_objects() if isinstance(o, asyncio.AbstractEventLoop) and o.is_running()]
        if loops:
            loops[0].call_soon_threadsafe(lambda: loops[0].create_task(_tick()))
            return


if PATH and threading.current_thread() is threading.main_thread() and os.environ.get("COSMO_LOOPWATCH_SERVER") == "1":
    os.environ["COSMO_LOOPWATCH_SERVER"] = "0"  # the bot workers (fresh interpreters) inherit it: they skip
    threading.Thread(target=_start_when_the_loop_runs, daemon=True, name="loop-watch").start()
