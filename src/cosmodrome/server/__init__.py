"""The browser table's server: a FastAPI app with REST endpoints, a WebSocket per seat, bots
playing server-side, and SQLAlchemy storage (see docs/SERVER.md)."""

from cosmodrome.server.app import create_app

__all__ = ["create_app"]
