"""The Typer application every command module adds its commands to."""

import typer

app = typer.Typer(
    name="cosmodrome",
    help="Play, simulate and study space-race board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
