"""Every Cosmodrome game as an OpenSpiel (pyspiel) Python game.

Importing this module registers each game of the Cosmodrome registry with pyspiel as
``python_cosmodrome_<name>`` (dashes become underscores): ``venus`` is
``python_cosmodrome_venus``, ``cosmic-run`` is ``python_cosmodrome_cosmic_run``. Games
registered with Cosmodrome later are added by :func:`register_game` (or :func:`load_game`,
which registers on demand).

>>> from cosmodrome.testing import toy
>>> game = load_game("pocket-race", players=3)
>>> game.num_players(), game.num_distinct_actions()
(3, 10)
>>> state = game.new_initial_state()
>>> state.is_chance_node()            # the deal, card by card
True
>>> state.action_to_string(state.chance_outcomes()[0][0])
'Chance: seat 0 is dealt 1'
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player()
0

The game type
    sequential; imperfect information; general sum; terminal rewards. Returns are
    Cosmodrome's win shares: 1/k to each of k winners, 0 to the others (utilities in
    [0, 1]).

Chance
    A game that offers explicit chance (``Game.explicit_chance``: every game of the
    repository) is *explicit stochastic* by default: the set-up is dealt item by item
    (``Game.deal_state``): every card, tile or die of it is a chance node, its outcomes the
    distinct items left (identical copies one outcome with their share), seen by the seats
    the rules say; after it every die, draw and random pick is a chance node of its own
    (:mod:`cosmodrome.core.chance`), and the state holds no random generator, so no clone
    sees another's future. A pyspiel history is the list of outcomes and actions applied
    to ``core_game.deal_state(players, options)``.
    A game without explicit chance is *sampled stochastic*, and so is any game
    with ``sampled_chance=True``: no chance nodes, the state
    rolls its own dice (a clone replays the same future), and the k-th state made by
    ``new_initial_state()`` takes the k-th seed of the ``rng_seed`` stream.
    ``sampled_chance=False`` on a game without explicit chance raises OptionError.

Parameters
    ``players`` (the player count; default 2, or the game's minimum if above 2),
    ``sampled_chance``, ``rng_seed`` (above), ``chance_clones`` and ``reseed_clones``
    (below), ``seat_relative`` (observations from the observer's own seat, below) and one
    parameter per game option (same name; a ``None`` default is written ``""``).

Clones and search
    **In the sampled mode a clone foresees every die and draw**: it carries the state's
    random generator and the order of its face-down piles, so ``state.clone()`` rolls the
    same dice as the original (measured: a clone predicted the next state every time in all
    four games), and a search on clones (``MCTSBot`` on a sampled game) is clairvoyant.
    Search clones that do not:

    - ``state.clone_for_search()`` (any mode) is the same position, hidden parts included,
      with its future as chance nodes (:func:`future_as_chance`: the generator and the pile
      orders dropped), so every later die, draw and random pick is sampled from its odds.
      With ``chance_clones=True`` every ``clone()`` is one, which is what ``MCTSBot`` needs
      on a sampled game: it clones the root once a simulation and builds its tree over the
      chance nodes it meets (as in the explicit mode), while the real game goes on rolling
      its own dice. (MCTS still sees the other seats' hidden cards: it is a
      perfect-information search; ISMCTS is the one for hidden information.)
    - With ``reseed_clones=True`` every clone is instead a *determinization* for the seat to
      move (``State.resample``: what that seat cannot see redrawn, the pile orders
      reshuffled, the generator re-seeded from the game's stream), for searches that clone a
      position and play it out (Monte Carlo rollouts, ``RandomRolloutEvaluator``, flat and
      determinized searches): a clone is not the same state, so ``MCTSBot``'s tree meets
      actions no longer legal once hands differ: use ``chance_clones`` for it.

    The two cannot be combined (OptionError).

Observations (built ONLY from what the player may see)
    ``observation_string(p)`` is the current view: the canonical JSON of
    ``state.view(p)`` without its game's ``presentation_keys`` (``observed_view``).
    ``information_state_string(p)`` is perfect recall: everything ``p`` has seen since the
    deal, the canonical JSON of ``{"seen": [...], "view": ...}`` where
    each step (:func:`seen_step`) says who acted, ``p``'s own action ids and the log lines
    ``p`` read (hidden parts replaced as the table shows them). ``observation_tensor(p)``
    is the game's observation layout of the view (``describe_tensor`` lists each entry);
    with ``seat_relative=True`` it is seen from ``p``'s own seat (seat 0 = ``p``: per-seat
    blocks and seat numbers renumbered from ``p``) with counts on a log scale
    (:class:`cosmodrome.adapters.tensor.SeatRelative`, docs/observations/; a game without a
    declared layout refuses the parameter). The strings and the information state stay
    absolute. ``information_state_tensor(p)`` is perfect recall too (:mod:`cosmodrome.core.recall`):
    the view now, the view after the deal, and one slot per step of the play as ``p`` saw
    it (who acted; the action or chance outcome when ``p`` saw it), sized by the game's
    ``max_game_length`` (and ``max_chance_nodes`` in the explicit mode, where it is lossless).

Serialization
    ``state.serialize()`` stores the complete Cosmodrome state (``State.to_json()``, hidden
    parts included) and what each seat has seen, and ``game.deserialize_state`` rebuilds it
    exactly; the OpenSpiel action history travels alongside. ``pyspiel.serialize_game_and_state``
    works in both modes: pyspiel asks a sampled game for its RNG state through a C++ hook
    a Python game cannot fill, so importing this module installs
    :func:`serialize_game_and_state` and :func:`deserialize_game_and_state` (the same
    format, the seed stream in its ``[GameRNGState]`` section; other games pass through to
    pyspiel). pyspiel's C++ ``random_sim_test(..., serialize=True)`` still cannot serialize a
    sampled Python game: use ``serialize=False`` there.

Search
    ``state.resample_from_infostate(player, sampler)`` is Cosmodrome's
    ``State.resample(player, rng)`` with the generator seeded from the sampler (and the
    steps seen, as ``player`` saw them), so
    ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` runs on every game; MCTS with chance
    nodes and expectiminimax (``open_spiel.python.algorithms.mcts``, ``minimax``) run on
    the games with explicit chance.
"""

