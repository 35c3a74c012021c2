"""RB: Ending the game – victory points and the tie-break chain.

Each planet pays its VP by rank of the income players earn there (ties share a rank and the
next player takes the next rank: the Moon example gives 9, 5, 5, 3). Without income from a
planet a player is not ranked there at all (ruling). +1 VP per big game and crisis tile, +2 per alien.
Ties: the first player marker, then the most mines and factories, then the most VP from
kept tiles; then the victory is shared. An all-lose ending has no winner.
"""

from __future__ import annotations

import pickle
from typing import Optional

from cosmodrome.core.statistics import count, row
from cosmodrome.games.venus.flow import (
    N_PLANETS,
    T_ALIEN,
    T_BIGGAME,
    T_CRISIS,
    buildings,
    crisis_level,
    crisis_planet,
    incomes_on,
)
from cosmodrome.games.venus.state import VenusState
from cosmodrome.games.venus.text import Word, planet_word, says, seat_word
from cosmodrome.i18n import N_, _, current, gettext


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


def scores(s: VenusState) -> list:
    """Victory points per player for the table as it stands."""
    n = s.num_players
    total = [tile_vp(s, p) for p in range(n)]
    vps = s.comp.vp
    for pl in range(N_PLANETS):
        inc = incomes_on(s, pl)
        if max(inc) > 0:   # a planet where no one earns ranks no one
            for p, v in enumerate(planet_vp(inc, vps[pl])):
                total[p] += v
    return total


def ranking_key(s: VenusState, p: int, vp: list) -> tuple:
    """RB: tie-break chain – VP, the first player marker, mines and factories on the board,
    VP from big game, crisis and alien tiles."""
    return (vp[p], 1 if s.first_seat == p else 0, buildings(s, p), tile_vp(s, p))


def winners(s: VenusState, vp: Optional[list] = None) -> list:
    """The winning seats of a finished game (``vp``: its :func:`scores`, when known)."""
    if not s.over or s.end_cause.startswith("all-lose"):
        return []
    if vp is None:
        vp = scores(s)
    keys = [ranking_key(s, p, vp) for p in range(s.num_players)]
    best = max(keys)
    return [p for p in range(s.num_players) if keys[p] == best]


def returns(s: VenusState) -> list:
    n = s.num_players
    w = winners(s)
    return [1.0 / len(w) if p in w else 0.0 for p in range(n)]


#: RB: Ending the game – the tie-break chain after VP, in order: (key, what it compares)
TIE_STEPS = (
    ("first_player", N_("the first player marker")),
    ("counters", N_("the most mines and factories in play")),
    ("tile_vp", N_("the most VP from big game, crisis and alien tiles")),
)


def _tie_values(s: VenusState, step: str, p: int) -> int:
    if step == "first_player":
        return 1 if s.first_seat == p else 0
    if step == "counters":
        return buildings(s, p)
    return tile_vp(s, p)


def tie_break(s: VenusState, seats: list) -> dict:
    """Apply the tie-break chain to ``seats`` (tied on VP) to find who comes first among them.

    Returns ``{"seats", "steps": [{"step", "rule", "between", "values", "ahead", "decided"}],
    "decided_by": step key or "shared", "ahead": [seats], "text"}``: each step compares the
    seats still level ("between", "values" in the same order), keeps the best ("ahead");
    "decided" marks the step that left one seat alone in front.

    >>> from cosmodrome.games.venus import GAME
    >>> s = GAME.new_state(3, seed=1)
    >>> s.first_seat = 1
    >>> tie_break(s, [0, 1])["decided_by"], tie_break(s, [0, 1])["ahead"]
    ('first_player', [1])
    """
    between = sorted(seats)
    steps = []
    decided_by = "shared"
    for key, rule in TIE_STEPS:
        vals = [_tie_values(s, key, p) for p in between]
        best = max(vals)
        ahead = [p for p, v in zip(between, vals) if v == best]
        done = len(ahead) == 1
        steps.append({"step": key, "rule": rule, "between": between, "values": vals, "ahead": ahead,
                      "decided": done})
        between = ahead
        if done:
            decided_by = key
            break
    names = _(" and ").join(seat_word(p) for p in sorted(seats))
    if decided_by == "shared":
        text = _("{names} stay tied through the whole tie-break chain and share the place.").format(names=names)
    else:
        rule = gettext(dict(TIE_STEPS)[decided_by])
        text = _("{names} are tied; {who} goes ahead on {rule}.").format(
            names=names, who=seat_word(between[0]), rule=rule)
    return {"seats": sorted(seats), "steps": steps, "decided_by": decided_by, "ahead": between, "text": text}


