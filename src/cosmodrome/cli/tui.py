"""The terminal table of ``cosmodrome play``: a Textual app of fixed panes updated in place.

::

    ┌ seats (colour each, who is to move) ───────────────────────────────────┐
    ├ Board ─────────────────────────────┬ Decision ─────────────────────────┤
    │ the game's render_board, scrolled   │ prompt, options (click, arrows,   │
    │                                     │ or type a number), advice, notes  │
    ├ Log (seat colours) ─────────────────┤ command line                       │
    │                                     ├ Hand ─────────────┬ Legend ───────┤
    └─────────────────────────────────────┴───────────────────┴───────────────┘

Everything comes through the core: ``Game.render_board`` / ``render_hand`` / ``legend`` /
``seat_colour`` and the state's view and decision, so every registered game plays here with
no code of its own. Bots play their seats in a worker thread (the screen stays live while a
search thinks); the advisor (``a``) runs there too and shows each option's win chance and
playouts. Typed commands are those of the plain mode (:func:`.session.parse_command`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical, VerticalScroll
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from cosmodrome.bots.advisor import advise
from cosmodrome.cli.session import COMMANDS, Session, advice_table, drop_prompt, legend_text, listed, parse_command
from cosmodrome.core import CosmodromeError, OptionError
from cosmodrome.i18n import _, gettext, ngettext

CSS = """
#seats { height: auto; padding: 0 1; background: $boost; }
#main { height: 1fr; }
#left { width: 2fr; }
#right { width: 1fr; min-width: 44; }
#board-pane { height: 2fr; border: round $primary; }
#board { width: auto; height: auto; }
#log { height: 1fr; border: round $secondary; }
#decision-pane { height: 1fr; border: round $accent; }
#prompt { text-style: bold; }
#options { height: auto; max-height: 14; }
#advice { height: auto; }
#message { height: auto; }
#bottom { height: 1fr; }
#hand-pane, #legend-pane { border: round $primary-darken-2; }
#hand-pane { height: auto; max-height: 60%; }
#legend-pane { height: 1fr; }
"""


def colour_text(session: Session, seat: Optional[int], text: str) -> Text:
    """``text`` in ``seat``'s colour (plain when no seat)."""
    return Text(text, style=session.game.seat_colour(seat) if seat is not None else "")


def legend_grid(game) -> Table | Text:
    """The game's legend (``Game.legend_rows``, in the reader's language) as two columns:
    symbol, meaning."""
    rows = game.legend_rows()
    if not rows:
        return Text(legend_text(game))
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for sym, meaning in rows:
        grid.add_row(Text(sym), Text(meaning))
    return grid


