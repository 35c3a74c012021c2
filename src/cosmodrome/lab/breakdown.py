"""The win rate of self-play broken down by the values of one game option and by player count
(the work behind ``balance``'s breakdown table): one :class:`SelfPlay` batch per cell, each with
a Wilson 95% interval. Game-neutral: it reads only the game's option specs, player range and
``Game.balance_by`` (the options a game asks to be compared by default, e.g. a difficulty), and
counts a game as won when it has a winner (for a co-operative game: the team won).

>>> from cosmodrome.testing import toy
>>> cells = breakdown("pocket-race", ["random"], 4, seed=1, options={}, by="", players=[2, 3])
>>> [(c["players"], c["games"]) for c in cells]
[(2, 4), (3, 4)]
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from cosmodrome.core import OptionError, get_game
from cosmodrome.i18n import N_, _, gettext
from cosmodrome.lab.selfplay import ALL_LOSE, SelfPlay, end_cause
from cosmodrome.lab.stats import mean, wilson


def option_values(game_name: str, name: str) -> tuple[Any, ...]:
    """Every value of a choice or yes/no option; :class:`OptionError` names an option that has
    no fixed list of values."""
    g = get_game(game_name)
    spec = next((o for o in g.options if o.name == name), None)
    if spec is None:
        raise OptionError(f"{g.name} has no option {name!r} (options: "
                          f"{', '.join(o.name for o in g.options) or 'none'})")
    if spec.kind == "bool":
        return (False, True)
    if not spec.choices:
        raise OptionError(f"option {name!r} of {g.name} has no fixed list of values to compare")
    return tuple(spec.choices)


def axes(game_name: str, options: dict[str, Any], by: Optional[str], players: Optional[int]) -> tuple[str, list[int]]:
    """The option to break down by and the player counts: ``by`` if given ("" for none), else
    the game's first ``balance_by`` option that ``options`` does not fix; every player count
    unless ``players`` fixes one. Empty when there is nothing to break down."""
    g = get_game(game_name)
    if by is None:
        by = next((o for o in g.balance_by if o not in options), "")
    if by:
        option_values(g.name, by)
        if by in options:
            raise OptionError(f"option {by!r} is fixed with -o; drop it to compare its values")
    counts = [players] if players is not None else list(range(g.min_players, g.max_players + 1))
    return by, counts


def wanted(game_name: str, by: Optional[str]) -> bool:
    """Whether ``balance`` shows the breakdown: asked for with ``--by``, or by the game."""
    return bool(by) or (by is None and bool(get_game(game_name).balance_by))


def breakdown(game_name: str, specs: list[str], n: int, seed: int, options: dict[str, Any], by: str,
              players: list[int], run: Optional[Callable[[SelfPlay], list]] = None) -> list[dict[str, Any]]:
    """One cell per value of option ``by`` (or a single one when ``by`` is empty) and player
    count: ``n`` games of self-play, the win rate with its 95% interval, the mean decisions and
    the end causes. ``run`` plays a batch (default: in this process)."""
    values = option_values(game_name, by) if by else (None,)
    cells = []
    for value in values:
        opts = dict(options)
        if by:
            opts[by] = value
        for p in players:
            sp = SelfPlay(game_name, list(specs), n, p, seed, opts,
                          label=f"{by}={value}, {p} players" if by else f"{p} players")
            results = run(sp) if run else sp.run()
            cells.append(cell(results, p, by, value))
    return cells


#: the lab's own end causes: a game whose summary names none ended as its rules end it, or with
#: every player losing; a game stopped early is unfinished
END_WORDS = {"normal": N_("played to the end"), ALL_LOSE: N_("everybody lost"), "running": N_("unfinished")}
#: how a game's summary names an ending in which everybody lost (Onward to Venus: "all-lose: robot rebellion")
ALL_LOSE_PREFIX = "all-lose: "


def end_cause_words(game_name: str, causes: Any) -> dict[str, str]:
    """Each end cause (the codes of ``end_causes``) in words, in the current language: the
    game's own words (``Game.end_causes``), the lab's, or the code looked up as it is.

    >>> end_cause_words("cosmic-run", ["stuck", "normal", "all-lose: robot rebellion"])
    {'stuck': "a player's ships can no longer advance", 'normal': 'played to the end', \
'all-lose: robot rebellion': 'everybody lost: robot rebellion'}
    """
    own = getattr(get_game(game_name), "end_causes", {}) or {}
    out = {}
    for c in causes:
        if c in own:
            out[c] = gettext(own[c])
        elif c.startswith(ALL_LOSE_PREFIX):
            out[c] = _("everybody lost: {cause}").format(cause=gettext(c[len(ALL_LOSE_PREFIX):]))
        else:
            out[c] = gettext(END_WORDS.get(c, c))
    return out


def cell(results: list, players: int, by: str = "", value: Any = None) -> dict[str, Any]:
    """One cell of the breakdown from a batch's results: the games with a winner (for a
    co-operative game: the team won) with a Wilson 95% interval, the mean decisions and the
    end causes (the design lab shows it for each of its arms)."""
    wins = sum(1 for r in results if r.winners)
    lo, hi = wilson(wins, len(results))
    ends: dict[str, int] = {}
    for r in results:
        ends[end_cause(r)] = ends.get(end_cause(r), 0) + 1
    return {"option": by, "value": value, "players": players, "games": len(results), "wins": wins,
            "win_rate": wins / max(1, len(results)), "ci": [lo, hi],
            "mean_decisions": mean([float(r.decisions) for r in results]),
            "end_causes": dict(sorted(ends.items()))}


def markdown(cells: list[dict[str, Any]], cooperative: bool) -> list[str]:
    """The breakdown as a Markdown table."""
    by = cells[0]["option"] if cells else ""
    what = "team win rate" if cooperative else "games with a winner"
    lines = ["## Win rate by " + (f"{by} and " if by else "") + "player count", "",
             f"| {by or 'option'} | players | games | {what} | 95% CI | ends |", "|---|---:|---:|---:|---:|---|"]
    for c in cells:
        ends = ", ".join(f"{k} {v}" for k, v in c["end_causes"].items())
        lines.append(f"| {c['value'] if by else '-'} | {c['players']} | {c['games']} | {100 * c['win_rate']:.1f}% | "
                     f"{100 * c['ci'][0]:.1f}–{100 * c['ci'][1]:.1f}% | {ends} |")
    return lines
