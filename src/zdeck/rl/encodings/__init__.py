"""Each game's encoding, found in the game's own folder: `decks/<game>/encoding.py`, beside its rules.

That module gives
- `spec(game) -> Spec`: the encoding's versioned name and how each key of the observation dict is
  encoded (the reference, `zdeck.vectors.encoding.Encoder`; required);
- `StateEncoder`: the same floats written straight from the state (`zdeck.vectors.fast`; optional: without
  it the envs encode through the observation dict);
- `asked(state)`, `turn(state)`, `times_out(state)`: who a moment asks as the table shows it, whose turn
  it is, whether everyone may hold back (`zdeck.rl.referee.Rules`; optional: read off the kernel
  contract by default, which is right for a game whose actors never depend on hidden cards).

The versioned names (`zipzap_v1`, ...) are the public face: a change of the vector is a new version.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

from zdeck.core import Game
from zdeck.registry import game_class, games
from zdeck.rl.referee import Rules
from zdeck.vectors.encoding import LATEST, Encoder, Spec
from zdeck.vectors.fast import ReferenceStateEncoder, StateEncoder


@dataclass(frozen=True)
class GameEncoding:
    """What a game's folder gives the RL environments."""

    spec: Callable[[Game], Spec]
    state_encoder: type[StateEncoder]
    rules: Rules


def module_name(game: type[Game]) -> str:
    """`zdeck.decks.zipzap.encoding`: the module `encoding` beside the module of the game's class."""
    return game.__module__.rpartition(".")[0] + ".encoding"


def _module(game: type[Game]) -> ModuleType | None:
    try:
        return importlib.import_module(module_name(game))
    except ModuleNotFoundError as exc:
        if not module_name(game).startswith(str(exc.name)):  # (a module the encoding itself imports is missing)
            raise
        return None


@cache
def of(game: type[Game]) -> GameEncoding:
    """The encoding of a game (by its class); ValueError for a game whose folder has none."""
    module = _module(game)
    if module is None or not hasattr(module, "spec"):
        raise ValueError(f"no observation encoding for {game.id} yet (no {module_name(game)}.spec); "
                         f"encoded games: {', '.join(encoded_games())}")
    return GameEncoding(module.spec, getattr(module, "StateEncoder", ReferenceStateEncoder), _rules(module))


def _rules(module: ModuleType) -> Rules:
    found: dict[str, Any] = {name: getattr(module, name) for name in ("asked", "turn", "times_out")
                             if hasattr(module, name)}
    return Rules(**found)


@cache
def encoded_games() -> list[str]:
    """The games whose folder has an encoding (every env needs one)."""
    return [game_id for game_id in games() if hasattr(_module(game_class(game_id)), "spec")]


def encoder(game: Game, version: int = LATEST) -> Encoder:
    """The reference encoder of this game's observations (through the observation dict), in this version of the
    encoding (docs/rl.md: 2 normalises what 1 scales); ValueError for a game without an encoding yet."""
    return Encoder(of(type(game)).spec(game), game, version)


def state_encoder(game: Game, version: int = LATEST) -> StateEncoder:
    """The encoder the envs use: the game's fast one where its folder has it, else the reference."""
    return of(type(game)).state_encoder(game, encoder(game, version))


def rules(game: Game) -> Rules:
    return of(type(game)).rules