from __future__ import annotations

import json
import time
from typing import Any, Mapping, Optional, Union

import numpy as np

from cosmodrome.adapters._deps import require
from cosmodrome.adapters.tensor import canonical, recall_layout, schema_for, seat_relative
from cosmodrome.core import Game, OptionError, RecordError, Rng, State, game_names, get_game
from cosmodrome.core.chance import CHANCE as CORE_CHANCE
from cosmodrome.core.chance import future_as_chance, make_explicit
from cosmodrome.core.game import observed_view
from cosmodrome.core.recall import RecallLayout, Trace, unchain

pyspiel = require("pyspiel")

PREFIX = "python_cosmodrome_"
#: a bound on the number of decisions of a game that declares none (Game.max_game_length)
DEFAULT_MAX_GAME_LENGTH = 100_000
BEFORE_DEAL = "(before the deal)"
RNG_SECTION = "[GameRNGState]"
_RESERVED = ("players", "rng_seed", "sampled_chance", "reseed_clones", "chance_clones", "seat_relative")

_REGISTERED: dict[str, type] = {}


def short_name(name: str) -> str:
    """The pyspiel name of a Cosmodrome game.

    >>> short_name("cosmic-run")
    'python_cosmodrome_cosmic_run'
    """
    return PREFIX + name.replace("-", "_")


# ----- the core state inside a pyspiel state ---------------------------------------------------
def _restore_core(game_name: str, data: Optional[dict], seen: Optional[list] = None,
                  trace: Optional[dict] = None) -> "_Core":
    game = get_game(game_name)
    box = _Core(None if data is None else game.load_state(data))
    for step in seen or ():
        box.seen = (box.seen, tuple(step))
    if trace is not None:
        t = Trace(game.load_state(trace["start"]), trace["players"], pending=trace["pending"],
                  known=trace["known"])
        for step in trace["steps"]:
            t.record(*step)
        box.trace = t
    return box


def seen_step(seat: int, actor: Any, action: Optional[int], events: list) -> dict:
    """What ``seat`` saw of one step: who acted (a seat, ``"chance"`` or ``"setup"``), its
    own action id (another seat's choice or chance's outcome shows only through the log),
    and the log lines the step gave it (``Event.for_seat``: hidden parts never included).

    >>> from cosmodrome.core import Event
    >>> e = Event("draw", "Red drew Take 3.", {}, frozenset({0}), "Red drew a card.")
    >>> seen_step(1, 0, 9, [e])
    {'by': 0, 'log': ['Red drew a card.']}
    """
    step: dict[str, Any] = {"by": actor}
    if actor == seat:
        step["action"] = action
    step["log"] = [t for t in (e.text_for(seat) for e in events) if t is not None]
    return step


#: the ``format`` of a serialized state (:meth:`CosmodromeSpielState.serialize`)
STATE_FORMAT = "cosmodrome-openspiel-state"


def _box_json(box: "_Core") -> dict:
    """The JSON of a state's box: the Cosmodrome state, what each seat has seen, the trace."""
    s = box.get()
    t = box.trace
    trace = None if s is None else {"start": t.start.to_json(), "players": t.players, "pending": t.pending,
                                    "known": t.known, "steps": [list(step) for step in t.steps()]}
    return {"core": None if s is None else s.to_json(), "seen": [list(step) for step in box.steps()],
            "trace": trace}


def _box_from_json(game_name: str, data: Any) -> "_Core":
    if not isinstance(data, dict) or not isinstance(data.get("seen"), list):
        raise RecordError("a serialized state needs its 'core', 'seen' and 'trace'")
    trace = data.get("trace")
    if trace is not None and (not isinstance(trace, dict) or not isinstance(trace.get("steps"), list)):
        raise RecordError("a serialized state's 'trace' must be an object with its 'steps'")
    try:
        return _restore_core(game_name, data.get("core"), data["seen"], trace)
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"a serialized state does not load: {exc}") from None


