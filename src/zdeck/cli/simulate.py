"""`zdeck simulate`: a batch of bot games and the figures a designer reads off it.

The games are played on every core (`--workers`) or a Ray cluster (`--backend ray`); each game's seed and
bots follow from its index, so the figures and records are the same for any number of workers. A game
still going after `--max-steps` moments is stopped, counted as unfinished (by seed) and the batch goes
on; Ctrl-C or a record that cannot be written ends the batch early, and the games that finished in
order are still summed up. Records are built only when `--records` writes them.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from zdeck.cli.batching import batch_options, check_backend, play
from zdeck.cli.common import bot_list, build_game, count, fail, game_argument, note, options_option, out, players_option

if TYPE_CHECKING:
    from zdeck.batch import BatchSpec
    from zdeck.records import RecordWriter
    from zdeck.sim import Summary


@click.command()
@game_argument()
@players_option
@click.option("--games", "-n", "count", type=click.IntRange(min=1), default=100, show_default=True, metavar="N",
              help="how many games")
@click.option("--seed", "-s", type=int, default=0, show_default=True, metavar="SEED", help="seed of the first game (then seed+1, ...)")
@click.option("--bots", "-b", default="random", show_default=True, metavar="NAMES",
              help="bot names per seat, comma-separated; the list repeats round the table")
@click.option("--rotate", is_flag=True, help="shift the bots one seat round the table each game")
@options_option
@batch_options
@click.option("--records", type=click.Path(path_type=Path), default=None, metavar="FILE",
              help="append every game's record (JSON Lines) to FILE")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object instead of tables")
def command(game: str, players: int | None, count: int, seed: int, bots: str, rotate: bool,
            options: tuple[str, ...], max_steps: int, workers: int | None, backend: str, address: str | None,
            records: Path | None, as_json: bool) -> None:
    """Bots against bots: win rates, scores per bot, speed.

    Games are seeded SEED, SEED+1, ...; the same command gives the same games, on any number of
    workers. Scores per bot are the mean, spread and range over the seats it played; the game's rules
    say whether higher or lower is better. A game not over after --max-steps is stopped, reported as
    unfinished (with its seed) and the batch goes on. Ctrl-C stops the batch and sums up the games played.
    """
    from zdeck.batch import BatchError, BatchSpec
    from zdeck.records import RecordError
    from zdeck.sim import Summary, seat_bots

    check_backend(backend, address)
    rules = build_game(game, players, options)
    names = bot_list(game, bots)
    lineups = tuple(tuple(seat_bots(names, rules.players, i, rotate)) for i in range(len(names) if rotate else 1))
    spec = BatchSpec(game, rules.players, dict(rules.options), lineups, count, seed, max_steps,
                     records=records is not None)
    summary = Summary(game, rules.players, dict(rules.options), names, rules.score_order)
    sink = _open_records(records)
    stopped: str | None = None
    start = time.perf_counter()
    try:
        _play(spec, (workers, backend, address), summary, sink, progress=not as_json)
    except KeyboardInterrupt:
        stopped = "interrupted"
    except (RecordError, BatchError) as exc:
        stopped = str(exc)
    finally:
        summary.seconds = time.perf_counter() - start
        _close(sink)
    result = {**summary.as_dict(), "games_asked": count, "max_steps": max_steps, "stopped": stopped}
    _report(result, as_json)
    if stopped == "interrupted":
        raise click.exceptions.Exit(130)
    if stopped is not None:
        fail(stopped)


def _open_records(path: Path | None) -> RecordWriter | None:
    from zdeck.records import RecordError, RecordWriter

    if path is None:
        return None
    try:
        sink = RecordWriter(path)
    except RecordError as exc:
        fail(str(exc))
    if sink.had_records:
        note(f"{path} already holds records: this batch's are appended after them")
    return sink


def _close(sink: RecordWriter | None) -> None:
    from zdeck.records import RecordError

    if sink is not None:
        try:
            sink.close()
        except RecordError as exc:
            fail(str(exc))


def _play(spec: BatchSpec, where: tuple[int | None, str, str | None], summary: Summary,
          sink: RecordWriter | None, progress: bool) -> None:
    """Play the batch into the summary (and the records), in game order."""
    for result in play(spec, *where, f"{spec.game} x{spec.count}", progress):
        summary.add_result(result)
        if sink is not None and result.record is not None:
            sink.write(result.record)  # an unfinished game's record too: it replays up to where it stopped


def _report(result: dict[str, Any], as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(result))
        return
    from rich.markup import escape
    from rich.table import Table

    console = out()
    console.print(f"[bold]{escape(result['game'])}[/] {count(result['players'], 'player')}, options "
                  f"{escape(json.dumps(result['options']))}; {result['score_order']} scores are better")
    console.print(f"{count(result['games'], 'game')} in {result['seconds']} s ({result['games_per_second']} games/s); "
                  f"mean {result['mean_plies']} plies, {result['mean_rounds']} rounds")
    _report_unfinished(result)
    if not result["games"]:
        console.print("no game finished: no figures to show")
        return
    several = result["players"] > 1  # one seat always wins its own game: scores say how well
    seats = Table("seat", *(["win rate"] if several else []), "mean score")
    for seat, (w, s) in enumerate(zip(result["win_rate_per_seat"], result["mean_score_per_seat"])):
        seats.add_row(str(seat), *([f"{w:.3f}"] if several else []), f"{s:.2f}")
    console.print(seats)
    per_bot = Table("bot", *(["win rate"] if several else []), "mean score", "spread (sd)",
                    "lowest", "highest", caption=f"{result['score_order']} scores are better")
    for name, score in result["score_per_bot"].items():
        rate = [f"{result['win_rate_per_bot'][name]:.3f}"] if several else []
        per_bot.add_row(name, *rate, f"{score['mean']:.2f}", f"{score['sd']:.2f}", f"{score['min']:g}",
                        f"{score['max']:g}")
    console.print(per_bot)


def _report_unfinished(result: dict[str, Any]) -> None:
    if result["stopped"] is not None:
        out().print(f"[yellow]stopped after {result['games'] + result['unfinished']} of "
                    f"{result['games_asked']} games[/]: the figures are those of the games played")
    if result["unfinished"]:
        seeds = result["unfinished_seeds"]
        shown = ", ".join(map(str, seeds[:10])) + (", ..." if len(seeds) > 10 else "")
        out().print(f"[yellow]{result['unfinished']} games not over after {result['max_steps']:,} steps "
                    f"(--max-steps)[/], seeds {shown}: counted in no figure below")
