"""Steps/s of zdeck's RL envs beside RLCard 1.2.0's UNO env, in the same process, as a ratio in one run.

Run:  .venv/bin/python bench/rl_env.py [--games zipzap,zoop] [--players 3] [--seconds S] [--rounds R] [--json]
      .venv/bin/python bench/rl_env.py --vector [--num-envs 1,64,1024] [--workers 2] [--games zipzap]

A benchmark, not a test. The anchor is RLCard's UNO env (`rlcard.make("uno")`: each `step` decodes the action,
plays it, and returns the next player's encoded state and legal action ids), played by the cheapest agent
there is: a uniform legal id drawn with Python's `random`. Each zdeck env is played by the same agent, reading
its legal ids off the action mask (`np.flatnonzero`) - what a user of a masked env does. One step is:
- RLCard: one `env.step(action)`.
- aec (`zdeck.rl.env`, wrapped as PettingZoo's classic envs) and aec-raw (`zdeck.rl.raw_env`): one agent's
  `step()` after its `last()`; the dead steps at the end are not counted. In a race every seat the race is
  open to is asked, those with nothing to play with the wait as their only choice: such steps count, and
  the `forced` column says what share of the steps they were.
- parallel (`zdeck.rl.parallel_env`): one `step()` - one moment, with every agent asked choosing.
- single (`zdeck.rl.single_agent(..., opponents="random")`): one `step()`; the bots' moves in between are
  not counted.
Each round interleaves one slice of each (CPU clock of this process, the order alternating round by round);
the ratio of a round is zdeck steps/s : RLCard steps/s of that round, reported as the median of the rounds.

The last line puts a floor under the AEC figures: PettingZoo's AEC loop (`agent_iter`, `last`, `step`, the same
agent) over an env that does nothing - a fixed observation, four agents, games of 200 steps - against RLCard in
the same way. What an AEC step costs above it is the game, its encoding, its mask and the referee.

`--vector`: `zdeck.rl.vector_env(game, num_envs=N)` (in this process, and with `--workers` processes), random
legal ids drawn for all N games at once, against RLCard's env run N times (one `step` of each of N envs per
vector step, the same agent as above). A vector step counts N env steps. The worker env runs on every core it
is given, so both sides are timed on the wall clock there: on a busy machine that figure is the one to read
with care (the load is printed beside it).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from throughput import Slice, timed_slice, uno_players_for  # (bench/ is a folder of scripts)

import zdeck.rl

DEFAULT_GAMES = {"zipzap": 4, "zoop": 4, "zar": 4, "zopzoo": 3, "zoker-tiko": 4, "zoker-kubo": 3, "zoker-solo": 1,
                 "zoker-memo": 2}
SHORT = {"zopzoo": {"target": 300}}  # a full 800-point Zop Zoo is long for a slice
KINDS = ("rlcard", "aec", "aec-raw", "parallel", "single")
GOAL = 2.0


# -- the anchor -----------------------------------------------------------------------------------------------
def rlcard_player(players: int) -> Callable[[], int]:
    import rlcard  # type: ignore[import-untyped]

    env, pick = rlcard.make("uno", config={"seed": 0, "game_num_players": uno_players_for(players)}), random.Random(0)

    def one() -> int:
        state, _ = env.reset()
        steps = 0
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[pick.randrange(len(legal))])
            steps += 1
        return steps
    return one


# -- zdeck's envs ---------------------------------------------------------------------------------------------
class Counts:
    """Steps each env made, and how many of them were a seat's only choice: the wait."""

    def __init__(self) -> None:
        self.forced = self.steps = 0


def aec_player(make: Callable[..., Any], game_id: str, players: int, options: dict[str, Any],
               counts: Counts) -> Callable[[], int]:
    env, pick, seeds = make(game_id, players, **options), random.Random(0), iter(range(10**9))

    def one() -> int:
        env.reset(seed=next(seeds))
        steps = 0
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            counts.forced += len(legal) == 1 and obs["action_mask"][-1] == 1
            env.step(int(legal[pick.randrange(len(legal))]))
            steps += 1
        counts.steps += steps
        return steps
    return one


