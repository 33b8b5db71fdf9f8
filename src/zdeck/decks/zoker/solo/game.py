"""Zoker Solo, the patience game of the Zoker deck (rules: docs/rules/zoker-solo.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from zdeck.core import Action, Game
from zdeck.rng import Rng

if TYPE_CHECKING:
    from zdeck.decks.zoker.solo.state import SoloState

# The rules (cards, actions, state) are imported by the methods that use them, not here: `zdeck list`
# reads this class alone, and should not build every game's tables to do it.


class ZokerSolo(Game):
    id = "zoker-solo"
    title = "Zoker Solo"
    summary = "Patience: pile compatible Zoker cards in the last row; score the highest pile."
    min_players = 1
    max_players = 1
    score_order = "higher"  # the score is the height of the highest pile

    def new_state(self, seed: int) -> SoloState:
        from zdeck.decks.zoker.solo.state import SoloState

        state = SoloState(self, Rng(seed))
        state.lay_out()
        return state

    def read_state(self, data: dict[str, Any]) -> SoloState:
        from zdeck.decks.zoker.solo.state import read_state

        return read_state(self, data)

    def action_face(self, action: Any) -> dict[str, Any]:
        from zdeck.decks.zoker.solo.actions import action_face

        return action_face(action)

    def action_table(self) -> Sequence[Action]:
        from zdeck.decks.zoker.solo.actions import action_table

        return action_table()

    def card_faces(self) -> dict[str, dict[str, Any]]:
        """The 64 Zoker cards, in deck order."""
        from zdeck.decks.zoker.cards import card_faces

        return card_faces()
