"""``cosmodrome engine``: what loads compiled, and nothing but status/build/clean accepted."""

from __future__ import annotations

from typer.testing import CliRunner

from cosmodrome import compiled
from cosmodrome.cli.app import app
from cosmodrome.cli.main import main

runner = CliRunner()


def test_status_lists_every_rule_module_with_its_state():
    out = runner.invoke(app, ["engine", "status"])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    listed = {line.split()[1]: line.split()[0] for line in lines[:-1]}
    assert set(listed) == set(compiled.MODULES)
    assert set(listed.values()) <= {"compiled", "stale", "python"}
    n = sum(v == "compiled" for v in listed.values())
    assert lines[-1] == f"{n} of {len(compiled.MODULES)} modules compiled"


def test_pure_python_switch_shows_no_module_compiled(monkeypatch):
    monkeypatch.setenv("COSMODROME_PURE", "1")
    out = runner.invoke(app, ["engine"])
    assert out.exit_code == 0, out.output
    assert out.output.splitlines()[-1] == f"0 of {len(compiled.MODULES)} modules compiled"
    assert all(line.startswith("python") for line in out.output.splitlines()[:-1])


def test_an_unknown_task_is_refused_and_builds_nothing(capsys):
    before = compiled.status()
    assert main(["engine", "rebuild"]) == 2
    assert "'rebuild' is not one of" in capsys.readouterr().err
    assert compiled.status() == before
