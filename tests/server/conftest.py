"""Fixtures for the server tests: an app on a temporary SQLite file and a few helpers."""

from __future__ import annotations

import warnings

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")

from fastapi.testclient import TestClient  # noqa: E402

import cosmodrome.testing.toy  # noqa: F401,E402  (registers pocket-race)
from cosmodrome.server import create_app  # noqa: E402


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'cosmo.sqlite'}"


@pytest.fixture
def client(db_url):
    with TestClient(create_app(db_url)) as c:
        yield c


