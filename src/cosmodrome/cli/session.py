"""One game at this terminal, whatever draws it: the record, the state, the bots in their
seats, each seat's log and the undo rule. Both faces of ``cosmodrome play`` stand on it: the
plain one (:mod:`cosmodrome.cli.play`, for pipes and screen readers) and the table of panes
(:mod:`cosmodrome.cli.tui`). It reads games through the core alone.

>>> from cosmodrome.core import GameRecord
>>> import cosmodrome.testing.toy  # registers pocket-race
>>> record, state = GameRecord.start("pocket-race", 2, 1, {"rounds": 1})
>>> s = Session(record, state, ["human", "human"], seed=1)
>>> s.apply(state.legal_actions()[0]) and len(record.actions)
1
>>> parse_command("2", 3), parse_command("s out.json", 3).arg
(Command(kind='choose', index=1, arg=''), 'out.json')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from rich.table import Table
from rich.text import Text

from cosmodrome.core import Bot, Event, GameRecord, OptionError, State, get_game, undo_start
from cosmodrome.i18n import N_, _, os_reason

HUMAN = "human"
#: what a person may type at a decision, in the order the help line names them
COMMANDS = N_("number: choose · a advise · u undo · b board · l legend · s FILE save · q quit")


def make_seat_bot(spec: str, game_name: str, seed: int) -> Bot:
    """A bot for a seat through the bots registry (random, heuristic, ismcts...)."""
    from cosmodrome.bots import make_bot  # the bots package knows every bot kind

    return make_bot(spec, get_game(game_name), seed, allow_import=True)


def listed(options) -> list:
    """The options in the order a person reads them: by the game's ``order`` hint in an
    option's details (default 0; e.g. "stop moving" after the steps), else as offered."""
    return sorted(options, key=lambda ch: ch.data.get("order", 0))


def advice_table(rows, options) -> Table:
    """The advisor's rating of each option as a table: the option's number, its label, the
    estimated win chance and how many search playouts went through it."""
    number = {ch.action: i for i, ch in enumerate(options, 1)}
    total = sum(row["visits"] for row in rows)
    t = Table(title=_("Advisor"),
              caption=_("estimated win chance of each option; playouts: the searched games each estimate "
                        "rests on ({total} in all, from your information only)").format(total=total))
    t.add_column("#", justify="right")
    t.add_column(_("option"))
    t.add_column(_("win %"), justify="right")
    t.add_column(_("playouts"), justify="right")
    for row in rows:
        t.add_row(str(number.get(row["action"], "")), Text(row["label"]), f"{100 * row['win']:.0f}", str(row["visits"]))
    return t


def legend_text(game) -> str:
    """The game's symbols, one a line, in the reader's language (``Game.legend_rows``)."""
    rows = game.legend_rows()
    if not rows:
        return _("This game's table uses words only: no symbols to explain.")
    width = max(len(sym) for sym, _meaning in rows)
    return "\n".join(f"{sym:<{width}}  {meaning}" for sym, meaning in rows)


@dataclass(frozen=True)
class Command:
    """What a person typed: ``choose`` (``index`` into the listed options), ``advise``,
    ``undo``, ``board``, ``legend``, ``save`` (``arg``: the file) or ``quit``."""

    kind: str
    index: Optional[int] = None
    arg: str = ""


WORDS = {"a": "advise", "advise": "advise", "u": "undo", "undo": "undo", "b": "board", "board": "board",
         "l": "legend", "legend": "legend", "q": "quit", "quit": "quit", "exit": "quit"}


def parse_command(line: str, options: int) -> Command:
    """Read one typed line at a decision with ``options`` options; anything else raises
    :class:`OptionError` saying what may be typed.

    >>> parse_command(" q ", 2).kind, parse_command("A", 2).kind
    ('quit', 'advise')
    >>> parse_command("7", 2)
    Traceback (most recent call last):
    ...
    cosmodrome.core.errors.OptionError: Please type a number from 1 to 2, or a, u, b, l, s FILE, q (not '7').
    """
    text = line.strip()
    low = text.lower()
    if low in WORDS:
        return Command(WORDS[low])
    if low == "s" or low.startswith(("s ", "save")):
        word, _sep, arg = text.partition(" ")
        if word.lower() in ("s", "save"):
            return Command("save", arg=arg.strip() or "cosmodrome-game.json")
    if text.isdigit() and 1 <= int(text) <= options:
        return Command("choose", int(text) - 1)
    raise OptionError(_("Please type a number from 1 to {options}, or a, u, b, l, s FILE, q (not {text}).")
                      .format(options=options, text=repr(text)))


