"""Zoker Tiko's figures for designers' reports (`zdeck.batch.figures.GameFigures`): no figures of its own,
the hooks of the designer's figures (`zdeck.batch.figures.GameFacts`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from zdeck.core import Action, Outcome, State


class TikoFigures:
    FIGURES: ClassVar[dict[str, str]] = {}
    ENDS: ClassVar[tuple[str, ...]] = ()
    # The player left of the dealer leads the first trick, the dealer moving one seat a game; within a game the
    # cards won so far say who leads. A game's winner is whoever won the most cards (its `round_scores`).
    REFERENCE: ClassVar[str] = "dealer"
    BRANCHES: ClassVar[dict[str, tuple[str, ...]]] = {"compare": (), "last_deal": (), "match": (), "rounds": ()}

    @staticmethod
    def standing(observation: Mapping[str, Any]) -> list[float]:
        return [float(len(won)) for won in observation["won"]]

    def step(self, state: State, player: int | None, action: Action | None, outcome: Outcome | None,
             late: bool) -> None:
        """Tiko has no figures of its own."""

    def finish(self, state: State) -> dict[str, float | int | bool]:
        return {}


METRICS = {"zoker-tiko": TikoFigures}
