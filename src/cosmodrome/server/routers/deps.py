"""What the routes depend on (FastAPI's ``Depends``): the hall, the table of the path's
``game_id``, the seat of the request's token, the logged-in account, the client's address, and
the rate-limit costs; plus :class:`JsonRoute`, which reads every JSON body through the
project's guarded parser before FastAPI validates it.

Everything a route needs lives on ``app.state`` (set by :func:`cosmodrome.server.app.create_app`):
``hall``, ``store``, ``accounts``, ``ratings``, ``variants``, ``limits`` and ``public_url``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Callable, Optional

from fastapi import Depends, Path, Request
from fastapi.routing import APIRoute
from starlette.requests import HTTPConnection

from cosmodrome.i18n import N_, _
from cosmodrome.server.accounts import COOKIE, Account, Unauthorized
from cosmodrome.server.security import BadRequest, Buckets, RateLimit, TooMany, parse_json, token_from
from cosmodrome.server.tables import Hall, Table


# ----- the body ---------------------------------------------------------------------------
class GuardedRequest(Request):
    """A request whose JSON body is read by :func:`~cosmodrome.server.security.parse_json`
    (size, depth, number length, lone surrogates: a clear 400/413) and must be an object."""

    async def json(self) -> Any:
        if not hasattr(self, "_guarded"):
            data = parse_json(await self.body(), _("the request body"), self.app.state.max_body)
            if not isinstance(data, dict):
                raise BadRequest(_("the request body must be a JSON object"))
            self._guarded = data
        return self._guarded


class JsonRoute(APIRoute):
    """A route whose body (when it takes one) passes the guards of
    :mod:`cosmodrome.server.security` before FastAPI reads it into the route's model: the
    ``Guard`` middleware has already refused a body over the cap or not sent as JSON (413,
    415); here a body that is not one bounded JSON object is refused (400) before anything
    else reads it."""

    def __init__(self, path: str, endpoint: Callable, **kwargs: Any) -> None:
        # an answer holds the keys its route gave, no more: a model's unset defaults are left out
        kwargs["response_model_exclude_unset"] = True
        super().__init__(path, endpoint, **kwargs)

    def get_route_handler(self) -> Callable:
        handler = super().get_route_handler()
        takes_body = self.body_field is not None

        async def guarded(request: Request):
            request = GuardedRequest(request.scope, request.receive)
            if takes_body:
                await request.json()
            return await handler(request)

        return guarded


# ----- the app's parts ----------------------------------------------------------------------
def hall_of(conn: HTTPConnection) -> Hall:
    """The hall of live tables."""
    return conn.app.state.hall


async def table_of(game_id: Annotated[str, Path(description=N_("the game's id"))],
                   hall: Annotated[Hall, Depends(hall_of)]) -> Table:
    """The table of the path's game (404 when there is none)."""
    return await hall.table(game_id)


def client_of(conn: HTTPConnection) -> str:
    """The client's address (as the server sees it, after ``--forwarded-allow-ips``)."""
    return conn.client.host if conn.client else "unknown"


def token_of(request: Request) -> Optional[str]:
    """The seat token of the ``X-Cosmodrome-Token`` header (a token in the URL is refused)."""
    return token_from(request.headers, request.query_params)


def base_of(request: Request) -> str:
    """The address links start with: ``--public-url`` when set, else the request's own."""
    return request.app.state.public_url or str(request.base_url).rstrip("/")


async def seat_of(request: Request, t: Annotated[Table, Depends(table_of)],
                  hall: Annotated[Hall, Depends(hall_of)]) -> Optional[int]:
    """The seat of the request's token at the path's table (None: a spectator; 403: a bad
    token); this use claims the seat (docs/SERVER.md, "Seats")."""
    return await hall.use(t, token_of(request), client_of(request))


def session_of(request: Request) -> Optional[str]:
    return request.cookies.get(COOKIE)


async def account_of(request: Request) -> Optional[Account]:
    """The logged-in account (None: nobody is)."""
    return await request.app.state.accounts.current(session_of(request))


async def me(account: Annotated[Optional[Account], Depends(account_of)]) -> Account:
    """The logged-in account, or 401."""
    if account is None:
        raise Unauthorized(_("log in first (your session ended or was never started)"))
    return account


# ----- rate limits --------------------------------------------------------------------------
@dataclass
class Limits:
    """The server's rates: new games per address (``creations``), whole tables per address
    (``tables``, the requests that build a table or replay or read every stored game),
    table-wide changes per address (``broadcasts``: undo, taking a seat back, a name), and the
    design lab's reads of a variant per address (``lab_checks``: 60 a minute, each builds a game)."""

    creations: RateLimit
    tables: Buckets
    broadcasts: Buckets
    table_rate: tuple[float, float]
    rest_table_rate: tuple[float, float]
    socket_rate: tuple[float, float]
    lab_checks: Buckets = field(default_factory=lambda: Buckets(60, 1.0))

    @classmethod
    def make(cls, create_limit: tuple[int, float], table_rate: tuple[float, float],
             rest_table_rate: tuple[float, float], socket_rate: tuple[float, float]) -> "Limits":
        # undo, taking a seat back and naming it send every socket of the game a whole table
        return cls(RateLimit(*create_limit), Buckets(*rest_table_rate),
                   Buckets(2 * table_rate[0], 2 * table_rate[1]), table_rate, rest_table_rate, socket_rate)


def limits_of(conn: HTTPConnection) -> Limits:
    return conn.app.state.limits


def table_costs(request: Request) -> None:
    """Count a request that builds a whole table or replay against its address's rate."""
    lim = limits_of(request)
    wait = lim.tables.take(client_of(request))
    if wait:
        raise TooMany(_("this address asks for whole tables faster than {rest_table_rate:g} a second; try again in "
                        "{wait:.1f} s").format(rest_table_rate=lim.rest_table_rate[1], wait=max(wait, 0.1)))


def broadcast_costs(request: Request) -> None:
    """Count a request that sends every socket of a game a whole table (undo, taking a seat
    back, a name) against its address's rate."""
    lim = limits_of(request)
    wait = lim.broadcasts.take(client_of(request))
    if wait:
        raise TooMany(_("this address changes tables (undo, taking a seat back, a name) faster than {rate:g} a "
                        "second; try again in {wait:.1f} s").format(rate=2 * lim.table_rate[1], wait=max(wait, 0.1)))


def creation_costs(request: Request) -> None:
    """Count a new game (created, imported or a rematch) against its address's rate (429)."""
    limits_of(request).creations.hit(client_of(request))


HallDep = Annotated[Hall, Depends(hall_of)]
TableDep = Annotated[Table, Depends(table_of)]
SeatDep = Annotated[Optional[int], Depends(seat_of)]
ClientDep = Annotated[str, Depends(client_of)]
TokenDep = Annotated[Optional[str], Depends(token_of)]
BaseDep = Annotated[str, Depends(base_of)]
AccountDep = Annotated[Optional[Account], Depends(account_of)]
MeDep = Annotated[Account, Depends(me)]
