"""Head to head: a bot (ISMCTS by default) against a game's best existing bot, with Wilson 95% intervals.

Run:  nice .venv/bin/python bench/strength.py zipzap --bot ismcts:iters=300 --games 200 [-o rounds=1]
      nice .venv/bin/python bench/strength.py zoop -p 3 --games 240 --bot ismcts:iters=200
      nice .venv/bin/python bench/strength.py zoker-solo --games 200 --bot ismcts:iters=200   # mean scores

The bot under test takes one seat and the opponent (default: the game's `default_bot`, its strongest own
bot) every other seat; the test bot's seat moves round from game to game (seat = game index mod seats),
and game k uses seed `--seed + k`, so a run replays exactly with an iteration budget. A win is a sole win;
a shared win counts as its share (1/k between k winners). A one-seat game (Solo) is compared by score
instead: each seed is played by both bots, and the mean difference is shown with a 95% t-interval.
Every decision of the test bot is timed on this process's CPU clock (its cost, whatever else the machine
runs; the wall clock's mean is given beside); `--json` prints one line.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any

import zdeck
from zdeck.bots import Bot
from zdeck.botspecs import default_bot, make_bot
from zdeck.core import Action, State
from zdeck.rng import Rng
from zdeck.sim import play

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (successes may be fractional: shared wins)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


class Timed:
    """A bot whose every decision is timed, on the CPU clock of this process (what the decision costs,
    whatever else the machine runs) and on the wall clock, passing everything through."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.name, self.reaction_ms, self.wants_view = bot, bot.name, bot.reaction_ms, bot.wants_view
        self.recalls = getattr(bot, "recalls", False)
        self.seconds: list[float] = []
        self.wall: list[float] = []
        if hasattr(bot, "reset"):
            self.reset = bot.reset

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng,
            view: State | None = None) -> Action | None:
        start, wall = time.process_time(), time.perf_counter()
        action = self.bot.act(observation, legal_actions, rng, view=view)
        self.seconds.append(time.process_time() - start)
        self.wall.append(time.perf_counter() - wall)
        return action


