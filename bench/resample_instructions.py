"""Instructions a `clone()` and a `resample_hidden()` cost, counted by valgrind's callgrind (steady where timings
on a shared machine swing with its load).

Run:  sh bench/resample_instructions.sh [GAME ...]        (each game: one run under callgrind, a few minutes)

Run under callgrind with `--dump-before=getppid --zero-before=getppid` (the shell script does), this takes the
states bench/resample.py times (the same seeded random games, every game's default table), then marks the
counts with `os.getppid()` - a libc call nothing else here makes: callgrind writes out and zeroes its count
at each one. Between the marks: one warm-up pass of both calls over the states, `--passes` passes of
`clone()`, and as many of `resample_hidden()`; the script divides each count by the calls made.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from resample import sample_states  # (bench/ is a folder of scripts)

from zdeck import Rng


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--states", type=int, default=100)
    parser.add_argument("--passes", type=int, default=3)
    args = parser.parse_args()
    states = sample_states(args.game, args.states)
    rng = Rng(7)
    os.getppid()  # dump 1: start-up and sampling
    for state, seat in states:
        state.clone()
        state.resample_hidden(seat, rng)
    os.getppid()  # dump 2: the warm-up pass
    for _ in range(args.passes):
        for state, _seat in states:
            state.clone()
    os.getppid()  # dump 3: clone()
    for _ in range(args.passes):
        for state, seat in states:
            state.resample_hidden(seat, rng)
    os.getppid()  # dump 4: resample_hidden()
    print(f"calls per dump: {args.passes * len(states)}")


if __name__ == "__main__":
    main()
