"""Cosmic Run: Rapid Fire (Dr. Finn's Games, 2017) on the Cosmodrome core.

Two players race three ships each up three planet tracks through space mines, drafting eight
action dice a round; or one player tries to beat Zorlord in the solo game. The package reads
like the rulebook: ``components`` (sheet and dice data), ``state``, ``text`` (names of
circles, prompts, the terminal sheet), ``setup``, ``rounds`` (Phase I and Phase II), ``dice``
(rolling the action dice), ``mines``, ``movement``, ``combat``, ``technologies``, ``scoring``
(game end), ``solo`` (Zorlord), ``actions`` (the action space), ``view`` and ``heuristic``.

The modules import one way, in the order of :data:`LAYERS`: data (``grid``, ``components``, ``state``)
→ names and texts (``text``) → the rules, each importing only the rules listed before it →
``view`` and the ``heuristic`` → this face. A rule that must go on with a higher one (the
next pick after a die, the mine phase after a roll) calls it through ``state.HOOKS``, which
this module registers (tests/core/test_game_layers.py checks the order).

>>> s = GAME.new_state(2, seed=3)
>>> s.decision_kind(), s.to_move()
('draft', 0)
"""

from __future__ import annotations

from pathlib import Path
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
from cosmodrome.games.cosmic_run import actions, observation, rounds, scoring, text, view
from cosmodrome.games.cosmic_run.actions import NUM_ACTIONS
from cosmodrome.games.cosmic_run.components import load_components
from cosmodrome.games.cosmic_run.grid import TRACK_COLUMNS
from cosmodrome.games.cosmic_run.setup import new_game
from cosmodrome.games.cosmic_run.state import FIELDS, HOOKS, OVER, PHASE_KIND, CosmicRunState
from cosmodrome.i18n import N_, Articled, _

#: The import order of the package, lowest first: a module imports only modules of earlier
#: layers and, within its layer, modules listed before it.
LAYERS = (
    ("grid", "components", "state"),                   # data: the grid's layout and indices, components, the table
    ("text",),                                         # names and texts
    ("scoring", "dice", "technologies", "mines", "combat", "movement", "solo", "rounds", "setup", "actions"),  # rules
    ("view", "observation", "heuristic"),              # what a seat sees, its observation, the bot
    ("__init__",),                                     # the game's face
)

HOOKS.register(legal=actions.legal, perform=actions.perform, action_json=actions.to_json, prompt=text.prompt,
               view=view.view, scores=scoring.scores, summary=scoring.summary, next_pick=rounds.next_pick,
               resume=rounds.resume)


