"""Tournaments: several bots at one table, seats rotated so each bot plays each seat equally.

Game ``i`` is deal ``i // players`` (its seed derives from the master seed) played with the
bots rotated by ``i % players`` seats, so every rotation of a deal is played: each bot sits
in every seat equally often and meets the same luck (duplicate-style), which cuts the noise.

>>> from cosmodrome.testing import toy
>>> t = Tournament("pocket-race", ["ismcts:iters=20", "random"], n=4, seed=1)
>>> [t.seating(i) for i in range(4)]
[[0, 1], [1, 0], [0, 1], [1, 0]]
>>> t.entrants
['ismcts:iters=20', 'random']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from cosmodrome.core import OptionError, PlayerCountError, get_game
from cosmodrome.lab.executor import run_tasks
from cosmodrome.lab.runner import GameResult, GameTask, game_module
from cosmodrome.lab.seeds import game_seed
from cosmodrome.lab.stats import mean, std, tally_summaries, wilson
from cosmodrome.lab.store import Store, batch_id


def entrant_labels(specs: list[str]) -> list[str]:
    """Unique labels: a spec used twice becomes ``random#1`` and ``random#2``.

    >>> entrant_labels(["ismcts", "random", "random"])
    ['ismcts', 'random#1', 'random#2']
    """
    out = []
    for i, s in enumerate(specs):
        if specs.count(s) > 1:
            out.append(f"{s}#{specs[:i].count(s) + 1}")
        else:
            out.append(s)
    return out


@dataclass
class Tournament:
    game: str
    bots: list[str]
    n: int
    players: Optional[int] = None
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    #: set when ``n`` was rounded up to a multiple of the player count
    rounded_from: Optional[int] = None

    def __post_init__(self) -> None:
        g = get_game(self.game)
        self.game = g.name
        if not self.bots:
            raise OptionError("a tournament needs bots, e.g. --bots ismcts,random")
        if self.players is None:
            self.players = len(self.bots)
        g.check_players(self.players)
        if len(self.bots) != self.players:
            raise PlayerCountError(
                f"{len(self.bots)} bots given for {self.players} players: give one bot per seat")
        if isinstance(self.n, bool) or not isinstance(self.n, int) or self.n < 1:
            raise OptionError(f"the number of games must be at least 1, not {self.n}")
        if self.n % self.players:
            self.rounded_from = self.n
            self.n = self.n + self.players - self.n % self.players
        self.options = g.resolve_options(self.options)
        from cosmodrome.bots import check_bot_specs

        check_bot_specs(self.bots, g, allow_import=True)   # module:Class from the command line
        g.new_state(self.players, 0, self.options)  # a bad option or data file fails now
        self.module = game_module(g)

    @property
    def entrants(self) -> list[str]:
        return entrant_labels(self.bots)

    def params(self) -> dict[str, Any]:
        return {"game": self.game, "bots": list(self.bots), "n": self.n, "players": self.players,
                "seed": self.seed, "options": self.options, "version": 1}

    @property
    def id(self) -> str:
        return batch_id("tournament", self.params())

    def seating(self, i: int) -> list[int]:
        """The entrant index in each seat of game ``i``."""
        p = self.players
        return [(s + i) % p for s in range(p)]

    def task(self, i: int) -> GameTask:
        seats = self.seating(i)
        return GameTask(self.game, self.players, game_seed(self.seed, i // self.players),
                        tuple(self.bots[e] for e in seats), tuple(sorted(self.options.items())), i,
                        (self.module,))

    def tasks(self) -> list[GameTask]:
        return [self.task(i) for i in range(self.n)]

    # ----- running ---------------------------------------------------------------------
    def run(self, store: Store, workers: int = 1, backend: str = "local", ray_address: Optional[str] = None,
            on_result: Optional[Callable[[GameResult], None]] = None,
            limit: Optional[int] = None) -> dict[int, GameResult]:
        """Play the games not yet in ``store`` (at most ``limit`` of them) and return all
        finished results by index. Each game is stored the moment it finishes."""
        bid = self.id
        store.begin(bid, "tournament", self.params())
        done = store.finished(bid)
        todo = [self.task(i) for i in range(self.n) if i not in done]
        if limit is not None:
            todo = todo[:limit]

        def keep(r: GameResult) -> None:
            store.add(bid, r)
            done[r.index] = r
            if on_result is not None:
                on_result(r)

        run_tasks(todo, workers=workers, backend=backend, ray_address=ray_address, on_result=keep)
        return done

    # ----- the report data -------------------------------------------------------------
    def analyse(self, results: dict[int, GameResult]) -> dict[str, Any]:
        """Win share per bot with Wilson 95% intervals, mean VP, TrueSkill, results by seat."""
        p = self.players
        labels = self.entrants
        games = [results[i] for i in sorted(results)]
        share = [[] for _ in labels]
        vp = [[] for _ in labels]
        seat_share = [[] for _ in range(p)]
        by_bot_seat = [[[] for _ in range(p)] for _ in labels]
        for r in games:
            seats = self.seating(r.index)
            for s, e in enumerate(seats):
                share[e].append(r.returns[s])
                vp[e].append(r.scores[s])
                seat_share[s].append(r.returns[s])
                by_bot_seat[e][s].append(r.returns[s])
        ratings = trueskill_ratings(games, [self.seating(r.index) for r in games], len(labels))
        bots = []
        for e, label in enumerate(labels):
            n = len(share[e])
            lo, hi = wilson(sum(share[e]), n)
            bots.append({"bot": label, "games": n, "win_share": mean(share[e]), "ci": [lo, hi],
                         "wins": sum(share[e]), "mean_vp": mean(vp[e]), "sd_vp": std(vp[e]),
                         "mu": ratings[e][0], "sigma": ratings[e][1],
                         "by_seat": [mean(x) if x else None for x in by_bot_seat[e]], "vp": vp[e]})
        seats = []
        for s in range(p):
            n = len(seat_share[s])
            lo, hi = wilson(sum(seat_share[s]), n)
            seats.append({"seat": s, "games": n, "win_share": mean(seat_share[s]), "ci": [lo, hi]})
        all_lose = sum(1 for r in games if not r.winners)
        team = None
        if get_game(self.game).cooperative:   # one team: its win rate is the result
            won = len(games) - all_lose
            team = {"games": len(games), "wins": won, "win_rate": won / len(games) if games else 0.0,
                    "ci": list(wilson(won, len(games)))}
        return {"team": team, "id": self.id, "game": self.game, "players": p, "n": self.n, "finished": len(games),
                "bots": bots, "seats": seats, "all_lose": all_lose,
                "mean_decisions": mean([r.decisions for r in games]),
                "tallies": tally_summaries(r.summary for r in games)}


def trueskill_ratings(games: list[GameResult], seatings: list[list[int]], entrants: int) -> list[tuple[float, float]]:
    """TrueSkill (mu, sigma) per entrant, updated game by game in index order: winners share
    rank 1, the others rank 2; an all-lose game is a draw among everybody."""
    import trueskill

    env = trueskill.TrueSkill(draw_probability=0.05)
    ratings = [env.create_rating() for _ in range(entrants)]
    for r, seats in zip(games, seatings):
        if len(set(seats)) < 2:
            continue
        ranks = [0 if r.returns[s] > 0 else 1 for s in range(len(seats))]
        teams = [(ratings[e],) for e in seats]
        new = env.rate(teams, ranks=ranks)
        for s, e in enumerate(seats):
            ratings[e] = new[s][0]
    return [(x.mu, x.sigma) for x in ratings]


def conservative(mu: float, sigma: float) -> float:
    """The usual TrueSkill leaderboard value mu - 3 sigma."""
    return mu - 3 * sigma


