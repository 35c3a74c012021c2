"""The design lab's API (docs/LAB.md): a variant run beside the printed game with the same
seeds, every status of a run (queued, running, done, cancelled, failed), runs kept across a
restart, and every bad input refused with a sentence and a 4xx that changes nothing."""

from __future__ import annotations

import threading
import time

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from server_helpers import from_address, wait_for

from cosmodrome.core import get_game
from cosmodrome.lab import design
from cosmodrome.lab.executor import run_tasks
from cosmodrome.lab.runner import make_task
from cosmodrome.lab.seeds import game_seed
from cosmodrome.server import create_app, labruns
from cosmodrome.server.labruns import LabConfig

VENUS = get_game("venus").components_file.read_text(encoding="utf-8")


def earth(vp: int) -> str:
    """Onward to Venus with Earth's first prize changed (planets[2].vp[0], 7 printed)."""
    return design.dumps(design.apply_edits(design.loads(VENUS), [{"path": ["planets", 2, "vp", 0], "value": vp}]))


def body(**extra):
    out = {"game": "venus", "players": 2, "games": 6, "bots": ["random", "random"],
           "variant": {"toml": earth(30), "name": "Earth 30"}, "seed": 5}
    out.update(extra)
    return out


def make_client(db_url, tmp_path, **config):
    cfg = dict(data_dir=tmp_path / "lab", max_games=50, per_address=2)
    cfg.update(config)
    return TestClient(create_app(db_url, lab=LabConfig(**cfg),
                                 password_hasher=PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)))


@pytest.fixture
def lab(db_url, tmp_path):
    with make_client(db_url, tmp_path) as c:
        yield c


def finished(c, run_id):
    """The run once it is over (no timing asserted: polled until it ends)."""
    out = {}

    def over():
        out.update(c.get(f"/api/lab/runs/{run_id}").json())
        return out["status"] not in ("queued", "running")

    wait_for(over, timeout=120)
    return out


class Gate:
    """Stands in for the executor: plays the games serially, each waiting for the gate."""

    def __init__(self, fail: bool = False):
        self.open = threading.Event()
        self.fail = fail
        self.started = threading.Event()

    def __call__(self, tasks, on_result=None, **kw):
        self.kw = kw
        self.started.set()
        if self.fail:
            raise RuntimeError("the cluster went away")

        def each(r):
            self.open.wait(30)
            on_result(r)

        return run_tasks(tasks, on_result=each)


