"""The bot ladder: seeded round robin, reproducible on any number of workers, ratings that
order bots by strength, team win rates for a co-operative game, the command and its document.
None of it needs torch or OpenSpiel."""

from __future__ import annotations

import numpy as np
import pytest

from cosmodrome.cli.main import main
from cosmodrome.core import OptionError, PlayerCountError
from cosmodrome.lab.ladder import Ladder, bradley_terry, game_score, write_section
from cosmodrome.lab.store import Store


def test_every_pair_meets_on_the_same_deals_from_both_seats():
    lad = Ladder("cosmic-run", ["random", "heuristic", "ismcts:iters=2"], deals=3, seed=5)
    assert lad.n == 3 * 3 * 2
    meetings = {}
    for t in lad.tasks():
        meetings.setdefault(frozenset(t.bots), []).append((t.seed, t.bots))
    assert len(meetings) == 3
    deal_seeds = None
    for games in meetings.values():
        seeds = sorted({s for s, _ in games})
        assert len(seeds) == 3 and len(games) == 6
        assert deal_seeds in (None, seeds)  # every pair meets the same deals
        deal_seeds = seeds
        for s in seeds:  # each deal from both seats
            assert sorted(b for seed, b in games if seed == s) == sorted([games[0][1], games[0][1][::-1]])


def test_the_ladder_reproduces_on_any_number_of_workers_and_ranks_the_heuristic_above_random():
    lad = Ladder("cosmic-run", ["random", "heuristic"], deals=4, seed=11)
    serial = lad.analyse(lad.run(workers=1))
    parallel = lad.analyse(lad.run(workers=2))
    assert serial == parallel
    rows = {r["bot"]: r for r in serial["rows"]}
    assert serial["rows"][0]["bot"] == "heuristic"
    # Cosmic Run's heuristic beats the random bot clearly: most of 8 games, a rating above it
    assert rows["heuristic"]["score"] >= 0.75
    assert rows["heuristic"]["elo"] > 100 and rows["random"]["elo"] == 0
    assert rows["heuristic"]["ci"][0] < rows["heuristic"]["elo"] < rows["heuristic"]["ci"][1]
    assert rows["heuristic"]["mu"] > rows["random"]["mu"]
    h = serial["labels"].index("heuristic")
    r = serial["labels"].index("random")
    assert serial["head_to_head"][h][r] == pytest.approx(rows["heuristic"]["score"])
    assert serial["head_to_head"][h][r] + serial["head_to_head"][r][h] == pytest.approx(1.0)
    # another seed plays other deals
    other = Ladder("cosmic-run", ["random", "heuristic"], deals=4, seed=12)
    assert [t.seed for t in other.tasks()] != [t.seed for t in lad.tasks()]


def test_a_bot_added_to_a_ladder_plays_only_its_own_games(tmp_path):
    store = Store(tmp_path / "l.sqlite")
    small = Ladder("cosmic-run", ["random", "heuristic"], deals=2, seed=3)
    first = small.run(store)
    played = []
    big = Ladder("cosmic-run", ["heuristic", "ismcts:iters=2", "random"], deals=2, seed=3)
    results = big.run(store, on_result=played.append)
    assert len(played) == 8 and all("ismcts:iters=2" in r.bots for r in played)
    # the stored pair's games are the ones the small ladder played, whatever the entrants' order
    def games(rs):
        return sorted((r.seed, tuple(r.bots), tuple(r.returns), r.decisions) for r in rs)

    assert games(first.values()) == games(r for r in results.values() if "ismcts:iters=2" not in r.bots)
    assert big.analyse(results) == big.analyse(big.run())