def parallel_player(game_id: str, players: int, options: dict[str, Any], counts: Counts) -> Callable[[], int]:
    env, pick, seeds = zdeck.rl.parallel_env(game_id, players, **options), random.Random(0), iter(range(10**9))

    def one() -> int:
        obs, _ = env.reset(seed=next(seeds))
        steps = 0
        while env.agents:
            actions = {}
            for agent, seen in obs.items():
                legal = np.flatnonzero(seen["action_mask"])
                if len(legal):
                    actions[agent] = int(legal[pick.randrange(len(legal))])
            obs, *_ = env.step(actions)
            steps += 1
        counts.steps += steps
        return steps
    return one


class _Nothing:
    """The floor: an AEC env with no game in it (built lazily: pettingzoo's class is needed)."""

    @staticmethod
    def make() -> Any:
        from gymnasium import spaces
        from pettingzoo import AECEnv  # type: ignore[import-untyped]

        class Nothing(AECEnv):  # type: ignore[misc]
            metadata = {"name": "nothing_v0"}  # noqa: RUF012

            def __init__(self) -> None:
                super().__init__()
                self.possible_agents = [f"player_{p}" for p in range(4)]
                mask = np.zeros(53, dtype=np.int8)
                mask[:5] = 1
                self.seen = {"observation": np.zeros(400, dtype=np.float32), "action_mask": mask}

            def observation_space(self, agent: str) -> Any:
                return spaces.Dict({})

            def action_space(self, agent: str) -> Any:
                return spaces.Discrete(53)

            def reset(self, seed: int | None = None, options: Any = None) -> None:
                self.agents, self.steps = list(self.possible_agents), 0
                self.rewards = dict.fromkeys(self.agents, 0.0)
                self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
                self.terminations = dict.fromkeys(self.agents, False)
                self.truncations = dict.fromkeys(self.agents, False)
                self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
                self.agent_selection = self.agents[0]

            def observe(self, agent: str) -> Any:
                return self.seen

            def step(self, action: Any) -> None:
                if self.terminations[self.agent_selection]:
                    self._was_dead_step(action)
                    return
                self.steps += 1
                self.agent_selection = self.agents[self.steps % 4]
                if self.steps >= 200:
                    self.terminations = dict.fromkeys(self.agents, True)
        return Nothing()


def floor(seconds: float, rounds: int) -> dict[str, Any]:
    """PettingZoo's AEC loop over an env that does nothing, against RLCard's env: the ratio of the median round."""
    counts = Counts()
    play = {"rlcard": rlcard_player(4), "floor": aec_player(lambda *_: _Nothing.make(), "", 4, {}, counts)}
    slices: dict[str, list[Slice]] = {kind: [] for kind in play}
    for r in range(rounds):
        for kind in list(play) if r % 2 == 0 else list(play)[::-1]:
            slices[kind].append(timed_slice(play[kind], seconds / 5))
    ratios = [z.decisions_per_s / u.decisions_per_s for z, u in zip(slices["floor"], slices["rlcard"], strict=True)]
    return {"game": "(no game: PettingZoo's AEC loop alone)", "floor_steps_per_s":
            round(statistics.median(s.decisions_per_s for s in slices["floor"]), 1), "floor_ratio":
            round(statistics.median(ratios), 3)}


def single_player(game_id: str, players: int, options: dict[str, Any], counts: Counts) -> Callable[[], int]:
    env = zdeck.rl.single_agent(game_id, players, opponents="random", **options)
    pick, seeds = random.Random(0), iter(range(10**9))

    def one() -> int:
        obs, _ = env.reset(seed=next(seeds))
        steps, done = 0, False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, terminated, truncated, _ = env.step(int(legal[pick.randrange(len(legal))]))
            steps, done = steps + 1, terminated or truncated
        counts.steps += steps
        return steps
    return one


