"""Playing whole games through the envs in tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from zdeck.core import Game, IllegalAction, State
from zdeck.rl import ZdeckAEC, ZdeckParallel
from zdeck.rng import Rng


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


def walk(game: Game, seed: int, moments: int) -> Iterator[State]:
    """Every state of a seeded random game played on the kernel alone, up to `moments` of them: at each moment
    every actor proposes (or, one time in five, holds back), the first proposal lands and the others are late,
    resolved by the rules; where all hold back the state times out (or, where it may not, an actor acts).
    Races, late cards, timeouts and round ends all come up. The same seed walks the same states."""
    rng, state = Rng(seed), game.new_state(seed)
    for _ in range(moments):
        yield state
        moves = state.moves()
        if not moves:
            return
        proposals = [(p, legal[rng.below(len(legal))]) for p, legal in moves if legal and rng.below(5)]
        if not proposals:
            try:
                state.timeout()
            except IllegalAction:
                player, legal = next((p, legal) for p, legal in moves if legal)
                state.apply_listed(player, legal[0])
            continue
        seen = state.version
        for k, (player, action) in enumerate(proposals):
            try:
                state.apply_listed(player, action, None if k == 0 else seen)
            except IllegalAction:
                pass
