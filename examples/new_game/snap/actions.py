"""Snap's actions: play a card, draw one, pass (nothing to play or draw), and the out-of-turn call "snap!"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zdeck.core import Action, Game
from zdeck.decks.snap.cards import CARDS, TEXTS


@dataclass(frozen=True, slots=True)
class Play:
    card: int  # its index in CARDS

    def __str__(self) -> str:
        return f"play {TEXTS[self.card]}"


@dataclass(frozen=True, slots=True)
class Draw:
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Snap:
    def __str__(self) -> str:
        return "snap"


PLAYS: tuple[Play, ...] = tuple(Play(i) for i in range(len(CARDS)))
DRAW, PASS, SNAP = Draw(), Pass(), Snap()
REFLEXES: frozenset[type] = frozenset({Snap})  # a shout, not a considered move: the race model times it faster


def action_table(game: Game) -> tuple[Action, ...]:
    """Every action in a fixed order: ids are positions."""
    return (*PLAYS, DRAW, PASS, SNAP)


def action_face(game: Game, action: Action) -> dict[str, Any]:
    """What a client draws the action on (docs: observations in rules.md)."""
    if isinstance(action, Play):
        return {"kind": "play", "card": TEXTS[action.card], "label": "play"}
    if isinstance(action, Snap):
        return {"kind": "call", "call": "snap!", "label": "Snap!"}
    return {"kind": str(action), "label": str(action)}
