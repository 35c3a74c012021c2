"""Creating games and their rematches (see :class:`~cosmodrome.server.tables.Hall`)."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any, Optional

from cosmodrome import i18n
from cosmodrome.core import Game, GameRecord, OptionError, get_game
from cosmodrome.i18n import _
from cosmodrome.server import clocks
from cosmodrome.server.chat import chat_mode
from cosmodrome.server.hall_bots import new_seed
from cosmodrome.server.hall_cluster import forwarded
from cosmodrome.server.seatbots import bot_levels, seat_bot
from cosmodrome.server.seats import Seat, open_flags, with_address
from cosmodrome.server.steps import replay_steps
from cosmodrome.server.storage import ActionRow, GameRow, StorageError
from cosmodrome.server.table import Conflict, Forbidden, Table, _movers, new_id

log = logging.getLogger("cosmodrome.server")


class Making:
    """The :class:`~cosmodrome.server.tables.Hall`'s part for this concern (a mixin: the
    hall's state is set up in its ``__init__``)."""

    def _seats(self, game: Game, players: int, seats: Any, seed: int, running: bool = True,
               public: bool = False) -> tuple[list[Seat], Optional[int]]:
        """The seats of a new game, and the creator's seat (see :func:`~cosmodrome.server.seats.open_flags`):
        a person's seat gets its token now, except an open seat, whose token is made for the
        stranger who takes it."""
        if seats is None:
            seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
        if not isinstance(seats, list) or len(seats) != players:
            raise OptionError(_("give one seat per player: {players} seats, each human or bot").format(players=players))
        for i, s in enumerate(seats):
            if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
                raise OptionError(_("seat {seat} must be {{'kind': 'human'}} or "
                                    "{{'kind': 'bot', 'bot': level}}").format(seat=i))
        flags, creator = open_flags(seats, public)
        out = []
        for s, is_open in zip(seats, flags):
            if s["kind"] == "human":
                out.append(Seat("human", token=None if is_open else secrets.token_urlsafe(16), open=is_open))
            else:
                spec = s.get("bot") or "random"
                bot = seat_bot(spec, game, seed)  # raises OptionError for an unknown level
                self.bot_caps.check(spec, bot)
                out.append(Seat("bot", bot=spec, claimed=True))
        bots = sum(s.kind == "bot" for s in out)
        cap = self.bot_caps.seats
        if running and cap is not None and bots > cap:
            raise OptionError(_("this game has {bots} bot seats; this server allows at most {cap} bots a game").format(
                bots=bots, cap=cap))
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
            raise OptionError(_("options must be an object of option names and values"))
        own = [o.name for o in game.options if o.kind == "path" and isinstance((options or {}).get(o.name), dict)]
        if rated and own:  # its content is shown to nobody, and made by the creator
            raise OptionError(_("a rated game cannot use a player's own variant (option {own!r}): choose the "
                                "packaged data or a variant this server offers, or make the game "
                                "unrated").format(own=own[0]))
        options = self.variants.resolve(game.name, options, [(o.name, o.kind) for o in game.options])
        opts = game.resolve_options(options)
        chosen = seed is not None
        if chosen and rated:
            raise OptionError(_("a rated game cannot take a chosen seed: whoever chose it could know every hand. "
                                "Leave the seed out, or make the game unrated"))
        if seed is None:  # 64 bits from the OS's random source: too many to search from the setup
            seed = new_seed()
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError(_("the seed must be a whole number, not {seed!r}").format(seed=seed))
        if not -2 ** 63 <= seed < 2 ** 63:  # what a database's BIGINT column holds
            raise OptionError(_("the seed must fit in 64 bits (from -2**63 to 2**63-1), not {seed}").format(seed=seed))
        seat_rows, creator = self._seats(game, players, seats, seed, running=status == "running", public=public)
        if rated:   # a bot's rating is its level's: one leaderboard row a level, not one a spelling
            levels = bot_levels(game)
            for row in seat_rows:
                if row.kind == "bot" and row.bot not in levels:
                    raise OptionError(_("a rated game's bots are the levels the lobby offers ({levels}), not "
                                        "{spec!r}: choose one of them, or make the game unrated").format(
                        levels=", ".join(levels), spec=row.bot))
        meta = dict(meta or {}, chat=chat_mode(chat))
        if chosen:  # told to everyone who looks at or joins the game (never the seed itself)
            meta["seed_chosen"] = True
        if rated:
            meta["rated"] = True
        if creator is not None:
            if owner is not None:
                seat_rows[creator] = seat_rows[creator].but(account=owner.id, player=owner.name, display=owner.name)
            meta = with_address(meta, creator, address) or meta
        timer = clocks.new_clock(clock, players, self.clock_scale)
        if timer is not None and status == "running":
            meta["clock"] = timer  # it starts once every person's seat is taken (see use)
        record = GameRecord(game=game.name, players=players, seed=seed, options=opts, actions=list(actions or []))
        state, events, snaps = await asyncio.to_thread(i18n.in_source, replay_steps, record, game.rules_version)
        movers = await asyncio.to_thread(_movers, record)
        if state.is_terminal() and status == "running":
            status = "finished"
        row = GameRow(id=new_id(), game=game.name, players=players, seed=seed, options=opts, seats=seat_rows,
                      status=status, revision=len(record.actions), public=bool(public), meta=meta,
                      created=time.time(), rules_version=game.rules_version)
        now = time.time()
        acts = [ActionRow(i, a, movers[i], now) for i, a in enumerate(record.actions)]
        await asyncio.to_thread(self.store.create_game, row, acts, snaps)
        t = i18n.in_source(Table, row=row, game=game, record=record, state=state, events=events, movers=movers,
                           notes=[None] * len(record.actions))  # its set-up events are every reader's
        record.meta = {"id": row.id}
        self.tables[row.id] = t
        if self.cluster is not None:  # its creator's process owns it (else the next look for orphans takes it)
            try:
                await asyncio.to_thread(self.cluster.acquire, row.id)
            except StorageError as exc:
                log.error("game %s: could not take its lease: %s", row.id, exc)
        self.wake_bots(t)
        return t

    @forwarded("rematch")
    async def rematch(self, t: Table, seat: Optional[int]) -> Table:
        """A new game with the same seats (people and bot levels, display names) and settings,
        and a new seed, started by a seat of the finished game ``t``; a second request gets the
        same rematch. Each person's seat of the rematch is kept for the holder of that seat in
        ``t`` (never open to strangers): its token goes to that holder only, in the answer to
        their own request or, on each socket still connected to ``t``, in a message (a
        spectator: none), so everyone can follow with one click (the sockets of ``t`` at other
        processes too: they read the rematch's id from ``t``'s stored meta, see
        :meth:`~cosmodrome.server.hall_cluster.Clustering.pull`). A seat of ``t`` nobody ever
        took stays open in a public rematch."""
        if seat is None:
            raise Forbidden(_("a spectator cannot start a rematch: a seat's link can"))
        if t.row.status != "finished":
            raise Conflict(_("a rematch starts once the game is over"))
        async with t.lock:
            nxt = None
            if t.rematch is not None:
                nxt = await self.table(t.rematch)
            else:
                seats = [{"kind": "bot", "bot": s.bot} if s.kind == "bot"
                         else {"kind": "human", "open": bool(t.row.public and not s.token)}
                         for s in t.row.seats]
                spec = (t.clock or {}).get("spec")
                nxt = await self.create(t.row.game, t.row.players, dict(t.row.options), None, seats,
                                        public=t.row.public, chat=t.row.meta.get("chat"),
                                        rated=bool(t.row.meta.get("rated")), clock=dict(spec) if spec else None)
                keep = ("display", "account", "player")
                if any(getattr(s, k) for s in t.row.seats for k in keep):
                    rows = [s.but(**{k: getattr(old, k) for k in keep if getattr(old, k)})
                            for s, old in zip(nxt.row.seats, t.row.seats)]
                    await asyncio.to_thread(self.store.set_seats, nxt.id, rows)
                    nxt.row.seats = rows
                # its commit tells every process holding t (which reads the id in t's meta)
                await self.store.submit_meta(t.id, {"rematch": nxt.id}, loop=asyncio.get_running_loop())
                t.row.meta = dict(t.row.meta, rematch=nxt.id)
        self.offer_rematch(t, nxt)
        return nxt

    def offer_rematch(self, t: Table, nxt: Table) -> None:
        """Tell each socket of ``t`` here of its rematch ``nxt``, with its own seat's token
        there (a spectator: none)."""
        for conn in list(t.conns):
            s = None if conn.seat is None else nxt.row.seats[conn.seat]
            self._post(conn, {"type": "rematch", "game_id": nxt.id, "seat": conn.seat,
                              "token": s.token if s else None})
