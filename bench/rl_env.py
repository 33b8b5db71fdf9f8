"""Env steps/s of zdeck's PettingZoo and Gymnasium envs for a random agent, beside the simulator's own
decisions/s on the same game, in the same run.

Run:  .venv/bin/python bench/rl_env.py [--games zipzap,zoop] [--players 3] [--seconds S] [--rounds R] [--json]

A benchmark, not a test. For each game the rounds interleave short slices (CPU clock, as
bench/throughput.py) of:
- sim: whole games of `zdeck.sim.run(game, [RandomBot()...], seed)`, counted in decisions (what a record lists);
- aec: whole games of `zdeck.rl.env`, every asked agent choosing uniformly among its masked ids with numpy;
  one step = one agent's `step()` (a wait included, the dead steps at the end not);
- parallel: whole games of `zdeck.rl.parallel_env`, one decision per asked agent per `step()`;
- single: whole games of `zdeck.rl.single_agent(..., opponents="random")`, one step per `step()`; the bots'
  moves in between are not counted.
The ratio is env steps/s : sim decisions/s, round by round, reported as a median: what the env layer
(observation encoding for every agent, masks, the race referee, PettingZoo's bookkeeping) costs over the
bare rules engine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from throughput import Slice, timed_slice  # (bench/ is a folder of scripts)

import zdeck
import zdeck.rl
from zdeck import sim
from zdeck.bots import RandomBot

DEFAULT_GAMES = {"zipzap": 4, "zoop": 4, "zar": 4, "zopzoo": 3, "zoker-tiko": 4, "zoker-kubo": 3, "zoker-solo": 1,
                 "zoker-memo": 2}
SHORT = {"zopzoo": {"target": 300}}  # a full 800-point Zop Zoo is long for a slice
KINDS = ("sim", "aec", "parallel", "single")


def sim_player(game_id: str, players: int, options: dict[str, Any]) -> Callable[[], int]:
    game, seeds = zdeck.make(game_id, players, **options), iter(range(10**9))

    def one() -> int:
        return sim.run(game, [RandomBot() for _ in range(players)], next(seeds))[1]
    return one


def aec_player(game_id: str, players: int, options: dict[str, Any]) -> Callable[[], int]:
    env, rng, seeds = zdeck.rl.env(game_id, players, **options), np.random.default_rng(0), iter(range(10**9))

    def one() -> int:
        env.reset(seed=next(seeds))
        steps = 0
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        return steps
    return one


def parallel_player(game_id: str, players: int, options: dict[str, Any]) -> Callable[[], int]:
    env, rng, seeds = zdeck.rl.parallel_env(game_id, players, **options), np.random.default_rng(0), iter(range(10**9))

    def one() -> int:
        obs, _ = env.reset(seed=next(seeds))
        steps = 0
        while env.agents:
            actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()
                       if o["action_mask"].any()}
            steps += len(actions)
            obs, *_ = env.step(actions)
        return steps
    return one


def single_player(game_id: str, players: int, options: dict[str, Any]) -> Callable[[], int]:
    env = zdeck.rl.single_agent(game_id, players, opponents="random", **options)
    rng, seeds = np.random.default_rng(0), iter(range(10**9))

    def one() -> int:
        obs, _ = env.reset(seed=next(seeds))
        steps, done = 0, False
        while not done:
            obs, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps, done = steps + 1, terminated or truncated
        return steps
    return one


PLAYERS: dict[str, Callable[[str, int, dict[str, Any]], Callable[[], int]]] = {
    "sim": sim_player, "aec": aec_player, "parallel": parallel_player, "single": single_player}


def measure(game_id: str, players: int, seconds: float, rounds: int) -> dict[str, Any]:
    options = SHORT.get(game_id, {})
    play = {kind: PLAYERS[kind](game_id, players, options) for kind in KINDS}
    slices: dict[str, list[Slice]] = {kind: [] for kind in KINDS}
    for r in range(rounds):
        order = KINDS if r % 2 == 0 else KINDS[::-1]  # drift hits every side alike
        for kind in order:
            slices[kind].append(timed_slice(play[kind], seconds / len(KINDS)))
    row: dict[str, Any] = {"game": game_id, "players": players, "options": options}
    for kind in KINDS:
        row[f"{kind}_per_s"] = round(statistics.median(s.decisions_per_s for s in slices[kind]), 1)
    for kind in KINDS[1:]:
        ratios = [e.decisions_per_s / s.decisions_per_s for e, s in zip(slices[kind], slices["sim"])]
        row[f"{kind}_ratio"] = round(statistics.median(ratios), 3)
    return row


HEADER = (f"{'game':<12} {'p':>2} {'sim dec/s':>10} {'aec steps/s':>12} {'ratio':>6} {'parallel':>9} {'ratio':>6} "
          f"{'single':>8} {'ratio':>6}")
FOOTER = "ratio: env steps/s : sim.run decisions/s of the same game, median of interleaved rounds (CPU clock)"


def table_row(r: dict[str, Any]) -> str:
    return (f"{r['game']:<12} {r['players']:>2} {r['sim_per_s']:>10,.0f} {r['aec_per_s']:>12,.0f} "
            f"{r['aec_ratio']:>6.2f} {r['parallel_per_s']:>9,.0f} {r['parallel_ratio']:>6.2f} "
            f"{r['single_per_s']:>8,.0f} {r['single_ratio']:>6.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(DEFAULT_GAMES))
    parser.add_argument("--players", type=int, default=None, help="seats (default: per game, see DEFAULT_GAMES)")
    parser.add_argument("--seconds", type=float, default=4.0, help="timed seconds per round, all sides together")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = []
    if not args.json:
        print(HEADER, flush=True)
    for game_id in args.games.split(","):
        players = args.players or DEFAULT_GAMES.get(game_id, 2)
        rows.append(measure(game_id, players, args.seconds, args.rounds))
        if not args.json:  # a row as soon as it is measured: a long run shows its progress
            print(table_row(rows[-1]), flush=True)
    print(json.dumps(rows, indent=1) if args.json else FOOTER)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