def breakdown(s: VenusState) -> dict:
    """The whole end-of-game scoring, for the view and the table (RB: Ending the game).

    Per planet: each seat's income there, its rank (1-based; None without income) and the
    VP it scores; per seat the kept big game, crisis and alien tiles with their VP; the
    totals; the places after the tie-break chain; one :func:`tie_break` record per group of
    seats level on VP; the winners (or the all-lose cause) and what decided the victory.
    """
    c = s.comp
    n = s.num_players
    r = c.rules
    tk = c.tile_kind
    planets = []
    pvp = [0] * n
    for pl in range(N_PLANETS):
        inc = incomes_on(s, pl)
        vp = c.vp[pl]
        levels = sorted({i for i in inc if i > 0}, reverse=True)
        rank = [levels.index(i) + 1 if i > 0 else None for i in inc]
        pts = planet_vp(inc, vp)
        for p in range(n):
            pvp[p] += pts[p]
        planets.append({"planet": planet_word(c, pl), "index": pl, "vp": list(vp), "flipped": bool(s.flipped[pl]),
                        "income": inc, "rank": rank, "points": pts})
    kept = []
    for p in range(n):
        cnt = {"biggame": 0, "crisis": 0, "alien": 0}
        for t in s.kept[p]:
            k = tk[t]
            if k == T_ALIEN:
                cnt["alien"] += 1
            elif k == T_BIGGAME:
                cnt["biggame"] += 1
            elif k == T_CRISIS:
                cnt["crisis"] += 1
        each = {"biggame": r["kept_tile_vp"], "crisis": r["kept_tile_vp"], "alien": r["alien_vp"]}
        kept.append({k: {"count": v, "vp": v * each[k]} for k, v in cnt.items()})
        kept[-1]["vp"] = sum(x["vp"] for x in kept[-1].values())
    tvp = [kept[p]["vp"] for p in range(n)]
    total = [pvp[p] + tvp[p] for p in range(n)]
    all_lose = s.end_cause.startswith("all-lose")
    out = {
        "end": s.end_cause, "all_lose": all_lose,
        "cause": s.end_cause.split(": ", 1)[1] if all_lose and ": " in s.end_cause else None,
        "planets": planets, "kept": kept, "planet_vp": pvp, "tile_vp": tvp, "total": total,
        "first": s.first_seat, "counters": [buildings(s, p) for p in range(n)],
        "ranking": [], "place": [None] * n, "tie_breaks": [], "winners": [], "decided_by": None,
    }
    if all_lose:
        out["text"] = _("Everybody loses ({cause}): there is no winner.").format(
            cause=gettext(out["cause"] or s.end_cause))
        return out
    keys = [ranking_key(s, p, total) for p in range(n)]
    order = sorted(range(n), key=lambda p: keys[p], reverse=True)
    ranking: list = []
    for p in order:
        if ranking and keys[ranking[-1][0]] == keys[p]:
            ranking[-1].append(p)
        else:
            ranking.append([p])
    place = [0] * n
    k = 1
    for grp in ranking:
        for p in grp:
            place[p] = k
        k += len(grp)
    groups: dict = {}
    for p in range(n):
        groups.setdefault(total[p], []).append(p)
    ties = [dict(tie_break(s, g), vp=v) for v, g in sorted(groups.items(), reverse=True) if len(g) > 1]
    win = ranking[0]
    best = max(total)
    top = groups[best]
    if len(top) == 1:
        decided_by = "vp"
        text = _("{who} wins with {n} VP.").format(who=seat_word(win[0]), n=best)
    else:
        tb = ties[0]
        decided_by = tb["decided_by"]
        if decided_by == "shared":
            text = _("{names} share the victory with {n} VP: the tie-break chain cannot separate them.").format(
                names=_(" and ").join(seat_word(p) for p in win), n=best)
        else:
            text = _("{who} wins: tied on {n} VP, it goes ahead on {rule}.").format(
                who=seat_word(win[0]), n=best, rule=gettext(dict(TIE_STEPS)[decided_by]))
    out.update(ranking=ranking, place=place, tie_breaks=ties, winners=sorted(win), decided_by=decided_by, text=text)
    return out


