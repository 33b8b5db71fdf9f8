"""Memo's cards: the Zoker deck's 64, and the face-down card that stands in a place on its table."""

from __future__ import annotations

from typing import Any

from zdeck.core import Game
from zdeck.decks.zoker.cards import DOWN, FACE_KEYS
from zdeck.decks.zoker.cards import card_faces as deck_faces


def card_faces(game: Game) -> dict[str, dict[str, Any]]:
    """The 64 Zoker cards, in deck order, then `"down"`: a face-down card in its place on the table."""
    return {**deck_faces(game), DOWN: {**dict.fromkeys(FACE_KEYS), "kind": DOWN}}
