"""Bots at live tables: their loop, pacing and the jobs sent to the worker processes
(docs/SERVER.md, "Bots")."""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass
from typing import Any, Optional

from cosmodrome import i18n
from cosmodrome.core import IllegalActionError, OptionError, Rng
from cosmodrome.i18n import N_, _
from cosmodrome.server import lines
from cosmodrome.server.botpool import NO_PROCESS, BotCrashed, BotFailure, BotTimeout, Job
from cosmodrome.server.storage import StorageError
from cosmodrome.server.table import Conflict, Forbidden, Stale, Table

log = logging.getLogger("cosmodrome.server")


class Botting:
    """The :class:`~cosmodrome.server.tables.Hall`'s part for this concern (a mixin: the
    hall's state is set up in its ``__init__``)."""

    def wake_bots(self, t: Table) -> None:
        if self.closing or t.row.status != "running" or not self.owns(t):  # bots run at the game's owner
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

    def _failure_note(self, t: Table, seat: int, exc: BotFailure) -> str:
        """The note stored with the random move played for a bot that failed: an English
        template of :mod:`~cosmodrome.server.lines`, read in each reader's language."""
        who = i18n.in_source(t.seat_name, seat)
        if isinstance(exc, BotTimeout):
            return lines.write(lines.BOT_TOO_LONG, seat=who, limit=f"{self.pool.time_limit:g}")
        if isinstance(exc, BotCrashed):
            return lines.write(lines.BOT_NO_PROCESS if str(exc) == NO_PROCESS else lines.BOT_PROCESS_DIED, seat=who)
        if isinstance(exc, IllegalChoice):
            return lines.write(lines.BOT_ILLEGAL, seat=who, action=exc.action)
        return lines.write(lines.BOT_FAILED, seat=who, error=exc)  # the bot's own words (its error)

    async def _bot_loop(self, t: Table) -> None:
        try:
            await self._bot_turns(t)
        finally:
            self.pool.unhold(t.id)  # nothing more for this game's bots to decide now

    async def _bot_turns(self, t: Table) -> None:
        loop = asyncio.get_running_loop()
        failures = 0
        last: Optional[tuple] = None    # the seat and kind of this loop's previous bot decision
        while not self.closing and t.row.status == "running" and self.owns(t):
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
                    raise IllegalChoice(action)
            except BotFailure as exc:
                if self.closing:
                    return
                if t.version != version:
                    continue  # the table changed meanwhile: nothing to replace, look again
                why = {BotTimeout: "took too long", BotCrashed: "crashed"}.get(type(exc), "failed")
                log.warning("bot %r of seat %s in game %s %s: %s", job.spec, mover, t.id, why, exc)
                action = Rng(seed).choice(legal)
                note = self._failure_note(t, mover, exc)
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
                await self.notify(t, i18n.later(lambda: _(
                    "The database refused a bot's move; retrying. No accepted move is lost.")), "error")
                await asyncio.sleep(min(5.0, 0.5 * failures))
            except Exception:
                log.exception("bot loop of %s", t.id)
                await asyncio.sleep(1.0)


class IllegalChoice(BotFailure):
    """The bot answered an action that is not among the legal options."""

    def __init__(self, action: Any) -> None:
        super().__init__(f"it chose {action}, which is not a legal option now")
        self.action = action


def new_seed() -> int:
    """A fresh game seed: 64 random bits from the OS (as a signed 64-bit number, what a
    database's BIGINT holds), so the seed cannot be found by trying seeds against the public
    setup.

    >>> -2 ** 63 <= new_seed() < 2 ** 63
    True
    """
    return secrets.randbits(64) - 2 ** 63


#: the most playouts ``floor=`` may ask of each root option of an ``ismcts`` bot: past its
#: budget the search goes on until every option has that many, so the work is the floor times
#: the options (the move advisor asks for 8)
MAX_FLOOR = 16
#: the longest rollout ``depth=`` may ask for, in decisions (the default is 200 at most)
MAX_DEPTH = 1000
#: the most of its own turns ``turns=`` may have an ``ismcts`` bot look ahead (default 1)
MAX_TURNS = 8


@dataclass(frozen=True)
class BotCaps:
    """What a client may ask of a bot at this server: search iterations and seconds per
    decision, determinizations, rollouts per leaf, and bot seats per game (None: no cap);
    and of the parameters that multiply a search's work beyond its budget, ``floor``
    (playouts of each option after the budget), ``depth`` (a rollout's decisions) and
    ``turns`` (turns looked ahead).

    >>> BotCaps(iters=500).check("ismcts:iters=1000", type("B", (), {"iters": 1000})())
    ...  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    cosmodrome.core.errors.OptionError: bot 'ismcts:iters=1000' asks for 1000 search iterations a decision;
    this server allows at most 500 search iterations
    >>> BotCaps().check("ismcts:iters=1,floor=1000000000", type("B", (), {"floor": 10 ** 9})())
    ...  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    cosmodrome.core.errors.OptionError: bot 'ismcts:iters=1,floor=1000000000': floor=1000000000 asks for
    1000000000 playouts of each option; this server allows at most floor=16
    """

    iters: Optional[int] = 2000
    seconds: Optional[float] = 10.0
    dets: Optional[int] = 256
    rollouts: Optional[int] = 16
    seats: Optional[int] = 4
    floor: Optional[int] = MAX_FLOOR
    depth: Optional[int] = MAX_DEPTH
    turns: Optional[int] = MAX_TURNS

    def check(self, spec: str, bot: Any) -> None:
        for attr, cap, what in (("iters", self.iters, N_("search iterations")),
                                ("seconds", self.seconds, N_("seconds")),
                                ("dets", self.dets, N_("determinizations")),
                                ("rollouts", self.rollouts, N_("rollouts"))):
            v = getattr(bot, attr, None)
            if cap is not None and _number(v) and v > cap:
                raise OptionError(_("bot {spec!r} asks for {v:g} {what} a decision; this server allows at most "
                                    "{cap:g} {what}").format(spec=spec, v=v, what=_(what), cap=cap))
        for attr, cap, what in (("floor", self.floor, N_("playouts of each option")),
                                ("depth", self.depth, N_("decisions a rollout")),
                                ("turns", self.turns, N_("turns looked ahead"))):
            v = getattr(bot, attr, None)
            if cap is not None and _number(v) and v > cap:
                raise OptionError(_("bot {spec!r}: {param}={v} asks for {v} {what}; this server allows at most "
                                    "{param}={cap}").format(spec=spec, param=attr, v=v, what=_(what), cap=cap))


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


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
