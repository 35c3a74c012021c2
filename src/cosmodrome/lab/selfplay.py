"""Batches of games with fixed bots per seat — the work behind ``simulate`` and ``balance``.

>>> from cosmodrome.testing import toy
>>> sp = SelfPlay("pocket-race", ["random"], n=6, players=3, seed=2)
>>> a = sp.analyse(sp.run())
>>> a["n"], len(a["seats"]), round(sum(s["win_share"] for s in a["seats"]), 6)
(6, 3, 1.0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from cosmodrome.core import DataError, OptionError, PlayerCountError, get_game
from cosmodrome.lab.executor import run_tasks
from cosmodrome.lab.runner import GameResult, GameTask, game_module
from cosmodrome.lab.seeds import game_seed
from cosmodrome.lab.stats import diff_ci, mean, per_game_values, std, tally_summaries, wilson
from cosmodrome.lab.store import Store, batch_id

ALL_LOSE = "all lose"


def default_players(game_name: str) -> int:
    g = get_game(game_name)
    return max(g.min_players, min(4, g.max_players))


def check_count(n: Any, what: str = "the number of games (-n)") -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise OptionError(f"{what} must be at least 1, not {n}")
    return n


def variant_option(path: str | Path) -> str:
    """Check a variant component file exists and is readable; its absolute path."""
    p = Path(path)
    if not p.is_file():
        raise DataError(f"variant file {p} does not exist or is not a file")
    try:
        p.read_bytes()
    except OSError as exc:
        raise DataError(f"cannot read variant file {p}: {exc.strerror or exc}") from None
    return str(p.resolve())


@dataclass
class SelfPlay:
    """``n`` games of ``game`` for ``players`` seats; ``bots`` is one spec for every seat or
    one per seat. Game ``i`` is seeded by ``game_seed(seed, i)``."""

    game: str
    bots: list[str]
    n: int
    players: Optional[int] = None
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    label: str = "default"

    def __post_init__(self) -> None:
        g = get_game(self.game)
        self.game = g.name
        check_count(self.n)
        if self.players is None:
            self.players = len(self.bots) if len(self.bots) > 1 else default_players(g.name)
        g.check_players(self.players)
        if len(self.bots) == 1:
            self.bots = self.bots * self.players
        if len(self.bots) != self.players:
            raise PlayerCountError(
                f"{len(self.bots)} bots given for {self.players} players: give one bot, or one per seat")
        self.options = g.resolve_options(self.options)
        from cosmodrome.bots import check_bot_specs

        check_bot_specs(sorted(set(self.bots)), g, allow_import=True)   # module:Class from the command line
        g.new_state(self.players, 0, self.options)  # bad options or data files fail here, before any work
        self.module = game_module(g)

    def params(self) -> dict[str, Any]:
        opts = dict(self.options)
        comp = opts.get("components")
        if isinstance(comp, str) and comp and Path(comp).is_file():
            import hashlib

            opts["components_sha256"] = hashlib.sha256(Path(comp).read_bytes()).hexdigest()
        return {"game": self.game, "bots": list(self.bots), "n": self.n, "players": self.players,
                "seed": self.seed, "options": opts, "version": 1}

    @property
    def id(self) -> str:
        return batch_id("selfplay", self.params())

    def tasks(self) -> list[GameTask]:
        opts = tuple(sorted(self.options.items()))
        return [GameTask(self.game, self.players, game_seed(self.seed, i), tuple(self.bots), opts, i,
                         (self.module,)) for i in range(self.n)]

    def run(self, workers: int = 1, backend: str = "local", ray_address: Optional[str] = None,
            on_result: Optional[Callable[[GameResult], None]] = None,
            store: Optional[Store] = None) -> list[GameResult]:
        """Play the batch (with a ``store``: only the games not yet stored, storing each)."""
        done: dict[int, GameResult] = {}
        bid = self.id
        if store is not None:
            store.begin(bid, "selfplay", self.params())
            done = store.finished(bid)
            for r in done.values():
                if on_result is not None:
                    on_result(r)

        def keep(r: GameResult) -> None:
            if store is not None:
                store.add(bid, r)
            done[r.index] = r
            if on_result is not None:
                on_result(r)

        todo = [t for t in self.tasks() if t.index not in done]
        run_tasks(todo, workers=workers, backend=backend, ray_address=ray_address, on_result=keep)
        return [done[i] for i in range(self.n)]

    def analyse(self, results: list[GameResult], seconds: Optional[float] = None) -> dict[str, Any]:
        return analyse(results, self.players, self.label, seconds)


def end_cause(r: GameResult) -> str:
    end = r.summary.get("end") if isinstance(r.summary, dict) else None
    return end if isinstance(end, str) and end else ("normal" if r.winners else ALL_LOSE)


def analyse(results: list[GameResult], players: int, label: str = "default",
            seconds: Optional[float] = None) -> dict[str, Any]:
    """Everything the simulate and balance reports show, from a list of results."""
    n = len(results)
    seats = []
    for s in range(players):
        share = [r.returns[s] for r in results]
        vp = [r.scores[s] for r in results]
        lo, hi = wilson(sum(share), n)
        seats.append({"seat": s, "wins": sum(1 for r in results if s in r.winners), "win_share": mean(share),
                      "ci": [lo, hi], "mean_vp": mean(vp), "sd_vp": std(vp)})
    spread = [max(r.scores) - min(r.scores) for r in results]
    all_vp = [v for r in results for v in r.scores]
    causes: dict[str, int] = {}
    all_lose: dict[str, int] = {}
    for r in results:
        c = end_cause(r)
        causes[c] = causes.get(c, 0) + 1
        if not r.winners:
            all_lose[c] = all_lose.get(c, 0) + 1
    lengths = [float(r.decisions) for r in results]
    return {"label": label, "n": n, "players": players, "seats": seats,
            "mean_vp": mean(all_vp), "sd_vp": std(all_vp), "mean_spread": mean(spread), "sd_spread": std(spread),
            "end_causes": dict(sorted(causes.items())), "all_lose": dict(sorted(all_lose.items())),
            "all_lose_total": sum(all_lose.values()),
            "mean_decisions": mean(lengths), "sd_decisions": std(lengths),
            "tallies": tally_summaries(r.summary for r in results),
            "seconds": seconds, "games_per_second": (n / seconds) if seconds else None,
            "vp_by_seat": [[r.scores[s] for r in results] for s in range(players)]}


def compare(a: list[GameResult], b: list[GameResult], players: int) -> list[dict[str, Any]]:
    """Each measure of arm ``b`` (variant) against arm ``a`` (default): both values and the
    difference b − a with its 95% interval."""
    rows: list[dict[str, Any]] = []

    def add(name: str, xa: list[float], xb: list[float]) -> None:
        d, lo, hi = diff_ci(xa, xb)
        rows.append({"measure": name, "default": mean(xa), "variant": mean(xb), "diff": d, "ci": [lo, hi],
                     "significant": lo > 0 or hi < 0})

    for s in range(players):
        add(f"win share seat {s + 1}", [r.returns[s] for r in a], [r.returns[s] for r in b])
    add("all-lose rate", [0.0 if r.winners else 1.0 for r in a], [0.0 if r.winners else 1.0 for r in b])
    causes = sorted({end_cause(r) for r in a + b if not r.winners})
    for c in causes:
        add(f"all-lose: {c}", [1.0 if (not r.winners and end_cause(r) == c) else 0.0 for r in a],
            [1.0 if (not r.winners and end_cause(r) == c) else 0.0 for r in b])
    add("mean VP", [mean(r.scores) for r in a], [mean(r.scores) for r in b])
    add("VP spread (max-min)", [max(r.scores) - min(r.scores) for r in a], [max(r.scores) - min(r.scores) for r in b])
    add("decisions per game", [float(r.decisions) for r in a], [float(r.decisions) for r in b])
    ta = tally_summaries(r.summary for r in a)
    tb = tally_summaries(r.summary for r in b)
    sa, sb = [r.summary for r in a], [r.summary for r in b]
    for key in sorted(set(ta["numbers"]) | set(tb["numbers"])):
        add(f"{key} per game", per_game_values(sa, key), per_game_values(sb, key))
    for key in sorted(set(ta["dicts"]) | set(tb["dicts"])):
        subs = sorted(set(ta["dicts"].get(key, {})) | set(tb["dicts"].get(key, {})))
        for sub in subs:
            add(f"{key} {sub} per game", per_game_values(sa, key, sub), per_game_values(sb, key, sub))
    return rows
