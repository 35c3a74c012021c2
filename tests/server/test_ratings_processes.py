"""Ratings of games that end at once in two server processes on one PostgreSQL database
(docs/SERVER.md, "Many processes"): each process's ratings read and write the same rows, and
no update of a player's rating is lost. Two stores (two engines, two committers), as two
processes have, on the throwaway cluster of test_postgres.py."""

from __future__ import annotations

import asyncio
import threading
import time

from sqlalchemy import select
from test_postgres import pg, pg_url  # noqa: F401  (the throwaway cluster and a database of it)

from cosmodrome.server.ratings import Ratings
from cosmodrome.server.seats import Seat
from cosmodrome.server.storage import GameRow, RatedTable, RatingTable, Store

GAMES = 12  # games each process ends, all of them against one player (the level "random")


def finished_games(store, prefix):
    """Rated finished games "random" against a level of its own each (rows only: the ratings
    read the seats, the result is given)."""
    ids = []
    for k in range(GAMES):
        gid = f"{prefix}{k}"
        store.create_game(GameRow(id=gid, game="venus", players=2, seed=k, options={}, status="finished",
                                  seats=[Seat("bot", bot="random", claimed=True),
                                         Seat("bot", bot=f"{prefix}-level-{k}", claimed=True)],
                                  meta={"rated": True}, created=time.time()))
        ids.append(gid)
    return ids


def test_games_of_one_player_ending_at_once_in_two_processes_lose_no_rating_update(pg_url):  # noqa: F811
    stores = [Store(pg_url), Store(pg_url)]
    try:
        games = [finished_games(s, p) for s, p in zip(stores, ("a", "b"))]
        start = threading.Barrier(2)
        errors = []

        def process(store, ids, won):
            async def main():
                ratings = Ratings(store, guard=False)
                start.wait()  # both processes at once
                await asyncio.gather(*(ratings.rate(gid, "venus", [Seat("bot", bot="random"),
                                                                   Seat("bot", bot=f"{gid[0]}-level-{gid[1:]}")],
                                                    {"returns": [1.0, 0.0] if won else [0.0, 1.0],
                                                     "winners": [0] if won else [1]}, False)
                                       for gid in ids))
            try:
                asyncio.run(main())
            except Exception as exc:  # said below
                errors.append(exc)

        threads = [threading.Thread(target=process, args=(s, ids, won))
                   for s, ids, won in zip(stores, games, (True, False))]
        for th in threads:
            th.start()
        for th in threads:
            th.join(60)
        assert not errors, errors
        with stores[0].engine.connect() as conn:
            row = conn.execute(select(RatingTable).where(RatingTable.who == "bot:random")).one()
            history = conn.execute(select(RatedTable).where(RatedTable.who == "bot:random")
                                   .order_by(RatedTable.time)).all()
        # every game counted, and each update started from the one before it
        assert row.games == 2 * GAMES and len(history) == 2 * GAMES, (row.games, len(history))
        befores = sorted((h.mu_before, h.sigma_before) for h in history)
        afters = sorted([(h.mu_after, h.sigma_after) for h in history] + [(25.0, 25 / 3)])
        chain = {(h.mu_before, h.sigma_before): (h.mu_after, h.sigma_after) for h in history}
        assert len(chain) == 2 * GAMES, "two games read the same rating before either stored its own"
        assert set(befores) <= set(afters) and (row.mu, row.sigma) in {a for a in chain.values()}
        # every game of the player is marked rated
        for s, ids in zip(stores, games):
            assert all(s.get_game(g).meta.get("rated_done") for g in ids)
    finally:
        for s in stores:
            s.close()
