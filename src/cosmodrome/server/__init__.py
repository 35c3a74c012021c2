"""The browser table's server: a FastAPI app with REST endpoints, a WebSocket per seat, bots
playing server-side in worker processes, and SQLAlchemy storage (see docs/SERVER.md).

``create_app`` is imported lazily, so that a bot worker process (which only needs
``cosmodrome.server.botpool``) does not load FastAPI."""

from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from cosmodrome.server.app import create_app

        return create_app
    raise AttributeError(f"module 'cosmodrome.server' has no attribute {name!r}")
