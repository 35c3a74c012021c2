"""Deliberately bad bots for the server tests, registered in the bots registry on import.

The server imports this module in its own process and in every bot worker process (through
``create_app(..., bot_modules=("faulty_bots",))``), since the workers are fresh interpreters
that know only what they import.

- ``slow:seconds=S``: computes (a busy loop holding the interpreter, like a search) for S
  seconds, then plays the first legal option;
- ``boom``: raises;
- ``crash``: kills its own worker process;
- ``illegal``: answers an action that is never legal;
- ``pidbot``: plays the first legal option and logs its worker's pid into the file named by
  the environment variable COSMO_PIDLOG (to check which process thought).
"""

from __future__ import annotations

import os
import time

from cosmodrome.bots.registry import BOTS
from cosmodrome.core import Bot


class SlowBot(Bot):
    name = "slow"
    PARAMS = {"seconds": float}

    def __init__(self, seed=0, seconds=1.0):
        super().__init__(seed, seconds=seconds)
        self.seconds = seconds

    def choose(self, state):
        end = time.perf_counter() + self.seconds
        n = 0
        while time.perf_counter() < end:  # pure-Python work: holds the GIL like a search does
            n += 1
        return state.legal_actions()[0]


class BoomBot(Bot):
    name = "boom"
    PARAMS: dict = {}

    def choose(self, state):
        raise RuntimeError("the bot fell over")


class CrashBot(Bot):
    name = "crash"
    PARAMS: dict = {}

    def choose(self, state):
        os._exit(3)


class IllegalBot(Bot):
    name = "illegal"
    PARAMS: dict = {}

    def choose(self, state):
        return 999


class PidBot(Bot):
    name = "pidbot"
    PARAMS: dict = {}

    def choose(self, state):
        path = os.environ.get("COSMO_PIDLOG")
        if path:
            with open(path, "a") as f:
                f.write(f"{os.getpid()}\n")
        return state.legal_actions()[0]


for _cls in (SlowBot, BoomBot, CrashBot, IllegalBot, PidBot):
    BOTS[_cls.name] = (_cls, "a deliberately faulty bot for the server tests")
