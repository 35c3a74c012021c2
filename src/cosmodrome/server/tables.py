"""Live tables: the games the server is running, their connected sockets and their bots.

A :class:`Table` holds one game: its :class:`~cosmodrome.core.GameRecord`, the current state,
the events each action caused (for the log), and the seats. The :class:`Hall` owns all
tables, the store and the bot pool (:mod:`cosmodrome.server.botpool`: bots think in worker
processes, never in the server's interpreter).

The write path of an action (:meth:`Hall.act`), under the table's lock:

1. check the version the client saw (stale → :class:`Stale`), the seat (→ :class:`Forbidden`);
2. apply the action to a *clone* of the state (illegal → the engine's IllegalActionError);
3. store the action and the new revision in one committed transaction, shared with the
   other games' actions waiting at that moment (the store's group commit; a database error →
   :class:`~cosmodrome.server.storage.StorageError`, nothing changed);
4. only then swap in the new state, broadcast each socket its own view and wake the bots.

On start the hall rebuilds every running game by replaying its stored actions, and resumes
its bots. Undo truncates the stored actions and replays the rest.

Each action is stored with a snapshot of the position it made and its log
(:mod:`cosmodrome.server.steps`). A game whose rules version changed under it (an upgrade)
is not replayed: it goes on from the snapshot of its last position under the new rules, its
players are told so in its log, and its earlier steps (log, replay) come from the snapshots.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import secrets
import unicodedata
import time
from dataclasses import dataclass, field
from typing import Any, Optional

from cosmodrome.core import (
    CosmodromeError, Event, Game, GameRecord, IllegalActionError, OptionError, Rng, State,
    get_game, undo_start,
)
from cosmodrome.core.statistics import public
from cosmodrome.server import clocks
from cosmodrome.server.botpool import BotCrashed, BotFailure, BotPool, BotTimeout, Job
from cosmodrome.server.chat import chat_limit, chat_mode, chat_text
from cosmodrome.server.seats import joinable, open_flags, public_meta, with_address
from cosmodrome.server.security import BadRequest
from cosmodrome.server.seatbots import bot_levels, seat_bot
from cosmodrome.server.steps import Rebuilt, rebuild, replay_steps, snapshot_later, state_of, step_label
from cosmodrome.server.storage import ActionRow, GameRow, MessageRow, SnapshotRow, StorageError, Store
from cosmodrome.server.updates import Feed
from cosmodrome.server.variants import Variants

log = logging.getLogger("cosmodrome.server")


class Forbidden(CosmodromeError):
    """A bad token, or a seat acting when it is not its turn (HTTP 403)."""


class Stale(CosmodromeError):
    """The client acted on an old version of the game (HTTP 409)."""


class Conflict(CosmodromeError):
    """The request cannot be done in the game's present situation (HTTP 409)."""


class NotFound(CosmodromeError):
    """No such game (HTTP 404)."""


NAME_MAX = 32


def display_name(raw: Any) -> str:
    """A person's display name at a seat: text of 1 to ``NAME_MAX`` characters, spaces folded,
    no control characters (pages show it as text, never as markup).

    >>> display_name("  Ada   Lovelace ")
    'Ada Lovelace'
    >>> display_name("<b>Bo</b>")
    '<b>Bo</b>'
    """
    if not isinstance(raw, str):
        raise BadRequest(f"'name' must be text, not {type(raw).__name__}")
    if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in raw):
        raise BadRequest("a name may not hold control characters")
    if any(unicodedata.category(c) == "Cf" for c in raw):
        raise BadRequest("a name may not hold invisible format characters (such as a right-to-left override "
                         "or a zero-width space)")
    name = " ".join(raw.split())
    if not 1 <= len(name) <= NAME_MAX:
        raise BadRequest(f"a name has 1 to {NAME_MAX} characters, not {len(name)}")
    return name


def new_id(nbytes: int = 6) -> str:
    return secrets.token_urlsafe(nbytes).replace("-", "x").replace("_", "y")


@dataclass(eq=False)
class Conn:
    """One connected WebSocket: the seat it watches (None: spectator) and its outbox."""

    seat: Optional[int]
    queue: "asyncio.Queue[dict[str, Any]]" = field(default_factory=lambda: asyncio.Queue(maxsize=256))
    #: what the socket was last sent (moves as updates, if it asked: server/updates.py)
    feed: Feed = field(default_factory=lambda: Feed(False))


