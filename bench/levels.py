"""Measure each game's bot levels (docs/bots.md, Levels) and write them into the game's `table.json` (`--write`):

1. **The ladder**: each level against the level below it, head to head (`zdeck tournament` of the two, every deal
   in both seatings, `--workers 1`), in batches of doubling size (`--first`, 2x, 4x ... up to `--most` games),
   stopping once the 99% Wilson interval of the upper level's share of games finished ahead excludes one half
   (a looser 95% at a single look would be fooled by the repeated looks). Each step is recorded with its games,
   its share, its 95% interval and whether it separated.
2. **The newcomer**: the newcomer proxy against easy, medium and hard (`--pairs` games each); the default level is
   the one the newcomer finishes ahead of nearest half the time.
3. **Ratings**: OpenSkill (Plackett-Luce) ratings of the four levels and the newcomer, fed every game of 1 and 2
   (interleaved, in a fixed order: the same runs give the same ratings).

Solo (one seat) has no opponent: every level plays the same deals (`zdeck simulate zoker-solo -b LEVEL -n N -s
SEED`), and the ladder compares mean scores deal by deal (a paired difference with its 95% interval).

    nice -n 19 .venv/bin/python bench/levels.py zar --out /tmp/levels            # run and show
    .venv/bin/python bench/levels.py zar --out /tmp/levels --write              # (again: reuses the runs kept)
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Any

import zdeck
from zdeck.batch.stats import wilson
from zdeck.live.gamedata import LEVELS, table_data
from zdeck.records import read_records

# A short table of each game, the one the levels are measured at: two seats (three for Zoop, its least), one
# round or hand (a long match is more of the same; docs/bots.md, Strength, measured the search the same way).
TABLES: dict[str, tuple[int, list[str]]] = {
    "zipzap": (2, ["rounds=1"]),
    "zoop": (3, []),
    "zopzoo": (2, ["target=1"]),
    "zar": (2, ["hands=1"]),
    "zoker-memo": (2, []),
    "zoker-tiko": (2, []),
    "zoker-kubo": (2, []),
    "zoker-solo": (1, []),
}
STEPS = tuple(pairwise(LEVELS))  # (lower, upper): easy-medium, medium-hard, hard-strongest (a game may have no
# strongest: where the search does not play measurably better than the game's own bot, the two are one level)
STOP_Z = 2.576  # the ladder stops once the 99% interval excludes one half
NEWCOMER_SEED = 10_000  # the newcomer's games; the ladder's steps start at --seed, 100,000 apart
STEP_SEEDS = 100_000


# The step to `strongest` as docs/bots.md (Strength) measured it, for `--strongest-from-docs`: the search (`ismcts`,
# the game's SEARCH_SETTING) against the game's own bot (its `hard`), two seats, the seat moving round, seeds from
# 1,000,000, on 2026-11-27 at a load average of 13 to 23. A search is the dear part of the ladder on a shared
# machine; these are the very two bot specs at the same table.
STRENGTH: dict[str, dict[str, Any]] = {
    "zoker-tiko": {"games": 150, "ahead": 0.690, "low": 0.612, "high": 0.758},
    "zoker-kubo": {"games": 200, "ahead": 0.598, "low": 0.528, "high": 0.663},
}
STRENGTH_COMMAND = ("sh bench/strength_runs.sh OUT.jsonl a & sh bench/strength_runs.sh OUT.jsonl b; wait; "
                    ".venv/bin/python bench/strength.py --table OUT.jsonl")


def from_docs(game: str) -> dict[str, Any]:
    found = STRENGTH[game]
    looked = wilson(found["ahead"] * found["games"], found["games"], z=STOP_Z)
    return {"over": "hard", "games": found["games"], "pairs": found["games"], "ahead": found["ahead"],
            "low": found["low"], "high": found["high"], "separated": looked.low > 0.5 or looked.high < 0.5,
            "seed": 1_000_000, "command": STRENGTH_COMMAND, "source": "docs/bots.md, Strength", "seconds": None,
            "load": 18.0, "date": "2026-11-27", "runs": []}


def specs(game: str) -> dict[str, str]:
    data = table_data(game)
    named = {level.name: level.bot for level in data.levels}
    if data.newcomer is not None:
        named["newcomer"] = data.newcomer.bot
    return named


def zdeck_command(*args: str) -> list[str]:
    return [str(Path(sys.executable).with_name("zdeck")), *args]


def tournament(game: str, bots: list[str], games: int, seed: int, out: Path, name: str) -> dict[str, Any]:
    """`zdeck tournament` of these bot specs (kept in `out`: a second call reuses it), with how it was run."""
    players, options = TABLES[game]
    out.mkdir(parents=True, exist_ok=True)
    result, records = out / f"{name}.json", out / f"{name}.jsonl"
    if result.exists():
        kept = json.loads(result.read_text())
        if f" -b {','.join(bots)} " not in kept["measured"]["command"]:
            raise SystemExit(f"{result} was run with other bots ({kept['measured']['command']}): use another --out")
        return dict(kept)
    records.unlink(missing_ok=True)
    command = zdeck_command("tournament", game, "-p", str(players), "-b", ",".join(bots), "-n", str(games),
                            "-s", str(seed), *[part for option in options for part in ("-o", option)],
                            "--workers", "1", "--json", "--records", str(records), "--out", str(result))
    started, load = time.time(), os.getloadavg()[0]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    kept = json.loads(result.read_text())
    kept["measured"] = {"command": " ".join(["zdeck", *command[1:-5]]), "seconds": round(time.time() - started),
                        "load": round((load + os.getloadavg()[0]) / 2, 1), "seed": seed, "players": players,
                        "options": options, "date": time.strftime("%Y-%m-%d", time.gmtime()),
                        "records": str(records)}
    result.write_text(json.dumps(kept) + "\n")
    return dict(kept)


def marks(game: str, records: list[Path], one: str, other: str) -> list[float]:
    """For every table where bot `one` and bot `other` sat, whether `one`'s seat finished ahead of `other`'s (a
    tie: half), seat pair by seat pair."""
    order = zdeck.make(game).score_order
    found: list[float] = []
    for path in records:
        for record in read_records(path):
            if record.scores is None:
                continue
            winners = set(record.winners or [])
            for me, mine in enumerate(record.bots):
                for seat, theirs in enumerate(record.bots):
                    if mine != one or theirs != other:
                        continue
                    if (me in winners) != (seat in winners):
                        found.append(1.0 if me in winners else 0.0)
                    else:
                        a, b = record.scores[me], record.scores[seat]
                        found.append(0.5 if a == b else float(a > b if order == "higher" else a < b))
    return found


def share(found: list[float]) -> dict[str, Any]:
    estimate = wilson(sum(found), len(found))
    return {"pairs": len(found), "ahead": round(estimate.value, 3), "low": round(estimate.low, 3),
            "high": round(estimate.high, 3)}


def step(game: str, names: dict[str, str], lower: str, upper: str, seed: int, out: Path, first: int,
         most: int) -> dict[str, Any]:
    """One step of the ladder: `upper` against `lower` in batches of doubling size until the 99% interval of
    `upper`'s share excludes one half, or `most` games were played."""
    played, runs = 0, []
    while played < most:
        count = min(max(first, played), most - played)
        runs.append(tournament(game, [names[lower], names[upper]], count, seed + played // 2, out,
                               f"{game}-{upper}-over-{lower}-{played}"))
        played += runs[-1]["games"]
        found = marks(game, [Path(run["measured"]["records"]) for run in runs], names[upper], names[lower])
        looked = wilson(sum(found), len(found), z=STOP_Z)
        if looked.low > 0.5 or looked.high < 0.5:
            break
    games = sum(run["games"] for run in runs)
    return {"over": lower, "games": games, **share(found), "separated": looked.low > 0.5 or looked.high < 0.5,
            "seed": seed, "command": runs[0]["measured"]["command"].replace(f"-n {runs[0]['games']} ", "-n N "),
            "seconds": sum(run["measured"]["seconds"] for run in runs),
            "load": round(sum(run["measured"]["load"] for run in runs) / len(runs), 1),
            "date": runs[-1]["measured"]["date"], "runs": [run["measured"]["records"] for run in runs]}


