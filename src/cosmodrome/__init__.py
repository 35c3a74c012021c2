"""Cosmodrome: play, simulate and study space-race board games.

The engine core (:mod:`cosmodrome.core`) knows no game; each game lives in its own
package under :mod:`cosmodrome.games` and registers itself with the core's registry.

>>> import cosmodrome
>>> game = cosmodrome.get_game("venus")          # doctest: +SKIP
>>> state = game.new_state(players=4, seed=7)    # doctest: +SKIP
"""

from cosmodrome import compiled as _compiled

_compiled.install()   # the compiled rule modules, when built and matching their source (see .compiled)

from cosmodrome.core import (  # noqa: E402,F401
    Choice,
    CosmodromeError,
    Decision,
    Event,
    Game,
    GameRecord,
    IllegalActionError,
    State,
    game_names,
    get_game,
)

#: the release (semantic versioning: CHANGELOG.md says what each release changed and what a
#: host upgrading to it must do); the package's version is read from here
__version__ = "0.2.0"
