"""``cosmodrome play``, ``replay`` and ``games``: play any registered game in the terminal.

Seats are filled by people at this terminal (hot-seat) or by bots; the table is drawn by the
game's own ``render_text`` from the view of the seat to move, so a person only ever sees what
their seat may see. Between two different human seats the screen is cleared and the next
player is asked to take the keyboard.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.panel import Panel
from rich.table import Table

from cosmodrome.cli.app import app, parse_options
from cosmodrome.core import Bot, CosmodromeError, GameRecord, OptionError, State, game_names, games, get_game
from cosmodrome.core.errors import RecordError

HUMAN = "human"


def make_seat_bot(spec: str, game_name: str, seed: int) -> Bot:
    """A bot for a seat through the bots registry (random, heuristic, ismcts...)."""
    from cosmodrome.bots import make_bot  # the bots package knows every bot kind

    return make_bot(spec, get_game(game_name), seed)


def seat_plan(seats: Optional[str], players: int) -> list[str]:
    """``"human,random,random"`` → one spec per seat; default: seat 1 human, the rest random."""
    if not seats:
        return [HUMAN] + ["random"] * (players - 1)
    plan = [s.strip() for s in seats.split(",") if s.strip()]
    if len(plan) != players:
        raise OptionError(f"--seats names {len(plan)} seats but the game has {players} players")
    return plan


def default_players(game) -> int:
    """The table size used when none is given: four if the game allows, else its largest."""
    return max(game.min_players, min(4, game.max_players))


def listed(options) -> list:
    """The options in the order a person reads them: by the game's ``order`` hint in an
    option's details (default 0; e.g. "stop moving" after the steps), else as offered."""
    return sorted(options, key=lambda ch: ch.data.get("order", 0))


class TerminalTable:
    """One game at this terminal: a record, the state, the bots and who is human."""

    def __init__(self, record: GameRecord, state: State, plan: list[str], console: Console,
                 seed: int, advisor_budget: float = 1.0) -> None:
        self.record, self.state, self.plan, self.console = record, state, plan, console
        self.bots: dict[int, Bot] = {i: make_seat_bot(spec, record.game, seed * 131 + i)
                                     for i, spec in enumerate(plan) if spec != HUMAN}
        self.logs: dict[Optional[int], list[str]] = {}
        self.last_human: Optional[int] = None
        self.advisor_budget = advisor_budget
        self.game = state.game

    def _log(self, events) -> None:
        for seat in list(range(self.state.num_players)) + [None]:
            lines = self.logs.setdefault(seat, [])
            for e in events:
                t = e.text_for(seat)
                if t:
                    lines.append(t)

    def show(self, seat: int) -> None:
        c = self.console
        c.rule(f"{self.game.title} — {self.state.seat_name(seat)}'s view")
        # the game's own text layout: never re-wrapped (wide tables stay side by side)
        view = self.state.view(seat)
        c.print(self.game.render_text(view, seat), markup=False, highlight=False, soft_wrap=True)
        tail = self.logs.get(seat, [])[-8:]
        if tail and "log" not in view:  # games whose table shows no log get ours
            c.print(Panel("\n".join(tail), title="Log (latest)", expand=False))

    def ask(self, seat: int) -> Optional[int]:
        """Ask the human at ``seat`` for a choice; None means quit."""
        c = self.console
        humans = [i for i, p in enumerate(self.plan) if p == HUMAN]
        if len(humans) > 1 and self.last_human is not None and self.last_human != seat:
            c.clear()
            c.print(f"[bold]Hand over to {self.state.seat_name(seat)}.[/bold] Press Enter when only they can see the screen.")
            if _read() is None:
                return None
            c.clear()
        self.last_human = seat
        while True:
            self.show(seat)
            d = self.state.decision()
            name = self.state.seat_name(seat)
            prompt = d.prompt if d.prompt.startswith(name) else f"{name}: {d.prompt}"
            c.print(f"[bold]{prompt}[/bold]", highlight=False)
            options = listed(d.options)
            for i, ch in enumerate(options, 1):
                c.print(f"  [cyan]{i:>2}[/cyan]  {ch.label}")
            c.print("  [dim]number = choose · a = advise · s FILE = save · q = quit[/dim]")
            line = _read("> ")
            if line is None or line.strip().lower() in ("q", "quit", "exit"):
                return None
            line = line.strip()
            if line.lower().startswith("s"):
                path = line[1:].strip() or "cosmodrome-game.json"
                self.record.save(path)
                c.print(f"[green]Saved the game record to {path}.[/green]")
                continue
            if line.lower() in ("a", "advise"):
                self.advise()
                continue
            if line.isdigit() and 1 <= int(line) <= len(options):
                return options[int(line) - 1].action
            c.print(f"[red]Please type a number from 1 to {len(options)}, or a, s, q.[/red]")

    def advise(self) -> None:
        try:
            from cosmodrome.bots.advisor import advise
        except ImportError:
            self.console.print("[yellow]The move advisor is not available in this installation.[/yellow]")
            return
        rows = advise(self.state, seconds=self.advisor_budget)
        t = Table(title="Advisor", caption="estimated win chance of each option, from a search of your information")
        t.add_column("option")
        t.add_column("win %", justify="right")
        t.add_column("visits", justify="right")
        for row in rows:
            t.add_row(row["label"], f"{100 * row['win']:.0f}", str(row["visits"]))
        self.console.print(t)

    def run(self) -> bool:
        """Play until the game ends (True) or a person quits (False)."""
        while not self.state.is_terminal():
            seat = self.state.to_move()
            if seat in self.bots:
                action = self.bots[seat].choose(self.state)
            else:
                action = self.ask(seat)
                if action is None:
                    return False
            events = self.state.apply(action)
            self.record.actions.append(action)
            self._log(events)
        return True

    def final(self) -> None:
        viewer = next((i for i, p in enumerate(self.plan) if p == HUMAN), None)
        self.console.print(Panel(self.game.render_text(self.state.view(viewer), viewer), title="Final table", expand=False))
        lines = self.logs.get(viewer, [])
        print_result(self.console, self.state, lines[-1] if lines else "")


