"""`zdeck report`: a balance report - an HTML page with plots and the numbers behind them."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING

import click

from zdeck.cli.batching import batch_options, check_backend, play
from zdeck.cli.common import bot_list, build_game, fail, game_argument, note, options_option, out, players_option

if TYPE_CHECKING:
    from zdeck.batch import BatchSpec
    from zdeck.core import Game
    from zdeck.report.tally import Tally


@click.command()
@game_argument()
@players_option
@click.option("--games", "-n", "count", type=click.IntRange(min=1), default=1000, show_default=True, metavar="N",
              help="how many games")
@click.option("--seed", "-s", type=int, default=0, show_default=True, metavar="SEED",
              help="seed of the first game (then seed+1, ...)")
@click.option("--bots", "-b", default="random", show_default=True, metavar="NAMES",
              help="bot names per seat, comma-separated; the list repeats round the table")
@click.option("--rotate", is_flag=True, help="shift the bots one seat round the table each game")
@options_option
@batch_options
@click.option("--out", "out_dir", type=click.Path(path_type=Path, file_okay=False), default=None, metavar="DIR",
              help="where to write report.html, report.json and the plots [default: report-GAME]")
@click.option("--json", "as_json", is_flag=True, help="also print the numbers as one JSON object")
def command(game: str, players: int | None, count: int, seed: int, bots: str, rotate: bool, options: tuple[str, ...],
            max_steps: int, workers: int | None, backend: str, address: str | None, out_dir: Path | None,
            as_json: bool) -> None:
    """A balance report: seat advantage, game length, decisiveness, fallback ends, the game's own figures.

    Plays the games (on every core, or a Ray cluster) and writes DIR/report.html with its plots and
    DIR/report.json. docs/designers.md explains every figure. Ctrl-C stops the batch and reports the
    games played so far.
    """
    check_backend(backend, address)
    rules = build_game(game, players, options)
    names = bot_list(game, bots)
    spec = batch_spec(rules, names, rotate, count, seed, max_steps)
    tally, stopped = play_tally(spec, rules, names, (workers, backend, address), progress=not as_json)
    target = out_dir or Path(f"report-{game}")
    numbers = _write(tally, target, f"{seed}..{seed + count - 1}")
    if as_json:
        from zdeck.report import without_values

        click.echo(json.dumps(without_values(numbers)))
    else:
        out().print(f"{tally.games} games ({len(tally.unfinished)} unfinished) in {tally.seconds:.1f} s: "
                    f"[bold]{target / 'report.html'}[/]")
    finish(stopped, tally, count)


def batch_spec(rules: Game, names: list[str], rotate: bool, count: int, seed: int, max_steps: int) -> BatchSpec:
    from zdeck.batch import BatchSpec
    from zdeck.sim import seat_bots

    lineups = tuple(tuple(seat_bots(names, rules.players, i, rotate)) for i in range(len(names) if rotate else 1))
    return BatchSpec(rules.id, rules.players, dict(rules.options), lineups, count, seed, max_steps, figures=True)


def play_tally(spec: BatchSpec, rules: Game, names: list[str], where: tuple[int | None, str, str | None],
               progress: bool, label: str | None = None) -> tuple[Tally, str | None]:
    """The batch played into a Tally; a stop (Ctrl-C, a worker's failure) is returned, not raised, so the
    games played so far are still reported."""
    from zdeck.batch import BatchError
    from zdeck.registry import game_metrics
    from zdeck.report.tally import Tally

    tally = Tally(rules.id, rules.players, dict(rules.options), names, rules.score_order, game_metrics(rules.id),
                  spec.count, spec.max_steps)
    start, stopped = time.perf_counter(), None
    try:
        for result in play(spec, *where, label or f"{rules.id} x{spec.count}", progress):
            tally.add(result)
    except KeyboardInterrupt:
        stopped = "interrupted"
    except BatchError as exc:
        stopped = str(exc)
    tally.seconds = time.perf_counter() - start
    return tally, stopped


def _write(tally: Tally, target: Path, seeds: str) -> dict[str, object]:
    from zdeck.report import write_report

    try:
        return write_report(tally, target, seeds)
    except OSError as exc:
        fail(f"cannot write the report to {target}: {exc.strerror or exc}")


def finish(stopped: str | None, tally: Tally, asked: int) -> None:
    """Say how an early stop left the batch, with the exit status it calls for."""
    if stopped is None:
        return
    note(f"stopped after {tally.games + len(tally.unfinished)} of {asked} games: the figures are those of the "
         "games played")
    if stopped == "interrupted":
        raise click.exceptions.Exit(130)
    fail(stopped)