class CosmicRun(Game):
    name = "cosmic-run"
    observation_layout = staticmethod(observation.layout)
    title = "Cosmic Run: Rapid Fire"
    @property
    def end_causes(self) -> dict[str, str]:
        """How a game ended, in words (the lab's "How games ended"; RB: Game End), with the
        numbers of the packaged component data (:func:`.text.end_cause_words`)."""
        return text.end_cause_words(load_components())

    summary_labels = scoring.SUMMARY_LABELS
    #: the table's tooltips (``view["help"]``, text.help_texts): words for people, not observed
    presentation_keys = ("help",)
    min_players = 1
    max_players = 2
    num_actions = NUM_ACTIONS
    description = N_("Race three ships up three planet tracks through space mines by drafting dice; "
                     "2 players, or solo against Zorlord.")
    heuristic_bot = "cosmodrome.games.cosmic_run.heuristic:CosmicRunHeuristic"
    turn_kinds = frozenset({"draft"})
    #: nothing on the table is hidden but the future dice: every decision is public
    public_kinds = (frozenset(PHASE_KIND.values()) | {"choose"}) - {"over"}
    components_file = Path(__file__).with_name("components.toml")
    #: every die roll and Zorlord's random pick can be a chance node (core.chance)
    explicit_chance = True
    help_file = Path(__file__).with_name("howto.toml")
    options = (
        OptionSpec("side", "choice", "A", N_("tracking sheet side: A, or B for the Minefield variant"), ("A", "B"),
                   label=N_("Sheet side")),
        OptionSpec("friendly", "bool", False,
                   N_("Friendly variant: attacks become engine upgrades, mine dice give immunity"),
                   label=N_("Friendly variant"), players=(2, 2)),
        RuleNumberOption("rapid_fire", "bool", False, "", label=N_("Rapid Fire variant"), players=(2, 2),
                         words=lambda: text.rapid_fire_option_words(load_components())),
        OptionSpec("novice", "bool", False, N_("solo: novice mode, you choose first every second round"),
                   label=N_("Novice mode (solo)"), players=(1, 1)),
        OptionSpec("expert_mines", "int", 0, N_("solo expert mode: mine rolls before the first round"),
                   label=N_("Mine rolls before the start (solo expert)"), players=(1, 1)),
        OptionSpec("no_zorlord_reroll", "bool", False,
                   N_("solo expert mode: the control panel cannot re-roll Zorlord's die"),
                   label=N_("Zorlord's die cannot be re-rolled (solo expert)"), players=(1, 1)),
        OptionSpec("components", "path", "",
                   N_("a variant components file (TOML) replacing entries of the sheet and dice data"),
                   label=N_("Components file")),
    )

    def how_to_play(self) -> Optional[dict[str, Any]]:
        """The rules page (howto.toml), the numbers of its rules written from the packaged
        component data (:func:`.text.howto_numbers`; a Hungarian ``{n:az}`` field takes its article)."""
        page = super().how_to_play()
        numbers = text.howto_numbers(load_components())
        for section in page["sections"]:
            section["paragraphs"] = [Articled(p).format(**numbers) for p in section["paragraphs"]]
        return page

    def hint(self, decision) -> Optional[dict[str, Any]]:
        """The first-game hint (howto.toml), its numbers of the rules written as in
        :meth:`how_to_play`; written once per hint the core hands out (it keeps the last)."""
        hint = super().hint(decision)
        if hint is None:
            return None
        done = self._written_hint
        if done is not None and done[0] is hint:
            return done[1]
        numbers = text.howto_numbers(load_components())
        out = dict(hint, text=Articled(hint["text"]).format(**numbers),
                   options=[dict(o, text=Articled(o["text"]).format(**numbers)) for o in hint["options"]])
        self._written_hint = (hint, out)
        return out

    #: (the core's hint, it written) of the last :meth:`hint`
    _written_hint: Optional[tuple] = None

    def resolve_options(self, options):
        opts = super().resolve_options(options)
        if not 0 <= opts["expert_mines"] <= 50:
            raise OptionError(f"option 'expert_mines' must be from 0 to 50, not {opts['expert_mines']}")
        opts["components"] = opts["components"] or ""
        return opts

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> CosmicRunState:
        return new_game(self, players, seed, options)

    def max_chance_outcomes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """A chance outcome is a face index of a die, a mine die's letter or number index,
        or one of the eight action dice (Zorlord's pick)."""
        comp = load_components(self.resolve_options(options)["components"])
        return max(8, len(comp.letters), len(comp.numbers), *(len(faces) for faces in comp.dice))

    def max_game_length(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """A bound on the decisions of one game, from the rules and the sheet's data.

        Every round (RB: Playing the Game; ``len(round_track)`` rounds, 12) has its mine rolls
        (``round_track[r]``: 24 in all), each asking each target sheet (2; solo 1) at most
        one defensive-missile question, and its 8 action dice. One die asks at most
        ``max_pips + 6`` decisions: the draft (or handing it to Zorlord), the use/cargo
        choice, the Friendly variant's free re-roll of a mine die in the last round (another
        use choice), then the most of: a movement (a transformer once before the first step,
        at most ``pips`` steps as each costs a pip, a stop) and the missile question of its
        attack, ``pips + 3``; a mine die's letter and missile question, 2; a full cargo bay's
        technology, 1. Pips are at most ``max(max_pips, hearts)`` (3; a Friendly engine
        upgrade turns a 1 into 2 or 3). A control-panel re-roll asks the use choice again
        (or Zorlord's re-roll question), at most ``rerolls`` per sheet (4) in the game.

        >>> GAME.max_game_length(2), GAME.max_game_length(1)
        (920, 892)
        """
        comp = load_components(self.resolve_options(options)["components"])
        sheets = 2 if players == 2 else 1
        pips = max(comp.max_pips, comp.hearts)
        per_die = pips + 6
        return len(comp.round_track) * 8 * per_die + sheets * sum(comp.round_track) + sheets * comp.rerolls

    def max_deal_nodes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """The set-up's dice: the expert mode's mine rolls before the first round (letter and
        number, ``expert_mines`` times); the first round's rolls are counted by
        :meth:`max_chance_nodes`.

        >>> GAME.max_deal_nodes(1, {"expert_mines": 2}), GAME.max_deal_nodes(2)
        (4, 0)
        """
        opts = self.resolve_options(options)
        return 2 * int(opts.get("expert_mines") or 0) if players == 1 else 0

    def max_chance_nodes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> Optional[int]:
        """A bound on the chance nodes of one game in the explicit mode; None in the Friendly
        variant, whose free re-roll of a mine die in the last round repeats until the die
        shows something else (no bound, though each re-roll ends it with probability 1/2 or more).

        Per round: the letter and number dice of each mine roll (2 × ``round_track[r]``),
        the action dice rolled (8 at once; solo, the dice left before each of the four
        batches, at most 8 + 6 + 4 + 2), Zorlord's random picks (at most one per die, 8),
        and for each die its mine rolls (a mine die's number, or Zorlord's letter and number:
        at most 2, 16); plus one roll per control-panel re-roll (``rerolls`` per sheet).

        >>> GAME.max_chance_nodes(2), GAME.max_chance_nodes(2, {"friendly": True}) is None
        (440, True)
        """
        opts = self.resolve_options(options)
        if opts["friendly"]:
            return None
        comp = load_components(opts["components"])
        sheets = 2 if players == 2 else 1
        per_round = (8 if players == 2 else 8 + 6 + 4 + 2) + 8 + 16
        return 2 * sum(comp.round_track) + len(comp.round_track) * per_round + sheets * comp.rerolls

    def seat_name(self, seat: int, players: int) -> str:
        return _("Player {n}").format(n=seat + 1)

    legend = text.SYMBOLS

    def legend_rows(self) -> list[tuple[str, str]]:
        return text.legend_rows()

    def render_text(self, view: Mapping[str, Any], seat: Optional[int] = None) -> str:
        return text.render(view, seat)

    def statistics(self, state: CosmicRunState, events) -> list:
        """End-of-game statistics, beside the scoring."""
        return scoring.statistics(state, list(events))

    def state_from_json(self, data: Mapping[str, Any]) -> CosmicRunState:
        d = check_state_json(data, self)
        try:
            players = d["players"]
            if isinstance(players, bool) or players not in (1, 2):
                raise RecordError(f"a saved cosmic-run state has 1 or 2 players, not {players!r}")
            options = self.resolve_options(d["options"])
            comp = load_components(options["components"])
            rng = d["rng"]
            if isinstance(rng, bool) or not isinstance(rng, int):
                raise RecordError("the saved state's 'rng' must be a whole number")
            s = CosmicRunState(self, players, options, comp, Rng.from_state(rng))
            load_table(s, d, FIELDS)
            if any(not p or any(not 0 <= x < comp.nr * TRACK_COLUMNS for x in p) for p in s.paths):
                raise RecordError("the saved state's 'paths' must be 6 non-empty lists of circle numbers")
        except KeyError as exc:
            raise RecordError(f"the saved cosmic-run state lacks {exc.args[0]!r}") from None
        except DataError as exc:
            raise RecordError(f"the saved state's components cannot be loaded: {exc}") from None
        except RecordError:
            raise
        except Exception as exc:  # an option error or a wrong type deep inside
            raise RecordError(f"malformed cosmic-run state: {exc}") from None
        if not 1 <= s.phase <= OVER or any(not 0 <= p < comp.nr * TRACK_COLUMNS for p in s.circle) \
                or any(not -1 <= o <= 1 for o in s.owner) or not 1 <= s.round <= len(comp.round_track):
            raise RecordError("the saved cosmic-run state is inconsistent (phase, ship position, die owner or round)")
        return restore(s, d)


GAME = register(CosmicRun())
