"""What a Zip Zap seat sees (docs/observations/zipzap.md): its own hand, every hand's size, the face-up
pile and the scores - never another hand's cards, nor the deck's order."""

from __future__ import annotations

import json
import re
from pathlib import Path

import zdeck
from tests.games.zipzap.test_conformance import states_along
from tests.games.zipzap.test_read_state import game_state

DOC = Path(__file__).parents[3] / "docs" / "observations" / "zipzap.md"


def test_an_observation_never_names_a_card_its_seat_cannot_see() -> None:
    for players in (2, 4, 6):
        for state in states_along(zdeck.make("zipzap", players=players), 7):
            data = state.to_dict()
            for seat in [None, *range(players)]:
                text = json.dumps(state.observation(seat))
                hidden = [*data["deck"], *(c for p, hand in enumerate(data["hands"]) if p != seat for c in hand)]
                shown = [c for c in hidden if re.search(rf'"(play )?{c}"', text)]
                assert not shown, f"seat {seat} sees {shown}"


def test_an_observation_shows_hand_sizes_and_zaps_but_no_other_hand() -> None:
    state = zdeck.make("zipzap", players=4).new_state(11)
    obs = state.observation(1)
    assert obs["hand"] == [*state.to_dict()["hands"][1], "zap"]
    assert obs["hand_sizes"] == [13] * 4 and obs["has_zap"] == [True] * 4 and obs["draw_size"] == 1
    assert state.observation(None)["hand"] is None


def test_the_documented_example_is_a_real_observation() -> None:
    example = re.search(r"```json\n(.*?)```", DOC.read_text(), re.DOTALL)
    assert example is not None
    assert json.loads(example.group(1)) == game_state().observation(1)
