"""`zdeck replay FILE`: re-apply every recorded action and check the recorded result.

The file is read a record at a time, so a file of any size replays in the memory of one game; the
output is plain text (click.echo), as a long replay prints a line per move.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from zdeck.cli.common import brief, count, fail, note


@click.command()
@click.argument("file", type=click.Path(path_type=Path), metavar="FILE")
@click.option("--quiet", "-q", is_flag=True, help="only check, do not print each move")
def command(file: Path, quiet: bool) -> None:
    """Re-play recorded games and check them.

    Every recorded action is applied again; any divergence from the record is an error.
    """
    import zdeck
    from zdeck.core import shorten
    from zdeck.records import RecordError, read_records, replay

    number = 0
    try:
        for number, record in enumerate(read_records(file), 1):
            click.secho(f"game {number}: {brief(record.game)}, {count(record.players, 'player')}, seed {record.seed}, "
                        f"options {shorten(record.options, 200)}", bold=True)
            if record.version != zdeck.__version__:
                note(f"game {number} was recorded by zdeck {record.version}; this is zdeck {zdeck.__version__}")
            state = replay(record, on_step=None if quiet else _print_step)
            ending = "" if state.is_over() else f"  (not over: the record stops after {len(record.actions)} actions)"
            click.echo(f"  scores {state.scores()}, winners {state.winners()}, rounds {state.round()}{ending}")
    except RecordError as exc:
        fail(str(exc))
    if number == 0:  # an empty file replays "successfully" otherwise, checking nothing
        fail(f"{file} holds no game records")


def _print_step(index: int, state: Any, entry: list[Any], outcome: Any) -> None:
    who = "table" if entry[0] is None else f"P{entry[0]}"
    late = f"  ({outcome.value}, answered v{entry[2]})" if len(entry) == 3 and outcome is not None else ""
    click.echo(f"  {index + 1:>4} r{state.round()} {who:>5}  {entry[1]}{late}")
