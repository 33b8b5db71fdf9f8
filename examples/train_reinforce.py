"""Train a small agent on a zdeck game and show that it beats random - numpy only.

    python examples/train_reinforce.py                       # Zip Zap, 2 players, 1 round; about 30 s on this machine
    python examples/train_reinforce.py --game zoker-tiko --episodes 3000

The agent is a linear softmax policy over the env's observation vector, its logits masked to the
legal ids (the wait id included), trained by REINFORCE with a running-mean baseline against the
random bot in the single-agent Gymnasium env (`zdeck.rl.single_agent`). Before and after training it
plays N evaluation games on seeds it never trained on; the win rates are printed with 95% Wilson
intervals, beside a uniformly random agent's in the same seat, on the same seeds.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import numpy as np
import numpy.typing as npt

import zdeck.rl

Floats = npt.NDArray[np.float64]
EVAL_SEEDS = 1_000_000  # evaluation games use seeds from here on; training uses seeds below


class LinearPolicy:
    """logits = W x + b over all action ids; illegal ids masked out before the softmax."""

    def __init__(self, features: int, actions: int, rng: np.random.Generator) -> None:
        self.w = rng.normal(0.0, 0.01, (actions, features))
        self.b = np.zeros(actions)

    def probabilities(self, x: Floats, mask: npt.NDArray[np.int8]) -> Floats:
        logits = self.w @ x + self.b
        logits[mask == 0] = -np.inf
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def update(self, episode: list[tuple[Floats, npt.NDArray[np.int8], int]], advantage: float, lr: float) -> None:
        """One REINFORCE step: grad log pi(a|x) = (onehot(a) - pi(.|x)) x^T for a softmax-linear policy."""
        for x, mask, action in episode:
            p = self.probabilities(x, mask)
            p[action] -= 1.0  # -(onehot - p)
            self.w -= lr * advantage * np.outer(p, x)
            self.b -= lr * advantage * p


def play(env: Any, policy: LinearPolicy | None, seed: int, rng: np.random.Generator, greedy: bool = False,
         waits: bool = True) -> tuple[float, list[tuple[Floats, npt.NDArray[np.int8], int]]]:
    """One game; the final reward and the agent's (observation, mask, action) at each of its moments.
    Without a policy, a uniform choice among the legal ids (`waits=False`: the wait only when it is the
    sole choice, as the random bot plays)."""
    obs, _ = env.reset(seed=seed)
    trail, done, reward = [], False, 0.0
    while not done:
        x, mask = obs["observation"].astype(np.float64), obs["action_mask"]
        if policy is None:
            legal = np.flatnonzero(mask)
            if not waits and len(legal) > 1:
                legal = legal[legal != len(mask) - 1]
            action = int(rng.choice(legal))
        else:
            p = policy.probabilities(x, mask)
            action = int(np.argmax(p)) if greedy else int(rng.choice(len(p), p=p))
        trail.append((x, mask, action))
        obs, reward, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    return float(reward), trail


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def evaluate(env: Any, policy: LinearPolicy | None, games: int, rng: np.random.Generator,
             waits: bool = True) -> tuple[int, int]:
    wins = sum(play(env, policy, EVAL_SEEDS + k, rng, greedy=True, waits=waits)[0] > 0 for k in range(games))
    return int(wins), games


def report(label: str, wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{label:<28} won {wins:>4} of {games}  = {wins / games:6.1%}   95% Wilson interval [{low:.1%}, {high:.1%}]"


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="zipzap")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=10_000, help="training games")
    parser.add_argument("--eval", type=int, default=1000, help="evaluation games, before and after")
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", "-o", action="append", default=[], help="a game option, name=value (int if it "
                        "reads as one)")
    args = parser.parse_args(argv)
    options = {k: (int(v) if v.lstrip("-").isdigit() else v) for k, v in (o.split("=", 1) for o in args.option)}
    if args.game == "zipzap" and "rounds" not in options:
        options["rounds"] = 1
    env = zdeck.rl.single_agent(args.game, args.players, opponents="random", **options)
    rng = np.random.default_rng(args.seed)
    policy = LinearPolicy(env.observation_space["observation"].shape[0], int(env.action_space.n), rng)
    print(f"{args.game}, {args.players} players {options}: the agent in seat 0 against the random bot "
          f"({env.table.encoder.name}, {env.table.encoder.size} features, {env.action_space.n} action ids)")
    uniform, no_wait = evaluate(env, None, args.eval, rng), evaluate(env, None, args.eval, rng, waits=False)
    print(report("uniformly random agent", *uniform))
    print(report("random, never waiting", *no_wait))
    before = max(uniform, no_wait)
    start, baseline, recent = time.perf_counter(), 0.0, []
    for episode in range(args.episodes):
        reward, trail = play(env, policy, args.seed * 10_000_000 + episode, rng)
        policy.update(trail, reward - baseline, args.lr / max(1, len(trail)) ** 0.5)
        baseline += 0.01 * (reward - baseline)
        recent.append(reward > 0)
        if (episode + 1) % max(1, args.episodes // 5) == 0:
            rate = sum(recent) / len(recent)
            print(f"  trained {episode + 1:>6} games ({time.perf_counter() - start:5.1f} s): "
                  f"win rate while training {rate:.1%}")
            recent = []
    after = evaluate(env, policy, args.eval, rng)
    print(report("trained linear agent", *after))
    low_after, _ = wilson(*after)
    _, high_before = wilson(*before)
    verdict = "beats" if low_after > high_before else "does not clearly beat"
    print(f"The trained agent {verdict} the better random agent: the intervals "
          f"{'do not ' if low_after > high_before else ''}overlap.")
    return {"before": before, "after": after, "beats": low_after > high_before}


if __name__ == "__main__":
    main()