def drop_prompt(board: str, prompt: str) -> str:
    """The board text without its own line(s) stating the decision's prompt, which the
    decision itself shows (so no screen says it twice).

    >>> drop_prompt("round 1\\n>> Red to decide: Pick a die.", "Pick a die.")
    'round 1'
    """
    if not prompt:
        return board
    return "\n".join(line for line in board.split("\n") if not line.rstrip().endswith(prompt))


def line_seat(state: State, event: Event, text: str) -> Optional[int]:
    """The seat a log line is about: the event's ``seat`` detail, else the seat whose name
    opens the line (None for neither)."""
    seat = event.data.get("seat") if isinstance(event.data, dict) else None
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.num_players:
        return seat
    best, length = None, 0
    for i in range(state.num_players):
        name = state.seat_name(i)
        if len(name) > length and text.startswith(name):
            best, length = i, len(name)
    return best


class Session:
    """A game being played here: seats are ``"human"`` or a bot spec (``plan``)."""

    def __init__(self, record: GameRecord, state: State, plan: list[str], seed: int,
                 advisor_seconds: float = 1.0, events: Optional[list[Event]] = None) -> None:
        self.record, self.state, self.plan = record, state, plan
        self.game = state.game
        self.seed, self.advisor_seconds = seed, advisor_seconds
        self.bots: dict[int, Bot] = {i: make_seat_bot(spec, record.game, seed * 131 + i)
                                     for i, spec in enumerate(plan) if spec != HUMAN}
        #: per viewer (None: spectator) the log lines it reads, each with the seat it is about
        self.logs: dict[Optional[int], list[tuple[Optional[int], str]]] = {}
        #: the actions this session may take back: who took each, and whether it drew on chance
        self.base = len(record.actions)
        self.movers: list[int] = []
        self.chance: list[bool] = []
        self.log(state.initial_events if events is None else events)

    # ----- seats ----------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [i for i, p in enumerate(self.plan) if p == HUMAN]

    def seat_label(self, seat: int) -> str:
        """``"British Empire (red) — you"`` / ``"Player 2 — random bot"``."""
        who = _("you") if self.plan[seat] == HUMAN and len(self.humans) == 1 else (
            _("human") if self.plan[seat] == HUMAN else _("{bot} bot").format(bot=self.plan[seat]))
        return f"{self.state.seat_name(seat)} — {who}"

    def viewer(self) -> Optional[int]:
        """Whose eyes the screen shows: the human to move, else the first human seat."""
        seat = self.state.to_move()
        if seat is not None and seat not in self.bots:
            return seat
        return self.humans[0] if self.humans else None

    def bot_to_move(self) -> bool:
        return not self.state.is_terminal() and self.state.to_move() in self.bots

    # ----- playing --------------------------------------------------------------------
    def log(self, events) -> None:
        for seat in list(range(self.state.num_players)) + [None]:
            lines = self.logs.setdefault(seat, [])
            for e in events:
                t = e.text_for(seat)
                if t:
                    lines.append((line_seat(self.state, e, t), t))

    def apply(self, action: int) -> list[Event]:
        """Play ``action`` for the seat to move (checked: an illegal one changes nothing)."""
        seat = self.state.to_move()
        events = self.state.apply(action)
        self.record.actions.append(action)
        self.movers.append(seat)
        self.chance.append(any(e.chance for e in events))
        self.log(events)
        return events

    def bot_move(self) -> list[Event]:
        """The bot in the seat to move chooses and plays."""
        return self.apply(self.bots[self.state.to_move()].choose(self.state))

    def save(self, path: str) -> None:
        """Write the game record to ``path``; a path that cannot be written raises
        :class:`OptionError` naming it (and the game goes on)."""
        try:
            self.record.save(path)
        except OSError as exc:
            raise OptionError(_("Could not save the game record to {path}: {reason}.")
                              .format(path=path, reason=os_reason(exc))) from None

    # ----- undo -----------------------------------------------------------------------
    def undo_start(self, seat: int) -> Optional[int]:
        """How many of this session's actions stay when ``seat`` takes back what it may, or
        None when it may take back nothing: the seat's own latest decisions, back to one
        that drew on chance or revealed something, or to another seat's decision (the rule
        of the browser table)."""
        return undo_start(self.movers, self.chance.__getitem__, seat)

    def undo(self, seat: int) -> int:
        """Take back ``seat``'s latest decisions (see :meth:`undo_start`); returns how many.
        Raises :class:`OptionError` when there is nothing it may take back."""
        k = self.undo_start(seat)
        if k is None:
            raise OptionError(_("Nothing to undo: your last decision drew on chance or revealed "
                                "something, or another seat has played since."))
        taken = len(self.movers) - k
        keep = self.base + k
        events: list[Event] = []
        self.record.actions = self.record.actions[:keep]
        self.state = self.record.replay(events=events)
        del self.movers[k:], self.chance[k:]
        self.logs = {}
        self.log(events)
        return taken
