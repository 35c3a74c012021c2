"""The lab's per-game breakdowns (lab/compare.py ``own``): each game's own measures, printed
game beside variant, with the difference's 95% interval and the significant ones marked."""

from __future__ import annotations

from cosmodrome.lab.compare import own, results
from cosmodrome.lab.runner import GameResult


def game(i: int, won: bool, summary: dict) -> GameResult:
    return GameResult(i, i, ["random", "random"], [0] if won else [], [1.0 if won else 0.0, 0.0], [1.0, 0.0], 10,
                      summary=summary)


def test_mars_is_broken_down_by_its_threat_level():
    base = [game(i, i % 2 == 0, {"threat": "normal"}) for i in range(20)]
    var = [game(i, True, {"threat": "normal"}) for i in range(20)]
    (part,) = own("mars", base, var, 2)
    assert part["title"] == "Win rate by threat" and part["share"] is True
    (row,) = part["rows"]
    assert row["label"] == "threat normal: games won"
    assert (row["default"], row["variant"]) == (0.5, 1.0)
    assert row["significant"] and row["ci"][0] > 0
    assert 0 <= row["default_ci"][0] < 0.5 < row["default_ci"][1] <= 1  # a Wilson interval


def test_cosmic_run_counts_the_planets_reached_and_marks_no_difference_within_chance():
    base = [game(i, True, {"p1_planets": i % 3, "p2_planets": 1}) for i in range(30)]
    same = [game(i, True, {"p1_planets": (i + 1) % 3, "p2_planets": 1}) for i in range(30)]
    (part,) = own("cosmic-run", base, same, 2)
    rows = {r["label"]: r for r in part["rows"]}
    assert set(rows) == {"Sheet 1: planets reached", "Sheet 2: planets reached"}  # absent keys left out
    assert rows["Sheet 1: planets reached"]["default"] == rows["Sheet 1: planets reached"]["variant"] == 1.0
    assert not any(r["significant"] for r in part["rows"])


def test_venus_vp_by_source_is_per_seat_and_part_of_the_results():
    base = [game(i, True, {"vp_planets": {"seat 1": 10, "seat 2": 8}, "vp_tiles": {"seat 1": 2, "seat 2": 1}})
            for i in range(10)]
    var = [game(i, True, {"vp_planets": {"seat 1": 14 + i % 2, "seat 2": 8}, "vp_tiles": {"seat 1": 2, "seat 2": 1}})
           for i in range(10)]
    res = results(base, var, 2, "venus")
    (part,) = res["own"]
    rows = {r["label"]: r for r in part["rows"]}
    assert rows["Seat 1: VP from planets"]["diff"] == 4.5 and rows["Seat 1: VP from planets"]["significant"]
    assert not rows["Seat 2: VP from planets"]["significant"]
    assert results(base, var, 2)["own"] == []  # no game named: no game's own breakdown
