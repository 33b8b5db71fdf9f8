"""Fingerprints of the observation encodings: `python -m tests.rl.golden` rewrites encodings.json.

Each variant's fingerprint is a hash of every seat's vector at every state of seeded random games played
on the kernel alone (`tests.rl.helpers.walk`: no env, so the fingerprint moves only when the encoding or
the rules do), with the encoding's name and size. tests/rl/test_encoding.py checks the reference encoder
(through the observation dict) and each game's fast encoder against it: an encoding whose vectors change
without a new version name fails. After bumping the version (or a rule change that plays the seeded games
differently), regenerate and commit the file with the change.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import zdeck
import zdeck.rl
from tests.rl.helpers import walk
from tests.rl.variants import VARIANTS, name
from zdeck.core import State
from zdeck.vectors.encoding import VERSIONS

PATH = Path(__file__).with_name("encodings.json")
SEEDS, MOMENTS = (3, 4), 150
Encode = Callable[[State, int], npt.NDArray[np.float32]]


def fingerprint(game_id: str, players: int, options: dict[str, Any], encode: Encode | None = None,
                version: int = 1) -> dict[str, Any]:
    """The fingerprint of `encode` (default: the reference encoder of this version, through the observation dict)."""
    game = zdeck.make(game_id, players, **options)
    reference = zdeck.rl.encoder(game, version)
    if encode is None:
        def encode(state: State, seat: int) -> npt.NDArray[np.float32]:
            return reference.encode(state.observation(seat))
    digest = hashlib.sha256()
    for seed in SEEDS:
        for state in walk(game, seed, MOMENTS):
            for seat in range(players):
                digest.update(encode(state, seat).tobytes())
    return {"encoding": reference.name, "size": reference.size, "sha256": digest.hexdigest()}


def key(variant: tuple[str, int, dict[str, Any]], version: int) -> str:
    return name(variant) if version == 1 else f"{name(variant)}@v{version}"


def compute() -> dict[str, dict[str, Any]]:
    return {key(v, version): fingerprint(*v, version=version) for v in VARIANTS for version in VERSIONS}


if __name__ == "__main__":
    PATH.write_text(json.dumps(compute(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {PATH}")
