"""Zip Zap's cards, read from deck.json: five suits numbered 1 to 10 (four solid colours and the wild
suit) and the Zap. Inside the state a card is its index, and a hand the bitmask of its indices."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final, TypeVar

from zdeck.bits import _NATIVE

if TYPE_CHECKING:
    from zdeck.decks.zipzap.game import ZipZap

T = TypeVar("T")

DATA: Final[dict[str, Any]] = json.loads(resources.files(__package__).joinpath("deck.json").read_text())
SUITS: Final[tuple[str, ...]] = (*DATA["solid_suits"], DATA["wild_suit"])
WILD: Final = len(SUITS) - 1  # the wild suit's index in SUITS
NUMBERS: Final[tuple[int, ...]] = tuple(DATA["numbers"])
TOP_NUMBER: Final = max(NUMBERS)


@dataclass(frozen=True, slots=True)
class Card:
    """A numbered card: a suit (index into SUITS) and a number."""

    suit: int
    number: int
    index: int = field(init=False, compare=False, repr=False)  # its place in CARDS and in a hand's bitmask
    text: str = field(init=False, compare=False, repr=False)  # formed once: every observation names cards

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", self.suit * len(NUMBERS) + NUMBERS.index(self.number))
        object.__setattr__(self, "text", f"{SUITS[self.suit]} {self.number}")

    def __hash__(self) -> int:  # equal cards share their index: cheaper than hashing the fields
        return self.index

    @property
    def wild(self) -> bool:
        return self.suit == WILD

    @property
    def points(self) -> int:
        """What the card costs its holder when someone goes out."""
        points: int = DATA["points"]["wild" if self.wild else "solid"]
        return points

    def __str__(self) -> str:
        return self.text


CARDS: Final[tuple[Card, ...]] = tuple(Card(suit, number) for suit in range(len(SUITS)) for number in NUMBERS)
BY_TEXT: Final[dict[str, Card]] = {card.text: card for card in CARDS}

ZAP: Final = len(CARDS)  # the Zap's index: one past the numbered cards, so a hand's bitmask holds it too
ZAP_BIT: Final = 1 << ZAP
ZAP_TEXT: Final = "zap"
ZAP_POINTS: Final[int] = DATA["points"]["zap"]
TEXTS: Final[tuple[str, ...]] = (*(card.text for card in CARDS), ZAP_TEXT)  # the name of every index


def mask_of(codes: Iterable[int]) -> int:
    """The bitmask of these card indices."""
    mask = 0
    for code in codes:
        mask |= 1 << code
    return mask


# The indices of each byte of a bitmask, one table per byte position: listing a hand costs a look-up per
# 8 cards instead of a loop step per card (observations).
_BYTE_INDICES: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(base + bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
    for base in range(0, ZAP + 1, 8)
)


def indices(mask: int) -> list[int]:
    """The card indices in a bitmask, lowest first (as `zdeck.bits.indices` lists them). (`by_byte` written
    out for ints: compiled, a loop over the typed tables, where the generic one goes through Python's protocols.)"""
    found: list[int] = []
    for table in _BYTE_INDICES:
        if not mask:
            break
        byte = mask & 255
        if byte:  # (an empty byte extends by nothing, but the call still costs: a re-deal's deck is a card or two)
            found.extend(table[byte])
        mask >>= 8
    return found


def union(cards: list[int], start: int, end: int) -> int:
    """The bitmask of the cards `cards[start:end]`."""
    mask = 0
    for k in range(start, end):
        mask |= 1 << cards[k]
    return mask


if ZAP > 61:
    raise RuntimeError("zipzap deck.json: a hand's bitmask must stay below 2**62 (a machine integer compiled)")


def by_byte(mask: int, tables: Sequence[Sequence[tuple[T, ...]]]) -> list[T]:
    """What `tables` give for each byte of a bitmask, lowest byte first: tables[b][byte] lists the items
    of the bits set in byte b (the actions of a hand)."""
    found: list[T] = []
    for table in tables:
        if not mask:
            break
        found += table[mask & 255]
        mask >>= 8
    return found


def texts(mask: int) -> list[str]:
    """The names of a bitmask's cards, lowest index first (the Zap last)."""
    return [TEXTS[i] for i in indices(mask)]


def _followers(card: Card) -> tuple[Card, ...]:
    number = card.number + 1
    if number > TOP_NUMBER:
        return ()
    suits = range(len(SUITS)) if card.wild else (card.suit, WILD)
    return tuple(Card(suit, number) for suit in suits)


_FOLLOWERS: Final[tuple[tuple[Card, ...], ...]] = tuple(_followers(card) for card in CARDS)


def followers(card: Card) -> tuple[Card, ...]:
    """The cards that may go on `card`: the next number of its suit or the wild one; on a wild card,
    the next number of any suit. Nothing follows a 10."""
    return _FOLLOWERS[card.index]


# The cards that may go on each index; nothing follows the Zap (its player continues).
FOLLOWER_MASKS: Final[tuple[int, ...]] = (*(mask_of(f.index for f in followers(card)) for card in CARDS), 0)

# (mask of the cards worth p, p) per distinct value: a hand's points are a few bit counts
_POINT_MASKS: Final[tuple[tuple[int, int], ...]] = (
    *((mask_of(c.index for c in CARDS if c.points == p), p) for p in sorted({c.points for c in CARDS})),
    (ZAP_BIT, ZAP_POINTS),
)


def hand_points(mask: int) -> int:
    """What a hand costs its holder: solid 1, wild 3, the Zap 5 (deck.json)."""
    return sum((mask & cards).bit_count() * points for cards, points in _POINT_MASKS)


@cache
def deck_of(suits: tuple[int, ...]) -> tuple[int, ...]:
    """The card indices of a round's deck with these suits in play, in table order."""
    return tuple(card.index for card in CARDS if card.suit in suits)


# The deck's mask for every set of suits a round can have in play (the wild suit and any solid ones, in order):
# a re-deal asks (`_seen_held`), and a dict look-up costs the interpreter less than a loop or a cached call.
_IN_PLAY_MASKS: Final[dict[tuple[int, ...], int]] = {
    solids + (WILD,): mask_of(card.index for card in CARDS if card.suit == WILD or card.suit in solids)
    for k in range(WILD + 1) for solids in combinations(range(WILD), k)
}


_SUIT_MASKS: Final[tuple[int, ...]] = tuple(mask_of(card.index for card in CARDS if card.suit == suit) for suit in range(len(SUITS)))

_ALL_SUITS: Final = mask_of(range(len(CARDS)))  # every numbered card


def in_play_mask(suits: tuple[int, ...]) -> int:
    """The bitmask of a round's deck with these suits in play. Compiled, the suits' masks or-ed in a typed loop (a
    dict look-up hashes the tuple through Python's protocols there, ~350 instructions); interpreted, the dict.
    With every suit in play (four players or more, deck.json), the whole deck without a loop."""
    if len(suits) == len(SUITS):
        return _ALL_SUITS
    if _NATIVE:
        mask = 0
        for suit in suits:
            mask |= _SUIT_MASKS[suit]
        return mask
    found = _IN_PLAY_MASKS.get(suits)
    return mask_of(deck_of(suits)) if found is None else found  # (suits in another order: read from a dict)


# -- faces: what a player reads off each card (Game.card_faces, docs/observations/zipzap.md "Cards") ------
FACE_KEYS: Final = ("kind", "colour", "number", "points", "label", "colour_hex")
COLOUR_HEX: Final[dict[str, str]] = DATA["colour_hex"]


def _faces(scored: bool) -> dict[str, dict[str, Any]]:
    """Every card of the box (all five suits: which solid suits sit out is drawn per game), then the Zap."""
    faces: dict[str, dict[str, Any]] = {
        card.text: {"kind": "number", "colour": SUITS[card.suit], "number": card.number,
                    "points": card.points if scored else None, "label": str(card.number),
                    "colour_hex": COLOUR_HEX[SUITS[card.suit]]}
        for card in CARDS
    }
    faces[ZAP_TEXT] = {"kind": "zap", "colour": None, "number": None, "points": ZAP_POINTS if scored else None,
                       "label": "Zap", "colour_hex": COLOUR_HEX["zap"]}
    return faces


_FACES: Final = {True: _faces(True), False: _faces(False)}


def card_faces(game: ZipZap) -> dict[str, dict[str, Any]]:
    """Every suit's cards (the suits left out with 2-3 players are drawn per game) and the Zap, a fresh copy
    each call (a client may change its own); `points` is what a card costs in hand under card scoring, null
    under `scoring="wins"`."""
    return {text: dict(face) for text, face in _FACES[game.options["scoring"] == "cards"].items()}
