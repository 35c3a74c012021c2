"""Imported once by the lab's forkserver (see :mod:`.executor`) so that worker processes fork
with the installed games already loaded: looking a game up then costs nothing in a worker
instead of importing every game package again."""

from cosmodrome.core import game_names

GAMES = game_names()