@dataclass
class Table:
    row: GameRow
    game: Game
    record: GameRecord
    state: State
    events: list[list[Event]]
    movers: list[int]
    notes: list[Optional[str]]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set = field(default_factory=set)
    bot_task: Optional["asyncio.Task[None]"] = None
    #: the events of setting the game up, before the first action (first-player rolls...)
    setup: list[Event] = field(default_factory=list)
    #: the id of this game's rematch once one was started (kept in memory: one per game)
    rematch: Optional[str] = None
    #: the game's chat and the server's lines in its log (clocks), oldest first
    messages: list = field(default_factory=list)

    #: the seat-independent parts of the latest table message (see :meth:`_shared`)
    _memo: dict = field(default_factory=dict, repr=False)
    #: the views of the current position: its seat-independent part and each seat's (see :meth:`view`)
    _views: dict = field(default_factory=dict, repr=False)
    #: the indexes of the actions whose events carry dice (``data["dice"]``), oldest first
    dice_at: list[int] = field(default_factory=list)
    #: how many first actions no longer replay under the game's rules (a rules change): their
    #: steps are the snapshots ``early`` (0..base), and play goes on from ``base_state``
    base: int = 0
    base_state: Optional[State] = None
    early: list = field(default_factory=list)
    #: (version, rows) of the end-of-game statistics last worked out (see :meth:`statistics`)
    _stats: Optional[tuple] = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if not self.setup:
            self.setup = list(self.record.new_state().initial_events)
        self.dice_at = [i for i, evs in enumerate(self.events) if _has_dice(evs)]

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def version(self) -> int:
        return self.row.revision

    # ----- reading ------------------------------------------------------------------
    def seat_name(self, seat: Optional[int]) -> str:
        if seat is None:
            return "Spectator"
        return self.game.seat_name(seat, self.row.players)

    def bot_spec(self, seat: int) -> Optional[str]:
        """The bot that decides for ``seat``: a bot's seat, or a person's seat whose clock ran
        out while a bot stands in; None when a person decides."""
        s = self.row.seats[seat]
        if s.get("kind") == "bot":
            return s.get("bot") or "random"
        return s.get("stand_in")

    @property
    def clock(self) -> Optional[dict[str, Any]]:
        return self.row.meta.get("clock")

    def clocked(self) -> list[int]:
        """The seats whose clock may run: people deciding for themselves."""
        return [i for i in range(self.row.players) if self.bot_spec(i) is None]

    def person(self, seat: Optional[int]) -> str:
        """How a seat is named in chat and server lines: its person's name with the seat's."""
        if seat is None:
            return "Spectator"
        d = self.row.seats[seat].get("display")
        return f"{d} ({self.seat_name(seat)})" if d else self.seat_name(seat)

    def chat_lines(self, upto: Optional[int] = None) -> list[dict[str, Any]]:
        """The chat (said before action number ``upto`` when given: a replay's step)."""
        return [chat_json(m) for m in self.messages if m.kind == "chat" and (upto is None or m.at <= upto)]

    def seat_for_token(self, token: Optional[str]) -> Optional[int]:
        """The seat of ``token``; None for no token (a spectator); Forbidden for a bad one."""
        if token is None or token == "":
            return None
        for i, s in enumerate(self.row.seats):
            if s.get("token") and secrets.compare_digest(str(s["token"]), str(token)):
                return i
        raise Forbidden("this link's seat token is not valid for this game")

    def log_lines(self, seat: Optional[int], start: int = 0, stop: Optional[int] = None,
                  setup: Optional[bool] = None) -> list[dict[str, Any]]:
        """The log of actions ``start`` to ``stop`` (the end when None), as ``seat`` may read
        it; a whole log (``setup``, by default when ``start`` is 0) opens with the setting-up
        events, while the lines added by the first action (start 0, ``setup=False``) do not."""
        out: list[dict[str, Any]] = []
        whole = (start == 0) if setup is None else setup
        if whole:
            for e in self.setup:
                d = e.for_seat(seat)
                if d is not None:
                    d["i"] = -1
                    out.append(d)
        server = [m for m in self.messages if m.kind == "server"]
        end = len(self.events) if stop is None else stop
        for i in range(start, end + 1):
            for m in server:
                # a server line said before action i (sent with the whole log when it was said)
                if m.at == i and (i > start or whole) and (i < end or stop is None):
                    out.append({"i": i - 1, "kind": "server", "text": m.text, "data": {}, "chance": False})
            if i == end:
                break
            note = self.notes[i]
            if note:
                out.append({"i": i, "kind": "server", "text": note, "data": {}, "chance": False})
            for e in self.events[i]:
                d = e.for_seat(seat)
                if d is not None:
                    d["i"] = i
                    out.append(d)
        return out

    def last_dice(self, seat: Optional[int]) -> Optional[dict[str, Any]]:
        """The latest event carrying ``data["dice"]`` (visible to ``seat``): the last roll."""
        for i in reversed(self.dice_at):
            for e in reversed(self.events[i]):
                d = e.for_seat(seat)
                if d is not None and isinstance(d.get("data", {}).get("dice"), list):
                    return {"dice": d["data"]["dice"], "text": d["text"], "i": i}
        return None

    def statistics(self) -> list[dict[str, Any]]:
        """The game's end-of-game statistics (``Game.statistics``: rows of a label and a number
        a seat) from the state and the public events of the whole game; worked out once per
        version. A game whose statistics fail still ends: the failure goes to the log."""
        if self._stats is None or self._stats[0] != self.version:
            events = public(self.setup + [e for evs in self.events for e in evs])
            try:
                rows = self.game.statistics(self.state, events)
            except Exception:  # the statistics are an extra: never let them stop the result
                log.exception("the statistics of game %s failed", self.id)
                rows = []
            self._stats = (self.version, rows)
        return self._stats[1]

    def result(self) -> Optional[dict[str, Any]]:
        st = self.state
        lost = self.row.meta.get("timeout")
        if lost is not None and not st.is_terminal():  # the game ended as the table chose: that seat lost
            coop = st.game.cooperative
            winners = [] if coop else [i for i in range(self.row.players) if i != lost]
            return {"winners": winners, "winner_names": [self.seat_name(w) for w in winners],
                    "returns": [0.0 if coop or i == lost else 1.0 for i in range(self.row.players)],
                    "scores": [None] * self.row.players, "all_lose": not winners, "cooperative": coop,
                    "timeout": lost}
        if not st.is_terminal():
            return None
        winners = st.winners()
        return {"winners": winners, "winner_names": [self.seat_name(w) for w in winners],
                "returns": st.returns(), "scores": st.scores(), "all_lose": not winners,
                "cooperative": st.game.cooperative, "statistics": self.statistics()}

    def _shared(self) -> dict[str, Any]:
        """The parts of a table message that are the same for every seat (the decision, who
        decides, the seats, the result), built once per version and reused by every socket."""
        key = (self.version, self.row.status, tuple((bool(s.get("claimed")), s.get("stand_in"), s.get("display"))
                                                    for s in self.row.seats))
        memo = self._memo
        if memo.get("key") != key:
            st = self.state
            mover = st.to_move()
            decision = waiting = None
            if mover is not None and self.row.status == "running":
                d = st.decision()
                # what the others learn: only what the rules make public (Game.public_decision)
                public = self.game.public_decision(st, d)
                waiting = {"seat": mover, "seat_name": self.seat_name(mover), "kind": public["kind"],
                           "prompt": public["prompt"], "bot": self.bot_spec(mover) is not None,
                           "hint": public["hint"]}
                if self.bot_spec(mover) is None:
                    # first-game help: what the decision means, what options do (the mover's own)
                    decision = dict(d.to_json(), hint=self.game.hint(d))
            memo = self._memo = {"key": key, "mover": mover, "decision": decision, "waiting": waiting,
                                 "seats": self.seats_public(), "result": self.result()}
        return memo

    def decision_for(self, seat: Optional[int], shared: Optional[dict[str, Any]] = None,
                     ) -> tuple[Optional[dict[str, Any]], Optional[dict[str, Any]]]:
        """(the full decision if ``seat`` is to move, else None; who decides what, for all)."""
        shared = shared or self._shared()
        mine = shared["decision"] if seat is not None and seat == shared["mover"] else None
        return mine, shared["waiting"]

    def view(self, seat: Optional[int]) -> dict[str, Any]:
        """``state.view(seat)`` of the current position, read-only: its seat-independent part
        is worked out once for every seat (``State.view_common``), each seat's view once."""
        st = self.state
        memo = self._views
        if memo.get("state") is not st:
            memo = self._views = {"state": st, "common": st.view_common()}
        v = memo.get(("seat", seat))
        if v is None:
            v = memo[("seat", seat)] = st.view_for(seat, memo["common"])
        return v

    def seats_public(self) -> list[dict[str, Any]]:
        return [{"seat": i, "name": self.seat_name(i), "kind": s.get("kind"), "bot": s.get("bot"),
                 "claimed": bool(s.get("claimed")), "open": joinable(s, self.row.public, self.row.status),
                 "display": s.get("display"), "stand_in": s.get("stand_in"), "player": s.get("player")}
                for i, s in enumerate(self.row.seats)]

    @property
    def seed_chosen(self) -> bool:
        """Whether the creator chose the seed (they may know every hand): told to everyone."""
        return bool(self.row.meta.get("seed_chosen"))

    def table_message(self, seat: Optional[int], log_start: int = 0, reset: bool = True,
                      notice: Optional[str] = None) -> dict[str, Any]:
        """Everything a socket of ``seat`` needs to draw the table (its own view only)."""
        shared = self._shared()
        decision, waiting = self.decision_for(seat, shared)
        msg = {"type": "table", "game_id": self.id, "game": self.row.game, "title": self.game.title,
               "status": self.row.status, "version": self.version, "actions": len(self.record.actions),
               "seat": seat, "seat_name": self.seat_name(seat), "seats": shared["seats"],
               "view": self.view(seat), "decision": decision, "waiting": waiting,
               "log": self.log_lines(seat, log_start, setup=reset), "log_reset": reset,
               "dice": self.last_dice(seat), "result": shared["result"],
               "can_undo": seat is not None and self.undo_start(seat) is not None,
               "clock": clocks.public(self.clock, time.time()), "chat_mode": self.row.meta.get("chat", "players"),
               "seed_chosen": self.seed_chosen}
        if reset:
            msg["chat"] = self.chat_lines()
            notice = notice or self.rules_notice()
        if notice:
            msg["notice"] = notice
        return msg

    def state_at(self, step: int) -> tuple[State, Optional[str]]:
        """The position after ``step`` actions and the label of the last of them: replayed
        under the game's rules, or read from its snapshot for a step before a rules change."""
        if step <= self.base and self.base:
            row = self.early[step]
            return state_of(self.game, row), step_label(row)
        state = self.base_state.clone() if self.base else self.record.new_state()
        label = None
        for a in self.record.actions[self.base:step]:
            label = state.action_label(a)
            state.apply(a)
        return state, label

    def replay_to(self, keep: int) -> tuple[State, list[list[Event]]]:
        """The position after the first ``keep`` actions (``keep`` >= ``base``) and the events
        of each action, replayed from the setup or from the position at ``base``."""
        record = GameRecord(game=self.record.game, players=self.record.players, seed=self.record.seed,
                            options=self.record.options, actions=self.record.actions[:keep], meta=self.record.meta)
        state, later, _ = replay_steps(record, self.game.rules_version, start=self.base_state if self.base else None,
                                       first=self.base, snaps=False)
        return state, self.events[:self.base] + later

    def rules_notice(self) -> Optional[str]:
        """The sentence telling the players that the rules changed under the game, while its
        position is still the one it was restored to."""
        changes = self.row.meta.get("rules_changed") or []
        if changes and self.row.status == "running" and changes[-1].get("at") == len(self.record.actions):
            return changes[-1].get("text")
        return None

    def undo_start(self, seat: int) -> Optional[int]:
        """The earliest action index ``seat`` may take back to, or None when it may not undo.

        Walking back from the last action, ``seat`` may take back its own decisions while
        none of them drew on chance or revealed information (an Event with chance=True); a
        decision of another seat is a barrier too, and so is a change of the game's rules."""
        if self.row.status != "running" or self.bot_spec(seat) is not None:
            return None
        k = undo_start(self.movers, lambda k: any(e.chance for e in self.events[k]), seat)
        if k is not None and k < self.base:
            k = self.base if self.base < len(self.movers) else None
        return k

    def info(self) -> dict[str, Any]:
        st = self.state
        mover = st.to_move() if self.row.status == "running" else None
        return {"id": self.id, "game": self.row.game, "title": self.game.title, "players": self.row.players,
                "options": options_summary(self.row.options), "status": self.row.status, "version": self.version,
                "actions": len(self.record.actions), "seats": self.seats_public(),
                "to_move": mover, "to_move_name": self.seat_name(mover) if mover is not None else None,
                "open": any(joinable(s, self.row.public, self.row.status) for s in self.row.seats),
                "public": self.row.public, "created": self.row.created, "result": self.result(),
                "rules_version": self.row.rules_version, "seed_chosen": self.seed_chosen,
                "meta": {k: _public_meta(k, v) for k, v in public_meta(self.row.meta).items()},
                "clock": clocks.public(self.clock, time.time())}


    def seat_record(self, seat: int) -> dict[str, Any]:
        """What ``seat`` has seen of a running game, to download: its log and its view now.

        Not the game record: a running game's seed and actions would replay to every hand and
        the deck order, so the full record opens only when the game is over."""
        return {"format": "cosmodrome-seat-record", "game": self.row.game, "title": self.game.title,
                "players": self.row.players, "options": self.row.options, "game_id": self.id,
                "status": self.row.status, "version": self.version, "actions": len(self.record.actions),
                "seat": seat, "seat_name": self.seat_name(seat), "seats": self.seats_public(),
                "rules_version": self.row.rules_version, "log": self.log_lines(seat), "view": self.state.view(seat)}


