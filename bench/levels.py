"""Rate each game's bot levels (docs/bots.md, Levels): a `zdeck tournament` of the four levels and the newcomer
proxy, then each level's OpenSkill rating, how often the newcomer finishes ahead of it head to head, and the
level a newcomer beats nearest half the time - written into the game's `table.json` with `--write`.

    nice -n 10 .venv/bin/python bench/levels.py zipzap --games 400 --out /tmp/levels     # run and show
    .venv/bin/python bench/levels.py zipzap --out /tmp/levels --write                     # (again: reuses the run)

A run is `zdeck tournament GAME -p P -b <specs> -n N -s SEED -o <options> --workers 1 --records R --out J --json`:
every deal in every seating of the five bots, so the luck of the cards is shared. Solo (one seat) has no
tournament: each level plays the same deals and is judged by its mean score.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import zdeck
from zdeck.batch.stats import wilson
from zdeck.live.gamedata import LEVELS, table_data
from zdeck.records import read_records

# A short table of each game, the one the ratings are measured at: two seats (three for Zoop, its least), one
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


def specs(game: str) -> dict[str, str]:
    data = table_data(game)
    named = {level.name: level.bot for level in data.levels}
    if data.newcomer is not None:
        named["newcomer"] = data.newcomer.bot
    return named


def tournament(game: str, bots: list[str], games: int, seed: int, out: Path, name: str) -> dict[str, Any]:
    """`zdeck tournament` of these bot specs (kept in `out`: a second call reuses it), with how it was run."""
    players, options = TABLES[game]
    out.mkdir(parents=True, exist_ok=True)
    result, records = out / f"{name}.json", out / f"{name}.jsonl"
    if result.exists():
        return dict(json.loads(result.read_text()))
    records.unlink(missing_ok=True)
    zdeck_cli = Path(sys.executable).with_name("zdeck")
    command = [str(zdeck_cli), "tournament", game, "-p", str(players), "-b", ",".join(bots), "-n", str(games),
               "-s", str(seed), *[part for option in options for part in ("-o", option)], "--workers", "1", "--json",
               "--records", str(records), "--out", str(result)]
    started, load = time.time(), os.getloadavg()[0]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    kept = json.loads(result.read_text())
    kept["measured"] = {"command": " ".join(["zdeck", *command[1:-5]]), "seconds": round(time.time() - started),
                        "load": round((load + os.getloadavg()[0]) / 2, 1), "seed": seed, "players": players,
                        "options": options}
    result.write_text(json.dumps(kept) + "\n")
    return dict(kept)


def solo(game: str, bots: list[str], games: int, seed: int, out: Path) -> Path:
    """Solo's levels on the same deals (`zdeck simulate --rotate`: each deal played by each bot)."""
    out.mkdir(parents=True, exist_ok=True)
    records = out / f"{game}.jsonl"
    if not records.exists():
        zdeck_cli = Path(sys.executable).with_name("zdeck")
        subprocess.run([str(zdeck_cli), "simulate", game, "--bots", ",".join(bots), "--rotate", "-n",
                        str(games * len(bots)), "-s", str(seed), "--workers", "1", "--records", str(records)],
                       check=True, stdout=subprocess.DEVNULL)
    return records


def head_to_head(game: str, records: Path, newcomer: str, level: str) -> dict[str, Any]:
    """How often a newcomer seat finished ahead of a level's seat at the same table (a tie: half)."""
    order = zdeck.make(game).score_order
    marks: list[float] = []
    for record in read_records(records):
        if record.scores is None:
            continue
        winners = set(record.winners or [])
        for me, mine in enumerate(record.bots):
            for seat, theirs in enumerate(record.bots):
                if mine != newcomer or theirs != level:
                    continue
                if (me in winners) != (seat in winners):
                    marks.append(1.0 if me in winners else 0.0)
                else:
                    a, b = record.scores[me], record.scores[seat]
                    marks.append(0.5 if a == b else float(a > b if order == "higher" else a < b))
    share = wilson(sum(marks), len(marks))
    return {"pairs": len(marks), "newcomer_ahead": round(share.value, 3), "low": round(share.low, 3),
            "high": round(share.high, 3)}


