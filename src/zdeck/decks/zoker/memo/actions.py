"""Zoker Memo's single action: turn the face-down card at a place face up.

Places are numbered 1..64 in dealing order; a table of N cards uses places 1..N.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, TypeGuard

from zdeck.core import Game

MAX_PLACES: Final = 64  # "even all the 64" cards may lie on the table


@dataclass(frozen=True, slots=True)
class Turn:
    slot: int  # 0-based place

    def __str__(self) -> str:
        return f"turn {self.slot + 1}"


ACTIONS: Final[tuple[Turn, ...]] = tuple(Turn(s) for s in range(MAX_PLACES))
TEXTS: Final[tuple[str, ...]] = tuple(str(a) for a in ACTIONS)  # formed once: every observation names the last turn


def action_table(game: Game) -> tuple[Turn, ...]:
    """Every Memo action in a fixed order (ids are positions): turning place 1, 2, ... 64."""
    return ACTIONS


def is_canonical(action: object) -> TypeGuard[Turn]:
    """Is this a value of the action table, its place a true int? (`Turn(True) == Turn(1)` in Python.)"""
    return isinstance(action, Turn) and type(action.slot) is int and 0 <= action.slot < MAX_PLACES


def action_face(game: Game, action: Turn) -> dict[str, Any]:
    """What a client draws the action on (docs/observations/zoker-memo.md): `place`, 0-based, indexes `table`."""
    return {"kind": "turn", "place": action.slot, "label": f"turn {action.slot + 1}"}
