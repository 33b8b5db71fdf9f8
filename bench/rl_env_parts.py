"""Where an AEC step of zdeck's RL env goes, in microseconds per step: the arithmetic under bench/rl_env.py's ratios.

Run:  .venv/bin/python bench/rl_env_parts.py [--games zipzap,zoop] [--games-recorded 40] [--repeat 5]

A benchmark, not a test. Each game's wrapped AEC env (`zdeck.rl.env`) replays the games bench/rl_env.py records
(the same agent, seeds and ids), timed whole, and its parts are timed so:
- step: one agent's `last()` and `step()`, everything included (bench/rl_env.py's aec column, in us);
- encoding: `StateEncoder.encode` (the public block once per version of the state, turned to the seat, its hand):
  the step minus the step with the encoder replaced by a constant one (still a fresh array);
- mask: the action mask written from the selected seat's legal ids (`fast.mask`, as the env writes it), timed
  alone over the ids the env held at each step of the same games;
- kernel: the rules alone - the moments' `moves()` and the landings' `apply_listed` / `timeout`, replayed on a
  fresh state of the same seed (the engine the referee drives, per env step);
- rest: what remains - PettingZoo's loop, the wrappers, the referee (who is asked, who may wait, each asked seat's
  legal ids listed once per moment, the landings), the env's bookkeeping (zdeck.rl.steps: the infos, the dicts).
RLCard's UNO env step is timed in the same process for the goal: 2x RLCard is `rlcard / 2` us per step.
Best of `--repeat` CPU-clock runs per figure.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rl_env import DEFAULT_GAMES, SHORT, Counts, aec_game, rlcard_player  # (bench/ is a folder of scripts)

import zdeck.rl
from zdeck import compiled
from zdeck.core import State
from zdeck.vectors import fast


def best(run: Callable[[], int], repeat: int) -> float:
    """The best us per step of `repeat` runs (CPU clock)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        steps = run()
        times.append((time.process_time() - start) / steps * 1e6)
    return min(times)


class Kernel:
    """The rules' own calls of recorded games: each moment's `moves()`, then its landings."""

    def __init__(self) -> None:
        self.games: list[tuple[int, list[list[tuple[Any, ...]]]]] = []


class Constant:
    """An encoder that hands every seat a copy of one zero vector (a compiled encoder's method cannot be replaced)."""

    def __init__(self, size: int) -> None:
        self.vector = np.zeros(size, dtype=np.float32)

    def encode(self, state: State, seat: int) -> np.ndarray:
        return self.vector.copy()


def record_kernel(env: Any, kernel: Kernel) -> None:
    """Wrap the referee's state so each game's `moves` / `apply_listed` / `timeout` calls are logged."""
    table = env.unwrapped.table
    start_game = table.start_game

    def logged(seed: int, reaction_ms: Any = None) -> Any:
        log: list[list[tuple[Any, ...]]] = []
        kernel.games.append((seed, log))
        referee = start_game(seed, reaction_ms)
        state = referee.state
        moves, apply_listed, timeout = state.moves, state.apply_listed, state.timeout

        def moves_logged() -> Any:
            log.append([])
            return moves()

        def apply_logged(player: int, action: Any, seen: int | None = None) -> Any:
            log[-1].append((player, action, seen))
            return apply_listed(player, action, seen)

        def timeout_logged() -> None:
            log[-1].append(())
            timeout()
        state.moves, state.apply_listed, state.timeout = moves_logged, apply_logged, timeout_logged
        log.append([])  # (the first moment: the referee asked its moves while it was made)
        return referee
    table.start_game = logged


def kernel_calls(game_id: str, players: int, recorded: int) -> list[tuple[int, list[list[tuple[Any, ...]]]]]:
    """The rules' calls of the recorded games, with action ids for actions: logged by a pure-Python child (a
    compiled state's methods cannot be wrapped; the calls are the same under both builds, tests/builds)."""
    done = subprocess.run([sys.executable, __file__, "--record-kernel", game_id, "--players", str(players),
                           "--games-recorded", str(recorded)], env={**os.environ, "ZDECK_BUILD": "pure"},
                          capture_output=True, text=True, check=True)
    return [(seed, [[tuple(call) for call in calls] for calls in moments]) for seed, moments in json.loads(done.stdout)]


def record_kernel_here(game_id: str, players: int, recorded: int) -> None:
    """(The child's side of `kernel_calls`.)"""
    env, pick = zdeck.rl.env(game_id, players, **SHORT.get(game_id, {})), random.Random(0)
    kernel = Kernel()
    record_kernel(env, kernel)
    for k in range(recorded):
        aec_game(env, None if k else 0, pick, Counts())
    game = env.unwrapped.table.game
    def with_id(call: tuple[Any, ...]) -> tuple[Any, ...]:
        return (call[0], game.action_id(call[1]), call[2]) if call else ()
    print(json.dumps([(seed, [[with_id(call) for call in calls] for calls in moments])
                      for seed, moments in kernel.games[:recorded]]))


