"""Setting up (RB: Setup; Solo Setup; Expert Modes): a tracking sheet per player (Zorlord's
as the second sheet in the solo game), all ships below their tracks, the first captain
(seat 1: see the rulings), then the first round starts at once (its mine roll and the
action dice roll need no decision)."""

from __future__ import annotations

from typing import Any

from cosmodrome.core.rng import as_rng
from cosmodrome.games.cosmic_run import rounds, solo
from cosmodrome.games.cosmic_run.components import load_components
from cosmodrome.games.cosmic_run.state import CosmicRunState


def new_game(game, players: int, seed: int, options: dict[str, Any]) -> CosmicRunState:
    comp = load_components(options.get("components") or "")
    s = CosmicRunState(game, players, options, comp, as_rng(seed))
    s.round = 1
    s.captain = 0
    if s.solo and options.get("expert_mines", 0):
        solo.premines(s, int(options["expert_mines"]))
    rounds.start_round(s)
    s.initial_events, s.ev = s.ev, []
    return s
