"""Zoker Kubo's own figures for designers' reports (`zdeck.batch.figures.GameFigures`).

How a round ended is read at each `end` of a turn: the observation's `passes` counts the turns in a row
ended without a card while the draw pile is used up; a round that ends on such a turn after a full circle
of them ended by the rule that no-one lays (an assumption of ours, see the rules' Clarifications).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from zdeck.core import Action, Outcome, State
from zdeck.decks.zoker.kubo.actions import End, Place


class KuboFigures:
    FIGURES: ClassVar[dict[str, str]] = {
        "cards_laid": "cards laid on the cube per game",
        "no_one_lays": "rounds ended by a full circle of turns without a card once the pile was used up "
                       "(a fallback rule)",
        "target_missed": "the match stopped at its bound of rounds before anyone reached the target (a cap)",
    }
    ENDS: ClassVar[tuple[str, ...]] = ("no_one_lays", "target_missed")
    # The designer's figures (zdeck.batch.figures.GameFacts): the player left of the dealer begins, the dealer
    # moving one seat a round; within a round the points scored so far say who leads.
    REFERENCE: ClassVar[str] = "dealer"
    OFF: ClassVar[dict[str, Callable[[dict[str, Any]], bool]]] = {
        "target_missed": lambda options: not options["target"],
        "kind:call": lambda options: options["scoring"] != "claim",  # structures are claimed only under `claim`
        "call:Score!": lambda options: options["scoring"] != "claim",
    }
    BRANCHES: ClassVar[dict[str, tuple[str, ...]]] = {"scoring": ("call:Score!",), "target": ("target_missed",),
                                                      "start": (), "rounds": ()}

    @staticmethod
    def standing(observation: Mapping[str, Any]) -> list[float]:
        return [float(p) for p in observation["points"]]

    def __init__(self) -> None:
        self.laid_this_turn = False
        self.passes = 0
        self.round = 1
        self.cards_laid = self.no_one_lays = 0

    def step(self, state: State, player: int | None, action: Action | None, outcome: Outcome | None,
             late: bool) -> None:
        kind = type(action)
        if kind is Place:
            self.cards_laid += 1
            self.laid_this_turn = True
        elif kind is End:
            ended = state.is_over() or state.round() != self.round
            if ended:
                if not self.laid_this_turn and self.passes == state.game.players - 1:
                    self.no_one_lays += 1
                self.round, self.passes = state.round(), 0
            else:
                self.passes = state.observation(None)["passes"]
            self.laid_this_turn = False
        elif state.round() != self.round:  # a claimed Zoker (`score`), or the shouts' end, closed the round
            self.round, self.passes, self.laid_this_turn = state.round(), 0, False

    def finish(self, state: State) -> dict[str, float | int | bool]:
        options = state.game.options
        missed = bool(options["target"]) and max(state.scores()) < options["target"]
        return {"cards_laid": self.cards_laid, "no_one_lays": self.no_one_lays, "target_missed": missed}


METRICS = {"zoker-kubo": KuboFigures}
