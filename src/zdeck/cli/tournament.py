"""`zdeck tournament`: bots in every seat, on the same deals; win rates, scores, ranks and ratings."""

from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from zdeck.cli.batching import batch_options, check_backend, play
from zdeck.cli.common import bot_list, build_game, count, fail, game_argument, note, options_option, out, players_option

if TYPE_CHECKING:
    from zdeck.batch import GameResult
    from zdeck.records import RecordWriter


@click.command()
@game_argument()
@players_option
@click.option("--bots", "-b", required=True, metavar="NAMES", help="the bots to rank, comma-separated (two or more)")
@click.option("--games", "-n", "count", type=click.IntRange(min=1), default=240, show_default=True, metavar="N",
              help="games at least; rounded up to whole cycles of the seatings")
@click.option("--seed", "-s", type=int, default=0, show_default=True, metavar="SEED",
              help="seed of the first deal (then seed+1, ...)")
@options_option
@batch_options
@click.option("--records", type=click.Path(path_type=Path), default=None, metavar="FILE",
              help="append every game's record (JSON Lines) to FILE")
@click.option("--out", "out_file", type=click.Path(path_type=Path, dir_okay=False), default=None, metavar="FILE",
              help="write the results as JSON to FILE")
@click.option("--json", "as_json", is_flag=True, help="print the results as one JSON object instead of a table")
def command(game: str, players: int | None, bots: str, count: int, seed: int, options: tuple[str, ...],
            max_steps: int, workers: int | None, backend: str, address: str | None, records: Path | None,
            out_file: Path | None, as_json: bool) -> None:
    """A round robin: every bot in every seat equally often, each deal played in every seating.

    Ranks the bots by an OpenSkill (Plackett-Luce) rating, a multiplayer rating with its uncertainty,
    beside win rate (95% Wilson interval), mean score and mean rank. The same seed gives the same results.
    """
    from zdeck.batch import BatchError, BatchSpec
    from zdeck.records import RecordError
    from zdeck.report.tournament import seatings

    check_backend(backend, address)
    rules = build_game(game, players, options)
    names = bot_list(game, bots)
    if rules.players < 2:
        fail(f"{game} is a one-seat game: compare its bots by score with "
             f"`zdeck simulate {game} --bots {','.join(names)} --rotate`")
    if len(names) < 2 or len(set(names)) != len(names):
        fail("a tournament needs two or more different bots")
    cycle = seatings(names, rules.players)
    total = math.ceil(count / len(cycle)) * len(cycle)
    if total != count and not as_json:
        note(f"{total} games: {total // len(cycle)} deals, each in all {len(cycle)} seatings")
    spec = BatchSpec(game, rules.players, dict(rules.options), cycle, total, seed, max_steps, deals=len(cycle),
                     records=records is not None)
    sink = _open(records)
    results: list[GameResult] = []
    stopped, start = None, time.perf_counter()
    try:
        for result in play(spec, workers, backend, address, f"{game} tournament", progress=not as_json):
            results.append(result)
            if sink is not None and result.record is not None:
                sink.write(result.record)
    except KeyboardInterrupt:
        stopped = "interrupted"
    except (BatchError, RecordError) as exc:
        stopped = str(exc)
    finally:
        if sink is not None:
            sink.close()
    summary = _summary(rules.id, rules.players, dict(rules.options), rules.score_order, names, spec, results)
    summary.update(seconds=round(time.perf_counter() - start, 3), stopped=stopped)
    _show(summary, as_json, out_file)
    if stopped == "interrupted":
        raise click.exceptions.Exit(130)
    if stopped is not None:
        fail(stopped)


def _open(path: Path | None) -> RecordWriter | None:
    from zdeck.records import RecordError, RecordWriter

    if path is None:
        return None
    try:
        sink = RecordWriter(path)
    except RecordError as exc:
        fail(str(exc))
    if sink.had_records:
        note(f"{path} already holds records: this tournament's are appended after them")
    return sink


def _summary(game: str, players: int, options: dict[str, Any], order: str, names: list[str], spec: Any,
             results: list[GameResult]) -> dict[str, Any]:
    from zdeck.report import json_ready
    from zdeck.report.tournament import standings

    unfinished = [r.seed for r in results if not r.finished]
    return dict(json_ready({
        "game": game, "players": players, "options": options, "score_order": order, "bots": names,
        "seatings": [list(lineup) for lineup in spec.lineups], "games_asked": spec.count, "games": len(results) -
        len(unfinished), "unfinished": len(unfinished), "unfinished_seeds": unfinished, "seed": spec.seed,
        "rating_model": "OpenSkill Plackett-Luce (mu, sigma; ordinal = mu - 3 sigma)",
        "standings": standings(results, names, order),
    }))


def _show(summary: dict[str, Any], as_json: bool, out_file: Path | None) -> None:
    text = json.dumps(summary)
    if out_file is not None:
        try:
            out_file.write_text(text + "\n", encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write the results to {out_file}: {exc.strerror or exc}")
    if as_json:
        click.echo(text)
        return
    from rich.markup import escape
    from rich.table import Table

    console = out()
    console.print(f"[bold]{escape(summary['game'])}[/] {count(summary['players'], 'player')}, "
                  f"{summary['games']} games ({len(summary['seatings'])} seatings x "
                  f"{summary['games_asked'] // len(summary['seatings'])} deals) in {summary['seconds']} s; "
                  f"{summary['score_order']} scores are better")
    if summary["unfinished"]:
        console.print(f"[yellow]{summary['unfinished']} games not over after --max-steps[/]: in no figure")
    if not summary["games"]:
        console.print("no game finished: no standings to show")
        return
    table = Table("bot", "rating", "win rate [95%]", "mean score", "mean rank", "seats",
                  caption="rating: OpenSkill Plackett-Luce, mean ± sigma; rank 1: a game's best seat")
    for row in summary["standings"]:
        rating, rate = row["rating"], row["win_rate"]
        shown = "-" if rate["value"] is None else f"{_num(rate['value'], 3)} [{_num(rate['low'], 3)}, {_num(rate['high'], 3)}]"
        table.add_row(escape(row["bot"]), f"{rating['mu']:.2f} ± {rating['sigma']:.2f}", shown,
                      _num(row["mean_score"]["value"]), _num(row["mean_rank"]["value"]), str(row["seats"]))
    console.print(table)


def _num(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"
