"""What the commands share: one-line errors, the consoles, and a game, its options and bots as read
from the command line. Light to import: rich and the games are imported when first used."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import IO, TYPE_CHECKING, Any, NoReturn

import click

from zdeck.core import Game, shorten

if TYPE_CHECKING:
    from collections.abc import Callable

    from click.decorators import FC
    from rich.console import Console

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


def count(n: int, noun: str) -> str:
    """`1 player`, `4 players`: a number with its noun, in the singular for one."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


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

    options = parse_options(pairs)
    try:
        return make(game_id, players, **options)
    except ValueError as exc:
        message = str(exc)
        if players is not None and f": players={players} is not allowed" in message:
            message = _refused_seats(game_id, players, options) or message
        known = not message.startswith("unknown game")
        fail(f"{game_id}: {message}" if known and not message.startswith(f"{game_id}:") else message)


def _refused_seats(game_id: str, players: int, options: dict[str, Any]) -> str | None:
    """A player count refused by a game whose seats depend on an option (ZAR's half decks): what each
    count needs, and the option that seats this one if one does."""
    from zdeck.registry import game_class

    by_option = seats_by_option(game_class(game_id), options)
    if not by_option:
        return None
    name, groups = by_option[0]
    fits = [values[0] for values, (lo, hi) in groups if lo <= players <= hi]
    advice = f"-o {name}={json.dumps(fits[0])} seats {players}" if fits else f"no {name} seats {players}"
    return f"{game_id}: players={players} is not allowed; this game takes {_takes(name, groups, ' to ')}: {advice}"


def seats_in_full(cls: type[Game]) -> str:
    """`zdeck rules`'s player counts: "2-6", or what each count needs ("2-9 with half_decks=2, 2-14 with
    half_decks=3 to 16")."""
    by_option = seats_by_option(cls)
    return "; ".join(_takes(name, groups, "-") for name, groups in by_option) or seats(cls)


def _takes(name: str, groups: SeatGroups, dash: str) -> str:
    return ", ".join(f"{lo}{dash}{hi} with {name}={_values(values)}" for values, (lo, hi) in groups)


SeatGroups = list[tuple[list[Any], tuple[int, int]]]  # option values in a row, and the seats they allow


def seats_by_option(cls: type[Game], given: dict[str, Any] | None = None) -> list[tuple[str, SeatGroups]]:
    """The options that change how many may play (the other options as `given`, else their defaults), each
    with its values grouped by the seats they allow: ZAR's half_decks, [([2], (2, 9)), ([3, ..., 16], (2, 14))].
    Empty for a game whose seats never depend on its options (and that game is not even made)."""
    if cls.player_range is Game.player_range:
        return []
    try:
        game = cls()
        base = {**game.options, **(given or {})}
        found = []
        for name, spec in cls.options_spec.items():
            groups: SeatGroups = []
            for value in _candidates(spec):
                seats = game.player_range({**base, name: value})
                if groups and groups[-1][1] == seats:
                    groups[-1][0].append(value)
                else:
                    groups.append(([value], seats))
            if len(groups) > 1:
                found.append((name, groups))
    except (ValueError, TypeError, KeyError):  # other options that are themselves wrong: no advice
        return []
    return found


def _candidates(spec: Any) -> list[Any]:
    """An option's values when they are few: its choices, or a bounded integer range."""
    if spec.choices is not None:
        return list(spec.choices)
    lo, hi = getattr(spec.check, "lo", None), getattr(spec.check, "hi", None)
    return list(range(lo, hi + 1)) if isinstance(lo, int) and isinstance(hi, int) and hi - lo < 100 else []


def _values(values: list[Any]) -> str:
    """`2`, or `3 to 16` for whole numbers in a row, else `a or b`."""
    texts = [json.dumps(v) for v in values]
    if len(values) > 2 and all(isinstance(v, int) for v in values) and values == list(range(values[0], values[-1] + 1)):
        return f"{texts[0]} to {texts[-1]}"
    return " or ".join(texts)


def seats(cls: type[Game]) -> str:
    """A game's player counts: "2-6", or "1" for a one-player game; "2-14*" where some counts need an
    option (ZAR's more half decks: `seats_by_option` says which)."""
    counts = str(cls.min_players) if cls.min_players == cls.max_players else f"{cls.min_players}-{cls.max_players}"
    return counts + ("*" if cls.player_range is not Game.player_range else "")


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
