"""Entry point of the ``cosmodrome`` command: imports each command module (each adds its
commands to :data:`cosmodrome.cli.app.app`) and runs the app, turning Cosmodrome errors into
a clear one-line message and exit status 2."""

from __future__ import annotations

import sys

import typer

from cosmodrome import i18n
from cosmodrome.cli import db as _db  # noqa: F401  (db upgrade, db current)
from cosmodrome.cli import engine as _engine  # noqa: F401  (engine)
from cosmodrome.cli import lab as _lab  # noqa: F401  (tournament, balance)
from cosmodrome.cli import play as _play  # noqa: F401  (play, simulate, replay, games)
from cosmodrome.cli import serve as _serve  # noqa: F401  (serve)
from cosmodrome.cli.app import app, help_in_language
from cosmodrome.core.errors import CosmodromeError
from cosmodrome.i18n import _


def asked_language(argv: list[str]) -> str:
    """The language the command line asks for before it is parsed (``--lang hu``,
    ``--lang=hu``, else ``COSMODROME_LANG``, else ``LANG``...), so that ``cosmodrome --help``
    reads in it too; a language without a catalog is left to ``--lang``'s own check.

    >>> asked_language(["--lang", "hu", "play", "--help"]), asked_language(["--lang=xx"]) in ("en", "hu")
    ('hu', True)
    """
    import os

    for i, arg in enumerate(argv):
        if arg == "--":
            break
        value = (argv[i + 1] if arg == "--lang" and i + 1 < len(argv)
                 else arg.partition("=")[2] if arg.startswith("--lang=") else None)
        if value in i18n.available():
            return value
    env = os.environ.get("COSMODROME_LANG")
    return env if env in i18n.available() else i18n.from_environment()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    asked = i18n.set_language(asked_language(args))
    command = typer.main.get_command(app)
    help_in_language(command)
    try:
        command(args=args, prog_name="cosmodrome", standalone_mode=True, obj={"lang": asked})
    except CosmodromeError as exc:
        # one line, with the command line's hint where the error has one (an unknown game)
        hint = getattr(exc, "hint", "")
        print(_("error: {reason}").format(reason=exc) + (f" ({hint})" if hint else ""), file=sys.stderr)
        return 2
    except SystemExit as exc:
        return int(exc.code or 0) if not isinstance(exc.code, str) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
