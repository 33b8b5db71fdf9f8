"""PettingZoo and Gymnasium environments for every zdeck game (the optional extra `rl`: numpy,
gymnasium, pettingzoo). docs/rl.md describes them; the rules engine never imports this package.

    import zdeck.rl
    env = zdeck.rl.env("zipzap", players=4)               # PettingZoo AEC, wrapped as PettingZoo's classic envs
    raw = zdeck.rl.raw_env("zipzap", players=4)           # the bare AEC env
    par = zdeck.rl.parallel_env("zipzap", players=4)      # PettingZoo Parallel
    gym = zdeck.rl.single_agent("zipzap", players=4, opponents=["greedy"])   # Gymnasium, bots at the other seats
    vec = zdeck.rl.vector_env("zipzap", num_envs=64, players=4)   # 64 of those, stacked (workers=k: k processes)
    from zdeck.rl.envs import zipzap_v2                    # PettingZoo's layout: zipzap_v2.env(players=4)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

try:
    import gymnasium
    import numpy  # noqa: F401
    import pettingzoo  # type: ignore[import-untyped]  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError(f"zdeck.rl needs numpy, gymnasium and pettingzoo ({exc.name} is missing): "
                      "pip install 'zdeck[rl]'") from exc

from pettingzoo import AECEnv

from zdeck.rl import wrappers
from zdeck.rl.aec import ZdeckAEC
from zdeck.rl.encodings import encoded_games, encoder, state_encoder
from zdeck.rl.parallel import ZdeckParallel
from zdeck.rl.single import ZdeckSingle
from zdeck.rl.vector import ZdeckVectorEnv, ZdeckWorkerVectorEnv, vector_env
from zdeck.vectors.encoding import VERSIONS, EncodingMismatch


def raw_env(game_id: str, players: int | None = None, **kwargs: Any) -> ZdeckAEC:
    """The bare PettingZoo AEC env of this game (options and env settings as keywords: docs/rl.md)."""
    return ZdeckAEC(game_id, players, **kwargs)


def env(game_id: str, players: int | None = None, **kwargs: Any) -> AECEnv:
    """The AEC env wrapped as PettingZoo's classic envs are: `OrderEnforcingWrapper` (using it before `reset()`
    is an error), `AssertOutOfBoundsWrapper` (an id outside the action space is an AssertionError) and, with
    the default `illegal="lose"`, `TerminateIllegalWrapper` (an illegal id ends the game, its agent losing
    `illegal_reward`). `env(...).unwrapped` is the bare env."""
    bare = raw_env(game_id, players, **kwargs)
    wrapped: AECEnv = bare
    if bare.table.illegal == "lose":
        wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=bare.table.illegal_reward)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(wrapped))


def parallel_env(game_id: str, players: int | None = None, **kwargs: Any) -> ZdeckParallel:
    """A PettingZoo Parallel env of this game: every actor of a moment answers at once."""
    return ZdeckParallel(game_id, players, **kwargs)


def single_agent(game_id: str, players: int | None = None, opponents: str | Sequence[str] | None = None,
                 **kwargs: Any) -> ZdeckSingle:
    """A Gymnasium env: the agent plays one seat (`seat=`, default 0), zdeck bots the others."""
    return ZdeckSingle(game_id, players, opponents=opponents, **kwargs)


def _register() -> None:
    """`gymnasium.make("zdeck/zipzap-v2", players=4, opponents="greedy")`: each game's single-agent env under
    Gymnasium's registry, one id per encoding version (`-v1`: the version 1 encoding, as it was)."""
    for game_id in encoded_games():
        for version in VERSIONS:
            env_id = f"zdeck/{game_id}-v{version}"
            if env_id not in gymnasium.registry:
                gymnasium.register(env_id, entry_point="zdeck.rl.single:ZdeckSingle",
                                   kwargs={"game_id": game_id, "encoding": f"v{version}"})


_register()


__all__ = [
    "EncodingMismatch",
    "ZdeckAEC",
    "ZdeckParallel",
    "ZdeckSingle",
    "ZdeckVectorEnv",
    "ZdeckWorkerVectorEnv",
    "encoded_games",
    "encoder",
    "env",
    "parallel_env",
    "raw_env",
    "single_agent",
    "state_encoder",
    "vector_env",
]