def test_a_run_plays_the_variant_beside_the_printed_game_with_the_same_seeds(lab):
    r = lab.post("/api/lab/runs", json=body())
    assert r.status_code == 201, r.text
    run = finished(lab, r.json()["id"])
    assert run["status"] == "done", run
    assert run["progress"] == {"done": 12, "total": 12, "eta_seconds": 0.0}
    res = run["results"]
    for part in ("baseline", "variant"):
        p = res[part]
        assert p["games"] == 6
        assert [s["seat"] for s in p["seats"]] == [0, 1]
        assert abs(sum(s["share"] for s in p["seats"]) + p["no_winner"]["share"] - 1) < 1e-9
        for s in p["seats"]:
            assert 0 <= s["ci"][0] <= s["share"] <= s["ci"][1] <= 1
        assert p["bots"] == [{"bot": "random", "seats": [0, 1], "share": p["bots"][0]["share"],
                              "ci": p["bots"][0]["ci"]}]
        assert p["length"]["min"] <= p["length"]["median"] <= p["length"]["max"]
        assert len(p["scores"]) == 2 and p["breakdown"]["games"] == 6
    assert {d["measure"] for d in res["differences"]} >= {"win share seat 1", "mean VP", "decisions per game"}
    assert all(d["measure"] in res["significant"] for d in res["differences"] if d["significant"])
    # the game's own breakdown: Venus's VP by source per seat, which add up to the seat's score
    (vp,) = res["own"]
    assert vp["title"] == "VP by source, per game"
    got = {r["label"]: r for r in vp["rows"]}
    for part, key in (("baseline", "default"), ("variant", "variant")):
        for s in range(2):
            parts = got[f"Seat {s + 1}: VP from planets"][key] + got[f"Seat {s + 1}: VP from kept tiles"][key]
            assert abs(parts - res[part]["scores"][s]["mean"]) < 1e-9
    for r in vp["rows"]:
        assert r["significant"] == (r["ci"][0] > 0 or r["ci"][1] < 0)
        assert abs(r["diff"] - (r["variant"] - r["default"])) < 1e-9
    # the same seeds on both arms, the variant's scores differ (Earth's first place pays 30)
    rows = [line.split(",") for line in lab.get(f"/api/lab/runs/{run['id']}/games.csv").text.splitlines()[1:]]
    seeds = {arm: [row[2] for row in rows if row[0] == arm] for arm in ("baseline", "variant")}
    assert seeds["baseline"] == seeds["variant"] == [str(game_seed(5, i)) for i in range(6)]
    assert [row[5:7] for row in rows if row[0] == "baseline"] != [row[5:7] for row in rows if row[0] == "variant"]
    toml = lab.get(f"/api/lab/runs/{run['id']}/variant.toml")
    assert toml.text == earth(30)
    assert toml.headers["content-disposition"] == f'attachment; filename="Earth-30-{run["id"]}.toml"'
    listed = lab.get("/api/lab/runs").json()["runs"]
    assert [x["id"] for x in listed] == [run["id"]] and "toml" not in listed[0]["variant"]
    assert "owner" not in run and "testclient" not in str(run)  # who asked stays at the server
    done = lab.delete(f"/api/lab/runs/{run['id']}")
    assert done.status_code == 409 and "is done" in done.json()["error"]
    assert lab.get(f"/api/lab/runs/{run['id']}").json()["status"] == "done"


def test_the_printed_games_of_the_same_seeds_are_reused(lab):
    first = finished(lab, lab.post("/api/lab/runs", json=body()).json()["id"])
    second = finished(lab, lab.post("/api/lab/runs", json=body(variant={"toml": earth(0)})).json()["id"])
    assert first["baseline_reused"] == 0 and second["baseline_reused"] == 6
    assert second["results"]["baseline"] == first["results"]["baseline"]
    assert second["results"]["variant"] != first["results"]["variant"]


def test_queued_running_and_cancelled(lab, monkeypatch):
    gate = Gate()
    monkeypatch.setattr(labruns, "run_tasks", gate)
    a = lab.post("/api/lab/runs", json=body()).json()
    gate.started.wait(30)
    b = lab.post("/api/lab/runs", json=body(seed=6)).json()
    assert lab.get(f"/api/lab/runs/{a['id']}").json()["status"] == "running"
    assert lab.get(f"/api/lab/runs/{b['id']}").json()["status"] == "queued"
    with from_address(lab, "198.51.100.7"):
        other = lab.delete(f"/api/lab/runs/{b['id']}")
    assert other.status_code == 403 and "started" in other.json()["error"]
    assert lab.get(f"/api/lab/runs/{b['id']}").json()["status"] == "queued"
    r = lab.delete(f"/api/lab/runs/{b['id']}")
    assert r.status_code == 200 and r.json()["status"] == "cancelled"
    r = lab.delete(f"/api/lab/runs/{a['id']}")
    assert r.status_code == 200 and r.json()["status"] == "cancelled"
    gate.open.set()
    again = lab.delete(f"/api/lab/runs/{a['id']}")
    assert again.status_code == 409 and "cancelled" in again.json()["error"]
    time.sleep(0.2)  # the worker drops the cancelled run (status checked, not timing)
    assert lab.get(f"/api/lab/runs/{a['id']}").json()["status"] == "cancelled"
    assert lab.get(f"/api/lab/runs/{a['id']}").json()["results"] is None
    assert lab.get(f"/api/lab/runs/{a['id']}/games.csv").status_code == 409


