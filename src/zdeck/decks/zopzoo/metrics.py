"""Zop Zoo's own figures for designers' reports (`zdeck.batch.figures.GameFigures`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from zdeck.core import Action, Outcome, State
from zdeck.decks.zopzoo.actions import Dig, Give, Steal, Switch

_SPECIALTY = {Give: "hyena", Steal: "raccoon", Switch: "earthworm"}


class ZopZooFigures:
    FIGURES: ClassVar[dict[str, str]] = {
        "specialty": "Specialty cards used per game (HYENA, RACCOON and EARTHWORM together)",
        "hyena": "HYENA used per game (a POINTS card given away)",
        "raccoon": "RACCOON used per game (a POINTS card taken)",
        "earthworm": "EARTHWORM used per game (POINTS cards switched)",
        "digs": "MOLE digs per game",
        "deck_out": "rounds that ended because the black deck ran out, nobody completing a row (a fallback rule)",
    }
    ENDS: ClassVar[tuple[str, ...]] = ("deck_out",)
    # The designer's figures (zdeck.batch.figures.GameFacts): seat 0 deals all game, so positions count from
    # each round's first player (the dealer in round one, then the last round's winner).
    REFERENCE: ClassVar[str] = "first"
    BRANCHES: ClassVar[dict[str, tuple[str, ...]]] = {"assist": (), "recall": (), "target": ()}

    @staticmethod
    def standing(observation: Mapping[str, Any]) -> list[float]:
        """Within a round: minus the white cards still uncovered in each row (0: a whole row shows POINTS
        or is otherwise covered)."""
        return [-float(sum(1 for _, cover in row if cover is None)) for row in observation["rows"]]

    @staticmethod
    def hand_winners(observation: Mapping[str, Any]) -> list[int]:
        """The round's winner, who completed a row; nobody where the black deck ran out."""
        winner = observation["round_winners"][-1]
        return [] if winner is None else [winner]

    def __init__(self) -> None:
        self.used = {"hyena": 0, "raccoon": 0, "earthworm": 0}
        self.digs = 0

    def step(self, state: State, player: int | None, action: Action | None, outcome: Outcome | None,
             late: bool) -> None:
        kind = type(action)
        if kind is Dig:
            self.digs += 1
        elif kind in _SPECIALTY:
            self.used[_SPECIALTY[kind]] += 1

    def finish(self, state: State) -> dict[str, float | int | bool]:
        ran_out = sum(1 for winner in state.observation(None)["round_winners"] if winner is None)
        return {"specialty": sum(self.used.values()), **self.used, "digs": self.digs, "deck_out": ran_out}


METRICS = {"zopzoo": ZopZooFigures}