def test_a_cooperative_ladder_is_team_win_rates(tmp_path):
    lad = Ladder("mars", ["random", "heuristic"], deals=3, seed=2, players=2)
    assert [t.bots for t in lad.tasks()] == [("random", "random")] * 3 + [("heuristic", "heuristic")] * 3
    results = lad.run(Store(tmp_path / "l.sqlite"))
    a = lad.analyse(results)
    assert a["cooperative"] and a["games"] == 6
    for row in a["rows"]:
        mine = [r for r in results.values() if r.bots[0] == row["bot"]]
        assert row["wins"] == sum(1 for r in mine if r.winners)
        assert row["ci"][0] <= row["win_rate"] <= row["ci"][1]
    rates = [r["win_rate"] for r in a["rows"]]
    assert rates == sorted(rates, reverse=True)


@pytest.mark.parametrize("kw, err, words", [
    (dict(bots=["random"]), OptionError, "at least two bots"),
    (dict(bots=["random", "random"]), OptionError, "must differ"),
    (dict(deals=0), OptionError, "at least 1"),
    (dict(players=3), OptionError, "head to head"),
    (dict(bots=["random", "grandmaster"]), OptionError, "unknown bot"),
])
def test_bad_ladders_are_refused(kw, err, words):
    args = dict(game="cosmic-run", bots=["random", "heuristic"], deals=2)
    args.update(kw)
    with pytest.raises(err, match=words):
        Ladder(**args)


def test_a_cooperative_ladder_checks_its_team_size():
    with pytest.raises(PlayerCountError):
        Ladder("mars", ["random", "heuristic"], deals=2, players=9)


def test_game_scores_and_the_rating_fit():
    assert game_score([0.0, 1.0], 1) == 1.0 and game_score([0.0, 0.0], 1) == 0.5
    even = np.array([[0, 5, 5], [5, 0, 5], [5, 5, 0]], float)
    count = np.full((3, 3), 10.0) - np.diag([10.0] * 3)
    elo, se = bradley_terry(even, count)
    assert np.allclose(elo, 0, atol=1e-6) and (se > 0).all()
    # a perfect record is finite, above the others, with a wide interval
    perfect = np.array([[0, 10, 10], [0, 0, 5], [0, 5, 0]], float)
    elo, se = bradley_terry(perfect, count, anchor=1)
    assert elo[1] == 0 and abs(elo[2]) < 1e-6 and 400 < elo[0] < 2000 and se[0] > 150 and se[1] == 0


def test_write_section_replaces_only_its_game(tmp_path):
    doc = tmp_path / "LADDER.md"
    write_section(doc, "venus", "Onward to Venus", "first venus table\n")
    write_section(doc, "mars", "March on Mars", "mars table\n")
    write_section(doc, "venus", "Onward to Venus", "second venus table\n")
    text = doc.read_text()
    assert "second venus table" in text and "first venus table" not in text and "mars table" in text
    assert text.index("Onward to Venus") < text.index("March on Mars")
    assert text.count("<!-- ladder:venus -->") == 1
    # a section added later still takes its place in the order of the games
    write_section(doc, "moon", "Walking on the Moon", "moon table\n")
    text = doc.read_text()
    assert text.index("second venus table") < text.index("moon table") < text.index("mars table")


def test_the_ladder_command_prints_and_writes_its_table(tmp_path, capsys):
    db, doc = tmp_path / "l.sqlite", tmp_path / "LADDER.md"
    argv = ["ladder", "cosmic-run", "--bots", "random,heuristic", "--deals", "2", "--seed", "4",
            "--db", str(db), "--write", str(doc)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "4 games head to head" in out and "heuristic" in out and "(zero point)" in out
    text = doc.read_text()
    assert "cosmodrome ladder cosmic-run --bots random,heuristic --deals 2 --seed 4" in text
    assert "| 1 | `heuristic` |" in text and "## Cosmic Run" in text
    # the same command again plays nothing and writes the same document
    assert main(argv) == 0
    assert "4 already stored" in capsys.readouterr().out
    assert doc.read_text() == text


def test_the_ladder_command_refuses_bad_input(tmp_path, capsys):
    assert main(["ladder", "cosmic-run", "--bots", "random,heuristic", "--deals", "0", "--db",
                 str(tmp_path / "l.sqlite")]) == 2
    assert "at least 1" in capsys.readouterr().err
    assert not (tmp_path / "l.sqlite").exists()