def _public_meta(key: str, value: Any) -> Any:
    """A game's meta entry as anyone may read it: a rules change names how many moves it
    could not keep, not the moves themselves (a running game's moves stay sealed).

    >>> _public_meta("rules_changed", [{"at": 3, "from": 1, "to": 2, "dropped": [4, 9]}])
    [{'at': 3, 'from': 1, 'to': 2, 'dropped': 2}]
    """
    if key == "rules_changed" and isinstance(value, list):
        return [dict(c, dropped=len(c["dropped"])) if isinstance(c, dict) and "dropped" in c else c for c in value]
    return value


def options_summary(options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with a variant's content (``{"toml": ...}``) shown by its name and size only.

    >>> options_summary({"side": "A", "components": {"toml": "x = 1", "name": "mine"}})
    {'side': 'A', 'components': {'name': 'mine', 'bytes': 5}}
    """
    return {k: {"name": v.get("name"), "bytes": len(str(v.get("toml", "")).encode("utf-8"))}
            if isinstance(v, dict) and "toml" in v else v for k, v in options.items()}


async def _through_cancel(fut: "asyncio.Future[Any]") -> bool:
    """Wait until ``fut`` (a write being committed) is settled, even if the waiting task is
    cancelled meanwhile: a write cannot be called back, so the table must learn whether it
    was stored. Returns whether a cancellation came (the caller re-raises it)."""
    cancelled = False
    while not fut.done():
        try:
            await asyncio.shield(fut)
        except asyncio.CancelledError:
            cancelled = True
        except Exception:
            break
    return cancelled


def chat_json(m: MessageRow) -> dict[str, Any]:
    """A chat line as clients get it (its text is text: pages never read it as markup)."""
    return {"i": m.idx, "at": m.at, "seat": m.seat, "name": m.name, "text": m.text, "time": m.time}


def _has_dice(events: list[Event]) -> bool:
    return any(isinstance(e.data.get("dice"), list) for e in events)


def _movers(record: GameRecord) -> list[int]:
    """The seat that took each action of ``record`` (found by replaying it)."""
    state = record.new_state()
    out = []
    for a in record.actions:
        out.append(state.to_move())
        state.apply(a)
    return out


class Hall:
    """All live tables of one server."""

    def __init__(self, store: Store, *, bot_delay: float = 0.0, bot_workers: int = 2,
                 bot_time_limit: Optional[float] = 30.0, bot_modules: tuple[str, ...] = (),
                 variants: Optional[Variants] = None, bot_caps: Optional["BotCaps"] = None,
                 clock_scale: float = 1.0, clock_scan: float = 1.0, alive_every: float = 10.0) -> None:
        self.store = store
        #: clocks: durations are multiplied by ``clock_scale`` (tests run them fast); deadlines are
        #: checked every ``clock_scan`` seconds; the server records that it is up every ``alive_every``
        self.clock_scale, self.clock_scan, self.alive_every = clock_scale, clock_scan, alive_every
        self.clock_task: Optional["asyncio.Task[None]"] = None
        #: :meth:`keep_steps` running after start
        self.steps_task: Optional["asyncio.Task[int]"] = None
        self.chat_limit = chat_limit()
        #: called with a table whose game just ended (ratings listen here)
        self.on_finish: list = []
        self.bot_delay = bot_delay
        self.variants = variants or Variants()
        self.bot_caps = bot_caps or BotCaps()
        for m in bot_modules:  # the server checks bot levels too, so it needs the same plug-ins
            importlib.import_module(m)
        # a game's lane is kept between the decisions of one bot turn: the move and the bot
        # delay go between them (docs/SERVER.md, "Bots")
        self.pool = BotPool(workers=bot_workers, time_limit=bot_time_limit, modules=bot_modules,
                            hold=bot_delay + 1.0)
        self.tables: dict[str, Table] = {}
        self._load_lock = asyncio.Lock()
        self._background: set = set()  # tasks nobody awaits (kept referenced until done)
        self.closing = False

    # ----- loading ------------------------------------------------------------------
    def _build(self, row: GameRow, actions: list[ActionRow], messages: list[MessageRow],
               snaps: list[SnapshotRow]) -> tuple[Table, Rebuilt]:
        game = get_game(row.game)
        record = GameRecord(game=game.name, players=row.players, seed=row.seed, options=dict(row.options),
                            actions=[a.action for a in actions], meta={"id": row.id})
        b = rebuild(game, record, rules=row.rules_version, base=row.replay_base, snaps=snaps)
        if b.dropped:
            record.actions = record.actions[:len(record.actions) - len(b.dropped)]
            actions = actions[:len(record.actions)]
        t = Table(row=row, game=game, record=record, state=b.state, events=b.events, movers=[a.seat for a in actions],
                  notes=[a.note for a in actions], messages=messages, setup=b.setup, base=b.base,
                  base_state=b.base_state, early=b.early)
        return t, b

    async def _settle(self, t: Table, b: Rebuilt) -> None:
        """Store what loading ``t`` found: the snapshots a game stored before them lacks, and a
        running game's move to new rules (its rules version, the step it goes on from, a line
        in its log for its players). A refused write leaves the table as loaded (tried again
        at the next load)."""
        loop = asyncio.get_running_loop()
        if b.missing and not b.replayed_anew:
            try:
                await self.store.submit_snapshots(t.id, b.missing, loop=loop)
            except StorageError as exc:
                log.warning("could not store the steps of game %s: %s", t.id, exc)
        if b.changed is None or t.row.status != "running":
            if b.changed is not None:
                log.info("game %s (%s) was played under rules version %s: its replay reads its stored steps",
                         t.id, t.row.status, b.changed[0])
            return
        old, new = b.changed
        n = len(t.record.actions)
        title = t.game.title or t.game.name
        if b.dropped:
            text = (f"The rules of {title} changed under this game (from version {old} to {new}) and this game was "
                    f"stored without its positions: it goes on after move {n}, the last one that is legal under the "
                    f"new rules; the {len(b.dropped)} move(s) after it could not be kept.")
        elif b.replayed_anew:
            text = (f"The rules of {title} changed under this game (from version {old} to {new}) and this game was "
                    f"stored without its positions: its moves were replayed under the new rules, and it goes on from "
                    f"where they lead.")
        elif old != new:
            text = (f"The rules of {title} changed under this game (from version {old} to {new}): it goes on from "
                    f"its last position under the new rules. The log and replay before this line show the game as "
                    f"it was played.")
        else:  # a fault of ours: its actions did not replay under their own rules
            text = (f"This game's moves could not be replayed by the server's version of {title}: it goes on from "
                    f"its last stored position.")
        change = {"at": n, "from": old, "to": new, "time": time.time(), "text": text}
        if b.dropped:
            change["dropped"] = b.dropped
        meta = dict(t.row.meta, rules_changed=list(t.row.meta.get("rules_changed") or []) + [change])
        try:
            if b.dropped:
                await self.store.submit_truncate(t.id, n, revision=t.version + 1, loop=loop)
                t.row.revision += 1
            if b.replayed_anew:
                await self.store.submit_snapshots(t.id, b.missing, loop=loop)
            await self._say(t, None, "server", "server", text, meta=meta, rules=(new, b.base))
        except StorageError as exc:
            log.error("could not store the rules change of game %s: %s", t.id, exc)
            return
        t.row.rules_version, t.row.replay_base = new, b.base
        log.warning("game %s: %s (%s); it goes on from move %d under rules version %d", t.id, title, b.why, n, new)

    async def table(self, game_id: str) -> Table:
        t = self.tables.get(game_id)
        if t is not None:
            return t
        async with self._load_lock:
            t = self.tables.get(game_id)
            if t is not None:
                return t
            row = await asyncio.to_thread(self.store.get_game, game_id)
            if row is None:
                raise NotFound(f"no game {game_id!r} on this server")
            actions = await asyncio.to_thread(self.store.actions, game_id)
            messages = await asyncio.to_thread(self.store.messages, game_id)
            snaps = await asyncio.to_thread(self.store.snapshots, game_id)
            t, rebuilt = await asyncio.to_thread(self._build, row, actions, messages, snaps)
            self.tables[game_id] = t
            await self._settle(t, rebuilt)
            return t

    async def resume_all(self) -> int:
        """Rebuild every running game from its stored actions and wake its bots."""
        rows = await asyncio.to_thread(self.store.list_games, "running")
        n = 0
        for row in rows:
            try:
                t = await self.table(row.id)
            except CosmodromeError as exc:
                log.error("cannot resume game %s: %s", row.id, exc)
                continue
            n += 1
            self.wake_bots(t)
        return n

    async def keep_steps(self) -> int:
        """Store the snapshots of every game stored without them (by a release before 0.2.0),
        one game at a time, as its actions replay now: after start, in the background, so
        that a later rules change finds every game's positions. Returns how many games."""
        try:
            counts = await asyncio.to_thread(self.store.step_counts)
        except StorageError as exc:  # tried again at the next start
            log.error("cannot look for games stored without their positions: %s", exc)
            return 0
        n = 0
        for gid, (actions, snaps) in counts.items():
            if self.closing:
                break
            if snaps == actions + 1:
                continue
            loaded = gid in self.tables
            try:
                t = await self.table(gid)
            except Exception as exc:  # that game stays as it is; the others go on
                log.error("cannot keep the steps of game %s: %s", gid, exc)
                continue
            if not loaded and t.row.status != "running" and not t.conns:
                self.tables.pop(gid, None)  # a finished game is loaded again when someone opens it
            n += 1
        if n:
            log.info("stored the positions of %d game(s) kept from before snapshots", n)
        return n

    # ----- creating -----------------------------------------------------------------
    def _seats(self, game: Game, players: int, seats: Any, seed: int, running: bool = True,
               public: bool = False) -> tuple[list[dict[str, Any]], Optional[int]]:
        """The seats of a new game, and the creator's seat (see :func:`~cosmodrome.server.seats.open_flags`):
        a person's seat gets its token now, except an open seat, whose token is made for the
        stranger who takes it."""
        if seats is None:
            seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
        if not isinstance(seats, list) or len(seats) != players:
            raise OptionError(f"give one seat per player: {players} seats, each human or bot")
        for i, s in enumerate(seats):
            if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
                raise OptionError(f"seat {i + 1} must be {{'kind': 'human'}} or {{'kind': 'bot', 'bot': level}}")
        flags, creator = open_flags(seats, public)
        out = []
        for s, is_open in zip(seats, flags):
            if s["kind"] == "human":
                out.append({"kind": "human", "token": None if is_open else secrets.token_urlsafe(16),
                            "claimed": False, "open": is_open})
            else:
                spec = s.get("bot") or "random"
                bot = seat_bot(spec, game, seed)  # raises OptionError for an unknown level
                self.bot_caps.check(spec, bot)
                out.append({"kind": "bot", "bot": spec, "claimed": True})
        bots = sum(s["kind"] == "bot" for s in out)
        cap = self.bot_caps.seats
        if running and cap is not None and bots > cap:
            raise OptionError(f"this game has {bots} bot seats; this server allows at most {cap} bots a game")
        return out, creator

    async def create(self, game_name: str, players: Any, options: Any = None, seed: Any = None,
                     seats: Any = None, public: bool = False, actions: Optional[list[int]] = None,
                     status: str = "running", meta: Optional[dict[str, Any]] = None, clock: Any = None,
                     chat: Any = None, owner: Any = None, rated: bool = False,
                     address: Optional[str] = None) -> Table:
        """A new game. ``owner``: the account of its creator, who takes the creator's seat (the
        first person's seat not open to strangers) as that account; ``rated``: the game's result
        updates ratings, and then the seed is never one a player chose; ``address``: the
        creator's, recorded as having used the creator's seat (for the rating rules)."""
        game = get_game(game_name)
        game.check_players(players)
        if options is not None and not isinstance(options, dict):
            raise OptionError("options must be an object of option names and values")
        own = [o.name for o in game.options if o.kind == "path" and isinstance((options or {}).get(o.name), dict)]
        if rated and own:  # its content is shown to nobody, and made by the creator
            raise OptionError(f"a rated game cannot use a player's own variant (option {own[0]!r}): choose the "
                              "packaged data or a variant this server offers, or make the game unrated")
        options = self.variants.resolve(game.name, options, [(o.name, o.kind) for o in game.options])
        opts = game.resolve_options(options)
        chosen = seed is not None
        if chosen and rated:
            raise OptionError("a rated game cannot take a chosen seed: whoever chose it could know every hand. "
                              "Leave the seed out, or make the game unrated")
        if seed is None:  # 64 bits from the OS's random source: too many to search from the setup
            seed = new_seed()
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError(f"the seed must be a whole number, not {seed!r}")
        if not -2 ** 63 <= seed < 2 ** 63:  # what a database's BIGINT column holds
            raise OptionError(f"the seed must fit in 64 bits (from -2**63 to 2**63-1), not {seed}")
        seat_rows, creator = self._seats(game, players, seats, seed, running=status == "running", public=public)
        meta = dict(meta or {}, chat=chat_mode(chat))
        if chosen:  # told to everyone who looks at or joins the game (never the seed itself)
            meta["seed_chosen"] = True
        if rated:
            meta["rated"] = True
        if creator is not None:
            if owner is not None:
                seat_rows[creator].update(account=owner.id, player=owner.name, display=owner.name)
            meta = with_address(meta, creator, address) or meta
        timer = clocks.new_clock(clock, players, self.clock_scale)
        if timer is not None and status == "running":
            meta["clock"] = timer  # it starts once every person's seat is taken (see use)
        record = GameRecord(game=game.name, players=players, seed=seed, options=opts, actions=list(actions or []))
        state, events, snaps = await asyncio.to_thread(replay_steps, record, game.rules_version)
        movers = await asyncio.to_thread(_movers, record)
        if state.is_terminal() and status == "running":
            status = "finished"
        row = GameRow(id=new_id(), game=game.name, players=players, seed=seed, options=opts, seats=seat_rows,
                      status=status, revision=len(record.actions), public=bool(public), meta=meta,
                      created=time.time(), rules_version=game.rules_version)
        now = time.time()
        acts = [ActionRow(i, a, movers[i], now) for i, a in enumerate(record.actions)]
        await asyncio.to_thread(self.store.create_game, row, acts, snaps)
        t = Table(row=row, game=game, record=record, state=state, events=events, movers=movers,
                  notes=[None] * len(record.actions))
        record.meta = {"id": row.id}
        self.tables[row.id] = t
        self.wake_bots(t)
        return t

    def _clock_start(self, t: Table, seats: list[dict[str, Any]], meta: dict[str, Any]) -> Optional[dict[str, Any]]:
        """``meta`` with the clocks started when every person's seat of ``seats`` is claimed
        (every person is at the table), else None."""
        clock = meta.get("clock")
        if clock is None or clock.get("started") or t.row.status != "running" or not all(
                s.get("claimed") for s in seats if s.get("kind") == "human"):
            return None
        clock = clocks.pass_turn(dict(clock, started=True), t.state.to_move(), t.clocked(), time.time())
        return dict(meta, clock=clock)

    async def use(self, t: Table, token: Optional[str], address: Optional[str] = None) -> Optional[int]:
        """The seat of ``token`` (None: a spectator; Forbidden: a bad token), which this use
        claims (docs/SERVER.md, "Seats"): the first use of a seat's token of any kind marks it
        taken, stored before the caller answers. A seat a stranger could still take (an open
        seat of an older row) is claimed or the use fails (StorageError, nothing changed);
        for any other seat a refused write only leaves it listed as not yet taken.
        ``address`` (of the request) is recorded for a rated game's rating rules."""
        seat = t.seat_for_token(token)
        if seat is None or t.row.status != "running":
            return seat
        if t.row.seats[seat].get("claimed") and with_address(t.row.meta, seat, address) is None:
            return seat  # the usual case: nothing to write
        async with t.lock:
            seat = t.seat_for_token(token)  # a join may have replaced a never-used token meanwhile
            if seat is None or t.row.status != "running":
                return seat
            vital = joinable(t.row.seats[seat], t.row.public, t.row.status)
            meta = with_address(t.row.meta, seat, address)
            seats = None
            if not t.row.seats[seat].get("claimed"):
                seats = [dict(s) for s in t.row.seats]
                seats[seat].update(claimed=True, open=False)
                meta = self._clock_start(t, seats, meta or t.row.meta) or meta
            if seats is None and meta is None:
                return seat
            try:
                await self.store.submit_change(t.id, seats=seats, meta=meta, loop=asyncio.get_running_loop())
            except StorageError as exc:
                if vital:
                    raise
                log.warning("could not mark seat %s of %s taken: %s", seat + 1, t.id, exc)
                return seat
            started = meta is not None and (meta.get("clock") or {}).get("started") and \
                not (t.clock or {}).get("started")
            if seats is not None:
                t.row.seats = seats
            if meta is not None:
                t.row.meta = meta
        if started:
            await self.broadcast(t, 0, reset=True)
        return seat

    async def set_name(self, t: Table, seat: Optional[int], raw: Any) -> str:
        """The person at ``seat`` picks a display name; every socket of the game is told."""
        if seat is None:
            raise Forbidden("a spectator has no seat to name: open a seat's link")
        if t.row.seats[seat].get("kind") != "human":
            raise Forbidden("a bot's seat keeps its name")
        name = display_name(raw)
        async with t.lock:
            seats = [dict(x) for x in t.row.seats]
            seats[seat]["display"] = name
            await asyncio.to_thread(self.store.set_seats, t.id, seats)
            t.row.seats = seats
        await self.broadcast(t, 0, reset=True)
        return name

    async def seat_account(self, t: Table, seat: int, account: Any) -> None:
        """``seat`` is played as ``account`` from now on (its games, ratings): the person
        holding the seat's link chose so. A seat another account holds stays theirs."""
        if t.row.seats[seat].get("kind") != "human":
            raise Forbidden("a bot's seat cannot be taken as an account")
        async with t.lock:
            held = t.row.seats[seat].get("account")
            if held == account.id:
                return
            if held is not None:
                raise Conflict(f"{t.seat_name(seat)} is played by another account")
            seats = [dict(x) for x in t.row.seats]
            seats[seat].update(account=account.id, player=account.name, display=account.name)
            await self.store.submit_change(t.id, seats=seats, loop=asyncio.get_running_loop())
            t.row.seats = seats
        await self.broadcast(t, 0, reset=True)

    async def rematch(self, t: Table, seat: Optional[int]) -> Table:
        """A new game with the same seats (people and bot levels, display names) and settings,
        and a new seed, started by a seat of the finished game ``t``; a second request gets the
        same rematch. Each person's seat of the rematch is kept for the holder of that seat in
        ``t`` (never open to strangers): its token goes to that holder only, in the answer to
        their own request or, on each socket still connected to ``t``, in a message (a
        spectator: none), so everyone can follow with one click. A seat of ``t`` nobody ever
        took stays open in a public rematch."""
        if seat is None:
            raise Forbidden("a spectator cannot start a rematch: a seat's link can")
        if t.row.status != "finished":
            raise Conflict("a rematch starts once the game is over")
        async with t.lock:
            nxt = None
            if t.rematch is not None:
                nxt = await self.table(t.rematch)
            else:
                seats = [{"kind": "bot", "bot": s.get("bot")} if s.get("kind") == "bot"
                         else {"kind": "human", "open": bool(t.row.public and not s.get("token"))}
                         for s in t.row.seats]
                spec = (t.clock or {}).get("spec")
                nxt = await self.create(t.row.game, t.row.players, dict(t.row.options), None, seats,
                                        public=t.row.public, chat=t.row.meta.get("chat"),
                                        rated=bool(t.row.meta.get("rated")), clock=dict(spec) if spec else None)
                keep = ("display", "account", "player")
                if any(s.get(k) for s in t.row.seats for k in keep):
                    rows = [dict(s, **{k: old[k] for k in keep if old.get(k)})
                            for s, old in zip(nxt.row.seats, t.row.seats)]
                    await asyncio.to_thread(self.store.set_seats, nxt.id, rows)
                    nxt.row.seats = rows
                t.rematch = nxt.id
        for conn in list(t.conns):
            s = None if conn.seat is None else nxt.row.seats[conn.seat]
            self._post(conn, {"type": "rematch", "game_id": nxt.id, "seat": conn.seat,
                              "token": s.get("token") if s else None})
        return nxt

    async def join(self, t: Table, seat: Optional[int], address: Optional[str] = None,
                   account: Any = None) -> tuple[int, str]:
        """Take an open seat of a public game (docs/SERVER.md, "Seats"): the seat gets a new
        token, made now for this person only, and is claimed (stored before the answer; as
        ``account`` when given). Returns (seat, token)."""
        if not t.row.public:
            raise Forbidden("this game is private: ask its creator for a join link")
        if seat is not None and not 0 <= seat < t.row.players:
            raise BadRequest(f"'seat' must be 0 to {t.row.players - 1} (this game has {t.row.players} seats), "
                             f"not {seat}")
        async with t.lock:
            if t.row.status != "running":
                raise Conflict("this game is over")
            free = [i for i, s in enumerate(t.row.seats) if joinable(s, t.row.public, t.row.status)]
            if seat is not None:
                if seat not in free:
                    raise Conflict(f"seat {seat + 1} is not open: it is a bot's, taken, or kept for someone "
                                   "the creator invited")
                free = [seat]
            if not free:
                raise Conflict("no open seat in this game")
            i = free[0]
            token = secrets.token_urlsafe(16)
            seats = [dict(s) for s in t.row.seats]
            seats[i].update(token=token, claimed=True, open=False)
            if account is not None:
                seats[i].update(account=account.id, player=account.name, display=account.name)
            meta = with_address(t.row.meta, i, address)
            meta = self._clock_start(t, seats, meta or t.row.meta) or meta
            await self.store.submit_change(t.id, seats=seats, meta=meta, loop=asyncio.get_running_loop())
            t.row.seats = seats
            if meta is not None:
                t.row.meta = meta
        await self.broadcast(t, 0, reset=True)
        return i, token

    # ----- acting -------------------------------------------------------------------
    async def act(self, t: Table, seat: Optional[int], action: Any, version: Any,
                  note: Optional[str] = None, as_bot: bool = False) -> dict[str, Any]:
        """The checked write path of one action (see the module docstring). ``as_bot``: the
        move of the bot deciding for ``seat`` (refused if a person took the seat meanwhile)."""
        async with t.lock:
            if t.row.status != "running":
                raise Conflict(f"this game is {t.row.status}: no more actions")
            if seat is None:
                raise Forbidden("a spectator cannot act: open the game with a seat's link")
            if version != t.version:
                raise Stale(f"the game has moved on (version {t.version}, you acted on {version}): "
                            "the table has been refreshed, choose again")
            mover = t.state.to_move()
            if mover != seat:
                raise Forbidden(f"it is not {t.seat_name(seat)}'s turn: {t.seat_name(mover)} is deciding")
            if (t.bot_spec(seat) is not None) != as_bot:
                if as_bot:
                    raise Conflict(f"{t.seat_name(seat)} is back: the bot's move is dropped")
                raise Conflict(f"{t.seat_name(seat)} ran out of time and a bot plays the seat: take your seat "
                               "back first")
            new = t.state.clone()
            try:
                label = t.state.action_label(action)
            except Exception:  # an illegal action: apply() below says so
                label = None
            events = new.apply(action)  # IllegalActionError: nothing changed
            idx = len(t.record.actions)
            snap = snapshot_later(idx + 1, t.game.rules_version, new, events, label)
            status = "finished" if new.is_terminal() else None
            meta = None
            if t.clock is not None and t.clock.get("started"):
                meta = dict(t.row.meta, clock=clocks.pass_turn(t.clock, None if status else new.to_move(),
                                                               t.clocked(), time.time()))
            # the committer thread stores it together with whatever other games have waiting
            # (group commit); the future resolves once that commit returned
            stored = self.store.submit_action(t.id, idx, action, seat, revision=t.version + 1, status=status,
                                              note=note, meta=meta, snapshot=snap, loop=asyncio.get_running_loop())
            cancelled = await _through_cancel(stored)
            try:
                stored.result()
            except StorageError as exc:  # nothing changed; every socket of the game is told
                if exc.conflict and await self._catch_up(t):
                    raise Stale(f"the game has moved on (version {t.version}): the table has been refreshed "
                                "from the database, choose again") from None
                if t.row.seats[seat].get("kind") == "human":  # (a bot's loop tells of its own)
                    await self.notify(t, f"The database could not store a move of {t.seat_name(seat)} ({exc}); "
                                         "nothing was changed. No accepted move is lost.", "error")
                raise
            # committed: now it is accepted
            t.state = new
            t.record.actions.append(action)
            t.events.append(events)
            if _has_dice(events):
                t.dice_at.append(idx)
            t.movers.append(seat)
            t.notes.append(note)
            t.row.revision += 1
            if meta is not None:
                t.row.meta = meta
            if status:
                t.row.status = status
        await self.broadcast(t, idx)
        self.wake_bots(t)
        if status:
            self.finished(t)
        if cancelled:  # the caller went away while the move was stored: it is kept, and told
            raise asyncio.CancelledError()
        return {"ok": True, "version": t.version, "index": idx}

    async def undo(self, t: Table, seat: Optional[int], steps: Any = 1) -> dict[str, Any]:
        async with t.lock:
            if seat is None:
                raise Forbidden("a spectator cannot undo")
            if t.row.status != "running":
                raise Conflict(f"this game is {t.row.status}: nothing can be taken back")
            start = t.undo_start(seat)
            if start is None:
                raise Conflict(f"{t.seat_name(seat)} has nothing to take back: the last decision was not "
                               "theirs, or it drew dice, cards or tiles")
            n = len(t.record.actions)
            if steps == "all":
                keep = start
            else:
                if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
                    raise OptionError(f"steps must be a positive whole number or 'all', not {steps!r}")
                keep = max(start, n - steps)
            state, events = await asyncio.to_thread(t.replay_to, keep)
            record = GameRecord(game=t.record.game, players=t.record.players, seed=t.record.seed,
                                options=t.record.options, actions=t.record.actions[:keep], meta=t.record.meta)
            meta = None
            if t.clock is not None and t.clock.get("started"):
                meta = dict(t.row.meta, clock=clocks.pass_turn(t.clock, state.to_move(), t.clocked(), time.time()))
            await self.store.submit_truncate(t.id, keep, revision=t.version + 1, meta=meta,
                                             loop=asyncio.get_running_loop())
            t.record, t.state, t.events = record, state, events
            if meta is not None:
                t.row.meta = meta
            t.dice_at = [i for i in t.dice_at if i < keep]
            t.movers, t.notes = t.movers[:keep], t.notes[:keep]
            t.row.revision += 1
        taken = n - keep
        await self.broadcast(t, 0, reset=True,
                             notice=f"{t.seat_name(seat)} took back {taken} decision{'s' if taken != 1 else ''}.")
        self.wake_bots(t)
        return {"ok": True, "version": t.version, "undone": taken}

    async def _catch_up(self, t: Table) -> bool:
        """Under ``t.lock``, after a write of ``t`` broke a key: if the database holds a newer
        revision of the game (a write committed although its connection died before saying
        so, and reported as failed), rebuild the table from it and tell every socket. Returns
        whether it did."""
        try:
            row = await asyncio.to_thread(self.store.get_game, t.id)
            messages = await asyncio.to_thread(self.store.messages, t.id)
            if row is None or (row.revision <= t.row.revision and len(messages) <= len(t.messages)):
                return False
            actions = await asyncio.to_thread(self.store.actions, t.id)
            snaps = await asyncio.to_thread(self.store.snapshots, t.id)
            fresh, _ = await asyncio.to_thread(self._build, row, actions, messages, snaps)
        except (StorageError, CosmodromeError) as exc:
            log.error("game %s: could not catch up with the database: %s", t.id, exc)
            return False
        log.warning("game %s: the database held revision %d and %d messages, the table %d and %d (a write "
                    "committed as its connection was lost): the table caught up", t.id, row.revision, len(messages),
                    t.row.revision, len(t.messages))
        for name in ("row", "record", "state", "events", "movers", "notes", "messages", "dice_at", "setup",
                     "base", "base_state", "early"):
            setattr(t, name, getattr(fresh, name))
        t._memo.clear()
        await self.broadcast(t, 0, reset=True, notice="What the database had stored while its connection was lost "
                                                      "is now on the table.")
        self.wake_bots(t)
        if t.row.status != "running":
            self.finished(t)
        return True

    def finished(self, t: Table) -> None:
        """Tell the listeners (ratings) that ``t`` ended; their faults never reach the players."""
        for fn in self.on_finish:
            try:
                task = asyncio.get_running_loop().create_task(fn(t))
            except Exception:
                log.exception("a listener of finished games failed on %s", t.id)
                continue
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    # ----- chat and server lines -----------------------------------------------------
    async def _say(self, t: Table, seat: Optional[int], kind: str, name: str, text: str, *,
                   seats: Optional[list] = None, meta: Optional[dict] = None, status: Optional[str] = None,
                   rules: Optional[tuple[int, int]] = None) -> MessageRow:
        """Store a message (with the game's new seats, meta, status) and then apply it; call
        under ``t.lock``. A StorageError leaves everything as it was."""
        m = MessageRow(idx=len(t.messages), at=len(t.record.actions), seat=seat, kind=kind, name=name, text=text,
                       time=time.time())
        try:
            await self.store.submit_change(t.id, messages=(m,), seats=seats, meta=meta, status=status, rules=rules,
                                           loop=asyncio.get_running_loop())
        except StorageError as exc:
            if exc.conflict and await self._catch_up(t):
                raise Stale("the game has moved on: the table has been refreshed from the database, "
                            "try again") from None
            raise
        t.messages.append(m)
        if seats is not None:
            t.row.seats = seats
        if meta is not None:
            t.row.meta = meta
        if status is not None:
            t.row.status = status
        return m

    async def chat(self, t: Table, seat: Optional[int], raw: Any, client: str = "") -> dict[str, Any]:
        """A line of chat from ``seat`` (None: a spectator, from the address ``client``):
        stored with the game, then sent to every socket of it."""
        mode = t.row.meta.get("chat", "players")
        if mode == "off":
            raise Forbidden("chat is off at this table")
        if seat is None and mode != "all":
            raise Forbidden("spectators read this table's chat but may not write in it (the table chose so)")
        text = chat_text(raw)
        self.chat_limit.hit(f"{t.id}/{seat}" if seat is not None else f"{t.id}/spectator/{client}")
        async with t.lock:
            m = await self._say(t, seat, "chat", t.person(seat), text)
        line = chat_json(m)
        for conn in list(t.conns):
            self._post(conn, {"type": "chat", "line": line})
        return {"ok": True, "line": line}

    # ----- clocks -------------------------------------------------------------------
    def stand_in_level(self, t: Table) -> str:
        """The bot that plays a seat whose clock ran out: the game's easy bot, else random."""
        levels = bot_levels(t.game)
        return "heuristic" if "heuristic" in levels else "random"

    async def time_out(self, t: Table, now: float) -> None:
        """The running clock of ``t`` passed its deadline: a bot takes the seat until its
        player returns, or the game ends with that seat losing (the table's choice)."""
        async with t.lock:
            clock = t.clock
            if t.row.status != "running" or clock is None or clock["seat"] is None or clock["deadline"] > now:
                return
            seat = clock["seat"]
            who = t.person(seat)
            meta = dict(t.row.meta, clock=clocks.ran_out(clock, seat))
            if clock["on_timeout"] == "end":
                meta["timeout"] = seat
                text = (f"{who} ran out of time: the game is over and the team lost." if t.game.cooperative
                        else f"{who} ran out of time: the game is over and {t.seat_name(seat)} loses.")
                await self._say(t, None, "server", "server", text, meta=meta, status="finished")
            else:
                seats = [dict(x) for x in t.row.seats]
                level = self.stand_in_level(t)
                seats[seat]["stand_in"] = level
                text = (f"{who} ran out of time: a bot ({level}) plays for {t.seat_name(seat)} until its player "
                        "takes the seat back.")
                await self._say(t, None, "server", "server", text, seats=seats, meta=meta)
            log.info("game %s: seat %s ran out of time", t.id, seat + 1)
        await self.broadcast(t, 0, reset=True, notice=text)
        if t.row.status == "finished":
            self.finished(t)
        else:
            self.wake_bots(t)

    async def take_back(self, t: Table, seat: Optional[int]) -> dict[str, Any]:
        """The player of a seat whose clock ran out takes it back from the bot standing in."""
        if seat is None:
            raise Forbidden("a spectator has no seat to take back")
        async with t.lock:
            if t.row.status != "running":
                raise Conflict(f"this game is {t.row.status}")
            if not t.row.seats[seat].get("stand_in"):
                raise Conflict(f"{t.seat_name(seat)} is already played by its person")
            seats = [dict(x) for x in t.row.seats]
            seats[seat].pop("stand_in")
            meta = None
            if t.clock is not None:
                clock = clocks.back(t.clock, seat)
                clocked = [i for i in range(t.row.players) if seats[i].get("kind") == "human" and
                           not seats[i].get("stand_in")]
                clock = clocks.pass_turn(clock, t.state.to_move(), clocked, time.time())
                meta = dict(t.row.meta, clock=clock)
            text = f"{t.person(seat)} is back and plays {t.seat_name(seat)} again."
            await self._say(t, None, "server", "server", text, seats=seats, meta=meta)
        await self.broadcast(t, 0, reset=True, notice=text)
        return {"ok": True, "seat": seat}

    async def start_clocks(self) -> None:
        """On start: move every running deadline later by the time the server was down (from
        the last instant it recorded being up), so a restart never eats a player's time; then
        watch the deadlines."""
        now = time.time()
        last = await asyncio.to_thread(self.store.mark, "alive")
        down = max(0.0, now - last) if last is not None else 0.0
        for t in list(self.tables.values()):
            clock = t.clock
            if down and t.row.status == "running" and clock is not None and clock.get("deadline") is not None:
                meta = dict(t.row.meta, clock=clocks.shifted(clock, down))
                async with t.lock:
                    await self.store.submit_change(t.id, meta=meta, loop=asyncio.get_running_loop())
                    t.row.meta = meta
        await self.store.submit_mark("alive", now, loop=asyncio.get_running_loop())
        if down:
            log.info("the server was down %.1f s: running clocks were moved on by that", down)
        self.clock_task = asyncio.get_running_loop().create_task(self._clock_loop())

    async def _clock_loop(self) -> None:
        last_mark = time.time()
        while not self.closing:
            await asyncio.sleep(self.clock_scan)
            now = time.time()
            for t in list(self.tables.values()):
                c = t.clock
                if t.row.status == "running" and c is not None and c.get("deadline") is not None and c["deadline"] <= now:
                    try:
                        await self.time_out(t, now)
                    except StorageError as exc:  # tried again at the next scan
                        log.error("could not store a time-out in %s: %s", t.id, exc)
                    except Exception:
                        log.exception("time-out of %s", t.id)
            if now - last_mark >= self.alive_every:
                try:
                    await self.store.submit_mark("alive", now, loop=asyncio.get_running_loop())
                    last_mark = now
                except StorageError as exc:
                    log.error("could not record that the server is up: %s", exc)

    # ----- sockets ------------------------------------------------------------------
    def _post(self, conn: Conn, msg: dict[str, Any]) -> None:
        try:
            conn.queue.put_nowait(msg)
        except asyncio.QueueFull:  # a socket that stopped reading: drop its backlog, resend all
            while not conn.queue.empty():
                conn.queue.get_nowait()
            conn.queue.put_nowait({"type": "resync"})

    async def broadcast(self, t: Table, log_start: int, reset: bool = False, notice: Optional[str] = None) -> None:
        cache: dict[Optional[int], dict[str, Any]] = {}
        for conn in list(t.conns):
            if conn.seat not in cache:
                cache[conn.seat] = t.table_message(conn.seat, log_start, reset, notice)
            self._post(conn, cache[conn.seat])

    def notify_everyone(self, text: str, level: str = "error") -> None:
        """A notice to every socket of every game (the database's files lost: nothing more
        can be stored)."""
        for t in list(self.tables.values()):
            for conn in list(t.conns):
                self._post(conn, {"type": "notice", "level": level, "text": text})

    async def notify(self, t: Table, text: str, level: str = "warning") -> None:
        for conn in list(t.conns):
            self._post(conn, {"type": "notice", "level": level, "text": text})

    # ----- bots ---------------------------------------------------------------------
    def wake_bots(self, t: Table) -> None:
        if self.closing or t.row.status != "running":
            return
        mover = t.state.to_move()
        if mover is None or t.bot_spec(mover) is None:
            return
        if t.bot_task is not None and not t.bot_task.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        t.bot_task = loop.create_task(self._bot_loop(t))

    def _job(self, t: Table, seat: int, seed: int) -> Job:
        """What a worker needs to take ``seat``'s decision: the state (as JSON, or the record
        to replay when the game cannot write its state), the bot spec and the seed."""
        spec = t.bot_spec(seat) or "random"
        common = dict(game=t.game.name, game_module=type(t.game).__module__, spec=spec, seed=seed)
        try:
            return Job(state=t.state.to_json(), **common)
        except Exception:  # pragma: no cover - every game of ours writes its state
            return Job(players=t.record.players, game_seed=t.record.seed, options=dict(t.record.options),
                       actions=list(t.record.actions), **common)

    def _paced(self, t: Table, mover: int, last: Optional[tuple]) -> bool:
        """Whether a bot's decision waits for ``bot_delay``: the first of a bot's turn (another
        seat decided last, or it opens a turn: the game's ``turn_kinds``), so that people can
        follow turn by turn. For a game that names its turn-opening decisions, the rest of
        that turn goes at the bot's own speed (a Moon turn is some ten decisions: placing dice
        one by one, picking results); other games are paced at every decision."""
        if last is None or last[0] != mover:
            return True
        kinds = t.game.turn_kinds
        if not kinds:
            return True
        kind = t.state.decision_kind()
        return kind in kinds and last[1] not in kinds

    async def _bot_loop(self, t: Table) -> None:
        try:
            await self._bot_turns(t)
        finally:
            self.pool.unhold(t.id)  # nothing more for this game's bots to decide now

    async def _bot_turns(self, t: Table) -> None:
        loop = asyncio.get_running_loop()
        failures = 0
        last: Optional[tuple] = None    # the seat and kind of this loop's previous bot decision
        while not self.closing and t.row.status == "running":
            mover = t.state.to_move()
            if mover is None or t.bot_spec(mover) is None:
                return
            paced = self._paced(t, mover, last)
            last = (mover, t.state.decision_kind())
            version = t.version
            idx = len(t.record.actions)
            seed = decision_seed(t.row.seed, mover, idx)
            legal = t.state.legal_actions()
            job = self._job(t, mover, seed)
            started = loop.time()
            note = None
            try:
                action = await self.pool.decide(job, key=t.id, keep=True)
                if action not in legal:
                    raise BotFailure(f"it chose {action}, which is not a legal option now")
            except BotFailure as exc:
                if self.closing:
                    return
                if t.version != version:
                    continue  # the table changed meanwhile: nothing to replace, look again
                why = {BotTimeout: "took too long", BotCrashed: "crashed"}.get(type(exc), "failed")
                log.warning("bot %r of seat %s in game %s %s: %s", job.spec, mover, t.id, why, exc)
                action = Rng(seed).choice(legal)
                note = (f"The bot of {t.seat_name(mover)} {why} ({exc}); "
                        f"a random legal move was played for it instead.")
            if t.version != version or t.bot_spec(mover) is None:
                log.info("game %s changed while its bot thought: the bot's move is dropped", t.id)
                continue
            rest = (self.bot_delay if paced else 0.0) - (loop.time() - started)
            if rest > 0:
                await asyncio.sleep(rest)
            try:
                await self.act(t, mover, action, version, note=note, as_bot=True)
                failures = 0
            except (Stale, Forbidden, Conflict):
                continue  # the table changed meanwhile (an undo): look again
            except IllegalActionError:
                continue
            except StorageError as exc:
                if exc.final:  # nothing more can be stored: the players were told; no retrying
                    log.error("game %s: its bots stop until the server is restarted (%s)", t.id, exc)
                    return
                failures += 1
                log.error("could not store a bot move in %s: %s", t.id, exc)
                await self.notify(t, "The database refused a bot's move; retrying. No accepted move is lost.",
                                  "error")
                await asyncio.sleep(min(5.0, 0.5 * failures))
            except Exception:
                log.exception("bot loop of %s", t.id)
                await asyncio.sleep(1.0)

    async def close(self) -> None:
        """Stop the bots: cancel their loops and stop every worker process."""
        self.closing = True
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task is not None and not t.bot_task.done()]
        if self.steps_task is not None and not self.steps_task.done():
            tasks.append(self.steps_task)
        if self.clock_task is not None:
            tasks.append(self.clock_task)
            try:  # a clean stop counts as up until now
                await self.store.submit_mark("alive", time.time(), loop=asyncio.get_running_loop())
            except StorageError:
                pass
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.to_thread(self.pool.close)


