"""Bot pacing at the table (docs/SERVER.md, ``--bot-delay``): a bot waits before the first
decision of its turn, and for a game that names its turn-opening decisions
(``Game.turn_kinds``) the rest of that turn goes at the bot's own speed."""

from types import SimpleNamespace

from cosmodrome.games.moon import GAME as MOON
from cosmodrome.games.moon.state import A_PROGRAM, PROGRAM
from cosmodrome.server.tables import Hall
from cosmodrome.testing import toy


def table_of(game, state):
    return SimpleNamespace(game=game, state=state)


def test_a_moon_bot_is_paced_once_a_turn_not_at_every_die_it_places():
    s = MOON.new_state(3, 1)
    t = table_of(MOON, s)
    me = s.to_move()
    assert Hall._paced(None, t, me, None)                          # the loop's first decision
    assert Hall._paced(None, t, me, ((me + 1) % 3, "pick"))        # another seat decided last
    s.apply(A_PROGRAM + 0)                                         # a die on the first jump
    assert not Hall._paced(None, t, me, (me, "program"))           # the next die of the same turn
    while s.decision_kind() == "program":
        s.apply(s.legal_actions()[0])
    assert s.decision_kind() == "pick" and s.to_move() == me
    assert not Hall._paced(None, t, me, (me, "program"))           # its first jump's result
    s.phase = PROGRAM                                              # a new turn of the same seat opens
    assert Hall._paced(None, t, me, (me, "go-on"))

def test_a_game_without_turn_kinds_is_paced_at_every_decision():
    s = toy.GAME.new_state(2, 1)
    assert not toy.GAME.turn_kinds
    assert Hall._paced(None, table_of(toy.GAME, s), s.to_move(), (s.to_move(), s.decision_kind()))