def final_breakdown(s: VenusState) -> dict:
    """:func:`breakdown` of a finished game, computed once and kept with the state (a
    finished state no longer changes); each call returns a fresh copy."""
    lang = current()  # its sentences are in the reader's language: kept per language
    kept = s._final
    if kept is None or kept[0] != lang:
        kept = s._final = (lang, pickle.dumps(breakdown(s), pickle.HIGHEST_PROTOCOL))
    return pickle.loads(kept[1])


def finish(s: VenusState, cause: str = N_("normal")) -> None:
    """RB: Ending the game – after the third period, score and declare the winner(s)."""
    s.over = True
    s.end_cause = cause
    s.stack = []
    vp = scores(s)
    s.say("score", says("Final scores: {scores}.", scores=Word(_scores, tuple(vp))),
          {"vp": vp})
    w = winners(s, vp)
    s.say("winner", (says("Winner: {who}.", who=Word(_names, tuple(w))) if len(w) == 1
                    else says("Shared victory: {who}.", who=Word(_names, tuple(w)))),
          {"winners": w})


def _scores(vp) -> str:
    return ", ".join(_("{who} {n} VP").format(who=seat_word(p), n=v) for p, v in enumerate(vp))


def _names(seats) -> str:
    return ", ".join(seat_word(p) for p in seats)


def stop(s: VenusState) -> None:
    """Ruling 35: after ``MAX_DECISIONS`` decisions the game stops and is scored as it stands."""
    s.say("stop", says("The game has lasted {n} decisions: it stops here and is scored as it stands.", n=s.decisions),
          {"decisions": s.decisions})
    finish(s, N_("decision cap"))


#: the words of :func:`summary`'s counters (``Game.summary_labels``)
SUMMARY_LABELS = {"periods": N_("periods"), "decisions": N_("decisions"), "crises": N_("crises"),
                  "vp_planets": N_("VP from planets"), "vp_tiles": N_("VP from tiles")}


def summary(s: VenusState) -> dict:
    names = s.comp.planet_names
    crises: dict = {}
    for x in s.crises:
        key = f"{names[crisis_planet(x)]}:{crisis_level(x)}"
        crises[key] = crises.get(key, 0) + 1
    out = {"end": s.end_cause or "running", "crises": crises, "periods": s.period, "decisions": s.decisions}
    if s.over:  # VP by source (RB: Ending the game), per seat, for the lab's own breakdown
        b = final_breakdown(s)
        out["vp_planets"] = {f"seat {p + 1}": v for p, v in enumerate(b["planet_vp"])}
        out["vp_tiles"] = {f"seat {p + 1}": v for p, v in enumerate(b["tile_vp"])}
    return out


def statistics(s: VenusState, events: list) -> list:
    """End-of-game statistics (core.statistics): VP by source (RB: Ending the game), tiles
    claimed, combats won and lost, cards played, units lost."""
    n = s.num_players
    b = final_breakdown(s)
    claims = count(events, ["claim"], n)
    won = count(events, ["win"], n)
    return [
        row("vp", _("Victory points"), _("the final score"), b["total"]),
        row("planet_vp", _("VP from planets"), _("points for the income earned on each planet, by rank"),
            b["planet_vp"]),
        row("tile_vp", _("VP from kept tiles"), _("big game and crisis tiles ({tile} VP each), aliens ({alien} VP "
                                                  "each)").format(tile=s.comp.rules["kept_tile_vp"],
                                                                  alien=s.comp.rules["alien_vp"]),
            b["tile_vp"]),
        row("tiles", _("Tiles claimed"), _("tiles taken by landing or by winning a combat"),
            [c + w for c, w in zip(claims, won)]),
        row("combats_won", _("Combats won"), _("attacks on a tile that took it"), won),
        row("combats_lost", _("Attacks failed"), _("attacks that did not reach the tile's defence"),
            count(events, ["fail"], n)),
        row("cards", _("Cards played"), _("game cards played from the hand"), count(events, ["play"], n)),
        row("units_lost", _("Units lost"), _("infantry, tanks and spaceships lost in combat or crises"),
            count(events, ["casualty", "eliminate"], n)),
    ]
