"""The protocol every game provides and every tool (CLI, bots, lab, server, adapters) uses.

A :class:`Game` is the static description of a game: its name, player range, options and the
size of its fixed integer action space. A :class:`State` is one position in one play of it.
The split follows OpenSpiel's Python games; the naming follows python-chess (one obvious
object per concept).

Every decision in a game, including those taken out of turn (a reaction card, a crisis
asking the richest player which mine to lose), is asked of exactly one seat:
``state.to_move()``. What is being decided is ``state.decision()``; the options are small
stable integers ``state.legal_actions()`` with readable labels. ``state.apply(action)``
advances the state and returns the :class:`~cosmodrome.core.events.Event` list it caused.
Randomness lives in the state (a seeded :class:`~cosmodrome.core.rng.Rng`), so the same
seed and the same actions always give the same game.

>>> from cosmodrome.core import get_game      # doctest: +SKIP
>>> s = get_game("venus").new_state(players=3, seed=1)   # doctest: +SKIP
>>> while not s.is_terminal():                            # doctest: +SKIP
...     s.apply(s.legal_actions()[0])
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Sequence

from cosmodrome.core import component_words
from cosmodrome.core.chance import MODES, make_explicit
from cosmodrome.core.errors import (
    GameOverError,
    IllegalActionError,
    OptionError,
    PlayerCountError,
    RecordError,
)
from cosmodrome.core.events import Event
from cosmodrome.core.howto import hint_for, load_howto, page
from cosmodrome.core.provenance import file_entries, reconstruction
from cosmodrome.core.rng import Rng
from cosmodrome.i18n import _, gettext, pgettext

#: a game's help without numbers to name (:meth:`Game.help_numbers`)
_NO_NUMBERS: Mapping[str, Any] = {}


def _option_kind(kind: str) -> str:
    """An option's kind (``int``, ``bool``...) as its refusal names it, in the reader's
    language (English keeps the kind's own name)."""
    words = {"int": pgettext("an option's kind", "int"), "bool": pgettext("an option's kind", "bool"),
             "str": pgettext("an option's kind", "str"), "path": pgettext("an option's kind", "path"),
             "choice": pgettext("an option's kind", "choice")}
    return words.get(kind, kind)


@dataclass(frozen=True)
class OptionSpec:
    """One game option (a variant switch, a data file, a difficulty...).

    ``kind`` is one of ``"bool"``, ``"int"``, ``"str"``, ``"choice"`` or ``"path"``. A
    ``"path"`` option (a data file) is a file path for local use, or the file's content as
    ``{"toml": text, "name": label}`` (what the server stores, so a record replays anywhere).
    """

    name: str
    kind: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    #: the option's name in words for people (the lobby); its ``name`` when left empty
    label: str = ""
    #: the player counts (lowest, highest) the option applies to; None: every count
    players: Optional[tuple[int, int]] = None

    def coerce(self, value: Any) -> Any:
        """Turn a user-given value (possibly a string from a command line) into this option's type."""
        try:
            if self.kind == "bool":
                if isinstance(value, str):
                    low = value.strip().lower()
                    if low in ("1", "true", "yes", "on"):
                        return True
                    if low in ("0", "false", "no", "off"):
                        return False
                    raise ValueError(value)
                if isinstance(value, bool):
                    return value
                raise ValueError(value)
            if self.kind == "int":
                if isinstance(value, bool):
                    raise ValueError(value)
                value = int(value)
            elif self.kind == "path" and isinstance(value, Mapping):
                # a data file given by its content: {"toml": text, "name": label}
                if not isinstance(value.get("toml"), str) or not isinstance(value.get("name", ""), str):
                    raise ValueError(value)
                value = {"toml": value["toml"], "name": value.get("name", "")}
            elif self.kind in ("str", "path", "choice"):
                if value is not None and not isinstance(value, str):
                    raise ValueError(value)
        except (TypeError, ValueError):
            raise OptionError(_("option {name!r} expects a {kind}, not {value!r}").format(
                name=self.name, kind=_option_kind(self.kind), value=value)) from None
        if self.choices and value not in self.choices:
            raise OptionError(
                _("option {name!r} must be one of {names}, not {value!r}").format(
                    name=self.name, names=', '.join(map(str, self.choices)), value=value)
            )
        return value

    def describe(self) -> str:
        """What the option does, in the reader's language (``help``; a game's subclass may write
        it from its data, e.g. with a number of its rules)."""
        return gettext(self.help)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "default": self.default, "help": self.describe(),
                "choices": list(self.choices),
                # each choice in the reader's language (a value stays as it is, the word is read)
                "choice_labels": [gettext(c) if isinstance(c, str) and c else c for c in self.choices],
                "label": gettext(self.label) if self.label else self.name.replace("_", " ").capitalize(),
                "players": list(self.players) if self.players else None}


