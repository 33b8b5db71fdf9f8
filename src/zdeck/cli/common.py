"""What the commands share: one-line errors, the consoles, and a game, its options and bots as read
from the command line. Light to import: rich and the games are imported when first used."""

from __future__ import annotations

import json
from functools import cache
from typing import TYPE_CHECKING, Any, NoReturn

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
    return click.argument("game", default=default, required=default is None, metavar="GAME")


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
    from zdeck.botspecs import bot_names, make_bot, split_bot_specs

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
