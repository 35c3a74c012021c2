"""Lab commands: ``simulate``, ``tournament`` and ``balance``. Owned by the bots-and-lab work.

Every command checks its whole input (game, bots, counts, options, variant file) before it
plays or writes anything; bad input raises a :mod:`cosmodrome.core` error, which ``main``
prints as one line with exit status 2.
"""

from __future__ import annotations

import shlex
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from cosmodrome.cli.app import app
from cosmodrome.cli.app import parse_options as parse_option_pairs
from cosmodrome.core import OptionError, get_game

console = Console()


def split_bots(bots: str) -> list[str]:
    """``"ismcts:iters=200,c=1,random"`` → ``["ismcts:iters=200,c=1", "random"]``: a part with
    ``=`` but no ``:`` continues the previous bot's parameters."""
    out: list[str] = []
    for part in (p.strip() for p in bots.split(",")):
        if not part:
            continue
        if "=" in part and ":" not in part and out:
            out[-1] += "," + part
        else:
            out.append(part)
    if not out:
        raise OptionError("--bots needs at least one bot, e.g. --bots ismcts,random")
    return out


def check_common(n: int, workers: int, backend: str) -> None:
    from cosmodrome.lab.executor import check_backend
    from cosmodrome.lab.selfplay import check_count

    check_count(n)
    check_backend(backend, workers)


@contextmanager
def progress_bar(total: int, what: str, done: int = 0) -> Iterator[Any]:
    """A Rich progress bar with games done, elapsed time and the estimated time left."""
    prog = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("games"), TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
                    console=console, transient=False)
    with prog:
        task = prog.add_task(what, total=total, completed=done)
        yield lambda *_: prog.advance(task)


def command_line() -> str:
    return "cosmodrome " + " ".join(shlex.quote(a) for a in sys.argv[1:])


def seat_table(a: dict[str, Any], title: str) -> Table:
    t = Table(title=title)
    for col in ("seat", "wins", "win share", "95% CI", "mean VP", "sd VP"):
        t.add_column(col, justify="left" if col == "seat" else "right")
    for s in a["seats"]:
        t.add_row(str(s["seat"] + 1), str(s["wins"]), f"{100 * s['win_share']:.1f}%",
                  f"{100 * s['ci'][0]:.1f}–{100 * s['ci'][1]:.1f}%", f"{s['mean_vp']:.2f}", f"{s['sd_vp']:.2f}")
    return t


def tally_tables(a: dict[str, Any]) -> list[Table]:
    n = max(1, a["n"])
    out = []
    t = Table(title="End causes")
    t.add_column("end")
    t.add_column("games", justify="right")
    t.add_column("share", justify="right")
    t.add_column("everybody lost", justify="right")
    for cause, k in a["end_causes"].items():
        t.add_row(cause, str(k), f"{100 * k / n:.1f}%", str(a["all_lose"].get(cause, 0)))
    out.append(t)
    for key, tally in a["tallies"]["dicts"].items():
        t = Table(title=f"{key} (by entry)")
        t.add_column("entry")
        t.add_column("total", justify="right")
        t.add_column("per game", justify="right")
        for k, v in tally.items():
            t.add_row(k, f"{v:g}", f"{v / n:.3f}")
        out.append(t)
    for key, tally in a["tallies"]["strings"].items():
        if key == "end":
            continue
        t = Table(title=key)
        t.add_column("value")
        t.add_column("games", justify="right")
        for k, v in tally.items():
            t.add_row(k, str(v))
        out.append(t)
    if a["tallies"]["numbers"]:
        t = Table(title="Counters")
        t.add_column("counter")
        t.add_column("per game", justify="right")
        for k, v in a["tallies"]["numbers"].items():
            t.add_row(k, f"{v / n:.3f}")
        out.append(t)
    return out


def breakdown_table(cells: list[dict[str, Any]], cooperative: bool) -> Table:
    by = cells[0]["option"] if cells else ""
    t = Table(title="Win rate by " + (f"{by} and " if by else "") + "player count")
    for col in (by or "option", "players", "games", "team win rate" if cooperative else "games with a winner",
                "95% CI", "ends"):
        t.add_column(col, justify="left" if col in (by, "ends", "option") else "right")
    for c in cells:
        t.add_row(str(c["value"]) if by else "-", str(c["players"]), str(c["games"]), f"{100 * c['win_rate']:.1f}%",
                  f"{100 * c['ci'][0]:.1f}–{100 * c['ci'][1]:.1f}%",
                  ", ".join(f"{k} {v}" for k, v in c["end_causes"].items()))
    return t


