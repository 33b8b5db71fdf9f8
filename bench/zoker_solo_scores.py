"""Distribution of Zoker Solo scores (height of the highest pile) over many seeds, per bot.

Usage: python bench/zoker_solo_scores.py [--seeds 1000] [--first-seed 1000000] [--bots solver,greedy,random]
Prints, for each bot, the mean, quartiles, a histogram of scores and the time per game.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

import zdeck
from zdeck.sim import play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=1000, help="games per bot (seeds S..S+N-1)")
    parser.add_argument("--first-seed", type=int, default=0, help="S, the first seed")
    parser.add_argument("--bots", default="solver,greedy,random", help="comma-separated bot names")
    args = parser.parse_args()
    game = zdeck.make("zoker-solo")
    for name in args.bots.split(","):
        bot = zdeck.make_bot("zoker-solo", name)
        start = time.perf_counter()
        scores = [int(play(game, [bot], seed, keep_record=False)[0].scores()[0]) for seed in range(args.first_seed, args.first_seed + args.seeds)]
        elapsed = time.perf_counter() - start
        q1, median, q3 = statistics.quantiles(scores, n=4) if len(scores) > 1 else (scores[0],) * 3
        print(f"== {name}: {len(scores)} seeds, {elapsed / len(scores):.3f} s/game")
        print(f"mean {statistics.mean(scores):.2f}  sd {statistics.pstdev(scores):.2f}  min {min(scores)}  "
              f"q1 {q1:g}  median {median:g}  q3 {q3:g}  max {max(scores)}  "
              f"all 64: {scores.count(64)} ({100 * scores.count(64) / len(scores):.1f}%)")
        counts = Counter(scores)
        width = max(counts.values())
        for score in range(min(scores), max(scores) + 1):
            n = counts.get(score, 0)
            print(f"{score:3d} {n:5d} {'#' * round(50 * n / width)}", flush=True)


if __name__ == "__main__":
    main()
