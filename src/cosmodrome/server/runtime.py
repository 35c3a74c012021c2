"""Settings of the server's own process (applied by ``cosmodrome serve``, not by
``create_app``, which tests and embedding programs call in processes of their own).

The garbage collector: a server keeps every game's history (its events, one list, one event
and one dict a move) in memory, so the number of tracked objects grows with the moves played,
and with Python's default thresholds a full collection walks all of them every few seconds.
Measured with ``bench/server_load.py`` (100 games at full speed, docs/BENCHMARKS.md): twelve
full collections in 20 s, the longest 177 ms, which is where the p99 of action→broadcast
came from. :func:`tune_gc` moves what exists at start (the imported libraries) out of the
collector's sight (``gc.freeze()``) and collects the young generation ten times less often;
cyclic garbage is still collected, only in fewer, larger rounds.
"""

from __future__ import annotations

import gc

#: (young, middle, old) collection thresholds for the server process; Python's are (700, 10, 10)
GC_THRESHOLDS = (10_000, 50, 50)


def tune_gc() -> None:
    """Freeze the objects made so far and raise the collection thresholds.

    >>> import gc
    >>> old = gc.get_threshold()
    >>> tune_gc(); gc.get_threshold()
    (10000, 50, 50)
    >>> gc.unfreeze(); gc.set_threshold(*old)
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
