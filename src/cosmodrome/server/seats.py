"""Seats: which seats a stranger may take, and what a seat keeps of the addresses that used it
(docs/SERVER.md, "Seats" and "Ratings").

A person's seat has a secret token, issued **once**: to the creator at creation (their own
seat, and the seats they invite people to), to the previous holder of the seat for a
rematch, or to the stranger who takes an **open** seat of a public game (``/join`` makes the
token then: an open seat has none before). A seat is *claimed* by the first use of its token
of any kind (a REST call or a socket's hello); a claimed seat is never open.

Seat JSON (``games.seats``): ``kind``, ``token`` (None for an open seat nobody took yet),
``claimed``, ``open`` (a stranger may take it). Rows of older servers lack ``open``: there
every unclaimed person's seat of a public game stays open, and taking it makes a new token,
so the link issued at creation and never used stops working rather than being handed out a
second time.

The addresses that used a seat of a rated game are kept for the rating rules only, as salted
hashes in ``games.meta`` (the salt is the game's own), and never reach an answer.

>>> joinable({"kind": "human", "token": None, "claimed": False, "open": True}, True, "running")
True
>>> joinable({"kind": "human", "token": "t", "claimed": False, "open": False}, True, "running")
False
>>> joinable({"kind": "human", "token": "t", "claimed": False}, True, "running")  # an older row
True
>>> open_flags([{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}], public=True)
([False, True, False], 0)
>>> open_flags([{"kind": "human", "open": True}, {"kind": "human"}], public=True)
([True, False], 1)
>>> open_flags([{"kind": "human"}, {"kind": "human"}], public=False)
([False, False], 0)
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any, Optional

from cosmodrome.core import OptionError

#: meta keys no answer shows: the salted hashes of the addresses that used each seat, the salt
ADDRESSES, SALT = "seat_addresses", "address_salt"
PRIVATE_META = (ADDRESSES, SALT)
#: the most addresses kept per seat (a phone moving between networks has a few)
MAX_ADDRESSES = 8


def joinable(seat: dict[str, Any], public: bool, status: str) -> bool:
    """Whether a stranger may take ``seat`` through ``/join``: a person's seat of a running
    public game, open, never used and held by no account."""
    if not public or status != "running" or seat.get("kind") != "human":
        return False
    if seat.get("claimed") or seat.get("account"):
        return False
    return bool(seat.get("open", True))  # rows of older servers have no "open": every free seat was


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
            raise OptionError(f"seat {i + 1}: 'open' must be true or false, not {v!r}")
        if v and s.get("kind") != "human":
            raise OptionError(f"seat {i + 1} is a bot's: only a person's seat can be open to strangers")
        if v and not public:
            raise OptionError(f"seat {i + 1} is asked to be open to strangers, but only a public game has open "
                              "seats (set \"public\": true)")
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
    return hashlib.sha256(f"{salt}\n{address}".encode("utf-8")).hexdigest()[:24]


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
