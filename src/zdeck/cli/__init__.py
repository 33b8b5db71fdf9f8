"""The `zdeck` command: list, rules, simulate, replay, play, serve.

A thin client of the kernel contract: it never reaches into a game's internals. Each command is a
module of its own, imported only when it runs (or when `zdeck --help` lists the commands): a new
command is one more module and one more line in `COMMANDS`. A module keeps its heavy imports (the
games, rich) inside the command, so `zdeck --help` and `zdeck list` start in a blink.
"""

from __future__ import annotations

import importlib
from typing import Any

import click

from zdeck import compiled
from zdeck.cli.common import one_line_usage_errors
from zdeck.core import IllegalAction

# command name -> module of zdeck.cli that defines it as `command`, in the order --help lists them
COMMANDS = {
    "list": "listing",
    "rules": "rules",
    "play": "play",
    "simulate": "simulate",
    "report": "report",
    "compare": "compare",
    "tournament": "tournament",
    "replay": "replay",
    "serve": "serve",
}


class _Commands(click.Group):
    """A group whose commands are imported on first use, and whose usage errors (a bad `-n 0`, an unknown
    option, a missing GAME) are one line, as every other error is, not click's usage block."""

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        with one_line_usage_errors():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: click.Context) -> Any:
        with one_line_usage_errors():
            return super().invoke(ctx)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module = COMMANDS.get(cmd_name)
        if module is None:
            return None
        command: click.Command = importlib.import_module(f"{__name__}.{module}").command
        return command


app = _Commands(
    name="zdeck",
    help="zdeck: play and study the Z card games.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
# which build of the rules engine runs: compiled with mypyc, or pure Python (and why) - zdeck.compiled
click.version_option(package_name="zdeck", message=f"zdeck %(version)s, rules engine {compiled.BUILD}")(app)


def main() -> None:
    try:
        app(prog_name="zdeck")
    except IllegalAction as exc:  # a rules refusal that escaped a command is still a one-line error
        from zdeck.cli.common import say_error

        say_error(str(exc))
        raise SystemExit(2) from None
