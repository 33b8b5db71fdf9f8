"""Zop Zoo's own figures for designers' reports (`zdeck.batch.figures.GameFigures`)."""

from __future__ import annotations

from typing import ClassVar

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
