"""`zdeck compare`: rule variants side by side, on the same seeds, with paired differences."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import click

from zdeck.cli.batching import batch_options, check_backend
from zdeck.cli.common import bot_list, build_game, fail, game_argument, options_option, out, players_option
from zdeck.cli.report import batch_spec, finish, play_tally

if TYPE_CHECKING:
    from zdeck.core import Game
    from zdeck.report.tally import Tally

DEFAULTS = ("", "default", "defaults")  # a variant that changes nothing: the rules as -o sets them


def variant_options(text: str) -> list[str]:
    """'target=600 rounds=2' or 'target=600,rounds=2' -> ['target=600', 'rounds=2']."""
    if text.strip().lower() in DEFAULTS:
        return []
    return [part for part in re.split(r"[\s,]+", text.strip()) if part]


@click.command()
@game_argument()
@players_option
@click.option("--variant", "-V", "variants", multiple=True, metavar="NAME=VALUE[,...]",
              help="a rule variant: options on top of -o (\"defaults\" for none); give two or more")
@click.option("--games", "-n", "count", type=click.IntRange(min=1), default=1000, show_default=True, metavar="N",
              help="games per variant, on the same seeds")
@click.option("--seed", "-s", type=int, default=0, show_default=True, metavar="SEED",
              help="seed of the first game (then seed+1, ...)")
@click.option("--bots", "-b", default="random", show_default=True, metavar="NAMES",
              help="bot names per seat, comma-separated; the list repeats round the table")
@click.option("--rotate", is_flag=True, help="shift the bots one seat round the table each game")
@options_option
@batch_options
@click.option("--out", "out_dir", type=click.Path(path_type=Path, file_okay=False), default=None, metavar="DIR",
              help="where to write compare.html, compare.json and the plots [default: compare-GAME]")
@click.option("--json", "as_json", is_flag=True, help="also print the numbers as one JSON object")
def command(game: str, players: int | None, variants: tuple[str, ...], count: int, seed: int, bots: str,
            rotate: bool, options: tuple[str, ...], max_steps: int, workers: int | None, backend: str,
            address: str | None, out_dir: Path | None, as_json: bool) -> None:
    """Compare rule variants: the report's figures for each, and each one's difference from the first.

    Every variant plays the same seeds with the same bots, so a difference is the rules' doing; it is
    the mean of the game-by-game differences with their 95% interval (normal approximation of paired
    differences). Example: zdeck compare zopzoo -p 3 --variant target=800 --variant target=600
    """
    check_backend(backend, address)
    if len(variants) < 2:
        fail("compare needs two or more --variant (e.g. --variant target=800 --variant target=600; "
             "--variant defaults for the rules as they are)")
    games = [_variant_game(game, players, options, text) for text in variants]
    if len({g.players for g in games}) > 1:
        fail("the variants seat different numbers of players: give -p N")
    names = bot_list(game, bots)
    labels = [text.strip() or "defaults" for text in variants]
    tallies: list[Tally] = []
    stopped = None
    for rules, label in zip(games, labels):
        spec = batch_spec(rules, names, rotate, count, seed, max_steps)
        tally, stopped = play_tally(spec, rules, names, (workers, backend, address), not as_json, f"{label} x{count}")
        tallies.append(tally)
        if stopped is not None:
            break
    if len(tallies) < 2:
        finish(stopped or "interrupted", tallies[0], count)
    target = out_dir or Path(f"compare-{game}")
    result = _write(tallies, labels[:len(tallies)], target, f"{seed}..{seed + count - 1}")
    if as_json:
        click.echo(json.dumps(result))
    else:
        _print(result, target)
    finish(stopped, tallies[-1], count)


def _variant_game(game: str, players: int | None, options: tuple[str, ...], text: str) -> Game:
    pairs = [*options, *variant_options(text)]
    return build_game(game, players, pairs)


def _write(tallies: list[Tally], labels: list[str], target: Path, seeds: str) -> dict[str, object]:
    from zdeck.report import write_comparison

    try:
        return write_comparison(tallies, labels, target, seeds)
    except OSError as exc:
        fail(f"cannot write the comparison to {target}: {exc.strerror or exc}")


def _print(result: dict[str, object], target: Path) -> None:
    """The figures that changed, one line each, and where the page is."""
    from rich.markup import escape

    console = out()
    labels = [v["label"] for v in result["variants"]]  # type: ignore[attr-defined]
    changed = 0
    for row in result["differences"]:  # type: ignore[attr-defined]
        for label, diff in zip(labels[1:], row["differences"]):
            if diff is not None and diff["significant"]:
                d = diff["difference"]
                console.print(f"{escape(row['figure'])}: {escape(label)} {d['value']:+.3g} "
                              f"[{d['low']:+.3g}, {d['high']:+.3g}] against {escape(labels[0])}")
                changed += 1
    if not changed:
        console.print("no figure differs between the variants at 95% confidence")
    console.print(f"[bold]{target / 'compare.html'}[/]")
