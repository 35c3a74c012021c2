"""The Typer application every command module adds its commands to."""

from typing import Any, Optional

import typer

from cosmodrome.core import OptionError
from cosmodrome.i18n import N_, _, gettext

#: the commands a player runs: their help (``--help``) is written in the reader's language
#: (docs/TRANSLATING.md); the operator's commands (serve, db, engine, the lab's) stay English
PLAYER_COMMANDS = ("play", "replay", "games")

#: what the operator's commands do, in the list of commands of ``cosmodrome --help`` (their own
#: help stays English: docs/TRANSLATING.md); shown in a language other than English only
OPERATOR_SUMMARIES = {
    "engine": N_("The compiled engine: status, build or clean the Cython build of the rule modules."),
    "simulate": N_("Play N games between bots (random by default) and summarise them."),
    "tournament": N_("Bots against each other with seats rotated; resumable; report with CIs and TrueSkill."),
    "balance": N_("Self-play statistics of a game and its variants, with 95% CIs."),
    "ladder": N_("A seeded round robin of bots rated against each other (Elo and TrueSkill)."),
    "serve": N_("Serve the browser table: lobby, games against friends and bots, replays."),
    "db": N_("The server's database: its schema revision and upgrades."),
}

#: Typer's own words in a command's help (its panels and marks), for the catalog
TYPER_WORDS = {"ARGUMENTS_PANEL_TITLE": N_("Arguments"), "OPTIONS_PANEL_TITLE": N_("Options"),
               "COMMANDS_PANEL_TITLE": N_("Commands"), "ERRORS_PANEL_TITLE": N_("Error"),
               "DEFAULT_STRING": N_("[default: {}]"), "REQUIRED_LONG_STRING": N_("[required]"),
               "ENVVAR_STRING": N_("[env var: {}]"), "ABORTED_TEXT": N_("Aborted.")}
TYPER_WORDS["RICH_HELP"] = N_("Try [blue]'{command_path} {help_option}'[/] for help.")
#: the help of the help option (Click writes it)
HELP_HELP = N_("Show this message and exit.")
#: the word before a command's usage line (Click writes it in English)
USAGE = N_("Usage:")
#: the marks of a usage line: a command's options, a group's command and its arguments
OPTIONS_METAVAR = N_("[OPTIONS]")
COMMAND_METAVAR = N_("COMMAND [ARGS]...")
#: the types Typer writes beside a parameter in a help page (``<int>``: a whole number...)
TYPE_WORDS = {"<int>": N_("<int>"), "<float>": N_("<float>"), "<str>": N_("<str>"), "<path>": N_("<path>"),
              "<bool>": N_("<bool>"), "<list[str]>": N_("<list[str]>")}

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


#: the help of ``--lang`` (before a command or after a player's command)
LANG_HELP = N_("the language of the game's words (en, hu...); default: the LANG environment variable")


def set_language(lang: Optional[str], fallback: Optional[str] = None) -> None:
    """Write from now on in ``lang`` (``--lang``), else in ``fallback``, else in the one the
    environment asks for; an unknown language is a clear refusal of ``--lang``."""
    from cosmodrome import i18n

    try:
        i18n.set_language(i18n.check(lang) if lang else fallback or i18n.from_environment())
    except ValueError:
        raise typer.BadParameter(_("unknown language {lang}: choose one of {choices}").format(
            lang=repr(str(lang)[:20]), choices=", ".join(i18n.available())), param_hint="--lang") from None


#: the help of ``--import`` (before a command)
IMPORT_HELP = N_("a module to import before the command runs, e.g. one that registers a game or bot of your own "
                 "(not installed); may be repeated or comma-separated; also read from COSMODROME_IMPORT")


@app.callback()
def _root(ctx: typer.Context,
          version: bool = typer.Option(False, "--version", callback=_print_version, is_eager=True,
                                       help=N_("Print Cosmodrome's version and exit.")),
          lang: Optional[str] = typer.Option(None, "--lang", envvar="COSMODROME_LANG", help=LANG_HELP),
          modules: list[str] = typer.Option([], "--import", metavar=N_("MODULE"), help=IMPORT_HELP)) -> None:
    """Play, simulate and study space-race board games."""
    from cosmodrome.core.registry import import_modules, module_names

    # the language the whole command line asked for (``cli.main``: ``--lang`` after a command too)
    asked = ctx.obj.get("lang") if isinstance(ctx.obj, dict) else None
    set_language(lang, asked)
    # games and bots of one's own (``--import``, ``COSMODROME_IMPORT``), before any command
    # looks a game up; a module that fails is one clear line (``cli.main``), and no command runs
    import_modules(module_names(modules))
    # a command's --help is written after this (Click runs the group's callback first)
    help_in_language(ctx.command)


def _command_language(ctx: typer.Context, value: Optional[str]) -> Optional[str]:
    """``--lang`` after a player's command (``cosmodrome play venus --lang hu``), as before it."""
    if value:
        set_language(value)
        help_in_language(ctx.find_root().command)
    return value


def lang_option() -> Any:
    """``--lang`` of a player's command (``play``, ``replay``, ``games``)."""
    return typer.Option(None, "--lang", callback=_command_language, is_eager=True, help=LANG_HELP)


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
            _type_in_language(option)
        return option

    def get_usage(ctx: Any) -> str:
        line = usage(ctx)
        return gettext(USAGE) + line[len("Usage:"):] if line.startswith("Usage:") else line

    command.get_help_option = get_help_option
    command.get_usage = get_usage
    command._cosmodrome_help_option = True


