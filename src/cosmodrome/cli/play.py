"""``cosmodrome play``, ``replay`` and ``games``: play any registered game in the terminal.

Seats are filled by people at this terminal (hot-seat) or by bots; the table is drawn by the
game's own ``render_text`` from the view of the seat to move, so a person only ever sees what
their seat may see. On a terminal the game is a table of panes that update in place
(:mod:`cosmodrome.cli.tui`); with ``--plain``, or when input or output is not a terminal, it
is printed line by line (:class:`TerminalTable`): the board when it changed, each prompt
once. Between two different human seats the screen is cleared and the next player is asked
to take the keyboard.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cosmodrome.bots.advisor import advise
from cosmodrome.cli.app import app, lang_option, parse_options
from cosmodrome.cli.session import (
    COMMANDS,
    HUMAN,
    Session,
    advice_table,
    drop_prompt,
    legend_text,
    listed,
    parse_command,
)
from cosmodrome.core import GameRecord, OptionError, PlayerCountError, State, games, get_game
from cosmodrome.core.errors import RecordError
from cosmodrome.i18n import N_, _, gettext, ngettext


def named_seats(seats: Optional[str]) -> list[str]:
    """The seats ``--seats`` names, one spec each (none when it is not given).

    >>> named_seats(" human, random,,ismcts ")
    ['human', 'random', 'ismcts']
    """
    return [s.strip() for s in (seats or "").split(",") if s.strip()]


def seat_plan(seats: Optional[str], players: int) -> list[str]:
    """``"human,random,random"`` → one spec per seat; default: seat 1 human, the rest random."""
    if not seats:
        return [HUMAN] + ["random"] * (players - 1)
    plan = named_seats(seats)
    if len(plan) != players:
        raise OptionError(_("--seats names {seats} seats but the game has {players} players").format(
            seats=len(plan), players=players))
    return plan


def default_players(game) -> int:
    """The table size used when none is given: four if the game allows, else its largest."""
    return max(game.min_players, min(4, game.max_players))


def changed_lines(before: str, after: str) -> Optional[list[str]]:
    r"""The lines of the board ``after`` that were not on the board ``before`` (in order), or
    None when so much changed that the whole board is clearer.

    >>> changed_lines("map\nlegend\ncard: -", "map\nlegend\ncard: blue")
    ['card: blue']
    >>> changed_lines("a\nb", "c\nd") is None
    True
    """
    old = set(before.splitlines())
    new = after.splitlines()
    out = [line for line in new if line not in old and line.strip()]
    return out if len(out) * 2 <= len(new) else None


def wrapped(text: str, width: int) -> str:
    """``text`` with each line longer than ``width`` broken at spaces, its continuation
    indented under the line's own indent (a screen reader or a narrow terminal reads it whole).

    >>> print(wrapped("  the first jump: blue, white; the second jump: black", 24))
      the first jump: blue,
        white; the second
        jump: black
    """
    out = []
    for line in text.splitlines():
        if len(line) <= width:
            out.append(line)
            continue
        indent = line[:len(line) - len(line.lstrip())]
        out.extend(textwrap.wrap(line.lstrip(), width=max(20, width), initial_indent=indent,
                                 subsequent_indent=indent + "  "))
    return "\n".join(out)


class TerminalTable:
    """The plain face of a game at this terminal: lines printed one after another (pipes,
    screen readers). The board is printed when it changed or when asked for (``b``), each
    prompt once, and the log's new lines as they come."""

    def __init__(self, session: Session, console: Console) -> None:
        self.session, self.console = session, console
        self.last_human: Optional[int] = None
        self.shown_board: Optional[str] = None
        self.shown_log: dict[Optional[int], int] = {}

    @property
    def state(self) -> State:
        return self.session.state

    def board(self, seat: int) -> str:
        """The board and hand as ``seat`` sees them, without the log (printed as it comes)
        and the prompt line (the decision says it)."""
        d, game, view = self.state.decision(), self.state.game, self.state.view(seat)
        hand = game.render_hand(view, seat)
        text = game.render_board(view, seat) + ("\n" + _("Your hand:") + f"\n{hand}" if hand else "")
        return drop_prompt(text, d.prompt if d else "")

    def show(self, seat: int, force: bool = False) -> None:
        """The log lines ``seat`` has not read yet, then the board if it changed (or ``force``)."""
        c = self.console
        lines = self.session.logs.get(seat, [])
        new = lines[self.shown_log.get(seat, 0):]
        self.shown_log[seat] = len(lines)
        for _seat, text in new:
            c.print(text, markup=False, highlight=False)
        board = self.board(seat)
        if not force and board == self.shown_board:
            return
        title = _("{game} — {seat}'s view").format(game=gettext(self.state.game.title), seat=self.state.seat_name(seat))
        changed = None if force or self.shown_board is None else changed_lines(self.shown_board, board)
        if changed is None:
            c.rule(title)
            shown = board
        else:  # most of the board (its map, its legend) is as it was: only the lines that changed
            c.rule(_("{title}: what changed (b prints it all)").format(title=title))
            shown = "\n".join(changed)
        c.print(wrapped(shown, c.width), markup=False, highlight=False, soft_wrap=True)
        self.shown_board = board

    def ask(self, seat: int) -> Optional[int]:
        """Ask the human at ``seat`` for a choice; None means quit."""
        c = self.console
        if len(self.session.humans) > 1 and self.last_human is not None and self.last_human != seat:
            c.clear()
            c.print(Text.assemble((_("Hand over to {name}.").format(name=self.state.seat_name(seat)), "bold"),
                                  " " + _("Press Enter when only they can see the screen.")))
            if _read() is None:
                return None
            c.clear()
            self.shown_board = None
        self.last_human = seat
        self.show(seat)
        d = self.state.decision()
        name = self.state.seat_name(seat)
        prompt = d.prompt if d.prompt.startswith(name) else f"{name}: {d.prompt}"
        c.print(Text(prompt, style="bold"))
        options = listed(d.options)
        for i, ch in enumerate(options, 1):
            # a long label goes on under itself (6 columns in), not at the left margin
            label = "\n      ".join(textwrap.wrap(ch.label, width=max(20, c.width - 6))) or ch.label
            c.print(Text.assemble((f"  {i:>2}", "cyan"), f"  {label}"), soft_wrap=True)
        c.print(Text("  " + gettext(COMMANDS), style="dim"))
        while True:
            line = _read("> ")
            if line is None:
                return None
            try:
                cmd = parse_command(line, len(options))
            except OptionError as exc:
                self.error(exc)
                continue
            if cmd.kind == "choose":
                return options[cmd.index].action
            if cmd.kind == "quit":
                return None
            if cmd.kind == "save":
                try:
                    self.session.save(cmd.arg)
                except OptionError as exc:
                    self.error(exc)
                    continue
                c.print(Text(_("Saved the game record to {path}.").format(path=cmd.arg), style="green"))
            elif cmd.kind == "advise":
                self.advise(options)
            elif cmd.kind == "board":
                self.show(seat, force=True)
            elif cmd.kind == "legend":
                c.print(legend_text(self.state.game), markup=False, highlight=False)
            elif cmd.kind == "undo":
                try:
                    n = self.session.undo(seat)
                except OptionError as exc:
                    self.error(exc)
                    continue
                c.print(ngettext("Took back {n} decision.", "Took back {n} decisions.", n).format(n=n))
                self.shown_log[seat] = len(self.session.logs.get(seat, []))
                return UNDONE

    def error(self, exc: Exception) -> None:
        """A refused input in red (as text: what a person typed is never read as markup)."""
        self.console.print(Text(str(exc), style="red"))

    def advise(self, options) -> None:
        rows = advise(self.state, seconds=self.session.advisor_seconds)
        self.console.print(advice_table(rows, options))

    def run(self) -> bool:
        """Play until the game ends (True) or a person quits (False)."""
        while not self.state.is_terminal():
            seat = self.state.to_move()
            if seat in self.session.bots:
                self.session.bot_move()
                continue
            action = self.ask(seat)
            if action is None:
                return False
            if action is not UNDONE:
                self.session.apply(action)
        return True

    def read_all(self) -> None:
        """Count every log line as read (the table of panes showed them)."""
        self.shown_log = {seat: len(lines) for seat, lines in self.session.logs.items()}

    def final(self) -> None:
        """The log lines not printed yet (the last moves: the winning one, the end), the final
        table and the result."""
        viewer = self.session.humans[0] if self.session.humans else None
        lines = self.session.logs.get(viewer, [])
        for _seat, text in lines[self.shown_log.get(viewer, 0):]:
            self.console.print(text, markup=False, highlight=False)
        self.shown_log[viewer] = len(lines)
        self.console.print(Panel(self.state.game.render_text(self.state.view(viewer), viewer),
                                 title=_("Final table"), expand=False))
        lines = self.session.logs.get(viewer, [])
        print_result(self.console, self.state, lines[-1][1] if lines else "")


