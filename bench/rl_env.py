"""Steps/s of zdeck's RL envs beside RLCard 1.2.0's UNO env, in the same process, as a ratio in one run.

Run:  .venv/bin/python bench/rl_env.py [--games zipzap,zoop] [--players 3] [--seconds S] [--rounds R] [--json]
      .venv/bin/python bench/rl_env.py --vector [--num-envs 1,64,1024] [--workers 2] [--games zipzap]

A benchmark, not a test. The anchor is RLCard's UNO env (`rlcard.make("uno")`: each `step` decodes the action,
plays it, and returns the next player's encoded state and legal action ids). The clock reads the envs alone:
each side first plays GAMES_RECORDED games with the cheapest agent there is (a uniform legal id drawn with
Python's `random`: from RLCard's list of legal ids, or from a zdeck mask's nonzero places), recording its ids;
the timed loops then replay those games - the same env calls, in the same order (RLCard: `reset`, `step`; zdeck:
`reset`, and `agent_iter`, `last`, `step` for AEC), with no choosing in between, on both sides alike. Both
sides are seeded once per replayed cycle of games (RLCard's `seed(0)`, zdeck's `reset(seed=0)`), the games in
between following from it. What the agent costs depends on the env's interface (RLCard lists UNO's legal ids;
a mask of Zop Zoo's 3,839 ids takes the agent longer to read than a whole RLCard step), so it is timed apart: the
`loop` column is the wrapped AEC env with the agent choosing inside the timed loop. One step is:
- RLCard: one `env.step(action)`.
- aec (`zdeck.rl.env`, wrapped as PettingZoo's classic envs) and aec-raw (`zdeck.rl.raw_env`): one agent's
  `last()` and `step()`; the dead steps at the end are not counted. In a race every seat the race is open to
  is asked, those with nothing to play with the wait as their only choice: such steps count, and the `forced`
  column says what share of the steps they were.
- parallel (`zdeck.rl.parallel_env`): one `step()` - one moment, with every agent asked choosing.
- single (`zdeck.rl.single_agent(..., opponents="random")`): one `step()`; the bots' moves in between are
  not counted.
Each round interleaves one slice of each (CPU clock of this process, the order alternating round by round);
the ratio of a round is zdeck steps/s : RLCard steps/s of that round, reported as the median of the rounds.

The last line puts a floor under the AEC figures: PettingZoo's AEC loop (`agent_iter`, `last`, `step`, replayed
the same way) over an env that does nothing - a fixed observation, four agents, games of 200 steps - against
RLCard in the same way. What an AEC step costs above it is the game, its encoding, its mask and the referee.

`--vector`: `zdeck.rl.vector_env(game, num_envs=N)` (in this process, and with `--workers` processes), random
legal ids drawn for all N games at once, against RLCard's env run N times (one `step` of each of N envs per
vector step, the same agent as above). A vector step counts N env steps. The worker env runs on every core it
is given, so both sides are timed on the wall clock there: on a busy machine that figure is the one to read
with care (the load is printed beside it).
"""

from __future__ import annotations

import argparse
import itertools
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
from zdeck import compiled

DEFAULT_GAMES = {"zipzap": 4, "zoop": 4, "zar": 4, "zopzoo": 3, "zoker-tiko": 4, "zoker-kubo": 3, "zoker-solo": 1,
                 "zoker-memo": 2}
SHORT = {"zopzoo": {"target": 300}}  # a full 800-point Zop Zoo is long for a slice
KINDS = ("rlcard", "aec", "aec-raw", "parallel", "single", "loop")
GOAL = 2.0


# -- the games played: recorded once with the agent, then replayed for the clock (see the module's doc) --------
GAMES_RECORDED = 40  # per env: replayed in turn, as often as a slice lasts


def legal_ids(mask: np.ndarray) -> np.ndarray:
    return mask.nonzero()[0]


