"""What the commands share: one-line errors, the consoles, and a game, its options and bots as read
from the command line. Light to import: rich and the games are imported when first used."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import IO, TYPE_CHECKING, Any, NoReturn

import click

from zdeck.core import shorten

if TYPE_CHECKING:
    from collections.abc import Callable

    from click.decorators import FC
    from rich.console import Console

    from zdeck.core import Game

MESSAGE_LIMIT = 1000  # a backstop: input is quoted shortened, but no message may flood a terminal


def fail(message: str) -> NoReturn:
    """Say what was wrong in one line on stderr and stop with status 2 (no traceback)."""
    say_error(message)
    raise click.exceptions.Exit(2)


def say_error(message: str) -> None:
    if len(message) > MESSAGE_LIMIT:
        message = f"{message[:MESSAGE_LIMIT]}... ({len(message)} characters)"
    click.echo(f"{click.style('error:', fg='red', bold=True)} {message}", err=True)


class OneLineError(click.ClickException):
    """A click error shown as zdeck shows every error: one line on stderr, status 2."""

    exit_code = 2

    def show(self, file: IO[Any] | None = None) -> None:
        say_error(self.message)


@contextmanager
def one_line_usage_errors() -> Iterator[None]:
    """Turn click's own errors (a value out of range, an unknown option, a missing argument) into one line
    that names the command's help, in place of click's usage block; bad input in them is cut short."""
    try:
        yield
    except NO_ARGS_IS_HELP:
        raise  # `zdeck` alone: the help is what it asks for
    except click.UsageError as exc:
        where = f" (see `{exc.ctx.command_path} --help`)" if exc.ctx is not None else ""
        raise OneLineError(_one_line(exc.format_message()) + where) from None
    except click.ClickException as exc:
        raise OneLineError(_one_line(exc.format_message())) from None


NO_ARGS_IS_HELP: tuple[type[Exception], ...] = tuple(
    kind for kind in [getattr(click.exceptions, "NoArgsIsHelpError", None)] if kind is not None)  # click >= 8.2


def _one_line(message: str) -> str:
    """Click's message as ours read: lower case, no full stop, one line, each long word (bad input) cut."""
    message = " ".join(_cut(word) for word in message.split())
    return (message[:1].lower() + message[1:]).removesuffix(".")


def _cut(word: str, limit: int = 60) -> str:
    return word if len(word) <= limit else f"{word[:limit]}... ({len(word)} characters)"


def quote(value: object) -> str:
    """Bad input as a message quotes it: repr, cut short (`zdeck.core.shorten`, the one helper)."""
    return shorten(value)


def brief(text: str, limit: int = 60) -> str:
    """A text read from a file, shown as it is when short and quoted shortened when not."""
    return text if len(text) <= limit else shorten(text, limit)


@cache
def out() -> Console:
    """The console for results (stdout)."""
    from rich.console import Console

    return Console(highlight=False)


@cache
def err() -> Console:
    """The console for progress and notes (stderr)."""
    from rich.console import Console

    return Console(stderr=True, highlight=False)


def note(message: str) -> None:
    """A one-line remark on stderr that is not an error."""
    click.echo(f"{click.style('note:', fg='yellow')} {message}", err=True)


# -- options several commands take ------------------------------------------------------------------------

def game_argument(default: str | None = None) -> Callable[[FC], FC]:
    """GAME, required, or optional with a default (shown as `[GAME]` in the usage line). A default of None
    is not passed on: click 8.3 takes an explicit None as a value, and `zdeck rules` then looked up None."""
    if default is None:
        return click.argument("game", metavar="GAME")
    return click.argument("game", default=default, required=False, metavar="[GAME]")


players_option = click.option("--players", "-p", type=click.IntRange(min=1), default=None, metavar="N",
                              help="number of seats (default: the game's usual table)")
options_option = click.option("--option", "-o", "options", multiple=True, metavar="NAME=VALUE",
                              help="a game option, repeatable; `zdeck rules GAME` lists them")


def parse_options(pairs: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """`-o name=value`; values are read as JSON when they can be (numbers, true, null), else as text."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name:
            fail(f"--option expects name=value, got {quote(pair)}")
        try:
            options[name] = json.loads(raw)
        except ValueError:  # not JSON (or an integer too long to convert): the text itself
            options[name] = raw
    return options


def build_game(game_id: str, players: int | None, pairs: tuple[str, ...] | list[str]) -> Game:
    """The game as the command line asks for it, or a one-line error saying what is not allowed."""
    from zdeck.registry import make

    try:
        return make(game_id, players, **parse_options(pairs))
    except ValueError as exc:
        fail(str(exc) + _players_hint(game_id, players, str(exc)))


def _players_hint(game_id: str, players: int | None, message: str) -> str:
    """Some games take more seats under an option (ZAR's half decks): say so when the count is refused."""
    from zdeck.registry import game_class

    try:
        cls = game_class(game_id)
    except ValueError:
        return ""
    if players is not None and f"players={players} " in message and cls.min_players <= players <= cls.max_players:
        return f" with these options; other options allow {seats(cls)} (see `zdeck rules {game_id}`)"
    return ""


def seats(cls: type[Game]) -> str:
    """A game's player counts: "2-6", or "1" for a one-player game."""
    return str(cls.min_players) if cls.min_players == cls.max_players else f"{cls.min_players}-{cls.max_players}"


def bot_list(game_id: str, text: str) -> list[str]:
    """Comma-separated bot specs (a search bot's parameters too: `greedy,ismcts:iters=500,c=0.5`), each
    checked against the game's bots."""
    from zdeck.registry import bot_names, make_bot, split_bot_specs

    names = split_bot_specs(text)
    if not names:
        fail("--bots needs at least one bot name")
    known = bot_names(game_id)
    for name in names:
        if name.partition(":")[0].strip() not in known:
            fail(f"unknown bot {quote(name)} for {game_id}; choose from {', '.join(known)}")
        try:
            make_bot(game_id, name)  # a spec's parameters are checked by making it once
        except ValueError as exc:
            fail(str(exc))
    return names
