"""RB: Ending the game – victory points and the tie-break chain."""

from venus_helpers import fresh, place_building

from cosmodrome.games.venus.flow import EARTH, GANYMEDE, MARS, MERCURY, put
from cosmodrome.games.venus.scoring import finish, planet_vp, scores, tile_vp, winners


def bare(players=3):
    s = fresh(players, 1)
    for p in range(players):
        s.built = put(s.built, p * 16 + EARTH * 2 + 1, 0)
        s.stock[p * 5 + 4] = 8
    return s


def test_rank_vp_and_no_income():
    """RB: ranks by income; ties share; no income, no rank (ruling)."""
    assert planet_vp([6, 6, 2], (11, 6, 3)) == [11, 11, 6]
    assert planet_vp([0, 0, 0], (8, 4)) == [0, 0, 0]
    assert planet_vp([5, 4, 3, 2], (8, 4)) == [8, 4, 0, 0]


def test_kept_tiles_vp():
    """RB: +1 per big game and crisis tile, +2 per alien."""
    s = bare()
    c = s.comp
    big = next(t for t in range(c.n_bag) if c.tile_kind[t] == 2)
    cri = next(t for t in range(c.n_bag) if c.tile_kind[t] == 5)
    s.kept[0] = (big, cri, c.n_bag)
    assert tile_vp(s, 0) == 4 and scores(s)[0] == 4


def test_tie_first_player_marker():
    """RB: on a tie the first player marker holder wins."""
    s = bare()
    place_building(s, 0, MARS, mines=1)
    place_building(s, 1, MERCURY, mines=1)   # Mercury 8 vs Mars 11: make equal via VP lists
    s.first_seat = 1
    vp = scores(s)
    assert vp[0] == 11 and vp[1] == 8
    place_building(s, 1, MARS, mines=1)        # now 0: 11, 1: 11 + 8
    s.built = put(s.built, 1 * 16 + MERCURY * 2, 0)
    s.stock[1 * 5 + 3] += 1
    s.first_seat = 1
    finish(s)
    assert scores(s)[:2] == [11, 11] and winners(s) == [1]


def test_tie_shared_victory():
    """RB: a tie nothing breaks is a shared victory."""
    s = bare()
    s.first_seat = 2
    place_building(s, 0, MARS, mines=1)
    place_building(s, 1, MARS, mines=1)
    finish(s)
    assert winners(s) == [0, 1] and s.returns() == [0.5, 0.5, 0.0]


def test_tie_most_mines_and_factories():
    """RB: a VP tie without the marker goes to the most mines and factories on the board."""
    s2 = bare(5)
    s2.first_seat = 4
    place_building(s2, 0, MARS, mines=1)
    place_building(s2, 1, MARS, mines=1)
    place_building(s2, 2, GANYMEDE, mines=1, factories=1)   # Ganymede pays two ranks (6, 3)
    place_building(s2, 3, GANYMEDE, mines=1)
    place_building(s2, 0, GANYMEDE, factories=1)  # third on Ganymede: no VP, one more counter
    vp = scores(s2)
    assert vp[0] == vp[1] == 11
    finish(s2)
    assert winners(s2) == [0]


def test_tie_break_order():
    """RB: the chain is VP, marker, counters on the board, VP from kept tiles."""
    from cosmodrome.games.venus.scoring import ranking_key
    s = bare()
    c = s.comp
    big = next(t for t in range(c.n_bag) if c.tile_kind[t] == 2)
    s.kept[1] = (big,)
    s.first_seat = 2
    k0, k1 = ranking_key(s, 0, [5, 5, 0]), ranking_key(s, 1, [5, 5, 0])
    assert k1 > k0
    place_building(s, 0, MARS, mines=1)
    assert ranking_key(s, 0, [5, 5, 0]) > ranking_key(s, 1, [5, 5, 0])
    s.first_seat = 1
    assert ranking_key(s, 1, [5, 5, 0]) > ranking_key(s, 0, [5, 5, 0])
