"""Bot ladders: a seeded round robin of bots, rated against each other.

For a competitive game every pair of entrants meets head to head (two players) on the same
``deals`` deals, each deal played twice with the seats swapped, so every entrant meets the
same luck from both seats. Game ``(pair, deal, swap)`` has index
``(pair * deals + deal) * 2 + swap`` and the seed of deal ``deal``; everything that follows
(the rating, its intervals) is computed from the results in index order, so the same
seeds give the same table on any number of workers. A pair's games are stored as a batch
of their own (first seat: the spec that sorts first), so a bot added to a ladder plays
only its own games.

Ratings: Elo from a Bradley–Terry fit of all head-to-head scores (a game's score is the
entrant's share of the two win shares, a draw — a shared win or an all-lose end — is half a
point each), anchored so that ``random`` is at 0 when it takes part (else the mean is 0),
with a weak Gaussian prior (sd ``PRIOR_SD_ELO``) that keeps a perfect record finite; 95%
intervals from the curvature of the fit (relative to the zero point). TrueSkill μ and σ beside
it, updated game by game in index order.

For a co-operative game (every seat wins or loses together) there is nobody to rate
against: each entrant fills every seat of ``deals`` deals, and the ladder is its team win
rate with a Wilson 95% interval.

>>> from cosmodrome.testing import toy
>>> lad = Ladder("pocket-race", ["random", "ismcts:iters=8"], deals=2, seed=1)
>>> [(t.index, t.bots) for t in lad.tasks()]  # doctest: +NORMALIZE_WHITESPACE
[(0, ('ismcts:iters=8', 'random')), (1, ('random', 'ismcts:iters=8')),
 (2, ('ismcts:iters=8', 'random')), (3, ('random', 'ismcts:iters=8'))]
>>> lad.task(0).seed == lad.task(1).seed != lad.task(2).seed
True
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Optional

import numpy as np

from cosmodrome.core import OptionError, get_game
from cosmodrome.lab.executor import run_tasks
from cosmodrome.lab.runner import GameResult, GameTask, game_module
from cosmodrome.lab.seeds import game_seed
from cosmodrome.lab.stats import Z95, mean, wilson
from cosmodrome.lab.store import Store, batch_id
from cosmodrome.lab.tournament import entrant_labels, trueskill_ratings

#: Elo points per natural-log odds unit (the usual 400 / ln 10)
ELO = 400 / math.log(10)
#: the prior's standard deviation in Elo: wide, only there to keep perfect records finite
PRIOR_SD_ELO = 700.0


@dataclass
class Ladder:
    game: str
    bots: list[str]
    #: deals per pair (each played from both seats) or, for a co-operative game, per bot
    deals: int
    seed: int = 0
    #: seats at the table: 2 (head to head) for a competitive game; the team size for a co-operative one
    players: Optional[int] = None
    options: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        g = get_game(self.game)
        self.game = g.name
        self.cooperative = bool(getattr(g, "cooperative", False))
        if len(self.bots) < (1 if self.cooperative else 2):
            raise OptionError("a ladder needs at least two bots, e.g. --bots random,heuristic")
        if len(set(self.bots)) != len(self.bots):
            raise OptionError(f"a ladder's bots must differ: {', '.join(self.bots)}")
        if isinstance(self.deals, bool) or not isinstance(self.deals, int) or self.deals < 1:
            raise OptionError(f"the number of deals must be at least 1, not {self.deals}")
        if self.players is None:
            self.players = 2 if 2 >= g.min_players else g.min_players
        if not self.cooperative and self.players != 2:
            raise OptionError(f"a ladder of a competitive game is played head to head: 2 players, not {self.players}")
        g.check_players(self.players)
        self.options = g.resolve_options(self.options)
        from cosmodrome.bots import check_bot_specs

        check_bot_specs(self.bots, g, allow_import=True)   # module:Class from the command line
        g.new_state(self.players, 0, self.options)  # a bad option fails now
        self.module = game_module(g)

    @property
    def entrants(self) -> list[str]:
        return entrant_labels(self.bots)

    @property
    def pairs(self) -> list[tuple[int, int]]:
        return list(itertools.combinations(range(len(self.bots)), 2))

    @property
    def n(self) -> int:
        """The number of games."""
        if self.cooperative:
            return len(self.bots) * self.deals
        return len(self.pairs) * self.deals * 2

    def params(self) -> dict[str, Any]:
        return {"game": self.game, "bots": list(self.bots), "deals": self.deals, "players": self.players,
                "seed": self.seed, "options": self.options, "version": 1}

    @property
    def id(self) -> str:
        return batch_id("ladder", self.params())

    def seating(self, i: int) -> list[int]:
        """The entrant index in each seat of game ``i``."""
        if self.cooperative:
            return [i // self.deals] * self.players
        a, b = self.pairs[i // (2 * self.deals)]
        if self.bots[b] < self.bots[a]:  # a pair's games do not depend on the entrants' order
            a, b = b, a
        return [b, a] if i % 2 else [a, b]

    def deal(self, i: int) -> int:
        return i % self.deals if self.cooperative else (i // 2) % self.deals

    def task(self, i: int) -> GameTask:
        return GameTask(self.game, self.players, game_seed(self.seed, self.deal(i)),
                        tuple(self.bots[e] for e in self.seating(i)), tuple(sorted(self.options.items())), i,
                        (self.module,))

    def tasks(self) -> list[GameTask]:
        return [self.task(i) for i in range(self.n)]

    def group(self, i: int) -> tuple[str, dict[str, Any], int]:
        """Where game ``i`` is stored: the batch of its pair of bots (of its bot, in a
        co-operative game), its parameters, and the game's index in that batch. A pair's
        games are the same in every ladder with the same game, seed and deals, so adding a
        bot to a ladder plays only the new bot's games."""
        span = self.deals if self.cooperative else 2 * self.deals
        params = {"game": self.game, "players": self.players, "seed": self.seed, "options": self.options,
                  "deals": self.deals, "bots": [self.bots[e] for e in self.seating(i - i % span)], "version": 1}
        return batch_id("ladder", params), params, i % span

    def stored(self, store: Store) -> dict[int, GameResult]:
        """The games of this ladder already in ``store``, by index."""
        out: dict[int, GameResult] = {}
        span = self.deals if self.cooperative else 2 * self.deals
        for first in range(0, self.n, span):
            bid, _, _ = self.group(first)
            for k, r in store.finished(bid).items():
                if k < span:
                    out[first + k] = replace(r, index=first + k)
        return out

    def run(self, store: Optional[Store] = None, workers: int = 1, backend: str = "local",
            on_result: Optional[Callable[[GameResult], None]] = None) -> dict[int, GameResult]:
        """Play the games not yet in ``store`` (all of them without a store); results by index."""
        done: dict[int, GameResult] = self.stored(store) if store is not None else {}

        def keep(r: GameResult) -> None:
            if store is not None:
                bid, params, k = self.group(r.index)
                store.begin(bid, "ladder", params)
                store.add(bid, replace(r, index=k))
            done[r.index] = r
            if on_result is not None:
                on_result(r)

        run_tasks([self.task(i) for i in range(self.n) if i not in done], workers=workers, backend=backend,
                  on_result=keep)
        return done

    # ----- analysis ------------------------------------------------------------------------
    def analyse(self, results: dict[int, GameResult]) -> dict[str, Any]:
        """The ladder's table: Elo with 95% intervals and TrueSkill (competitive), or
        team win rates with Wilson intervals (co-operative)."""
        missing = [i for i in range(self.n) if i not in results]
        if missing:
            raise OptionError(f"ladder {self.id}: {len(missing)} of {self.n} games are not played yet")
        games = [results[i] for i in range(self.n)]
        head = {"id": self.id, "game": self.game, "players": self.players, "deals": self.deals,
                "seed": self.seed, "games": self.n, "cooperative": self.cooperative,
                "mean_decisions": mean([r.decisions for r in games])}
        if self.cooperative:
            return {**head, "rows": self._team_rows(games)}
        return {**head, **self._ratings(games)}

    def _team_rows(self, games: list[GameResult]) -> list[dict[str, Any]]:
        rows = []
        for e, label in enumerate(self.entrants):
            mine = games[e * self.deals:(e + 1) * self.deals]
            wins = sum(1 for r in mine if r.winners)
            rows.append({"bot": label, "games": len(mine), "wins": wins, "win_rate": wins / len(mine),
                         "ci": list(wilson(wins, len(mine))), "mean_vp": mean([mean(r.scores) for r in mine]),
                         "mean_decisions": mean([r.decisions for r in mine])})
        return sorted(rows, key=lambda r: (-r["win_rate"], -r["mean_vp"], r["bot"]))

    def _ratings(self, games: list[GameResult]) -> dict[str, Any]:
        k = len(self.bots)
        labels = self.entrants
        # per pair, the score of the pair's first entrant in each game, in index order
        scores: dict[tuple[int, int], list[float]] = {p: [] for p in self.pairs}
        for r in games:
            seats = self.seating(r.index)
            a_seat = 0 if seats[0] < seats[1] else 1
            scores[(min(seats), max(seats))].append(game_score(r.returns, a_seat))
        wins, count = np.zeros((k, k)), np.zeros((k, k))
        for (a, b), s in scores.items():
            wins[a, b], wins[b, a] = sum(s), len(s) - sum(s)
            count[a, b] = count[b, a] = len(s)
        anchor = labels.index("random") if "random" in self.bots else None
        elo, se = bradley_terry(wins, count, anchor)
        ts = trueskill_ratings(games, [self.seating(r.index) for r in games], k)
        rows = []
        for e, label in enumerate(labels):
            n = count[e].sum()
            rows.append({"bot": label, "games": int(n), "score": wins[e].sum() / n if n else 0.0,
                         "elo": float(elo[e]), "ci": [float(elo[e] - Z95 * se[e]), float(elo[e] + Z95 * se[e])],
                         "mu": ts[e][0], "sigma": ts[e][1]})
        head_to_head = [[None if a == b else float(wins[a, b] / count[a, b]) for b in range(k)] for a in range(k)]
        order = sorted(range(k), key=lambda e: (-rows[e]["elo"], labels[e]))
        return {"rows": [rows[e] for e in order], "head_to_head": head_to_head, "labels": labels,
                "anchor": labels[anchor] if anchor is not None else None}


