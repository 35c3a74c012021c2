"""Upgrades keep every game: a database written by an older release (the fixtures in
tests/server/fixtures/, one per release, made by make_fixture.py there) opens under this
code, on SQLite and on PostgreSQL, with every game, seat token, chat line, account and rating
there, and every running game takes its next move; a database of a newer release is refused
untouched; and a game whose rules version changes under it goes on from its last position
(docs/SERVER.md, "Storage" and "Rules versions")."""

from __future__ import annotations

import hashlib
import importlib
import json
import logging
import shutil
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from server_helpers import auth, wait_for
from test_postgres import pg, pg_url  # noqa: F401  (the throwaway PostgreSQL cluster)

from cosmodrome.core import get_game
from cosmodrome.server import create_app, migrations
from cosmodrome.server.storage import StorageError, Store

FIXTURES = Path(__file__).resolve().parent / "fixtures"
RELEASES = sorted(p.stem.split("-", 1)[1] for p in FIXTURES.glob("cosmodrome-*.sqlite"))
BASELINE = importlib.import_module("cosmodrome.server.migrations.versions.0001_baseline_0_1_0")


def cheap():
    from argon2 import PasswordHasher
    return PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


def facts(release: str) -> dict:
    return json.loads((FIXTURES / f"cosmodrome-{release}.json").read_text(encoding="utf-8"))


def fixture_copy(release: str, tmp_path: Path) -> str:
    path = tmp_path / f"old-{release}.sqlite"
    shutil.copyfile(FIXTURES / f"cosmodrome-{release}.sqlite", path)
    return f"sqlite:///{path}"


def rules_unchanged(g: dict) -> bool:
    """Whether the game's rules are still those the fixture's release played (version 1 then)."""
    return get_game(g["game"]).rules_version == g.get("rules_version", 1)


def person_to_move(c, g: dict):
    """(seat, its view) once a person's seat of ``g`` decides (bots may move first)."""
    def ready():
        info = c.get(f"/api/games/{g['id']}").json()
        mover = info["to_move"]
        if info["status"] != "running" or mover is None or g["kinds"][mover] != "human":
            return None
        v = c.get(f"/api/games/{g['id']}/view", headers=auth(g["tokens"][mover])).json()
        return (mover, v) if v["decision"] and v["version"] == info["version"] else None
    return wait_for(ready, timeout=60)