def print_result(console: Console, state: State, last_line: str = "") -> None:
    """The seats' scores and who won; with nobody winning, the game's last log line (how it
    ended, in words) instead of the summary's code."""
    t = Table(title="Result")
    t.add_column("seat")
    t.add_column("score", justify="right")
    t.add_column("result")
    winners = set(state.winners())
    scores = state.scores()
    for i in range(state.num_players):
        t.add_row(state.seat_name(i), f"{scores[i]:g}", "winner" if i in winners else "")
    console.print(t)
    if state.game.cooperative:   # one team: it wins or loses as a whole
        verdict = "[bold green]The team wins.[/bold green]" if winners else "[bold red]The team loses.[/bold red]"
        console.print(f"{verdict} {last_line or state.summary().get('end', '')}", highlight=False)
    elif not winners:
        end = last_line or state.summary().get("end", "")
        console.print(f"[bold red]Everybody lost.[/bold red] {end}", highlight=False)


def _read(prompt: str = "") -> Optional[str]:
    try:
        return input(prompt)
    except EOFError:
        return None


@app.command()
def play(
    game: str = typer.Argument(..., help="the game to play, e.g. venus or cosmic-run"),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="number of players (default: the game's smallest table of 2+)"),
    seats: Optional[str] = typer.Option(None, help="comma-separated seat list: human or a bot spec (random, heuristic, ismcts...); default human then random bots"),
    seed: int = typer.Option(0, help="random seed of the game"),
    option: list[str] = typer.Option([], "--option", "-o", help="game option key=value (repeatable)"),
    load: Optional[Path] = typer.Option(None, help="continue a saved game record"),
    save: Optional[Path] = typer.Option(None, help="write the game record here when the game ends or you quit"),
    advisor_seconds: float = typer.Option(1.0, help="thinking time of the move advisor (type a at a prompt)"),
) -> None:
    """Play a game in the terminal: hot-seat and against bots."""
    console = Console()
    if load is not None:
        record = GameRecord.load(load)
        get_game(record.game)
        if record.game != get_game(game).name:
            raise RecordError(f"{load} is a record of {record.game!r}, not {game!r}")
        if record.chance != "sampled":
            raise RecordError(f"{load} is a record of explicit chance; the terminal plays the sampled mode only")
        replayed: list = []
        state = record.replay(events=replayed)
        n = record.players
        if players is not None and players != n:
            raise OptionError(f"{load} is a {n}-player game, not {players}")
    else:
        g = get_game(game)
        n = players if players is not None else default_players(g)
        record, state = GameRecord.start(g.name, n, seed, parse_options(option))
    table = TerminalTable(record, state, seat_plan(seats, n), console, seed, advisor_seconds)
    table._log(replayed if load is not None else state.initial_events)
    finished = table.run()
    if save is not None:
        record.save(save)
        console.print(f"Game record saved to {save}.")
    if finished:
        table.final()
    else:
        console.print("Game left unfinished." + ("" if save else " (Use --save FILE to keep the record.)"))


