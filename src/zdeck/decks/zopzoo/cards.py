"""The Zop Zoo deck: 52 white cards dealt as starting rows, 74 black cards to draw.

Cards are small immutable values indexed by a stable id: white cards 0..51,
black cards 52..125, in the order of `deck.json`. Rules code works on ids (ints)
and looks facts up in the tuples below, so a state is plain lists of ints.

>>> len(WHITE), len(BLACK), len(CARDS)
(52, 74, 126)
>>> NAME[MATCHER_OF[card_id("owl")]], NAME[MATCH[card_id("owl points")]]
('owl points', 'owl')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import IntEnum
from importlib import resources
from typing import TYPE_CHECKING, Any, Final

from zdeck.bits import _BIT31, _NATIVE, _ones
from zdeck.compiled import i64
from zdeck.core import shorten

if TYPE_CHECKING:
    from zdeck.decks.zopzoo.game import ZopZoo


class Kind(IntEnum):
    # white deck
    CATEGORY = 0
    LOWER = 1
    MINUS = 2
    # black deck
    POINTS = 3
    UPPER = 4
    ANTI = 5
    BEAST = 6
    BEST_BEAST = 7
    BONUS = 8
    MOLE = 9
    HYENA = 10
    RACCOON = 11
    EARTHWORM = 12


WHITE_KINDS: Final = frozenset({Kind.CATEGORY, Kind.LOWER, Kind.MINUS})
MATCHERS: Final = frozenset({Kind.POINTS, Kind.UPPER, Kind.ANTI})  # black cards that cover/connect one white card
WILDS: Final = frozenset({Kind.BEAST, Kind.BEST_BEAST})
SPECIALTY: Final = frozenset({Kind.HYENA, Kind.RACCOON, Kind.EARTHWORM})
DIGGABLE: Final = frozenset({Kind.POINTS, Kind.UPPER, Kind.ANTI, Kind.BONUS})  # what a MOLE may retrieve


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. `value` is the indicated or actual points; `category` is "" when none is listed."""

    id: int
    kind: Kind
    name: str  # unique text form, e.g. "owl", "owl points", "giraffe upper", "ocean bonus"
    art: str  # the illustration: a Category card and its POINTS card share one
    category: str
    value: int

    @property
    def white(self) -> bool:
        return self.kind in WHITE_KINDS

    def __str__(self) -> str:
        return self.name


