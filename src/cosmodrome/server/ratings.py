"""Ratings of rated games: one TrueSkill rating per player (an account), bot level and game
type (docs/SERVER.md, "Ratings").

Who is rated in a rated game: every seat taken by an account and every bot seat (bots are
rated by level, so a newcomer sees how strong each level is); a guest's seat is not. Someone
holding several seats is rated once, with the place of their best seat. A competitive game
ranks its participants by their returns (ties share a place); a co-operative game rates the
team as one side against the game itself (``game:<type>``, a rating of its own): the team
won, or the game did. A seat a bot played after its person's clock ran out still counts as
that person's.

Farming (docs/SERVER.md, "Ratings"): in a competitive game, two accounts are *linked* when
some seat of each was used from one address, when the accounts were made less than
``ACCOUNTS_APART`` seconds apart, or when they already met in ``PAIRINGS_A_DAY`` rated games of
this type within the last ``PAIRING_WINDOW`` seconds. A linked account is left out of the
game's rating (the others are rated among themselves), and the game's meta names who was
left out (``rating_left_out``), never why for whom.

>>> ranks([1.0, 0.0, 1.0])
[0, 1, 0]
>>> ranks([0.5, 2.0, 1.0])
[2, 0, 1]
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Optional

import trueskill
from sqlalchemy import and_, select, text

from cosmodrome.server.seats import Seat, shared_address
from cosmodrome.server.storage import AccountTable, GameTable, RatedTable, RatingTable, StorageError, Store

log = logging.getLogger("cosmodrome.server")

ENV = trueskill.TrueSkill(draw_probability=0.05)

#: accounts made closer together than this (seconds) are linked: a puppet is made minutes after its master
ACCOUNTS_APART = 15 * 60
#: two accounts count in at most this many rated games of a type together within the window
PAIRINGS_A_DAY, PAIRING_WINDOW = 3, 24 * 3600


def ranks(returns: list[float]) -> list[int]:
    """Each seat's place (0 best) from its return; equal returns share a place."""
    order = sorted(set(returns), reverse=True)
    return [order.index(r) for r in returns]


def conservative(mu: float, sigma: float) -> float:
    """The rating shown: mu - 3 sigma (what the player is at least, with 99% confidence).

    >>> conservative(25.0, 25 / 3)
    0.0
    """
    return round(mu - 3 * sigma, 2)


#: the key of the PostgreSQL advisory lock under which ratings are read and written
RATINGS_LOCK = 0x636F736D6F  # "cosmo"


def _lock_ratings(s: Any) -> None:
    """Hold the ratings' lock until this transaction ends (PostgreSQL: a transaction-level
    advisory lock, so that a process rating a game reads the ratings another process stored
    a moment before, never the ones before them; one lock for all ratings: games end far too
    seldom for it to be a queue, and no two transactions can wait for each other). SQLite's
    one process writes through one thread, one transaction at a time: nothing to lock."""
    if s.get_bind().dialect.name == "postgresql":
        s.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": RATINGS_LOCK})


def participants(seats: list[Seat], game: str) -> list[tuple[str, str, int]]:
    """(who, shown name, seat) of each rated participant, by seat (guests left out).

    >>> participants([Seat(account="a1", player="ann"), Seat(), Seat("bot", bot="heuristic")], "venus")
    [('account:a1', 'ann', 0), ('bot:heuristic', 'bot heuristic', 2)]
    """
    out = []
    for i, s in enumerate(map(Seat.from_json, seats)):  # a stored seat's JSON reads as one too
        if s.kind == "bot":
            spec = s.bot or "random"
            if len(spec) <= 100:  # a level's spec (a longer one is no level anyone looks up)
                out.append((f"bot:{spec}", f"bot {spec}", i))
        elif s.account:
            out.append((f"account:{s.account}", s.player or "?", i))
    return out


