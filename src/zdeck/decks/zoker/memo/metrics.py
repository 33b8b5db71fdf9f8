"""Zoker Memo's own figures for designers' reports (`zdeck.batch.figures.GameFigures`)."""

from __future__ import annotations

from typing import ClassVar

from zdeck.core import Action, Outcome, State


class MemoFigures:
    FIGURES: ClassVar[dict[str, str]] = {
        "stuck": "the game ended with cards left to deal: no pair and no empty place (option stuck=end)",
    }
    ENDS: ClassVar[tuple[str, ...]] = ("stuck",)

    def step(self, state: State, player: int | None, action: Action | None, outcome: Outcome | None,
             late: bool) -> None:
        """Memo's figure is read off the final table alone."""

    def finish(self, state: State) -> dict[str, float | int | bool]:
        return {"stuck": state.observation(None)["draw_size"] > 0}


METRICS = {"zoker-memo": MemoFigures}
