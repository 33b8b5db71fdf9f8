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
              help="bots for the other seats, comma-separated (default: the game's strongest own bot, "
                   "the first `zdeck list` names)")
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
@click.option("--plain", is_flag=True,
              help="the line-mode table (text after every change, a numbered menu); the default where stdin or "
                   "stdout is not a terminal")
def command(game: str, players: int | None, seat: int, bots: str | None, seed: int | None, speed: float,
            watch: bool, options: tuple[str, ...], record: Path | None, pictures: str | None, plain: bool) -> None:
    """Play one seat against bots, races on a real clock.

    In a terminal: press the key shown on a card to play it (it keeps its key while you hold it), the
    call keys shown under your hand (z: Zap or ZOOP!, d: draw, ...), `?` for every key, `r` for the
    rules, `q` to leave. With --plain (or when piped): type the number of an action from the menu, or
    its text (e.g. `play red 4`, `zap`); `q` or Ctrl-C leaves.
    """
    from zdeck.botspecs import default_bot
    from zdeck.records import RecordError, RecordWriter

    rules = build_game(game, players, options)
    if not watch and not 0 <= seat < rules.players:
        fail(f"--seat {seat} is not a seat of this game (0..{rules.players - 1})")
    names = bot_list(game, bots) if bots is not None else [default_bot(game)]
    try:
        sink = RecordWriter(record) if record is not None else None
    except RecordError as exc:
        fail(str(exc))
    human = None if watch else seat
    if plain or not in_terminal():
        _plain(rules, human, names, seed, speed, sink, pictures or "words")
    else:
        _app(rules, human, names, seed, speed, sink, pictures or default_pictures())


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
    names = ["you" if p == table.human else f"{name} (bot)" for p, name in enumerate(table.seat_names())]
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