def _type_in_language(param: Any) -> None:
    """The type Typer writes beside ``param`` in a help page (``<int>``) in the current
    language; a parameter's own ``metavar`` (its name in a usage line) too."""
    _translated(param, "metavar")
    if getattr(param, "_cosmodrome_type", False) or not hasattr(param, "display_type_rich"):
        return
    shown = param.display_type_rich

    def display_type_rich(ctx: Any) -> Any:
        label = shown(ctx)
        if isinstance(label, str):
            bare, dots = (label[:-3], "...") if label.endswith("...") else (label, "")
            label = gettext(TYPE_WORDS[bare]) + dots if bare in TYPE_WORDS else label
        return label

    param.display_type_rich = display_type_rich
    param._cosmodrome_type = True


def help_in_language(root: Any) -> None:
    """The help texts of the root command and of the players' commands (:data:`PLAYER_COMMANDS`)
    in the current language (``i18n.set_language``), and Typer's own words in a help page and
    in a complaint about the command line (:func:`complaint`)."""
    from typer import rich_utils

    for name, english in TYPER_WORDS.items():
        setattr(rich_utils, name, gettext(english))
    if not getattr(rich_utils.rich_format_error, "_cosmodrome", False):
        rich_utils.rich_format_error = _format_error_in_language(rich_utils.rich_format_error)
    commands = getattr(root, "commands", {})
    from cosmodrome import i18n

    for name, summary in OPERATOR_SUMMARIES.items():
        if name in commands:
            commands[name].short_help = None if i18n.current() == i18n.SOURCE else gettext(summary)
    for command in [root, *(commands[n] for n in PLAYER_COMMANDS if n in commands)]:
        _translated(command, "help")
        _help_option_in_language(command)
        if getattr(command, "options_metavar", None):
            _set_english(command, "options_metavar", OPTIONS_METAVAR)
        if getattr(command, "subcommand_metavar", None):
            _set_english(command, "subcommand_metavar", COMMAND_METAVAR)
        for param in command.params:
            _translated(param, "help")
            _type_in_language(param)


def _set_english(obj: Any, attr: str, english: str) -> None:
    """``obj.attr`` in the current language when it is still Click's English ``english``."""
    key = f"_cosmodrome_{attr}"
    if not hasattr(obj, key):
        setattr(obj, key, getattr(obj, attr))
    if getattr(obj, key) == english:
        setattr(obj, attr, gettext(english))


#: Click's and Typer's complaints about a command line (English, written by the library), as
#: patterns; each is said again in the reader's language (:func:`complaint`)
COMPLAINTS = (
    (r"No such option: (?P<option>\S+)(?: \(Possible options: (?P<options>.*)\))?",
     N_("No such option: {option}"), N_("No such option: {option} (did you mean: {options}?)")),
    (r"No such command (?P<command>.+)\.", N_("No such command {command}."), None),
    (r"Missing command\.", N_("Missing command."), None),
    (r"Missing argument (?P<name>.+)\.", N_("Missing argument {name}."), None),
    (r"Missing option (?P<name>.+)\.", N_("Missing option {name}."), None),
    (r"Missing parameter (?P<name>.+)\.", N_("Missing parameter {name}."), None),
    (r"Got unexpected extra argument(?:\(s\)|s)? \((?P<args>.*)\)", N_("Unexpected extra arguments: {args}"), None),
    (r"Option (?P<option>.+) requires an argument\.", N_("Option {option} needs a value."), None),
    (r"Option (?P<option>.+) requires (?P<n>\d+) arguments\.", N_("Option {option} needs {n} values."), None),
    (r"Option (?P<option>.+) does not take a value\.", N_("Option {option} takes no value."), None),
)
#: the reason of an invalid value (Pydantic's error type, as Typer checks a value) in words
VALUE_REASONS = {"int_parsing": N_("{value} is not a whole number"),
                 "int_from_float": N_("{value} is not a whole number"),
                 "float_parsing": N_("{value} is not a number"), "bool_parsing": N_("{value} is not true or false")}


def complaint(exc: Any) -> str:
    """A complaint of Click or Typer about the command line (``exc``, a ``ClickException``) in
    the current language; one it does not know keeps its words.

    >>> from typer._click.exceptions import NoSuchOption
    >>> complaint(NoSuchOption("--bogus"))
    'No such option: --bogus'
    """
    import re

    from cosmodrome import i18n

    message = exc.format_message()
    if i18n.current() == i18n.SOURCE:   # the library's own English, as it wrote it
        return message
    hint = re.fullmatch(r"Invalid value for (?P<hint>.+?): (?P<reason>.*)", message, re.S)
    if hint:
        return _("Invalid value for {option}: {reason}").format(
            option=hint["hint"], reason=_value_reason(exc, hint["reason"]))
    for pattern, plain, more in COMPLAINTS:
        m = re.fullmatch(pattern, message, re.S)
        if m:
            fields = {k: v for k, v in m.groupdict().items() if v is not None}
            return gettext(more if more and "options" in fields else plain).format(**fields)
    return message


def _value_reason(exc: Any, reason: str) -> str:
    """Why a value was refused (Pydantic's check of its type, or our own words)."""
    cause = getattr(exc, "__cause__", None)
    errors = cause.errors() if cause is not None and hasattr(cause, "errors") else []
    if errors and errors[0].get("type") in VALUE_REASONS:
        return gettext(VALUE_REASONS[errors[0]["type"]]).format(value=repr(errors[0].get("input")))
    return reason


def _format_error_in_language(show: Any) -> Any:
    """Typer's printer of a complaint, writing the complaint in the current language."""
    def rich_format_error(exc: Any) -> None:
        said = complaint(exc)
        exc.format_message = lambda: said
        show(exc)

    rich_format_error._cosmodrome = True
    return rich_format_error


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
