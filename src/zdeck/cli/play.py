"""`zdeck play`: one seat against bots at a live table (races on a real clock), or `--watch` bots alone.

In a terminal the table is a Textual app (`zdeck.tui`): cards drawn, keys bound to the cards and calls
they act on. Where stdin or stdout is not a terminal (a pipe, a script, CI), or with `--plain`, it is the
line mode (`zdeck.table`): the whole table as text after every change, a numbered menu of your actions.
Both are clients of the one live table (`zdeck.live`), the room `zdeck serve` runs.
The record file is opened before the game, so a path that cannot take it is refused before anyone plays.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from zdeck.cli.common import bot_list, build_game, fail, game_argument, note, options_option, out, players_option

if TYPE_CHECKING:
    from zdeck.core import Game
    from zdeck.live.local import LocalTable
    from zdeck.records import Record, RecordWriter


@click.command()
@game_argument(default="zipzap")
@players_option
@click.option("--seat", type=click.IntRange(min=0), default=0, show_default=True, metavar="N",
              help="your seat (0 is the first)")
@click.option("--bots", "-b", default=None, metavar="NAMES",
              help="bots for the other seats, comma-separated: levels (easy, medium, hard, strongest) or bots "
                   "`zdeck list` names (default: the level a newcomer beats about half the time, as the lobby; "
                   "--watch: the game's strongest own bot)")
@click.option("--seed", "-s", type=int, default=None, metavar="SEED",
              help="seed (default: from the clock)")
@click.option("--speed", type=click.FloatRange(min=0.0, max=100.0), default=1.0, show_default=True, metavar="X",
              help="bots' reaction-time multiplier (2 = twice as slow, 0 = at once)")
@click.option("--watch", is_flag=True, help="bots play every seat; you watch")
@options_option
@click.option("--record", type=click.Path(path_type=Path), default=None, metavar="FILE",
              help="append the game's record (JSON Lines) to FILE, even when you leave early")
@click.option("--pictures", type=click.Choice(["emoji", "glyphs", "words"]), default=None, envvar="ZDECK_PICTURES",
              help="how cards show their animals and symbols: emoji (the default in a UTF-8 terminal), glyphs "
                   "(one-cell symbols, for a font without emoji) or words only (every card always has its words)")
@click.option("--join", "link", default=None, metavar="LINK",
              help="sit down at a table of a zdeck server instead: its link (http://HOST:PORT/rooms/ROOM, or the "
                   "link with #token=T a browser's seat moves with); the game and its options are the table's")
@click.option("--name", default="Player", show_default=True, metavar="NAME",
              help="your name at a server's table (--join)")
@click.option("--plain", is_flag=True,
              help="the line-mode table (text after every change, a numbered menu); the default where stdin or "
                   "stdout is not a terminal")
def command(game: str, players: int | None, seat: int, bots: str | None, seed: int | None, speed: float,
            watch: bool, options: tuple[str, ...], record: Path | None, pictures: str | None, link: str | None,
            name: str, plain: bool) -> None:
    """Play one seat against bots, races on a real clock.

    In a terminal: press the key shown on a card to play it (it keeps its key while you hold it), the
    call keys shown under your hand (z: Zap or ZOOP!, d: draw, ...), `?` for every key, `r` for the
    rules, `q` to leave. With --plain (or when piped): type the number of an action from the menu, or
    its text (e.g. `play red 4`, `zap`); `q` or Ctrl-C leaves.
    """
    from zdeck.records import RecordError, RecordWriter

    if link is not None:
        _join(link, name, record, pictures, plain)
        return
    rules = build_game(game, players, options)
    if not watch and not 0 <= seat < rules.players:
        fail(f"--seat {seat} is not a seat of this game (0..{rules.players - 1})")
    from zdeck.botspecs import default_bot

    # a person meets the level a newcomer beats about half the time (as the lobby seats it); watching, the best
    names = bot_list(rules.id, _levels(rules.id, bots)) if bots is not None else \
        [default_bot(rules.id) if watch else _newcomers_level(rules.id)]
    try:
        sink = RecordWriter(record) if record is not None else None
    except RecordError as exc:
        fail(str(exc))
    human = None if watch else seat
    if plain or not in_terminal():
        _plain(rules, human, names, seed, speed, sink, pictures or "words")
    else:
        _app(rules, human, names, seed, speed, sink, pictures or default_pictures())


def _join(link: str, name: str, record: Path | None, pictures: str | None, plain: bool) -> None:
    """A seat at a server's table: the same terminal table, the server's room (the record stays on the server;
    with --record it is fetched once the game is over)."""
    from zdeck.live.remote import JoinError, RemoteTable
    from zdeck.records import RecordError, RecordWriter
    from zdeck.tui import run

    if plain or not in_terminal():
        fail("--join needs a terminal: the line mode plays only a table of its own")
    try:
        sink = RecordWriter(record) if record is not None else None
        table = RemoteTable.join(link, name)
    except (JoinError, RecordError) as exc:
        fail(str(exc))
    note(f"at the table {table.link}  (this link, with its token, is your seat: keep it to come back)")
    run(table, str(record) if record is not None else None,
        (lambda kept: _write(sink, kept)) if sink is not None else None, pictures or default_pictures())
    if sink is not None:
        _close(sink)
    out().print(f"left the table; it goes on without you: {table.share}", highlight=False)


def _levels(game_id: str, bots: str) -> str:
    """`--bots` with each level named as its bot ("easy" -> "heuristic:reaction=2650,..."), as the lobby seats it."""
    from zdeck.botspecs import split_bot_specs
    from zdeck.live.seating import level_spec

    return ",".join(level_spec(game_id, name) for name in split_bot_specs(bots))


def _newcomers_level(game_id: str) -> str:
    """The bot a table with people seats unless told otherwise: the level a newcomer beats about half the time."""
    from zdeck.botspecs import default_bot
    from zdeck.live.gamedata import table_data

    data = table_data(game_id)
    level = data.level(data.default_level)
    return level.bot if level is not None else default_bot(game_id)


def in_terminal() -> bool:
    """Both ends are a terminal: a person at a keyboard, not a pipe or a script."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def default_pictures() -> str:
    """Emoji where the terminal speaks UTF-8 and is not the Linux console (whose font has none); else words."""
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    return "emoji" if encoding == "utf8" and os.environ.get("TERM") != "linux" else "words"