def predicted(ratings: dict[str, dict[str, float]], one: str, other: str) -> float:
    """The chance `one` finishes ahead of `other` by their OpenSkill ratings (Plackett-Luce, two seats)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    a, b = (model.rating(mu=ratings[n]["mu"], sigma=ratings[n]["sigma"]) for n in (one, other))
    return round(float(model.predict_win([[a], [b]])[0]), 3)


def solo_means(records: Path, names: dict[str, str]) -> dict[str, dict[str, Any]]:
    by_spec = {spec: name for name, spec in names.items()}
    scores: dict[str, list[float]] = {}
    for record in read_records(records):
        if record.scores is not None:
            scores.setdefault(by_spec.get(record.bots[0], record.bots[0]), []).append(record.scores[0])
    found = {}
    for name, values in scores.items():
        mean = sum(values) / len(values)
        spread = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1))
        found[name] = {"games": len(values), "mean_score": round(mean, 2),
                       "half_width": round(1.96 * spread / math.sqrt(len(values)), 2)}
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", choices=sorted(TABLES))
    parser.add_argument("--games", dest="count", type=int, default=200, help="games of the tournament of all five")
    parser.add_argument("--pairs", type=int, default=200, help="games of each newcomer-against-a-level tournament")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--write", action="store_true", help="write the ratings into each game's table.json")
    args = parser.parse_args()
    for game in args.games:
        names = specs(game)
        if TABLES[game][0] == 1:
            records = solo(game, list(names.values()), args.count, args.seed, args.out)
            report = {"game": game, "means": solo_means(records, names),
                      "measured": {"command": f"zdeck simulate {game} --bots <the five> --rotate -n "
                                              f"{args.count * len(names)} -s {args.seed} --workers 1",
                                   "seed": args.seed, "load": round(os.getloadavg()[0], 1)}}
        else:
            kept = tournament(game, list(names.values()), args.count, args.seed, args.out, game)
            ratings = {row["bot"]: row["rating"] for row in kept["standings"]}
            rated = {name: ratings[spec] for name, spec in names.items()}
            pairs = {}
            for level in ("easy", "medium", "hard"):
                name = f"{game}-newcomer-{level}"
                run = tournament(game, [names["newcomer"], names[level]], args.pairs, args.seed + 10_000, args.out,
                                 name)
                pairs[level] = {**head_to_head(game, args.out / f"{name}.jsonl", names["newcomer"], names[level]),
                                "predicted": predicted(rated, "newcomer", level), "load": run["measured"]["load"],
                                "seconds": run["measured"]["seconds"]}
            pairs["strongest"] = {"predicted": predicted(rated, "newcomer", "strongest")}
            report = {"game": game, "ratings": rated, "games": kept["games"], "head_to_head": pairs,
                      "measured": kept["measured"]}
        print(json.dumps(report, indent=1))
        if args.write:
            write(game, report)


def write(game: str, report: dict[str, Any]) -> None:
    """Ratings (or Solo's means) into the game's table.json, and the default level: the one the newcomer finishes
    ahead of nearest half the time, head to head."""
    from importlib import resources

    folder = zdeck.registry.game_class(game).__module__.rpartition(".")[0]
    path = Path(str(resources.files(folder).joinpath("table.json")))
    data = json.loads(path.read_text())
    if "ratings" in report:
        data["ratings"] = {name: {"mu": round(r["mu"], 2), "sigma": round(r["sigma"], 2)}
                           for name, r in report["ratings"].items()}
        shares = report["head_to_head"]
        measured = [name for name in LEVELS if "newcomer_ahead" in shares[name]]
        data["default_level"] = min(measured, key=lambda name: abs(shares[name]["newcomer_ahead"] - 0.5))
        data["head_to_head"] = shares
    else:
        data["means"] = report["means"]
    data["measured"] = {**report["measured"], "games": report.get("games")}
    if "head_to_head" in report:  # (GET /api/games shows `measured` as `rated`: the default level's argument too)
        data["measured"]["newcomer_ahead"] = {name: share["newcomer_ahead"] for name, share in
                                              report["head_to_head"].items() if "newcomer_ahead" in share}
    path.write_text(json.dumps(data, indent=2) + "\n")


if __name__ == "__main__":
    main()
