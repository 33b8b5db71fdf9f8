"""Snap's cards, read from deck.json: each colour numbered 1 to 5, twice. Inside the state a card is its index
into CARDS (two copies share an index); what it shows is `card_faces`."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from zdeck.core import Game

DATA: dict[str, Any] = json.loads(resources.files(__package__).joinpath("deck.json").read_text())
COLOURS: tuple[str, ...] = tuple(DATA["colours"])
NUMBERS: tuple[int, ...] = tuple(DATA["numbers"])


@dataclass(frozen=True, slots=True)
class Card:
    colour: int
    number: int

    @property
    def text(self) -> str:
        return f"{COLOURS[self.colour]} {self.number}"


CARDS: tuple[Card, ...] = tuple(Card(c, n) for c in range(len(COLOURS)) for n in NUMBERS)
TEXTS: tuple[str, ...] = tuple(card.text for card in CARDS)
INDEX: dict[str, int] = {text: i for i, text in enumerate(TEXTS)}
DECK: tuple[int, ...] = tuple(i for i in range(len(CARDS)) for _ in range(DATA["copies"]))


def follows(card: int, top: int) -> bool:
    """The one rule of play: a card goes on the top card of its colour or of its number."""
    a, b = CARDS[card], CARDS[top]
    return a.colour == b.colour or a.number == b.number


def pairs(card: int, under: int) -> bool:
    """A card laid on one of its number makes a pair, which the others may snap."""
    return CARDS[card].number == CARDS[under].number


def card_faces(game: Game) -> dict[str, dict[str, Any]]:
    """Every card in deck order: its colour and number, a label, and the colour to draw it in."""
    return {card.text: {"kind": "number", "colour": COLOURS[card.colour], "number": card.number,
                        "label": str(card.number), "colour_hex": DATA["colour_hex"][COLOURS[card.colour]]}
            for card in CARDS}
