"""Keys that stay bound to what they act on.

A card in your hand keeps its key for as long as you hold it: a card that arrives takes a free key,
a card that leaves frees its own, and nobody else's key moves - so in a race a card never changes
key under your fingers. A freed key is reused last (after every key never used this deal), so a
key pressed twice in a hurry does not play the card that just arrived in its place. A new deal (a new
round or game, or nothing of the old hand left) starts the keys again from the first, in hand order.

Calls (Zap, ZOOP!, draw, pass, ...) have a fixed key per game, from the kind of action they are;
`KeyRing.pool` leaves those keys and the app's own keys out.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

APP_KEYS = frozenset("q?r")  # quit, help, rules: never a card's key
CARD_KEYS = "1234567890asdfghjklwertyuioxcvbn"  # digits first, then the letters under the fingers


def card_pool(reserved: Iterable[str]) -> str:
    """The keys cards take, in order: `CARD_KEYS` without the app's keys and the game's call keys."""
    taken = APP_KEYS | set(reserved)
    return "".join(k for k in CARD_KEYS if k not in taken)


@dataclass(frozen=True)
class Slot:
    """One card of the hand: its text, its key (None when the pool ran out) and an id that stays
    the same while the card is held (the cursor follows it)."""

    card: str
    key: str | None
    ident: int


class KeyRing:
    """Stable keys for the card instances of one hand.

    >>> ring = KeyRing("123456")
    >>> [s.key for s in ring.update(["red 1", "red 5", "blue 2"])]
    ['1', '2', '3']
    >>> [s.key for s in ring.update(["red 1", "blue 2"])]  # red 5 left: blue 2 keeps its 3
    ['1', '3']
    >>> [s.key for s in ring.update(["red 1", "red 3", "blue 2"])]  # a card arrives: a never-used key
    ['1', '4', '3']
    """

    def __init__(self, pool: str) -> None:
        self.pool = pool
        self.slots: list[Slot] = []
        self.free: deque[str] = deque(pool)
        self._next = 0
        self.deal: Hashable = None

    def update(self, hand: Sequence[str], deal: Hashable = None) -> list[Slot]:
        """The hand as it is now, in its order, each card with its key. `deal` names the deal the hand is of
        (the game and round): a new one starts the keys again, even where a card of the old hand is dealt again."""
        if deal != self.deal:
            self.deal, self.slots, self.free = deal, [], deque(self.pool)
        held: dict[str, deque[Slot]] = {}
        for slot in self.slots:
            held.setdefault(slot.card, deque()).append(slot)
        kept: list[Slot | None] = [held[card].popleft() if held.get(card) else None for card in hand]
        if not any(kept):
            self.free = deque(self.pool)  # nothing held before (a new deal): keys start again, in hand order
        else:
            for gone in (s for rest in held.values() for s in rest):
                if gone.key is not None:
                    self.free.append(gone.key)  # reused last
        self.slots = [slot if slot is not None else self._new(card) for slot, card in zip(kept, hand, strict=True)]
        return self.slots

    def _new(self, card: str) -> Slot:
        self._next += 1
        return Slot(card, self.free.popleft() if self.free else None, self._next)

    def by_key(self, key: str) -> Slot | None:
        return next((slot for slot in self.slots if slot.key == key), None)

    def by_ident(self, ident: int | None) -> Slot | None:
        return next((slot for slot in self.slots if slot.ident == ident), None)
