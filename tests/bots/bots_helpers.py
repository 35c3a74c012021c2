"""Games the bot tests run on: the toy game always, the real games once they load."""

from __future__ import annotations

from cosmodrome.core import get_game

GAMES = ["pocket-race", "venus", "cosmic-run", "moon", "mars"]


def game_or_skip(name: str):
    """The registered game (every game in GAMES must load: a failure here is a failure)."""
    return get_game(name)


def mid_game_states(game, players: int, seed: int, count: int = 6):
    """States reached by random play from a seeded start, spread over the game."""
    from cosmodrome.core import Rng

    rng = Rng(seed)
    s = game.new_state(players, seed)
    out = []
    steps = 0
    while not s.is_terminal() and len(out) < count:
        if steps % 3 == 0 and len(s.legal_actions()) > 1:
            out.append(s.clone())
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
        steps += 1
    return out