class _Seen:
    """One step of ``_Core.seen`` as recorded: who acted, the action, its events; the
    canonical JSON of :func:`seen_step` for every seat is written when first asked for
    (most plays never ask) and kept (the step is shared by clones and never changes)."""

    __slots__ = ("actor", "action", "events", "players", "_texts")

    def __init__(self, actor: Any, action: Optional[int], events: list, players: int) -> None:
        self.actor, self.action, self.events, self.players = actor, action, tuple(events), players
        self._texts: Optional[tuple] = None

    def texts(self) -> tuple:
        if self._texts is None:
            self._texts = tuple(canonical(seen_step(q, self.actor, self.action, self.events))
                                for q in range(self.players))
            self.events = None
        return self._texts


class _Core:
    """Holds the Cosmodrome state of a pyspiel state (None before the deal) and ``seen``,
    what each seat has seen since the start (a shared chain ``(earlier, step)``, ``step``
    holding the canonical JSON of one :func:`seen_step` per seat), for the perfect-recall
    information state.

    pyspiel clones a Python state by making a fresh initial state and deep-copying its
    ``__dict__``, and serializes it by pickling that ``__dict__``. This box makes both cheap
    and exact: a deep copy is ``State.clone()`` (the chain is shared: it never changes), a
    pickle is ``State.to_json()`` and the steps. In the sampled-chance mode a fresh initial
    state's box makes its Cosmodrome state (taking a seed from the game's stream) only when
    first used, so the throw-away states pyspiel makes while cloning or deserializing cost
    nothing and take no seed."""

    __slots__ = ("_state", "_game", "_name", "seen", "trace", "reseed", "player", "future")

    def __init__(self, state: Optional[State] = None, lazy_game: Any = None, name: str = "",
                 seen: Optional[tuple] = None, trace: Optional[Trace] = None) -> None:
        self._state = state
        self._game = lazy_game
        self._name = state.game.name if state is not None else name
        self.seen = seen
        #: the pyspiel player to move, kept between moves (pyspiel asks for it several
        #: times a move); None: to be found again
        self.player: Optional[int] = None
        #: a search game's source of fresh generators (``reseed_clones``): a copy is then a
        #: determinization for the seat to move, its future re-seeded; None: exact copies
        self.reseed: Any = None
        #: ``chance_clones``: a copy's future random events are chance nodes (search clones)
        self.future = False
        #: the steps as every seat saw them, for the information-state tensor
        self.trace = trace if trace is not None or state is None else Trace.begin(state)

    def get(self) -> Optional[State]:
        """The Cosmodrome state; None before the deal (explicit-chance mode)."""
        if self._state is None and self._game is not None:
            self._state = self._game._fresh_core()
            self._game = None
            self.trace = Trace.begin(self._state)
            if not self._state.is_dealing():
                self.record("setup", None, self._state.initial_events)
        return self._state

    def peek(self) -> Optional[State]:
        """The Cosmodrome state if it exists already (never makes one)."""
        return self._state

    def apply(self, action: int) -> None:
        """Apply an action (or a chance outcome) to the state and record the step."""
        s = self._state
        self.player = None
        # checked: a decision among the legal actions just listed is checked against the
        # list the state kept (State.kept_legal_actions), not computed again
        trace = self.trace
        events = trace.apply(s, action)
        actor = trace.chain[1].actor        # the step just recorded
        self.seen = (self.seen, _Seen("chance" if actor == CORE_CHANCE else actor, action, events, s.num_players))

    def record(self, actor: Any, action: Optional[int], events: list) -> None:
        """Add a step to what every seat has seen (its text written when first read)."""
        self.seen = (self.seen, _Seen(actor, action, events, self._state.num_players))

    def steps(self) -> list:
        """The steps of ``seen``, oldest first: per step, one canonical JSON text per seat."""
        return [s.texts() if isinstance(s, _Seen) else s for s in unchain(self.seen)]

    def __deepcopy__(self, memo: dict) -> "_Core":
        s = self.get()
        if s is not None and self.reseed is not None and not s.is_terminal() and not s.is_chance_node():
            copy = s.resample(s.to_move(), self.reseed())    # a search clone: foresees nothing
        elif s is not None and self.future:
            copy = future_as_chance(s)                      # a search clone: its future is chance nodes
        else:
            copy = None if s is None else s.clone()
        box = _Core(copy, name=self._name, seen=self.seen, trace=None if s is None else self.trace.copy())
        box.reseed, box.future = self.reseed, self.future
        if copy is not None and self.reseed is None and not self.future:
            box.player = self.player
        return box

    def __reduce__(self):
        s = self.get()
        t = self.trace
        trace = None if s is None else {"start": t.start.to_json(), "players": t.players, "pending": t.pending,
                                        "known": t.known, "steps": [list(step) for step in t.steps()]}
        return (_restore_core, (self._name if s is None else s.game.name, None if s is None else s.to_json(),
                                [list(step) for step in self.steps()], trace))


