"""March on Mars (compésar Gómez Bernardino, 2016), the co-operative game of the Walking on the
Moon box, for 2–5 marines on the Cosmodrome core.

The marines land in the Landing Zone opposite the Martian Master Mind (MMM), fight their way
round the ring of martian cards through waves of aliens, kill a red defender and set off a
nuke beside the MMM within eight rounds, before the aliens hit the base three times. Every
seat wins or loses together (``Game.cooperative``). Movement and dice come from
:mod:`cosmodrome.games.lunar`, shared with Walking on the Moon.

The package's modules import one way, in the order of :data:`LAYERS`: data
(``components``, ``state``) → names and texts (``text``) → the rules as the rulebook reads
(the equipment deck, combat, the marine's turn, the cards and abilities played besides the
dice, waves and the base, the round, setup, the action dispatch) →
``view``, ``evaluation``, ``heuristic`` → this face. A rule that must go on with a higher
one (the end of a marine's turn) calls it through ``state.HOOKS``, registered here.

>>> s = GAME.new_state(3, seed=3)
>>> s.decision_kind(), GAME.cooperative
('training', True)
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from cosmodrome.core import DataError, Game, OptionError, OptionSpec, RecordError, Rng, check_state_json, register
from cosmodrome.core.chance import restore
from cosmodrome.core.fields import load_table
from cosmodrome.games.mars import actions, evaluation, observation, rounds, specials, text, view
from cosmodrome.games.mars.components import DATA_FILE, TRAINING_CARDS, load_components
from cosmodrome.games.mars.setup import new_game
from cosmodrome.games.mars.state import (
    BAG,
    DEAD,
    DISCARD,
    DRONE,
    FIELDS,
    GONE,
    HOOKS,
    INCOMING,
    NUM_ACTIONS,
    PHASE_KIND,
    SUMMARY_LABELS,
    MarsState,
    training_ability,
)
from cosmodrome.i18n import N_, _, gettext

#: the one-way import order of the package, lowest first
LAYERS = (
    ("components", "state"),                                         # data
    ("text",),                                                       # names and texts
    ("equipment", "combat", "turn", "specials", "waves", "rounds", "setup", "actions"),   # rules
    ("view", "observation", "evaluation", "heuristic"),              # seen, estimated, played
    ("__init__",),                                                   # the face
)

HOOKS.register(legal=actions.legal, perform=actions.perform, action_json=actions.to_json, prompt=text.prompt,
               view=view.view, evaluation=evaluation.evaluation, end_turn=rounds.end_turn, uses=specials.uses)


class MarchOnMars(Game):
    name = "mars"
    observation_layout = staticmethod(observation.layout)
    title = N_("March on Mars")
    #: how a game ended, in words (the lab's "How games ended")
    end_causes = {"nuke": N_("the Martian Master Mind destroyed: the marines won"),
                  "rounds": N_("the rounds ran out: the marines lost"),
                  "base": N_("the base destroyed: the marines lost"),
                  "marines": N_("no marine left on Mars: the marines lost"), "running": N_("unfinished")}
    min_players = 2
    max_players = 5
    num_actions = NUM_ACTIONS
    #: 2: a move with the 2! face ends in an accident, no teleport while engaged, yellow aliens
    #: take the higher box first, each re-roll its own, a crashed companion still gives its
    #: re-roll, each bunker kills one, a dead defender's box stops a move without a crash, the
    #: hidden box is entered by a move through it
    rules_version = 2
    cooperative = True
    balance_by = ("threat",)
    summary_labels = SUMMARY_LABELS
    #: the table's tooltips (``view["help"]``, text.table_help): words for people, not observed
    presentation_keys = ("help",)
    description = N_("Co-operative: space marines fight round a ring of martian cards through alien waves "
                   "to nuke the Martian Master Mind within eight rounds, before the base falls.")
    heuristic_bot = "cosmodrome.games.mars.heuristic:MarsHeuristic"
    turn_kinds = frozenset({"program"})
    #: nothing is hidden but the order of the counters in the bag and the future dice: every
    #: decision is public
    public_kinds = (frozenset(PHASE_KIND.values()) | {"choose"}) - {"over"}
    components_file = DATA_FILE
    help_file = DATA_FILE.with_name("howto.toml")
    help_items = {"threats": {t.capitalize(): words for t, words in zip(text.THREATS, text.THREAT_HELP)}}
    reconstruction_notes = (
        N_("The terrain of the martian cards, the hits each alien colour needs, the dice faces and the "
           "upgrade counts are our design (consistent with the rules text and the Moon's components)."),
        N_("The marines' colour names are our choice."),
    )
    #: every die, alien drawn from the bag and equipment card drawn can be a chance node (core.chance)
    explicit_chance = True
    options = (
        OptionSpec("threat", "choice", "normal", text.THREAT_OPTION_HELP, text.THREATS,
                   label=N_("Threat level")),
        OptionSpec("upgrades", "choice", "bunkers", N_("the two base upgrades: both bunkers (advised for first "
                   "games) or two drawn at random from the six counters"), (N_("bunkers"), N_("random")),
                   label=N_("Base upgrades")),
        OptionSpec("components", "path", "", N_("a variant components file (TOML) replacing entries of the "
                   "component data (dice, counts, cards...)"), label=N_("Components file")),
    )

    def help_numbers(self) -> Mapping[str, Any]:
        """The numbers "How to play" names, from the packaged components (the page is the
        printed game's): :func:`text.help_numbers`.

        >>> n = GAME.help_numbers(); n["rules.fragmentation_hits"], n["upgrades.sentinels.dice"]
        (1, 2)
        """
        return text.help_numbers(load_components())

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> MarsState:
        return new_game(self, load_components(options.get("components")), players, seed, options)

    def max_chance_outcomes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """A chance outcome is a die face (below 6), the white die's 0 or 1, an alien counter
        or an equipment card."""
        comp = load_components((options or {}).get("components"))
        return max(6, sum(comp.aliens[k] for k in ("yellow", "blue", "red")), len(comp.equipment),
                   len(comp.cards), TRAINING_CARDS)

    def max_deal_nodes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """The set-up (RB: Prepare landing): the martian cards laid out, two upgrade
        counters, a training card per marine and the first wave's aliens (at most every
        counter).

        >>> GAME.max_deal_nodes(2)
        59
        """
        comp = load_components((options or {}).get("components"))
        return len(comp.cards) + 2 + players + sum(comp.aliens.values())

    def _turn_terms(self, players: int, options: Optional[Mapping[str, Any]]) -> tuple:
        comp = load_components((options or {}).get("components"))
        threat = self.resolve_options(options)["threat"]
        aliens = sum(comp.aliens.values())
        # equipment cards played in a turn: those held, and one drawn per alien killed (at
        # most every counter on the ring) and for the tunnel's hidden box
        uses = 0 if threat == "sergeant" else len(comp.equipment) + aliens + 1
        actions, dice = comp.dice["actions"], 6
        return comp, uses, actions, dice

    def max_game_length(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """A bound on the decisions of one game (RB: the turn order on the summary card,
        "Don't stop marine!", Special training, Equipment, Supporting from base).

        Before round 1 each marine chooses its training and its landing (2 a marine). The
        game lasts ``rounds`` rounds (8), a turn per marine. A turn: the choice of who
        plays next (1); the programming, at most 6 dice placed and a stop, the injector, and
        with Precog the foreseen dice placed again (6 + 1 + 1 + 1 + 6 + 1 + 1); the support,
        missile or bait that ends it (1); at most ``actions`` rolls (3), each asking the
        action, a Jet pack's second leg, three re-rolls (a companion's, the LZ's, the
        antenna's: ruling 18), a Multi-shot volley of at most 6 more shots and the go-on
        (12); each equipment card played (``U``: the 8 held and one drawn per kill, at most
        every one of the 47 alien counters, and the hidden box's) with at most a Lucky
        charm's 6 marks, its roll and a new action with a Jet pack's second leg, its volley
        and go-on (17); each card handed over (once a turn each, 8); the Scout's step (1),
        Teleportation and its level (2), Orbital bombing (1); the drone's pair, shot,
        re-roll and volley (9). Sergeants have no equipment (``U = 0``).

        >>> GAME.max_game_length(2), GAME.max_game_length(5)
        (16452, 41130)
        """
        comp, uses, actions, dice = self._turn_terms(players, options)
        program = dice + 1 + 1 + 1 + dice + 1 + 1
        turn = 1 + program + 1 + actions * (1 + 1 + 3 + dice + 1) + 17 * uses + len(comp.equipment) + 1 + 2 + 1 + 9
        return 2 * players + comp.rounds * players * turn

    def max_chance_nodes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """A bound on the chance nodes of one game in the explicit mode. A turn: each die
        rolled once on its action or foreseen (6), three re-rolls per action (9), a Lucky charm's
        6 dice per card played and one equipment card drawn per card (``7U``), the missile's
        two dice, Teleportation's die, the drone's pair and its re-roll (6). A round: the
        sentinels' dice (2 per side), the white die and the bait's second roll (2), and the
        counters of at most one wave a turn and the round's own, each of at most
        ``max(players + extra, minimum)`` counters.

        >>> GAME.max_chance_nodes(2), GAME.max_chance_nodes(5)
        (6728, 16856)
        """
        comp, uses, actions, dice = self._turn_terms(players, options)
        turn = dice + 3 * actions + 7 * uses + 2 + 1 + 3
        wave = max(players + comp.wave["extra"], comp.wave["minimum"])
        return comp.rounds * (2 * comp.sentinels["dice"] + 2 + (1 + players) * wave + players * turn)

    def seat_name(self, seat: int, players: int) -> str:
        return _("{colour} marine").format(colour=gettext(load_components().marines[seat]))

    legend = text.LEGEND

    def legend_rows(self) -> list[tuple[str, str]]:
        return text.legend_rows()

    def render_text(self, view: Mapping[str, Any], seat: Optional[int] = None) -> str:
        return text.render_text(view, seat)

    def statistics(self, state: MarsState, events) -> list:
        """End-of-game statistics, beside the scoring."""
        return state.statistics(list(events))

    def state_from_json(self, data: Mapping[str, Any]) -> MarsState:
        d = check_state_json(data, self)
        try:
            players = d["players"]
            if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 5:
                raise RecordError(f"a saved mars state has 2 to 5 players, not {players!r}")
            options = self.resolve_options(d["options"])
            comp = load_components(options["components"])
            rng = d["rng"]
            if isinstance(rng, bool) or not isinstance(rng, int):
                raise RecordError("the saved state's 'rng' must be a whole number")
            cards = d["cards"]
            want = comp.layout["cards_per_side"] * (1 if players == 2 else 2)
            if (not isinstance(cards, list) or len(cards) != want or len(set(cards)) != len(cards)
                    or any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < len(comp.cards)
                           for c in cards)):
                raise RecordError(f"the saved state's 'cards' must be {want} different martian card numbers")
            s = MarsState(self, players, options, comp, Rng.from_state(rng), cards)
            load_table(s, d, FIELDS)
        except KeyError as exc:
            raise RecordError(f"the saved mars state lacks {exc.args[0]!r}") from None
        except (RecordError, OptionError):
            raise
        except (DataError, TypeError, ValueError) as exc:
            raise RecordError(f"malformed mars state: {exc}") from None
        ring_boxes = s.box_range(0, len(s.strip))
        places = {BAG, DEAD, GONE} | {INCOMING - k for k in s.sides}
        if (not 1 <= s.phase <= DRONE or not 0 <= s.acting < players
                or any(not (p in ring_boxes or p in places) for p in s.alien_place)
                or any(not 0 <= c < len(s.strip) or not s.standing(c, y) for c, y in zip(s.column, s.level))
                or any(not -1 <= a <= 2 for a in s.die_action) or any(not -1 <= u <= 2 for u in s.upgrades)
                or not 0 <= s.end_cause <= 4 or any(not DISCARD <= w < players for w in s.equipment_place)
                or any(not 0 <= c < TRAINING_CARDS for c in s.training_card) or len(set(s.training_card)) != players
                or any(a != -1 and a not in (training_ability(c, 0), training_ability(c, 1))
                       for a, c in zip(s.training, s.training_card))
                or any(f not in (0, 1) for f in s.out + s.orbital_spent + s.foresaw + s.scouted)
                or any(not 0 <= f <= 1 + comp.rules["injector_tired_turns"] for f in s.tired)):
            raise RecordError("the saved mars state is inconsistent (phase, positions or counters)")
        return restore(s, d)


GAME = register(MarchOnMars())
