"""One live table: a game the server is running, its seats, log, chat and connected sockets
(:class:`Table`), and the errors of the table API. The :class:`~cosmodrome.server.tables.Hall`
owns every table."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Optional

from cosmodrome import i18n
from cosmodrome.core import CosmodromeError, Event, Game, GameRecord, State, undo_start
from cosmodrome.core.statistics import public
from cosmodrome.i18n import _
from cosmodrome.server import clocks, lines
from cosmodrome.server.seats import joinable, public_meta
from cosmodrome.server.security import BadRequest
from cosmodrome.server.steps import replay_steps, state_of, step_label
from cosmodrome.server.storage import GameRow, MessageRow
from cosmodrome.server.updates import Feed, built_from

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
        raise BadRequest(_("'name' must be text, not {type}").format(type=type(raw).__name__))
    if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in raw):
        raise BadRequest(_("a name may not hold control characters"))
    if any(unicodedata.category(c) == "Cf" for c in raw):
        raise BadRequest(_("a name may not hold invisible format characters (such as a right-to-left override or a "
                           "zero-width space)"))
    name = " ".join(raw.split())
    if not 1 <= len(name) <= NAME_MAX:
        raise BadRequest(_("a name has 1 to {most} characters, not {n}").format(most=NAME_MAX, n=len(name)))
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
    #: the language its table messages are written in (server/languages.py)
    lang: str = field(default_factory=i18n.current)


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
    #: the game's chat and the server's lines in its log (clocks), oldest first
    messages: list = field(default_factory=list)

    #: the seat-independent parts of the latest table message (see :meth:`_shared`)
    _memo: dict = field(default_factory=dict, repr=False)
    #: the views of the current position in one language: its seat-independent part and each
    #: seat's (see :meth:`view`)
    _views: dict = field(default_factory=dict, repr=False)
    #: the indexes of the actions whose events carry dice (``data["dice"]``), oldest first
    dice_at: list[int] = field(default_factory=list)
    #: how many first actions no longer replay under the game's rules (a rules change): their
    #: steps are the snapshots ``early`` (0..base), and play goes on from ``base_state``
    base: int = 0
    base_state: Optional[State] = None
    early: list = field(default_factory=list)
    #: when the hall last handed this table to a request (monotonic seconds; see
    #: :meth:`~cosmodrome.server.hall_cluster.Clustering.evict_copies`)
    used: float = field(default_factory=time.monotonic)
    #: (version, rows) of the end-of-game statistics last worked out (see :meth:`statistics`)
    _stats: Optional[tuple] = field(default=None, repr=False)
    #: each seat's name in every language (see :meth:`seat_words`)
    _seat_forms: Optional[list] = field(default=None, repr=False)
    #: per language read: every seat's name and :meth:`seat_words` (see :meth:`seat_names`)
    _names: dict = field(default_factory=dict, repr=False)

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

    @property
    def rematch(self) -> Optional[str]:
        """The id of this game's rematch once one was started (one per game: stored in its
        ``meta``, so every process and a restarted server know it)."""
        return self.row.meta.get("rematch")

    # ----- reading ------------------------------------------------------------------
    def seat_name(self, seat: Optional[int]) -> str:
        if seat is None:
            return i18n._("Spectator")
        names = self.seat_names()
        return names[seat] if 0 <= seat < len(names) else self.game.seat_name(seat, self.row.players)

    def seat_names(self) -> tuple[str, ...]:
        """Every seat's name in the current language, worked out once per table and language
        (the table's messages name the seats again for every socket and log line). A seat's
        name is the game's (``Game.seat_name``: the seat and the number of players only), never
        its person's (``display``): taking, naming, leaving a seat to a bot or to a stand-in
        changes none of them, so nothing has to be forgotten."""
        return self._named()[0]

    def _named(self) -> tuple[tuple[str, ...], list[tuple[frozenset[str], str]]]:
        """(:meth:`seat_names`, :meth:`seat_words`) in the current language, kept per language."""
        lang, players = i18n.current(), self.row.players
        got = self._names.get(lang)
        if got is None or len(got[0]) != players:
            names = tuple(self.game.seat_name(i, players) for i in range(players))
            got = self._names[lang] = (names, [(forms, lines.default_seat(names[i]))
                                               for i, forms in enumerate(self._seat_word_forms())])
        return got

    def bot_spec(self, seat: int) -> Optional[str]:
        """The bot that decides for ``seat``: a bot's seat, or a person's seat whose clock ran
        out while a bot stands in; None when a person decides."""
        s = self.row.seats[seat]
        if s.kind == "bot":
            return s.bot or "random"
        return s.stand_in

    @property
    def clock(self) -> Optional[dict[str, Any]]:
        return self.row.meta.get("clock")

    def clocked(self) -> list[int]:
        """The seats whose clock may run: people deciding for themselves."""
        return [i for i in range(self.row.players) if self.bot_spec(i) is None]

    def person(self, seat: Optional[int]) -> str:
        """How a seat is named in chat and server lines: its person's name with the seat's
        (in the current language; stored in English, and read anew by :meth:`seat_words`)."""
        if seat is None:
            return self.seat_name(None)
        d = self.row.seats[seat].display
        return f"{d} ({self.seat_name(seat)})" if d else self.seat_name(seat)

    def seat_words(self) -> list[tuple[frozenset[str], str]]:
        """Each seat's name as a stored chat or server line may write it (in any language we
        speak: lines of older servers were stored in their writer's) with its name in the
        current language (:func:`cosmodrome.server.lines.seat_word` reads them)."""
        return self._named()[1]

    def _seat_word_forms(self) -> list[frozenset[str]]:
        """Each seat's names in every language we speak (worked out once per table)."""
        if self._seat_forms is None:
            forms = []
            for i in range(self.row.players):
                names = set()
                for lang in i18n.available():
                    with i18n.using(lang):
                        names.add(lines.default_seat(self.game.seat_name(i, self.row.players)))
                names.add(self.game.seat_name(i, self.row.players))
                forms.append(frozenset(names))
            self._seat_forms = forms
        return self._seat_forms

    def chat_name(self, m: MessageRow) -> str:
        """The writer of chat line ``m`` as the current reader reads it: a spectator, a seat's
        name, a person's name with their seat's, in the reader's language (a name of no seat of
        ours as it was stored)."""
        if m.seat is None:
            return self.seat_name(None)
        return lines.seat_word(m.name, self.seat_words()) or m.name

    def chat_lines(self, upto: Optional[int] = None) -> list[dict[str, Any]]:
        """The chat (said before action number ``upto`` when given: a replay's step), its
        writers named in the current language."""
        return [chat_json(m, self) for m in self.messages if m.kind == "chat" and (upto is None or m.at <= upto)]

    def seat_for_token(self, token: Optional[str]) -> Optional[int]:
        """The seat of ``token``; None for no token (a spectator); Forbidden for a bad one."""
        if token is None or token == "":
            return None
        for i, s in enumerate(self.row.seats):
            if s.token and secrets.compare_digest(str(s.token), str(token)):
                return i
        raise Forbidden(_("this link's seat token is not valid for this game"))

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
        end = len(self.events) if stop is None else stop
        server = [m for m in self.messages if m.kind == "server" and start <= m.at <= end]
        words = self.seat_words() if server or any(self.notes[start:end]) else ()
        for i in range(start, end + 1):
            for m in server:
                # a server line said before action i (sent with the whole log when it was said)
                if m.at == i and (i > start or whole) and (i < end or stop is None):
                    out.append({"i": i - 1, "kind": "server", "text": lines.read(m.text, words), "data": {},
                                "chance": False})
            if i == end:
                break
            note = self.notes[i]
            if note:
                out.append({"i": i, "kind": "server", "text": lines.read(note, words), "data": {}, "chance": False})
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
        if self._stats is None or self._stats[0] != (self.version, i18n.current()):
            events = public(self.setup + [e for evs in self.events for e in evs])
            try:
                rows = self.game.statistics(self.state, events)
            except Exception:  # the statistics are an extra: never let them stop the result
                log.exception("the statistics of game %s failed", self.id)
                rows = []
            self._stats = ((self.version, i18n.current()), rows)
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
        # (a seat is a frozen record: any change of one is a new object)
        key = (self.version, i18n.current(), self.row.status, tuple(self.row.seats))
        memo = self._memo.get(key[1], {})  # one per language read
        if memo.get("key") != key:
            st = self.state
            mover = st.to_move()
            decision = waiting = None
            if mover is not None and self.row.status == "running":
                # a person's decision is in their view (built for their socket anyway), often
                # with its options: those are then read there rather than built again
                d = (st.decision_in_view(self.view(mover)) if self.bot_spec(mover) is None else None) \
                    or st.decision()
                # what the others learn: only what the rules make public (Game.public_decision)
                public = self.game.public_decision(st, d)
                waiting = {"seat": mover, "seat_name": self.seat_name(mover), "kind": public["kind"],
                           "prompt": public["prompt"], "bot": self.bot_spec(mover) is not None,
                           "hint": public["hint"]}
                if self.bot_spec(mover) is None:
                    # first-game help: what the decision means, what options do (the mover's own)
                    decision = dict(d.to_json(), hint=self.game.hint(d))
            # the seats as the last version had them, while they are the same (the same object:
            # a socket's update compares it by identity)
            seats_of = (tuple(self.row.seats), self.row.status, self.row.public)
            seats = memo["seats"] if memo.get("seats_of") == seats_of else self.seats_public()
            memo = self._memo[key[1]] = {"key": key, "mover": mover, "decision": decision, "waiting": waiting,
                                         "seats": seats, "seats_of": seats_of, "result": self.result()}
        return memo

    def decision_for(self, seat: Optional[int], shared: Optional[dict[str, Any]] = None,
                     ) -> tuple[Optional[dict[str, Any]], Optional[dict[str, Any]]]:
        """(the full decision if ``seat`` is to move, else None; who decides what, for all)."""
        shared = shared or self._shared()
        mine = shared["decision"] if seat is not None and seat == shared["mover"] else None
        return mine, shared["waiting"]

    def view(self, seat: Optional[int]) -> dict[str, Any]:
        """``state.view(seat)`` of the current position in the reader's language, read-only:
        its seat-independent part is worked out once for every seat (``State.view_common``),
        each seat's view once."""
        st, lang = self.state, i18n.current()
        memo = self._views
        if memo.get("state") is not st or memo.get("lang") != lang:
            memo = self._views = {"state": st, "lang": lang, "common": st.view_common()}
        v = memo.get(("seat", seat))
        if v is None:
            common = memo["common"]
            v = memo[("seat", seat)] = st.view_for(seat, common)
            if type(common) is dict and type(v) is dict:  # its diffs read the common part's (updates.py)
                built_from(v, common)
        return v

    def seats_public(self) -> list[dict[str, Any]]:
        return [{"seat": i, "name": self.seat_name(i), "kind": s.kind, "bot": s.bot,
                 "claimed": s.claimed, "open": joinable(s, self.row.public, self.row.status),
                 "display": s.display, "stand_in": s.stand_in, "player": s.player}
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
        msg = {"type": "table", "game_id": self.id, "game": self.row.game, "title": i18n.gettext(self.game.title),
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
            text = changes[-1].get("text")
            return lines.read(text) if isinstance(text, str) else text
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
        return {"id": self.id, "game": self.row.game, "title": i18n.gettext(self.game.title),
                "players": self.row.players, "options": options_summary(self.row.options),
                "status": self.row.status, "version": self.version,
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


def chat_json(m: MessageRow, t: Optional[Table] = None) -> dict[str, Any]:
    """A chat line as clients get it (its text is text: pages never read it as markup); its
    writer named for the current reader when the line's table ``t`` is given."""
    name = t.chat_name(m) if t is not None else m.name
    return {"i": m.idx, "at": m.at, "seat": m.seat, "name": name, "text": m.text, "time": m.time}


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
