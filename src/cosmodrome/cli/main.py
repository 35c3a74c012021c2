"""Entry point of the ``cosmodrome`` command: imports each command module (each adds its
commands to :data:`cosmodrome.cli.app.app`) and runs the app, turning Cosmodrome errors into
a clear one-line message and exit status 2."""

from __future__ import annotations

import sys

from cosmodrome.cli import db as _db  # noqa: F401  (db upgrade, db current)
from cosmodrome.cli import engine as _engine  # noqa: F401  (engine)
from cosmodrome.cli import lab as _lab  # noqa: F401  (tournament, balance)
from cosmodrome.cli import play as _play  # noqa: F401  (play, simulate, replay, games)
from cosmodrome.cli import serve as _serve  # noqa: F401  (serve)
from cosmodrome.cli.app import app
from cosmodrome.core.errors import CosmodromeError
from cosmodrome.i18n import _


def main(argv: list[str] | None = None) -> int:
    try:
        app(args=argv, prog_name="cosmodrome", standalone_mode=True)
    except CosmodromeError as exc:
        print(_("error: {reason}").format(reason=exc), file=sys.stderr)
        return 2
    except SystemExit as exc:
        return int(exc.code or 0) if not isinstance(exc.code, str) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
