"""Bots that fill seats: random, each game's heuristic, and information-set MCTS; the move
advisor; the registry that builds a bot from a spec such as ``"ismcts:iters=500"``.

Every bot decides only from what its seat may see (see ``cosmodrome.core.bot``)."""

from cosmodrome.bots.advisor import Advice, advise
from cosmodrome.bots.ismcts import ISMCTSBot, evaluate
from cosmodrome.bots.random_bot import RandomBot
from cosmodrome.bots.registry import bot_names, check_bot_specs, load_heuristic, make_bot, parse_spec, register_bot

__all__ = ["Advice", "ISMCTSBot", "RandomBot", "advise", "bot_names", "check_bot_specs", "evaluate",
           "load_heuristic", "make_bot", "parse_spec", "register_bot"]