#: what :meth:`TerminalTable.ask` returns after an undo: ask again, play nothing
UNDONE = object()


def wants_plain(flag: bool, stdin, stdout) -> bool:
    """The plain mode: asked for (``--plain``), or input or output is not a terminal (a pipe,
    a file, a test runner), where a table of panes cannot be drawn or read."""
    return flag or not (stdin.isatty() and stdout.isatty())


def print_result(console: Console, state: State, last_line: str = "") -> None:
    """The seats' scores and who won; with nobody winning, the game's last log line (how it
    ended, in words) instead of the summary's code."""
    t = Table(title=_("Result"))
    t.add_column(_("seat"))
    t.add_column(_("score"), justify="right")
    t.add_column(_("result"))
    winners = set(state.winners())
    scores = state.scores()
    for i in range(state.num_players):
        t.add_row(state.seat_name(i), f"{scores[i]:g}", _("winner") if i in winners else "")
    console.print(t)
    if state.game.cooperative:   # one team: it wins or loses as a whole
        verdict = (Text(_("The team wins."), style="bold green") if winners
                   else Text(_("The team loses."), style="bold red"))
        console.print(Text.assemble(verdict, " " + str(last_line or state.summary().get("end", ""))), highlight=False)
    elif not winners:
        end = last_line or state.summary().get("end", "")
        console.print(Text.assemble((_("Everybody lost."), "bold red"), f" {end}"), highlight=False)


