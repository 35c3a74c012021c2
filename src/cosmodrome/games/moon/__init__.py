"""Walking on the Moon (compésar Gómez Bernardino, 2016) for 2–5 players, on the Cosmodrome core.

Astronauts race one lap around the Moon over five lunar cards, programming up to three
jumps a turn with six coloured dice (blue straight, white down, black up) and picking one
result per jump; accidents, Sputniks, EC and handicap counters. Movement and dice come from
:mod:`cosmodrome.games.lunar`, which March on Mars shares.

The package's modules import one way, in the order of :data:`LAYERS` (tests/core/test_game_layers.py
checks it): data (``components``, ``state``) → names and texts (``text``) → the rules as the
rulebook reads (scoring, accidents, the turn and programming, robbery and special boxes of the
advanced rules, jumps, rounds, setup, the action dispatch) → ``view``, ``evaluation``,
``heuristic`` → this face. A rule that must go on with a higher one (roll the first jump after
programming, end the turn after a jump) calls it through ``state.HOOKS``, registered here.

>>> s = GAME.new_state(3, seed=3)
>>> s.decision_kind(), s.to_move() == s.first_seat
('program', True)
"""

from __future__ import annotations

import functools
from typing import Any, Mapping, Optional

from cosmodrome.core import (
    DataError,
    Game,
    OptionError,
    OptionSpec,
    RecordError,
    Rng,
    RuleNumberOption,
    check_state_json,
    register,
)
from cosmodrome.core.chance import restore
from cosmodrome.core.fields import load_table
from cosmodrome.core.texts import WhenRead
from cosmodrome.games.moon import actions, evaluation, jumps, observation, rounds, scoring, text, turn, view
from cosmodrome.games.moon.cards import deck_of
from cosmodrome.games.moon.components import DATA_FILE, load_components
from cosmodrome.games.moon.setup import new_game
from cosmodrome.games.moon.state import (
    CARD,
    FIELDS,
    HOOKS,
    LAST_PHASE,
    MAX_ROUNDS,
    NUM_ACTIONS,
    REFRESH,
    MoonState,
    astronauts_for,
)
from cosmodrome.i18n import N_, Word, _, gettext

#: the one-way import order of the package, lowest first
LAYERS = (
    ("components", "state"),                                                  # data
    ("text",),                                                                # names and texts
    ("scoring", "accidents", "cards", "turn", "robbery", "special", "jumps", "rounds", "setup", "actions"),  # rules
    ("view", "observation", "evaluation", "heuristic"),                       # seen, estimated, played
    ("__init__",),                                                            # the face
)

HOOKS.register(legal=actions.legal, perform=actions.perform, action_json=actions.to_json, prompt=text.prompt,
               view=view.view, cards=view.cards_view, scores=scoring.scores, summary=scoring.summary,
               evaluation=evaluation.evaluation,
               roll=jumps.roll, proceed=jumps.proceed,
               end_turn=rounds.end_turn, turn_on=turn.turn_on, round_on=rounds.round_on,
               first_turn=rounds.first_turn)


@functools.cache
def _help_numbers() -> Mapping[str, Any]:
    """:meth:`WalkingOnTheMoon.help_numbers`, made once (one mapping: the hints are kept per mapping)."""
    comp = load_components()
    out: dict[str, Any] = {f"rules.{k}": v for k, v in comp.rules.items()}
    out["rules.accident_share"] = Word(text.share_words, comp.rules["accident_sputnik_divisor"], True)   # "half your"
    out.update({f"counts.dice.{k}": comp.dice[k] for k in ("normal", "handicap", "accident", "most")})
    out.update({f"counts.supply.{k}": v for k, v in comp.supply.items()})
    out.update({f"board.layout.{k}": v for k, v in comp.layout.items()})
    out.update({"scoring.goal.first": comp.goal_points[0], "scoring.goal.others": comp.goal_points[1],
                "scoring.sputnik": comp.sputnik_points, "actions.kinds": len(comp.actions)})
    copies = {comp.action_deck.count(k) for k in range(len(comp.actions))}
    if len(copies) == 1:         # "three of each": only while every card has as many copies
        out["actions.copies"] = copies.pop()
    return out