def head_to_head(game: zdeck.Game, bot: str, opponent: str, games: int, seed: int,
                 progress: bool) -> dict[str, Any]:
    wins = 0.0
    timed = Timed(make_bot(game.id, bot))
    for k in range(games):
        seat = k % game.players
        bots: list[Any] = [make_bot(game.id, opponent) for _ in range(game.players)]
        bots[seat] = timed
        state, _ = play(game, bots, seed + k, keep_record=False)
        winners = state.winners()
        wins += 1.0 / len(winners) if seat in winners else 0.0
        if progress:
            print(f"\r{k + 1}/{games}: {wins / (k + 1):.3f}", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    low, high = wilson(wins, games)
    return {"games": games, "wins": wins, "win_rate": round(wins / games, 4), "wilson95": [round(low, 4), round(high, 4)],
            "fair_share": round(1 / game.players, 4), **_timing(timed)}


def solo_scores(game: zdeck.Game, bot: str, opponent: str, games: int, seed: int, progress: bool) -> dict[str, Any]:
    timed = Timed(make_bot(game.id, bot))
    mine, theirs = [], []
    for k in range(games):
        mine.append(play(game, [timed], seed + k, keep_record=False)[0].scores()[0])
        theirs.append(play(game, [make_bot(game.id, opponent)], seed + k, keep_record=False)[0].scores()[0])
        if progress:
            print(f"\r{k + 1}/{games}: {statistics.fmean(mine):.2f} vs {statistics.fmean(theirs):.2f}", end="",
                  file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    return {"games": games, **_score_figures(mine, theirs), **_timing(timed)}


def _score_figures(mine: list[float], theirs: list[float]) -> dict[str, Any]:
    diffs = [a - b for a, b in zip(mine, theirs)]
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    mean = statistics.fmean(diffs)
    return {"mean": round(statistics.fmean(mine), 3), "opponent_mean": round(statistics.fmean(theirs), 3),
            "mean_difference": round(mean, 3), "difference95": [round(mean - half, 3), round(mean + half, 3)],
            "scores": mine, "opponent_scores": theirs}


def _timing(timed: Timed) -> dict[str, Any]:
    """CPU seconds per decision that searched (a lone legal action is answered at once, and a bot that
    does not search takes microseconds: both would hide the cost), and the wall clock's mean beside."""
    thinking = [k for k, s in enumerate(timed.seconds) if s > 0.001] or [0]
    cpu = [timed.seconds[k] if timed.seconds else 0.0 for k in thinking]
    wall = [timed.wall[k] if timed.wall else 0.0 for k in thinking]
    return {"decisions": len(timed.seconds), "searched": len(thinking), **_cpu_figures(cpu),
            "mean_decision_wall_s": round(statistics.fmean(wall), 4), "cpu_s": [round(c, 4) for c in cpu]}


def _cpu_figures(cpu: list[float]) -> dict[str, float]:
    return {"mean_decision_cpu_s": round(statistics.fmean(cpu), 4),
            "p95_decision_cpu_s": round(sorted(cpu)[int(0.95 * (len(cpu) - 1))], 4), "max_decision_cpu_s": round(max(cpu), 4)}


def merged(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Runs of the same match on consecutive seeds (chunks run side by side: game k of a run is seed + k, and
    a chunk of a whole number of rounds of seats keeps every game's seating) as the one run they add up to."""
    out: list[dict[str, Any]] = []
    for row in sorted(rows, key=lambda r: (json.dumps([r["game"], r["players"], r["options"], r["bot"], r["opponent"]]),
                                            r.get("seed", 0))):
        last = out[-1] if out else None
        same = last is not None and all(last[k] == row[k] for k in ("game", "players", "options", "bot", "opponent"))
        if not (same and last is not None and last.get("seed", 0) + last["games"] == row.get("seed", 0)
                and last["games"] % row["players"] == 0 and "cpu_s" in last and "cpu_s" in row):
            out.append(dict(row))
            continue
        last["games"] += row["games"]
        last["seconds"] = round(last["seconds"] + row["seconds"], 1)
        last["cpu_s"] = last["cpu_s"] + row["cpu_s"]
        last.update(_cpu_figures(last["cpu_s"]), decisions=last["decisions"] + row["decisions"],
                    searched=last["searched"] + row["searched"])
        if "wins" in last:
            last["wins"] += row["wins"]
            low, high = wilson(last["wins"], last["games"])
            last.update(win_rate=round(last["wins"] / last["games"], 4), wilson95=[round(low, 4), round(high, 4)])
        else:
            last.update(_score_figures(last["scores"] + row["scores"], last["opponent_scores"] + row["opponent_scores"]))
    return out


def markdown_table(path: str) -> str:
    """The strength table of docs/bots.md from the JSON lines the runs wrote (`--table FILE`), chunks of a run
    on consecutive seeds merged into it."""
    head = "| game | table | ISMCTS setting | opponent | games (seeds) | result | 95% interval | CPU s / decision: mean, p95 |"
    rows = [head, "|---|---|---|---|---|---|---|---|"]
    with open(path, encoding="utf-8") as lines:
        runs = merged([json.loads(line) for line in lines if line.strip()])
    for r in runs:
        defaults = zdeck.make(r["game"], r["players"]).options
        options = ", ".join(f"{k}={v}" for k, v in r["options"].items() if defaults.get(k) != v)
        table = f"{r['players']} seat{'s' if r['players'] > 1 else ''}" + (f", {options}" if options else "")
        if "win_rate" in r:
            result = f"{100 * r['win_rate']:.1f}% wins (fair share {100 * r['fair_share']:.0f}%)"
            interval = f"{100 * r['wilson95'][0]:.1f}-{100 * r['wilson95'][1]:.1f}%"
        else:
            result = f"mean score {r['mean']:.2f} vs {r['opponent_mean']:.2f} (difference {r['mean_difference']:+.2f})"
            interval = f"{r['difference95'][0]:+.2f} to {r['difference95'][1]:+.2f}"
        timing = (f"{r['mean_decision_cpu_s']:.3f}, {r['p95_decision_cpu_s']:.3f}" if "mean_decision_cpu_s" in r
                  else "not timed")
        first = r.get("seed", 0)
        rows.append(f"| {r['game']} | {table} | `{r['bot']}` | {r['opponent']} | {r['games']} "
                    f"({first:,}-{first + r['games'] - 1:,}) | {result} | {interval} | {timing} |")
    return "\n".join(rows)


def parse_options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        options[key] = json.loads(value) if value and value[0] in "0123456789-tfn[{" else value
    return options


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game", nargs="?", help="the game (not with --table)")
    p.add_argument("--table", metavar="FILE", help="print the markdown table of the JSON lines in FILE, and stop")
    p.add_argument("--bot", default="ismcts", help="the bot under test (a spec: ismcts:iters=300)")
    p.add_argument("--opponent", help="default: the game's default (strongest own) bot")
    p.add_argument("-p", "--players", type=int, default=None, help="default: 2 (1 for a one-seat game)")
    p.add_argument("-o", "--option", action="append", default=[], help="a game option, name=value")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="one JSON line (progress still goes to stderr)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = p.parse_args(argv)
    if args.table:
        print(markdown_table(args.table))
        return 0
    if not args.game:
        p.error("name a game (or --table FILE)")
    cls = zdeck.game_class(args.game)
    players = args.players or (1 if cls.max_players == 1 else max(2, cls.min_players))
    game = zdeck.make(args.game, players, **parse_options(args.option))
    opponent = args.opponent or default_bot(args.game)
    start = time.perf_counter()
    if game.players == 1:
        result = solo_scores(game, args.bot, opponent, args.games, args.seed, not args.quiet)
    else:
        result = head_to_head(game, args.bot, opponent, args.games, args.seed, not args.quiet)
    row = {"game": game.id, "players": game.players, "options": game.options, "bot": args.bot, "opponent": opponent,
           "seed": args.seed, "seconds": round(time.perf_counter() - start, 1), **result}
    print(json.dumps(row) if args.json else json.dumps(row, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
