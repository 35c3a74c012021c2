"""Tournaments: seat rotation, storage and resume, statistics, TrueSkill, Ray."""

from __future__ import annotations

import pytest

from cosmodrome.core import OptionError, PlayerCountError, UnknownGameError
from cosmodrome.lab import executor
from cosmodrome.lab.runner import GameResult
from cosmodrome.lab.stats import diff_ci, tally_summaries, wilson
from cosmodrome.lab.store import Store
from cosmodrome.lab.tournament import Tournament, entrant_labels, trueskill_ratings

BOTS = ["ismcts:iters=25", "random", "random"]


def make(n=12, **kw):
    return Tournament("pocket-race", kw.pop("bots", BOTS), n, kw.pop("players", None), kw.pop("seed", 3),
                      kw.pop("options", {"rounds": 3}))


def test_every_bot_plays_every_seat_equally():
    t = make(12)
    counts = {(e, s): 0 for e in range(3) for s in range(3)}
    for i in range(t.n):
        for s, e in enumerate(t.seating(i)):
            counts[(e, s)] += 1
    assert set(counts.values()) == {4}
    # the rotations of one deal share its seed
    assert len({t.task(i).seed for i in range(3)}) == 1 and t.task(3).seed != t.task(0).seed
    assert t.task(1).bots == ("random", "random", "ismcts:iters=25")


def test_n_is_rounded_up_to_a_multiple_of_players():
    t = make(10)
    assert (t.n, t.rounded_from) == (12, 10)


def test_tournament_id_depends_on_parameters_only():
    assert make(12).id == make(12).id
    assert make(12).id != make(15).id != make(12, seed=4).id
    assert make(12).id != make(12, options={"rounds": 2}).id


@pytest.mark.parametrize("kw, err, words", [
    (dict(bots=["random", "random"], players=3), PlayerCountError, "2 bots given for 3 players"),
    (dict(bots=["random"] * 5), PlayerCountError, "2 to 4 players"),
    (dict(bots=["random", "chess-master"]), OptionError, "unknown bot"),
    (dict(options={"laps": 3}), OptionError, "no option 'laps'"),
])
def test_bad_tournaments_are_refused(kw, err, words):
    with pytest.raises(err, match=words):
        make(6, **kw)


def test_bad_game_and_count():
    with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
        Tournament("chess", ["random", "random"], 4)
    with pytest.raises(OptionError, match="at least 1"):
        make(0)


def test_interrupted_tournament_resumes_without_replaying(tmp_path):
    db = tmp_path / "t.sqlite"
    t = make(18)
    # first run: interrupted (as by Ctrl-C) after the 7th finished game
    played_first = []

    def stop_after_seven(r):
        played_first.append(r.index)
        if len(played_first) == 7:
            raise KeyboardInterrupt

    with Store(db) as st, pytest.raises(KeyboardInterrupt):
        t.run(st, on_result=stop_after_seven)
    with Store(db) as st:
        assert st.count(t.id) == 7
        stored = st.finished(t.id)
    # second run of the same tournament: plays only the 11 missing games
    played_second = []
    with Store(db) as st:
        results = make(18).run(st, on_result=lambda r: played_second.append(r.index))
        assert st.count(t.id) == 18
    assert len(played_second) == 11 and not set(played_second) & set(played_first)
    assert sorted(results) == list(range(18))
    for i, r in stored.items():
        assert results[i].key() == r.key()
    # same totals as an uninterrupted run
    with Store(tmp_path / "fresh.sqlite") as st:
        fresh = make(18).run(st)
    a, b = t.analyse(results), t.analyse(fresh)
    for x, y in zip(a["bots"], b["bots"]):
        assert (x["win_share"], x["mean_vp"], x["games"]) == (y["win_share"], y["mean_vp"], y["games"])
        assert x["mu"] == pytest.approx(y["mu"])


