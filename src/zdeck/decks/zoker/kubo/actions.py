"""Kubo's actions: draw a card, lay a card, claim a structure ("Score!"), end the turn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from zdeck.core import Game
from zdeck.decks.zoker.cards import DECK, Card
from zdeck.decks.zoker.kubo.board import FRAMES, LINE_CARDS, LINES, line_text


@dataclass(frozen=True, slots=True)
class Draw:
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class End:
    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Place:
    card: Card

    def __str__(self) -> str:
        return f"place {self.card}"


@dataclass(frozen=True, slots=True)
class Score:
    """Announce (or, after another's turn, shout "Score!" for) one completed structure, by its line id."""

    line: int

    def __str__(self) -> str:
        return f"score {line_text(self.line)}"


KuboAction = Draw | End | Place | Score
DRAW: Final = Draw()
END: Final = End()
PLACES: Final[tuple[Place, ...]] = tuple(Place(c) for c in DECK)  # PLACES[card index]
SCORES: Final[tuple[Score, ...]] = tuple(Score(k) for k in range(len(LINES)))  # SCORES[line id]


def action_table(game: Game) -> tuple[KuboAction, ...]:
    """Every Kubo action, in a fixed order: draw, end, the 64 places, the 76 scores."""
    return (DRAW, END, *PLACES, *SCORES)


def action_face(game: Game, action: KuboAction) -> dict[str, Any]:
    """What a client draws the action on (docs/observations/zoker-kubo.md). A card laid names its place in
    the cube as this table stands it (`layer` 0 = bottom, `cell` 0..15 on the 4x4 square, reading order),
    so a client draws the cube's layers from the faces alone; a claim names its line's four cards."""
    if isinstance(action, Place):
        index, frame = action.card.index, FRAMES[game.options["start"]]
        return {"kind": "play", "card": action.card.text, "layer": frame.layer_of[index],
                "cell": frame.column_of[index], "label": "place"}
    if isinstance(action, Score):
        return {"kind": "call", "call": "Score!", "line": line_text(action.line),
                "cards": [DECK[i].text for i in LINE_CARDS[action.line]], "label": "Score!"}
    return {"kind": str(action), "label": str(action)}  # draw, end
