"""Zop Zoo actions: frozen values with a stable text form.

Cards inside actions are ids; their text uses the card names, so a record reads
like the table talk: "draw", "cover owl", "give skunk to p2", "switch beast for giraffe".
A "unit" is what a Specialty card moves: a row card (named by its white card,
moving with whatever covers or connects to it) or a Side Bonus card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from zdeck.decks.zopzoo.cards import NAME, UNITS, WHITE
from zdeck.decks.zopzoo.game import ZopZoo


@dataclass(frozen=True, slots=True)
class Draw:
    """Pick the top card of the draw pile."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Take:
    """Take the top card of the discard pile (it matches one of your cards)."""

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Stop:
    """Manual assist only: stop taking matching cards from the discard pile (an overlook)."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class Place:
    """Manual assist only: place the matching card you drew."""

    def __str__(self) -> str:
        return "place"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard the card you drew: a MOLE you do not use, or (manual assist) an overlooked match."""

    def __str__(self) -> str:
        return "discard"


@dataclass(frozen=True, slots=True)
class Dig:
    """Use a MOLE: the one you drew, or the one on top of the discard pile."""

    def __str__(self) -> str:
        return "dig"


@dataclass(frozen=True, slots=True)
class Cover:
    """Place the drawn wild card over one of your uncovered row cards."""

    card: int

    def __str__(self) -> str:
        return f"cover {NAME[self.card]}"


@dataclass(frozen=True, slots=True)
class Give:
    """HYENA: give one of your POINTS units to another seat."""

    unit: int
    to: int

    def __str__(self) -> str:
        return f"give {NAME[self.unit]} to p{self.to}"


@dataclass(frozen=True, slots=True)
class Steal:
    """RACCOON: take another player's POINTS unit (its owner follows from the card)."""

    unit: int

    def __str__(self) -> str:
        return f"steal {NAME[self.unit]}"


@dataclass(frozen=True, slots=True)
class Switch:
    """EARTHWORM: switch one of your POINTS units for another player's."""

    mine: int
    theirs: int

    def __str__(self) -> str:
        return f"switch {NAME[self.mine]} for {NAME[self.theirs]}"


ZopAction = Draw | Take | Stop | Place | Discard | Dig | Cover | Give | Steal | Switch

DRAW: Final = Draw()
TAKE: Final = Take()
STOP: Final = Stop()
PLACE: Final = Place()
DISCARD: Final = Discard()
DIG: Final = Dig()


# Every action naming a card, made once: a frozen dataclass costs ~250 ns to build (a Python-level __init__, in the
# compiled build too), and a Specialty card's listing made dozens each time (12% of a 6-seat game). The listings
# and the action table hand out these very objects, so finding a chosen one in a list is an identity check.
COVERS: Final[dict[int, Cover]] = {w: Cover(w) for w in WHITE}
STEALS: Final[dict[int, Steal]] = {u: Steal(u) for u in UNITS}
SWITCHES: Final[dict[tuple[int, int], Switch]] = {(a, b): Switch(a, b) for a in UNITS for b in UNITS if a != b}
_GIVES: Final[dict[tuple[int, int], Give]] = {(u, p): Give(u, p) for u in UNITS for p in range(ZopZoo.max_players)}


def give(unit: int, to: int) -> Give:
    """The action giving `unit` to seat `to` (made now for a seat past `ZopZoo.max_players`, as a variant may seat)."""
    made = _GIVES.get((unit, to))
    return made if made is not None else Give(unit, to)


def action_table(game: ZopZoo) -> list[ZopAction]:
    """Every action for this many seats, in a fixed order (ids are positions)."""
    players = game.players
    table: list[ZopAction] = [DRAW, TAKE, STOP, PLACE, DISCARD, DIG]
    table += [COVERS[w] for w in WHITE]
    table += [give(u, p) for u in UNITS for p in range(players)]
    table += [STEALS[u] for u in UNITS]
    table += [SWITCHES[(a, b)] for a in UNITS for b in UNITS if a != b]
    return table


def action_face(game: ZopZoo, action: ZopAction) -> dict[str, Any]:
    """What a client draws the action on (docs/observations/zopzoo.md): the card it names (a row card by its
    white card, or a Side Bonus card) and, for a Specialty, the seat or the other card."""
    if isinstance(action, Cover):
        return {"kind": "cover", "card": NAME[action.card], "label": "cover"}
    if isinstance(action, Give):
        return {"kind": "give", "card": NAME[action.unit], "to": action.to, "label": f"give to p{action.to}"}
    if isinstance(action, Steal):
        return {"kind": "steal", "card": NAME[action.unit], "label": "steal"}
    if isinstance(action, Switch):
        return {"kind": "switch", "card": NAME[action.mine], "for": NAME[action.theirs],
                "label": f"switch for {NAME[action.theirs]}"}
    return {"kind": str(action), "label": str(action)}  # draw, take, stop, place, discard, dig