WORKERS_HELP = "parallel worker processes (or Ray CPUs)"
BACKEND_HELP = "local (processes on this machine) or ray"


@app.command()
def simulate(
    game: str = typer.Argument(..., help="game name, e.g. venus"),
    n: int = typer.Option(100, "-n", "--games", help="number of games"),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="players per game"),
    seed: int = typer.Option(0, "--seed", help="master seed (game i's seed derives from it)"),
    bots: str = typer.Option("random", "--bots", help="one bot for every seat, or one per seat (comma-separated)"),
    workers: int = typer.Option(1, "--workers", "-w", help=WORKERS_HELP),
    backend: str = typer.Option("local", "--backend", help=BACKEND_HELP),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", help="Ray cluster address (default: a local Ray)"),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="game option key=value (repeatable)"),
    report: Optional[Path] = typer.Option(
        None, "--report", help="also write a Markdown report with plots to this folder"),
) -> None:
    """Play N games between bots (random by default) and summarise them."""
    from cosmodrome.lab.report import write_balance_report
    from cosmodrome.lab.selfplay import SelfPlay

    check_common(n, workers, backend)
    sp = SelfPlay(get_game(game).name, split_bots(bots), n, players, seed, parse_option_pairs(option))
    t0 = time.perf_counter()
    with progress_bar(n, f"simulate {sp.game}") as tick:
        results = sp.run(workers=workers, backend=backend, ray_address=ray_address, on_result=tick)
    secs = time.perf_counter() - t0
    a = sp.analyse(results, secs)
    head = Table(title=f"{sp.game}: {n} games, {sp.players} players, bots {', '.join(sorted(set(sp.bots)))}")
    head.add_column("measure")
    head.add_column("value", justify="right")
    head.add_row("games per second", f"{a['games_per_second']:.1f}")
    head.add_row("seconds", f"{secs:.2f}")
    head.add_row("mean decisions per game", f"{a['mean_decisions']:.1f}")
    head.add_row("mean VP (sd)", f"{a['mean_vp']:.2f} ({a['sd_vp']:.2f})")
    head.add_row("VP spread best–worst (sd)", f"{a['mean_spread']:.2f} ({a['sd_spread']:.2f})")
    head.add_row("everybody lost", f"{a['all_lose_total']} ({100 * a['all_lose_total'] / n:.1f}%)")
    console.print(head)
    console.print(seat_table(a, "Winners by seat"))
    for t in tally_tables(a):
        console.print(t)
    if report is not None:
        path = write_balance_report(a, report, title=f"{sp.game} simulation", command=command_line())
        console.print(f"Report: {path}")


