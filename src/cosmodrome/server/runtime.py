"""Settings of the server's own process (applied by ``cosmodrome serve``, not by
``create_app``, which tests and embedding programs call in processes of their own).

The garbage collector: a server keeps every game's history (its events, one list, one event
and one dict a move) in memory, so the number of tracked objects grows with the moves played,
and with Python's default thresholds a full collection walks all of them every few seconds.
Measured with ``bench/server_load.py`` (100 games at full speed, docs/BENCHMARKS.md): twelve
full collections in 20 s, the longest 177 ms, which is where the p99 of action→broadcast
came from. :func:`tune_gc` moves what exists at start (the imported libraries) out of the
collector's sight (``gc.freeze()``) and collects the young generation less often; cyclic
garbage is still collected, only in fewer, larger rounds.

The young generation's threshold is 100,000 objects (Python's: 700). A move makes a few
hundred short-lived containers (the views of every seat, the table messages, the updates),
which live until the next move of their game: with a small threshold the collector finds
most of them still alive and walks them again in the middle generation. Measured with
``bench/server_profile.py`` (40 Venus games): the collector took about 125 µs of CPU a move
with (10,000, 50, 50) and about 25 µs with (100,000, 20, 20); under the socket load of
``bench/server_load.py`` ``perf`` had put 11% of the server's CPU in the collector. A young
collection walks at most those 100,000 objects (a few milliseconds).
"""

from __future__ import annotations

import gc

#: (young, middle, old) collection thresholds for the server process; Python's are (700, 10, 10)
GC_THRESHOLDS = (100_000, 20, 20)


def tune_gc() -> None:
    """Freeze the objects made so far and raise the collection thresholds.

    >>> import gc
    >>> old = gc.get_threshold()
    >>> tune_gc(); gc.get_threshold()
    (100000, 20, 20)
    >>> gc.unfreeze(); gc.set_threshold(*old)
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
