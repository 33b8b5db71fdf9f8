"""`zdeck compare`: rule variants side by side, on the same seeds, with paired differences."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from zdeck.cli.batching import batch_options, check_backend
from zdeck.cli.common import bot_list, build_game, fail, game_argument, options_option, out, players_option
from zdeck.cli.report import (
    Where,
    batch_spec,
    by_players_option,
    finish,
    play_extras,
    play_tally,
    player_counts,
    skill_option,
    skill_pair,
)

if TYPE_CHECKING:
    from zdeck.core import Game
    from zdeck.report import Extras
    from zdeck.report.tally import Tally

DEFAULTS = ("", "default", "defaults")  # a variant that changes nothing: the rules as -o sets them
SHOWN = 24  # at most this many changed figures printed; the page has them all


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
@click.option("--primary", default=None, metavar="FIGURES",
              help="the figures the change is meant to move, comma-separated (e.g. pos_0,minutes,skill): tested as "
                   "one family with Holm's method; all others with Benjamini-Hochberg")
@options_option
@skill_option
@by_players_option
@batch_options
@click.option("--out", "out_dir", type=click.Path(path_type=Path, file_okay=False), default=None, metavar="DIR",
              help="where to write compare.html, compare.json and the plots [default: compare-GAME]")
@click.option("--json", "as_json", is_flag=True, help="also print the numbers as one JSON object")
def command(game: str, players: int | None, variants: tuple[str, ...], count: int, seed: int, bots: str,
            rotate: bool, primary: str | None, options: tuple[str, ...], skill: str | None, skill_games: int | None,
            by_players: str | None, max_steps: int, workers: int | None, backend: str, address: str | None,
            out_dir: Path | None, as_json: bool) -> None:
    """Compare rule variants: the report's figures for each, and each one's difference from the first.

    Every variant plays the same seeds with the same bots, so a difference is the rules' doing; it is
    the mean of the game-by-game differences with its 95% interval, and its p-value is adjusted for the
    number of figures compared (Holm for the --primary figures, Benjamini-Hochberg for the rest).
    Example: zdeck compare zopzoo -p 3 --variant target=800 --variant target=600 --primary minutes
    """
    check_backend(backend, address)
    if len(variants) < 2:
        fail("compare needs two or more --variant (e.g. --variant target=800 --variant target=600; "
             "--variant defaults for the rules as they are)")
    games = [_variant_game(game, players, options, text) for text in variants]
    if len({g.players for g in games}) > 1:
        fail("the variants seat different numbers of players: give -p N")
    names = bot_list(game, bots)
    pair, skill_note = skill_pair(games[0], skill)
    primary_names = [p for p in re.split(r"\s*,\s*", primary.strip()) if p] if primary else []
    labels = [text.strip() or "defaults" for text in variants]
    per_count = [player_counts(game, g, (*options, *variant_options(text)), by_players)
                 for g, text in zip(games, variants)]
    _check_primary(games[0], primary_names)
    where: Where = (workers, backend, address)
    tallies: list[Tally] = []
    extras: list[Extras] = []
    stopped = None
    for rules, label, counts in zip(games, labels, per_count):
        spec = batch_spec(rules, names, rotate, count, seed, max_steps)
        tally, stopped = play_tally(spec, rules, names, where, not as_json, f"{label} x{count}")
        tallies.append(tally)
        extra, stopped = play_extras(rules, names, rotate, count, seed, max_steps, where, pair, skill_note, counts,
                                     skill_games, not as_json, stopped)
        extras.append(extra)
        if stopped is not None:
            break
    if len(tallies) < 2:
        finish(stopped or "interrupted", tallies[0], count)
    target = out_dir or Path(f"compare-{game}")
    seeds = f"{seed}..{seed + count - 1}"
    result = _write(tallies, labels[:len(tallies)], target, seeds, primary_names, extras)
    if as_json:
        click.echo(json.dumps(result))
    else:
        _print(result, target, seeds)
    finish(stopped, tallies[-1], count)


def _variant_game(game: str, players: int | None, options: tuple[str, ...], text: str) -> Game:
    pairs = [*options, *variant_options(text)]
    return build_game(game, players, pairs)


def _check_primary(rules: Game, names: list[str]) -> None:
    """Refuse an unknown --primary figure before any game is played."""
    from zdeck.registry import game_metrics
    from zdeck.report import check_primary
    from zdeck.report.tally import figure_keys

    try:
        check_primary(names, figure_keys(rules.players, game_metrics(rules.id)))
    except ValueError as exc:
        fail(str(exc))


def _write(tallies: list[Tally], labels: list[str], target: Path, seeds: str, primary: list[str],
           extras: list[Extras]) -> dict[str, Any]:
    from zdeck.report import write_comparison

    try:
        return write_comparison(tallies, labels, target, seeds, primary, extras)
    except OSError as exc:
        fail(f"cannot write the comparison to {target}: {exc.strerror or exc}")
    except ValueError as exc:
        fail(str(exc))


def _print(result: dict[str, Any], target: Path, seeds: str) -> None:
    """A header naming the variants A, B, ..., then the primary figures and every figure that changed, each
    with A's value beside the others' and their differences from A; the page has every figure."""
    from rich.markup import escape
    from rich.table import Table

    console = out()
    variants = result["variants"]
    letters = [chr(ord("A") + k) for k in range(len(variants))]
    first = variants[0]
    console.print(f"[bold]{escape(first['game'])}[/] {first['players']} players, bots {escape(', '.join(first['bots']))}; "
                  f"{first['games_asked']} games per variant on seeds {seeds}; {first['score_order']} scores are better")
    for letter, v in zip(letters, variants):
        console.print(f"  {letter}{' (base)' if v is first else ''}: {escape(v['label'])} - {v['games']} finished, "
                      f"{v['unfinished']} unfinished; options {escape(json.dumps(v['options']))}")
    rows = result["differences"]
    shown = [r for r in rows if r["primary"] or any(d and d["significant"] for d in r["differences"])]
    tests = sum(1 for r in rows for d in r["differences"] if d and d["adjusted_p"] is not None)
    changed = [r for r in rows if any(d and d["significant"] for d in r["differences"])]
    primary = sum(1 for r in rows if r["primary"])
    console.print(f"{tests} paired tests ({primary} primary, adjusted by Holm; the rest by Benjamini-Hochberg, "
                  f"false discovery rate 5%): {len(changed)} figures changed")
    if shown:
        table = Table("figure", *letters, *(f"{letter} - A [95%]" for letter in letters[1:]), "adj. p", "detectable",
                      caption="* primary figure; red: a change after adjustment; detectable: with 80% power")
        for r in shown[:SHOWN + primary]:
            cells = [("* " if r["primary"] else "") + escape(r["figure"])]
            cells += [_value(v, off) for v, off in zip(r["values"], r["off"])]
            cells += [_diff(d) for d in r["differences"]]
            cells.append(" ".join(_p(d) for d in r["differences"]))
            cells.append(" ".join(_num(d["detectable"]) if d else "-" for d in r["differences"]))
            table.add_row(*cells)
        console.print(table)
        if len(shown) > SHOWN + primary:
            console.print(f"... and {len(shown) - SHOWN - primary} more figures that changed: see the page")
    else:
        console.print("no figure changed between the variants after adjusting for the number of figures compared")
    console.print(f"[bold]{target / 'compare.html'}[/]")


def _value(est: dict[str, Any] | None, off: bool) -> str:
    if off:
        return "off"
    if est is None or est.get("value") is None:
        return "-"
    return _num(est["value"])


def _num(value: float | None) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if value != 0 and abs(value) < 0.0005:
        return "< 0.0005" if value > 0 else "> -0.0005"
    return f"{value:.3g}" if abs(value) < 1000 else f"{value:,.0f}"


def _diff(d: dict[str, Any] | None) -> str:
    if d is None:
        return "-"
    diff = d["difference"]
    text = f"{diff['value']:+.3g}"
    if diff.get("low") is not None:
        text += f" [{diff['low']:+.3g}, {diff['high']:+.3g}]"
    return f"[red]{text}[/]" if d["significant"] else text


def _p(d: dict[str, Any] | None) -> str:
    if d is None or d["adjusted_p"] is None:
        return "-"
    return "< 0.001" if d["adjusted_p"] < 0.001 else f"{d['adjusted_p']:.3f}"