def _read(prompt: str = "") -> Optional[str]:
    try:
        return input(prompt)
    except EOFError:
        return None


@app.command(help=N_("Play a game in the terminal: hot-seat and against bots."))
def play(
    game: str = typer.Argument(..., metavar=N_("game"), help=N_("the game to play, e.g. venus or cosmic-run")),
    players: Optional[int] = typer.Option(
        None, "--players", "-p", help=N_("number of players (default: 4, or the nearest count the game allows; "
                                                 "with --seats, as many as it names)")),
    seats: Optional[str] = typer.Option(None, help=N_("comma-separated seat list: human or a bot spec (random, "
                                                      "heuristic, ismcts...); default human then random bots")),
    seed: int = typer.Option(0, help=N_("random seed of the game")),
    option: list[str] = typer.Option([], "--option", "-o", help=N_("game option key=value (repeatable)")),
    load: Optional[Path] = typer.Option(None, help=N_("continue a saved game record")),
    save: Optional[Path] = typer.Option(None, help=N_("write the game record here when the game ends or you quit")),
    advisor_seconds: float = typer.Option(
        1.0, help=N_("thinking time of the move advisor in CPU seconds (type a at a prompt)")),
    plain: bool = typer.Option(False, "--plain", help=N_("print line by line (for pipes and screen readers) instead "
                               "of the table of panes; chosen by itself when input or output is not a terminal")),
    lang: Optional[str] = lang_option(),
) -> None:
    """Play a game in the terminal: hot-seat and against bots."""
    console = Console()
    replayed: Optional[list] = None
    if load is not None:
        record = GameRecord.load(load)
        get_game(record.game)
        if record.game != get_game(game).name:
            raise RecordError(_("{path} is a record of {game}, not {asked}").format(
                path=load, game=repr(record.game), asked=repr(game)))
        if record.chance != "sampled":
            raise RecordError(_("{path} is a record of explicit chance; the terminal plays the sampled mode "
                                "only").format(path=load))
        replayed: list = []
        state = record.replay(events=replayed)
        n = record.players
        if players is not None and players != n:
            raise OptionError(_("{path} is a game of {n} players, not {players}").format(
                path=load, n=n, players=players))
    else:
        g = get_game(game)
        named = len(named_seats(seats))
        n = players if players is not None else named or default_players(g)
        if players is None and named:   # the seats named set the table's size
            try:
                g.check_players(n)
            except PlayerCountError as exc:
                raise OptionError(_("--seats names {seats} seats: {reason}").format(seats=n, reason=exc)) from None
        record, state = GameRecord.start(g.name, n, seed, parse_options(option))
    session = Session(record, state, seat_plan(seats, n), seed, advisor_seconds, replayed)
    if wants_plain(plain, sys.stdin, sys.stdout):
        table = TerminalTable(session, console)
        finished = table.run()
    else:
        # Textual is imported only for the table that uses it: it costs every other
        # command (simulate, replay, the lab) about a quarter of a second at start-up
        from cosmodrome.cli.tui import TableApp
        finished = bool(TableApp(session).run())
        table = TerminalTable(session, console)
        table.read_all()
    if save is not None:
        session.record.rules_version = get_game(session.record.game).rules_version
        session.save(str(save))
        console.print(_("Game record saved to {path}.").format(path=save))
    if finished:
        table.final()
    else:
        console.print(_("Game left unfinished.") if save
                      else _("Game left unfinished. (Use --save FILE to keep the record.)"))


