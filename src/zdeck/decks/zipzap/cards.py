"""Zip Zap's cards and actions, built from deck.json."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

DATA: dict[str, Any] = json.loads(resources.files(__package__).joinpath("deck.json").read_text())
SUITS: tuple[str, ...] = (*DATA["solid_suits"], DATA["wild_suit"])
WILD = len(SUITS) - 1
TOP_NUMBER = max(DATA["numbers"])
SOLID_POINTS: int = DATA["points"]["solid"]
WILD_POINTS: int = DATA["points"]["wild"]


@dataclass(frozen=True, slots=True)
class Card:
    suit: int  # index into SUITS; WILD is the wild suit
    number: int
    index: int = field(init=False, compare=False, repr=False)  # position in CARDS; hands are bitmasks over it
    text: str = field(init=False, compare=False, repr=False)  # str(card), formed once: every observation lists cards

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", self.suit * len(DATA["numbers"]) + self.number - 1)
        object.__setattr__(self, "text", f"{SUITS[self.suit]} {self.number}")

    def __hash__(self) -> int:  # equal cards share their index: cheaper than hashing the fields
        return self.index

    @property
    def wild(self) -> bool:
        return self.suit == WILD

    @property
    def points(self) -> int:
        return WILD_POINTS if self.wild else SOLID_POINTS

    def __str__(self) -> str:
        return self.text


CARDS: tuple[Card, ...] = tuple(Card(s, n) for s in range(len(SUITS)) for n in DATA["numbers"])
BY_TEXT: dict[str, Card] = {str(c): c for c in CARDS}


def _followers(top: Card) -> tuple[Card, ...]:
    n = top.number + 1
    if n > TOP_NUMBER:
        return ()
    if top.wild:
        return tuple(Card(s, n) for s in range(len(SUITS)))
    return (Card(top.suit, n), Card(WILD, n))


def mask_of(codes: Iterable[int]) -> int:
    """The bitmask of these card indices."""
    mask = 0
    for code in codes:
        mask |= 1 << code
    return mask


_FOLLOWERS: dict[Card, tuple[Card, ...]] = {card: _followers(card) for card in CARDS}
FOLLOWER_MASKS: tuple[int, ...] = tuple(mask_of(f.index for f in _FOLLOWERS[card]) for card in CARDS)
POINTS: tuple[int, ...] = tuple(card.points for card in CARDS)
# (mask of the cards worth p, p) per distinct value: a hand's points are a few bit counts
POINT_MASKS: tuple[tuple[int, int], ...] = tuple(
    (mask_of(c.index for c in CARDS if c.points == p), p) for p in sorted(set(POINTS)))


def hand_points(mask: int) -> int:
    return sum((mask & cards).bit_count() * points for cards, points in POINT_MASKS)


@cache
def deck_of(suits: tuple[int, ...]) -> tuple[int, ...]:
    """The card indices of a round's deck with these suits in play, in table order."""
    return tuple(card.index for card in CARDS if card.suit in suits)


def followers(top: Card) -> tuple[Card, ...]:
    """Cards that may go on `top`: the next number of its suit or wild; of any suit on a wild."""
    return _FOLLOWERS[top]


@dataclass(frozen=True, slots=True)
class Play:
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Zap:
    def __str__(self) -> str:
        return "zap"


ZAP = Zap()
PLAYS: tuple[Play, ...] = tuple(Play(c) for c in CARDS)  # PLAYS[i] plays CARDS[i]
ACTIONS: tuple[Play | Zap, ...] = (*PLAYS, ZAP)

# The plays of each byte of a hand's bitmask, one table per byte position: listing a hand
# then costs a lookup per 8 cards instead of a loop step per card.
_BYTE_PLAYS: tuple[tuple[tuple[Play, ...], ...], ...] = tuple(
    tuple(tuple(PLAYS[base + bit] for bit in range(8) if byte >> bit & 1 and base + bit < len(PLAYS))
          for byte in range(256))
    for base in range(0, len(PLAYS), 8)
)


def plays_of(mask: int) -> list[Play]:
    """The plays of the cards in a bitmask, lowest index first (as `zdeck.bits.indices` lists them)."""
    if not mask & (mask - 1):  # none or one card, the usual race moment: no table walk
        return [PLAYS[mask.bit_length() - 1]] if mask else []
    found: list[Play] = []
    for table in _BYTE_PLAYS:
        if not mask:
            break
        found += table[mask & 255]
        mask >>= 8
    return found
