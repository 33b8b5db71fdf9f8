"""What a determinisation costs: `resample_hidden` against `clone()`, per game, in the same run.

Run:  .venv/bin/python bench/resample.py [--games zoop,zar] [--states 300] [--json]

Information-set search pays one `resample_hidden` per iteration where a perfect-information search
pays one `clone()`. For each game the bench collects states along seeded random games (default table),
then times `clone()` and `resample_hidden(seat, rng)` on the same states, interleaved, and reports the
ratio resample : clone (goal: at most 2). A benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import zdeck
from zdeck import RandomBot, Rng
from zdeck.records import replay
from zdeck.sim import play


def sample_states(game_id: str, count: int) -> list[tuple[zdeck.State, int]]:
    """(state, seat with an actor's view) taken along random games until `count` are collected."""
    game = zdeck.make(game_id)
    found: list[tuple[zdeck.State, int]] = []
    seed = 0

    def keep(k: int, state: zdeck.State, _entry: object, _outcome: object) -> None:
        if k % 5 == 0 and not state.is_over():
            found.append((state.clone(), state.actors()[0]))

    while len(found) < count:
        _, record = play(game, [RandomBot() for _ in range(game.players)], seed)
        assert record is not None
        replay(record, keep)
        seed += 1
    return found[:count]


def time_per_call(states: list[tuple[zdeck.State, int]], resample: bool, rng: Rng, repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        for state, seat in states:
            if resample:
                state.resample_hidden(seat, rng)
            else:
                state.clone()
    return (time.process_time() - start) / (repeat * len(states))


def measure(game_id: str, count: int, rounds: int = 7) -> dict[str, float]:
    states = sample_states(game_id, count)
    rng = Rng(7)
    clones, resamples = [], []
    for _ in range(rounds):
        clones.append(time_per_call(states, False, rng, 3))
        resamples.append(time_per_call(states, True, rng, 3))
    clone_us, resample_us = statistics.median(clones) * 1e6, statistics.median(resamples) * 1e6
    return {"clone_us": round(clone_us, 2), "resample_us": round(resample_us, 2),
            "ratio": round(resample_us / clone_us, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(zdeck.games()))
    parser.add_argument("--states", type=int, default=300)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {g: measure(g, args.states) for g in args.games.split(",")}
    if args.json:
        print(json.dumps(results, indent=1))
        return
    print(f"{'game':12} {'clone us':>9} {'resample us':>12} {'ratio':>6}  (goal: ratio <= 2)")
    for game_id, r in results.items():
        print(f"{game_id:12} {r['clone_us']:9.2f} {r['resample_us']:12.2f} {r['ratio']:6.2f}")


if __name__ == "__main__":
    main()
