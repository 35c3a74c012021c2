"""Seats: which seats a stranger may take, and what a seat keeps of the addresses that used it
(docs/SERVER.md, "Seats" and "Ratings").

A person's seat has a secret token, issued **once**: to the creator at creation (their own
seat, and the seats they invite people to), to the previous holder of the seat for a
rematch, or to the stranger who takes an **open** seat of a public game (``/join`` makes the
token then: an open seat has none before). A seat is *claimed* by the first use of its token
of any kind (a REST call or a socket's hello); a claimed seat is never open.

A seat is a :class:`Seat` record; stored as JSON (``games.seats``): ``kind``, ``token`` (None
for an open seat nobody took yet), ``claimed``, ``open`` (a stranger may take it), and when set
``bot``, ``account``, ``player``, ``display``, ``stand_in``. Rows of older servers lack ``open``:
there every unclaimed person's seat of a public game stays open, and taking it makes a new
token, so the link issued at creation and never used stops working rather than being handed
out a second time. A key this version does not know is kept as it was.

The addresses that used a seat of a rated game are kept for the rating rules only, as salted
hashes in ``games.meta`` (the salt is the game's own), and never reach an answer.

>>> joinable(Seat(token=None, open=True), True, "running")
True
>>> joinable(Seat(token="t", open=False), True, "running")
False
>>> joinable(Seat.from_json({"kind": "human", "token": "t", "claimed": False}), True, "running")  # an older row
True
>>> open_flags([{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}], public=True)
([False, True, False], 0)
>>> open_flags([{"kind": "human", "open": True}, {"kind": "human"}], public=True)
([True, False], 1)
>>> open_flags([{"kind": "human"}, {"kind": "human"}], public=False)
([False, False], 0)
"""

from __future__ import annotations

import dataclasses
import hashlib
import secrets
from dataclasses import dataclass
from typing import Any, Optional

from cosmodrome.core import OptionError
from cosmodrome.i18n import _

#: meta keys no answer shows: the salted hashes of the addresses that used each seat, the salt
ADDRESSES, SALT = "seat_addresses", "address_salt"
PRIVATE_META = (ADDRESSES, SALT)
#: the most addresses kept per seat (a phone moving between networks has a few)
MAX_ADDRESSES = 8