def rate(game: str, names: dict[str, str], runs: list[list[Path]]) -> dict[str, dict[str, float]]:
    """OpenSkill ratings of the named bots from every game of these runs, interleaved: one game of each run in
    turn (a run's games alone would first move only its two bots)."""
    from zdeck.batch.figures import ranks
    from zdeck.report.tournament import Ratings

    order = zdeck.make(game).score_order
    by_spec = {spec: name for name, spec in names.items()}
    streams = [[record for path in paths for record in read_records(path) if record.scores is not None]
               for paths in runs]
    ratings = Ratings()
    for index in range(max(map(len, streams), default=0)):
        for stream in streams:
            if index < len(stream):
                record = stream[index]
                ratings.update([by_spec[bot] for bot in record.bots],
                               ranks(record.scores or [], record.winners or [], order))
    return {name: {"mu": round(ratings.rating(name).mu, 2), "sigma": round(ratings.rating(name).sigma, 2)}
            for name in names if name in ratings.ratings}  # (a level that played no game has no rating)


SEARCHES = ("ismcts", "solver")  # Solo's searching bots: the dear ones, played on fewer deals (`--search-deals`)


def solo(game: str, names: dict[str, str], deals: int, searched: int, seed: int, out: Path) -> dict[str, Any]:
    """Solo's levels and the newcomer on the same deals (a search on the first `searched` of them), one `zdeck
    simulate` each; means and the ladder's paired differences, deal by deal."""
    out.mkdir(parents=True, exist_ok=True)
    scores: dict[str, dict[int, float]] = {}
    seconds, loads = 0.0, []
    for name, spec in names.items():
        games = searched if spec.partition(":")[0] in SEARCHES else deals
        records = out / f"{game}-{name}-{seed}-{games}.jsonl"
        how = records.with_suffix(".json")  # its seconds and load, for a later run that reuses it
        if not how.exists():
            started, load = time.time(), os.getloadavg()[0]
            subprocess.run(zdeck_command("simulate", game, "-b", spec, "-n", str(games), "-s", str(seed),
                                         "--workers", "1", "--records", str(records)),
                           check=True, stdout=subprocess.DEVNULL)
            how.write_text(json.dumps({"bot": spec, "seconds": round(time.time() - started),
                                       "load": round((load + os.getloadavg()[0]) / 2, 1)}) + "\n")
        kept = json.loads(how.read_text())
        if kept["bot"] != spec:
            raise SystemExit(f"{records} was played by {kept['bot']}, not {spec}: use another --out")
        seconds += kept["seconds"]
        loads.append(kept["load"])
        scores[name] = {record.seed: record.scores[0] for record in read_records(records) if record.scores}
    means = {name: {"games": found["games"], "mean_score": found["mean"], "half_width": found["half_width"]}
             for name, found in ((name, mean_of(list(found.values()))) for name, found in scores.items())}
    ladder = {}
    for lower, upper in STEPS:
        common = sorted(set(scores[lower]) & set(scores[upper]))
        difference = mean_of([scores[upper][deal] - scores[lower][deal] for deal in common])
        low, high = difference["mean"] - difference["half_width"], difference["mean"] + difference["half_width"]
        ladder[upper] = {"over": lower, "games": len(common), "difference": difference["mean"],
                         "low": round(low, 2), "high": round(high, 2), "separated": low > 0 or high < 0}
    newcomer = {}
    for level in ("easy", "medium", "hard"):
        common = sorted(set(scores["newcomer"]) & set(scores[level]))
        newcomer[level] = {**share([0.5 if scores["newcomer"][deal] == scores[level][deal] else
                                    float(scores["newcomer"][deal] > scores[level][deal]) for deal in common]),
                           "games": len(common)}
    return {"game": game, "means": means, "ladder": ladder, "newcomer_ahead": newcomer,
            "measured": {"command": f"zdeck simulate {game} -b LEVEL -n DEALS -s {seed} --workers 1",
                         "seed": seed, "games": deals, "search_games": searched, "date": time.strftime("%Y-%m-%d", time.gmtime()),
                         "seconds": round(seconds), "load": round(sum(loads) / len(loads), 1) if loads else None}}


