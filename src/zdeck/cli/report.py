"""`zdeck report`: a balance report - an HTML page with plots and the numbers behind them."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from zdeck.cli.batching import batch_options, check_backend, play
from zdeck.cli.common import bot_list, build_game, fail, game_argument, note, options_option, out, players_option

if TYPE_CHECKING:
    from zdeck.batch import BatchSpec
    from zdeck.core import Game
    from zdeck.report import Extras
    from zdeck.report.tally import SkillTally, Tally

Where = tuple[int | None, str, str | None]


def skill_option(command: Any) -> Any:
    """--skill STRONG,WEAK|off and --skill-games, as report and compare take them."""
    command = click.option("--skill-games", type=click.IntRange(min=1), default=None, metavar="N",
                           help="games of the skill batch [default: --games]")(command)
    return click.option("--skill", "skill", default=None, metavar="STRONG,WEAK|off",
                        help="skill against luck: a strong bot against a weak one [default: the game's best own bot "
                             "against random]; off to skip it")(command)


def by_players_option(command: Any) -> Any:
    return click.option("--by-players", "by_players", default=None, metavar="N,N,...",
                        help="also play the batch at these player counts and show each one's position advantage")(command)


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
@skill_option
@by_players_option
@batch_options
@click.option("--out", "out_dir", type=click.Path(path_type=Path, file_okay=False), default=None, metavar="DIR",
              help="where to write report.html, report.json and the plots [default: report-GAME]")
@click.option("--json", "as_json", is_flag=True, help="also print the numbers as one JSON object")
def command(game: str, players: int | None, count: int, seed: int, bots: str, rotate: bool, options: tuple[str, ...],
            skill: str | None, skill_games: int | None, by_players: str | None, max_steps: int, workers: int | None,
            backend: str, address: str | None, out_dir: Path | None, as_json: bool) -> None:
    """A balance report: seats and positions, skill against luck, length and pace, decisions, drama, stalls
    and ends, the rules in use, the game's own figures, and what this many games can detect.

    Plays the games (on every core, or a Ray cluster) and writes DIR/report.html with its plots and
    DIR/report.json. docs/designers.md explains every figure. Ctrl-C stops the batch and reports the
    games played so far.
    """
    check_backend(backend, address)
    rules = build_game(game, players, options)
    names = bot_list(game, bots)
    pair, skill_note = skill_pair(rules, skill)
    counts = player_counts(game, rules, options, by_players)
    where: Where = (workers, backend, address)
    spec = batch_spec(rules, names, rotate, count, seed, max_steps)
    tally, stopped = play_tally(spec, rules, names, where, progress=not as_json)
    extras, stopped = play_extras(rules, names, rotate, count, seed, max_steps, where, pair, skill_note, counts,
                                  skill_games, not as_json, stopped)
    target = out_dir or Path(f"report-{game}")
    numbers = _write(tally, target, f"{seed}..{seed + count - 1}", extras)
    if as_json:
        from zdeck.report import without_values

        click.echo(json.dumps(without_values(numbers)))
    else:
        _summary(numbers, tally, target)
    finish(stopped, tally, count)


def skill_pair(rules: Game, text: str | None) -> tuple[tuple[str, str] | None, str | None]:
    """The strong and weak bots of the skill batch, or None with the reason."""
    from zdeck.botspecs import bot_names, default_bot

    if text is not None and text.strip().lower() in ("off", "none", "no"):
        return None, "switched off (--skill off)"
    if text is None:
        strong = default_bot(rules.id)
        if strong == "random":
            return None, (f"{rules.id} has no bot of its own stronger than random; --skill ismcts,random measures "
                          "skill with the search bot")
        return (strong, "random"), None
    pair = bot_list(rules.id, text)
    if len(pair) != 2 or pair[0] == pair[1]:
        fail(f"--skill takes two different bots, the stronger first (e.g. --skill {bot_names(rules.id)[-2]},random), "
             "or off")
    return (pair[0], pair[1]), None


def player_counts(game: str, rules: Game, options: tuple[str, ...], text: str | None) -> list[Game]:
    """The games at the other player counts of --by-players (the main count is left out: it is the report's)."""
    if text is None:
        return []
    counts: list[int] = []
    for part in text.replace(" ", ",").split(","):
        if not part:
            continue
        low, dash, high = part.partition("-")
        try:
            span = range(int(low), int(high) + 1) if dash else range(int(low), int(low) + 1)
        except ValueError:
            fail(f"--by-players takes player counts such as 2,3,4 or 2-5, not {part!r}")
        counts += [c for c in span if c not in counts]
    if not counts:
        fail("--by-players needs at least one player count (e.g. 2,3,4)")
    return [build_game(game, c, options) for c in sorted(counts) if c != rules.players]


def batch_spec(rules: Game, names: list[str], rotate: bool, count: int, seed: int, max_steps: int) -> BatchSpec:
    from zdeck.batch import BatchSpec
    from zdeck.sim import seat_bots

    lineups = tuple(tuple(seat_bots(names, rules.players, i, rotate)) for i in range(len(names) if rotate else 1))
    return BatchSpec(rules.id, rules.players, dict(rules.options), lineups, count, seed, max_steps, figures=True)


def play_tally(spec: BatchSpec, rules: Game, names: list[str], where: Where,
               progress: bool, label: str | None = None) -> tuple[Tally, str | None]:
    """The batch played into a Tally; a stop (Ctrl-C, a worker's failure) is returned, not raised, so the
    games played so far are still reported."""
    from zdeck.registry import game_metrics
    from zdeck.report.tally import Tally

    tally = Tally.of(rules, names, game_metrics(rules.id), spec.count, spec.max_steps)
    start = time.perf_counter()
    stopped = _play_into(tally.add, spec, where, label or f"{rules.id} x{spec.count}", progress)
    tally.seconds = time.perf_counter() - start
    return tally, stopped


def _play_into(add: Any, spec: BatchSpec, where: Where, label: str, progress: bool) -> str | None:
    from zdeck.batch import BatchError

    try:
        for result in play(spec, *where, label, progress):
            add(result)
    except KeyboardInterrupt:
        return "interrupted"
    except BatchError as exc:
        return str(exc)
    return None


def play_skill(rules: Game, pair: tuple[str, str], count: int, seed: int, max_steps: int, where: Where,
               progress: bool) -> tuple[SkillTally, str | None]:
    """The skill batch: the strong bot in each seat in turn against the weak one (one seat: each deal twice)."""
    from zdeck.batch import BatchSpec
    from zdeck.report.tally import SkillTally

    skill = SkillTally(pair[0], pair[1], rules.players, rules.score_order, count)
    one = rules.players == 1
    spec = BatchSpec(rules.id, rules.players, dict(rules.options), skill.lineups(), count * 2 if one else count, seed,
                     max_steps, deals=2 if one else 1)
    return skill, _play_into(skill.add, spec, where, f"skill {pair[0]} v {pair[1]} x{count}", progress)


def play_extras(rules: Game, names: list[str], rotate: bool, count: int, seed: int, max_steps: int, where: Where,
                pair: tuple[str, str] | None, skill_note: str | None, counts: list[Game], skill_games: int | None,
                progress: bool, stopped: str | None) -> tuple[Extras, str | None]:
    """The skill batch and the other player counts, unless the main batch was stopped."""
    from zdeck.report import Extras

    extras = Extras(skill_note=skill_note)
    if stopped is not None:
        extras.skill_note = extras.skill_note or "the batch was stopped before the skill batch"
        return extras, stopped
    if pair is not None:
        extras.skill, stopped = play_skill(rules, pair, skill_games or count, seed, max_steps, where, progress)
        if stopped is not None:
            return extras, stopped
    for other in counts:
        spec = batch_spec(other, names, rotate, count, seed, max_steps)
        tally, stopped = play_tally(spec, other, names, where, progress, f"{rules.id} {other.players} players x{count}")
        extras.by_players.append(tally)
        if stopped is not None:
            break
    return extras, stopped


def _write(tally: Tally, target: Path, seeds: str, extras: Extras) -> dict[str, object]:
    from zdeck.report import write_report

    try:
        return write_report(tally, target, seeds, extras)
    except OSError as exc:
        fail(f"cannot write the report to {target}: {exc.strerror or exc}")


def _summary(numbers: dict[str, Any], tally: Tally, target: Path) -> None:
    """A few lines a designer reads before opening the page."""
    from rich.markup import escape

    console = out()
    console.print(f"[bold]{escape(numbers['game'])}[/] {numbers['players']} players, {tally.games} games finished "
                  f"({len(tally.unfinished)} unfinished) in {tally.seconds:.1f} s")
    test = numbers["seat_fairness"]
    if test is not None:
        verdict = (f"[red]seats differ[/] (joint test p = {test['p']:.3g})" if test["p"] < 0.05 else
                   f"no seat shown unfair (p = {test['p']:.2f}); each within ±{100 * test['within']:.1f} points of "
                   f"{100 * test['fair']:.1f}%")
        console.print(f"seats: {verdict}")
    positions = numbers["positions"]
    if positions and positions["hand_fairness"]:
        hand = positions["hand_fairness"]
        console.print(f"hands by position from the {escape(positions['reference'])}: p = {hand['p']:.3g}, each within "
                      f"±{100 * hand['within']:.1f} points of fair")
    minutes = numbers["length"]["minutes"]
    if minutes:
        console.print(f"length: {numbers['length']['decisions']['mean']['value']:.1f} decisions, "
                      f"{minutes['mean']['value']:.1f} minutes at the bots' pace")
    skill = numbers["skill"]
    if skill and skill["n"]:
        idx = skill["index"]
        console.print(f"skill index ({escape(skill['strong'])} against {escape(skill['weak'])}): {idx['value']:.2f} "
                      f"[{idx['low']:.2f}, {idx['high']:.2f}]")
    never = numbers["usage"]["never"]
    if never:
        console.print("never used: " + ", ".join(escape(f"{n['group']} {n['name']}") for n in never))
    console.print(f"[bold]{target / 'report.html'}[/]")


def finish(stopped: str | None, tally: Tally, asked: int) -> None:
    """Say how an early stop left the batch, with the exit status it calls for."""
    if stopped is None:
        return
    played = tally.games + len(tally.unfinished)
    if played < asked:
        note(f"stopped after {played} of {asked} games: the figures are those of the games played")
    else:
        note("stopped after the main batch: the skill figure and other player counts are those of the games played")
    if stopped == "interrupted":
        raise click.exceptions.Exit(130)
    fail(stopped)
