"""Zip Zap's own figures for designers' reports (`zdeck.batch.figures.GameFigures`)."""

from __future__ import annotations

from typing import ClassVar

from zdeck.core import Action, Outcome, State
from zdeck.decks.zipzap.actions import Zap


class ZipZapFigures:
    FIGURES: ClassVar[dict[str, str]] = {
        "zaps": "Zaps played per game (a late Zap that came back is not counted)",
    }
    ENDS: ClassVar[tuple[str, ...]] = ()
    # The designer's figures (zdeck.batch.figures.GameFacts): the dealer moves one seat a round and the round
    # opens with a race; a round is won by emptying one's hand.
    REFERENCE: ClassVar[str] = "dealer"
    SHEDDING: ClassVar[bool] = True

    def __init__(self) -> None:
        self.zaps = 0

    def step(self, state: State, player: int | None, action: Action | None, outcome: Outcome | None,
             late: bool) -> None:
        if type(action) is Zap and outcome is Outcome.APPLIED:
            self.zaps += 1

    def finish(self, state: State) -> dict[str, float | int | bool]:
        return {"zaps": self.zaps}


METRICS = {"zipzap": ZipZapFigures}
