"""The Typer application every command module adds its commands to."""

from typing import Any, Optional

import typer

from cosmodrome.core import OptionError
from cosmodrome.i18n import N_, _, gettext

#: the commands a player runs: their help (``--help``) is written in the reader's language
#: (docs/TRANSLATING.md); the operator's commands (serve, db, engine, the lab's) stay English
PLAYER_COMMANDS = ("play", "replay", "games")

#: Typer's own words in a command's help (its panels and marks), for the catalog
TYPER_WORDS = {"ARGUMENTS_PANEL_TITLE": N_("Arguments"), "OPTIONS_PANEL_TITLE": N_("Options"),
               "COMMANDS_PANEL_TITLE": N_("Commands"), "ERRORS_PANEL_TITLE": N_("Error"),
               "DEFAULT_STRING": N_("[default: {}]"), "REQUIRED_LONG_STRING": N_("[required]"),
               "ENVVAR_STRING": N_("[env var: {}]"), "ABORTED_TEXT": N_("Aborted.")}
#: the help of the help option (Click writes it)
HELP_HELP = N_("Show this message and exit.")
#: the word before a command's usage line (Click writes it in English)
USAGE = N_("Usage:")

app = typer.Typer(
    name="cosmodrome",
    help=N_("Play, simulate and study space-race board games."),
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
def _root(ctx: typer.Context,
          version: bool = typer.Option(False, "--version", callback=_print_version, is_eager=True,
                                       help=N_("Print Cosmodrome's version and exit.")),
          lang: Optional[str] = typer.Option(None, "--lang", envvar="COSMODROME_LANG",
                                             help=N_("the language of the game's words (en, hu...); "
                                                     "default: the LANG environment variable"))) -> None:
    """Play, simulate and study space-race board games."""
    from cosmodrome import i18n

    try:
        i18n.set_language(i18n.check(lang) if lang else i18n.from_environment())
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--lang") from None
    # a command's --help is written after this (Click runs the group's callback first)
    help_in_language(ctx.command)


def _translated(obj: Any, attr: str) -> None:
    """``obj.attr`` (a help text, English as written) in the current language; the English is
    kept on the object, so that a later language reads it anew."""
    key = f"_cosmodrome_{attr}"
    if not hasattr(obj, key):
        setattr(obj, key, getattr(obj, attr, None))
    english = getattr(obj, key)
    if english:
        setattr(obj, attr, gettext(english))


def _help_option_in_language(command: Any) -> None:
    """The help option's own help ("Show this message and exit.") and the usage line's
    "Usage:" (both written by Click, in English) in the current language."""
    if getattr(command, "_cosmodrome_help_option", False):
        return
    made, usage = command.get_help_option, command.get_usage

    def get_help_option(ctx: Any) -> Any:
        option = made(ctx)
        if option is not None:
            option.help = gettext(HELP_HELP)
        return option

    def get_usage(ctx: Any) -> str:
        line = usage(ctx)
        return gettext(USAGE) + line[len("Usage:"):] if line.startswith("Usage:") else line

    command.get_help_option = get_help_option
    command.get_usage = get_usage
    command._cosmodrome_help_option = True


def help_in_language(root: Any) -> None:
    """The help texts of the root command and of the players' commands (:data:`PLAYER_COMMANDS`)
    in the current language (``i18n.set_language``), and Typer's own words in a help page."""
    from typer import rich_utils

    for name, english in TYPER_WORDS.items():
        setattr(rich_utils, name, gettext(english))
    commands = getattr(root, "commands", {})
    for command in [root, *(commands[n] for n in PLAYER_COMMANDS if n in commands)]:
        _translated(command, "help")
        _help_option_in_language(command)
        for param in command.params:
            _translated(param, "help")


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
