"""Start-up time of the zdeck command: how long `zdeck --help` and `zdeck list` take, whole process.

Run:  .venv/bin/python bench/cli_startup.py [--runs N] [--zdeck PATH] [--json]

A benchmark, not a test: it measures and asserts nothing. Each command is started N times (after one
warm-up run, so the .pyc files exist) as a new process, its output thrown away; the figures are the
median wall time and the median CPU time (user + system, from the operating system's account of the
finished child), beside a bare `python -c pass` for the interpreter's own share. The goal is a command
that answers in a blink: <= 0.25 s for `zdeck --help` and `zdeck list` (see bench/README.md).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

COMMANDS = (("python -c pass", [sys.executable, "-c", "pass"]), ("zdeck --help", ["--help"]), ("zdeck list", ["list"]))


def child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_runs(argv: list[str], runs: int) -> dict[str, float]:
    """Median and extremes of wall and CPU seconds over `runs` starts (one warm-up start first)."""
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    walls, cpus = [], []
    for _ in range(runs):
        cpu, start = child_cpu(), time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        walls.append(time.perf_counter() - start)
        cpus.append(child_cpu() - cpu)
    return {"wall_median": round(statistics.median(walls), 3), "wall_min": round(min(walls), 3),
            "wall_max": round(max(walls), 3), "cpu_median": round(statistics.median(cpus), 3)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=20, help="timed starts of each command (default 20)")
    p.add_argument("--zdeck", default=str(Path(sys.executable).with_name("zdeck")),
                   help="the zdeck console script to time (default: the one beside this python)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    if not os.access(args.zdeck, os.X_OK):
        print(f"no zdeck command at {args.zdeck}: pip install -e . first (or give --zdeck)", file=sys.stderr)
        return 2
    rows = {name: time_runs(cmd if name.startswith("python") else [args.zdeck, *cmd], args.runs)
            for name, cmd in COMMANDS}
    if args.json:
        print(json.dumps({"runs": args.runs, "python": sys.version.split()[0], "results": rows}, indent=2))
        return 0
    print(f"{args.runs} starts each, after a warm-up; seconds (wall median, min-max; CPU median)")
    for name, row in rows.items():
        print(f"  {name:16} wall {row['wall_median']:.3f} ({row['wall_min']:.3f}-{row['wall_max']:.3f})"
              f"   cpu {row['cpu_median']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