def _plain(rules: Game, human: int | None, names: list[str], seed: int | None, speed: float,
           sink: RecordWriter | None, pictures: str) -> None:
    from zdeck.table import LiveTable

    live = LiveTable(rules, human, names, seed, speed, out(), pictures=pictures)
    try:
        finished = live.run()
    except KeyboardInterrupt:  # Ctrl-C leaves the table like 'q': the record so far is still kept
        finished = False
    if sink is not None:
        _write(sink, live.record)
        _close(sink)
    if not finished:
        out().print("game left before its end")


def _app(rules: Game, human: int | None, names: list[str], seed: int | None, speed: float,
         sink: RecordWriter | None, pictures: str) -> None:
    from zdeck.live.local import LocalTable
    from zdeck.records import RecordError, RecordWriter
    from zdeck.tui import run

    table = LocalTable(rules, human, names, seed, speed)
    path = sink.path if sink is not None else None

    def save(record: Record) -> None:  # a game that ends is kept at once: the terminal may be closed next
        if sink is not None:
            _write(sink, record)

    try:
        records, keep = run(table, str(path) if path is not None else None, save, pictures)
    except KeyboardInterrupt:
        records, keep = ([] if table.over else [table.record()]), sink is not None
    if keep and sink is None:
        path = Path(f"zdeck-{rules.id}-{table.seed}.jsonl")
        try:
            sink = RecordWriter(path)
        except RecordError as exc:
            fail(str(exc))
    if sink is not None:
        if keep:
            _write(sink, *records)
        _close(sink)
        note(f"the record is in {sink.path} (zdeck replay {sink.path})")
    last = table.record()
    if last.scores is None:
        out().print("game left before its end")
    else:
        out().print(f"Game over: {_result(rules, table, last)}", highlight=False)


def _result(rules: Game, table: LocalTable, record: Record) -> str:
    """The end in a line: each seat's score, and who won."""
    from zdeck.textview.words import Seats

    seats = Seats.of([seat.public(rules.id) for seat in table.room.seats], table.human, pictures=False)
    names = [seats.who(p) for p in range(rules.players)]  # "you", "Wen (bot)"
    scores = ", ".join(f"{names[p]} {_number(v)}" for p, v in enumerate(record.scores or []))
    winners = " and ".join(names[w] for w in record.winners or []) or "nobody"
    order = "lowest" if rules.score_order == "lower" else "highest"
    return f"{scores}. Won by {winners} (the {order} score wins)."


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _write(sink: RecordWriter, *records: Record) -> None:
    from zdeck.records import RecordError

    try:
        for record in records:
            sink.write(record)
    except RecordError as exc:
        fail(str(exc))


def _close(sink: RecordWriter) -> None:
    from zdeck.records import RecordError

    try:
        sink.close()
    except RecordError as exc:
        fail(str(exc))