def _red_cards() -> int:
    """The red-dot (extra difficult) lunar cards of the packaged data (RB: Set up the race)."""
    return sum(card.red for card in load_components().cards)


class WalkingOnTheMoon(Game):
    name = "moon"
    observation_layout = staticmethod(observation.layout)
    title = N_("Walking on the Moon")
    summary_labels = scoring.SUMMARY_LABELS
    #: the table's tooltips (``view["help"]``, text.table_help): words for people, not observed
    presentation_keys = ("help",)
    min_players = 2
    max_players = 5
    num_actions = NUM_ACTIONS
    #: 2: the advance and one-die jump tokens are offers (decline them), a special box's move
    #: sets off other boxes, the race's last round plays its end-of-round cards, the card dealt
    #: at setup may be swapped in round 1, all astronauts level take both counters, a face-down
    #: astronaut makes the one-die jump box's jump out of its turn (ruling 19); the moments for
    #: action cards are asked of every seat that may hold a fitting card (ruling 43).
    #: 3: the moves of a jump that end alike are offered once (ruling 44)
    rules_version = 3
    description = N_("Astronauts race a lap around the Moon, programming jumps with blue, white and black "
                     "dice over craters, peaks and tunnels, collecting Sputniks and avoiding accidents.")
    heuristic_bot = "cosmodrome.games.moon.heuristic:MoonHeuristic"
    turn_kinds = frozenset({"program", "extra-die"})
    #: every decision is asked whatever the action cards are (docs/rulings/moon.md, ruling
    #: 43); the prompts of these kinds hold nothing hidden
    public_kinds = frozenset({"extra-die", "program", "pick", "go-on", "exchange-sputniks", "exchange-ec", "rob",
                              "choose", "buy-advances", "free-jump", "refresh-card"})
    #: a moment for action cards: asked of every seat that may hold a card fitting it; the
    #: prompt names the seat's own card
    public_prompts = {"action-card": N_("may play its action card now, or keep it")}
    components_file = DATA_FILE
    help_file = DATA_FILE.with_name("howto.toml")
    help_items = {"cards": {title: words for title, words in text.CARD_TEXT.values()},
                  "tokens": WhenRead(text.token_texts)}
    reconstruction_notes = (
        N_("The terrain of the lunar cards, their Sputnik icons, the dice faces and the points printed "
        "on the last card are our design (consistent with the rules text); every card was checked to be "
        "crossable."),
        N_("The nations of the jump cards other than the Soviet one are our choice."),
    )
    #: the component file names action cards and tokens by their effect: "About this game" and
    #: the design lab show their names (the tokens' as the help page names them)
    component_names = {**{k: k.replace("-", " ").capitalize() for k in text.TOKEN_TEXT if k != "ec"},
                       **{k: title for k, (title, _words) in text.CARD_TEXT.items()}}
    #: every die roll and every action card drawn can be a chance node (core.chance)
    explicit_chance = True
    options = (
        RuleNumberOption("max_red", "int", 2, "", label=N_("Red-dot cards at most"),
                         words=lambda: text.max_red_option_words(_red_cards())),
        RuleNumberOption("advanced", "bool", False, "", label=N_("Advanced rules"),
                         words=lambda: text.advanced_option_words(load_components())),
        OptionSpec("components", "path", "", N_("a variant components file (TOML) replacing entries of the "
                   "component data (dice, counts, cards...)"), label=N_("Components file")),
    )

    def resolve_options(self, options):
        opts = super().resolve_options(options)
        if not 0 <= opts["max_red"] <= _red_cards():
            raise OptionError(f"option 'max_red' must be from 0 to {_red_cards()}, not {opts['max_red']}")
        return opts

    def help_numbers(self) -> Mapping[str, Any]:
        """The numbers "How to play" names, from the packaged components (the page is the
        printed game's): ``rules.<key>`` (``[rules]``), ``counts.dice.<key>``,
        ``counts.supply.<key>``, ``board.layout.<key>``, ``scoring.goal.first``/``.others``,
        ``scoring.sputnik``, and the action cards' ``actions.kinds`` and ``actions.copies``
        (the copies of each card, given while every card has as many).

        >>> n = GAME.help_numbers(); n["counts.supply.action_cards"], n["actions.kinds"], n["actions.copies"]
        (24, 8, 3)
        """
        return _help_numbers()

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> MoonState:
        return new_game(self, load_components(options.get("components")), players, seed, options)

    def max_chance_outcomes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """A chance outcome is a die face index (0..5), an action card's effect index, and in
        the set-up a lunar card, a special box token or the first seat."""
        comp = load_components((options or {}).get("components"))
        return max(6, len(comp.actions), len(comp.cards), len(comp.tokens), players)

    def max_deal_nodes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """The set-up (RB: Set up the race): the lunar cards of the lap, the first
        player, and with the advanced rules a token per special box and an action card per
        seat.

        >>> GAME.max_deal_nodes(2), GAME.max_deal_nodes(5, {"advanced": True})
        (6, 15)
        """
        comp = load_components((options or {}).get("components"))
        advanced = self.resolve_options(options)["advanced"]
        return comp.layout["cards"] + 1 + (comp.layout["special_boxes"] + players if advanced else 0)

    def _length_terms(self, players: int, options: Optional[Mapping[str, Any]]) -> tuple:
        comp = load_components((options or {}).get("components"))
        advanced = self.resolve_options(options)["advanced"]
        n = astronauts_for(players)
        seats = players if advanced else 0          # seats asked about an action card (ruling 43)
        boxes = comp.layout["special_boxes"] if advanced else 0
        return comp, advanced, n, seats, boxes

    def max_game_length(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """A bound on the decisions of one race (RB: "How do I reach the goal?", Earth
        Control, Special boxes, Action cards; our rulings).

        The race lasts at most :data:`MAX_ROUNDS` rounds (ruling 42), each a turn per
        astronaut (``n``). A turn: the seats asked about No instructions (``P``, one per seat,
        advanced rules only), the EC extra dice (at most ``most - accident`` = 4 and a stop),
        the programming (at most 6 dice placed), three jumps at most. A rolled move asks
        ``R = 5 + 3P + n``: the pick, the go-on, a robbery, the two exchanges of the 2-player
        game, the seats asked about Miscalculation, Sanction and Cooperation, the Slipstream question
        of each astronaut overtaken. Going forward it steps into each of the ``B`` special
        boxes at most once, each asking at most one decision (advance, buy advances, the
        one-die jump) and making at most one more rolled move: ``R (1 + B) + B`` a jump. Re-rolls
        are paid with EC (10 in the game, spent ones back to the supply; a turn gains at most
        one per box stepped into) or free after a re-roll token (one per die of the next
        jump, 6): at most ``10 + 3B + 18B`` a turn. A round adds the seats asked at its
        start and end (``2P``) and at most one card played per seat (each holds one card,
        drawn at a round's start), a card's moves asking at most ``2 (R (1 + B) + B + 1 + n)``
        and its re-rolls ``10 + 21B``. Without the advanced rules ``P = B = 0`` and there is
        no robbery: ``R = 4``.

        >>> GAME.max_game_length(2), GAME.max_game_length(5), GAME.max_game_length(5, {"advanced": True})
        (13200, 16500, 431500)
        """
        comp, advanced, n, seats, boxes = self._length_terms(players, options)
        rolled = (5 if advanced else 4) + 3 * seats + (n if advanced else 0)
        move = rolled * (1 + boxes) + boxes
        rerolls = comp.supply["ec"] + 3 * boxes + comp.dice["most"] * 3 * boxes
        turn = seats + (comp.dice["most"] - comp.dice["accident"] + 1) + comp.dice["most"] + 3 * move + rerolls
        card = 2 * (move + 1 + n) + comp.supply["ec"] + 21 * boxes
        return MAX_ROUNDS * (n * turn + 2 * seats + seats * card)

    def max_chance_nodes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """A bound on the chance nodes of one race in the explicit mode: per turn each die
        rolled once on its jump (6 at most over the three jumps), one die per box's one-die
        jump (``3B``), one roll per re-roll (as in :meth:`max_game_length`); per round one
        card drawn per seat (advanced rules) and, per card played, its re-rolled dice
        (Miscalculation, 6) or a free jump's with its boxes' and re-rolls (``17 + 23B``).

        >>> GAME.max_chance_nodes(2), GAME.max_chance_nodes(5, {"advanced": True})
        (6400, 111000)
        """
        comp, advanced, n, seats, boxes = self._length_terms(players, options)
        rerolls = comp.supply["ec"] + 3 * boxes + comp.dice["most"] * 3 * boxes
        turn = comp.dice["most"] + 3 * boxes + rerolls
        card = max(comp.dice["most"], 17 + 23 * boxes)
        return MAX_ROUNDS * (n * turn + seats + seats * card)

    def seat_name(self, seat: int, players: int) -> str:
        """The seat's nation, or both its nations in the 2-player game, in the reader's language."""
        nations = load_components().nations
        if astronauts_for(players) != players:
            return _("{first} & {second}").format(first=gettext(nations[seat]), second=gettext(nations[seat + players]))
        return gettext(nations[seat])

    legend = text.LEGEND

    def legend_rows(self) -> list[tuple[str, str]]:
        return text.legend_rows()

    def render_text(self, view: Mapping[str, Any], seat: Optional[int] = None) -> str:
        return text.render_text(view, seat)

    def render_hand(self, view: Mapping[str, Any], seat: Optional[int] = None) -> str:
        return text.render_hand(view, seat)

    def statistics(self, state: MoonState, events) -> list:
        """End-of-game statistics, beside the scoring."""
        return scoring.statistics(state, list(events))

    def state_from_json(self, data: Mapping[str, Any]) -> MoonState:
        d = check_state_json(data, self)
        try:
            players = d["players"]
            if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 5:
                raise RecordError(f"a saved moon state has 2 to 5 players, not {players!r}")
            options = self.resolve_options(d["options"])
            comp = load_components(options["components"])
            rng = d["rng"]
            if isinstance(rng, bool) or not isinstance(rng, int):
                raise RecordError("the saved state's 'rng' must be a whole number")
            cards = d["cards"]
            if (not isinstance(cards, list) or len(cards) != comp.layout["cards"] or len(set(cards)) != len(cards)
                    or any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < len(comp.cards)
                           for c in cards)):
                raise RecordError("the saved state's 'cards' must be 5 different lunar card numbers")
            s = MoonState(self, players, options, comp, Rng.from_state(rng), cards)
            load_table(s, d, FIELDS)
        except KeyError as exc:
            raise RecordError(f"the saved moon state lacks {exc.args[0]!r}") from None
        except (RecordError, OptionError):
            raise
        except (DataError, TypeError, ValueError) as exc:
            raise RecordError(f"malformed moon state: {exc}") from None
        n = s.n_astro
        cards = sorted(s.deck + s.discard + [c for c in s.hand if c >= 0])
        if (not 1 <= s.phase <= LAST_PHASE or not 0 <= s.acting < n or not 0 <= s.mover < n
                or not -1 <= s.slipstream_astronaut < n
                or cards != (sorted(deck_of(comp)) if s.advanced else [])
                or any(not 0 <= p < players for p in s.asks) or (s.phase in (CARD, REFRESH)) != bool(s.asks)
                or any(s.hand[p] < 0 for p in s.asks)
                or any(not 0 <= c <= s.goal for c in s.column) or any(not 0 <= y < len(s.strip[0]) for y in s.level)
                or any(not 0 <= a < n for a in s.order) or any(not -1 <= j <= 2 for j in s.die_action)
                or any(x < 0 for x in s.sputniks + s.ec_counters + s.handicaps)
                or sum(s.sputniks) + s.sputnik_supply != comp.supply["sputnik"]
                or sum(s.ec_counters) + s.ec_supply != comp.supply["ec"]
                or sum(s.handicaps) + s.handicap_supply != comp.supply["handicap"]):
            raise RecordError("the saved moon state is inconsistent (phase, positions, counters or action cards)")
        return restore(s, d)


GAME = register(WalkingOnTheMoon())
