"""End-to-end fixtures: the real server in a subprocess (uvicorn on a free loopback port, a
temporary SQLite file) and Debian's chromium driven by Playwright (sync API, headless)."""

from __future__ import annotations

import os
import subprocess

import pytest
from e2e_helpers import ARGS, CHROMIUM, _free_port, start_server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("e2e") / "e2e.sqlite"
    proc, base = start_server(db, _free_port())
    yield base
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (make chromium / apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()
