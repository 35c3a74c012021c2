"""Onward to Venus (Treefrog Games, 2014) for 2–5 players, on the Cosmodrome core.

>>> from cosmodrome.games.venus import GAME
>>> s = GAME.new_state(3, seed=7)
>>> s.to_move() is not None and s.legal_actions() != []
True

The package's modules import one way, down this list (a module may import the modules of
earlier layers and those listed before it in its own layer; see docs/ARCHITECTURE.md and
tests/core/test_game_layers.py). A rule reaches a rule further down the list by importing it
and one further up through a frame on the stack (:mod:`.flow` allocates every frame code)
or a registration (the frame handlers of ``flow.AUTO`` / ``flow.DECIDE``, the card tables
of :mod:`.cards`); the core protocol reaches the upper modules through ``flow.HOOKS``, which
this module registers once, as every game's face does.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Mapping, Optional

from cosmodrome.core import Game, OptionSpec, register
from cosmodrome.core.texts import WhenRead
from cosmodrome.games.venus import (  # noqa: F401  (each registers its frames on import)
    actions,
    cards,
    combat,
    crises,
    evaluation,
    observation,
    options,
    phases,
    scoring,
    text,
    view,
)
from cosmodrome.games.venus.components import load_components
from cosmodrome.games.venus.flow import HOOKS, NUM_ACTIONS
from cosmodrome.games.venus.setup import ROLL_OFFS, new_game
from cosmodrome.games.venus.state import COLOUR_WORDS, EMPIRES, MAX_DECISIONS, VenusState, state_from_json
from cosmodrome.games.venus.text import LEGEND, hand_lines, legend_rows, render_text
from cosmodrome.i18n import N_, _, gettext

#: the one-way import order of the package, lowest first
LAYERS = (
    ("components", "flow", "state"),                       # data: components, action space and frames, the table
    ("text",),                                             # names and texts
    ("scoring", "cards", "combat", "actions", "phases", "crises", "setup"),   # rules
    ("options", "view", "observation", "evaluation", "heuristic"),        # what a seat sees, estimates, the bot
    ("__init__",),                                         # the game's face
)

HOOKS.register(action_json=options.action_json, returns=scoring.returns, winners=scoring.winners,
               scores=scoring.scores, summary=scoring.summary, stop=scoring.stop,
               evaluation=evaluation.evaluation, view=view.view, view_common=view.view_common,
               view_for=view.view_for)


@functools.cache
def _help_numbers() -> Mapping[str, Any]:
    """:meth:`OnwardToVenus.help_numbers`, made once."""
    comp = load_components()
    out: dict[str, Any] = {f"rules.{k}": v for k, v in comp.rules.items() if isinstance(v, int)}
    for i, unit in enumerate(("infantry", "spaceship", "tank")):
        out.update({f"units.{unit}.cost": comp.unit_cost[i], f"units.{unit}.cp": comp.unit_cp[i],
                    f"units.{unit}.count": comp.unit_count[i]})
    out["cards.empire_cards"] = len(comp.player_effects)
    return out


class OnwardToVenus(Game):
    name = "venus"
    observation_layout = staticmethod(observation.layout)
    title = N_("Onward to Venus")
    summary_labels = scoring.SUMMARY_LABELS
    #: the table's tooltips (``view["help"]``, text.table_help): words for people, not observed
    presentation_keys = ("help",)
    min_players = 2
    max_players = 5
    num_actions = NUM_ACTIONS
    options = (OptionSpec("components", "path", None,
                          N_("a component data file (TOML) to use instead of the packaged one"),
                          label=N_("Components file")),)
    description = N_("Empires race to exploit the planets of a retro-future Solar System while crises "
                     "brew on every world.")
    heuristic_bot = "cosmodrome.games.venus.heuristic:VenusHeuristic"
    turn_kinds = frozenset({"action"})
    #: 2: the reactions and the end of a turn are asked of every seat that may hold the card
    #: (rulings 32 and 33), not of holders only
    rules_version = 2
    #: every decision is asked whatever the hidden cards are (docs/rulings/venus.md, rulings
    #: 32 and 33); these prompts and hints hold nothing hidden, so every seat may read them
    public_kinds = frozenset({
        "action", "free_action", "move_from", "move_ships", "move_infantry", "move_tanks", "move_dest", "move_claim",
        "claim_planet", "claim_tile", "claim_unit", "tension_target", "build", "combat", "reroll", "discard_die",
        "sacrifice", "casualty", "hand_limit", "kill_where", "unit_up", "cycle", "draw4", "kill_seat", "kill_unit",
        "gunrunner", "place_tension", "remove_tension", "force_discard", "look", "look_take", "look_give",
        "take_biggame", "bazagthoth", "uprising", "lose_building", "damage", "pirates", "chance"})
    #: the reactions: asked of every seat that may hold the card, their prompts name it
    public_prompts = {"reaction": N_("may answer with a reaction card, or go on"),
                      "return_unit": N_("may return an eliminated unit to Earth orbit with a card, or go on")}
    components_file = Path(__file__).with_name("components.toml")
    #: every die, draw, tile from the bag and blind pick can be a chance node (core.chance)
    explicit_chance = True
    help_file = Path(__file__).with_name("howto.toml")
    #: the cards with the printed game's numbers (the rules page is the packaged game's)
    help_items = {"cards": WhenRead(lambda: dict(text.card_texts(load_components()).values())),
                  "crises": WhenRead(lambda: dict(text.crisis_texts(load_components())))}
    reconstruction_notes = (
        N_("Card titles are our own names, except Gunrunner: the rulebook describes each card's "
        "effect but prints only that one title."),)
    #: the component file names cards by their effect: "About this game" and the lab show the title
    component_names = WhenRead(lambda: {**text.TILE_LABELS, **{
        effect: title for effect, (title, _words) in text.card_texts(load_components()).items()}})

    def help_numbers(self) -> Mapping[str, Any]:
        """The numbers "How to play" names, from the packaged components (the page is the
        printed game's): ``rules.<key>`` (``[rules]``), ``units.<unit>.cost``/``.cp``/``.count``
        and ``cards.empire_cards`` (the player cards each empire starts with).

        >>> n = GAME.help_numbers(); n["rules.combat_dice"], n["units.tank.cost"], n["cards.empire_cards"]
        (3, 3, 4)
        """
        return _help_numbers()

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> VenusState:
        comp = load_components(options.get("components") or None)
        return new_game(self, comp, players, seed, options)

    def max_chance_outcomes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """A chance outcome is a die face (0..5), a card id or a tile id."""
        comp = load_components((options or {}).get("components") or None)
        return max(6, len(comp.deck_effects) + players * len(comp.player_effects), len(comp.tile_kind))

    def max_game_length(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """A bound on the decisions of one game: the cap of ruling 35 (:data:`MAX_DECISIONS`,
        3,000). Without it there is none: the player actions phase lasts while a player
        declines to pass, and "Another action" cards can come back through a reshuffle.

        >>> GAME.max_game_length(5)
        3000
        """
        return MAX_DECISIONS

    def max_chance_nodes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """A bound on the chance nodes of one game in the explicit mode, from the component
        data's numbers. One decision sets off at most one of each: a combat roll or re-roll
        (``combat_dice``), a draw of cards (the most any one card or tile draws: the draw-four
        card, the draw-two tile, buying cards, cycling...), a random discard
        (``force_discard_cards``), a card stolen by Bazagthoth: 3 + 4 + 2 + 1 = 10 as printed.
        Each period's crisis phase rolls the ``escalation_dice`` and at most two invasions of
        Earth (the Moon and Mars, ``damage_dice`` each), and the tiles come from the bag, which
        is never refilled (``n_bag`` tiles in the game).

        >>> GAME.max_chance_nodes(2)
        30130
        """
        comp = load_components((options or {}).get("components") or None)
        r = comp.rules
        drawn = max(r["draw_and_keep_draws"], r["draw2_cards"], r["buy_cards_drawn"], r["cp1_draw_cards"],
                    r["cycle_discards"] + r["cycle_extra_draws"])
        per_decision = comp.combat_dice + drawn + r["force_discard_cards"] + 1
        return MAX_DECISIONS * per_decision + r["periods"] * (r["escalation_dice"] + 2 * r["damage_dice"]) + comp.n_bag

    def max_deal_nodes(self, players: int, options: Optional[Mapping[str, Any]] = None) -> int:
        """The set-up dealt item by item (RB: Setting up): ``rules.start_cards_dealt`` game
        cards to each empire, at most :data:`~cosmodrome.games.venus.setup.ROLL_OFFS` roll-offs
        of ``rules.first_player_dice`` dice each for the first player and the lot after them
        (ruling 36); the tiles drawn for the planets are counted by :meth:`max_chance_nodes`
        (the bag's size).

        >>> GAME.max_deal_nodes(2)
        65
        """
        comp = load_components((options or {}).get("components") or None)
        return players * comp.rules["start_cards_dealt"] + ROLL_OFFS * comp.rules["first_player_dice"] * players + 1

    def state_from_json(self, data: Mapping[str, Any]) -> VenusState:
        return state_from_json(self, data)

    def statistics(self, state: VenusState, events) -> list:
        """End-of-game statistics, beside the scoring (:func:`.scoring.statistics`)."""
        return scoring.statistics(state, list(events))

    legend = LEGEND

    def legend_rows(self) -> list[tuple[str, str]]:
        return legend_rows()

    def render_text(self, view: Mapping[str, Any], seat=None) -> str:
        return render_text(dict(view), seat)

    def render_board(self, view: Mapping[str, Any], seat=None) -> str:
        return render_text(dict(view), seat, hand=False, log=False)

    def render_hand(self, view: Mapping[str, Any], seat=None) -> str:
        return "\n".join(line.strip() for line in hand_lines(dict(view)))

    def seat_name(self, seat: int, players: int) -> str:
        return _("{empire} ({colour})").format(empire=gettext(EMPIRES[seat]), colour=gettext(COLOUR_WORDS[seat]))


GAME = register(OnwardToVenus())
