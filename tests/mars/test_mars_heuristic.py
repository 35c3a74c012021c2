"""The heuristic marine team and co-operative play in the lab."""

from mars_helpers import GAME, check_invariants, landed

from cosmodrome.bots import make_bot
from cosmodrome.games.mars.heuristic import MarsHeuristic
from cosmodrome.lab.store import Store
from cosmodrome.lab.tournament import Tournament


def play(players, seed, bots, options=None):
    s = landed(players, seed, options or {})
    while not s.is_terminal():
        s.apply(bots[s.to_move()].choose(s))
    check_invariants(s)
    return s


def test_the_heuristic_plays_legal_moves_to_the_end():
    for seed in range(3):
        s = play(3, seed, [MarsHeuristic(seed=k) for k in range(3)], {"threat": "baby"})
        assert s.summary()["kills"] > 0


def test_the_heuristic_sets_off_the_nuke_when_it_can():
    s = landed(2, 5)
    s.alien_place[s.defenders()[1]] = -3
    d = s.zone_cols(6).start
    s.column[0], s.level[0] = d, 1
    s.apply(3)               # the first marine acts
    assert MarsHeuristic(seed=0).choose(s) == 2


def test_the_bots_registry_finds_the_heuristic():
    assert make_bot("heuristic", GAME, 1).name == "heuristic"


def test_a_tournament_reports_the_team_result(tmp_path):
    t = Tournament("mars", ["random", "random"], n=4, players=2, seed=3)
    results = t.run(Store(tmp_path / "t.sqlite"), workers=1)
    a = t.analyse(results)
    team = a["team"]
    assert team["games"] == 4 and 0 <= team["wins"] <= 4
    assert team["win_rate"] == team["wins"] / 4
    for b in a["bots"]:          # every seat shares the team's result
        assert b["win_share"] == team["win_rate"]


def test_the_heuristic_keeps_the_ability_its_role_wants():
    from cosmodrome.games.mars.state import A_TRAIN, KAMIKAZE
    s = GAME.new_state(2, 5)
    s.training_card[0] = KAMIKAZE // 2                # Orbital bombing / Kamikaze: a striker goes for the 5-dice nuke
    assert MarsHeuristic(seed=0).choose(s) == A_TRAIN + KAMIKAZE % 2


def test_the_heuristic_sets_off_a_kamikaze_nuke_at_once():
    from cosmodrome.games.mars.state import A_KAMIKAZE, KAMIKAZE
    s = landed(2, 5)
    s.alien_place[s.defenders()[1]] = -3
    s.column[0], s.level[0], s.training[0] = s.zone_cols(6).start, 1, KAMIKAZE
    s.apply(3)
    assert A_KAMIKAZE in s.legal_actions() and MarsHeuristic(seed=0).choose(s) == A_KAMIKAZE


def test_the_heuristic_calls_the_orbital_bombing_on_a_crowded_card_by_the_lz():
    from cosmodrome.games.mars.state import A_ORBITAL, BAG, ORBITAL
    s = landed(2, 5)
    s.training[0] = ORBITAL
    near = s.zone_cols(4)
    for i in range(len(s.alien_place)):
        if i not in s.defenders():
            s.alien_place[i] = BAG
    boxes = [(c, y) for c in near for y in range(s.levels) if s.standing(c, y)]
    for k, i in enumerate([i for i in range(len(s.alien_place)) if s.colour(i) == 1][:6]):
        s.alien_place[i] = s.box(*boxes[k % len(boxes)])
    s.apply(3)
    assert MarsHeuristic(seed=0).choose(s) == A_ORBITAL + 0
