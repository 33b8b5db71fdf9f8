"""ZAR's own figures for designers' reports (`zdeck.batch.figures.GameFigures`).

A match is read off the play group the observation shows after a play: a play that joined a group
already on the table matched it - someone else's card, or (its owner's run grew past the play) their own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from zdeck.core import Action, Outcome, State
from zdeck.decks.zar.actions import Play


class ZarFigures:
    FIGURES: ClassVar[dict[str, str]] = {
        "matches": "matches per game: identical cards slammed on another player's play, in turn or not",
        "own_matches": "matches of one's own play per game (a bigger play, nobody draws)",
        "chameleons": "Chameleons played per game",
        "call_penalties": "cards drawn as penalties for calls per game (0 unless calls are spoken)",
        "blocked_hands": "hands that ended blocked: nobody emptied their hand (a fallback rule)",
    }
    ENDS: ClassVar[tuple[str, ...]] = ("blocked_hands",)
    # The designer's figures (zdeck.batch.figures.GameFacts): the dealer of each hand (the winner of the last
    # one) plays its first card; a hand is won by emptying one's hand.
    REFERENCE: ClassVar[str] = "dealer"
    SHEDDING: ClassVar[bool] = True
    OFF: ClassVar[dict[str, Callable[[dict[str, Any]], bool]]] = {
        "chameleons": lambda options: not options["chameleons"],
        "call_penalties": lambda options: options["calls"] == "auto",
    }
    BRANCHES: ClassVar[dict[str, tuple[str, ...]]] = {"chameleons": ("chameleons",), "calls": ("call_penalties",),
                                                      "seven_card_cap": (), "scoring": (), "half_decks": ()}

    def __init__(self) -> None:
        self.matches = self.own_matches = self.chameleons = 0

    def step(self, state: State, player: int | None, action: Action | None, outcome: Outcome | None,
             late: bool) -> None:
        if type(action) is not Play or outcome is Outcome.BOUNCED:
            return
        assert isinstance(action, Play)
        self.chameleons += action.chameleons
        group = state.observation(None)["group"]
        if group["owner"] == player and group["count"] > action.size:  # it joined a group: a match
            if group["run"] > action.size:
                self.own_matches += 1
            else:
                self.matches += 1

    def finish(self, state: State) -> dict[str, float | int | bool]:
        # A hand won by going out leaves its winner with no points; a blocked hand leaves everyone some.
        blocked = sum(1 for hand in state.round_scores() if min(hand) > 0)
        return {"matches": self.matches, "own_matches": self.own_matches, "chameleons": self.chameleons,
                "call_penalties": sum(state.observation(None)["penalties"]), "blocked_hands": blocked}


METRICS = {"zar": ZarFigures}