def _load() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("deck.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _build(data: dict[str, Any]) -> tuple[tuple[Card, ...], dict[str, int]]:
    values = {c["name"]: c["value"] for c in data["categories"]}
    white: list[tuple[Kind, str, str, str, int]] = []
    black: list[tuple[Kind, str, str, str, int]] = []
    for category, animals in data["category_animals"].items():
        for animal in animals:
            white.append((Kind.CATEGORY, animal, animal, category, values[category]))
            black.append((Kind.POINTS, f"{animal} points", animal, category, values[category]))
    connect = data["connect_value"]
    for entry in data["connect_animals"]:
        animal = entry["animal"]
        white.append((Kind.LOWER, animal, animal, "", connect))
        # the upper half lists a category; the pair is worth `connect` once joined
        black.append((Kind.UPPER, f"{animal} upper", animal, entry["category"], connect))
    for entry in data["minus_animals"]:
        animal = entry["animal"]
        white.append((Kind.MINUS, animal, animal, "", -entry["value"]))
        black.append((Kind.ANTI, f"{animal} anti-minus", animal, "", entry["value"]))
    for entry in data["wild_cards"]:
        kind = Kind.BEST_BEAST if entry["value"] > 0 else Kind.BEAST
        for i in range(entry["count"]):
            suffix = f" {i + 1}" if entry["count"] > 1 else ""
            black.append((kind, entry["name"] + suffix, entry["name"], "", entry["value"]))
    for entry in data["side_bonus"]:
        name = f"{entry['category'].lower()} bonus"
        black.append((Kind.BONUS, name, name, entry["category"], entry["value"]))
    for i in range(data["mole_count"]):
        black.append((Kind.MOLE, f"mole {i + 1}", "mole", "", 0))
    for name in data["specialty"]:
        black.append((Kind[name.upper()], name, name, "", 0))
    cards = tuple(Card(i, *spec) for i, spec in enumerate(white + black))
    by_name = {c.name: c.id for c in cards}
    if len(by_name) != len(cards):
        raise RuntimeError("zopzoo deck.json: card names must be unique")
    return cards, by_name


DATA: Final = _load()
CARDS, BY_NAME = _build(DATA)
CATEGORIES: Final[tuple[str, ...]] = tuple(c["name"] for c in DATA["categories"])
CATEGORY_VALUE: Final[dict[str, int]] = {c["name"]: c["value"] for c in DATA["categories"]}
CATEGORY_COLOUR: Final[dict[str, str]] = {c["name"]: c["colour"] for c in DATA["categories"]}
WHITE: Final[tuple[int, ...]] = tuple(c.id for c in CARDS if c.white)
BLACK: Final[tuple[int, ...]] = tuple(c.id for c in CARDS if not c.white)
N_CARDS: Final = len(CARDS)
KIND: Final[tuple[Kind, ...]] = tuple(c.kind for c in CARDS)  # hot-path lookups by id
VALUE: Final[tuple[int, ...]] = tuple(c.value for c in CARDS)
CAT: Final[tuple[str, ...]] = tuple(c.category for c in CARDS)
NAME: Final[tuple[str, ...]] = tuple(c.name for c in CARDS)
BONUS_CARDS: Final[tuple[int, ...]] = tuple(c.id for c in CARDS if c.kind is Kind.BONUS)
UNITS: Final[tuple[int, ...]] = WHITE + BONUS_CARDS  # what a Specialty card can move: a row card (with its cover) or a bonus


def _matches() -> tuple[int, ...]:
    """For each black POINTS/UPPER/ANTI card, the id of the one white card it covers or connects to."""
    white_of = {(CARDS[w].art, CARDS[w].kind): w for w in WHITE}
    pair = {Kind.POINTS: Kind.CATEGORY, Kind.UPPER: Kind.LOWER, Kind.ANTI: Kind.MINUS}
    return tuple(white_of[(c.art, pair[c.kind])] if c.kind in pair else -1 for c in CARDS)


MATCH: Final[tuple[int, ...]] = _matches()
MATCHER_OF: Final[dict[int, int]] = {w: b for b, w in enumerate(MATCH) if w >= 0}  # white id -> the black card matching it
_MATCHER: Final[tuple[int, ...]] = tuple(MATCHER_OF[w] for w in WHITE)  # the same by index (compiled: no dict look-up)


# -- the unseen black cards in a fixed order (a re-deal shuffles them from it) --------------------------------


def sorted_black(draw: list[int], discard: list[int], buried: int, bonus: list[list[int]], cover: dict[int, int],
                 pending: int) -> list[int]:
    """The cards of the draw pile and the discard pile's `buried` bottom ones, distinct black ids (52 to 125),
    lowest first: the order a re-deal shuffles the unseen cards from, which does not show where they lay. Every
    other black card shows: in the bonus areas, covering a white card (`cover`'s values), on the discard pile from
    `buried` up, the pending card (-1: none).

    Compiled, `list.sort` compares boxed integers (~230 instructions a card for the ~65 unseen cards); the unseen
    cards are the black deck less the shown ones (`unseen_words`), read back in order a byte at a time
    (`extend_black`). The interpreter's `sort` is a C call no loop of its own beats."""
    if not _NATIVE:
        pool = draw + discard[:buried]
        pool.sort()
        return pool
    w0, w1, w2 = unseen_words(draw, discard, buried, bonus, cover, pending)
    found: list[int] = []
    extend_black(found, w0, w1, w2)
    return found


def unseen_words(draw: list[int], discard: list[int], buried: int, bonus: list[list[int]], cover: dict[int, int],
                 pending: int) -> tuple[i64, i64, i64]:
    """Compiled: `sorted_black`'s cards as three 32-bit words (bit k of the first is black card k, of the second
    32 + k, of the third 64 + k): the black deck less the shown cards, whose bits are set where they lie (a list
    gathering them cost ~1k instructions a re-deal); mid-round they are a few. Their count must be the piles' (a
    card shown twice or lying in two places breaks it)."""
    w0: i64 = 0
    w1: i64 = 0
    w2: i64 = 0
    for pile in bonus:
        for card in pile:
            w0, w1, w2 = _with_black(w0, w1, w2, card)
    for card in list(cover.values()):  # (compiled, a C call and a list's loop: mypyc steps through a dict's values
        w0, w1, w2 = _with_black(w0, w1, w2, card)  # by a generic call each, ~100 instructions a value)
    for k in range(buried, len(discard)):
        w0, w1, w2 = _with_black(w0, w1, w2, discard[k])
    if pending >= 0:
        w0, w1, w2 = _with_black(w0, w1, w2, pending)
    w0, w1, w2 = w0 ^ _WORD, w1 ^ _WORD, w2 ^ _LAST_WORD
    if _ones(w0) + _ones(w1) + _ones(w2) != len(draw) + buried:
        raise ValueError(f"unseen_words: {_ones(w0) + _ones(w1) + _ones(w2)} black cards not shown, "
                         f"{len(draw) + buried} in the piles")
    return w0, w1, w2


def matcher_words(rows: list[list[int]], cover: dict[int, int]) -> tuple[i64, i64, i64]:
    """Compiled: the black cards matching a white card that shows uncovered in a row, as `unseen_words`' three
    words: the matches of every row card less those of the covered ones (a white card is covered only in a row),
    with no branch on which card is covered."""
    r0: i64 = 0
    r1: i64 = 0
    r2: i64 = 0
    for row in rows:
        for white in row:
            r0, r1, r2 = _with_black(r0, r1, r2, _MATCHER[white])
    c0: i64 = 0
    c1: i64 = 0
    c2: i64 = 0
    for white in cover:
        c0, c1, c2 = _with_black(c0, c1, c2, _MATCHER[white])
    return r0 & ~c0, r1 & ~c1, r2 & ~c2


def extend_black(found: list[int], w0: i64, w1: i64, w2: i64) -> None:
    """Append the black cards of three words (`unseen_words`), lowest first."""
    _extend_by_bytes(found, w0, 0)
    _extend_by_bytes(found, w1, 4)
    _extend_by_bytes(found, w2, 8)


def _with_black(w0: i64, w1: i64, w2: i64, card: int) -> tuple[i64, i64, i64]:
    """The three words of black cards with `card`'s bit set. Each word takes the bit masked by whether it is the
    card's word (all ones or none: `(x - 1) >> 63` for x = 0 or not), not through a branch on the card, which the
    shown cards' mix of ids would mispredict."""
    c = i64(card) - _FIRST_BLACK
    if c < 0 or c >= 74:
        raise ValueError(f"{card} is not a black card's id")
    bit = _BIT31 >> (31 - (c & 31))  # (not `1 << c`: mypyc writes that as C int arithmetic, wrong past 30)
    word = c >> 5
    return w0 | bit & ((word - 1) >> 63), w1 | bit & (((word ^ 1) - 1) >> 63), w2 | bit & (((word ^ 2) - 1) >> 63)


def _extend_by_bytes(found: list[int], word: i64, k: i64) -> None:
    """Append the black cards of a word (bytes k, k + 1, ... of the deck's bits), lowest first: a byte's cards
    are a tuple of the table, and a list extended by a tuple costs ~20 instructions a card where boxing and
    storing each card one by one costs ~60."""
    while word:
        byte = word & 0xFF
        if byte:
            found += _BYTE_CARDS[k][byte]
        word >>= 8
        k += 1


_FIRST_BLACK: Final[i64] = 52
if BLACK != tuple(range(_FIRST_BLACK, _FIRST_BLACK + 74)):
    raise RuntimeError("zopzoo deck.json: sorted_black reads the 74 black ids from 52 on")
if WHITE != tuple(range(_FIRST_BLACK)):
    raise RuntimeError("zopzoo deck.json: matcher_words reads the white ids as 0 to 51")
_WORD: Final[i64] = 0xFFFFFFFF  # black cards 0-31 and 32-63 of the deck: every bit of a word
_LAST_WORD: Final[i64] = 0x3FF  # black cards 64-73
# _BYTE_CARDS[k][b]: the black ids byte k of the words holds when it is b (bytes 0-3 are the first word's).
_BYTE_CARDS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(BLACK[0] + 8 * k + bit for bit in range(8) if b >> bit & 1) for b in range(256)) for k in range(10))


