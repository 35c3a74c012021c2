"""Helpers of the end-to-end tests: a free loopback port, the real server as a subprocess,
a JSON GET (a seat token goes in a header, never in the URL) and the actions a server stored."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: base URL -> the SQLite file of the server started there
DATABASES: dict = {}


def start_server(db, port, *extra):
    """The real server as a subprocess (``extra``: more ``serve`` options); returns
    (process, base URL) once it answers."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "cosmodrome.cli.main", "serve", "--port", str(port), "--db", f"sqlite:///{db}",
         "--test-games", "--bot-delay", "0.02", *extra],
        stdout=open(f"{db}.log", "ab"), stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    end = time.time() + 90  # a bound, not a timing: a loaded machine took over 30 s once
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited: {open(f'{db}.log').read()}")
        try:
            with urllib.request.urlopen(base + "/api/game-types", timeout=2) as r:
                json.loads(r.read())
            break
        except OSError:
            if time.time() > end:
                proc.kill()
                raise RuntimeError("the server did not start")
            time.sleep(0.1)
    DATABASES[base] = db
    return proc, base


def get(base, path, token=None):
    headers = {"X-Cosmodrome-Token": token} if token else {}
    with urllib.request.urlopen(urllib.request.Request(base + path, headers=headers), timeout=10) as r:
        return json.loads(r.read())


def post_json(base, path, body):
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def stored_actions(base, game_id):
    """The actions the server at ``base`` stored for ``game_id``, read from its database (a
    running game's record is sealed to clients)."""
    from cosmodrome.server.storage import Store
    store = Store(f"sqlite:///{DATABASES[base]}")
    try:
        return [a.action for a in store.actions(game_id)]
    finally:
        store.close()
