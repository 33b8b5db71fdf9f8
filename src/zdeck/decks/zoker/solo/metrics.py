"""Zoker Solo's own figures for designers' reports (`zdeck.batch.figures.GameFigures`); the score
distribution itself is in every report."""

from __future__ import annotations

from typing import ClassVar

from zdeck.core import Action, Outcome, State
from zdeck.decks.zoker.cards import DECK
from zdeck.decks.zoker.solo.actions import Deal


class SoloFigures:
    FIGURES: ClassVar[dict[str, str]] = {
        "complete": "the whole deck ended in one pile (the best score there is)",
        "deals": "decisions that dealt new cards per game",
    }
    ENDS: ClassVar[tuple[str, ...]] = ()

    def __init__(self) -> None:
        self.deals = 0

    def step(self, state: State, player: int | None, action: Action | None, outcome: Outcome | None,
             late: bool) -> None:
        if type(action) is Deal:
            self.deals += 1

    def finish(self, state: State) -> dict[str, float | int | bool]:
        return {"complete": state.scores()[0] >= len(DECK), "deals": self.deals}


METRICS = {"zoker-solo": SoloFigures}