# ----- the observer ----------------------------------------------------------------------------
class CosmodromeObserver:
    """The pyspiel observer: a tensor and a string per (state, player), from what the
    player may see only.

    The observation (``perfect_recall`` false) is the current view: its string is the
    canonical JSON of ``observed_view(state, player)``. The information state (``perfect_recall``
    true) is everything the player has seen since the start: its string is the canonical
    JSON of ``{"seen": [...], "view": ...}``, the steps of :func:`seen_step` (who acted,
    the player's own actions, the log lines it read) and the current view. The observation
    tensor is the flattening of the current view (the game's layout); the information-state
    tensor is the perfect-recall vector of :class:`cosmodrome.core.recall.RecallLayout` (the
    view now, the view at the start, the steps as the player saw them)."""

    def __init__(self, schema: Any, perfect_recall: bool, missing: str = "", relative: Any = None) -> None:
        self.schema = schema
        #: the seat-relative form of the observation (``seat_relative``), or None
        self.relative = relative
        self.perfect_recall = perfect_recall
        #: why there is no tensor (a game or options without a length bound); "" when there is one
        self.missing = missing
        self.tensor = np.zeros(0 if missing else schema.size, dtype=np.float32)
        self.dict = {"info_state" if perfect_recall else "observation": self.tensor}

    def set_from(self, state: "pyspiel.State", player: int) -> None:
        if self.missing:
            raise ValueError(self.missing)
        # Before the deal (explicit-chance mode): zeros.
        box = state._core
        s = box.get()
        if self.perfect_recall and s is not None:
            self.schema.encode(box.trace, s, player, self.tensor)
        elif s is None or s.is_dealing():       # no table yet: zeros
            self.tensor.fill(0.0)
        elif self.relative is not None:
            self.relative.apply(self.schema.observe(s, player), player, self.tensor)
        else:
            self.schema.observe(s, player, self.tensor)

    def string_from(self, state: "pyspiel.State", player: int) -> str:
        box = state._core
        s = box.get()
        if s is None:
            return BEFORE_DEAL
        if self.perfect_recall:
            # canonical({"seen": [...], "view": ...}), the steps' JSON made once when recorded
            seen = ",".join(step[player] for step in box.steps())
            return f'{{"seen":[{seen}],"view":{canonical(observed_view(s, player))}}}'
        return canonical(observed_view(s, player))


# ----- building the pyspiel classes of one game ------------------------------------------------
def _param_default(value: Any) -> Any:
    return "" if value is None else value


def _default_players(game: Game) -> int:
    return min(game.max_players, max(game.min_players, 2))


def _max_game_length(game: Game, players: int, options: dict) -> int:
    """The game's bound on decisions (``Game.max_game_length``), else the placeholder."""
    bound = game.max_game_length(players, options)
    if isinstance(bound, int) and not isinstance(bound, bool) and bound > 0:
        return bound
    return DEFAULT_MAX_GAME_LENGTH


def _has_recall_tensor(game: Game) -> bool:
    return game.max_game_length(game.min_players) is not None and \
        (not game.explicit_chance or game.max_chance_nodes(game.min_players) is not None)


