"""A game of one's own, not installed, reached from every command: ``cosmodrome --import MODULE``
and ``COSMODROME_IMPORT`` (README "Add a game")."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cosmodrome
from cosmodrome.cli.main import main
from cosmodrome.core import GameRecord, OptionError, UnknownGameError, get_game, registry

SRC = Path(cosmodrome.__file__).resolve().parents[1]
ROOT = Path(__file__).resolve().parents[2]

#: a module of one's own: Pocket Race under another name, registered on import
OWN_GAME = '''
from cosmodrome.core import register
from cosmodrome.testing.toy import PocketRace


class OwnRace(PocketRace):
    name = "own-race"
    title = "Own Race"


GAME = register(OwnRace())
'''


@pytest.fixture
def own_module(tmp_path, monkeypatch):
    """The module ``own_race_mod`` on the path; the registry and the imports put back after."""
    (tmp_path / "own_race_mod.py").write_text(OWN_GAME)
    (tmp_path / "broken_mod.py").write_text("raise RuntimeError('half written')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    monkeypatch.setattr(registry, "_IMPORTED", [])
    monkeypatch.delenv(registry.IMPORT_ENV, raising=False)
    yield "own_race_mod"
    sys.modules.pop("own_race_mod", None)
    sys.modules.pop("broken_mod", None)


def cli(*args, env=None):
    """``cosmodrome ARGS`` in a fresh process (where no test module has registered Pocket Race)."""
    full = {k: v for k, v in os.environ.items() if k != "COSMODROME_IMPORT"}
    full.update({"PYTHONPATH": str(SRC), **(env or {})})
    return subprocess.run([sys.executable, "-m", "cosmodrome.cli.main", *args], capture_output=True, text=True,
                          env=full, stdin=subprocess.DEVNULL, timeout=300)


def test_the_worked_example_is_played_after_import_and_unknown_without():
    plain = ["play", "pocket-race", "--plain", "--seats", "random,random"]
    res = cli(*plain)
    assert res.returncode == 2
    assert "unknown game 'pocket-race'" in res.stderr and "--import MODULE" in res.stderr
    res = cli("--import", "cosmodrome.testing.toy", *plain)
    assert res.returncode == 0, res.stderr
    assert "Final table" in res.stdout and "winner" in res.stdout
    res = cli(*plain, env={"COSMODROME_IMPORT": "cosmodrome.testing.toy"})
    assert res.returncode == 0, res.stderr
    assert "Final table" in res.stdout


def test_import_registers_a_game_of_ones_own_for_the_command(own_module, tmp_path, capsys):
    with pytest.raises(UnknownGameError):
        get_game("own-race")
    out = tmp_path / "own.json"
    code = main(["--import", own_module, "play", "own-race", "--plain", "--seats", "random,random",
                 "--save", str(out)])
    assert code == 0, capsys.readouterr().err
    assert GameRecord.load(out).game == "own-race"
    assert registry.imported_modules() == (own_module,)


def test_the_environment_variable_imports_too(own_module, monkeypatch, capsys):
    monkeypatch.setenv("COSMODROME_IMPORT", f" {own_module} ,")
    assert main(["games", "own-race"]) == 0
    assert "Own Race" in capsys.readouterr().out


def test_a_module_that_fails_to_import_is_named_and_changes_nothing(own_module, capsys):
    code = main(["--import", f"{own_module},broken_mod", "play", "own-race", "--plain", "--seats", "random,random"])
    err = capsys.readouterr().err
    assert code == 2
    assert "'broken_mod'" in err and "half written" in err and "Traceback" not in err
    assert "own-race" not in registry.game_names() and registry.imported_modules() == ()
    assert main(["--import", "no_such_module_here", "games"]) == 2
    assert "'no_such_module_here'" in capsys.readouterr().err


def test_a_failed_batch_takes_its_imported_modules_out_so_a_retry_registers_again(own_module, tmp_path):
    """The batch's modules that did import are taken out of ``sys.modules`` with its games:
    importing them again (the broken one mended, or left out) runs them and registers again."""
    with pytest.raises(OptionError, match="'broken_mod'"):
        registry.import_modules([own_module, "broken_mod"])
    assert own_module not in sys.modules and "broken_mod" not in sys.modules
    assert "own-race" not in registry.game_names()
    (tmp_path / "broken_mod.py").write_text("MENDED = True\n")
    assert registry.import_modules([own_module, "broken_mod"]) == [own_module, "broken_mod"]
    assert get_game("own-race").title == "Own Race" and registry.imported_modules() == (own_module, "broken_mod")


def test_unknown_game_says_how_a_game_of_ones_own_is_found(capsys):
    with pytest.raises(UnknownGameError) as err:
        get_game("no-such-game")
    assert "known games:" in str(err.value) and "pip install" not in str(err.value)
    hint = err.value.hint
    assert "cosmodrome.games" in hint and "pip install -e ." in hint and "--import MODULE" in hint
    # the command line adds the hint; a web client reads the error alone (it runs no commands)
    assert main(["play", "no-such-game", "--plain"]) == 2
    cli = capsys.readouterr().err
    assert "unknown game 'no-such-game'" in cli and "--import MODULE" in cli


def test_a_web_client_asking_for_an_unknown_game_is_not_told_to_run_commands(tmp_path):
    from fastapi.testclient import TestClient

    from cosmodrome.server.app import create_app

    with TestClient(create_app(db_url=f"sqlite:///{tmp_path / 'g.sqlite'}")) as client:
        r = client.post("/api/games", json={"game": "no-such-game", "players": 2})
    assert r.status_code == 404 and "unknown game 'no-such-game'" in r.json()["error"]
    assert "pip install" not in r.text and "--import" not in r.text


def test_serve_hands_the_imported_modules_to_its_workers(own_module, monkeypatch):
    import cosmodrome.server as server
    from cosmodrome.server.storage import StorageError

    seen = {}

    def create_app(db, **kw):
        seen.update(kw)
        raise StorageError("stop here")

    monkeypatch.setattr(server, "create_app", create_app)
    code = main(["--import", own_module, "serve", "--bot-module", "cosmodrome.testing.toy"])
    assert code == 1
    assert seen["bot_modules"] == (own_module, "cosmodrome.testing.toy")
    assert seen["lab"].modules == (own_module, "cosmodrome.testing.toy")


def test_lab_workers_import_the_imported_modules(own_module, monkeypatch):
    from cosmodrome.lab import executor
    from cosmodrome.lab.runner import GameTask

    registry.import_modules([own_module])
    played, play = [], executor.play_chunk
    monkeypatch.setattr(executor, "play_chunk", lambda chunk: played.extend(chunk) or play(chunk))
    toy = "cosmodrome.testing.toy"
    results = executor.run_tasks([GameTask("own-race", 2, 1, ("random", "random"), modules=(toy,))])
    assert played[0].modules == (toy, own_module) and len(results) == 1


def _fingerprint_harness():
    spec = importlib.util.spec_from_file_location("fingerprint", ROOT / "bench" / "fingerprint.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_fingerprint_imports_a_game_and_refuses_an_unknown_one_clearly(own_module, capsys):
    bench = _fingerprint_harness()
    with pytest.raises(SystemExit) as stop:
        bench.main(["--game", "own-race", "--games", "1"])
    assert str(stop.value).startswith("error: unknown game 'own-race'")
    bench.main(["--import", own_module, "--game", "own-race", "--games", "1"])
    assert len(capsys.readouterr().out.strip()) == 64


def test_play_checked_asks_for_an_unregistered_game_to_be_registered():
    from cosmodrome.testing.conformance import play_checked
    from cosmodrome.testing.toy import PocketRace

    class Unregistered(PocketRace):
        name = "unregistered-race"

    with pytest.raises(UnknownGameError, match=r"register it first \(cosmodrome.core.register\)"):
        play_checked(Unregistered(), 2, 1)
