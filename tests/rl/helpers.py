"""Playing whole games through the envs in tests."""

from __future__ import annotations

from typing import Any

import numpy as np

from zdeck.rl import ZdeckAEC, ZdeckParallel


def seat_of(agent: str) -> int:
    return int(agent.rsplit("_", 1)[1])


def random_aec_game(env: ZdeckAEC, seed: int, rng: np.random.Generator) -> list[tuple[str, int]]:
    """A whole game of masked uniform choices; returns every (agent, action id) stepped."""
    env.reset(seed=seed)
    steps = []
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        steps.append((agent, action))
        env.step(action)
    return steps


def random_parallel_game(env: ZdeckParallel, seed: int, rng: np.random.Generator) -> list[Any]:
    """A whole game of masked uniform choices by every asked agent; returns what each step returned."""
    obs, _ = env.reset(seed=seed)
    trail = []
    while env.agents:
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()
                   if o["action_mask"].any()}
        obs, rewards, terms, truncs, infos = env.step(actions)
        trail.append((actions, {a: o["observation"].tobytes() for a, o in obs.items()}, rewards, terms, truncs, infos))
    return trail
