"""Accounts (optional): a name and a password, sessions in cookies (docs/SERVER.md, "Accounts").

Playing needs no account: a seat's link plays as before. With an account a player keeps
their games on the server ("my games" from any browser), takes seats as themselves and has
ratings.

- Passwords are hashed with argon2id (``argon2-cffi``'s :class:`~argon2.PasswordHasher`, its
  default cost); the hash never leaves the database, and no log line or error names it.
- A session id is 32 random bytes (``secrets``) kept only in the browser's cookie
  (``HttpOnly``, ``SameSite=Lax``, ``Secure`` when the page is served over https); the
  database keeps its SHA-256, so a copy of the database signs nobody in. A session ends when
  it expires (30 days), at log-out, or for all of an account's browsers at "log out
  everywhere".
- Log-in attempts are limited so that nobody can lock another person out
  (:class:`LoginLimits`, 429).

>>> account_name("  Ada_L ")
'Ada_L'
>>> account_name("a b")
Traceback (most recent call last):
...
cosmodrome.server.security.BadRequest: an account name has 3 to 24 letters, digits, '_', '-' or '.', not 'a b'
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any, Optional

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import delete, select

from cosmodrome.core import CosmodromeError
from cosmodrome.i18n import N_, _
from cosmodrome.server.security import BadRequest, RateLimit, TooMany
from cosmodrome.server.storage import AccountTable, SessionTable, StorageError, Store

COOKIE = "cosmodrome_session"
SESSION_SECONDS = 30 * 24 * 3600
PASSWORD_MIN, PASSWORD_MAX = 8, 256
_NAME = re.compile(r"^[A-Za-z0-9_.-]{3,24}$")


class Unauthorized(CosmodromeError):
    """No valid session, or a wrong name or password (HTTP 401)."""


class NameTaken(CosmodromeError):
    """An account of that name exists (HTTP 409)."""


@dataclass(frozen=True)
class Account:
    id: str
    name: str

    def public(self) -> dict[str, Any]:
        return {"name": self.name}


def account_name(raw: Any) -> str:
    if not isinstance(raw, str):
        raise BadRequest(_("'name' must be text"))
    name = raw.strip()
    if not _NAME.match(name):
        raise BadRequest(_("an account name has 3 to 24 letters, digits, '_', '-' or '.', not {name!r}").format(
            name=name))
    return name


def password_text(raw: Any) -> str:
    """A password: text of 8 to 256 characters (never echoed in an error)."""
    if not isinstance(raw, str):
        raise BadRequest(_("'password' must be text"))
    if not PASSWORD_MIN <= len(raw) <= PASSWORD_MAX:
        raise BadRequest(_("a password has {low} to {high} characters").format(low=PASSWORD_MIN, high=PASSWORD_MAX))
    return raw


def digest(session_id: str) -> str:
    """What the database keeps of a session id.

    >>> len(digest("abc"))
    64
    """
    return hashlib.sha256(session_id.encode("utf-8")).hexdigest()


class LoginLimits:
    """How many log-in attempts are let through, counted so that a stranger cannot lock the
    owner of an account out (docs/SERVER.md, "Accounts"). With ``(n, window)``:

    - one address may try one account ``n`` times a window (the guesses of one stranger);
    - one address may try ``3 n`` times a window over all accounts (one address trying many
      names);
    - one account may be tried ``10 n`` times a window from addresses it has not logged in
      from lately (guesses spread over many addresses); its owner's own addresses, those it
      signed up or logged in from in the last 30 days (kept in memory), are not held back by
      this one.

    A successful log-in clears its address's count for that account.

    >>> limits = LoginLimits((2, 60.0), clock=lambda: 0.0)
    >>> for _ in range(2): limits.attempt("stranger", "ada")
    >>> limits.attempt("stranger", "ada")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    cosmodrome.server.security.TooMany: too many log-in attempts for this account from this address lately;
    try again in 60 s
    >>> limits.attempt("owner", "ada")  # the owner, elsewhere, is not locked out
    """

    KNOWN_SECONDS = 30 * 24 * 3600

    def __init__(self, limit: tuple[int, float] = (10, 300.0), clock=time.monotonic) -> None:
        n, window = limit
        self.clock = clock
        self.pair = RateLimit(n, window, clock=clock)
        self.address = RateLimit(3 * n, window, what=N_("made {n} log-in attempts"), clock=clock)
        self.account = RateLimit(10 * n, window, clock=clock)
        self.known: dict[str, dict[str, float]] = {}  # account key -> address -> last log-in

    def attempt(self, address: str, key: str) -> None:
        """Count one attempt of ``address`` on the account ``key``; TooMany when over a limit."""
        try:
            self.pair.hit((address, key))
        except TooMany as exc:
            raise TooMany(_("too many log-in attempts for this account from this address lately; try again in "
                            "{wait} s").format(wait=getattr(exc, 'wait', 1))) from None
        self.address.hit(address)
        if not self.is_known(address, key):
            try:
                self.account.hit(key)
            except TooMany as exc:
                raise TooMany(_("too many log-in attempts for this account from many addresses lately; from this "
                                "address, which it has not signed up or logged in from lately, try again in "
                                "{wait} s").format(wait=getattr(exc, 'wait', 1))) from None

    def is_known(self, address: str, key: str) -> bool:
        when = self.known.get(key, {}).get(address)
        return when is not None and self.clock() - when < self.KNOWN_SECONDS

    def succeeded(self, address: str, key: str) -> None:
        """``address`` logged in to ``key``: its failures there are forgotten and it is known."""
        self.pair.seen.pop((address, key), None)
        mine = self.known.setdefault(key, {})
        mine[address] = self.clock()
        if len(mine) > 64:  # the most recent addresses of an account
            for a in sorted(mine, key=mine.get)[:len(mine) - 64]:
                del mine[a]


class Accounts:
    """Sign-up, log-in and sessions on ``store`` (writes through its group commit)."""

    def __init__(self, store: Store, hasher: Optional[PasswordHasher] = None,
                 login_limit: tuple[int, float] = (10, 300.0)) -> None:
        self.store = store
        self.hasher = hasher or PasswordHasher()
        self.logins = LoginLimits(login_limit)
        self.signups = RateLimit(*login_limit, what=N_("created {n} accounts"))
        # a hash to check against when the name is unknown, so both take the same time (made
        # at the first such log-in, not at start)
        self._dummy: Optional[str] = None

    async def _new_session(self, account: Account) -> str:
        sid = secrets.token_urlsafe(32)
        now = time.time()

        def fn(s) -> None:
            s.add(SessionTable(digest=digest(sid), account_id=account.id, created=now, expires=now + SESSION_SECONDS))
        await self.store.submit(fn, asyncio.get_running_loop())
        return sid

    async def sign_up(self, raw_name: Any, raw_password: Any, client: str) -> tuple[Account, str]:
        name = account_name(raw_name)
        password = password_text(raw_password)
        self.signups.hit(client)
        hashed = await asyncio.to_thread(self.hasher.hash, password)
        account = Account(id=secrets.token_hex(8), name=name)

        def fn(s) -> None:
            s.add(AccountTable(id=account.id, name=name, key=name.lower(), hash=hashed, created=time.time()))
        try:
            await self.store.submit(fn, asyncio.get_running_loop())
        except StorageError as exc:
            if "conflicting" in str(exc):
                raise NameTaken(_("the name {name!r} is taken: choose another").format(name=name)) from None
            raise
        self.logins.succeeded(client, name.lower()[:64])  # the sign-up address is the owner's too
        return account, await self._new_session(account)

    async def log_in(self, raw_name: Any, raw_password: Any, client: str) -> tuple[Account, str]:
        if not isinstance(raw_name, str) or not isinstance(raw_password, str):
            raise BadRequest(_("log in with 'name' and 'password' (text)"))
        key = raw_name.strip().lower()[:64]
        self.logins.attempt(client, key)
        row = await asyncio.to_thread(self.store.read, lambda s: s.scalars(
            select(AccountTable).where(AccountTable.key == raw_name.strip().lower())).first())
        if row is None and self._dummy is None:
            self._dummy = await asyncio.to_thread(self.hasher.hash, secrets.token_hex(8))
        ok = await asyncio.to_thread(self._verify, row.hash if row is not None else self._dummy, raw_password)
        if row is None or not ok:
            raise Unauthorized(_("wrong account name or password"))
        account = Account(id=row.id, name=row.name)
        self.logins.succeeded(client, key)
        if self.hasher.check_needs_rehash(row.hash):
            new = await asyncio.to_thread(self.hasher.hash, raw_password)

            def rehash(s) -> None:
                r = s.get(AccountTable, account.id)
                if r is not None:
                    r.hash = new
            await self.store.submit(rehash, asyncio.get_running_loop())
        return account, await self._new_session(account)

    def _verify(self, hashed: str, password: str) -> bool:
        try:
            return self.hasher.verify(hashed, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    async def current(self, session_id: Optional[str]) -> Optional[Account]:
        """The account of a session id (None: none, unknown, ended or expired)."""
        if not session_id or len(session_id) > 128:
            return None
        key = digest(session_id)

        def fn(s) -> Optional[Account]:
            ses = s.get(SessionTable, key)
            if ses is None or ses.expires < time.time():
                return None
            acc = s.get(AccountTable, ses.account_id)
            return Account(id=acc.id, name=acc.name) if acc is not None else None
        return await asyncio.to_thread(self.store.read, fn)

    async def log_out(self, session_id: Optional[str], everywhere: bool = False) -> None:
        account = await self.current(session_id)
        if account is None:
            raise Unauthorized(_("you are not logged in"))
        key = digest(session_id or "")

        def fn(s) -> None:
            if everywhere:
                s.execute(delete(SessionTable).where(SessionTable.account_id == account.id))
            else:
                s.execute(delete(SessionTable).where(SessionTable.digest == key))
        await self.store.submit(fn, asyncio.get_running_loop())

    async def by_name(self, name: str) -> Optional[Account]:
        def fn(s) -> Optional[Account]:
            r = s.scalars(select(AccountTable).where(AccountTable.key == name.strip().lower())).first()
            return Account(id=r.id, name=r.name) if r is not None else None
        return await asyncio.to_thread(self.store.read, fn)