def _game_type(game: Game, sampled: Optional[bool] = None, tensor: Optional[bool] = None) -> "pyspiel.GameType":
    """The pyspiel game type; ``sampled`` None: the game's default chance mode (explicit
    when the game offers explicit chance, sampled otherwise); ``tensor``: whether it provides
    the information-state tensor (None: whether its default options bound a play)."""
    if sampled is None:
        sampled = not game.explicit_chance
    spec: dict[str, Any] = {"players": _default_players(game), "sampled_chance": not game.explicit_chance,
                            "rng_seed": 0, "reseed_clones": False, "chance_clones": False, "seat_relative": False}
    for opt in game.options:
        if opt.name in _RESERVED:
            continue
        spec[opt.name] = _param_default(opt.default)
    T = pyspiel.GameType
    return T(
        short_name=short_name(game.name),
        long_name=f"Cosmodrome {game.title or game.name}",
        dynamics=T.Dynamics.SEQUENTIAL,
        chance_mode=T.ChanceMode.SAMPLED_STOCHASTIC if sampled else T.ChanceMode.EXPLICIT_STOCHASTIC,
        information=T.Information.IMPERFECT_INFORMATION,
        utility=T.Utility.IDENTICAL if game.cooperative else T.Utility.GENERAL_SUM,
        reward_model=T.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=_has_recall_tensor(game) if tensor is None else tensor,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


def _options_from_params(game: Game, params: Mapping[str, Any]) -> dict[str, Any]:
    raw: dict[str, Any] = {}
    for opt in game.options:
        if opt.name in params and opt.name not in _RESERVED:
            value = params[opt.name]
            if opt.default is None and value == "":
                value = None
            raw[opt.name] = value
    return game.resolve_options(raw)


def _whole(short: str, key: str, value: Any, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise OptionError(f"{short}: parameter {key!r} must be a whole number of at least {least}, not {value!r}")
    return value


def _make_classes(core_game: Game) -> type:
    name = core_game.name
    short = short_name(name)
    # by chance mode and whether the options bound a play (no bound: no information-state tensor)
    types = {(sampled, tensor): _game_type(core_game, sampled, tensor) for sampled in (False, True)
             for tensor in (False, True)}
    spec = _game_type(core_game).parameter_specification
    CHANCE = pyspiel.PlayerId.CHANCE
    TERMINAL = pyspiel.PlayerId.TERMINAL

    class CosmodromeSpielState(pyspiel.State):
        """A pyspiel state wrapping a Cosmodrome state (``self.core``; None before the deal)."""

        def __init__(self, game: "CosmodromeSpielGame", core: Optional[State] = None) -> None:
            super().__init__(game)
            lazy = game if core is None else None
            self._core = _Core(core, lazy, name)
            if getattr(game, "reseed_clones", False):
                self._core.reseed = game._fresh_rng
            self._core.future = getattr(game, "chance_clones", False)

        @property
        def core(self) -> Optional[State]:
            """The Cosmodrome state (full information: never show it to a seat)."""
            box = self._core
            box.player = None       # whoever holds it may change it
            return box.get()

        # -- the pyspiel protocol --------------------------------------------------------------
        def current_player(self) -> int:
            if self._replay is not None:        # restoring pyspiel's history (deserialize_state)
                return self._replay[0][0]
            box = self._core
            p = box.player
            if p is not None:
                return p
            s = box._state
            if s is None:
                s = box.get()
            if s is None or s.is_chance_node():
                p = CHANCE
            else:
                seat = s.to_move()
                p = TERMINAL if seat is None else seat
            box.player = p
            return p

        def chance_outcomes(self) -> list[tuple[int, float]]:
            s = self._core._state
            if s is None:
                s = self._core.get()
            return s.chance_outcomes()   # a card dealt, a die, a draw...: empty at a decision

        def _legal_actions(self, player: int) -> list[int]:
            box = self._core
            s = box.get()
            if s is None or s.is_terminal() or player != s.to_move():
                return []
            return list(s.legal_actions())

        # -- the same answers as pyspiel's C++ ``State`` gives, without its calls back into
        # Python (about five a call: current player, terminal, chance node...) for callers
        # in Python; C++ callers still go through the trampolines above
        def legal_actions(self, player: Optional[int] = None) -> list[int]:
            """``State::LegalActions``: the outcome ids at a chance node (whatever the
            player), the legal actions of the player to move, [] for another player or
            once over."""
            p = self.current_player()
            if p == TERMINAL:
                return []
            if p == CHANCE:
                return [o for o, _ in self._core._state.chance_outcomes()]
            if player is None or player == p:
                return list(self._core._state.legal_actions())
            if player < 0:
                raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
            return []

        def is_chance_node(self) -> bool:
            p = self._core.player
            return (p if p is not None else self.current_player()) == CHANCE

        def _apply_action(self, action: int) -> None:
            if self._replay is not None:        # restoring pyspiel's history: nothing is played
                self._replay.pop(0)
                return
            box = self._core
            if box._state is None:
                box.get()
            # checked: an illegal id (or outcome) raises IllegalActionError (a ValueError)
            # naming the legal ones, and leaves the state unchanged
            box.apply(action if action.__class__ is int else int(action))

        def _action_to_string(self, player: int, action: int) -> str:
            s = self._core.get()
            if s is None:
                return f"Deal {int(action)}"
            return s.action_label(int(action))

        def is_terminal(self) -> bool:
            p = self._core.player
            return (p if p is not None else self.current_player()) == TERMINAL

        def returns(self) -> list[float]:
            s = self._core.get()
            if s is None or not s.is_terminal():
                return [0.0] * self.num_players()
            return [float(r) for r in s.returns()]

        def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> "CosmodromeSpielState":
            """A state ``player_id`` cannot tell from this one, with all it cannot see redrawn
            (Cosmodrome's ``State.resample``); the sampler (a callable giving floats in
            [0, 1), e.g. ``pyspiel.UniformProbabilitySampler``) seeds the redraw."""
            if not 0 <= int(player_id) < self.num_players():
                raise ValueError(f"{short}: no player {player_id} in a {self.num_players()}-player game")
            s = self._core.get()
            if s is None or s.is_chance_node():
                return self.clone()
            if probability_sampler is None:
                seed = int(np.random.randint(0, 2**31 - 1))
            else:
                seed = int(float(probability_sampler()) * (1 << 53))
            p = int(player_id)
            new = self.get_game().state_from_core(s.resample(p, Rng(seed)))
            # what was seen comes along as ``player_id`` saw it, for every seat (the others'
            # own records would carry what it cannot see)
            for step in self._core.steps():
                new._core.seen = (new._core.seen, (step[p],) * len(step))
            new._core.trace = self._core.trace.as_seen_by(p)
            return new

        def clone_for_search(self) -> "CosmodromeSpielState":
            """A clone that does not foresee the future, for search: the same position (hidden
            parts included, as ``clone()``), but every later die, draw and random pick a
            chance node with its odds (:func:`future_as_chance`). In the sampled mode a
            plain ``clone()`` carries the generator and rolls the same dice as this state;
            this one is what ``MCTSBot`` should search on there (or load the game with
            ``chance_clones=True``, which makes every ``clone()`` one). In the explicit
            mode it is a plain clone (those states hold no generator)."""
            new = self.clone()
            box = new._core
            s = box.get()
            if s is not None and s.chance_mode == "sampled" and not s.is_terminal():
                box._state = make_explicit(s)       # the clone's own copy, changed in place
                box.player = None
            return new

        # -- serialization: JSON, never pickle ---------------------------------------------------
        def serialize(self) -> str:
            """The state as canonical JSON (one line): the Cosmodrome state (``to_json()``,
            hidden parts included), what each seat has seen, and pyspiel's history.
            ``game.deserialize_state`` rebuilds it exactly, and serializing that gives the
            same bytes again. (pyspiel's C++ code, e.g. ``random_sim_test(serialize=True)``,
            still pickles a Python state internally: never load such text from strangers.)"""
            data = {"format": STATE_FORMAT, "version": 1, "game": short,
                    "history": [[int(pa.player), int(pa.action)] for pa in self.full_history()]}
            data.update(_box_json(self._core))
            return json.dumps(data, sort_keys=True, separators=(",", ":"))

        _replay: Optional[list] = None

        def _restore(self, history: list, box: "_Core") -> None:
            """Give this fresh state pyspiel's ``history`` (without playing it: the steps
            only go into pyspiel's record) and the Cosmodrome state of ``box``."""
            self._replay = [tuple(step) for step in history]
            try:
                for _, action in history:
                    self.apply_action(action)
            finally:
                del self._replay
            self._core = box

        def __str__(self) -> str:
            s = self._core.get()
            if s is None or s.is_dealing():
                return BEFORE_DEAL
            return s.game.render_text(s.view(None), None)

    CosmodromeSpielState.__name__ = CosmodromeSpielState.__qualname__ = f"{_camel(name)}SpielState"

    class CosmodromeSpielGame(pyspiel.Game):
        """A Cosmodrome game seen through pyspiel (``self.core_game``)."""

        state_class = CosmodromeSpielState

        def __init__(self, params: Optional[Mapping[str, Any]] = None) -> None:
            params = dict(params or {})
            for k, v in spec.items():
                params.setdefault(k, v)
            players = params["players"]
            core_game.check_players(players)  # PlayerCountError (a ValueError) naming the range
            self.options = _options_from_params(core_game, params)  # OptionError (a ValueError)
            sampled = params["sampled_chance"]
            if not isinstance(sampled, bool):
                raise OptionError(f"{short}: sampled_chance must be true or false, not {sampled!r}")
            if not sampled and not core_game.explicit_chance:
                raise OptionError(f"{short}: {core_game.title or name} offers no explicit chance yet; "
                                  "only sampled_chance=true")
            seed = _whole(short, "rng_seed", params["rng_seed"], 0)
            reseed = params["reseed_clones"]
            if not isinstance(reseed, bool):
                raise OptionError(f"{short}: reseed_clones must be true or false, not {reseed!r}")
            future = params["chance_clones"]
            if not isinstance(future, bool):
                raise OptionError(f"{short}: chance_clones must be true or false, not {future!r}")
            if future and reseed:
                raise OptionError(f"{short}: reseed_clones and chance_clones are two kinds of search "
                                  "clone: choose one")
            outcomes = 0 if sampled else core_game.max_chance_outcomes(players, self.options)
            info = pyspiel.GameInfo(
                num_distinct_actions=core_game.num_actions,
                max_chance_outcomes=outcomes,
                num_players=players,
                min_utility=0.0,
                max_utility=1.0,
                max_game_length=_max_game_length(core_game, players, self.options),
            )
            try:
                recall: Optional[RecallLayout] = recall_layout(core_game, players, self.options, not sampled)
                no_recall = ""
            except OptionError as exc:      # no bound for these options (e.g. a variant's endless re-roll)
                recall, no_recall = None, f"{short}: no information-state tensor: {exc}"
            # get_type() says whether these options give the tensor (generic tools ask it first)
            super().__init__(types[sampled, recall is not None], info, params)
            self.players = players
            self.sampled = sampled
            self.schema = schema_for(core_game, players, self.options)
            self.recall, self.no_recall = recall, no_recall
            self._seeds = Rng(seed)
            self.reseed_clones = reseed
            relative = params["seat_relative"]
            if not isinstance(relative, bool):
                raise OptionError(f"{short}: seat_relative must be true or false, not {relative!r}")
            #: ``seat_relative``: the observation tensor seen from the observer's seat
            self.relative = seat_relative(core_game, players, self.options) if relative else None
            self.chance_clones = future
            self._clone_seeds = Rng(seed + 1)

        # -- states ----------------------------------------------------------------------------
        def new_initial_state(self, *args: Any) -> CosmodromeSpielState:
            if args:
                raise ValueError(f"{short}: new_initial_state takes no argument; "
                                 "use state_for_seed(seed) or deserialize_state(text)")
            return CosmodromeSpielState(self)

        def _fresh_rng(self) -> Rng:
            """A fresh generator for a search clone (``reseed_clones``)."""
            return Rng(self._clone_seeds.below(1 << 62))

        def _fresh_core(self) -> State:
            if not self.sampled:        # explicit: the set-up dealt item by item
                return core_game.deal_state(self.players, self.options)
            return core_game.new_state(self.players, self._seeds.below(1 << 31), self.options)

        def state_for_seed(self, seed: int) -> CosmodromeSpielState:
            """The state right after the deal of Cosmodrome seed ``seed`` (any whole number),
            in this game's chance mode."""
            mode = "sampled" if self.sampled else "explicit"
            state = CosmodromeSpielState(self, core_game.new_state(self.players, int(seed), self.options, chance=mode))
            state._core.record("setup", None, state.core.initial_events)
            return state

        # -- the seed stream of the sampled mode, for serialize_game_and_state -----------------
        def get_rng_state(self) -> str:
            """The state of the stream that seeds new initial states (sampled mode)."""
            return str(self._seeds.state)

        def set_rng_state(self, text: str) -> None:
            try:
                self._seeds = Rng.from_state(int(text.strip()))
            except ValueError:
                raise ValueError(f"{short}: a game RNG state is a whole number, not {text!r}") from None

        def serialize(self) -> str:
            """``Game::Serialize``: the game string, and in the sampled mode the seed stream's
            state (which pyspiel itself cannot ask a Python game for)."""
            text = self.to_string()
            if self.sampled:
                text += f"\n{RNG_SECTION}\n{self.get_rng_state()}"
            return text

        def deserialize_state(self, text: str) -> CosmodromeSpielState:
            """The state :meth:`CosmodromeSpielState.serialize` wrote (JSON); RecordError
            (a ValueError) naming the problem for anything else (pickled text included:
            it is never loaded)."""
            try:
                data = json.loads(text)
            except (TypeError, ValueError):
                raise RecordError(f"{short}: a serialized state is the JSON its serialize() writes; "
                                  "this text is not JSON (pickled states are not loaded)") from None
            if not isinstance(data, dict) or data.get("format") != STATE_FORMAT or data.get("game") != short:
                raise RecordError(f"{short}: this JSON is not a serialized {short} state")
            history = data.get("history")
            if not isinstance(history, list) or not all(
                    isinstance(h, list) and len(h) == 2
                    and all(isinstance(x, int) and not isinstance(x, bool) for x in h)
                    for h in history):
                raise RecordError(f"{short}: a serialized state's 'history' is a list of [player, action] pairs")
            box = _box_from_json(name, data)
            if box.peek() is None:
                raise RecordError(f"{short}: a serialized state needs its Cosmodrome state ('core')")
            state = CosmodromeSpielState(self, box.peek())
            state._restore(history, box)
            return state

        def state_from_core(self, core: State) -> CosmodromeSpielState:
            """Wrap a Cosmodrome state of this game (same player count) as a pyspiel state."""
            if core.game.name != name or core.num_players != self.players:
                raise ValueError(f"{short}: cannot wrap a {core.num_players}-player "
                                 f"{core.game.name} state in a {self.players}-player {name} game")
            return CosmodromeSpielState(self, core)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CosmodromeObserver:
            if params:
                raise ValueError(f"{short}: observation parameters are not supported, got {params}")
            perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
            if perfect:
                # without a length bound (no recall layout) the string only: asking for the
                # tensor raises, naming why
                return CosmodromeObserver(self.recall, True, self.no_recall)
            return CosmodromeObserver(self.schema, False, relative=self.relative)

        def describe_tensor(self) -> list[str]:
            """The meaning of each entry of the observation / information-state tensors."""
            return self.schema.describe()

    CosmodromeSpielGame.core_game = core_game
    CosmodromeSpielGame.__name__ = CosmodromeSpielGame.__qualname__ = f"{_camel(name)}SpielGame"
    return CosmodromeSpielGame


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.replace("_", "-").split("-"))


# ----- serializing a game and a state ------------------------------------------------------------
_PYSPIEL_SERIALIZE = pyspiel.serialize_game_and_state
_PYSPIEL_DESERIALIZE = pyspiel.deserialize_game_and_state


def _cosmodrome(game: Any) -> bool:
    return type(game) in _REGISTERED.values()


def serialize_game_and_state(game: "pyspiel.Game", state: "pyspiel.State") -> str:
    """``pyspiel.serialize_game_and_state`` for a Cosmodrome game: pyspiel's format, the
    state's section being its JSON (:meth:`serialize`, never a pickle) and, in the sampled
    mode, the seed stream's state in the game's section (pyspiel asks a game for it through
    a C++ hook a Python game cannot fill). Other games go to pyspiel. Importing this module
    installs it as ``pyspiel.serialize_game_and_state``."""
    if not _cosmodrome(game):
        return _PYSPIEL_SERIALIZE(game, state)
    return ("# Automatically generated by OpenSpiel SerializeGameAndState\n[Meta]\nVersion: 1\n\n"
            f"[Game]\n{game.serialize()}\n[State]\n{state.serialize()}\n")


def deserialize_game_and_state(text: str) -> tuple:
    """The inverse of :func:`serialize_game_and_state` (installed as
    ``pyspiel.deserialize_game_and_state``): the game, its seed stream, and the state."""
    sections: dict[str, list[str]] = {"[Meta]": [], "[Game]": [], "[State]": []}
    current = None
    for line in text.split("\n"):
        if not line or line.startswith("#"):
            continue
        if line in sections:
            current = line
        elif current is not None:
            sections[current].append(line)
    game_lines = sections["[Game]"]
    if not game_lines or PREFIX not in game_lines[0]:
        return _PYSPIEL_DESERIALIZE(text)
    cut = game_lines.index(RNG_SECTION) if RNG_SECTION in game_lines else len(game_lines)
    game = pyspiel.load_game("\n".join(game_lines[:cut]))
    if cut < len(game_lines):
        game.set_rng_state("\n".join(game_lines[cut + 1:]))
    return game, game.deserialize_state("\n".join(sections["[State]"]))


pyspiel.serialize_game_and_state = serialize_game_and_state
pyspiel.deserialize_game_and_state = deserialize_game_and_state


# ----- registration ----------------------------------------------------------------------------
def register_game(game: Union[str, Game]) -> str:
    """Register one Cosmodrome game with pyspiel (again is harmless); return its pyspiel name."""
    g = get_game(game) if isinstance(game, str) else game
    short = short_name(g.name)
    if short not in _REGISTERED:
        cls = _make_classes(g)
        pyspiel.register_game(_game_type(g), cls)
        _REGISTERED[short] = cls
    return short


def register_all() -> list[str]:
    """Register every game of the Cosmodrome registry; return their pyspiel names."""
    return [register_game(n) for n in game_names()]


def load_game(game: Union[str, Game], players: Optional[int] = None, **params: Any) -> "pyspiel.Game":
    """``pyspiel.load_game`` for a Cosmodrome game by its Cosmodrome name (or its pyspiel
    name), registering it first if needed. Unknown games raise UnknownGameError, bad player
    counts PlayerCountError, bad options OptionError (all naming the problem).

    >>> load_game("pocket-race", players=2, rounds=2).max_game_length()
    4
    """
    if isinstance(game, str) and game.startswith(PREFIX):
        wanted = game[len(PREFIX):]
        matches = [n for n in game_names() if n.replace("-", "_") == wanted]
        game = matches[0] if matches else wanted
    g = get_game(game) if isinstance(game, str) else game
    short = register_game(g)
    if players is not None:
        params["players"] = players
    g.check_players(params.get("players", _default_players(g)))
    return pyspiel.load_game(short, params)


def spiel_state(state: State) -> "pyspiel.State":
    """Wrap a Cosmodrome state as a pyspiel state of its game (registered if needed)."""
    game = load_game(state.game, players=state.num_players)
    return game.state_from_core(state)


def describe_tensor(game: Union[str, Game], players: int, options: Optional[Mapping[str, Any]] = None) -> list[str]:
    """The meaning of each entry of the tensors of ``game`` for ``players`` seats."""
    g = get_game(game) if isinstance(game, str) else game
    g.check_players(players)
    return schema_for(g, players, options).describe()


# ----- speed figure for the benchmarks ---------------------------------------------------------
def random_play_stats(game: Union[str, "pyspiel.Game"], seconds: float = 2.0, seed: int = 0) -> dict[str, Any]:
    """Play uniformly random games of a pyspiel game for about ``seconds`` seconds.

    ``game`` is a pyspiel game, a pyspiel game string (``"hearts"``, ``"tic_tac_toe"``,
    ``"python_tic_tac_toe"``...) or a Cosmodrome game name. A *decision* is one action of
    a player; chance outcomes (explicit chance nodes, as in C++ hearts) are sampled with
    their probabilities and not counted. Returns ``decisions``, ``games`` (finished),
    ``seconds`` and ``decisions_per_second``.
    """
    if isinstance(game, str):
        if game in game_names() or game.startswith(PREFIX):
            game = load_game(game)
        else:
            if game.startswith("python_"):
                import open_spiel.python.games  # noqa: F401  (registers the Python games)
            game = pyspiel.load_game(game)
    rng = np.random.RandomState(seed)
    decisions = games = 0
    start = time.perf_counter()
    deadline = start + float(seconds)
    state = game.new_initial_state()
    while True:
        if state.is_terminal():
            games += 1
            if time.perf_counter() >= deadline:
                break
            state = game.new_initial_state()
            continue
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        legal = state.legal_actions()
        state.apply_action(legal[rng.randint(len(legal))])
        decisions += 1
        if decisions % 64 == 0 and time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return {"game": str(game), "decisions": decisions, "games": games, "seconds": elapsed,
            "decisions_per_second": decisions / elapsed if elapsed > 0 else 0.0}


def random_play_speed(game: Union[str, "pyspiel.Game"], seconds: float = 2.0, seed: int = 0) -> float:
    """Decisions per second of uniformly random play of ``game`` (see :func:`random_play_stats`)."""
    return random_play_stats(game, seconds, seed)["decisions_per_second"]


register_all()