def measure(game_id: str, players: int, seconds: float, rounds: int) -> dict[str, Any]:
    options = SHORT.get(game_id, {})
    counts = {kind: Counts() for kind in KINDS}
    play = {"rlcard": rlcard_player(players),
            "aec": aec_player(zdeck.rl.env, game_id, players, options, counts["aec"]),
            "aec-raw": aec_player(zdeck.rl.raw_env, game_id, players, options, counts["aec-raw"]),
            "parallel": parallel_player(game_id, players, options, counts["parallel"]),
            "single": single_player(game_id, players, options, counts["single"])}
    slices: dict[str, list[Slice]] = {kind: [] for kind in KINDS}
    for r in range(rounds):
        for kind in KINDS if r % 2 == 0 else KINDS[::-1]:  # drift hits every side alike
            slices[kind].append(timed_slice(play[kind], seconds / len(KINDS)))
    row: dict[str, Any] = {"game": game_id, "players": players, "options": options,
                           "uno_players": uno_players_for(players)}
    for kind in KINDS:
        row[f"{kind}_steps_per_s"] = round(statistics.median(s.decisions_per_s for s in slices[kind]), 1)
    for kind in KINDS[1:]:
        ratios = [z.decisions_per_s / u.decisions_per_s for z, u in zip(slices[kind], slices["rlcard"], strict=True)]
        row[f"{kind}_ratio"] = round(statistics.median(ratios), 3)
        if kind.startswith("aec"):
            row[f"{kind}_forced"] = round(counts[kind].forced / max(counts[kind].steps, 1), 3)
    return row


HEADER = (f"{'game':<11} {'p':>2} {'rlcard/s':>9} {'aec/s':>8} {'ratio':>5} {'forced':>6} {'raw/s':>8} {'ratio':>5} "
          f"{'parallel/s':>10} {'ratio':>5} {'single/s':>8} {'ratio':>5}")


def table_row(r: dict[str, Any]) -> str:
    return (f"{r['game']:<11} {r['players']:>2} {r['rlcard_steps_per_s']:>9,.0f} {r['aec_steps_per_s']:>8,.0f} "
            f"{r['aec_ratio']:>5.2f} {r['aec_forced']:>6.0%} {r['aec-raw_steps_per_s']:>8,.0f} "
            f"{r['aec-raw_ratio']:>5.2f} {r['parallel_steps_per_s']:>10,.0f} {r['parallel_ratio']:>5.2f} "
            f"{r['single_steps_per_s']:>8,.0f} {r['single_ratio']:>5.2f}")


# -- vector envs ----------------------------------------------------------------------------------------------
def vector_rows(game_id: str, players: int, sizes: list[int], workers: int, seconds: float,
                rounds: int) -> list[dict[str, Any]]:
    rows = []
    options = SHORT.get(game_id, {})
    for n in sizes:
        kinds: dict[str, Callable[[], Callable[[float], tuple[int, float]]]] = {
            "rlcard": lambda n=n: _rlcard_batch(players, n), "vector": lambda n=n: _zdeck_batch(game_id, players, n, 0, options)}
        if workers:
            kinds["workers"] = lambda n=n: _zdeck_batch(game_id, players, n, workers, options)
        timers = {kind: make() for kind, make in kinds.items()}
        rates: dict[str, list[float]] = {kind: [] for kind in kinds}
        for r in range(rounds):
            for kind in list(kinds) if r % 2 == 0 else list(kinds)[::-1]:
                steps, elapsed = timers[kind](seconds / len(kinds))
                rates[kind].append(steps / elapsed)
        for timer in timers.values():
            getattr(timer, "close", lambda: None)()
        row: dict[str, Any] = {"game": game_id, "players": players, "num_envs": n, "workers": workers}
        for kind in kinds:
            row[f"{kind}_steps_per_s"] = round(statistics.median(rates[kind]), 1)
            if kind != "rlcard":
                row[f"{kind}_ratio"] = round(statistics.median(
                    a / b for a, b in zip(rates[kind], rates["rlcard"], strict=True)), 3)
        rows.append(row)
        print(vector_line(row), flush=True)
    return rows


