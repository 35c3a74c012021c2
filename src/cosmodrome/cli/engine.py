"""``cosmodrome engine``: the optional compiled engine (see :mod:`cosmodrome.compiled`) —
which rule modules load compiled, building them again after the rules changed, removing
them."""

from __future__ import annotations

from enum import Enum

import typer

from cosmodrome import compiled
from cosmodrome.cli.app import app


class EngineTask(str, Enum):  # noqa: UP042 (Typer reads its choices from a str Enum)
    status = "status"
    build = "build"
    clean = "clean"


@app.command()
def engine(task: EngineTask = typer.Argument(EngineTask.status, help="status, build or clean")) -> None:
    """The compiled engine: 'status' lists each rule module as compiled, stale (its source
    changed since the build: it runs as Python) or python; 'build' compiles them with Cython
    (when Cython and a C compiler are present); 'clean' removes the build."""
    if task is EngineTask.build:
        raise typer.Exit(compiled.build())
    if task is EngineTask.clean:
        compiled.clean()
        typer.echo("compiled engine removed: the engine runs as pure Python")
        return
    states = compiled.status()
    for module, state in states.items():
        typer.echo(f"{state:<9} {module}")
    n = sum(s == "compiled" for s in states.values())
    typer.echo(f"{n} of {len(states)} modules compiled")