class Ratings:
    """Rates finished rated games (once each, in one committed write) and answers the
    leaderboard and profiles."""

    def __init__(self, store: Store, guard: bool = True) -> None:
        self.store = store
        #: the rules against farming (module docstring); off on a server among friends
        self.guard = guard

    async def game_over(self, t: Any) -> None:
        """The listener of finished games (``Hall.on_finish``)."""
        if t.row.meta.get("rated") and not t.row.meta.get("rated_done"):
            try:
                left_out = await self.rate(t.row.id, t.row.game, t.row.seats, t.result(), bool(t.game.cooperative),
                                           t.row.meta)
            except StorageError as exc:  # rated at the next start (catch_up)
                log.error("could not store the ratings of game %s: %s", t.row.id, exc)
                return
            t.row.meta = dict(t.row.meta, rated_done=True, **({"rating_left_out": left_out} if left_out else {}))

    async def catch_up(self, hall: Any) -> int:
        """Rate the finished rated games a crash left unrated (on start)."""
        rows = await asyncio.to_thread(self.store.list_games, "finished")
        n = 0
        for row in rows:
            if row.meta.get("rated") and not row.meta.get("rated_done"):
                try:
                    t = await hall.table(row.id)
                    await self.game_over(t)
                    n += 1
                except Exception:
                    log.exception("cannot rate game %s", row.id)
        return n

    async def rate(self, game_id: str, game: str, seats: list[Seat], result: Optional[dict[str, Any]],
                   cooperative: bool, meta: Optional[dict[str, Any]] = None) -> list[str]:
        """Rate a finished game; returns the names of the accounts left out as linked. A game
        in which nobody can be rated is stored as done with too (not retried at each start)."""
        if result is None:
            await self._mark(game_id, [])
            return []
        people = participants(seats, game)
        places = ranks(result["returns"])
        best: dict[str, tuple[str, int]] = {}
        for who, name, seat in people:  # someone at several seats counts once, with their best place
            if who not in best or places[seat] < places[best[who][1]]:
                best[who] = (name, seat)
        left_out: list[str] = []
        if self.guard and not cooperative:  # a team against the game gains nothing from a puppet
            linked = await asyncio.to_thread(self._linked, game, people, meta or {})
            left_out = [best.pop(w)[0] for w in linked]
            if left_out and len(best) < 2:
                await self._mark(game_id, left_out)
                return left_out
        if cooperative:
            team = list(best)
            if not team:
                await self._mark(game_id, left_out)
                return left_out
            sides = [team, [f"game:{game}"]]
            names = {w: best[w][0] for w in team} | {f"game:{game}": f"the game {game}"}
            won = bool(result["winners"])
            side_ranks = [0, 1] if won else [1, 0]
            seat_of = {w: best[w][1] for w in team}
        else:
            if len(best) < 2:
                await self._mark(game_id, left_out)
                return left_out
            sides = [[w] for w in best]
            names = {w: best[w][0] for w in best}
            side_ranks = [places[best[w][1]] for w in best]
            seat_of = {w: best[w][1] for w in best}
        everyone = [w for side in sides for w in side]
        rank_of = {w: side_ranks[k] for k, side in enumerate(sides) for w in side}

        def fn(s) -> None:  # read, rated and written in one transaction, under the ratings' lock
            _lock_ratings(s)
            g = s.get(GameTable, game_id)
            if g is not None and (g.meta or {}).get("rated_done"):
                return  # rated already (by another process catching up at its start)
            rows = {w: s.get(RatingTable, (w, game)) for w in everyone}
            before = {w: (r.mu, r.sigma) if r is not None else (ENV.mu, ENV.sigma) for w, r in rows.items()}
            groups = [tuple(ENV.create_rating(*before[w]) for w in side) for side in sides]
            after = {w: (r.mu, r.sigma) for side, rs in zip(sides, ENV.rate(groups, ranks=side_ranks))
                     for w, r in zip(side, rs)}
            now = time.time()
            for w in everyone:
                row = rows[w]
                if row is None:
                    s.add(RatingTable(who=w, game=game, name=names[w], mu=after[w][0], sigma=after[w][1], games=1,
                                      updated=now))
                else:
                    row.mu, row.sigma, row.games, row.updated, row.name = (after[w][0], after[w][1],
                                                                           row.games + 1, now, names[w])
                s.add(RatedTable(game_id=game_id, who=w, game=game, seat=seat_of.get(w), rank=rank_of[w],
                                 mu_before=before[w][0], sigma_before=before[w][1], mu_after=after[w][0],
                                 sigma_after=after[w][1], time=now))
            if g is not None:
                g.meta = dict(g.meta or {}, rated_done=True, **({"rating_left_out": left_out} if left_out else {}))
        await self.store.submit(fn, asyncio.get_running_loop())
        return left_out

    async def _mark(self, game_id: str, left_out: list[str]) -> None:
        """Store that a game is done with, nobody rated, and who was left out."""
        def fn(s) -> None:
            g = s.get(GameTable, game_id)
            if g is not None:
                g.meta = dict(g.meta or {}, rated_done=True, **({"rating_left_out": left_out} if left_out else {}))
        await self.store.submit(fn, asyncio.get_running_loop())

    def _linked(self, game: str, people: list[tuple[str, str, int]], meta: dict[str, Any]) -> list[str]:
        """The accounts of a game linked to another account of it (module docstring), in seat order."""
        seats: dict[str, list[int]] = {}
        for who, _, seat in people:
            if who.startswith("account:"):
                seats.setdefault(who, []).append(seat)
        accounts = list(seats)
        if len(accounts) < 2:
            return []

        def fn(s) -> list[str]:
            made = {a: r.created for a in accounts if (r := s.get(AccountTable, a.split(":", 1)[1])) is not None}
            since = time.time() - PAIRING_WINDOW
            games = {a: set(s.scalars(select(RatedTable.game_id).where(and_(
                RatedTable.who == a, RatedTable.game == game, RatedTable.time >= since))).all()) for a in accounts}
            out: set[str] = set()
            for i, a in enumerate(accounts):
                for b in accounts[i + 1:]:
                    if (shared_address(meta, seats[a], seats[b])
                            or (a in made and b in made and abs(made[a] - made[b]) < ACCOUNTS_APART)
                            or len(games[a] & games[b]) >= PAIRINGS_A_DAY):
                        out.update((a, b))
            return [a for a in accounts if a in out]
        return self.store.read(fn)

    # ----- reading ------------------------------------------------------------------
    def leaderboard(self, game: str, limit: int = 100) -> list[dict[str, Any]]:
        def fn(s) -> list[dict[str, Any]]:
            rows = s.scalars(select(RatingTable).where(RatingTable.game == game)).all()
            out = [{"name": r.name, "kind": r.who.split(":", 1)[0], "rating": conservative(r.mu, r.sigma),
                    "mu": round(r.mu, 2), "sigma": round(r.sigma, 2), "games": r.games} for r in rows]
            out.sort(key=lambda d: -d["rating"])
            return out[:limit]
        return self.store.read(fn)

    def profile(self, who: str) -> dict[str, Any]:
        """The ratings of ``who`` (``account:<id>`` or ``bot:<spec>``) and its rated games."""
        def fn(s) -> dict[str, Any]:
            ratings = [{"game": r.game, "rating": conservative(r.mu, r.sigma), "mu": round(r.mu, 2),
                        "sigma": round(r.sigma, 2), "games": r.games}
                       for r in s.scalars(select(RatingTable).where(RatingTable.who == who))]
            mine = s.scalars(select(RatedTable).where(RatedTable.who == who).order_by(RatedTable.time.desc())
                             .limit(200)).all()
            history = []
            for h in mine:
                others = s.scalars(select(RatedTable).where(and_(RatedTable.game_id == h.game_id,
                                                                 RatedTable.who != who))).all()
                names = [n.name for n in s.scalars(select(RatingTable).where(
                    and_(RatingTable.game == h.game, RatingTable.who.in_([o.who for o in others]))))]
                history.append({"game_id": h.game_id, "game": h.game, "seat": h.seat, "place": h.rank + 1,
                                "won": h.rank == 0, "against": names, "time": h.time,
                                "before": conservative(h.mu_before, h.sigma_before),
                                "after": conservative(h.mu_after, h.sigma_after)})
            return {"ratings": ratings, "history": history}
        return self.store.read(fn)
