"""The `zdeck` command: list, rules, simulate, play, replay.

A thin client of the kernel contract: it never reaches into a game's internals.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, NoReturn, TextIO

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

import zdeck
from zdeck.core import Game, IllegalAction
from zdeck.records import RecordError, read_records, replay
from zdeck.registry import bot_names, game_class, games, make, make_bot
from zdeck.sim import GameTooLong, Summary, play, seat_bots

app = typer.Typer(add_completion=False, no_args_is_help=True, help="zdeck: play and study the Z card games.")
out = Console()
err = Console(stderr=True)
DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def fail(message: str) -> NoReturn:
    # escaped: messages quote records and actions, whose "[player, action]" rich would eat as markup
    err.print(f"[bold red]error:[/] {escape(message)}", highlight=False)
    raise typer.Exit(2)


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """`--option name=value`; values are read as JSON when they can be (numbers, true, null)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name:
            fail(f"--option expects name=value, got {pair!r}")
        try:
            options[name] = json.loads(raw)
        except json.JSONDecodeError:
            options[name] = raw
    return options


def build_game(game_id: str, players: int | None, options: list[str]) -> Game:
    try:
        return make(game_id, players, **parse_options(options))
    except ValueError as exc:
        fail(str(exc) + _players_hint(game_id, players, str(exc)))


def _players_hint(game_id: str, players: int | None, message: str) -> str:
    """Some games take more seats under an option (ZAR's half decks): say so when the count is refused."""
    try:
        cls = game_class(game_id)
    except ValueError:
        return ""
    if players is not None and f"players={players} " in message and cls.min_players <= players <= cls.max_players:
        return f" with these options; other options allow {_seats(cls)} (see `zdeck rules {game_id}`)"
    return ""


def _seats(cls: Any) -> str:
    return str(cls.min_players) if cls.min_players == cls.max_players else f"{cls.min_players}-{cls.max_players}"


@app.command("list")
def list_games() -> None:
    """Games with their player counts and a one-line description."""
    table = Table("game", "players", "bots", "description")
    for game_id in games():
        cls = game_class(game_id)
        table.add_row(game_id, _seats(cls), ", ".join(bot_names(game_id)), cls.summary)
    out.print(table)


@app.command()
def rules(game: str = typer.Argument(..., help="a game id, see `zdeck list`")) -> None:
    """Show a game's rules (docs/rules/GAME.md), its player counts, bots and `-o` options."""
    try:
        cls = game_class(game)
    except ValueError as exc:
        fail(str(exc))
    path = DOCS / f"{game}.md"
    if not path.is_file():
        fail(f"no rules document at {path}")
    out.print(Markdown(path.read_text(encoding="utf-8")))
    # the options a user passes as `-o name=value`: nowhere else does the CLI name them
    out.print(f"[bold]{escape(game)}[/]: players {_seats(cls)}; bots: {escape(', '.join(bot_names(game)))}")
    if cls.options_spec:
        options = Table("option (-o name=value)", "default", "values", "meaning", title="options")
        for name, spec in cls.options_spec.items():
            values = " | ".join(json.dumps(c) for c in spec.choices) if spec.choices is not None else "see meaning"
            options.add_row(name, json.dumps(spec.default), values, spec.doc)
        out.print(options)
    else:
        out.print("no options")


@app.command()
def simulate(
    game: str = typer.Argument(..., help="a game id, see `zdeck list`"),
    players: int = typer.Option(None, "--players", "-p", help="number of seats"),
    count: int = typer.Option(100, "--games", "-n", min=1, help="how many games"),
    seed: int = typer.Option(0, "--seed", "-s", help="seed of the first game (then seed+1, ...)"),
    bots: str = typer.Option("random", "--bots", "-b", help="bot names per seat, comma-separated (repeats)"),
    rotate: bool = typer.Option(False, "--rotate", help="rotate the bots round the seats each game"),
    option: list[str] = typer.Option([], "--option", "-o", help="a game option name=value (repeatable)"),
    records: Path = typer.Option(None, "--records", help="write every game's record (JSON Lines) here"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object instead of tables"),
) -> None:
    """Play bots against each other and report win rates, scores and speed."""
    rules_ = build_game(game, players, option)
    names = [b.strip() for b in bots.split(",") if b.strip()]
    try:
        for name in set(names):
            make_bot(game, name)
    except ValueError as exc:
        fail(str(exc))
    if not names:
        fail("--bots needs at least one bot name")
    summary = Summary(game, rules_.players, dict(rules_.options), names)
    sink = _open_records(records)
    start = time.perf_counter()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=err, disable=as_json or count < 20, transient=True) as progress:
        task = progress.add_task(f"{game} x{count}", total=count)
        for index in range(count):
            seated = seat_bots(names, rules_.players, index, rotate)
            try:
                state, record = play(rules_, [make_bot(game, n) for n in seated], seed + index)
            except GameTooLong as exc:
                fail(str(exc))
            assert record is not None
            summary.add(state, record)
            if sink is not None:
                sink.write(record.to_json() + "\n")
            progress.advance(task)
    summary.seconds = time.perf_counter() - start
    if sink is not None:
        sink.close()
    _report(summary.as_dict(), as_json)


