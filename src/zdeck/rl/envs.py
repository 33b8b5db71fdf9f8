"""PettingZoo's own layout: one module per env, named by its game and encoding version, with `env`, `raw_env`
and `parallel_env` - as `from pettingzoo.classic import texas_holdem_v4; texas_holdem_v4.env()`:

    from zdeck.rl.envs import zipzap_v2, zoker_tiko_v1
    env = zipzap_v2.env(players=4)              # = zdeck.rl.env("zipzap", players=4, encoding="v2")
    par = zoker_tiko_v1.parallel_env(players=3)   # a game's hyphen is an underscore in a module's name

Each module is made here for every encoded game and version (`import zdeck.rl.envs.zipzap_v2` works too).
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any

import zdeck.rl
from zdeck.rl.encodings import encoded_games
from zdeck.vectors.encoding import VERSIONS


def module_name(game_id: str, version: int) -> str:
    """`zipzap_v2`, `zoker_tiko_v2`: the env's `metadata["name"]` spelled as a Python name."""
    return f"{game_id.replace('-', '_')}_v{version}"


def _module(game_id: str, version: int) -> ModuleType:
    name = module_name(game_id, version)
    module = ModuleType(f"{__name__}.{name}", f"{game_id}'s envs with encoding version {version} (zdeck.rl.envs).")
    encoding = f"v{version}"

    def env(players: int | None = None, **kwargs: Any) -> Any:
        """`zdeck.rl.env` of this game and encoding: the AEC env wrapped as PettingZoo's classic envs are."""
        return zdeck.rl.env(game_id, players, encoding=encoding, **kwargs)

    def raw_env(players: int | None = None, **kwargs: Any) -> Any:
        """`zdeck.rl.raw_env` of this game and encoding: the bare AEC env."""
        return zdeck.rl.raw_env(game_id, players, encoding=encoding, **kwargs)

    def parallel_env(players: int | None = None, **kwargs: Any) -> Any:
        """`zdeck.rl.parallel_env` of this game and encoding."""
        return zdeck.rl.parallel_env(game_id, players, encoding=encoding, **kwargs)

    for function in (env, raw_env, parallel_env):
        function.__module__ = module.__name__
        setattr(module, function.__name__, function)
    module.GAME, module.VERSION = game_id, version  # type: ignore[attr-defined]
    sys.modules[module.__name__] = module
    return module


MODULES = {module_name(g, v): _module(g, v) for g in encoded_games() for v in VERSIONS}
globals().update(MODULES)
