"""Speed-up of a batch on several worker processes: games/s with N workers over games/s with one.

Both are timed in the same run, in alternating rounds (1, N, N, 1, ...), on the wall clock (the work is
in other processes), and the ratio is formed round by round: a shared machine's drift hits both sides.
A round plays the same batch both ways (`zdeck.batch.run_batch`, as `zdeck simulate --workers` does,
pool start-up included); results are identical, so only the time differs.

    .venv/bin/python bench/workers.py                       # zipzap 4 seats, random bots, 2 workers
    .venv/bin/python bench/workers.py --game zar --bots heuristic --games 300 --json
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import time

import zdeck
from zdeck.batch import BatchSpec, available_cores, run_batch


def _cpu() -> float:
    """CPU seconds of this process and its finished children (the workers, reaped when a batch ends)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(spec: BatchSpec, workers: int) -> tuple[float, float]:
    """Games per second of one whole batch, on the wall clock, and CPU seconds per game in all processes."""
    start, cpu = time.perf_counter(), _cpu()
    for _ in run_batch(spec, workers=workers):
        pass
    return spec.count / (time.perf_counter() - start), (_cpu() - cpu) / spec.count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="zipzap")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="random", help="one bot name for every seat")
    parser.add_argument("--games", type=int, default=1500, help="games per timed batch")
    parser.add_argument("--workers", type=int, default=available_cores(), help="the side measured against one")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--figures", action="store_true", help="with the game's own figures (as zdeck report)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    game = zdeck.make(args.game, args.players)
    spec = BatchSpec(args.game, game.players, dict(game.options), ((args.bots,) * game.players,), args.games,
                     figures=args.figures)
    timed(BatchSpec(args.game, game.players, dict(game.options), spec.lineups, 20), 1)  # warm-up: imports, caches
    ones, manys, ratios, costs = [], [], [], []
    for r in range(args.rounds):
        order = (1, args.workers) if r % 2 == 0 else (args.workers, 1)
        rate = {w: timed(spec, w) for w in order}
        ones.append(rate[1][0])
        manys.append(rate[args.workers][0])
        ratios.append(rate[args.workers][0] / rate[1][0])
        costs.append(rate[args.workers][1] / rate[1][1])
    result = {"load_average": round(os.getloadavg()[0], 2), "game": args.game, "players": game.players, "bots": args.bots, "games": args.games,
              "workers": args.workers, "cores": available_cores(), "rounds": args.rounds,
              "games_per_s_1": round(statistics.median(ones), 1),
              f"games_per_s_{args.workers}": round(statistics.median(manys), 1),
              "ratio_median": round(statistics.median(ratios), 3),
              "ratio_min": round(min(ratios), 3), "ratio_max": round(max(ratios), 3),
              # CPU per game with N workers over one: 1.0 means splitting the batch costs nothing, so on N idle
              # cores the speed-up would be N / this (a busy machine's wall clock cannot show it)
              "cpu_per_game_ratio": round(statistics.median(costs), 3),
              "idle_speedup_bound": round(args.workers / statistics.median(costs), 2)}
    if args.json:
        print(json.dumps(result))
        return
    print(f"{args.game} {game.players} seats, {args.bots} bots, {args.games} games per batch, {args.rounds} rounds")
    print(f"1 worker: {result['games_per_s_1']} games/s; {args.workers} workers: "
          f"{result[f'games_per_s_{args.workers}']} games/s")
    print(f"speed-up {result['ratio_median']}x (median; rounds from {result['ratio_min']} to {result['ratio_max']}); "
          f"goal >= 1.8x on 2 cores")
    print(f"CPU per game, {args.workers} workers over 1: {result['cpu_per_game_ratio']} (on idle cores the speed-up "
          f"could reach {result['idle_speedup_bound']}x); machine load now {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