def _open_records(path: Path | None) -> TextIO | None:
    if path is None:
        return None
    try:
        return path.open("w", encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write records to {path}: {exc}")


def _report(result: dict[str, Any], as_json: bool) -> None:
    if as_json:
        out.print_json(json.dumps(result))
        return
    out.print(f"[bold]{escape(result['game'])}[/] {result['players']} players, "
              f"options {escape(str(result['options']))}")
    out.print(f"{result['games']} games in {result['seconds']} s ({result['games_per_second']} games/s); "
              f"mean {result['mean_plies']} plies, {result['mean_rounds']} rounds")
    seats = Table("seat", "win rate", "mean score")
    for seat, (w, s) in enumerate(zip(result["win_rate_per_seat"], result["mean_score_per_seat"])):
        seats.add_row(str(seat), f"{w:.3f}", f"{s:.2f}")
    out.print(seats)
    per_bot = Table("bot", "win rate per seat played")
    for name, rate in result["win_rate_per_bot"].items():
        per_bot.add_row(name, f"{rate:.3f}")
    out.print(per_bot)


@app.command("replay")
def replay_cmd(
    file: Path = typer.Argument(..., help="a JSON Lines file of game records"),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="only check, do not print each move"),
) -> None:
    """Re-apply every recorded action; fail loudly on any divergence."""
    number = 0
    try:
        for number, record in enumerate(read_records(file), 1):
            out.print(f"[bold]game {number}[/]: " + escape(f"{record.game}, {record.players} players, "
                      f"seed {record.seed}, options {record.options}"), highlight=False)
            if record.version != zdeck.__version__:
                err.print(f"[yellow]note:[/] game {number} was recorded by zdeck {escape(record.version)}; "
                          f"this is zdeck {zdeck.__version__}", highlight=False)
            state = replay(record, on_step=None if quiet else _print_step)
            out.print(f"  scores {state.scores()}, winners {state.winners()}, rounds {state.round()}",
                      highlight=False)
    except RecordError as exc:
        fail(str(exc))
    if number == 0:  # an empty file replays "successfully" otherwise, checking nothing
        fail(f"{file} holds no game records")


def _print_step(index: int, state: Any, entry: list[Any], outcome: Any) -> None:
    who = "table" if entry[0] is None else f"P{entry[0]}"
    late = f"  ({outcome.value}, answered v{entry[2]})" if len(entry) == 3 and outcome is not None else ""
    out.print(escape(f"  {index + 1:>4} r{state.round()} {who:>5}  {entry[1]}{late}"), highlight=False)


@app.command("play")
def play_cmd(
    game: str = typer.Argument("zipzap", help="a game id, see `zdeck list`"),
    players: int = typer.Option(None, "--players", "-p", help="number of seats"),
    seat: int = typer.Option(0, "--seat", help="your seat"),
    bots: str = typer.Option("", "--bots", "-b", help="bots for the other seats (default: the game's best)"),
    seed: int = typer.Option(None, "--seed", "-s", help="seed (default: from the clock)"),
    speed: float = typer.Option(1.0, "--speed", min=0.0, help="bots' reaction-time multiplier (2 = twice as slow)"),
    watch: bool = typer.Option(False, "--watch", help="bots play every seat; you watch"),
    option: list[str] = typer.Option([], "--option", "-o", help="a game option name=value (repeatable)"),
    record: Path = typer.Option(None, "--record", help="append the game's record to this JSON Lines file"),
) -> None:
    """Play one seat against bots in the terminal (races run on a real clock)."""
    from zdeck.table import LiveTable  # the live loop is only needed here

    rules_ = build_game(game, players, option)
    if not watch and not 0 <= seat < rules_.players:
        fail(f"--seat {seat} is not a seat of this game (0..{rules_.players - 1})")
    names = [b.strip() for b in bots.split(",") if b.strip()] or [bot_names(game)[-1]]
    try:
        live = LiveTable(rules_, None if watch else seat, names, seed, speed, out)
    except ValueError as exc:
        fail(str(exc))
    try:
        final = live.run()
    except KeyboardInterrupt:  # Ctrl-C leaves the table like 'q': the record so far is still kept
        final = None
    if record is not None and live.record is not None:
        with record.open("a", encoding="utf-8") as sink:
            sink.write(live.record.to_json() + "\n")
    if final is None:
        out.print("game left before its end")


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on (0.0.0.0: every interface)"),
    port: int = typer.Option(8000, help="port to listen on"),
    db: str = typer.Option(None, help="SQLAlchemy URL (default: an SQLite file in the user's data directory)"),
) -> None:
    """Start the game server: a lobby and live tables in the browser (docs/protocol.md)."""
    from zdeck.server import serve as run_server  # the server's libraries load only here

    run_server(host, port, db)


def main() -> None:
    try:
        app()
    except IllegalAction as exc:  # a rules refusal that escaped a command is still a clear error
        err.print(f"[bold red]error:[/] {exc}")
        raise SystemExit(2) from None