SPECIALTY_CARDS: Final = frozenset(c for c in BLACK if KIND[c] in SPECIALTY)
_FIRST_SPECIALTY: Final = min(SPECIALTY_CARDS)
if SPECIALTY_CARDS != frozenset(range(_FIRST_SPECIALTY, N_CARDS)):
    raise RuntimeError("zopzoo deck.json: specialty_in reads the Specialty cards as the last ids")


def specialty_in(cards: list[int]) -> set[int]:
    """The Specialty cards among `cards` (those a re-deal buries: void). Compiled, a typed loop comparing each id
    with the first Specialty card's (the deck lists them last): a frozenset's `intersection` is a Python-level
    method call there (~2.8k instructions for the ~16 buried cards), a table of flags indexed ~35 a card; the
    interpreter keeps that C call."""
    if not _NATIVE:
        return set(SPECIALTY_CARDS.intersection(cards))  # (a frozenset's intersection is frozen)
    found: set[int] = set()
    for card in cards:
        if card >= _FIRST_SPECIALTY:
            found.add(card)
    return found


def card_id(name: str) -> int:
    """The id of a card by its name (tests and tools; rules code uses ids)."""
    try:
        return BY_NAME[name.lower()]
    except KeyError:
        raise ValueError(f"zopzoo has no card named {shorten(name)}") from None