@app.command()
def tournament(
    game: str = typer.Argument(..., help="game name, e.g. venus"),
    bots: str = typer.Option(..., "--bots", help="one bot per seat, e.g. ismcts,heuristic,random,random"),
    n: int = typer.Option(100, "-n", "--games", help="number of games (rounded up to a multiple of --players)"),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="players per game (default: number of bots)"),
    seed: int = typer.Option(0, "--seed", help="master seed"),
    workers: int = typer.Option(1, "--workers", "-w", help=WORKERS_HELP),
    backend: str = typer.Option("local", "--backend", help=BACKEND_HELP),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", help="Ray cluster address (default: a local Ray)"),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="game option key=value (repeatable)"),
    db: Path = typer.Option(Path("runs") / "lab.sqlite", "--db", help="SQLite file storing every finished game"),
    report: Optional[Path] = typer.Option(None, "--report", help="report folder (default runs/tournament-ID)"),
) -> None:
    """Bots against each other with seats rotated; resumable; report with CIs and TrueSkill."""
    from cosmodrome.lab.report import write_tournament_report
    from cosmodrome.lab.store import Store
    from cosmodrome.lab.tournament import Tournament

    check_common(n, workers, backend)
    t = Tournament(get_game(game).name, split_bots(bots), n, players, seed, parse_option_pairs(option))
    if t.rounded_from is not None:
        console.print(f"[yellow]{t.rounded_from} games rounded up to {t.n} "
                      "so every bot plays every seat equally.[/yellow]")
    with Store(db) as store:
        already = store.count(t.id)
        if already >= t.n:
            console.print(f"Tournament {t.id}: all {t.n} games already stored in {db}.")
        elif already:
            console.print(f"Tournament {t.id}: {already} of {t.n} games already stored in {db}; playing the rest.")
        else:
            console.print(f"Tournament {t.id}: {t.n} games, results stored in {db}.")
        try:
            with progress_bar(t.n, f"tournament {t.game}", done=min(already, t.n)) as tick:
                results = t.run(store, workers=workers, backend=backend, ray_address=ray_address, on_result=tick)
        except KeyboardInterrupt:
            console.print(f"[yellow]Interrupted: {store.count(t.id)} of {t.n} games are stored in {db}; "
                          "run the same command again to resume.[/yellow]")
            raise typer.Exit(130)
        a = t.analyse(results)
    table = Table(title=f"{t.game}: tournament {t.id}, {a['finished']} games, {t.players} players")
    for col in ("bot", "games", "win share", "95% CI", "mean VP", "TrueSkill μ", "σ"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for b in sorted(a["bots"], key=lambda b: -b["win_share"]):
        table.add_row(b["bot"], str(b["games"]), f"{100 * b['win_share']:.1f}%",
                      f"{100 * b['ci'][0]:.1f}–{100 * b['ci'][1]:.1f}%", f"{b['mean_vp']:.2f}",
                      f"{b['mu']:.2f}", f"{b['sigma']:.2f}")
    console.print(table)
    if a.get("team"):
        tm = a["team"]
        console.print(f"Co-operative game: team win rate {100 * tm['win_rate']:.1f}% ({tm['wins']} of "
                      f"{tm['games']}; 95% CI {100 * tm['ci'][0]:.1f}–{100 * tm['ci'][1]:.1f}%)")
    seats = Table(title="Win share by seat")
    seats.add_column("bot")
    for s in range(t.players):
        seats.add_column(f"seat {s + 1}", justify="right")
    for b in a["bots"]:
        seats.add_row(b["bot"], *(f"{100 * x:.1f}%" if x is not None else "–" for x in b["by_seat"]))
    seats.add_row("[bold]all bots[/bold]", *(f"{100 * s['win_share']:.1f}%" for s in a["seats"]))
    console.print(seats)
    dest = report if report is not None else Path("runs") / f"tournament-{t.id}"
    path = write_tournament_report(a, dest, command=command_line())
    console.print(f"Report: {path}")


@app.command()
def balance(
    game: str = typer.Argument(..., help="game name, e.g. venus"),
    n: int = typer.Option(2000, "-n", "--games", help="games per arm"),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="players per game"),
    seed: int = typer.Option(0, "--seed", help="master seed (both arms play the same seeds)"),
    bots: str = typer.Option("random", "--bots", help="bot for every seat: random, heuristic or any bot spec"),
    variant: Optional[Path] = typer.Option(None, "--variant", help="variant component file (game option 'components')"),
    workers: int = typer.Option(1, "--workers", "-w", help=WORKERS_HELP),
    backend: str = typer.Option("local", "--backend", help=BACKEND_HELP),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", help="Ray cluster address (default: a local Ray)"),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="game option key=value (repeatable)"),
    db: Path = typer.Option(Path("runs") / "lab.sqlite", "--db", help="SQLite file storing every finished game"),
    report: Optional[Path] = typer.Option(None, "--report", help="report folder (default runs/balance-ID)"),
    by: Optional[str] = typer.Option(None, "--by", help="also give the win rate for every value of this option "
                                     "and every player count (default: the game's own, e.g. mars: threat; "
                                     "'' for none)"),
) -> None:
    """Self-play statistics (seat advantage, VP spread, crises, all-lose causes, game length),
    and with --variant the same for a variant beside the default, differences with 95% CIs;
    the win rate by an option's values and player count (--by) with 95% CIs."""
    from cosmodrome.lab.breakdown import axes, breakdown, markdown, wanted
    from cosmodrome.lab.report import write_balance_report
    from cosmodrome.lab.selfplay import SelfPlay, compare, variant_option
    from cosmodrome.lab.store import batch_id

    check_common(n, workers, backend)
    g = get_game(game)
    opts = parse_option_pairs(option)
    specs = split_bots(bots)
    base = SelfPlay(g.name, specs, n, players, seed, dict(opts), label="default")
    sweep = None
    if variant is None and wanted(g.name, by):
        sweep = axes(g.name, opts, by, players if players is not None or len(specs) == 1 else len(specs))
    var = None
    if variant is not None:
        path = variant_option(variant)
        var = SelfPlay(g.name, specs, n, base.players, seed, {**opts, "components": path}, label="variant")
    arms = [base] + ([var] if var else [])
    out: dict[str, Any] = {}
    with _store(db) as store:
        for sp in arms:
            already = store.count(sp.id)
            t0 = time.perf_counter()
            with progress_bar(n, f"{sp.label} {g.name}", done=already) as tick:
                def advance(r, _first=set(), _tick=tick, _already=already):
                    # results already stored are counted in the bar's start
                    if len(_first) < _already:
                        _first.add(r.index)
                        return
                    _tick()
                try:
                    res = sp.run(workers=workers, backend=backend, ray_address=ray_address, on_result=advance,
                                 store=store)
                except KeyboardInterrupt:
                    console.print(f"[yellow]Interrupted: finished games are stored in {db}; "
                                  "run the same command again to resume.[/yellow]")
                    raise typer.Exit(130)
            out[sp.label] = (res, sp.analyse(res, time.perf_counter() - t0))
    a = out["default"][1]
    console.print(seat_table(a, f"{g.name}: default, {n} games, {base.players} players"))
    comparison = None
    if var:
        console.print(seat_table(out["variant"][1], f"{g.name}: variant {variant}"))
        comparison = compare(out["default"][0], out["variant"][0], base.players)
        ct = Table(title="Variant − default (95% CI)")
        for col in ("measure", "default", "variant", "difference", "95% CI"):
            ct.add_column(col, justify="left" if col == "measure" else "right")
        for row in comparison:
            style = "bold" if row["significant"] else ""
            ct.add_row(row["measure"], f"{row['default']:.3f}", f"{row['variant']:.3f}",
                       f"[{style}]{row['diff']:+.3f}[/{style}]" if style else f"{row['diff']:+.3f}",
                       f"{row['ci'][0]:+.3f} … {row['ci'][1]:+.3f}")
        console.print(ct)
    else:
        for t in tally_tables(a):
            console.print(t)
    cells = None
    if sweep is not None:
        with _store(db) as store:
            def play(sp):
                with progress_bar(n, sp.label) as tick:
                    return sp.run(workers=workers, backend=backend, ray_address=ray_address,
                                  on_result=lambda r: tick(), store=store)
            cells = breakdown(g.name, specs, n, seed, opts, sweep[0], sweep[1], run=play)
        console.print(breakdown_table(cells, g.cooperative))
    rid = batch_id("balance", {"arms": [sp.id for sp in arms]})
    dest = report if report is not None else Path("runs") / f"balance-{rid}"
    path = write_balance_report(a, dest, variant=out["variant"][1] if var else None, comparison=comparison,
                                title=f"{g.name}, {base.players} players, bots {', '.join(sorted(set(base.bots)))}",
                                command=command_line(),
                                sections=markdown(cells, g.cooperative) if cells else None)
    console.print(f"Report: {path}")


