"""Tiko's only action: play one card from the hand onto the trick."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from zdeck.core import Game
from zdeck.decks.zoker.cards import DECK, Card


@dataclass(frozen=True, slots=True)
class Play:
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


PLAYS: Final[tuple[Play, ...]] = tuple(Play(c) for c in DECK)  # PLAYS[card index]: the state keeps cards as indices
PLAY_TEXTS: Final[tuple[str, ...]] = tuple(str(p) for p in PLAYS)  # formed once: `last` in every observation names one


def action_table(game: Game) -> tuple[Play, ...]:
    """Every Tiko action; ids follow the deck order."""
    return PLAYS


def action_face(game: Game, action: Play) -> dict[str, Any]:
    """What a client draws the action on (docs/observations/zoker-tiko.md): the card played."""
    return {"kind": "play", "card": action.card.text, "label": "play"}