@dataclass(frozen=True)
class Seat:
    """One seat of a game, as stored: a person's (``kind`` "human") or a bot's (``bot`` its
    level). ``token`` the secret of its link (None: an open seat nobody took yet); ``claimed``
    its token was used; ``open`` a stranger may take it (None: a row of an older server);
    ``account`` / ``player`` the account playing it and its name; ``display`` the name its
    person picked; ``stand_in`` the bot level playing it while its clock ran out.

    >>> s = Seat.from_json({"kind": "human", "token": "t", "claimed": False, "open": False, "later": 1})
    >>> s.claimed, s.open, s.but(claimed=True).to_json()
    (False, False, {'kind': 'human', 'token': 't', 'claimed': True, 'open': False, 'later': 1})
    >>> Seat.from_json({"kind": "bot", "bot": "random", "claimed": True}).to_json()
    {'kind': 'bot', 'bot': 'random', 'claimed': True}
    """

    kind: str = "human"
    bot: Optional[str] = None
    token: Optional[str] = None
    claimed: bool = False
    open: Optional[bool] = None
    account: Any = None
    player: Optional[str] = None
    display: Optional[str] = None
    stand_in: Optional[str] = None
    #: keys of the stored JSON this version does not know, kept as they were
    extra: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def from_json(cls, data: Any) -> "Seat":
        """A stored seat (a dict; a :class:`Seat` is returned as it is); missing keys take
        their defaults."""
        if isinstance(data, Seat):
            return data
        known = {f.name for f in dataclasses.fields(cls)} - {"extra"}
        values = {k: v for k, v in data.items() if k in known}
        values["claimed"] = bool(values.get("claimed"))
        return cls(**values, extra=tuple((k, v) for k, v in data.items() if k not in known))

    def to_json(self) -> dict[str, Any]:
        """The seat as stored: ``kind``, a person's ``token`` (even None), ``claimed``, and the
        other keys that are set."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.bot is not None or self.kind == "bot":
            out["bot"] = self.bot
        if self.kind == "human" or self.token is not None:
            out["token"] = self.token
        out["claimed"] = self.claimed
        for key in ("open", "account", "player", "display", "stand_in"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        out.update(self.extra)
        return out

    def but(self, **changes: Any) -> "Seat":
        """This seat with ``changes``."""
        return dataclasses.replace(self, **changes)

    @property
    def human(self) -> bool:
        return self.kind == "human"


def seats_json(seats: Optional[list[Any]]) -> Optional[list[dict[str, Any]]]:
    """Seats as stored (each a :class:`Seat` or already a dict)."""
    if seats is None:
        return None
    return [s.to_json() if isinstance(s, Seat) else dict(s) for s in seats]


def joinable(seat: Seat, public: bool, status: str) -> bool:
    """Whether a stranger may take ``seat`` through ``/join``: a person's seat of a running
    public game, open, never used and held by no account."""
    if not public or status != "running" or seat.kind != "human":
        return False
    if seat.claimed or seat.account:
        return False
    return seat.open is not False  # rows of older servers have no "open": every free seat was


def open_flags(specs: list[dict[str, Any]], public: bool) -> tuple[list[bool], Optional[int]]:
    """For each seat asked at creation, whether it is open to strangers; and the creator's
    seat (the first person's seat not asked to be open), which never is.

    In a public game a person's seat is open unless it is the creator's or its spec says
    ``"open": false`` (a seat kept for someone the creator sends its link to); a private game
    has no open seat."""
    asked: list[Optional[bool]] = []
    for i, s in enumerate(specs):
        v = s.get("open")
        if v is not None and not isinstance(v, bool):
            raise OptionError(_("seat {seat}: 'open' must be true or false, not {v!r}").format(seat=i, v=v))
        if v and s.get("kind") != "human":
            raise OptionError(_("seat {seat} is a bot's: only a person's seat can be open to strangers").format(
                seat=i))
        if v and not public:
            raise OptionError(_("seat {seat} is asked to be open to strangers, but only a public game has open seats "
                                '(set "public": true)').format(seat=i))
        asked.append(v)
    people = [i for i, s in enumerate(specs) if s.get("kind") == "human"]
    creator = next((i for i in people if asked[i] is not True), None)
    flags = [bool(public and i in people and i != creator and asked[i] is not False) for i in range(len(specs))]
    return flags, creator


def address_hash(salt: str, address: str) -> str:
    """What a game keeps of an address: a hash salted with the game's own salt (so the same
    address gives unrelated hashes in two games, and no hash can be looked up in a table).

    >>> address_hash("s", "10.0.0.1") == address_hash("s", "10.0.0.1") != address_hash("t", "10.0.0.1")
    True
    """
    return hashlib.sha256(f"{salt}\n{address}".encode()).hexdigest()[:24]


def with_address(meta: dict[str, Any], seat: int, address: Optional[str]) -> Optional[dict[str, Any]]:
    """``meta`` with ``address`` recorded as having used ``seat``, or None when there is
    nothing to record (no address, an unrated game, an address already recorded, or the
    seat's list full).

    >>> m = with_address({"rated": True}, 1, "10.0.0.1")
    >>> sorted(m) == ["address_salt", "rated", "seat_addresses"] and len(m["seat_addresses"]["1"]) == 1
    True
    >>> with_address(m, 1, "10.0.0.1") is None and with_address({}, 1, "10.0.0.1") is None
    True
    """
    if not address or not meta.get("rated"):
        return None
    salt = meta.get(SALT) or secrets.token_hex(8)
    h = address_hash(salt, address)
    known = dict(meta.get(ADDRESSES) or {})
    mine = list(known.get(str(seat)) or [])
    if h in mine or len(mine) >= MAX_ADDRESSES:
        return None
    known[str(seat)] = mine + [h]
    return dict(meta, **{SALT: salt, ADDRESSES: known})


def shared_address(meta: dict[str, Any], a: list[int], b: list[int]) -> bool:
    """Whether some seat of ``a`` and some seat of ``b`` were used from one address.

    >>> m = {"seat_addresses": {"0": ["x", "y"], "1": ["z"], "2": ["y"]}}
    >>> shared_address(m, [0], [2]), shared_address(m, [0], [1]), shared_address({}, [0], [1])
    (True, False, False)
    """
    known = meta.get(ADDRESSES) or {}
    left = {h for i in a for h in known.get(str(i)) or []}
    return any(h in left for i in b for h in known.get(str(i)) or [])


def public_meta(meta: dict[str, Any]) -> dict[str, Any]:
    """``meta`` as answers show it: without the clock (shown apart) and the private keys."""
    return {k: v for k, v in meta.items() if k != "clock" and k not in PRIVATE_META}
