"""Zoop's own figures for designers' reports (`zdeck.batch.figures.GameFigures`)."""

from __future__ import annotations

from typing import ClassVar

from zdeck.core import Action, Outcome, State
from zdeck.decks.zoop.actions import Cage, PlayWild, Zoop


class ZoopFigures:
    FIGURES: ClassVar[dict[str, str]] = {
        "zoops": "ZOOP!s that stood per game",
        "zoops_penalised": "ZOOP!s penalised per game (a collision, a different card, or no call)",
        "captures": "Special Animals captured by a Cage per game",
        "special_rounds": "Wild Cards played (Special Rounds started) per game",
        "blocked": "the game ended blocked: draw pile empty and nobody could play (a fallback rule)",
    }
    ENDS: ClassVar[tuple[str, ...]] = ("blocked",)
    # The designer's figures (zdeck.batch.figures.GameFacts): positions count from the starter (random, or
    # the `first_player` option), who has the first turn; the game is won by emptying one's hand.
    REFERENCE: ClassVar[str] = "turn"
    SHEDDING: ClassVar[bool] = True
    BRANCHES: ClassVar[dict[str, tuple[str, ...]]] = {
        "calls": ("zoops_penalised",), "wild_rule": ("special_rounds",), "zoop_turn": ("zoops",),
        "own_cage": ("captures",), "captured_crab": ("captures",), "colours": (), "first_player": ()}

    def __init__(self) -> None:
        self.zoops = self.zoops_penalised = self.captures = self.special_rounds = 0

    def step(self, state: State, player: int | None, action: Action | None, outcome: Outcome | None,
             late: bool) -> None:
        kind = type(action)
        if kind is Zoop:
            if outcome is Outcome.APPLIED:
                self.zoops += 1
            elif outcome is Outcome.PENALISED:
                self.zoops_penalised += 1
        elif kind is Cage and outcome is Outcome.APPLIED:
            self.captures += 1
        elif kind is PlayWild and outcome is Outcome.APPLIED:
            self.special_rounds += 1

    def finish(self, state: State) -> dict[str, float | int | bool]:
        return {"zoops": self.zoops, "zoops_penalised": self.zoops_penalised, "captures": self.captures,
                "special_rounds": self.special_rounds, "blocked": state.observation(None)["end"] == "blocked"}


METRICS = {"zoop": ZoopFigures}