def new_seed() -> int:
    """A fresh game seed: 64 random bits from the OS (as a signed 64-bit number, what a
    database's BIGINT holds), so the seed cannot be found by trying seeds against the public
    setup.

    >>> -2 ** 63 <= new_seed() < 2 ** 63
    True
    """
    return secrets.randbits(64) - 2 ** 63


@dataclass(frozen=True)
class BotCaps:
    """What a client may ask of a bot at this server: search iterations and seconds per
    decision, determinizations, rollouts per leaf, and bot seats per game (None: no cap).

    >>> BotCaps(iters=500).check("ismcts:iters=1000", type("B", (), {"iters": 1000})())
    Traceback (most recent call last):
    ...
    cosmodrome.core.errors.OptionError: bot 'ismcts:iters=1000' asks for 1000 search iterations a decision; this server allows at most 500 search iterations
    """

    iters: Optional[int] = 2000
    seconds: Optional[float] = 10.0
    dets: Optional[int] = 256
    rollouts: Optional[int] = 16
    seats: Optional[int] = 4

    def check(self, spec: str, bot: Any) -> None:
        for attr, cap, what in (("iters", self.iters, "search iterations"), ("seconds", self.seconds, "seconds"),
                                ("dets", self.dets, "determinizations"), ("rollouts", self.rollouts, "rollouts")):
            v = getattr(bot, attr, None)
            if cap is not None and isinstance(v, (int, float)) and not isinstance(v, bool) and v > cap:
                raise OptionError(f"bot {spec!r} asks for {v:g} {what} a decision; this server allows at most "
                                  f"{cap:g} {what}")


def decision_seed(game_seed: int, seat: int, index: int) -> int:
    """The seed of the bot deciding action number ``index`` for ``seat``: fixed by the game's
    seed and the position, so a resumed or replayed game gets the same bot moves (for bots
    with a budget in iterations) whichever worker serves them. It is a one-way 64-bit mix
    (SplitMix64) of the game's seed, so a bot's moves, which every player watches, give away
    nothing usable about the seed of a running game.

    >>> decision_seed(7, 1, 0) == decision_seed(7, 1, 0) != decision_seed(7, 1, 2)
    True
    >>> 0 <= decision_seed(-2 ** 63, 4, 10 ** 6) < 2 ** 63
    True
    """
    position = Rng(seat * 1_000_003 + index).next64()
    return Rng(game_seed ^ position).next64() >> 1
