"""Pocket Race: a tiny game with chance and hidden hands, for testing tools on the core.

Each seat holds two hidden cards from a deck of 1-9 (four copies each). On a turn the seat to
move either plays a card from hand face up (adding its value to its track) or draws a card.
After ``rounds`` turns each, the highest track wins (ties share). The game exists only to
exercise the protocol; it is registered by importing this module.

Actions: 0..8 play a card of value 1..9; 9 draws.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from cosmodrome.core import Event, Game, OptionSpec, RecordError, Rng, State, check_state_json, register
from cosmodrome.core.chance import restore
from cosmodrome.core.fields import flat_methods, load_table
from cosmodrome.core.rng import as_rng
from cosmodrome.core.statistics import count, row

DRAW = 9

#: the state's saved fields, each declared once: ``(name, kind, initial)``, the initial value
#: an expression of the player count ``n``. The constructor's assignments, the clone and the
#: saved form are written out from this table (:func:`cosmodrome.core.fields.flat_methods`,
#: as every game's state does); a new field is one line here.
FIELDS = (
    ("deck", "varlist", "[]"),                      # the draw pile, in its hidden order
    ("hands", "lists", "[[] for _ in range(n)]"),   # each seat's hidden cards, sorted
    ("tracks", "list", "[0] * n"),                  # how far each seat has gone
    ("turn", "int", "0"),                           # turns taken so far, by every seat
)
_GENERATED = flat_methods("PocketState", FIELDS, "n")


class PocketRace(Game):
    name = "pocket-race"
    title = "Pocket Race"
    min_players = 2
    max_players = 4
    num_actions = 10
    options = (OptionSpec("rounds", "int", 4, "turns per seat"),)
    description = "A tiny test game with hidden hands."
    #: its one decision (play a card or draw) is asked of the seat to move whatever the hands hold
    public_kinds = frozenset({"choose"})
    explicit_chance = True

    def max_chance_outcomes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        return 10   # a draw's outcome is the card's value, 1..9

    def max_game_length(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """One decision per turn: ``rounds`` turns per seat."""
        return self.resolve_options(options)["rounds"] * players

    def max_chance_nodes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """At most one draw per turn."""
        return self.max_game_length(players, options)

    def max_deal_nodes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """Two cards dealt to each seat."""
        return 2 * players

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> "PocketState":
        s = PocketState(self, players, options, as_rng(seed))
        s.deck = [v for v in range(1, 10) for _ in range(4)]
        s.rng.shuffle(s.deck)
        s.hands = [sorted([s.rng.draw(s.deck, f"the deal of seat {p}", ("seat {} is dealt {}".format, (p,)), (p,))
                           for _ in range(2)]) for p in range(players)]
        return s

    def state_from_json(self, data: Mapping[str, Any]) -> "PocketState":
        d = check_state_json(data, self)
        try:
            # a save written before the fields were declared in FIELDS held its one option
            # at the top level
            options = self.resolve_options(d["options"] if "options" in d else {"rounds": d["rounds"]})
            s = PocketState(self, d["players"], options, Rng.from_state(d["rng"]))
            load_table(s, d, FIELDS)
        except (KeyError, TypeError) as exc:
            raise RecordError(f"malformed pocket-race state: {exc}") from None
        return restore(s, d)

    def statistics(self, state: "PocketState", events) -> list:
        """End-of-game statistics: the track reached and the cards played, a seat."""
        return [row("track", "Track", "how far each seat went", state.tracks),
                row("cards", "Cards played", "cards played rather than passing",
                    count(events, ["play"], state.num_players))]


class PocketState(State):
    #: a search clone (``clone(quiet=True)``): its actions return no events
    quiet = False
    FIELDS = FIELDS

    def __init__(self, game: PocketRace, players: int, options: dict[str, Any], rng: Rng) -> None:
        self.game = game
        self.num_players = players
        self.options = options
        self.rounds = options["rounds"]
        self.rng = rng
        self._init_fields(players)

    _init_fields = _GENERATED["_init_fields"]
    clone = _GENERATED["clone"]
    to_json = _GENERATED["to_json"]

    def to_move(self) -> Optional[int]:
        return None if self.is_terminal() else self.turn % self.num_players

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        acts = sorted({v - 1 for v in self.hands[self.to_move()]})
        if self.deck:
            acts.append(DRAW)
        return acts or [DRAW]

    def action_label(self, action: int) -> str:
        return "Draw a card" if action == DRAW else f"Play a {action + 1}"

    def _apply(self, action: int) -> list[Event]:
        seat = self.to_move()
        name = self.seat_name(seat)
        if action == DRAW:
            if self.deck:
                card = self.rng.draw(self.deck, "the card drawn", seen_by=(seat,))
                self.hands[seat].append(card)
                self.hands[seat].sort()
                ev = Event("draw", f"{name} drew a {card}.", {"seat": seat}, frozenset({seat}),
                           f"{name} drew a card.", chance=True)
            else:
                ev = Event("pass", f"{name} passed.", {"seat": seat})
        else:
            self.hands[seat].remove(action + 1)
            self.tracks[seat] += action + 1
            ev = Event("play", f"{name} played a {action + 1}.", {"seat": seat, "value": action + 1})
        self.turn += 1
        return [] if self.quiet else [ev]

    def is_terminal(self) -> bool:
        return self.turn >= self.rounds * self.num_players

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.num_players
        best = max(self.tracks)
        win = [i for i, t in enumerate(self.tracks) if t == best]
        return [1.0 / len(win) if i in win else 0.0 for i in range(self.num_players)]

    def scores(self) -> list[float]:
        return [float(t) for t in self.tracks]

    def view(self, seat: Optional[int]) -> dict[str, Any]:
        return {"game": self.game.name, "seat": seat, "turn": self.turn, "tracks": list(self.tracks),
                "deck_size": len(self.deck),
                "hand_sizes": [len(h) for h in self.hands],
                "hand": list(self.hands[seat]) if seat is not None else None,
                "to_move": self.to_move()}

    def forget_order(self) -> None:
        self.deck.sort()

    def resample(self, seat: int, rng: Rng) -> "PocketState":
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


GAME = register(PocketRace())