def mean_of(values: list[float]) -> dict[str, Any]:
    mean = sum(values) / len(values)
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1))
    return {"games": len(values), "mean": round(mean, 2), "half_width": round(1.96 * spread / math.sqrt(len(values)), 2)}


def measure(game: str, args: argparse.Namespace) -> dict[str, Any]:
    names = specs(game)
    if TABLES[game][0] == 1:
        return solo(game, names, args.pairs, args.search_deals, args.seed, args.out)
    ladder = {upper: step(game, names, lower, upper, args.seed + number * STEP_SEEDS, args.out,
                          args.first_strongest if upper == "strongest" else args.first,
                          args.most_strongest if upper == "strongest" else args.most)
              for number, (lower, upper) in enumerate(STEPS)
              if lower in names and upper in names and not (args.without_strongest and upper == "strongest")
              and not (args.strongest_from_docs and upper == "strongest")}
    if args.strongest_from_docs and "strongest" in names:
        ladder["strongest"] = from_docs(game)
    newcomer = {}
    for level in ("easy", "medium", "hard"):
        run = tournament(game, [names["newcomer"], names[level]], args.pairs, NEWCOMER_SEED, args.out,
                         f"{game}-newcomer-{level}")
        records = Path(run["measured"]["records"])
        newcomer[level] = {**share(marks(game, [records], names["newcomer"], names[level])), "games": run["games"],
                           "seed": NEWCOMER_SEED, "command": run["measured"]["command"],
                           "load": run["measured"]["load"], "seconds": run["measured"]["seconds"],
                           "date": run["measured"]["date"]}
    runs = [[Path(path) for path in found["runs"]] for found in ladder.values()]
    runs += [[Path(args.out / f"{game}-newcomer-{level}.jsonl")] for level in newcomer]
    return {"game": game, "ladder": ladder, "newcomer_ahead": newcomer, "ratings": rate(game, names, runs)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", choices=sorted(TABLES))
    parser.add_argument("--first", type=int, default=200, help="games of a ladder step's first batch")
    parser.add_argument("--most", type=int, default=12_800, help="games of a ladder step at most")
    parser.add_argument("--first-strongest", type=int, default=100, help="games of its first batch")
    parser.add_argument("--without-strongest", action="store_true", help="leave that step out (for now: a later "
                                                                        "run plays it and reuses the rest)")
    parser.add_argument("--strongest-from-docs", action="store_true", help="that step as docs/bots.md (Strength) "
                                                                          "measured it (Tiko, Kubo)")
    parser.add_argument("--most-strongest", type=int, default=800,
                        help="games of the step to `strongest` at most (a search: the dear one)")
    parser.add_argument("--pairs", type=int, default=400, help="games of the newcomer against each level (Solo: "
                                                                "deals each level plays)")
    parser.add_argument("--search-deals", type=int, default=100, help="Solo: deals a searching level plays")
    parser.add_argument("--seed", type=int, default=0, help="the ladder's first seed (its steps 100,000 apart)")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--write", action="store_true", help="write the figures into each game's table.json")
    parser.add_argument("--table", action="store_true", help="only print the figures kept in each game's "
                                                             "table.json, as docs/bots.md shows them")
    args = parser.parse_args()
    if args.table:
        print(figures_table(args.games))
        return
    for game in args.games:
        report = measure(game, args)
        print(json.dumps(report, indent=1), flush=True)
        if args.write:
            write(game, report)


def figures_table(games: list[str]) -> str:
    """The levels' figures kept in table.json, a row a game: each step's share (Solo: the mean score's gain) with
    its 95% interval and games, the ratings, the newcomer's shares and the default level."""
    def step(found: dict[str, Any]) -> str:
        if "difference" in found:
            return f"{found['difference']:+.1f} ({found['low']:+.1f} to {found['high']:+.1f}), {found['games']:,}"
        mark = "" if found["separated"] else " (not separated)"
        return f"{found['ahead']:.3f} ({found['low']:.3f}-{found['high']:.3f}), {found['games']:,}{mark}"

    rows = [("| game | medium over easy | hard over medium | strongest over hard | ratings: easy, medium, hard, "
             "strongest (newcomer) | newcomer ahead of easy, medium, hard | default | load |"),
            "|---|---|---|---|---|---|---|---|"]
    for game in games:
        folder = zdeck.registry.game_class(game).__module__.rpartition(".")[0]
        data = json.loads(resources.files(folder).joinpath("table.json").read_text())
        ladder = data.get("ladder", {})
        steps = [step(ladder[name]) if name in ladder else "-" for name in LEVELS[1:]]
        if data.get("ratings"):
            ratings = data["ratings"]
            rated = ", ".join(f"{ratings[name]['mu']:.1f}" for name in LEVELS if name in ratings)
            rated += f" ({ratings['newcomer']['mu']:.1f})"
        else:
            means = data.get("means", {})
            rated = "mean scores " + ", ".join(f"{means[name]['mean_score']:.1f}" for name in LEVELS if name in means)
            rated += f" ({means['newcomer']['mean_score']:.1f})" if "newcomer" in means else ""
        shares = data.get("newcomer_ahead", {})
        ahead = ", ".join(f"{shares[name]['ahead']:.2f}" for name in ("easy", "medium", "hard") if name in shares)
        loads = [found["load"] for found in [*ladder.values(), *shares.values()] if "load" in found]
        loads = loads or [data.get("measured", {}).get("load") or 0.0]
        rows.append(f"| {game} | {' | '.join(steps)} | {rated} | {ahead} | **{data['default_level']}** | "
                    f"{min(loads):.1f}-{max(loads):.1f} |")
    return "\n".join(rows)


def settings() -> str:
    """This run's settings other than the games, where the figures go and whether they are written: what
    reproduces a game's figures (`bench/levels.py GAME <settings> --out DIR`)."""
    kept, skip = [], False
    for word in sys.argv[1:]:
        if skip:
            skip = False
        elif word == "--out":
            skip = True
        elif word not in ("--write", "--table") and (word.startswith("--") or (kept and word not in TABLES)):
            kept.append(word)  # an option, or the value after one (the games come first)
    return "".join(f"{word} " for word in kept)


def write(game: str, report: dict[str, Any]) -> None:
    """The figures into the game's table.json, and the default level: the one the newcomer finishes ahead of
    nearest half the time, head to head (Solo: scores more than on the same deal)."""
    folder = zdeck.registry.game_class(game).__module__.rpartition(".")[0]
    path = Path(str(resources.files(folder).joinpath("table.json")))
    data = json.loads(path.read_text())
    for stale in ("head_to_head", "measured", "means", "ratings", "ladder", "newcomer_ahead"):
        data.pop(stale, None)
    data["ladder"] = {upper: {key: value for key, value in found.items() if key != "runs"}
                      for upper, found in report["ladder"].items()}
    if "ratings" in report:
        data["ratings"] = report["ratings"]
        data["newcomer_ahead"] = report["newcomer_ahead"]
        steps = [*report["ladder"].values(), *report["newcomer_ahead"].values()]
        data["measured"] = {"date": max(found["date"] for found in steps),
                            "games": sum(found["games"] for found in steps),
                            "command": f"nice -n 19 .venv/bin/python bench/levels.py {game} {settings()}--out DIR",
                            "ratings": "OpenSkill (Plackett-Luce) from every game of the ladder and the newcomer's, "
                                       "interleaved",
                            "seconds": sum(found["seconds"] or 0 for found in steps),
                            "load": round(sum(found["load"] for found in steps) / len(steps), 1)}
    else:
        data["means"] = report["means"]
        data["newcomer_ahead"] = report["newcomer_ahead"]
        data["measured"] = report["measured"]
    shares = report["newcomer_ahead"]
    data["default_level"] = min(shares, key=lambda name: abs(shares[name]["ahead"] - 0.5))
    path.write_text(json.dumps(data, indent=2) + "\n")


if __name__ == "__main__":
    main()