def game_score(returns: list[float], seat: int) -> float:
    """The head-to-head score of ``seat``: its share of the two win shares, 0.5 when both lost.

    >>> game_score([1.0, 0.0], 0), game_score([0.5, 0.5], 1), game_score([0.0, 0.0], 0)
    (1.0, 0.5, 0.5)
    """
    total = returns[0] + returns[1]
    return returns[seat] / total if total > 0 else 0.5


def bradley_terry(wins: np.ndarray, count: np.ndarray, anchor: Optional[int] = None,
                  prior_sd: float = PRIOR_SD_ELO) -> tuple[np.ndarray, np.ndarray]:
    """Elo ratings maximising the Bradley–Terry likelihood of ``wins[i, j]`` points of ``i``
    in ``count[i, j]`` games against ``j``, with a Gaussian prior of sd ``prior_sd`` Elo
    (Newton's method), shifted so that entrant ``anchor`` is at 0 (else the mean is 0); and
    each rating's standard error relative to that zero, from the curvature of the log
    posterior at its peak (the Laplace approximation: a perfect record gets a wide
    interval, not an infinite rating).

    >>> w = np.array([[0, 30], [10, 0]]); n = np.array([[0, 40], [40, 0]])
    >>> r, se = bradley_terry(w, n, anchor=1)
    >>> round(float(r[0])), round(float(se[0]))   # 3:1 odds is about 190 Elo
    (190, 63)
    """
    k = len(wins)
    inv_var = (ELO / prior_sd) ** 2
    theta = np.zeros(k)
    for _ in range(200):
        p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))
        grad = (wins - count * p).sum(axis=1) - inv_var * theta
        w = count * p * (1 - p)
        hess = w - np.diag(w.sum(axis=1)) - inv_var * np.eye(k)
        step = np.linalg.solve(hess, grad)
        theta = theta - step
        if np.abs(step).max() < 1e-10:
            break
    cov = np.linalg.inv(-hess) * ELO ** 2
    # the contrast of each rating with the zero point (the anchor, or the mean)
    zero = np.eye(k)[anchor] if anchor is not None else np.full(k, 1 / k)
    contrast = np.eye(k) - zero[None, :]
    se = np.sqrt(np.maximum(0.0, np.einsum("ij,jk,ik->i", contrast, cov, contrast)))
    elo = theta * ELO
    return elo - elo @ zero, se