class TableApp(App):
    """One game in panes. ``run()`` returns True when the game ended, False when left."""

    TITLE = "Cosmodrome"
    CSS = CSS
    BINDINGS = [Binding("ctrl+q", "leave", "leave"), Binding("f2", "focus_command", "type a command")]

    def __init__(self, session: Session) -> None:
        super().__init__()
        # the footer's words in the reader's language (the class's bindings are made once, in English)
        words = {"leave": _("leave"), "focus_command": _("type a command")}
        for key, bindings in self._bindings.key_to_bindings.items():
            self._bindings.key_to_bindings[key] = [replace(b, description=words[b.action]) if b.action in words else b
                                                   for b in bindings]
        self.session = session
        #: the seat whose eyes the panes show (None: a spectator's, when no person plays)
        self.shown: Optional[int] = session.humans[0] if session.humans else None
        #: True while the screen waits for the keyboard to pass to the next person
        self.hidden = False
        self.last_human: Optional[int] = None
        self.log_written = 0
        self.log_viewer: Optional[int] = -1
        self.busy = False
        #: what each pane shows now (the texts, for a reader of this object and the tests)
        self.texts: dict[str, str] = {}

    # ----- layout -----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="seats")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with ScrollableContainer(id="board-pane"):
                    yield Static(id="board")
                yield RichLog(id="log", wrap=True, markup=False)
            with Vertical(id="right"):
                with VerticalScroll(id="decision-pane"):
                    yield Static(id="prompt")
                    yield OptionList(id="options")
                    yield Static(id="advice")
                    yield Static(id="message")
                yield Input(id="command", placeholder=gettext(COMMANDS))
                with Vertical(id="bottom"):
                    with VerticalScroll(id="hand-pane"):
                        yield Static(id="hand")
                    with VerticalScroll(id="legend-pane"):
                        yield Static(legend_grid(self.session.game), id="legend")
        yield Footer()

    def on_mount(self) -> None:
        self.title = gettext(self.session.game.title)
        for pane, title in (("#board-pane", _("Board")), ("#log", _("Log")), ("#decision-pane", _("Decision")),
                            ("#hand-pane", _("Hand")), ("#legend-pane", _("Legend"))):
            self.query_one(pane).border_title = title
        self.texts["legend"] = legend_text(self.session.game)
        self.query_one("#command", Input).focus()
        self.next_turn()

    # ----- panes ------------------------------------------------------------------------
    def set_text(self, pane: str, text: str | Text, note: Optional[str] = None) -> None:
        """Update a Static pane in place (``note``: its text for :attr:`texts`)."""
        self.texts[pane] = note if note is not None else str(text)
        self.query_one(f"#{pane}", Static).update(text if isinstance(text, Text) else Text(text))

    def message(self, text: str, error: bool = False) -> None:
        self.set_text("message", Text(text, style="bold red" if error else "green"), text)

    def draw_seats(self) -> None:
        s = self.session
        mover = s.state.to_move()
        line = Text()
        for i in range(s.state.num_players):
            style = s.game.seat_colour(i) + (" bold reverse" if i == mover else "")
            line.append(f" ● {s.seat_label(i)} ", style=style)
            line.append("  ")
        self.set_text("seats", line)

    def draw_log(self, viewer: Optional[int]) -> None:
        """Write the log lines ``viewer`` has not had yet (all of them after a change of viewer
        or an undo, which rewrote the log)."""
        log = self.query_one("#log", RichLog)
        lines = self.session.logs.get(viewer, [])
        if viewer != self.log_viewer or len(lines) < self.log_written:
            log.clear()
            self.log_written, self.log_viewer = 0, viewer
        for seat, text in lines[self.log_written:]:
            log.write(colour_text(self.session, seat, text))
        self.log_written = len(lines)
        self.texts["log"] = "\n".join(text for _seat, text in lines)

    def draw(self) -> None:
        """Every pane from the state, as the viewer may see it."""
        s, state = self.session, self.session.state
        self.draw_seats()
        viewer = self.shown
        if self.hidden:
            for pane in ("board", "hand"):
                self.set_text(pane, _("(hidden until the next player takes the keyboard)"))
            self.query_one("#log", RichLog).clear()
            self.log_written, self.log_viewer = 0, -1
            self.texts["log"] = ""
            return
        view = state.view(viewer)
        d = state.decision()
        who = _("a spectator") if viewer is None else state.seat_name(viewer)
        self.query_one("#board-pane").border_title = _("Board — {who}'s view").format(who=who)
        self.set_text("board", drop_prompt(s.game.render_board(view, viewer), d.prompt if d else ""))
        self.set_text("hand", s.game.render_hand(view, viewer) or _("Nothing in hand."))
        self.draw_log(viewer)

    def draw_decision(self) -> None:
        s, state = self.session, self.session.state
        options = self.query_one("#options", OptionList)
        options.clear_options()
        options.display = False
        self.set_text("advice", "")
        if state.is_terminal():
            lines = s.logs.get(s.viewer(), [])
            self.set_text("prompt", _("Game over.") + " " + (lines[-1][1] if lines else ""))
            result = Table(title=_("Result"))
            for col in (_("seat"), _("score"), _("result")):
                result.add_column(col)
            scores, winners = state.scores(), set(state.winners())
            for i in range(state.num_players):
                result.add_row(Text(state.seat_name(i), style=s.game.seat_colour(i)), f"{scores[i]:g}",
                               _("winner") if i in winners else "")
            self.query_one("#advice", Static).update(result)
            self.texts["advice"] = _("Result") + " " + " ".join(f"{state.seat_name(i)} {scores[i]:g}"
                                                        for i in range(state.num_players))
            self.message(_("Type q (or press Ctrl+Q) to leave the table."))
            return
        seat = state.to_move()
        if self.hidden:
            name = state.seat_name(seat)
            hand_over = _("Hand over to {name}.").format(name=name)
            self.set_text("prompt",
                          colour_text(s, seat, hand_over + " " + _("Press Enter when only they can see the screen.")),
                          hand_over)
            return
        d = state.decision()
        name = state.seat_name(seat)
        prompt = d.prompt if d.prompt.startswith(name) else f"{name}: {d.prompt}"
        self.set_text("prompt", colour_text(s, seat, prompt), prompt)
        options.add_options([Option(Text(f"{i:>2}  {ch.label}"), id=str(i - 1))
                             for i, ch in enumerate(listed(d.options), 1)])
        options.display = True
        options.highlighted = 0

    # ----- turns ------------------------------------------------------------------------
    def next_turn(self) -> None:
        """After every change: bots play their seats, then a human is asked (after a
        hand-over screen when the keyboard passes between two people)."""
        s = self.session
        if s.bot_to_move():  # the screen goes on showing the person at the keyboard
            self.draw()
            self.draw_decision()
            self.busy = True
            seat = s.state.to_move()
            self.message(_("{name} ({bot} bot) is thinking…").format(name=s.state.seat_name(seat), bot=s.plan[seat]))
            self.play_bots()
            return
        self.busy = False
        if not s.state.is_terminal():
            seat = s.state.to_move()
            if len(s.humans) > 1 and self.last_human is not None and self.last_human != seat:
                self.hidden = True
            else:
                self.shown = self.last_human = seat
        self.draw()
        self.draw_decision()

    @work(thread=True, exclusive=True, group="bots")
    def play_bots(self) -> None:
        """The bots' moves, one after another, each drawn as it is played."""
        s = self.session
        while s.bot_to_move():
            s.bot_move()
            if s.bot_to_move():
                self.call_from_thread(self.draw)
        self.call_from_thread(self.after_bots)

    def after_bots(self) -> None:
        self.message("")
        self.next_turn()

    @work(thread=True, exclusive=True, group="advisor")
    def run_advisor(self) -> None:
        s = self.session
        options = listed(s.state.decision().options)
        try:
            rows = advise(s.state, seconds=s.advisor_seconds)
        except CosmodromeError as exc:
            self.call_from_thread(self.advice_failed, exc)
            return
        self.call_from_thread(self.show_advice, rows, options)

    def advice_failed(self, exc: Exception) -> None:
        self.busy = False
        self.message(_("The advisor could not search: {reason}").format(reason=exc), error=True)

    def show_advice(self, rows, options) -> None:
        self.busy = False
        self.query_one("#advice", Static).update(advice_table(rows, options))
        self.texts["advice"] = "\n".join(
            _("{label}: {win} in {n} playouts").format(label=r["label"], win=f"{100 * r['win']:.0f}%", n=r["visits"])
            for r in rows)
        total = sum(r["visits"] for r in rows)
        self.message(ngettext("The advisor searched {n} playout.", "The advisor searched {n} playouts.",
                              total).format(n=total))

    # ----- input ------------------------------------------------------------------------
    def choose(self, index: int) -> None:
        s = self.session
        s.apply(listed(s.state.decision().options)[index].action)
        self.message("")
        self.next_turn()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.busy:
            self.message(_("Please wait: a bot or the advisor is thinking."), error=True)
        elif not self.hidden and not self.session.state.is_terminal():
            self.choose(int(event.option.id))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.input.value = ""
        self.command(event.value)

    def command(self, line: str) -> None:
        """One typed line, as the plain mode reads it."""
        s = self.session
        if s.state.is_terminal():
            if line.strip().lower() in ("q", "quit", "exit", ""):
                self.exit(True)
            else:
                self.message(_("The game is over: type q to leave."), error=True)
            return
        if self.busy:
            self.message(_("Please wait: a bot or the advisor is thinking."), error=True)
            return
        if self.hidden:  # the hand-over screen: Enter shows the next player's table
            self.hidden = False
            self.shown = self.last_human = s.state.to_move()
            self.draw()
            self.draw_decision()
            return
        try:
            cmd = parse_command(line, len(s.state.decision().options))
        except OptionError as exc:
            self.message(str(exc), error=True)
            return
        if cmd.kind == "choose":
            self.choose(cmd.index)
        elif cmd.kind == "quit":
            self.exit(False)
        elif cmd.kind == "save":
            try:
                s.save(cmd.arg)
            except OptionError as exc:
                self.message(str(exc), error=True)
                return
            self.message(_("Saved the game record to {path}.").format(path=cmd.arg))
        elif cmd.kind == "advise":
            self.busy = True
            self.message(_("The advisor is searching…"))
            self.run_advisor()
        elif cmd.kind == "undo":
            try:
                n = s.undo(self.shown)
            except OptionError as exc:
                self.message(str(exc), error=True)
                return
            self.next_turn()
            self.message(ngettext("Took back {n} decision.", "Took back {n} decisions.", n).format(n=n))
        elif cmd.kind == "board":
            self.query_one("#board-pane").scroll_home()
            self.message(_("The board pane always shows the table as it is now."))
        elif cmd.kind == "legend":
            self.query_one("#legend-pane").scroll_home()
            self.message(_("The legend is in the pane at the bottom right."))

    def action_leave(self) -> None:
        self.exit(self.session.state.is_terminal())

    def action_focus_command(self) -> None:
        self.query_one("#command", Input).focus()