# -- faces: what a player reads off each card (Game.card_faces, docs/observations/zopzoo.md "Cards") ------
FACE_KEYS: Final = ("kind", "deck", "animal", "category", "colour", "value", "label", "colour_hex")
CATEGORY_HEX: Final[dict[str, str]] = {c["name"]: c["hex"] for c in DATA["categories"]}
BORDER_HEX: Final[dict[str, str]] = DATA["border_hex"]
KIND_TEXT: Final[dict[Kind, str]] = {
    Kind.CATEGORY: "category", Kind.LOWER: "lower half", Kind.MINUS: "minus", Kind.POINTS: "points",
    Kind.UPPER: "upper half", Kind.ANTI: "anti-minus", Kind.BEAST: "beast", Kind.BEST_BEAST: "best beast",
    Kind.BONUS: "side bonus", Kind.MOLE: "mole", Kind.HYENA: "specialty", Kind.RACCOON: "specialty",
    Kind.EARTHWORM: "specialty",
}
_ANIMAL_CARDS: Final = frozenset({Kind.CATEGORY, Kind.LOWER, Kind.MINUS, Kind.POINTS, Kind.UPPER, Kind.ANTI})
_NAMED_ONLY: Final = frozenset({Kind.MOLE, Kind.HYENA, Kind.RACCOON, Kind.EARTHWORM})  # a creature, no POINTS


def _face(card: Card) -> dict[str, Any]:
    kind = KIND_TEXT[card.kind]
    category = card.category or None
    if card.kind in _ANIMAL_CARDS:
        animal: str | None = card.art
        label = card.art.title()  # the animal's name, written at the bottom of the card
    elif card.kind in _NAMED_ONLY:
        animal, label = card.art, card.art.upper()  # MOLE, HYENA, RACCOON, EARTHWORM
    else:  # BEAST, BEST BEAST, a Side Bonus (which names its category)
        animal, label = None, (category or card.art).upper()
    return {"kind": kind, "deck": "white" if card.white else "black", "animal": animal, "category": category,
            "colour": CATEGORY_COLOUR[category] if category else None,
            "value": None if card.kind in _NAMED_ONLY else card.value, "label": label,
            "colour_hex": CATEGORY_HEX[category] if category else BORDER_HEX[kind]}


_FACES: Final[dict[str, dict[str, Any]]] = {card.name: _face(card) for card in CARDS}


def card_faces(game: ZopZoo) -> dict[str, dict[str, Any]]:
    """The 126 cards: the white deck's 52, then the black deck's 74, in deck.json's order; a fresh copy each call."""
    return {text: dict(face) for text, face in _FACES.items()}
