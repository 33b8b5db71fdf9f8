"""Fingerprints of the observation encodings: `python -m tests.rl.golden` rewrites encodings.json.

Each variant's fingerprint is a hash of every vector a seeded game shows every seat, with the
encoding's name and size. An encoding whose vectors change without a new version name fails
tests/rl/test_encoding.py; after bumping the version (or a rule change that plays the seeded game
differently), regenerate and commit the file with the change.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np

import zdeck.rl
from tests.rl.helpers import random_aec_game
from tests.rl.variants import VARIANTS, name

PATH = Path(__file__).with_name("encodings.json")
SEED, STEPS = 3, 150


def fingerprint(game: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    env = zdeck.rl.env(game, players, **options)
    moves = random_aec_game(env, SEED, np.random.default_rng(0))[:STEPS]
    env.reset(seed=SEED)
    digest = hashlib.sha256()
    for agent, action in moves:
        for other in env.possible_agents:
            digest.update(env.observe(other)["observation"].tobytes())
        while env.agent_selection != agent:  # (only after a finished game: dead steps)
            env.step(None)
        env.step(action)
    return {"encoding": env.table.encoder.name, "size": env.table.encoder.size, "sha256": digest.hexdigest()}


def compute() -> dict[str, dict[str, Any]]:
    return {name(v): fingerprint(*v) for v in VARIANTS}


if __name__ == "__main__":
    PATH.write_text(json.dumps(compute(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {PATH}")
