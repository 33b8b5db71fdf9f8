"""Tiko's only action: play one card from the hand onto the trick."""

from __future__ import annotations

from dataclasses import dataclass

from zdeck.decks.zoker.cards import DECK, Card


@dataclass(frozen=True, slots=True)
class Play:
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


ACTIONS: tuple[Play, ...] = tuple(Play(c) for c in DECK)  # ids follow the deck order
PLAYS: tuple[Play, ...] = ACTIONS  # PLAYS[card.index] is that card's action, without allocating