# ----- Markdown --------------------------------------------------------------------------
def ci_text(row: dict[str, Any], anchor: Optional[str]) -> str:
    """A rating's 95% interval as text (the anchor has none: it is the zero point)."""
    if row["bot"] == anchor:
        return "(zero point)"
    return f"{row['ci'][0]:+.0f} … {row['ci'][1]:+.0f}"


def markdown(a: dict[str, Any], command: str = "") -> str:
    """A ladder's tables as Markdown (the body of its docs/LADDER.md section)."""
    lines: list[str] = []
    if command:
        lines += ["```", command, "```", ""]
    if a["cooperative"]:
        lines += [f"{a['games']} games: each bot fills all {a['players']} seats of the same {a['deals']} deals "
                  f"(seed {a['seed']}); a co-operative game, so the ladder is the team's win rate "
                  f"(Wilson 95% intervals); equal rates are ordered by the mean score (the mean of the seats' "
                  f"`scores()`; in March on Mars, aliens killed per marine). Mean decisions per game: "
                  f"{a['mean_decisions']:.0f}.", "",
                  "| rank | bot | games | team wins | win rate | 95% CI | mean score |",
                  "|---:|---|---:|---:|---:|---:|---:|"]
        for i, r in enumerate(a["rows"], 1):
            lines.append(f"| {i} | `{r['bot']}` | {r['games']} | {r['wins']} | {100 * r['win_rate']:.1f}% | "
                         f"{100 * r['ci'][0]:.1f}–{100 * r['ci'][1]:.1f}% | {r['mean_vp']:.2f} |")
        return "\n".join(lines) + "\n"
    anchor = f"`{a['anchor']}` at 0" if a["anchor"] else "the mean at 0"
    lines += [f"{a['games']} games, head to head: every pair of bots on the same {a['deals']} deals "
              f"(seed {a['seed']}), each deal played from both seats. Elo from a Bradley–Terry fit, "
              f"{anchor}, 95% interval from its curvature; TrueSkill μ/σ updated in game order. Score: the bot's "
              f"share of the points in all its games (a draw is half). Mean decisions per game: "
              f"{a['mean_decisions']:.0f}.", "",
              "| rank | bot | Elo | 95% CI | TrueSkill μ | σ | score | games |",
              "|---:|---|---:|---:|---:|---:|---:|---:|"]
    for i, r in enumerate(a["rows"], 1):
        lines.append(f"| {i} | `{r['bot']}` | {r['elo']:+.0f} | {ci_text(r, a['anchor'])} | "
                     f"{r['mu']:.1f} | {r['sigma']:.1f} | {100 * r['score']:.1f}% | {r['games']} |")
    labels = a["labels"]
    order = [labels.index(r["bot"]) for r in a["rows"]]
    lines += ["", "Score of the row's bot against the column's bot:", "",
              "| | " + " | ".join(f"`{labels[j]}`" for j in order) + " |",
              "|---|" + "---:|" * len(order)]
    for i in order:
        cells = ["–" if a["head_to_head"][i][j] is None else f"{100 * a['head_to_head'][i][j]:.0f}%" for j in order]
        lines.append(f"| `{labels[i]}` | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


#: the order of the sections in docs/LADDER.md
SECTIONS = {"venus": "Onward to Venus", "cosmic-run": "Cosmic Run", "moon": "Walking on the Moon",
            "mars": "March on Mars"}


def write_section(path: Any, game: str, title: str, body: str) -> None:
    """Put ``body`` in ``game``'s section of the ladder document at ``path`` (between the
    markers ``<!-- ladder:GAME -->`` and ``<!-- /ladder:GAME -->``), creating the document
    or the section when missing (in the order of :data:`SECTIONS`); the other sections and
    the text around them are left as they are."""
    from pathlib import Path

    path = Path(path)
    text = path.read_text(encoding="utf-8") if path.exists() else "# Bot ladders\n"
    start, end = f"<!-- ladder:{game} -->", f"<!-- /ladder:{game} -->"
    block = f"{start}\n## {title}\n\n{body.rstrip()}\n{end}"
    if start in text and end in text:
        before, rest = text.split(start, 1)
        text = before + block + rest.split(end, 1)[1]
    else:  # a new section goes before the sections of the games listed after it in SECTIONS
        order = list(SECTIONS)
        later = [g for g in order[order.index(game) + 1:] if f"<!-- ladder:{g} -->" in text] if game in order else []
        if later:
            at = min(text.index(f"<!-- ladder:{g} -->") for g in later)
            text = text[:at] + block + "\n\n" + text[at:]
        else:
            text = text.rstrip() + "\n\n" + block + "\n"
    path.write_text(text, encoding="utf-8")