def rlcard_env(players: int) -> Any:
    import rlcard  # type: ignore[import-untyped]

    return rlcard.make("uno", config={"seed": 0, "game_num_players": uno_players_for(players)})


def rlcard_player(players: int) -> Callable[[], int]:
    """RLCard's UNO env replaying recorded seeded games: one `step` per recorded id."""
    env, pick, records = rlcard_env(players), random.Random(0), []
    env.seed(0)
    for _ in range(GAMES_RECORDED):
        state, _ = env.reset()
        ids = []
        while not env.is_over():
            legal = list(state["legal_actions"])
            ids.append(legal[pick.randrange(len(legal))])
            state, _ = env.step(ids[-1])
        records.append(ids)
    games = itertools.cycle(enumerate(records))

    def one() -> int:
        k, ids = next(games)
        if k == 0:
            env.seed(0)  # (once per cycle: RLCard's seeding costs some 20 of its steps)
        env.reset()
        step = env.step
        for action in ids:
            step(action)
        assert env.is_over(), "RLCard's replay went astray"
        return len(ids)
    return one


# -- zdeck's envs ---------------------------------------------------------------------------------------------
class Counts:
    """Steps each env made, and how many of them were a seat's only choice: the wait."""

    def __init__(self) -> None:
        self.forced = self.steps = 0


def aec_game(env: Any, seed: int | None, pick: random.Random, counts: Counts) -> list[int]:
    """One game with the agent choosing (seeded, or the next of the env's seeded run); the ids chosen (dead steps
    at the end not counted)."""
    env.reset(seed=seed)
    ids: list[int] = []
    for _ in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        mask = obs["action_mask"]
        legal = legal_ids(mask)
        counts.forced += len(legal) == 1 and mask[-1] == 1
        ids.append(int(legal[pick.randrange(len(legal))]))
        env.step(ids[-1])
    counts.steps += len(ids)
    return ids


def aec_player(make: Callable[..., Any], game_id: str, players: int, options: dict[str, Any],
               counts: Counts) -> Callable[[], int]:
    """The AEC env replaying recorded games: `last()` and `step()` for every agent selected."""
    env, pick = make(game_id, players, **options), random.Random(0)
    games = itertools.cycle(enumerate([aec_game(env, None if k else 0, pick, counts) for k in range(GAMES_RECORDED)]))

    def one() -> int:
        k, ids = next(games)
        env.reset(seed=None if k else 0)
        chosen = iter(ids)
        last, step = env.last, env.step
        for _ in env.agent_iter():
            _, _, term, trunc, _ = last()
            step(None if term or trunc else next(chosen))
        assert next(chosen, None) is None, "the replay went astray"
        return len(ids)
    return one


def aec_loop(make: Callable[..., Any], game_id: str, players: int, options: dict[str, Any]) -> Callable[[], int]:
    """The AEC env with the agent choosing inside the timed loop (seeds 0, 1, 2, ...)."""
    env, pick, counts = make(game_id, players, **options), random.Random(0), Counts()
    games = itertools.cycle(range(GAMES_RECORDED))
    return lambda: len(aec_game(env, None if next(games) else 0, pick, counts))


def parallel_player(game_id: str, players: int, options: dict[str, Any], counts: Counts) -> Callable[[], int]:
    """The Parallel env replaying recorded games: one `step()` per moment."""
    env, pick = zdeck.rl.parallel_env(game_id, players, **options), random.Random(0)

    def record(seed: int | None) -> list[dict[str, int]]:
        obs, _ = env.reset(seed=seed)
        steps = []
        while env.agents:
            actions = {}
            for agent, seen in obs.items():
                legal = legal_ids(seen["action_mask"])
                if len(legal):
                    actions[agent] = int(legal[pick.randrange(len(legal))])
            steps.append(actions)
            obs, *_ = env.step(actions)
        counts.steps += len(steps)
        return steps
    games = itertools.cycle(enumerate([record(None if k else 0) for k in range(GAMES_RECORDED)]))

    def one() -> int:
        k, steps = next(games)
        env.reset(seed=None if k else 0)
        step = env.step
        for actions in steps:
            step(actions)
        assert not env.agents, "the replay went astray"
        return len(steps)
    return one