@dataclass(frozen=True)
class RuleNumberOption(OptionSpec):
    """An option whose description names numbers of the rules: ``words()`` writes it in the
    reader's language from the game's packaged component data (a variant file is chosen with
    the options, so the option names the packaged game's numbers)."""

    words: Optional[Callable[[], str]] = None

    def describe(self) -> str:
        return self.words() if self.words else super().describe()


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a decision: the action id, a label a person reads, and JSON details
    (for example ``{"planet": "Mars"}``) that a client uses to highlight a place on the table."""

    action: int
    label: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "label": self.label, "data": self.data}


@dataclass(frozen=True)
class Decision:
    """What the seat to move is deciding now: a kind (machine-readable), a prompt (a sentence
    for a person) and the options."""

    seat: int
    kind: str
    prompt: str
    options: tuple[Choice, ...]
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "prompt": self.prompt,
                "options": [c.to_json() for c in self.options], "data": self.data}


class Game(ABC):
    """The static description of a game. Subclasses set the class attributes and implement
    :meth:`_new_state` and :meth:`state_from_json`."""

    #: registry key, e.g. ``"venus"``
    name: str = ""
    #: the title shown to people
    title: str = ""
    min_players: int = 1
    max_players: int = 1
    #: the size of the fixed action space: every legal action is an int in ``range(num_actions)``
    num_actions: int = 0
    options: tuple[OptionSpec, ...] = ()
    #: short description of the game for listings
    description: str = ""
    #: "module:Class" of the game's heuristic bot (a :class:`cosmodrome.core.bot.Bot`), if any.
    #: The core never imports it; the bots registry does, lazily.
    heuristic_bot: str = ""
    #: decision kinds that open a seat's turn (e.g. Venus's action menu); search bots with an
    #: opponent model look ahead to the searching seat's next decision of one of these kinds
    #: (empty: the kind of the decision being searched)
    turn_kinds: frozenset = frozenset()
    #: the game's component data file (TOML, every entry marked fact or assumed), if any
    components_file: Optional[Path] = None
    #: sentences on what else of the game is ours rather than printed (e.g. invented card
    #: titles), shown with the reconstructed component data
    reconstruction_notes: tuple[str, ...] = ()
    #: names of the component file's entries that are not words (a card's effect id) -> the
    #: English name people read (``N_()``-marked where the game writes it): "About this game"
    #: and the design lab show it, in the reader's language (core.component_words)
    component_names: Mapping[str, str] = {}
    #: a co-operative game: every seat wins or loses together, and ``returns()`` is a shared
    #: team reward (1.0 for every seat on a victory, 0.0 for every seat on a defeat)
    cooperative: bool = False
    #: the symbols of :meth:`render_text` explained, as ``(symbol, meaning)`` pairs; the
    #: terminal table shows them beside the board
    legend: tuple[tuple[str, str], ...] = ()
    #: a colour per seat (``#rrggbb``) for screens that colour seats, e.g. the terminal's log
    seat_colours: tuple[str, ...] = ("#e0453a", "#3f7be8", "#9b59d0", "#f2c230", "#3dbb6a", "#ff8c42")
    #: the game offers explicit chance (``new_state(..., chance="explicit")``, see
    #: :mod:`cosmodrome.core.chance`): every random event after the setup is a chance node
    explicit_chance: bool = False
    #: the game's help file (TOML, our own words; see :mod:`cosmodrome.core.howto`): the rules
    #: page and the first-game hints of its decisions
    help_file: Optional[Path] = None
    #: lists the rules page takes from the game's text module, by name (e.g. the texts of the
    #: special box tokens), so that a text is written once
    help_items: Mapping[str, Mapping[str, str]] = {}
    #: the game's declared observation: a function ``(players, options) -> Layout`` (see
    #: :mod:`cosmodrome.core.observation`), or None (the adapters then derive a layout)
    observation_layout: Optional[Callable[..., Any]] = None
    #: options (choice or yes/no) whose every value the lab's ``balance`` compares by default,
    #: with every player count (e.g. a difficulty level)
    balance_by: tuple[str, ...] = ()
    #: the words of each way a game can end, by the code its :meth:`GameState.summary` gives as
    #: ``"end"`` (marked ``N_()``; the design lab shows them in the reader's language)
    end_causes: dict[str, str] = {}
    #: the words of the counters :meth:`State.summary` gives the lab, ``{key: N_("label")}``:
    #: declared in the game's package beside its summary (as its statistics rows carry their
    #: labels); a lab run's results carry them (:func:`cosmodrome.lab.compare.labels`) and the lab
    #: page writes each through the reader's catalog
    summary_labels: Mapping[str, str] = {}
    #: keys of a view that are words for people, the same in every position of a game (Venus's
    #: tooltips, ``help``): the table draws them, but they are not part of what a seat observes,
    #: so :func:`observed_view` (information state strings, OpenSpiel's observation strings)
    #: leaves them out
    presentation_keys: tuple[str, ...] = ()
    #: the version of the game's rules as this code plays them: a whole number the game bumps
    #: whenever a change alters what a recorded action means (a decision offered differently,
    #: a rule read anew), so a stored game knows under which rules its actions were taken
    rules_version: int = 1
    #: decision kinds whose kind, prompt and hint every seat and spectator may read while
    #: another seat decides (see :meth:`public_decision`): a kind belongs here only when the
    #: game offers that decision, with that prompt, whatever the hidden cards, dice or tiles
    #: are. Any other decision is shown to the others as ``"deciding"`` and nothing more.
    public_kinds: frozenset = frozenset()
    #: decision kinds the game offers whatever is hidden but whose prompt names a hidden
    #: thing (a card the seat holds): the others read the kind, its hint and this prompt
    public_prompts: Mapping[str, str] = {}

    # ----- creating states -------------------------------------------------------------
    def new_state(self, players: int, seed: int = 0, options: Optional[Mapping[str, Any]] = None,
                  chance: str = "sampled") -> "State":
        """A fresh game for ``players`` seats, with all randomness drawn from ``seed``.

        ``chance`` is ``"sampled"`` (the default: the state rolls its dice and draws its
        cards with its own seeded generator) or ``"explicit"`` (the setup comes from
        ``seed``, every later random event is a chance node; only for a game with
        ``explicit_chance``; see :mod:`cosmodrome.core.chance`).

        Raises :class:`PlayerCountError` or :class:`OptionError` naming the problem."""
        self.check_players(players)
        opts = self.resolve_options(options)
        self.check_chance(chance)
        state = self._new_state(int(players), int(seed), opts)
        return make_explicit(state) if chance == "explicit" else state

    def deal_state(self, players: int, options: Optional[Mapping[str, Any]] = None) -> "State":
        """The explicit-chance state *before* the set-up: every card, tile or die the set-up
        deals is a chance node of its own (its outcomes the distinct items left, identical
        copies merged, each with its share; seen by the seats the rules say), and every later
        random event too. No seed: chance alone deals. Only for a game with
        ``explicit_chance``; see :mod:`cosmodrome.core.chance`.

        Raises :class:`PlayerCountError` or :class:`OptionError` naming the problem."""
        from cosmodrome.core.chance import deal_state
        self.check_players(players)
        opts = self.resolve_options(options)
        self.check_chance("explicit")
        return deal_state(self, int(players), opts)

    def load_state(self, data: Mapping[str, Any]) -> "State":
        """:meth:`state_from_json`, and also a set-up still being dealt (:meth:`deal_state`)."""
        from cosmodrome.core.chance import load_state
        return load_state(self, data)

    def check_chance(self, chance: Any) -> None:
        """Refuse a chance mode the game does not offer, naming the problem."""
        if chance not in MODES:
            raise OptionError(_("the chance mode is one of {names}, not {chance!r}").format(
                names=', '.join(MODES), chance=chance))
        if chance == "explicit" and not self.explicit_chance:
            raise OptionError(_("{game} offers no explicit chance yet (only the sampled mode)").format(
                game=gettext(self.title or self.name)))

    def max_chance_outcomes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """A bound on the outcome ids of the chance nodes of the explicit mode (every outcome
        is below it); 0 for a game without explicit chance. Games with it override this."""
        return 0

    def max_game_length(self, players: int, options: Optional[Mapping[str, Any]] = None) -> Optional[int]:
        """An upper bound on the number of decisions of one play (chance nodes not counted),
        derived from the rules and the engine's caps; None when the game declares none.
        Games override this (see docs/RESEARCH.md for the figures)."""
        return None

    def max_chance_nodes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> Optional[int]:
        """An upper bound on the chance nodes of one play in the explicit mode (after the
        setup); None when the game declares none."""
        return None

    def max_deal_nodes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """An upper bound on the chance nodes of the set-up dealt item by item
        (:meth:`deal_state`), beyond those :meth:`max_chance_nodes` counts. Games with a
        set-up that draws override this."""
        return 0

    @abstractmethod
    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> "State":
        ...

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> "State":
        """Rebuild a state from :meth:`State.to_json`; raises :class:`RecordError` if malformed."""

    # ----- validation ------------------------------------------------------------------
    def check_players(self, players: Any) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise PlayerCountError(_("{game}: the player count must be a whole number, not {players!r}").format(
                game=gettext(self.title or self.name), players=players))
        if not self.min_players <= players <= self.max_players:
            if self.min_players == self.max_players:
                span = _("exactly {n}").format(n=self.min_players)
            else:
                span = _("{low} to {high}").format(low=self.min_players, high=self.max_players)
            raise PlayerCountError(_("{game} is played by {span} players, not {players}").format(
                game=gettext(self.title or self.name), span=span, players=players))

    def resolve_options(self, options: Optional[Mapping[str, Any]]) -> dict[str, Any]:
        """Fill defaults, coerce types and refuse unknown option names."""
        known = {o.name: o for o in self.options}
        out = {o.name: o.default for o in self.options}
        for key, value in (options or {}).items():
            if key not in known:
                names = ", ".join(sorted(known)) or "none"
                raise OptionError(_("{name} has no option {key!r} (options: {names})").format(
                    name=self.name, key=key, names=names))
            out[key] = known[key].coerce(value)
        return out

    # ----- presentation ----------------------------------------------------------------
    def render_text(self, view: Mapping[str, Any], seat: Optional[int] = None) -> str:
        """The table as plain text for a terminal, from a view dict. Games override this."""
        return json.dumps(view, indent=2, ensure_ascii=False)

    def render_hand(self, view: Mapping[str, Any], seat: Optional[int] = None) -> str:
        """The seat's own hand as plain text, for a screen that shows it in a pane of its
        own; empty when the game has no hand (the default) or the view holds none."""
        return ""

    def render_board(self, view: Mapping[str, Any], seat: Optional[int] = None) -> str:
        """The table for a screen that shows the hand (:meth:`render_hand`) and the log in
        panes of their own: without them. By default it is :meth:`render_text`."""
        return self.render_text(view, seat)

    def legend_rows(self) -> list[tuple[str, str]]:
        """:attr:`legend` in the current language: each symbol as the board writes it in that
        language, and its meaning. By default both are looked up in the catalog (a sign such
        as ``#`` has no entry and stays as it is); a game whose board writes words or
        abbreviations in the reader's language gives them from the helpers its board uses."""
        return [(gettext(sym), gettext(meaning)) for sym, meaning in self.legend]

    def seat_name(self, seat: int, players: int) -> str:
        """How a seat is called at the table (an empire, a colour...)."""
        return f"Player {seat + 1}"

    def seat_colour(self, seat: int) -> str:
        """The seat's colour (``#rrggbb``) from :attr:`seat_colours`, repeating past its end.

        >>> from cosmodrome.testing.toy import GAME
        >>> GAME.seat_colour(1), GAME.seat_colour(7) == GAME.seat_colour(1)
        ('#3f7be8', True)
        """
        return self.seat_colours[seat % len(self.seat_colours)]

    def reconstructed(self) -> dict[str, Any]:
        """What of this game's components is our reconstruction rather than printed fact:
        ``sections`` (per section of the component file, the assumed entries with their
        sources; see :mod:`cosmodrome.core.provenance`) and ``notes`` (names and other
        things we invented)."""
        sections = reconstruction(file_entries(self.components_file)) if self.components_file else []
        for sec in sections:  # the sources and the keys' words in the reader's language
            sec["label"] = component_words.word(sec["section"])
            sec["entries"] = [dict(e, source=gettext(e["source"]),
                                   label=component_words.entry_label(e["path"], self.component_names))
                              for e in sec["entries"]]
        return {"sections": sections, "notes": [gettext(n) for n in self.reconstruction_notes]}

    def how_to_play(self) -> Optional[dict[str, Any]]:
        """The rules page in our own words (sections citing the rulebook, diagrams, lists from
        the text module), or None for a game without a help file."""
        if self.help_file is None:
            return None
        return dict(page(load_howto(self.help_file), self.help_items, self.help_numbers()), game=self.name,
                    title=gettext(self.title))

    def help_numbers(self) -> Mapping[str, Any]:
        """The numbers the help file's texts may name, by dotted name (``{rules.combat_dice}``:
        see :func:`cosmodrome.core.howto.fill`), from the game's packaged component data; the
        same mapping each time (the hints are kept per mapping). None by default."""
        return _NO_NUMBERS

    def hint(self, decision: "Decision") -> Optional[dict[str, Any]]:
        """A first-game hint for ``decision``: what it means and what its options do
        (``{"text", "options": [{"text", "actions"}]}``), or None when the game has none."""
        if self.help_file is None:
            return None
        last = self._last_hint
        if last is not None and last[0] is decision:  # asked again for the same decision (the
            return last[1]                              # server: the mover's hint, then everyone's)
        hint = hint_for(load_howto(self.help_file), decision.kind, ((c.action, c.data) for c in decision.options),
                        self.help_numbers())
        self._last_hint = (decision, hint)
        return hint

    #: (decision, its hint) of the last :meth:`hint` asked
    _last_hint: Optional[tuple] = None

    def public_decision(self, state: "State", decision: "Decision") -> dict[str, Any]:
        """What every seat and spectator learns of ``decision`` while its seat decides:
        ``{"kind", "prompt", "hint"}``. The kind, prompt and first-game hint of a kind in
        :attr:`public_kinds`; for any other kind only that the seat is deciding (kind
        ``"deciding"``, an empty prompt, no hint), so that a prompt naming a hidden card, or a
        kind that only a holder of a card is asked, tells the others nothing. A kind of
        :attr:`public_prompts` shows its kind and hint with the prompt given there."""
        kind, prompt = self.public_line(decision.kind, lambda: decision.prompt)
        hint = self.hint(decision) if kind == decision.kind else None
        return {"kind": kind, "prompt": prompt, "hint": hint and hint["text"]}

    def public_line(self, kind: str, prompt: Callable[[], str]) -> tuple[str, str]:
        """The kind and prompt of a decision as the seats not deciding read them (``prompt``
        gives the decider's own prompt): see :meth:`public_decision`. A view that names the
        decision being taken uses this for every seat but the one deciding."""
        if kind in self.public_kinds:
            return kind, prompt()
        if kind in self.public_prompts:
            return kind, gettext(self.public_prompts[kind])
        return "deciding", ""

    def statistics(self, state: "State", events: Sequence[Event]) -> list[dict[str, Any]]:
        """End-of-game statistics of a finished game, declared beside the game's scoring: rows
        ``{"key", "label", "help", "values": one number a seat}`` (see
        :mod:`cosmodrome.core.statistics`), computed from the final ``state`` and the public
        ``events`` of the whole game. None by default."""
        return []

    def info(self) -> dict[str, Any]:
        return {"name": self.name, "title": gettext(self.title), "min_players": self.min_players,
                "max_players": self.max_players, "num_actions": self.num_actions,
                "options": [o.to_json() for o in self.options], "description": gettext(self.description),
                "cooperative": self.cooperative, "explicit_chance": self.explicit_chance,
                "how_to_play": self.help_file is not None,
                "reconstructed": self.reconstructed()}

    def __repr__(self) -> str:
        return f"<Game {self.name}>"


class State(ABC):
    """One position. Concrete games implement the abstract methods; the base class adds
    checked :meth:`apply`, labels and the decision helper.

    Conventions:

    - ``returns()`` gives each seat its share of the win: 1/k for each of k winners, 0 for
      everybody else, all 0 when everybody lost. In a co-operative game
      (``Game.cooperative``) it is the team's result, the same for every seat:
      1.0 each on a victory, 0.0 each on a defeat (see :func:`team_returns`).
    - ``view(seat)`` is JSON-ready and carries nothing ``seat`` may not see; ``view(None)`` is
      the spectators' view.
    - ``resample(seat, rng)`` returns a clone in which everything ``seat`` cannot see (other
      hands, deck and bag order, the random state) has been redrawn consistently with what it
      can see.
    """

    game: Game
    num_players: int
    #: the events of setting up (first-player rolls, opening draws...) of a state made by
    #: ``Game.new_state``; empty on clones and loaded states
    initial_events: list[Event] = []

    # ----- whose turn, what choice -----------------------------------------------------
    @abstractmethod
    def to_move(self) -> Optional[int]:
        """The seat that must decide now, or None when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """The legal actions of the seat to move, ascending; empty only when the game is over."""

    @abstractmethod
    def action_label(self, action: int) -> str:
        """A readable label of ``action`` in this state."""

    def action_json(self, action: int) -> dict[str, Any]:
        """The JSON form of ``action`` (id, label and details a client can use)."""
        return {"action": action, "label": self.action_label(action)}

    def decision_kind(self) -> str:
        return "choose"

    def decision_prompt(self) -> str:
        return "Choose an option."

    def decision(self) -> Optional[Decision]:
        """What the seat to move decides now, with its options; None when the game is over."""
        seat = self.to_move()
        if seat is None:
            return None
        options = tuple(Choice(a, j["label"] if "label" in j else self.action_label(a),
                               {k: v for k, v in j.items() if k != "action" and k != "label"})
                        for a in self.legal_actions() for j in (self.action_json(a),))
        return Decision(seat, self.decision_kind(), self.decision_prompt(), options)

    def decision_in_view(self, view: Any) -> Optional[Decision]:
        """:meth:`decision`, read from ``view`` (this position's view for the seat to move)
        when the view shows it with its options, so that they are not built twice: a view's
        ``"decision"`` with ``"options"`` holds the decision's seat, kind and prompt and each
        legal action's :meth:`action_json` in order (Onward to Venus's view; checked for every
        game by tests/core/test_decision_in_view.py). None when the view has no options."""
        d = view.get("decision") if view.__class__ is dict else None
        options = d.get("options") if d.__class__ is dict else None
        if options.__class__ is not list:
            return None
        return Decision(d["seat"], d["kind"], d["prompt"], tuple(
            Choice(j["action"], j["label"], {k: v for k, v in j.items() if k != "action" and k != "label"})
            for j in options))

    # ----- advancing -------------------------------------------------------------------
    def kept_legal_actions(self) -> Optional[list]:
        """The legal actions a game kept from its last :meth:`legal_actions` call when they
        are still those of this position, else None (the default: nothing kept).
        :meth:`apply` checks an action against them instead of computing them again."""
        return None

    def apply(self, action: int) -> list[Event]:
        """Apply a legal action of the seat to move and return the events it caused.

        An illegal action raises :class:`IllegalActionError` and leaves the state unchanged."""
        kept = self.kept_legal_actions()
        if kept is not None and action.__class__ is int and action in kept:
            return self._apply(action)
        if self.is_terminal():
            raise GameOverError(_("the game is over: no action can be taken"))
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalActionError(_("an action is a whole number, not {action!r}").format(action=action))
        legal = self.legal_actions()
        if action not in legal:
            shown = ", ".join(f"{a} ({self.action_label(a)})" for a in legal[:12])
            more = "" if len(legal) <= 12 else _(" and {n} more").format(n=len(legal) - 12)
            raise IllegalActionError(
                _("action {action} is not legal now for {who}; legal: {shown}{more}").format(
                    action=action, who=self.seat_name(self.to_move()), shown=shown, more=more))
        return self._apply(action)

    @abstractmethod
    def _apply(self, action: int) -> list[Event]:
        """Apply an action already known to be legal (used unchecked by bots in search)."""

    # ----- chance (see cosmodrome.core.chance) -------------------------------------------
    #: ``"sampled"``: the state draws its random events itself; ``"explicit"``: they are
    #: chance nodes
    chance_mode = "sampled"

    def is_chance_node(self) -> bool:
        """Whether chance decides now (only in the explicit mode; ``to_move()`` is then -1)."""
        return False

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node, its ``(outcome, probability)`` pairs (ascending); else empty."""
        return []

    def chance_seen_by(self) -> Optional[frozenset]:
        """At a chance node, the seats that will see its outcome (None: every seat); see
        :mod:`cosmodrome.core.chance`."""
        return None

    def is_dealing(self) -> bool:
        """Whether the set-up is still being dealt, item by item (only a state from
        ``Game.deal_state``: it has no table yet)."""
        return False

    def forget_order(self) -> None:  # noqa: B027 (a hook: most games keep no face-down pile)
        """Sort every face-down pile (deck, bag...): in the explicit mode a pile is a
        multiset and each draw a chance node, so its order must carry nothing. Games with
        piles override this."""

    # ----- the end ---------------------------------------------------------------------
    @abstractmethod
    def is_terminal(self) -> bool:
        ...

    @abstractmethod
    def returns(self) -> list[float]:
        ...

    def winners(self) -> list[int]:
        """The winning seats (several in a shared victory, none when everybody lost)."""
        if not self.is_terminal():
            return []
        r = self.returns()
        return [i for i, v in enumerate(r) if v > 0]

    # ----- copies, files ---------------------------------------------------------------
    @abstractmethod
    def clone(self, quiet: bool = False) -> "State":
        """An independent copy of this position, sharing only what never changes (the game,
        the component tables, the options).

        ``quiet=True`` makes a copy for search: it carries no log, records no events and
        writes no sentences from then on (its ``apply`` returns an empty list, its view an
        empty log), and its own clones are quiet too. Everything else (legal actions,
        results, the random stream) is exactly that of an ordinary clone."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The complete state (hidden parts and the random state included) as JSON data."""

    # ----- information -----------------------------------------------------------------
    @abstractmethod
    def view(self, seat: Optional[int]) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator), JSON-ready and read-only: a game may
        hand out parts of it again in later views and other seats' views (Onward to Venus's
        planets, the tooltips of ``presentation_keys``), so a caller that wants to change a
        view copies it first (``copy.deepcopy``)."""

    def view_common(self) -> Any:
        """The part of the views of this position that is the same for every seat, worked out
        once for several :meth:`view_for` calls (a server sends every seat its view after each
        move). None by default: ``view_for`` then builds each view whole."""
        return None

    def view_for(self, seat: Optional[int], common: Any) -> dict[str, Any]:
        """``view(seat)``, equal to it, from ``view_common()`` of this same, unchanged
        position. A game that shares ``common``'s parts between the views it returns makes
        them read-only: no caller may change a view it got this way."""
        return self.view(seat)

    @abstractmethod
    def resample(self, seat: int, rng: Rng) -> "State":
        """A determinization for ``seat``: a clone with all it cannot see redrawn."""

    def information_state_string(self, seat: int) -> str:
        """A string that is equal for two states exactly when ``seat`` cannot tell them apart
        (given the same history). Defaults to the canonical JSON of what the seat observes
        (:func:`observed_view`)."""
        return json.dumps(observed_view(self, seat), sort_keys=True, separators=(",", ":"))

    # ----- for people and tools --------------------------------------------------------
    def seat_name(self, seat: Optional[int]) -> str:
        if seat is None:
            return "nobody"
        return self.game.seat_name(seat, self.num_players)

    def summary(self) -> dict[str, Any]:
        """Per-game statistics of a finished (or running) game for the lab: flat counters,
        e.g. ``{"end": "normal", "crises": {"Mars:2": 1}}``. Numbers are summed across games;
        strings are tallied."""
        return {}

    def scores(self) -> list[float]:
        """Victory points (or the game's score) per seat, for reports."""
        return [0.0] * self.num_players

    def __str__(self) -> str:
        return self.game.render_text(self.view(None), None)


def check_state_json(data: Any, game: Game) -> Mapping[str, Any]:
    """A guard for ``Game.state_from_json``: a mapping that names this game."""
    if not isinstance(data, Mapping):
        raise RecordError(_("a saved {name} state must be a JSON object, not {type}").format(
            name=game.name, type=type(data).__name__))
    if data.get("game") != game.name:
        raise RecordError(_("this saved state is of game {saved!r}, not {name!r}").format(
            saved=data.get('game'), name=game.name))
    return data


def team_returns(players: int, won: bool) -> list[float]:
    """The returns of a co-operative game: every seat shares the team's result.

    >>> team_returns(3, True), team_returns(2, False)
    ([1.0, 1.0, 1.0], [0.0, 0.0])
    """
    return [1.0 if won else 0.0] * players


def labels(state: State, actions: Sequence[int]) -> list[str]:
    return [state.action_label(a) for a in actions]


def observed_view(state: State, seat: Optional[int]) -> dict[str, Any]:
    """``state.view(seat)`` without its game's :attr:`Game.presentation_keys` (texts for people
    that no position changes): what the seat observes, for strings that identify information
    states."""
    view = state.view(seat)
    keys = state.game.presentation_keys
    if keys and any(k in view for k in keys):
        view = {k: v for k, v in view.items() if k not in keys}
    return view