def replay_kernel(game: Any, kernel: Kernel) -> int:
    for seed, moments in kernel.games:
        state: State = game.new_state(seed)
        for calls in moments:
            state.moves()
            for call in calls:
                if call:
                    try:
                        state.apply_listed(*call)
                    except zdeck.IllegalAction:
                        pass
                else:
                    state.timeout()
    return 0


def masks(env: Any, games: list[list[int]]) -> Callable[[], int]:
    """The masks of the recorded games' steps, written from the legal ids the env held at each (`fast.mask`, as the
    env writes them): a replay reads the ids first, outside the clock."""
    steps = env.unwrapped._steps
    held: list[list[int]] = []
    for k, ids in enumerate(games):
        env.reset(seed=None if k else 0)
        chosen = iter(ids)
        for _ in env.agent_iter():
            _, _, term, trunc, _ = env.last(observe=False)
            if not (term or trunc):
                held.append(steps.legal)
            env.step(None if term or trunc else next(chosen))
    blank = steps.blank

    def write() -> int:
        for ids in held:
            fast.mask(blank, ids)
        return len(held)
    return write


def parts(game_id: str, players: int, recorded: int, repeat: int) -> dict[str, float]:
    options = SHORT.get(game_id, {})
    env, pick = zdeck.rl.env(game_id, players, **options), random.Random(0)
    games = [aec_game(env, None if k else 0, pick, Counts()) for k in range(recorded)]
    steps = sum(len(ids) for ids in games)
    table = env.unwrapped.table
    kernel = Kernel()
    of = table.ids.table

    def with_action(call: tuple[Any, ...]) -> tuple[Any, ...]:
        return (call[0], of[call[1]], call[2]) if call else ()
    kernel.games = [(seed, [[with_action(call) for call in calls] for calls in moments])
                    for seed, moments in kernel_calls(game_id, players, recorded)]

    def replay() -> int:
        for k, ids in enumerate(games):
            env.reset(seed=None if k else 0)
            chosen = iter(ids)
            for _ in env.agent_iter():
                _, _, term, trunc, _ = env.last()
                env.step(None if term or trunc else next(chosen))
        return steps

    out = {"step": best(replay, repeat)}
    steps_kept = env.unwrapped._steps  # (zdeck.rl.steps.AecSteps: where the env's step runs)
    encoder = steps_kept.encoder
    steps_kept.encoder = Constant(encoder.size)
    out["encoding"] = out["step"] - best(replay, repeat)
    steps_kept.encoder = encoder
    out["mask"] = best(masks(env, games), repeat)
    moments = sum(len(m) for _, m in kernel.games)
    out["kernel"] = best(lambda: replay_kernel(table.game, kernel) or steps, repeat)
    out["rest"] = out["step"] - out["encoding"] - out["mask"] - out["kernel"]
    out["steps_per_moment"] = steps / max(moments, 1)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", default=",".join(DEFAULT_GAMES))
    parser.add_argument("--games-recorded", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--players", type=int, default=None, help="seats (default: per game, see DEFAULT_GAMES)")
    parser.add_argument("--record-kernel", metavar="GAME", help=argparse.SUPPRESS)  # (kernel_calls' child)
    args = parser.parse_args(argv)
    if args.record_kernel:
        record_kernel_here(args.record_kernel, args.players, args.games_recorded)
        return 0
    print(f"# load average {', '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores (start)")
    uno = rlcard_player(4)
    rlcard = best(lambda: sum(uno() for _ in range(40)), args.repeat)
    print(f"RLCard UNO env: {rlcard:.2f} us per step; 2x RLCard = {rlcard / 2:.2f} us per step; zdeck's rules engine "
          f"and envs: {compiled.BUILD}")
    print(f"{'game':<11} {'p':>2} {'step':>6} {'encoding':>8} {'mask':>6} {'kernel':>6} {'rest':>6} "
          f"{'steps/moment':>12} {'x RLCard':>8}")
    for game_id in args.games.split(","):
        players = args.players or DEFAULT_GAMES.get(game_id, 2)
        r = parts(game_id, players, args.games_recorded, args.repeat)
        print(f"{game_id:<11} {players:>2} {r['step']:>6.2f} {r['encoding']:>8.2f} {r['mask']:>6.2f} "
              f"{r['kernel']:>6.2f} {r['rest']:>6.2f} {r['steps_per_moment']:>12.2f} {rlcard / r['step']:>8.2f}",
              flush=True)
    print(f"# load average {', '.join(f'{x:.2f}' for x in os.getloadavg())} (end); us per step, best of "
          f"{args.repeat} CPU-clock replays; kernel = the rules' calls of the same games, per env step")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
