"""`zdeck play`: one seat against bots at a live table (races on a real clock), or `--watch` bots alone.

The table is the line mode (`--plain`): the whole table as text after every change, a numbered menu
of your actions. The record file is opened before the game, so a path that cannot take it is refused
before anyone plays.
"""

from __future__ import annotations

from pathlib import Path

import click

from zdeck.cli.common import bot_list, build_game, fail, game_argument, options_option, out, players_option


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
@click.option("--speed", type=click.FloatRange(min=0.0), default=1.0, show_default=True, metavar="X",
              help="bots' reaction-time multiplier (2 = twice as slow, 0 = at once)")
@click.option("--watch", is_flag=True, help="bots play every seat; you watch")
@options_option
@click.option("--record", type=click.Path(path_type=Path), default=None, metavar="FILE",
              help="append the game's record (JSON Lines) to FILE, even when you leave early")
@click.option("--plain", is_flag=True, help="the line-mode table (text after every change; the only one for now)")
def command(game: str, players: int | None, seat: int, bots: str | None, seed: int | None, speed: float,
            watch: bool, options: tuple[str, ...], record: Path | None, plain: bool) -> None:
    """Play one seat against bots, races on a real clock.

    Type the number of an action from the menu, or its text (e.g. `play red 4`, `zap`); `q` or Ctrl-C
    leaves the table. A number answers the menu you saw: if the menu changed while you typed and the
    number now means another action, it is refused and the new menu shown.
    """
    from zdeck.records import RecordError, RecordWriter
    from zdeck.registry import default_bot
    from zdeck.table import LiveTable

    rules = build_game(game, players, options)
    if not watch and not 0 <= seat < rules.players:
        fail(f"--seat {seat} is not a seat of this game (0..{rules.players - 1})")
    names = bot_list(game, bots) if bots is not None else [default_bot(game)]
    try:
        sink = RecordWriter(record) if record is not None else None
    except RecordError as exc:
        fail(str(exc))
    live = LiveTable(rules, None if watch else seat, names, seed, speed, out())
    try:
        final = live.run()
    except KeyboardInterrupt:  # Ctrl-C leaves the table like 'q': the record so far is still kept
        final = None
    if sink is not None and live.record is not None:
        try:
            with sink:
                sink.write(live.record)
        except RecordError as exc:
            fail(str(exc))
    if final is None:
        out().print("game left before its end")