def _rlcard_batch(players: int, n: int) -> Callable[[float], tuple[int, float]]:
    """RLCard's env run n times: one step of each per batch step, a game that ends reset at once."""
    import rlcard

    envs = [rlcard.make("uno", config={"seed": i, "game_num_players": uno_players_for(players)}) for i in range(n)]
    states = [env.reset()[0] for env in envs]
    pick = random.Random(0)

    def run(seconds: float) -> tuple[int, float]:
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            for i, env in enumerate(envs):
                legal = list(states[i]["legal_actions"])
                states[i], _ = env.step(legal[pick.randrange(len(legal))])
                if env.is_over():
                    states[i] = env.reset()[0]
            steps += n
        return steps, time.perf_counter() - start
    return run


def _zdeck_batch(game_id: str, players: int, n: int, workers: int,
                 options: dict[str, Any]) -> Callable[[float], tuple[int, float]]:
    env = zdeck.rl.vector_env(game_id, n, players, workers=workers, opponents="random", **options)
    obs, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    state = {"obs": obs}

    def run(seconds: float) -> tuple[int, float]:
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            masks = state["obs"]["action_mask"]
            state["obs"] = env.step((rng.random(masks.shape) * masks).argmax(axis=1))[0]
            steps += n
        return steps, time.perf_counter() - start
    run.close = env.close  # type: ignore[attr-defined]
    return run


def vector_line(r: dict[str, Any]) -> str:
    text = (f"{r['game']:<11} {r['players']:>2} N={r['num_envs']:<5} rlcard x N {r['rlcard_steps_per_s']:>9,.0f}/s  "
            f"vector {r['vector_steps_per_s']:>9,.0f}/s ({r['vector_ratio']:.2f})")
    if r.get("workers"):
        text += f"  {r['workers']} workers {r['workers_steps_per_s']:>9,.0f}/s ({r['workers_ratio']:.2f})"
    return text


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} cores"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", default=",".join(DEFAULT_GAMES))
    parser.add_argument("--players", type=int, default=None, help="seats (default: per game, see DEFAULT_GAMES)")
    parser.add_argument("--seconds", type=float, default=5.0, help="timed seconds per round, all sides together")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--vector", action="store_true", help="vector envs against RLCard's env run N times")
    parser.add_argument("--num-envs", default="1,64,1024")
    parser.add_argument("--workers", type=int, default=0, help="with --vector: also the env over this many processes")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    print(f"# {load()} (start)", flush=True)
    rows: list[dict[str, Any]] = []
    for game_id in args.games.split(","):
        players = args.players or DEFAULT_GAMES.get(game_id, 2)
        if args.vector:
            rows += vector_rows(game_id, players, [int(n) for n in args.num_envs.split(",")], args.workers,
                                args.seconds, args.rounds)
            continue
        if not rows and not args.json:
            print(HEADER, flush=True)
        rows.append(measure(game_id, players, args.seconds, args.rounds))
        if not args.json:
            print(table_row(rows[-1]), flush=True)
    if not args.vector:
        rows.append(floor(args.seconds, args.rounds))
        if not args.json:
            print(f"floor: PettingZoo's AEC loop over an env with no game, same agent: "
                  f"{rows[-1]['floor_steps_per_s']:,.0f} steps/s, {rows[-1]['floor_ratio']:.2f}x RLCard", flush=True)
    print(f"# {load()} (end)")
    if args.json:
        print(json.dumps(rows, indent=1))
    elif not args.vector:
        print(f"ratio: zdeck steps/s : RLCard UNO env steps/s, median of {args.rounds} interleaved rounds (CPU clock); "
              f"goal {GOAL:g}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