def check_everything_kept(c, old: dict) -> None:
    """Every game, seat token, chat line, the account and its session and the ratings of the
    fixture ``old`` are there, and every running game takes its next move."""
    for g in old["games"]:
        info = c.get(f"/api/games/{g['id']}").json()
        assert info["status"] == g["status"] and info["players"] == g["players"], (g["game"], info)
        if rules_unchanged(g):
            assert (info["actions"], info["version"], info["to_move"]) == (g["actions"], g["version"], g["to_move"])
        assert [m["text"] for m in c.get(f"/api/games/{g['id']}/chat").json()["chat"]] == g["chat"]
        for seat, tok in enumerate(g["tokens"]):
            if tok is None:
                continue
            v = c.get(f"/api/games/{g['id']}/view", headers=auth(tok))
            assert v.status_code == 200 and v.json()["seat"] == seat, v.text
            if rules_unchanged(g):
                assert len(v.json()["log"]) == g["seat_views"][str(seat)]["log"]
        if g["status"] != "running":
            n = info["actions"]
            for step in (0, n // 2, n):
                r = c.get(f"/api/games/{g['id']}/replay", params={"step": step, "seat": 0})
                assert r.status_code == 200 and r.json()["step"] == step, r.text
            assert len(c.get(f"/api/games/{g['id']}/record").json()["actions"]) == n
    for g in old["games"]:
        if g["status"] == "running":
            seat, v = person_to_move(c, g)
            option = v["decision"]["options"][0]["action"]
            r = c.post(f"/api/games/{g['id']}/act", json={"action": option, "version": v["version"]},
                       headers=auth(g["tokens"][seat]))
            assert r.status_code == 200, (g["game"], r.text)
    account = old["account"]
    r = c.get("/api/account", headers={"Cookie": f"cosmodrome_session={account['session']}"})
    assert r.status_code == 200 and r.json()["account"]["name"] == account["name"]  # the session still signs in
    r = c.post("/api/account/login", json={"name": account["name"], "password": account["password"]})
    assert r.status_code == 200, r.text
    c.cookies.clear()
    board = c.get("/api/ratings?game=cosmic-run").json()["ratings"]
    assert [{k: r.get(k) for k in was} for r, was in zip(board, old["ratings"])] == old["ratings"]
    assert len(board) == len(old["ratings"])
    profile = c.get(f"/api/players/{account['name']}",   # its games are private: named to their seats only
                    headers={"Cookie": f"cosmodrome_session={account['session']}"}).json()
    assert [h["game_id"] for h in profile["history"]] == [g["id"] for g in old["games"]
                                                          if g["status"] == "finished"]


def steps_stored(store: Store, old: dict) -> bool:
    """Every game of ``old`` has a stored snapshot of each of its steps (the server keeps
    those of games stored before snapshots when it first loads them), but a finished game
    whose rules changed since (replaying its actions under the new rules would not show the
    game that was played)."""
    return all(len(store.snapshots(g["id"])) == len(store.actions(g["id"])) + 1 for g in old["games"]
               if g["status"] == "running" or rules_unchanged(g))


@pytest.mark.parametrize("release", RELEASES)
@pytest.mark.timeout(180)
def test_a_database_of_an_older_release_upgrades_on_sqlite_and_keeps_every_game(release, tmp_path, caplog):
    old = facts(release)
    url = fixture_copy(release, tmp_path)
    caplog.set_level(logging.INFO, logger="cosmodrome.server")
    with TestClient(create_app(url, password_hasher=cheap(), bot_workers=1)) as c:
        schema = c.app.state.store.schema
        assert schema.after == migrations.head()
        assert schema.sentence() in caplog.text  # the log line naming the revisions
        if release == "0.1.0":
            assert f"upgraded from that of release 0.1.0 (no revision) to revision {migrations.head()}" in caplog.text
        check_everything_kept(c, old)
        wait_for(lambda: steps_stored(c.app.state.store, old), timeout=60)
    # started again: nothing to upgrade, and it says so
    caplog.clear()
    with TestClient(create_app(url, password_hasher=cheap(), bot_workers=1)) as c:
        assert not c.app.state.store.schema.changed
        assert [g["status"] for g in old["games"]] == [c.get(f"/api/games/{g['id']}").json()["status"]
                                                       for g in old["games"]]


def old_database_on_postgres(release: str, url: str) -> None:
    """The fixture's rows in a PostgreSQL database made as the release made it: release
    0.1.0's tables as the frozen baseline declares them (no revision recorded), a later
    release's by the migrations up to the revision its fixture records."""
    src = sa.create_engine(f"sqlite:///{FIXTURES / f'cosmodrome-{release}.sqlite'}")
    dst = sa.create_engine(url)
    try:
        with src.connect() as s:
            rev = (s.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
                   if sa.inspect(s).has_table("alembic_version") else None)
        if rev is None:
            BASELINE.tables(sa.MetaData()).create_all(dst)
        else:
            from alembic import command
            with dst.begin() as conn:
                command.upgrade(migrations.config(conn), rev)
        old, new = sa.MetaData(), sa.MetaData()
        old.reflect(src)
        new.reflect(dst)
        with src.connect() as s, dst.begin() as d:
            for table in new.sorted_tables:
                if table.name == "alembic_version":
                    continue
                rows = [dict(r) for r in s.execute(sa.select(old.tables[table.name])).mappings()]
                if rows:
                    d.execute(sa.insert(table), rows)
        assert sa.inspect(dst).has_table("alembic_version") == (rev is not None)
    finally:
        src.dispose()
        dst.dispose()


@pytest.mark.parametrize("release", RELEASES)
@pytest.mark.timeout(180)
def test_a_database_of_an_older_release_upgrades_on_postgres_and_keeps_every_game(release, pg_url):  # noqa: F811
    old = facts(release)
    old_database_on_postgres(release, pg_url)
    with TestClient(create_app(pg_url, password_hasher=cheap(), bot_workers=1)) as c:
        schema = c.app.state.store.schema
        assert schema.after == migrations.head()
        if release == "0.1.0":
            assert schema.before == "0.1.0"
        check_everything_kept(c, old)
        wait_for(lambda: steps_stored(c.app.state.store, old), timeout=60)
    with TestClient(create_app(pg_url, password_hasher=cheap(), bot_workers=1)) as c:
        assert not c.app.state.store.schema.changed


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_database_of_a_newer_release_is_refused_with_a_sentence_and_left_untouched(tmp_path, capsys):
    url = fixture_copy("0.1.0", tmp_path)
    Store(url).close()  # upgraded by this code...
    path = Path(url.removeprefix("sqlite:///"))
    engine = sa.create_engine(url)
    with engine.begin() as conn:  # ...then by a newer release, which this code does not know
        conn.execute(sa.text("UPDATE alembic_version SET version_num = '9001'"))
    engine.dispose()
    import sqlite3
    con = sqlite3.connect(path)  # left in rollback-journal mode: the server's WAL pragma would rewrite it
    con.execute("PRAGMA journal_mode=DELETE")
    con.close()
    before = sha(path)
    with pytest.raises(StorageError) as err:
        create_app(url)
    said = str(err.value)
    assert "schema revision 9001" in said and "newer release" in said and "nothing was changed" in said
    assert sha(path) == before and not Path(f"{path}-wal").exists()
    from cosmodrome.cli.main import main
    assert main(["db", "upgrade", "--db", url]) == 1
    assert main(["db", "current", "--db", url]) == 1
    out = capsys.readouterr()
    assert out.err.count("written by a newer release") == 2
    assert sha(path) == before
    with sa.create_engine(url).connect() as conn:
        assert conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == "9001"


def test_db_commands_name_and_upgrade_the_schema_and_version_is_printed(tmp_path, capsys):
    from cosmodrome import __version__
    from cosmodrome.cli.main import main
    url = fixture_copy("0.1.0", tmp_path)
    assert main(["db", "current", "--db", url]) == 0
    assert "schema of release 0.1.0, without a revision" in capsys.readouterr().out
    assert main(["db", "upgrade", "--db", url]) == 0
    assert f"to revision {migrations.head()}" in capsys.readouterr().out
    assert main(["db", "current", "--db", url]) == 0
    assert f"at schema revision {migrations.head()}, the newest" in capsys.readouterr().out
    assert main(["--version"]) == 0
    printed = capsys.readouterr().out.strip()
    assert printed == f"cosmodrome {__version__}"
    major, minor, patch = (int(x) for x in __version__.split("."))  # semantic versioning
    changelog = (Path(__file__).resolve().parents[2] / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## [{__version__}]" in changelog  # the release has its entry


def test_every_model_column_is_made_by_the_migrations(tmp_path):
    """The tables the migrations make are those the code declares (a model change without its
    revision fails here)."""
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    from cosmodrome.server.storage import Base
    store = Store(f"sqlite:///{tmp_path / 'new.sqlite'}")
    try:
        with store.engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": False}), Base.metadata)
        assert diff == []
    finally:
        store.close()


@pytest.mark.parametrize("name", ["cosmodrome.server.steps", "cosmodrome.server.storage"])
def test_doctests_of_the_upgrade_modules(name):
    import doctest
    res = doctest.testmod(importlib.import_module(name))
    assert res.attempted > 0 and res.failed == 0
