"""The Typer application every command module adds its commands to."""

from typing import Optional

import typer

from cosmodrome.core import OptionError
from cosmodrome.i18n import _

app = typer.Typer(
    name="cosmodrome",
    help="Play, simulate and study space-race board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _print_version(value: bool) -> None:
    if value:
        from cosmodrome import __version__
        typer.echo(f"cosmodrome {__version__}")
        raise typer.Exit()


@app.callback()
def _root(version: bool = typer.Option(False, "--version", callback=_print_version, is_eager=True,
                                       help="Print Cosmodrome's version and exit."),
          lang: Optional[str] = typer.Option(None, "--lang", envvar="COSMODROME_LANG",
                                             help="the language of the game's words (en, hu...); "
                                                  "default: the LANG environment variable")) -> None:
    """Play, simulate and study space-race board games."""
    from cosmodrome import i18n

    try:
        i18n.set_language(i18n.check(lang) if lang else i18n.from_environment())
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--lang") from None


def parse_options(pairs: Optional[list[str]]) -> dict[str, str]:
    """``["components=variant.toml", "rounds=3"]`` → dict; a pair without ``=`` is an error.

    >>> parse_options(["rounds=3"])
    {'rounds': '3'}
    """
    out: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(_("an option is written key=value, not {pair}").format(pair=repr(pair)))
        out[key.strip()] = value.strip()
    return out
