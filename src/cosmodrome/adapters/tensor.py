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
from cosmodrome.core.observation import Field, Layout, List, Obj, Opt, PerSeat, SeatHot, Tup
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

    def observer(self, into: Optional[np.ndarray] = None) -> "ViewSchema":
        """What :meth:`Layout.observer` gives for a declared layout; here the schema itself
        (``into`` unused: each observation is encoded whole)."""
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


# ----- the seat-relative observation ----------------------------------------------------------
#: counts of a range at least this wide are put on a log scale in the seat-relative observation
LOG_FROM = 8


def _width(f: Field) -> int:
    return len(f.entries("x"))


def _seat_map(f: Field, shift: int) -> Optional[list[int]]:
    """For the entries of field ``f``: the entry (relative to the field's first) whose value
    goes to each entry when the seats are numbered from seat ``shift`` (new seat ``b`` is
    old seat ``(b + shift) % n``); None when nothing moves."""
    if isinstance(f, SeatHot):
        pos = {v: i for i, v in enumerate(f.values)}
        m = list(range(len(f.values)))
        for b in range(f.players):
            m[pos[b]] = pos[(b + shift) % f.players]
        return m
    if isinstance(f, Opt):
        inner = _seat_map(f.inner, shift)
        return None if inner is None else [0] + [1 + i for i in inner]
    if isinstance(f, (Tup, List)):
        w = _width(f.elem)
        inner = _seat_map(f.elem, shift)
        per_seat = isinstance(f, PerSeat)
        if inner is None and not per_seat:
            return None
        head = 1 if isinstance(f, List) else 0      # a list's length entry comes first
        inner = inner or list(range(w))
        m = list(range(head))
        for b in range(f.n):
            src = (b + shift) % f.n if per_seat else b
            m.extend(head + src * w + i for i in inner)
        return m
    if isinstance(f, Obj):
        m, pos, moved = [], 0, False
        for k, child in f._children():
            if k in f.maybe:
                m.append(pos)
                pos += 1
            inner = _seat_map(child, shift)
            w = _width(child)
            moved = moved or inner is not None
            m.extend(pos + i for i in (inner or range(w)))
            pos += w
        return m if moved else None
    return None


class SeatRelative:
    """The seat-relative form of a declared layout's observation (``seat_relative``), as
    RLCard's and OpenSpiel's poker observers give theirs:

    - **seat 0 is the observer**: every per-seat block (``PerSeat``: ``players_info[i]``,
      ``orbit[i]``, ``sheets[i]``...) is reordered so that block ``i`` is the seat ``i``
      places after the observer (``(observer + i) % players``), and every seat number
      (``SeatHot``: ``first``, ``to_move``, ``combat.seat``, ``winners[k]``...) is
      renumbered the same way (values that are no seat, such as -1 for chance, stay). The
      entries keep their names (docs/observations/), read relative to the observer.
    - **counts on a log scale**: an entry that counts copies (kind ``count 0..K``: how many
      of a card in a hand or a bag, a list's length) with ``K >= 8`` is
      ``log(1 + v) / log(1 + K)`` instead of ``v / K``, so that one card where there could
      be 131 is 0.142, not 0.0076 (still in [0, 1], still lossless:
      ``v = (1 + K) ** x - 1``). Other numbers (positions, money, points) stay linear.

    The observation is built from the same view as the absolute one (a permutation of its
    entries, then the scaling), so it carries nothing more."""

    def __init__(self, layout: Layout, players: int) -> None:
        self.layout, self.players = layout, players
        n = layout.size
        self.perms = []
        for p in range(players):
            m = _seat_map(layout.root, p)
            self.perms.append(np.arange(n, dtype=np.intp) if m is None else np.asarray(m, dtype=np.intp))
        idx, tops = [], []
        for i, (_, kind) in enumerate(layout.root.entries("")):
            words = kind.split()
            if len(words) > 1 and words[0] == "count" and words[1].startswith("0.."):
                k = int(words[1][3:].rstrip(","))
                if k >= LOG_FROM:
                    idx.append(i)
                    tops.append(k)
        self.log_index = np.asarray(idx, dtype=np.intp)
        tops_f = np.asarray(tops, dtype=np.float64)
        self._k = tops_f.astype(np.float32)
        self._norm = (1.0 / np.log1p(tops_f)).astype(np.float32)
        self._perm_rows: Optional[np.ndarray] = None    # the permutations as one array (apply_rows)

    def apply(self, vec: np.ndarray, seat: int, out: Optional[np.ndarray] = None) -> np.ndarray:
        """The seat-relative vector of ``seat`` from its absolute one ``vec``."""
        if out is None:
            out = np.empty_like(vec)
        np.take(vec, self.perms[seat], out=out)
        ix = self.log_index
        if len(ix):
            out[ix] = np.log1p(out[ix] * self._k) * self._norm
        return out

    def apply_rows(self, vecs: np.ndarray, seats: Any, out: np.ndarray) -> np.ndarray:
        """:meth:`apply` for a batch: row ``i`` of ``out`` is the seat-relative vector of seat
        ``seats[i]`` from its absolute row ``vecs[i]`` (one gather and one scaling for all)."""
        if self._perm_rows is None:
            self._perm_rows = np.stack(self.perms)
        out[...] = np.take_along_axis(vecs, self._perm_rows[seats], axis=1)
        ix = self.log_index
        if len(ix):
            out[:, ix] = np.log1p(out[:, ix] * self._k) * self._norm
        return out

    def observe(self, state: Any, seat: int, observer: Any = None, out: Optional[np.ndarray] = None) -> np.ndarray:
        """The seat-relative observation of ``state`` for ``seat`` (through ``observer``, an
        incremental :class:`~cosmodrome.core.observation.Observer`, when given)."""
        vec = observer.observe(state, seat) if observer is not None else self.layout.observe(state, seat)
        return self.apply(vec, seat, out)