@contextmanager
def _store(db: Path):
    from cosmodrome.lab.store import Store

    st = Store(db)
    try:
        yield st
    finally:
        st.close()


#: the bots of a ladder when --bots is not given (OpenSpiel's only with the openspiel extra)
LADDER_BOTS = "random,heuristic,ismcts:iters=4,ismcts:iters=16"
LADDER_OPENSPIEL_BOTS = "openspiel-mcts:iters=8,openspiel-ismcts:iters=8"


def default_ladder_bots() -> str:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return LADDER_BOTS
    return LADDER_BOTS + "," + LADDER_OPENSPIEL_BOTS


@app.command()
def ladder(
    game: str = typer.Argument(..., help="game name, e.g. venus"),
    bots: Optional[str] = typer.Option(None, "--bots", help=f"the entrants (default {LADDER_BOTS}, and "
                                       f"{LADDER_OPENSPIEL_BOTS} with OpenSpiel installed)"),
    deals: int = typer.Option(4, "--deals", "-n", help="deals per pair of bots, each played from both seats "
                              "(co-operative game: deals per bot)"),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="team size of a co-operative game "
                                          "(competitive ladders are head to head)"),
    seed: int = typer.Option(0, "--seed", help="master seed (deal d's seed derives from it)"),
    workers: int = typer.Option(1, "--workers", "-w", help="parallel worker processes"),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="game option key=value (repeatable)"),
    db: Path = typer.Option(Path("runs") / "lab.sqlite", "--db", help="SQLite file storing every finished game"),
    write: Optional[Path] = typer.Option(None, "--write", help="also put the tables in this game's section "
                                         "of a ladder document, e.g. docs/LADDER.md"),
) -> None:
    """A seeded round robin of bots rated against each other (Elo with 95% intervals and
    TrueSkill; team win rates for a co-operative game). Resumable; same seeds, same table."""
    from cosmodrome.lab.ladder import SECTIONS, Ladder, ci_text, markdown, write_section
    from cosmodrome.lab.store import Store

    check_common(deals, workers, "local")
    g = get_game(game)
    lad = Ladder(g.name, split_bots(bots or default_ladder_bots()), deals, seed, players, parse_option_pairs(option))
    t0 = time.perf_counter()
    with Store(db) as store:
        already = len(lad.stored(store))
        console.print(f"Ladder {lad.id}: {len(lad.bots)} bots, {lad.n} games"
                      + (f" ({already} already stored in {db})" if already else f", results stored in {db}") + ".")
        try:
            with progress_bar(lad.n, f"ladder {lad.game}", done=min(already, lad.n)) as tick:
                results = lad.run(store, workers=workers, on_result=tick)
        except KeyboardInterrupt:
            console.print(f"[yellow]Interrupted: {len(lad.stored(store))} of {lad.n} games are stored in {db}; "
                          "run the same command again to resume.[/yellow]")
            raise typer.Exit(130)
    a = lad.analyse(results)
    secs = time.perf_counter() - t0
    if a["cooperative"]:
        table = Table(title=f"{lad.game}: team win rate by bot, {a['games']} games, {lad.players} seats")
        for col in ("#", "bot", "games", "team wins", "win rate", "95% CI", "mean score"):
            table.add_column(col, justify="left" if col == "bot" else "right", no_wrap=col in ("bot", "95% CI"))
        for i, r in enumerate(a["rows"], 1):
            table.add_row(str(i), r["bot"], str(r["games"]), str(r["wins"]), f"{100 * r['win_rate']:.1f}%",
                          f"{100 * r['ci'][0]:.1f}–{100 * r['ci'][1]:.1f}%", f"{r['mean_vp']:.2f}")
    else:
        table = Table(title=f"{lad.game}: ladder {lad.id}, {a['games']} games head to head"
                            + (f", {a['anchor']} at Elo 0" if a["anchor"] else ""))
        for col in ("#", "bot", "Elo", "95% CI", "μ", "σ", "score", "games"):
            table.add_column(col, justify="left" if col == "bot" else "right", no_wrap=col in ("bot", "95% CI"))
        for i, r in enumerate(a["rows"], 1):
            table.add_row(str(i), r["bot"], f"{r['elo']:+.0f}", ci_text(r, a["anchor"]),
                          f"{r['mu']:.1f}", f"{r['sigma']:.1f}", f"{100 * r['score']:.1f}%", str(r["games"]))
    wide = 75 + max(len(b) for b in lad.bots)  # wide enough for every column
    Console(width=max(console.width, wide)).print(table)
    if not a["cooperative"]:
        console.print("Elo: Bradley–Terry fit, 95% interval from its curvature; μ, σ: TrueSkill; "
                      "score: share of the points in all the bot's games (a draw is half).")
    console.print(f"{secs:.0f} s on this machine.")
    if write is not None:
        write_section(write, lad.game, SECTIONS.get(lad.game, g.title), markdown(a, command=ladder_command(lad)))
        console.print(f"Written to {write}.")


def ladder_command(lad: Any) -> str:
    """The command that reproduces ``lad``'s table (workers and files aside)."""
    parts = ["cosmodrome", "ladder", lad.game, "--bots", ",".join(lad.bots), "--deals", str(lad.deals),
             "--seed", str(lad.seed)]
    if lad.cooperative:
        parts += ["--players", str(lad.players)]
    for k, v in sorted(lad.options.items()):
        if v != get_game(lad.game).resolve_options({}).get(k):
            parts += ["-o", f"{k}={v}"]
    return " ".join(shlex.quote(p) for p in parts)