def test_progress_moves_while_a_run_plays(lab, monkeypatch):
    gate = Gate()
    monkeypatch.setattr(labruns, "run_tasks", gate)
    run_id = lab.post("/api/lab/runs", json=body()).json()["id"]
    gate.started.wait(30)
    before = lab.get(f"/api/lab/runs/{run_id}").json()["progress"]
    assert before["done"] == 0 and before["total"] == 12
    gate.open.set()
    run = finished(lab, run_id)
    assert run["status"] == "done" and run["progress"]["done"] == 12
    assert gate.kw["nice"] == 10 and gate.kw["backend"] == "local"  # niced worker processes by default


def test_a_run_whose_backend_breaks_is_failed_with_the_reason(lab, monkeypatch):
    monkeypatch.setattr(labruns, "run_tasks", Gate(fail=True))
    run = finished(lab, lab.post("/api/lab/runs", json=body()).json()["id"])
    assert run["status"] == "failed" and "the cluster went away" in run["error"]
    r = lab.delete(f"/api/lab/runs/{run['id']}")
    assert r.status_code == 409


def test_a_run_the_server_stopped_under_is_played_at_the_next_start(db_url, tmp_path, monkeypatch):
    gate = Gate()
    monkeypatch.setattr(labruns, "run_tasks", gate)
    with make_client(db_url, tmp_path) as c:
        run_id = c.post("/api/lab/runs", json=body()).json()["id"]
        gate.started.wait(30)
        assert c.get(f"/api/lab/runs/{run_id}").json()["status"] == "running"
        gate.open.set()  # the client's exit below interrupts it after its next game
    monkeypatch.setattr(labruns, "run_tasks", run_tasks)
    with make_client(db_url, tmp_path) as c:
        run = finished(c, run_id)
        assert run["status"] == "done" and run["results"]["variant"]["games"] == 6


BAD = [
    ("not TOML", dict(variant={"toml": "planets = [[["}), 422, "not valid TOML"),
    ("data the game refuses",
     dict(variant={"toml": VENUS.replace('name = "Mercury"', 'name = "Mercury"\nvp = "x"', 1)}),
     422, None),
    ("a variant with the wrong fields", dict(variant={"toml": earth(9), "file": "/etc/passwd"}), 400, "file"),
    ("too many games", dict(games=51), 422, "from 1 to 50"),
    ("no games", dict(games=0), 422, "from 1 to 50"),
    ("games as text", dict(games="40"), 400, "games"),
    ("an unknown game", dict(game="pluto"), 404, "pluto"),
    ("a game without data", dict(game="pocket-race", players=2), 422, "no component data"),
    ("too few players", dict(players=1, bots="random"), 422, None),
    ("too many players", dict(players=9, bots="random"), 422, None),
    ("one bot for two seats", dict(bots=["random"]), 422, "one bot per seat"),
    ("an unknown bot", dict(bots=["random", "oracle"]), 422, "oracle"),
    ("a bot that thinks for a time", dict(bots=["random", "ismcts:seconds=1"]), 422, "iterations"),
    ("a bot over the server's cap", dict(bots=["random", "ismcts:iters=9000"]), 422, "at most 2000"),
    ("a bot loading a file", dict(bots=["random", "policy:path=/etc/passwd"]), 422, "file"),
    ("a seed out of range", dict(seed=-1), 422, "seed"),
    ("an unknown field", dict(speed="fast"), 400, "speed"),
    ("a variant over the size cap", dict(variant={"toml": "#" * (65 << 10)}), 422, "bytes"),
]