def single_player(game_id: str, players: int, options: dict[str, Any], counts: Counts) -> Callable[[], int]:
    """The single-agent env (random opponents) replaying recorded games; the bots' moves are not counted."""
    env, pick = zdeck.rl.single_agent(game_id, players, opponents="random", **options), random.Random(0)

    def record(seed: int | None) -> list[int]:
        obs, _ = env.reset(seed=seed)
        ids, done = [], False
        while not done:
            legal = legal_ids(obs["action_mask"])
            ids.append(int(legal[pick.randrange(len(legal))]))
            obs, _, terminated, truncated, _ = env.step(ids[-1])
            done = terminated or truncated
        counts.steps += len(ids)
        return ids
    games = itertools.cycle(enumerate([record(None if k else 0) for k in range(GAMES_RECORDED)]))

    def one() -> int:
        k, ids = next(games)
        env.reset(seed=None if k else 0)
        step = env.step
        for action in ids[:-1]:
            step(action)
        done = step(ids[-1])[2:4]
        assert any(done), "the replay went astray"
        return len(ids)
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
    play = {"rlcard": rlcard_player(4), "floor": aec_player(lambda *_: _Nothing.make(), "", 4, {}, Counts())}
    slices: dict[str, list[Slice]] = {kind: [] for kind in play}
    for r in range(rounds):
        for kind in list(play) if r % 2 == 0 else list(play)[::-1]:
            slices[kind].append(timed_slice(play[kind], seconds / 5))
    ratios = [z.decisions_per_s / u.decisions_per_s for z, u in zip(slices["floor"], slices["rlcard"], strict=True)]
    return {"game": "(no game: PettingZoo's AEC loop alone)", "floor_steps_per_s":
            round(statistics.median(s.decisions_per_s for s in slices["floor"]), 1), "floor_ratio":
            round(statistics.median(ratios), 3)}


def measure(game_id: str, players: int, seconds: float, rounds: int) -> dict[str, Any]:
    options = SHORT.get(game_id, {})
    counts = {kind: Counts() for kind in KINDS}
    play = {"rlcard": rlcard_player(players),
            "aec": aec_player(zdeck.rl.env, game_id, players, options, counts["aec"]),
            "aec-raw": aec_player(zdeck.rl.raw_env, game_id, players, options, counts["aec-raw"]),
            "parallel": parallel_player(game_id, players, options, counts["parallel"]),
            "single": single_player(game_id, players, options, counts["single"]),
            "loop": aec_loop(zdeck.rl.env, game_id, players, options)}
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
          f"{'parallel/s':>10} {'ratio':>5} {'single/s':>8} {'ratio':>5} {'loop/s':>8} {'ratio':>5}")


def table_row(r: dict[str, Any]) -> str:
    return (f"{r['game']:<11} {r['players']:>2} {r['rlcard_steps_per_s']:>9,.0f} {r['aec_steps_per_s']:>8,.0f} "
            f"{r['aec_ratio']:>5.2f} {r['aec_forced']:>6.0%} {r['aec-raw_steps_per_s']:>8,.0f} "
            f"{r['aec-raw_ratio']:>5.2f} {r['parallel_steps_per_s']:>10,.0f} {r['parallel_ratio']:>5.2f} "
            f"{r['single_steps_per_s']:>8,.0f} {r['single_ratio']:>5.2f} {r['loop_steps_per_s']:>8,.0f} "
            f"{r['loop_ratio']:>5.2f}")


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
    print(f"# {load()} (start); zdeck's rules engine and envs: {compiled.BUILD}", flush=True)
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
            print(f"floor: PettingZoo's AEC loop over an env with no game, replayed alike: "
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
