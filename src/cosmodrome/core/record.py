"""Game records: game, player count, options, seed and the actions taken. A record replays to
the identical state, because all randomness comes from the seed.

>>> rec = GameRecord(game="venus", players=3, seed=5)          # doctest: +SKIP
>>> state = rec.replay()                                       # doctest: +SKIP
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Sequence

from cosmodrome.core.chance import MODES
from cosmodrome.core.errors import CosmodromeError, IllegalActionError, RecordError
from cosmodrome.core.events import Event
from cosmodrome.core.game import State
from cosmodrome.core.registry import get_game
from cosmodrome.i18n import _, json_reason, os_reason

FORMAT = "cosmodrome-record"
VERSION = 1


def undo_start(movers: Sequence[int], chanced: Callable[[int], bool], seat: int) -> Optional[int]:
    """How many of a game's decisions stay when ``seat`` takes back what it may, or None
    when it may take back nothing. ``movers[k]`` is the seat that took decision ``k`` and
    ``chanced(k)`` says whether it drew on chance or revealed something (asked only of the
    decisions walked back over). Walking back from the
    last decision, a seat takes back its own decisions up to one that drew on chance or to
    another seat's decision (the rule of the browser table and the terminal alike).

    >>> undo_start([0, 1, 1, 1], [False, False, True, False].__getitem__, 1)
    3
    >>> undo_start([0, 1], [False, False].__getitem__, 0) is None
    True
    """
    k = len(movers)
    while k > 0 and movers[k - 1] == seat and not chanced(k - 1):
        k -= 1
    return k if k < len(movers) else None


@dataclass
class GameRecord:
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[int] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    #: the chance mode (``"explicit"``: the actions include the chance outcomes; see
    #: :mod:`cosmodrome.core.chance`); written to the file only when explicit
    chance: str = "sampled"
    #: the version of the game's rules the actions were taken under (``Game.rules_version``),
    #: when the record's writer said it (the server and ``cosmodrome play --save`` do); a
    #: record of other rules may replay differently, or not at all
    rules_version: Optional[int] = None

    # ----- building --------------------------------------------------------------------
    @classmethod
    def start(cls, game: str, players: int, seed: int, options: Optional[Mapping[str, Any]] = None,
              chance: str = "sampled", **meta: Any) -> tuple["GameRecord", State]:
        """A new record and the fresh state it describes."""
        g = get_game(game)
        state = g.new_state(players, seed, options, chance=chance)
        rec = cls(game=g.name, players=players, seed=seed, options=g.resolve_options(options), meta=dict(meta),
                  chance=chance)
        return rec, state

    def new_state(self) -> State:
        try:
            return get_game(self.game).new_state(self.players, self.seed, self.options, chance=self.chance)
        except CosmodromeError as exc:
            raise RecordError(_("record cannot start its game: {reason}").format(reason=exc)) from None

    def replay(self, upto: Optional[int] = None, events: Optional[list[Event]] = None) -> State:
        """The state after the first ``upto`` actions (all when None). Events are appended to
        ``events`` if a list is given. An action that is illegal on replay raises
        :class:`RecordError` naming its position."""
        state = self.new_state()
        if events is not None:
            events.extend(state.initial_events)
        acts = self.actions if upto is None else self.actions[:upto]
        for i, a in enumerate(acts):
            try:
                ev = state.apply(a)
            except IllegalActionError as exc:
                raise RecordError(_("record action #{n} ({a}) is illegal on replay: {exc}").format(
                    n=i + 1, a=a, exc=exc)) from None
            if events is not None:
                events.extend(ev)
        return state

    # ----- files -----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        d = {"format": FORMAT, "version": VERSION, "game": self.game, "players": self.players,
             "seed": self.seed, "options": self.options, "actions": list(self.actions), "meta": self.meta}
        if self.chance != "sampled":
            d["chance"] = self.chance
        if self.rules_version is not None:
            d["rules_version"] = self.rules_version
        return d

    @classmethod
    def from_json(cls, data: Any) -> "GameRecord":
        if not isinstance(data, Mapping):
            raise RecordError(_("a game record must be a JSON object"))
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(_("not a Cosmodrome game record (format {format!r})").format(format=data.get("format")))
        missing = [k for k in ("game", "players", "seed") if k not in data]
        if missing:
            raise RecordError(_("the game record lacks {keys}").format(keys=", ".join(missing)))
        game, players, seed = data["game"], data["players"], data["seed"]
        if not isinstance(game, str):
            raise RecordError(_("the record's 'game' must be a game name"))
        for key, val in (("players", players), ("seed", seed)):
            if isinstance(val, bool) or not isinstance(val, int):
                raise RecordError(_("the record's {key!r} must be a whole number, not {value!r}").format(
                    key=key, value=val))
        options = data.get("options", {}) or {}
        if not isinstance(options, Mapping):
            raise RecordError(_("the record's 'options' must be an object"))
        actions = data.get("actions", [])
        if not isinstance(actions, list) or any(isinstance(a, bool) or not isinstance(a, int) for a in actions):
            raise RecordError(_("the record's 'actions' must be a list of whole numbers"))
        meta = data.get("meta", {}) or {}
        if not isinstance(meta, Mapping):
            raise RecordError(_("the record's 'meta' must be an object"))
        chance = data.get("chance", "sampled")
        if chance not in MODES:
            raise RecordError(_("the record's 'chance' must be one of {modes}, not {chance!r}").format(
                modes=", ".join(MODES), chance=chance))
        rules = data.get("rules_version")
        if rules is not None and (isinstance(rules, bool) or not isinstance(rules, int)):
            raise RecordError(_("the record's 'rules_version' must be a whole number, not {rules!r}").format(
                rules=rules))
        return cls(game=game, players=players, seed=seed, options=dict(options), actions=list(actions), meta=dict(meta),
                   chance=chance, rules_version=rules)

    def rules_warning(self) -> Optional[str]:
        """A sentence when the record names a rules version other than the installed game's
        (its replay may differ from the game played), else None."""
        if self.rules_version is None:
            return None
        try:
            now = get_game(self.game).rules_version
        except CosmodromeError:
            return None
        if self.rules_version == now:
            return None
        return _("this record was played under version {then} of the rules of {game}; this Cosmodrome plays "
                 "version {now}, so its replay may differ from the game played or stop early").format(
                     then=self.rules_version, game=self.game, now=now)

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def loads(cls, text: str) -> "GameRecord":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(_("the game record is not valid JSON: {error}").format(error=json_reason(exc))) from None
        return cls.from_json(data)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> "GameRecord":
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(_("cannot read the game record {path}: {reason}").format(
                path=p, reason=os_reason(exc))) from None
        except UnicodeDecodeError:
            raise RecordError(_("the game record {path} is not UTF-8 text").format(path=p)) from None
        return cls.loads(text)
