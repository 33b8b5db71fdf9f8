"""The games play exactly as pinned in fingerprints.json (see fingerprint.py): a change of behaviour
is a deliberate, reviewed update of that file."""

from __future__ import annotations

import json

import pytest

import zdeck
from tests.golden.fingerprint import GOLDEN, fingerprint

PINNED = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("game_id", zdeck.games())
def test_same_seeds_play_the_same_games_to_the_same_final_states(game_id: str) -> None:
    records, final_states = fingerprint(game_id)
    assert {"records": records, "final_states": final_states} == PINNED[game_id], (
        f"{game_id} plays differently from its pinned fingerprint: if the change is meant, "
        "run `python -m tests.golden.fingerprint --write` and say why in the commit")
