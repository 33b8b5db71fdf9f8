"""Zoker Solo, the patience game of the Zoker deck (rules: docs/rules/zoker-solo.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from zdeck.core import Action, Game
from zdeck.decks.zoker.cards import card_faces
from zdeck.decks.zoker.solo.actions import action_face, action_table
from zdeck.decks.zoker.solo.state import SoloState, read_state
from zdeck.rng import Rng


class ZokerSolo(Game):
    id = "zoker-solo"
    title = "Zoker Solo"
    summary = "Patience: pile compatible Zoker cards in the last row; score the highest pile."
    min_players = 1
    max_players = 1
    score_order = "higher"  # the score is the height of the highest pile

    def new_state(self, seed: int) -> SoloState:
        state = SoloState(self, Rng(seed))
        state.lay_out()
        return state

    def read_state(self, data: dict[str, Any]) -> SoloState:
        return read_state(self, data)

    def action_face(self, action: Any) -> dict[str, Any]:
        return action_face(action)

    def action_table(self) -> Sequence[Action]:
        return action_table()

    def card_faces(self) -> dict[str, dict[str, Any]]:
        """The 64 Zoker cards, in deck order."""
        return card_faces()