def test_partial_run_with_limit_then_rest(tmp_path):
    t = make(9)
    with Store(tmp_path / "a.sqlite") as st:
        assert len(t.run(st, limit=4)) == 4
        assert len(t.run(st)) == 9


def test_analysis_adds_up():
    t = make(12)
    with Store(":memory:") as st:
        res = t.run(st, workers=2)
    a = t.analyse(res)
    assert a["finished"] == 12 and [b["games"] for b in a["bots"]] == [12, 12, 12]
    assert sum(b["wins"] for b in a["bots"]) == pytest.approx(12 - a["all_lose"])
    assert sum(s["win_share"] for s in a["seats"]) == pytest.approx(1.0)
    for b in a["bots"]:
        assert b["ci"][0] <= b["win_share"] <= b["ci"][1]
    assert [b["bot"] for b in a["bots"]] == ["ismcts:iters=25", "random#1", "random#2"]


def test_entrant_labels_and_trueskill():
    assert entrant_labels(["a", "b", "a"]) == ["a#1", "b", "a#2"]
    games = [GameResult(i, i, ["x", "y"], [0], [1.0, 0.0], [5.0, 1.0], 4) for i in range(20)]
    (mu_w, s_w), (mu_l, s_l) = trueskill_ratings(games, [[0, 1]] * 20, 2)
    assert mu_w > 25 > mu_l and s_w < 25 / 3
    # an all-lose game is a draw: equal ratings stay equal
    draw = [GameResult(0, 0, ["x", "y"], [], [0.0, 0.0], [0.0, 0.0], 4)]
    (m1, _), (m2, _) = trueskill_ratings(draw, [[0, 1]], 2)
    assert m1 == pytest.approx(m2)


def test_wilson_interval_and_differences():
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.25 < hi < 0.35
    lo, hi = wilson(10, 10)
    assert hi == 1.0 and 0.65 < lo < 0.75
    lo, hi = wilson(40, 100)
    assert lo < 0.4 < hi and round(hi - lo, 2) == 0.19
    d, lo, hi = diff_ci([0.0] * 50 + [1.0] * 50, [0.0] * 50 + [1.0] * 50)
    assert d == 0 and lo < 0 < hi
    t = tally_summaries([{"end": "normal", "crises": {"Mars:2": 1}},
                         {"end": "x", "crises": {"Mars:2": 1, "Moon:4": 2}}])
    assert t["strings"]["end"] == {"normal": 1, "x": 1} and t["dicts"]["crises"] == {"Mars:2": 2.0, "Moon:4": 2.0}


@pytest.mark.slow
def test_small_tournament_on_a_local_ray_instance(tmp_path):
    import ray  # the test command installs the ray extra: a missing ray fails here
    t = make(9, bots=["ismcts:iters=15", "random", "random"])
    with Store(tmp_path / "serial.sqlite") as st:
        serial = t.run(st)
    venus = Tournament("venus", ["heuristic"] * 4, 4, seed=5)
    with Store(tmp_path / "venus-serial.sqlite") as st:
        venus_serial = venus.run(st)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        seen = []
        with Store(tmp_path / "ray.sqlite") as st:
            on_ray = t.run(st, workers=2, backend="ray", on_result=lambda r: seen.append(r.index))
            assert st.count(t.id) == 9
        actors = list(executor.ray_actors(2))
        assert len(actors) == 2
        # a second run on the same Ray is played by the same warm actors
        with Store(tmp_path / "venus-ray.sqlite") as st:
            venus_ray = venus.run(st, workers=2, backend="ray")
        assert executor.ray_actors(2) == actors
    finally:
        ray.shutdown()
    assert sorted(seen) == list(range(9))
    assert {i: r.key() for i, r in serial.items()} == {i: r.key() for i, r in on_ray.items()}
    # four-player heuristic games: the same results game by game, locally and on Ray
    assert {i: r.key() for i, r in venus_serial.items()} == {i: r.key() for i, r in venus_ray.items()}