def _seat_paths(f: Field, label: str, out: dict) -> None:
    """Collect the paths of a layout's per-seat blocks and seat numbers (for its page)."""
    if isinstance(f, SeatHot):
        out["seats"].append(label)
    elif isinstance(f, Opt):
        _seat_paths(f.inner, label, out)
    elif isinstance(f, (Tup, List)):
        if isinstance(f, PerSeat):
            out["blocks"].append(label)
        _seat_paths(f.elem, f"{label}[*]" if not isinstance(f, PerSeat) else f"{label}[i]", out)
    elif isinstance(f, Obj):
        for k, child in f._children():
            _seat_paths(child, f"{label}.{k}" if label else k, out)


def seat_relative_doc(game: Game, players: Sequence[int]) -> str:
    """The seat-relative section of a game's observation page."""
    paths: dict[str, list] = {"blocks": [], "seats": []}
    _seat_paths(schema_for(game, players[0]).root, "", paths)
    logs = ", ".join(f"{n} players: {len(seat_relative(game, n).log_index)}" for n in players)
    return "\n".join([
        "## Seat-relative observation (`seat_relative`)", "",
        "The option `seat_relative` (OpenSpiel: the game parameter `seat_relative=True`; PettingZoo and "
        "Gymnasium: `observation=\"seat_relative\"`) gives the same entries seen from the observer's own "
        "seat, as RLCard's and OpenSpiel's poker observers do (`cosmodrome.adapters.tensor.SeatRelative`):", "",
        "- seat 0 is the observer: in each per-seat block below, element `i` is the seat `i` places after "
        "the observer (`(observer + i) % players`), and each seat number below is counted from the observer "
        "the same way (a value that is no seat, such as -1 for chance, stays);",
        "- counts on a log scale: an entry of kind `count 0..K` with `K >= 8` is `log(1 + v) / log(1 + K)` "
        "instead of `v / K` (one card where there could be 131 reads 0.142, not 0.0076; lossless, "
        f"`v = (1 + K) ** x - 1`); such entries: {logs}. Other numbers stay as in the tables above.", "",
        "Per-seat blocks: " + (", ".join(f"`{b}`" for b in paths["blocks"]) or "none") + ".", "",
        "Seat numbers: " + (", ".join(f"`{s}`" for s in paths["seats"]) or "none") + ".", ""])


_RELATIVE: dict[int, SeatRelative] = {}


def seat_relative(game: Game, players: int, options: Optional[Mapping[str, Any]] = None) -> SeatRelative:
    """The (cached) seat-relative form of ``game``'s observation; OptionError for a game
    without a declared layout (the derived fallback knows no seats)."""
    sch = schema_for(game, players, options)
    if not isinstance(sch, Layout):
        raise OptionError(f"{game.title or game.name} declares no observation layout: "
                          "no seat-relative observation")
    rel = _RELATIVE.get(id(sch))
    if rel is None or rel.layout is not sch:
        rel = _RELATIVE[id(sch)] = SeatRelative(sch, players)
    return rel


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
           "explicit chance mode, one per chance-node bound (`max_chance_nodes`, the set-up's "
           "`max_deal_nodes` included); the sampled mode "
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
    out += [seat_relative_doc(game, players)]
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