@app.command(help=N_("Replay a game record and print its log and final scores."))
def replay(
    file: Path = typer.Argument(..., metavar=N_("file"),
                                help=N_("a game record (JSON) written by play, the server or the lab")),
    seat: Optional[int] = typer.Option(None, help=N_("replay as this seat (1-based) sees it; default: spectator")),
    lang: Optional[str] = lang_option(),
) -> None:
    """Replay a game record and print its log and final scores."""
    console = Console()
    record = GameRecord.load(file)
    warning = record.rules_warning()
    if warning:
        console.print(_("Note: {warning}.").format(warning=warning), highlight=False)
    viewer = None if seat is None else seat - 1
    if viewer is not None and not 0 <= viewer < record.players:
        raise OptionError(_("--seat must be between 1 and {players}").format(players=record.players))
    events: list = []
    state = record.replay(events=events)
    for e in events:
        text = e.text_for(viewer)
        if text:
            console.print(text, highlight=False)
    n = len(record.actions)
    console.print("\n" + ngettext("{n} decision replayed.", "{n} decisions replayed.", n).format(n=n))
    if state.is_terminal():
        shown = [t for t in (e.text_for(viewer) for e in events) if t]
        print_result(console, state, shown[-1] if shown else "")
    else:
        console.print(_("The record ends before the game does."))


@app.command("games", help=N_("List the games Cosmodrome can play, and what of their components we reconstructed."))
def list_games(name: Optional[str] = typer.Argument(
        None, metavar=N_("name"), help=N_("a game's name: show its options and every reconstructed component entry")),
        lang: Optional[str] = lang_option()) -> None:
    """List the games Cosmodrome can play, and what of their components we reconstructed."""
    console = Console()
    if name is not None:
        show_game(console, get_game(name))
        return
    t = Table(title=_("Games"))
    for col in (_("name"), _("title"), _("players"), _("options"), _("reconstructed component data")):
        t.add_column(col)
    for g in games():
        rec = g.reconstructed()["sections"]
        t.add_row(g.name, gettext(g.title), f"{g.min_players}–{g.max_players}", ", ".join(o.name for o in g.options),
                  ", ".join(f"{s.get('label', s['section'])} {s['assumed']}/{s['total']}" for s in rec) or _("none"))
    console.print(t)
    console.print(_("The rulebooks lost their pictures: entries counted above are our reconstruction, "
                    "not printed fact. `cosmodrome games NAME` lists them with their sources."))


def show_game(console: Console, game) -> None:
    """One game's options and its reconstructed component data, entry by entry."""
    console.print(Text.assemble((gettext(game.title), "bold"), " " + _("({name}), {low}–{high} players").format(
        name=game.name, low=game.min_players, high=game.max_players)))
    if game.description:
        console.print(gettext(game.description))
    for o in game.options:
        line = (_("option {name} (no default): {help}") if o.default is None
                else _("option {name} (default {default}): {help}"))
        console.print("  " + line.format(name=o.name, default=repr(o.default), help=o.describe()),
                      highlight=False, markup=False)
    rec = game.reconstructed()
    if not rec["sections"] and not rec["notes"]:
        console.print(_("Every component entry is printed fact."))
        return
    console.print(Text.assemble("\n", (_("Reconstructed, not printed"), "bold"),
                                " " + _("(marked assumed in the component file):")))
    for s in rec["sections"]:
        line = ngettext("{section}: {n} of {total} entry", "{section}: {n} of {total} entries", s["total"])
        console.print("  " + line.format(section=s.get("label", s["section"]), n=s["assumed"], total=s["total"]))
        for e in s["entries"]:
            console.print(f"    {e.get('label', e['path'])}: {gettext(e['source'])}", highlight=False, markup=False)
    for note in rec["notes"]:
        console.print(f"  {gettext(note)}", highlight=False, markup=False)
