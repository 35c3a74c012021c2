"""RB: Ending the game – victory points and the tie-break chain.

Each planet pays its VP by rank of the income players earn there (ties share a rank and the
next player takes the next rank: the Moon example gives 9, 5, 5, 3). A player with no income
on a planet has no rank there (ruling). +1 VP per big game and crisis tile, +2 per alien.
Ties: the first player marker, then the most mines and factories, then the most VP from
kept tiles; then the victory is shared. An all-lose ending has no winner.
"""

from __future__ import annotations

from cosmodrome.games.venus.flow import T_ALIEN, T_BIGGAME, T_CRISIS
from cosmodrome.games.venus.state import SHORT, VenusState


def planet_vp(incomes: list, vp: tuple) -> list:
    """VP per player on one planet from their incomes there (RB: the Moon example).

    >>> planet_vp([5, 3, 3, 2], (9, 5, 3))    # yellow 5, red and blue 3, green 2
    [9, 5, 5, 3]
    >>> planet_vp([0, 4, 0], (8, 4))
    [0, 8, 0]
    """
    levels = sorted({i for i in incomes if i > 0}, reverse=True)
    rank = {v: r for r, v in enumerate(levels)}
    return [vp[rank[i]] if i > 0 and rank[i] < len(vp) else 0 for i in incomes]


def tile_vp(s: VenusState, p: int) -> int:
    """+1 per big game and crisis tile, +2 per alien tile kept."""
    r = s.comp.rules
    tk = s.comp.tile_kind
    v = 0
    for t in s.kept[p]:
        k = tk[t]
        if k == T_ALIEN:
            v += r["alien_vp"]
        elif k in (T_BIGGAME, T_CRISIS):
            v += r["kept_tile_vp"]
    return v


def final_scores(s: VenusState) -> list:
    """Victory points per player for the table as it stands."""
    n = s.num_players
    total = [tile_vp(s, p) for p in range(n)]
    for pl in range(8):
        inc = [s.income_on(p, pl) for p in range(n)]
        for p, v in enumerate(planet_vp(inc, s.comp.vp[pl])):
            total[p] += v
    return total


def ranking_key(s: VenusState, p: int, vp: list) -> tuple:
    """RB: tie-break chain – VP, the first player marker, mines and factories on the board,
    VP from big game, crisis and alien tiles."""
    return (vp[p], 1 if s.first == p else 0, sum(s.bld[p * 16:(p + 1) * 16]), tile_vp(s, p))


def winners(s: VenusState) -> list:
    if not s.over or s.end_cause.startswith("all-lose"):
        return []
    vp = final_scores(s)
    keys = [ranking_key(s, p, vp) for p in range(s.num_players)]
    best = max(keys)
    return [p for p in range(s.num_players) if keys[p] == best]


def returns(s: VenusState) -> list:
    n = s.num_players
    w = winners(s)
    return [1.0 / len(w) if p in w else 0.0 for p in range(n)]


def finish(s: VenusState) -> None:
    """RB: Ending the game – after the third period, score and declare the winner(s)."""
    s.over = True
    s.end_cause = "normal"
    s.stack = []
    vp = final_scores(s)
    s.say("score", "Final scores: " + ", ".join(f"{SHORT[p]} {vp[p]} VP" for p in range(s.num_players)) + ".",
          {"vp": vp})
    w = winners(s)
    s.say("winner", ("Winner: " if len(w) == 1 else "Shared victory: ") + ", ".join(SHORT[p] for p in w) + ".",
          {"winners": w})


def summary(s: VenusState) -> dict:
    names = s.comp.planet_names
    crises: dict = {}
    for x in s.crises:
        key = f"{names[x // 16]}:{x % 16}"
        crises[key] = crises.get(key, 0) + 1
    return {"end": s.end_cause or "running", "crises": crises, "periods": s.period,
            "decisions": s.decisions}