@pytest.mark.parametrize("what,change,status,words", BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_refused_and_changes_nothing(lab, what, change, status, words):
    r = lab.post("/api/lab/runs", json=body(**change))
    assert r.status_code == status, r.text
    assert r.json()["error"] and (words is None or words in r.json()["error"]), r.json()
    assert lab.get("/api/lab/runs").json()["runs"] == []


def test_malformed_bodies_and_unknown_runs(lab):
    r = lab.post("/api/lab/runs", json=body(variant={"toml": earth(9), "file": "x"}))
    assert r.status_code == 400 and r.json()["error"] == "'variant.file' is not a field this request takes"
    r = lab.post("/api/lab/runs", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400
    r = lab.post("/api/lab/runs", json=[1, 2])
    assert r.status_code == 400
    for method in ("get", "delete"):
        r = getattr(lab, method)("/api/lab/runs/nosuchrun")
        assert r.status_code == 404 and "nosuchrun" in r.json()["error"]
    assert lab.get("/api/lab/runs").json()["runs"] == []


def test_runs_waiting_per_address_are_capped(lab, monkeypatch):
    gate = Gate()
    monkeypatch.setattr(labruns, "run_tasks", gate)
    ids = [lab.post("/api/lab/runs", json=body(seed=s)).json()["id"] for s in (1, 2)]
    r = lab.post("/api/lab/runs", json=body(seed=3))
    assert r.status_code == 429 and "at most 2" in r.json()["error"]
    assert len(lab.get("/api/lab/runs").json()["runs"]) == 2
    lab.delete(f"/api/lab/runs/{ids[1]}")
    assert lab.post("/api/lab/runs", json=body(seed=3)).status_code == 201
    for i in ids:
        lab.delete(f"/api/lab/runs/{i}")
    gate.open.set()


def test_the_operator_may_close_the_lab_or_keep_it_for_accounts(db_url, tmp_path):
    with make_client(db_url, tmp_path, mode="off") as c:
        r = c.post("/api/lab/runs", json=body())
        assert r.status_code == 404 and "off" in r.json()["error"]
        assert c.get("/api/lab").json()["games"] == []
        for path in ("/api/lab/runs", "/api/lab/games/venus", "/api/lab/games/venus/ranges?players=2"):
            r = c.get(path)  # every route but the lab's info answers 404 while it is off
            assert r.status_code == 404 and "off" in r.json()["error"], path
    with make_client(db_url, tmp_path, mode="accounts") as c:
        r = c.post("/api/lab/runs", json=body())
        assert r.status_code == 401 and "logged in" in r.json()["error"]
        s = c.post("/api/account/signup", json={"name": "designer", "password": "correct horse"})
        assert s.status_code == 201
        r = c.post("/api/lab/runs", json=body(games=2))
        assert r.status_code == 201, r.text
        assert finished(c, r.json()["id"])["status"] == "done"


def test_the_form_and_its_edits(lab):
    g = lab.get("/api/lab/games/venus").json()
    planets = next(s for s in g["form"] if s["section"] == "planets")
    merc = planets["entries"][0]
    assert merc["label"] == "Mercury" and merc["status"] == "assumed" and merc["source"]
    field = next(f for f in merc["fields"] if f["path"] == ["planets", 0, "vp", 0])
    assert field["value"] == 8 and field["min"] == 0
    r = lab.post("/api/lab/variant", json={"game": "venus", "edits": [{"path": field["path"], "value": 10}]})
    assert design.loads(r.json()["toml"])["planets"][0]["vp"] == [10, 4]
    bad = lab.post("/api/lab/variant",
                   json={"game": "venus", "edits": [{"path": ["planets", 0, "vp", 0], "value": "ten"}]})
    assert bad.status_code == 422 and "whole number" in bad.json()["error"]
    assert lab.get("/api/lab/games/pocket-race").status_code == 422


MOON = get_game("moon").components_file.read_text(encoding="utf-8")


def test_a_moon_variant_runs_beside_the_printed_moon(lab):
    """Walking on the Moon takes a variant too (its ``components`` option): the blue dice
    changed to show only 3s, the lab plays it beside the printed game."""
    assert "moon" in [g["name"] for g in lab.get("/api/lab").json()["games"]]
    form = lab.get("/api/lab/games/moon").json()
    assert any(s["section"] == "dice" for s in form["form"])
    threes = design.dumps(design.apply_edits(design.loads(MOON), [
        {"path": ["dice", "faces", "value", "blue", i], "value": "3"} for i in range(6)]))
    assert design.loads(threes)["dice"]["faces"]["value"]["blue"] == ["3"] * 6
    assert lab.post("/api/lab/check", json={"game": "moon", "players": 2, "toml": threes}).json() == {"ok": True}
    bad = threes.replace('"3"', '"4"', 1)
    no = lab.post("/api/lab/check", json={"game": "moon", "players": 2, "toml": bad}).json()
    assert no["ok"] is False and "dice.faces.blue" in no["error"]
    r = lab.post("/api/lab/runs", json=body(game="moon", variant={"toml": threes, "name": "blue threes"}, games=3))
    assert r.status_code == 201, r.text
    run = finished(lab, r.json()["id"])
    assert run["status"] == "done", run
    assert run["results"]["baseline"]["games"] == run["results"]["variant"]["games"] == 3
    rows = [line.split(",") for line in lab.get(f"/api/lab/runs/{run['id']}/games.csv").text.splitlines()[1:]]
    assert [row[2] for row in rows if row[0] == "baseline"] == [row[2] for row in rows if row[0] == "variant"]
    assert [row[3:] for row in rows if row[0] == "baseline"] != [row[3:] for row in rows if row[0] == "variant"]


def test_the_game_checks_a_variant_before_any_run(lab):
    ok = lab.post("/api/lab/check", json={"game": "venus", "players": 3, "toml": earth(30)})
    assert ok.status_code == 200 and ok.json() == {"ok": True}
    periods = VENUS.replace("periods = { value = 3,", "periods = { value = 0,", 1)
    no = lab.post("/api/lab/check", json={"game": "venus", "players": 3, "toml": periods}).json()
    assert no["ok"] is False and "periods" in no["error"]
    assert lab.post("/api/lab/check", json={"game": "venus", "players": 9, "toml": earth(30)}).json()["ok"] is False
    assert lab.post("/api/lab/check", json={"game": "venus", "players": 3}).status_code == 400
    assert lab.get("/api/lab/runs").json()["runs"] == []


def test_niced_worker_processes_play_the_same_games_as_this_process():
    tasks = [make_task("venus", 2, game_seed(3, i), ["random", "heuristic"], index=i) for i in range(4)]
    here = [r.key() for r in run_tasks(tasks)]
    assert [r.key() for r in run_tasks(tasks, nice=5)] == here


@pytest.mark.slow
def test_a_run_on_ray_gives_the_results_of_local_processes(db_url, tmp_path):
    import ray  # noqa: F401  (the test command installs the ray extra: a missing ray fails here)
    with make_client(db_url, tmp_path) as c:
        local = finished(c, c.post("/api/lab/runs", json=body(games=4)).json()["id"])
        local_csv = c.get(f"/api/lab/runs/{local['id']}/games.csv").text
    with make_client(f"sqlite:///{tmp_path / 'ray.sqlite'}", tmp_path / "ray", backend="ray") as c:
        on_ray = finished(c, c.post("/api/lab/runs", json=body(games=4)).json()["id"])
        ray_csv = c.get(f"/api/lab/runs/{on_ray['id']}/games.csv").text
    assert on_ray["status"] == "done", on_ray
    assert on_ray["results"] == local["results"] and ray_csv == local_csv


def test_the_lab_plays_in_worker_processes_that_give_way_to_the_server(tmp_path):
    import os

    probe = tmp_path / "nice.txt"
    task = make_task("pocket-race", 2, 1, [f"nice_probe:NiceBot:path={probe}", "random"])
    run_tasks([task])
    here = int(probe.read_text())
    assert here == os.nice(0)  # the serial path plays in this process
    run_tasks([task], nice=7)
    assert int(probe.read_text()) == min(19, here + 7)


@pytest.mark.slow
def test_the_valid_range_of_each_number_is_worked_out_once_and_kept(lab, tmp_path):
    for bad, status in (("/api/lab/games/cosmic-run/ranges", 400), ("/api/lab/games/cosmic-run/ranges?players=x", 400),
                        ("/api/lab/games/cosmic-run/ranges?players=7", 422),
                        ("/api/lab/games/pocket-race/ranges?players=2", 422)):
        r = lab.get(bad)
        assert r.status_code == status and r.json()["error"], (bad, r.text)
    out = {}

    def ready():
        out.update(lab.get("/api/lab/games/cosmic-run/ranges?players=1").json())
        return out["ready"]

    wait_for(ready, timeout=280)
    ranges = out["ranges"]
    assert ranges['["sheet","hearts","value"]'][0] >= 1  # the game refuses a sheet without hearts
    assert all(lo is None or lo >= 0 for lo, _ in ranges.values())
    assert lab.get("/api/lab/games/cosmic-run/ranges?players=1").json() == {"ready": True, "ranges": ranges}
    kept = [f.name for f in (tmp_path / "lab" / "ranges").glob("*.json")]
    assert len(kept) == 1 and kept[0].startswith("cosmic-run-1-r")


def test_two_runs_are_compared_with_their_differences_marked(lab):
    """Comparing two kept runs: the newer variant against the older one, every measure's
    difference with its 95% interval and the game's own breakdowns, significant ones marked."""
    a = finished(lab, lab.post("/api/lab/runs", json=body(variant={"toml": earth(0)})).json()["id"])
    b = finished(lab, lab.post("/api/lab/runs", json=body(variant={"toml": earth(40)})).json()["id"])
    r = lab.get(f"/api/lab/runs/{a['id']}/compare/{b['id']}")
    assert r.status_code == 200, r.text
    cmp = r.json()
    assert cmp["a"]["id"] == a["id"] and cmp["b"]["id"] == b["id"] and "toml" not in cmp["a"]["variant"]
    mean_vp = next(d for d in cmp["differences"] if d["measure"] == "mean VP")
    assert abs(mean_vp["default"] - sum(s["mean"] for s in a["results"]["variant"]["scores"]) / 2) < 1e-9
    assert abs(mean_vp["variant"] - sum(s["mean"] for s in b["results"]["variant"]["scores"]) / 2) < 1e-9
    assert cmp["significant"] == [d["measure"] for d in cmp["differences"] if d["significant"]]
    (vp,) = cmp["own"]
    planets = [row for row in vp["rows"] if "planets" in row["label"]]
    # Earth's first place pays 40 instead of 0: the planets' VP rise, significantly over 6 games
    assert sum(row["variant"] - row["default"] for row in planets) > 0
    assert any(row["significant"] for row in planets)
    # a run not done, an unknown run, runs of another game
    moon = lab.post("/api/lab/runs", json=body(game="moon", variant={"toml": MOON}, games=1)).json()
    assert lab.get(f"/api/lab/runs/{a['id']}/compare/nope").status_code == 404
    over = finished(lab, moon["id"])
    other = lab.get(f"/api/lab/runs/{a['id']}/compare/{over['id']}")
    assert other.status_code == 422 and "same game and player count" in other.json()["error"]


MARS = get_game("mars").components_file.read_text(encoding="utf-8")


def test_a_run_takes_the_games_options_and_breaks_mars_down_by_its_threat(lab):
    """A run may set the game's options for both sides (March on Mars's threat level, checked
    as at the table); its results give the win rate by the threat as chosen."""
    bad = lab.post("/api/lab/runs", json=body(game="mars", variant={"toml": MARS}, options={"threat": "cosy"}))
    assert bad.status_code == 422 and "threat" in bad.json()["error"]
    twice = lab.post("/api/lab/runs", json=body(game="mars", variant={"toml": MARS}, options={"components": {}}))
    assert twice.status_code == 422 and "'variant'" in twice.json()["error"]
    assert lab.get("/api/lab/runs").json()["runs"] == []  # refused: nothing queued
    r = lab.post("/api/lab/runs",
                 json=body(game="mars", variant={"toml": MARS}, games=2, options={"threat": "sergeant"}))
    assert r.status_code == 201, r.text
    run = finished(lab, r.json()["id"])
    assert run["status"] == "done" and run["options"] == {"threat": "sergeant"}
    (threat,) = [o for o in run["results"]["own"] if o["title"] == "Win rate by threat"]
    assert [row["label"] for row in threat["rows"]] == ["threat sergeant: games won"]