@app.command()
def replay(
    file: Path = typer.Argument(..., help="a game record (JSON) written by play, the server or the lab"),
    seat: Optional[int] = typer.Option(None, help="replay as this seat (1-based) sees it; default: spectator"),
) -> None:
    """Replay a game record and print its log and final scores."""
    console = Console()
    record = GameRecord.load(file)
    viewer = None if seat is None else seat - 1
    if viewer is not None and not 0 <= viewer < record.players:
        raise OptionError(f"--seat must be between 1 and {record.players}")
    events: list = []
    state = record.replay(events=events)
    for e in events:
        text = e.text_for(viewer)
        if text:
            console.print(text, highlight=False)
    console.print(f"\n{len(record.actions)} decisions replayed.")
    if state.is_terminal():
        shown = [t for t in (e.text_for(viewer) for e in events) if t]
        print_result(console, state, shown[-1] if shown else "")
    else:
        console.print("The record ends before the game does.")


@app.command("games")
def list_games(name: Optional[str] = typer.Argument(
        None, help="a game's name: show its options and every reconstructed component entry")) -> None:
    """List the games Cosmodrome can play, and what of their components we reconstructed."""
    console = Console()
    if name is not None:
        show_game(console, get_game(name))
        return
    t = Table(title="Games")
    for col in ("name", "title", "players", "options", "reconstructed component data"):
        t.add_column(col)
    for g in games():
        rec = g.reconstructed()["sections"]
        t.add_row(g.name, g.title, f"{g.min_players}–{g.max_players}", ", ".join(o.name for o in g.options),
                  ", ".join(f"{s['section']} {s['assumed']}/{s['total']}" for s in rec) or "none")
    console.print(t)
    console.print("The rulebooks lost their pictures: entries counted above are our reconstruction, "
                  "not printed fact. `cosmodrome games NAME` lists them with their sources.")


def show_game(console: Console, game) -> None:
    """One game's options and its reconstructed component data, entry by entry."""
    console.print(f"[bold]{game.title}[/bold] ({game.name}), {game.min_players}–{game.max_players} players")
    if game.description:
        console.print(game.description)
    for o in game.options:
        console.print(f"  option {o.name} (default {o.default!r}): {o.help}")
    rec = game.reconstructed()
    if not rec["sections"] and not rec["notes"]:
        console.print("Every component entry is printed fact.")
        return
    console.print("\n[bold]Reconstructed, not printed[/bold] (marked assumed in the component file):")
    for s in rec["sections"]:
        console.print(f"  {s['section']}: {s['assumed']} of {s['total']} entries")
        for e in s["entries"]:
            console.print(f"    {e['path']}: {e['source']}", highlight=False, markup=False)
    for note in rec["notes"]:
        console.print(f"  {note}", highlight=False, markup=False)
