"""Zoker Memo's own figures for designers' reports (`zdeck.batch.figures.GameFigures`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from zdeck.core import Action, Outcome, State


class MemoFigures:
    FIGURES: ClassVar[dict[str, str]] = {
        "stuck": "the game ended with cards left to deal: no pair and no empty place (option stuck=end)",
    }
    ENDS: ClassVar[tuple[str, ...]] = ("stuck",)
    # The designer's figures (zdeck.batch.figures.GameFacts): seat 0, left of the dealer, begins; within the
    # game the cards earned so far (the scores) say who leads.
    REFERENCE: ClassVar[str] = "dealer"
    OFF: ClassVar[dict[str, Callable[[dict[str, Any]], bool]]] = {"stuck": lambda options: options["stuck"] != "end"}
    BRANCHES: ClassVar[dict[str, tuple[str, ...]]] = {"stuck": ("stuck",), "pair_rule": (), "deal": (), "after_pair": ()}

    def step(self, state: State, player: int | None, action: Action | None, outcome: Outcome | None,
             late: bool) -> None:
        """Memo's figure is read off the final table alone."""

    def finish(self, state: State) -> dict[str, float | int | bool]:
        return {"stuck": state.observation(None)["draw_size"] > 0}


METRICS = {"zoker-memo": MemoFigures}
