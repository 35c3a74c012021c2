"""Co-operative games in the core: a team result shared by every seat (Game.cooperative)."""

from cosmodrome.core import Game, get_game, team_returns


def test_team_returns_are_all_or_nothing():
    assert team_returns(4, True) == [1.0, 1.0, 1.0, 1.0]
    assert team_returns(2, False) == [0.0, 0.0]


def test_competitive_games_are_not_cooperative_and_info_says_so():
    assert Game.cooperative is False
    info = get_game("pocket-race").info()
    assert info["cooperative"] is False
