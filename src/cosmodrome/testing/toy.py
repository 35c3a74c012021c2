"""Pocket Race: a tiny game with chance and hidden hands, for testing tools on the core, and the
worked example of README "Add a game": copy this module to start a game.

Each seat holds two hidden cards from a deck of 1-9 (four copies each). On a turn the seat to
move either plays a card from hand face up (adding its value to its track) or draws a card.
After ``rounds`` turns each, the highest track wins (ties share). It is registered by
importing this module (on the command line: ``cosmodrome --import cosmodrome.testing.toy play
pocket-race``).

Actions: 0..8 play a card of value 1..9; 9 draws.

It plugs into the core the one way the four games do (docs/ARCHITECTURE.md, "Hooks"): its
state is a :class:`~cosmodrome.core.flat.FlatState` whose saved fields are declared once, in
:data:`FIELDS`, and which answers the protocol through :data:`HOOKS`, registered by the face
at the end. The module's sections are the layers of a game package, lowest first (``LAYERS``
in a game's ``__init__.py``); a real game puts each in its own modules: the data
(``state.py``), the texts (``text.py``), the rules (``actions.py`` and the rulebook's
sections), the view (``view.py``) and the face (``__init__.py``).

>>> s = GAME.new_state(2, seed=1)
>>> s.to_move(), s.legal_actions(), s.action_label(DRAW)
(0, [3, 7, 9], 'Draw a card')
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from cosmodrome.core import Event, Game, OptionSpec, RecordError, Rng, State, check_state_json, register
from cosmodrome.core.chance import restore
from cosmodrome.core.events import Text
from cosmodrome.core.fields import flat_methods, load_table
from cosmodrome.core.flat import FlatState, Hooks
from cosmodrome.core.rng import as_rng
from cosmodrome.core.statistics import count, row

# ----- data: the table (a game's state.py) -----------------------------------------------------

#: the action that draws a card; 0..8 play a card of value 1..9 (the whole action space)
DRAW = 9

#: the phases (``phase``): the decision asked now; a finished game is ``OVER``
PLAY, OVER = 1, 2
#: the decision's kind in each phase (``decision_kind()``; a phase not listed is "choose")
PHASE_KIND = {PLAY: "choose"}

#: the state's saved fields, each declared once: ``(name, kind, initial)``, the initial value
#: an expression of the player count ``n``; a fourth item is the field's key in a save where
#: it differs from its name (a renamed field keeps loading). The constructor's assignments, the
#: clone and the saved form are written out from this table (:func:`cosmodrome.core.fields.flat_methods`,
#: as every game's state does); a new field is one line here.
FIELDS = (
    ("deck", "varlist", "[]"),                      # the draw pile, in its hidden order
    ("hands", "lists", "[[] for _ in range(n)]"),   # each seat's hidden cards, sorted
    ("tracks", "list", "[0] * n"),                  # how far each seat has gone
    ("decisions", "int", "0", "turn"),              # turns taken so far, by every seat (one decision each;
                                                    # FlatState counts them), saved as "turn"
)
#: the generated methods, by name (the argument ``n`` of ``_init_fields`` is the player count)
_GENERATED = flat_methods("PocketState", FIELDS, "n")

#: the entry points of the layers above the state (texts, rules, view), which the state
#: calls without importing them; the face fills them once (``HOOKS.register`` at the end).
#: These five are the ones FlatState calls (docs/ARCHITECTURE.md, "Hooks", lists every name).
HOOKS = Hooks("pocket-race", ("legal", "perform", "action_json", "prompt", "view"))


class PocketState(FlatState, State):
    """One position of Pocket Race. Build it with ``GAME.new_state(players, seed)``. The
    protocol calls that go through :data:`HOOKS` (legal actions, kept until the next action;
    labels; the prompt; applying an action; the view) come from FlatState; the rest are
    answered here from the fields."""

    HOOKS = HOOKS
    FIELDS = FIELDS
    PHASE_KIND = PHASE_KIND
    OVER_PHASE = OVER

    def __init__(self, game: PocketRace, players: int, options: dict[str, Any], rng: Rng) -> None:
        # what is not saved first (the fields are worked out from it), then the fields
        self.game = game
        self.num_players = players
        self.options = options
        self.rounds = options["rounds"]
        self.rng = rng
        self._init_fields(players)
        #: the events of the action being performed (FlatState returns them from ``apply``)
        self.ev: list[Event] = []

    _init_fields = _GENERATED["_init_fields"]
    clone = _GENERATED["clone"]
    to_json = _GENERATED["to_json"]

    @property
    def phase(self) -> int:
        """The phase, from the turns taken (a game whose phase cannot be worked out keeps it
        as a field)."""
        return OVER if self.decisions >= self.rounds * self.num_players else PLAY

    def say(self, kind: str, text: Text, data: Optional[dict[str, Any]] = None, visible_to: Optional[frozenset] = None,
            hidden: Optional[Text] = None, chance: bool = False) -> None:
        """Record an event of the action being performed (docs/ARCHITECTURE.md, "Recording
        events"): ``data`` its details, ``visible_to`` the seats that read ``text`` (None: all),
        ``hidden`` what the others read, ``chance`` whether it reveals what was not known (no
        undo past it). A quiet clone (``clone(quiet=True)``, made for search) records none."""
        if not self.quiet:
            self.ev.append(Event(kind, text, data, visible_to, hidden, chance))

    def to_move(self) -> Optional[int]:
        return None if self.phase == OVER else self.decisions % self.num_players

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.num_players
        best = max(self.tracks)
        win = [i for i, t in enumerate(self.tracks) if t == best]
        return [1.0 / len(win) if i in win else 0.0 for i in range(self.num_players)]

    def scores(self) -> list[float]:
        return [float(t) for t in self.tracks]

    def forget_order(self) -> None:
        """The deck as a multiset (explicit chance: each draw is then a chance node)."""
        self.deck.sort()

    def resample(self, seat: int, rng: Rng) -> PocketState:
        """``seat``'s guess at the table: the deck and the other hands dealt again from the
        cards it has not seen (FlatState's own resample suits a game that hides only the future)."""
        s = self.clone()
        # sorted first: the determinization must depend only on what ``seat`` knows and on
        # ``rng``, not on the real (hidden) order of the deck or of the other hands
        pool = sorted(s.deck + [c for i, h in enumerate(s.hands) if i != seat for c in h])
        rng.shuffle(pool)
        for i, h in enumerate(s.hands):
            if i != seat:
                n = len(h)
                s.hands[i] = sorted(pool[:n])
                del pool[:n]
        s.deck = pool
        s.rng = rng.spawn()
        return s


# ----- texts: the words of the decisions (a game's text.py) ------------------------------------

def prompt(s: PocketState) -> str:
    """The hook ``prompt``: the question of the decision."""
    return "Choose an option."


# ----- rules (a game's rules modules and actions.py) -------------------------------------------

def legal(s: PocketState) -> list[int]:
    """The hook ``legal``: play any card in hand, or draw (an empty deck: the draw passes)."""
    acts = sorted({v - 1 for v in s.hands[s.to_move()]})
    if s.deck:
        acts.append(DRAW)
    return acts or [DRAW]


def perform(s: PocketState, action: int) -> None:
    """The hook ``perform``: apply a legal action, its events through ``s.say``."""
    # FlatState has already counted this decision: the seat that took it is the one before
    seat = (s.decisions - 1) % s.num_players
    name = s.seat_name(seat)
    if action == DRAW:
        if s.deck:
            # every random event goes through the state's generator, saying what is drawn
            card = s.rng.draw(s.deck, "the card drawn", seen_by=(seat,))
            s.hands[seat].append(card)
            s.hands[seat].sort()
            s.say("draw", f"{name} drew a {card}.", {"seat": seat}, frozenset({seat}), f"{name} drew a card.",
                  chance=True)
        else:
            s.say("pass", f"{name} passed.", {"seat": seat})
    else:
        s.hands[seat].remove(action + 1)
        s.tracks[seat] += action + 1
        s.say("play", f"{name} played a {action + 1}.", {"seat": seat, "value": action + 1})


def action_json(s: PocketState, action: int) -> dict[str, Any]:
    """The hook ``action_json``: an action's JSON form, its label and any details a client
    highlights (``action_label`` is its ``label``)."""
    return {"action": action, "label": "Draw a card" if action == DRAW else f"Play a {action + 1}"}


# ----- view: what a seat sees (a game's view.py) -------------------------------------------------

def view(s: PocketState, seat: Optional[int]) -> dict[str, Any]:
    """The hook ``view``: the table as ``seat`` sees it (None: a spectator), JSON-ready: its
    own hand, only the sizes of the others' and of the deck."""
    return {"game": s.game.name, "seat": seat, "turn": s.decisions, "tracks": list(s.tracks),
            "deck_size": len(s.deck),
            "hand_sizes": [len(h) for h in s.hands],
            "hand": list(s.hands[seat]) if seat is not None else None,
            "to_move": s.to_move()}


# ----- the face: the Game, the hooks registered (a game's __init__.py) ---------------------------

class PocketRace(Game):
    """What the game is: its name, player counts, action space and options; it deals a new
    table (:meth:`_new_state`) and loads a saved one (:meth:`state_from_json`)."""

    name = "pocket-race"
    title = "Pocket Race"
    min_players = 2
    max_players = 4
    num_actions = 10   # every action is an int below it
    options = (OptionSpec("rounds", "int", 4, "turns per seat"),)
    description = "A tiny test game with hidden hands."
    #: its one decision (play a card or draw) is asked of the seat to move whatever the hands hold
    public_kinds = frozenset({"choose"})
    #: the draws can be chance nodes (``new_state(..., chance="explicit")``, core/chance.py)
    explicit_chance = True

    def max_chance_outcomes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        return 10   # a draw's outcome is the item drawn: the card's value, 1..9

    def max_game_length(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """One decision per turn: ``rounds`` turns per seat."""
        return self.resolve_options(options)["rounds"] * players

    def max_chance_nodes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """At most one draw per turn."""
        return self.max_game_length(players, options)

    def max_deal_nodes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """Two cards dealt to each seat."""
        return 2 * players

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> PocketState:
        """The table dealt, all its randomness from ``seed``."""
        s = PocketState(self, players, options, as_rng(seed))
        s.deck = [v for v in range(1, 10) for _ in range(4)]
        s.rng.shuffle(s.deck)
        s.hands = [sorted([s.rng.draw(s.deck, f"the deal of seat {p}", ("seat {} is dealt {}".format, (p,)), (p,))
                           for _ in range(2)]) for p in range(players)]
        return s

    def state_from_json(self, data: Mapping[str, Any]) -> PocketState:
        """A saved state (``to_json``) loaded back; a malformed one is refused with RecordError."""
        d = check_state_json(data, self)
        try:
            # a save written before the fields were declared in FIELDS held its one option
            # at the top level
            options = self.resolve_options(d["options"] if "options" in d else {"rounds": d["rounds"]})
            s = PocketState(self, d["players"], options, Rng.from_state(d["rng"]))
            load_table(s, d, FIELDS)
        except (KeyError, TypeError) as exc:
            raise RecordError(f"malformed pocket-race state: {exc}") from None
        return restore(s, d)   # the explicit chance mode, if the save was in it

    def statistics(self, state: PocketState, events) -> list:
        """End-of-game statistics: the track reached and the cards played, a seat."""
        return [row("track", "Track", "how far each seat went", state.tracks),
                row("cards", "Cards played", "cards played rather than passing",
                    count(events, ["play"], state.num_players))]


#: every hook filled, once, by the face: the state's layer never imports the ones above it
HOOKS.register(legal=legal, perform=perform, action_json=action_json, prompt=prompt, view=view)
#: registered by name once this module is imported: the bots, lab, adapters and tests then find it by
#: ``get_game("pocket-race")``; the command line after ``cosmodrome --import cosmodrome.testing.toy``
#: (it has no entry point), the server with ``serve --test-games``
GAME = register(PocketRace())
