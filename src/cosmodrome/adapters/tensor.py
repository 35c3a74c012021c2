"""A fixed-size numeric vector from a seat's view: the observation tensor of the adapters.

Cosmodrome games describe what a seat may see as a JSON view (``state.view(seat)``). Research
APIs want a fixed-size vector instead. A game that declares its observation
(``Game.observation_layout``, a :class:`cosmodrome.core.observation.Layout` built from its
component data: lossless, in [0, 1], versioned; docs/observations/<game>.md) is encoded by
its declaration; :func:`schema_for` returns it. Every game of the repository declares one.

**Fallback** (a game without a declaration, such as the test game ``pocket-race``): a
:class:`ViewSchema` is derived once per game, player count and options by looking at the
views met in a few seeded random games; it then turns any view of that game into a
``float32`` vector of a fixed length. It is neither lossless (values never seen fold into
``<other>``, long lists are cut) nor normalised. Either way the vector is built *only* from
``state.view(seat)``, so it carries nothing the seat may not see.

Flattening rules (every entry has a name, see :meth:`ViewSchema.describe`):

- a number or a boolean at path ``p``: one entry ``p`` with its value (``true`` = 1);
- a value that is sometimes ``null``: one more entry ``p is null`` (1 when null, and the
  value entries are 0);
- a string at ``p`` with at most ``max_vocab`` distinct values seen: a one-hot block,
  one entry ``p == 'value'`` per value seen (sorted) plus ``p == <other>`` for a value never
  seen while deriving; strings with more distinct values (free text, log lines) are left out
  and listed by :meth:`ViewSchema.omitted`;
- an object: its keys in sorted order, each flattened under ``p.key``; a key missing from a
  view gives zeros;
- a list at ``p``: one entry ``p length``, then
  * a list of short-vocabulary strings (a hand of named cards): a *bag*, one entry
    ``count of 'value' in p`` per value seen plus ``count of <other> in p``;
  * any other list: *slots*, the first ``min(longest seen, max_slots)`` elements each
    flattened under ``p[i]`` (missing elements give zeros; elements past the last slot are
    dropped, the length entry still counts them).
- top-level keys named in ``exclude`` (by default the history: ``log``, ``events``,
  ``history``, ``messages``) are left out: the tensor describes the table now, not its story.

Values are raw (not normalised): a score of 12 is 12.0.

>>> from cosmodrome.testing import toy
>>> schema = ViewSchema.derive(toy.GAME, players=2, games=2)
>>> s = toy.GAME.new_state(2, seed=3)
>>> vec = schema.encode(s.view(0))
>>> len(vec) == schema.size
True
>>> schema.describe()[0]
'deck_size'
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional, Sequence, Union

import numpy as np

from cosmodrome.core import Game, OptionError, Rng
from cosmodrome.core.observation import Layout
from cosmodrome.core.recall import RecallLayout

#: top-level view keys that hold the history rather than the table (left out of tensors)
DEFAULT_EXCLUDE = ("log", "events", "history", "messages")
MAX_VOCAB = 48
MAX_SLOTS = 24

# entry kinds, which give the Box bounds used by PettingZoo / Gymnasium
NUMBER, FLAG, COUNT = "number", "flag", "count"


class _Stats:
    """What was seen at one path while deriving."""

    __slots__ = ("num", "null", "strs", "keys", "elem", "is_list", "max_len")

    def __init__(self) -> None:
        self.num = False
        self.null = False
        self.strs: set[str] = set()
        self.keys: dict[str, _Stats] = {}
        self.elem: Optional[_Stats] = None
        self.is_list = False
        self.max_len = 0

    def see(self, value: Any) -> None:
        if value is None:
            self.null = True
        elif isinstance(value, (bool, int, float)):
            self.num = True
        elif isinstance(value, str):
            if len(self.strs) <= MAX_VOCAB:
                self.strs.add(value)
        elif isinstance(value, Mapping):
            for k, v in value.items():
                child = self.keys.get(k)
                if child is None:
                    child = self.keys[k] = _Stats()
                child.see(v)
        elif isinstance(value, (list, tuple)):
            self.is_list = True
            self.max_len = max(self.max_len, len(value))
            if self.elem is None:
                self.elem = _Stats()
            for v in value:
                self.elem.see(v)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        if self.num:
            d["num"] = True
        if self.null:
            d["null"] = True
        if self.strs:
            d["strs"] = sorted(self.strs)
        if self.keys:
            d["keys"] = {k: v.to_json() for k, v in sorted(self.keys.items())}
        if self.is_list:
            d["list"] = self.max_len
            d["elem"] = self.elem.to_json() if self.elem else {}
        return d

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "_Stats":
        s = cls()
        s.num = bool(d.get("num"))
        s.null = bool(d.get("null"))
        s.strs = set(d.get("strs", ()))
        s.keys = {k: cls.from_json(v) for k, v in d.get("keys", {}).items()}
        if "list" in d:
            s.is_list = True
            s.max_len = int(d["list"])
            s.elem = cls.from_json(d.get("elem", {}))
        return s


class _Plan:
    """The compiled layout of one path: where its entries start and how to fill them."""

    __slots__ = ("offset", "null_at", "num_at", "vocab", "other_at", "keys", "list_len_at",
                 "bag", "slots", "text")

    def __init__(self) -> None:
        self.offset = 0
        self.null_at = -1
        self.num_at = -1
        self.vocab: dict[str, int] = {}
        self.other_at = -1
        self.keys: list[tuple[str, _Plan]] = []
        self.list_len_at = -1
        self.bag: dict[str, int] = {}
        self.slots: list[_Plan] = []
        self.text = False


def _is_bag(elem: Optional[_Stats]) -> bool:
    return (elem is not None and bool(elem.strs) and len(elem.strs) <= MAX_VOCAB and not elem.num
            and not elem.keys and not elem.is_list)


class ViewSchema:
    """The fixed layout of the observation tensor of one game for one player count.

    Build one with :meth:`derive` (from seeded random games) or :meth:`from_json`."""

    def __init__(self, game: str, players: int, stats: _Stats,
                 exclude: Sequence[str] = DEFAULT_EXCLUDE, max_slots: int = MAX_SLOTS) -> None:
        self.game = game
        self.players = players
        self.exclude = tuple(exclude)
        self.max_slots = max_slots
        self._stats = stats
        self._names: list[str] = []
        self._kinds: list[str] = []
        self._omitted: list[str] = []
        root = _Stats()
        root.keys = {k: v for k, v in stats.keys.items() if k not in self.exclude}
        self._omitted.extend(f"{k} (history, excluded)" for k in sorted(stats.keys) if k in self.exclude)
        self._plan = self._compile(root, "")
        self.size = len(self._names)

    # ----- deriving ------------------------------------------------------------------------
    @classmethod
    def derive(cls, game: Game, players: int, options: Optional[Mapping[str, Any]] = None,
               games: int = 4, seed: int = 0, max_steps: int = 5000,
               exclude: Sequence[str] = DEFAULT_EXCLUDE) -> "ViewSchema":
        """Look at the views met in ``games`` seeded uniformly random games and fix a layout.

        Every seat's view is seen at the start and the end; in between, the view of the
        seat to move (one of the views the adapters are asked for most)."""
        stats = _Stats()
        rng = Rng(seed * 7919 + players)
        for g in range(games):
            state = game.new_state(players, seed=seed * 1000 + g, options=options)
            for p in range(players):
                stats.see(state.view(p))
            steps = 0
            while not state.is_terminal() and steps < max_steps:
                seat = state.to_move()
                stats.see(state.view(seat))
                legal = state.legal_actions()
                state._apply(legal[rng.below(len(legal))])
                steps += 1
            for p in range(players):
                stats.see(state.view(p))
        return cls(game.name, players, stats, exclude)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "exclude": list(self.exclude),
                "max_slots": self.max_slots, "stats": self._stats.to_json()}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "ViewSchema":
        return cls(d["game"], int(d["players"]), _Stats.from_json(d["stats"]),
                   d.get("exclude", DEFAULT_EXCLUDE), int(d.get("max_slots", MAX_SLOTS)))

    # ----- compiling -----------------------------------------------------------------------
    def _add(self, name: str, kind: str) -> int:
        self._names.append(name)
        self._kinds.append(kind)
        return len(self._names) - 1

    def _compile(self, st: _Stats, path: str) -> _Plan:
        plan = _Plan()
        plan.offset = len(self._names)
        label = path or "(view)"
        kinds = sum([st.num, bool(st.strs), bool(st.keys), st.is_list])
        if st.null and kinds:
            plan.null_at = self._add(f"{label} is null", FLAG)
        if st.num:
            plan.num_at = self._add(label, NUMBER)
        if st.strs:
            if len(st.strs) <= MAX_VOCAB:
                for v in sorted(st.strs):
                    plan.vocab[v] = self._add(f"{label} == {v!r}", FLAG)
                plan.other_at = self._add(f"{label} == <other>", FLAG)
            else:
                plan.text = True
                self._omitted.append(f"{label} (free text)")
        for key, child in sorted(st.keys.items()):
            plan.keys.append((key, self._compile(child, f"{path}.{key}" if path else key)))
        if st.is_list:
            plan.list_len_at = self._add(f"{label} length", COUNT)
            elem = st.elem
            if _is_bag(elem):
                for v in sorted(elem.strs):
                    plan.bag[v] = self._add(f"count of {v!r} in {label}", COUNT)
                plan.other_at = self._add(f"count of <other> in {label}", COUNT)
            elif elem is not None:
                n = min(st.max_len, self.max_slots)
                if st.max_len > self.max_slots:
                    self._omitted.append(f"{label}[{self.max_slots}:] (beyond the last slot)")
                for i in range(n):
                    plan.slots.append(self._compile(elem, f"{label}[{i}]"))
        return plan

    # ----- encoding ------------------------------------------------------------------------
    def encode(self, view: Mapping[str, Any], out: Optional[np.ndarray] = None) -> np.ndarray:
        """The tensor of ``view`` (written into ``out`` when given, else a new array)."""
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        if isinstance(view, Mapping):
            for key, sub in self._plan.keys:
                if key in view:
                    _fill(sub, view[key], out)
        return out

    def observe(self, state: Any, seat: int, out: Optional[np.ndarray] = None) -> np.ndarray:
        """The tensor of ``state.view(seat)`` (the same call as a declared layout's)."""
        return self.encode(state.view(seat), out)

    def observer(self) -> "ViewSchema":
        """What :meth:`Layout.observer` gives for a declared layout; here the schema itself."""
        return self

    # ----- documentation -------------------------------------------------------------------
    def describe(self) -> list[str]:
        """The meaning of each entry, in order."""
        return list(self._names)

    def kinds(self) -> list[str]:
        """Per entry: ``"flag"`` (0 or 1), ``"count"`` (0 or more) or ``"number"`` (any)."""
        return list(self._kinds)

    def omitted(self) -> list[str]:
        """Paths of the view that have no entry (history, free text, list tails)."""
        return list(self._omitted)

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Per-entry lower and upper bounds (for a ``gymnasium.spaces.Box``)."""
        low = np.array([0.0 if k in (FLAG, COUNT) else -np.inf for k in self._kinds], dtype=np.float32)
        high = np.array([1.0 if k == FLAG else np.inf for k in self._kinds], dtype=np.float32)
        return low, high

    def table(self) -> str:
        """A Markdown table of the entries (index, meaning, kind)."""
        rows = ["| index | entry | kind |", "|---:|---|---|"]
        rows += [f"| {i} | `{n}` | {k} |" for i, (n, k) in enumerate(zip(self._names, self._kinds))]
        if self._omitted:
            rows.append("")
            rows.append("Not in the tensor: " + "; ".join(f"`{o}`" for o in self._omitted) + ".")
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"<ViewSchema {self.game} players={self.players} size={self.size}>"


def _fill(plan: _Plan, value: Any, out: np.ndarray) -> None:
    if value is None:
        if plan.null_at >= 0:
            out[plan.null_at] = 1.0
        return
    if isinstance(value, (bool, int, float)):
        if plan.num_at >= 0:
            v = float(value)
            if v == v and abs(v) != float("inf"):  # only finite numbers
                out[plan.num_at] = v
        return
    if isinstance(value, str):
        if plan.vocab:
            out[plan.vocab.get(value, plan.other_at)] = 1.0
        return
    if isinstance(value, Mapping):
        for key, sub in plan.keys:
            if key in value:
                _fill(sub, value[key], out)
        return
    if isinstance(value, (list, tuple)):
        if plan.list_len_at < 0:
            return
        out[plan.list_len_at] = len(value)
        if plan.bag:
            for v in value:
                out[plan.bag.get(v, plan.other_at) if isinstance(v, str) else plan.other_at] += 1.0
        elif plan.slots:
            for sub, v in zip(plan.slots, value):
                _fill(sub, v, out)


def canonical(view: Any) -> str:
    """The canonical JSON text of a view (sorted keys, no spaces): the adapters' strings."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


_CACHE: dict[tuple, ViewSchema] = {}


def schema_for(game: Game, players: int, options: Optional[Mapping[str, Any]] = None) -> Union[Layout, ViewSchema]:
    """The (cached) observation layout of ``game`` for ``players`` seats and ``options``: the
    game's declared :class:`~cosmodrome.core.observation.Layout`, or (fallback, for a game
    without one) a :class:`ViewSchema` derived from random games."""
    opts = game.resolve_options(options)
    key = (game.name, id(game), players, canonical(opts))
    sch = _CACHE.get(key)
    if sch is None:
        if game.observation_layout is not None:
            sch = game.observation_layout(players, opts)
        else:
            sch = ViewSchema.derive(game, players, opts)
        _CACHE[key] = sch
    return sch


def layout_version(game: Game, players: int, options: Optional[Mapping[str, Any]] = None) -> str:
    """The observation's version for the environments' metadata: ``"<game>-v<n>"`` for a
    declared layout, ``"<game>-derived"`` for the fallback."""
    sch = schema_for(game, players, options)
    return f"{game.name}-v{sch.version}" if isinstance(sch, Layout) else f"{game.name}-derived"


_RECALL: dict[tuple, RecallLayout] = {}


def recall_steps(game: Game, players: int, options: Optional[Mapping[str, Any]] = None,
                 explicit: bool = True) -> int:
    """The history slots: the game's bound on decisions, plus its bound on chance nodes in
    the explicit mode (the set-up's, dealt item by item, included). OptionError for a game
    that declares no bound."""
    decisions = game.max_game_length(players, options)
    chance = game.max_chance_nodes(players, options) if explicit else 0
    if explicit and chance is not None:
        chance += game.max_deal_nodes(players, options)
    if decisions is None:
        raise OptionError(f"{game.title or game.name} declares no bound on its length "
                          "(Game.max_game_length): no perfect-recall tensor")
    if chance is None:
        raise OptionError(f"{game.title or game.name} declares no bound on its chance nodes with these options "
                          "(Game.max_chance_nodes): no perfect-recall tensor in the explicit chance mode")
    return int(decisions) + int(chance)


def recall_layout(game: Game, players: int, options: Optional[Mapping[str, Any]] = None,
                  explicit: bool = True) -> RecallLayout:
    """The (cached) perfect-recall layout of ``game`` for ``players`` seats."""
    opts = game.resolve_options(options)
    key = (game.name, id(game), players, repr(sorted(opts.items())), explicit)
    lay = _RECALL.get(key)
    if lay is None:
        values = max(game.num_actions, game.max_chance_outcomes(players, opts))
        lay = RecallLayout(schema_for(game, players, opts), players, recall_steps(game, players, opts, explicit),
                           values, layout_version(game, players, opts))
        _RECALL[key] = lay
    return lay


def recall_doc(game: Game, players: Any) -> str:
    """The perfect-recall section of docs/observations/<game>.md."""
    out = ["## Perfect-recall information state", "",
           "The information-state tensor (OpenSpiel's `information_state_tensor`, PettingZoo's and "
           "Gymnasium's `observation=\"perfect_recall\"`; `cosmodrome.core.recall`): the view now, "
           "the view at the start, then one slot per step of the play as the seat saw it. A step is "
           "seen by the seat when it is its own decision, another seat's decision whose effects it "
           "reads in full, or a chance outcome it sees (a die on the table; a card only its drawer "
           "reads). The history has one slot per decision bound (`max_game_length`) plus, in the "
           "explicit chance mode, one per chance-node bound (`max_chance_nodes`, the set-up's `max_deal_nodes` included); the sampled mode "
           "has no chance steps. Version: the observation's, `+recall-v2`.", ""]
    for n in players:
        for explicit in (True, False):
            lay = recall_layout(game, n, None, explicit)
            mode = "explicit chance" if explicit else "sampled chance"
            out += [f"### {n} players, {mode}: {lay.size} entries ({lay.steps} steps)", ""]
            if explicit:
                out += [lay.table(), ""]
    return "\n".join(out)


def observation_doc(game: Game, players: Sequence[int]) -> str:
    """The Markdown page docs/observations/<game>.md: the declared layout's table for each
    player count (generated: ``python -m cosmodrome.adapters.tensor --docs docs/observations``)."""
    title = game.title or game.name
    out = [f"# Observation of {title} (`{game.name}`)", "",
           "Generated from the game's declaration (`Game.observation_layout`, "
           f"src/cosmodrome/games/{game.name.replace('-', '_')}/observation.py) by "
           "`python -m cosmodrome.adapters.tensor --docs docs/observations`; a test checks that it "
           "is up to date. Every value lies in [0, 1]: a number in `lo..hi` is `(v - lo) / (hi - lo)`, "
           "a flag is 0 or 1, a one-hot block has one 1, a count is divided by its cap, a list "
           "has its length (divided by its capacity) and then its slots (zeros past the end). "
           "`is null` is 1 when the value is null (its entries are then 0); `has k` is 1 when the "
           "view holds key `k`. The vector is built from `state.view(seat)` alone.", ""]
    for n in players:
        lay = schema_for(game, n)
        out += [f"## {n} players: version {lay.version}, {lay.size} entries", "", lay.table(), ""]
    if game.max_game_length(players[0]) is not None and game.explicit_chance:
        out += [recall_doc(game, players)]
    return "\n".join(out)


def write_docs(directory: Union[str, Path]) -> list[Path]:
    """Write docs/observations/<game>.md for every registered game with a declared layout."""
    from cosmodrome.core import games as all_games

    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    written = []
    for g in all_games():
        if g.observation_layout is None:
            continue
        path = d / f"{g.name}.md"
        path.write_text(observation_doc(g, doc_player_counts(g)) + "\n", encoding="utf-8")
        written.append(path)
    return written


def doc_player_counts(game: Game) -> list[int]:
    """The player counts a game's page shows: the smallest and the largest."""
    return sorted({game.min_players, game.max_players})


def entries(game: Game, players: int, options: Optional[Mapping[str, Any]] = None) -> Iterable[str]:
    """The meaning of each tensor entry of ``game`` (shorthand for ``schema_for(...).describe()``)."""
    return schema_for(game, players, options).describe()


def main(argv: Optional[Sequence[str]] = None) -> None:
    """``python -m cosmodrome.adapters.tensor GAME PLAYERS``: print the entry table;
    ``python -m cosmodrome.adapters.tensor --docs DIR``: write DIR/<game>.md for every game."""
    import sys

    from cosmodrome.core import get_game

    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) == 2 and args[0] == "--docs":
        import cosmodrome.games  # noqa: F401  (registers the games)
        for path in write_docs(args[1]):
            print(path)
        return
    if len(args) != 2:
        raise SystemExit("usage: python -m cosmodrome.adapters.tensor GAME PLAYERS")
    if args[0] == "pocket-race":
        import cosmodrome.testing.toy  # noqa: F401
    import cosmodrome.games  # noqa: F401  (registers the games)
    print(schema_for(get_game(args[0]), int(args[1])).table())


if __name__ == "__main__":
    main()
