"""Zoop's cards, built from deck.json.

A card has three characteristics - number of animals (1 or 2), colour, animal -
or is one of the two colourless special cards (Wild Card, Cage). The rules work
on small integer *kinds* (positions in `Deck.kinds`) so hands are lists of ints
and the hot path compares ints; `Card` values are what actions and texts carry.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from itertools import compress
from typing import TYPE_CHECKING, Any, Final, cast

from zdeck.bits import _NATIVE, cut, spread_counts
from zdeck.compiled import i64
from zdeck.core import shorten
from zdeck.rng import Rng

if TYPE_CHECKING:
    from zdeck.decks.zoop.game import ZoopGame

WILD: Final = "wild"
CAGE: Final = "cage"

# Effects of the special animals, named in deck.json.
ANY_SINGLE: Final = "any_single"  # Chameleon: may be played on any one-animal card
REVERSE: Final = "reverse"  # Crab
NEXT_DRAWS: Final = "next_draws"  # Monkeys
NEXT_MISSES: Final = "next_misses"  # Frogs
NEXT_MISSES_THEN_DRAWS: Final = "next_misses_then_draws"  # Kangaroo

DATA: Final[dict[str, Any]] = json.loads(resources.files(__package__).joinpath("deck.json").read_text(encoding="utf-8"))


_ANIMAL_KINDS: Final[dict[tuple[str, str, int], int]] = {
    (colour, entry["animal"], entry["count"]): c * len(DATA["per_colour"]) + e
    for c, colour in enumerate(DATA["colours"])
    for e, entry in enumerate(DATA["per_colour"])
}


@dataclass(frozen=True, slots=True)
class Card:
    """One card face. Wild Cards and Cages have count 0 and no colour."""

    animal: str
    count: int = 0
    colour: str = ""
    # Formed once, as observations and bots read cards by text and count them in dicts at every move.
    text: str = field(init=False, compare=False, repr=False)
    hash_: int = field(init=False, compare=False, repr=False)
    # An animal card's kind: its position in every deck (`Deck.kinds`), colour by colour as deck.json lists
    # them, so the rules read it off the card. -1 for the Wild Card and the Cage, which come after the
    # animals and so sit at a place that depends on the number of colours (`Deck.wild`, `Deck.cage`).
    kind: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.animal == WILD:
            text = "wild card"
        elif self.animal == CAGE:
            text = "cage"
        else:
            text = f"{self.count} {self.colour} {self.animal}{'s' if self.count > 1 else ''}"
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "hash_", hash((self.animal, self.count, self.colour)))
        object.__setattr__(self, "kind", _ANIMAL_KINDS.get((self.colour, self.animal, self.count), -1))

    def __hash__(self) -> int:  # the value the dataclass would compute from the compared fields
        return self.hash_

    @property
    def is_animal(self) -> bool:
        return self.count > 0

    def __str__(self) -> str:
        return self.text


WILD_CARD: Final = Card(WILD)
CAGE_CARD: Final = Card(CAGE)
BASIC_ANIMALS: Final[tuple[str, ...]] = tuple(a for a, spec in DATA["animals"].items() if spec["basic"])
MAX_COLOURS: Final = len(DATA["colours"])


def shared_traits(a: Card, b: Card) -> int:
    """How many of the three characteristics two animal cards share."""
    return (a.count == b.count) + (a.colour == b.colour) + (a.animal == b.animal)


def effect_of(card: Card) -> str | None:
    spec = DATA["animals"].get(card.animal)
    return None if spec is None else spec["effect"]


def can_play_on(card: Card, target: Card) -> bool:
    """The matching rule: 2 of 3 characteristics, or a Chameleon on any one-animal card."""
    if not card.is_animal or not target.is_animal:
        return False
    if effect_of(card) == ANY_SINGLE and target.count == 1:
        return True
    return shared_traits(card, target) >= 2


@dataclass(frozen=True)
class Deck:
    """The deck for one `colours` option, with per-kind lookup tables for the rules."""

    colours: tuple[str, ...]
    kinds: tuple[Card, ...]  # distinct cards, fixed order: animal cards, then Wild Card, then Cage
    texts: tuple[str, ...]  # texts[k] = str(kinds[k])
    copies: tuple[int, ...]  # how many of each kind the box holds
    index: dict[Card, int]
    by_text: dict[str, int]
    wild: int
    cage: int
    is_animal: tuple[bool, ...]
    is_special_animal: tuple[bool, ...]  # a Cage may capture it
    is_special_card: tuple[bool, ...]  # Wild Card or Cage (the end-of-game tie-break counts these)
    effect: tuple[str | None, ...]
    matchers: tuple[frozenset[int], ...]  # matchers[t]: kinds that may be played on kind t
    # The same facts as bitmasks over kinds (bit k = kind k), for the rules' hot path, where a
    # hand is also kept as the mask of the kinds it holds: one AND answers "may any card follow?".
    match_mask: tuple[int, ...]  # match_mask[t]: the kinds that may be played on kind t
    unmatched: tuple[bytes, ...]  # unmatched[t]: byte k is 1 where kind k may not be played on kind t, else 0
    animal_mask: int  # every animal card (not the Wild Card, not the Cage)
    mask_of_animal: dict[str, int]  # the kinds showing this animal, any count and colour
    box: tuple[int, ...]  # every card of the box as kinds, in table order
    box_counts: tuple[int, int, int, int]  # the box as packed counts (`unseen_kinds`)

    @property
    def size(self) -> int:
        return sum(self.copies)

    def full(self) -> list[int]:
        """Every card of the box as kinds, in table order (to be shuffled)."""
        return list(self.box)

    def hand_size(self, players: int) -> int:
        size: int = DATA["hand_size_large_table"] if players >= DATA["large_table_from"] else DATA["hand_size"]
        return size

    def card(self, text: Any) -> int:
        """The kind of a card text; ValueError for anything else."""
        try:
            return self.by_text[text]
        except (KeyError, TypeError):
            raise ValueError(f"{shorten(text)} is not a card of this deck") from None


@cache
def load_deck(colours: int) -> Deck:
    names = tuple(DATA["colours"][:colours])
    kinds: list[Card] = []
    copies: list[int] = []
    for colour in names:
        for entry in DATA["per_colour"]:
            kinds.append(Card(entry["animal"], entry["count"], colour))
            copies.append(entry["copies"])
    assert all(c.kind == k for k, c in enumerate(kinds)), "an animal card's kind is its place in the deck"
    kinds += [WILD_CARD, CAGE_CARD]
    copies += [DATA["wild_cards"], DATA["cages"]]
    effects = tuple(effect_of(c) for c in kinds)
    matchers = tuple(frozenset(k for k, c in enumerate(kinds) if can_play_on(c, t)) for t in kinds)
    return Deck(
        colours=names,
        kinds=tuple(kinds),
        texts=tuple(c.text for c in kinds),
        copies=tuple(copies),
        index={c: k for k, c in enumerate(kinds)},
        by_text={c.text: k for k, c in enumerate(kinds)},
        wild=len(kinds) - 2,
        cage=len(kinds) - 1,
        is_animal=tuple(c.is_animal for c in kinds),
        is_special_animal=tuple(c.is_animal and c.animal not in BASIC_ANIMALS for c in kinds),
        is_special_card=tuple(not c.is_animal for c in kinds),
        effect=effects,
        matchers=matchers,
        match_mask=tuple(sum(1 << k for k in ok) for ok in matchers),
        unmatched=tuple(bytes(k < len(kinds) and k not in ok for k in range(256)) for ok in matchers),
        animal_mask=sum(1 << k for k, c in enumerate(kinds) if c.is_animal),
        box=tuple(k for k, n in enumerate(copies) for _ in range(n)),
        box_counts=_packed(copies),
        mask_of_animal={a: sum(1 << k for k, c in enumerate(kinds) if c.animal == a) for a in DATA["animals"]},
    )


@cache
def card_by_text(text: str) -> Card | None:
    """Any card of the largest deck by its text (bots read hands from observations)."""
    deck = load_deck(MAX_COLOURS)
    k = deck.by_text.get(text)
    return None if k is None else deck.kinds[k]


# -- faces: what a player reads off each card (Game.card_faces, docs/observations/zoop.md "Cards") ------
FACE_KEYS: Final = ("kind", "colour", "animal", "count", "effect", "label", "colour_hex")
COLOUR_HEX: Final[dict[str, str]] = DATA["colour_hex"]


def _face(card: Card) -> dict[str, Any]:
    if not card.is_animal:  # the Wild Card and the Cage: no colour, no animal; the bottom icon tells the effect
        return {"kind": card.animal, "colour": None, "animal": None, "count": None,
                "effect": DATA["card_effects"][card.animal], "label": card.animal.capitalize(),
                "colour_hex": COLOUR_HEX[card.animal]}
    plural = "s" if card.count > 1 else ""
    return {"kind": "basic" if card.animal in BASIC_ANIMALS else "special", "colour": card.colour,
            "animal": card.animal, "count": card.count, "effect": effect_of(card),
            "label": f"{card.count} {card.animal.capitalize()}{plural}", "colour_hex": COLOUR_HEX[card.colour]}


@cache
def _faces(colours: int) -> dict[str, dict[str, Any]]:
    return {card.text: _face(card) for card in load_deck(colours).kinds}


def card_faces(game: ZoopGame) -> dict[str, dict[str, Any]]:
    """The cards of the deck with the `colours` option's colours, in the deck's order (the Wild Card and the Cage
    last); a fresh copy each call."""
    return {text: dict(face) for text, face in _faces(game.options["colours"]).items()}


# -- the unseen cards in a fixed order (a re-deal shuffles them from it) ------------------------------------------
# Compiled, the box is held as counts per kind packed in four machine words (3 bits a kind, 20 kinds a word: a kind
# has at most 6 copies, a deck at most 74 kinds): the cards a seat sees are taken off them, and the rest written out
# in kind order - a few C operations a card, where pooling the unseen cards and sorting them compares boxed integers.
_PER_WORD: Final = 20
_UNIT_19: Final[i64] = 1 << 57  # kind j of a word counts in units of `_UNIT_19 >> (57 - 3 * j)` (mypyc writes `1 << n`
# with a constant 1 as C int arithmetic, wrong past bit 30: a wide constant shifted right instead)


def _packed(copies: list[int]) -> tuple[int, int, int, int]:
    if len(copies) > 4 * _PER_WORD or max(copies) > 7:
        raise RuntimeError("zoop deck.json: the packed counts hold 80 kinds of at most 7 copies")
    words = [0, 0, 0, 0]
    for kind, n in enumerate(copies):
        words[kind // _PER_WORD] |= n << 3 * (kind % _PER_WORD)
    return words[0], words[1], words[2], words[3]


def unseen_kinds(deck: Deck, draw: list[int], hands: list[list[int]], player: int, pile: list[int],
                 less: int) -> list[int]:
    """The cards of the draw pile and of the hands but `player`'s, less one card of kind `less` (-1: none), lowest
    first: the order a re-deal shuffles the unseen cards from, which does not show where they lay. Compiled, the
    box's counts less what the seat sees (its hand, the discard pile `pile`, `less`), written out in kind order;
    the interpreter pools the unseen cards and sorts them (its `sort` is a C call no loop of its own beats)."""
    if not _NATIVE:
        found = draw[:]
        for q, hand in enumerate(hands):
            if q != player:
                found += hand
        if less >= 0:
            found.remove(less)
        found.sort()
        return found
    count = len(draw) - (less >= 0)
    for hand in hands:
        count += len(hand)
    count -= len(hands[player])
    c0, c1, c2, c3 = deck.box_counts
    w0, w1, w2, w3 = _less_seen(hands[player], i64(c0), i64(c1), i64(c2), i64(c3))
    w0, w1, w2, w3 = _less_seen(pile, w0, w1, w2, w3)
    if less >= 0:
        w0, w1, w2, w3 = _less_seen([less], w0, w1, w2, w3)
    if w0 < 0 or w1 < 0 or w2 < 0 or w3 < 0:  # a kind seen more often than the box holds it (else `spread_counts` finds
        raise RuntimeError("unseen_kinds: more cards seen than the box holds")  # too many or too few cards)
    found = [0] * count
    at = spread_counts(found, spread_counts(found, spread_counts(found, spread_counts(found, 0, w0, 0, 3), w1, 20, 3), w2, 40, 3),
                       w3, 60, 3)
    if at != count:
        raise RuntimeError(f"unseen_kinds: {at} cards unseen, {count} expected")
    return found


def _less_seen(cards: list[int], w0: i64, w1: i64, w2: i64, w3: i64) -> tuple[i64, i64, i64, i64]:
    """The packed counts less each card of `cards` (`unseen_kinds`; `tally` adds them so, written out there too:
    compiled, a call for each card cost 3% of a re-deal)."""
    for card in cards:
        kind = i64(card)
        below20 = (kind - 20) >> 63  # -1 (every bit set) for a kind below 20, else 0: its word by masks, not a jump
        below40 = (kind - 40) >> 63  # guessed wrong for a card in two
        below60 = (kind - 60) >> 63
        unit = _UNIT_19 >> (57 - 3 * (kind - (20 & ~below20) - (20 & ~below40) - (20 & ~below60)))
        w0 -= unit & below20
        w1 -= unit & below40 & ~below20
        w2 -= unit & below60 & ~below40
        w3 -= unit & ~below60
    return w0, w1, w2, w3


_BIT_59: Final[i64] = 1 << 59  # a mask's bit k is `_BIT_59 >> (59 - k)` below 60, `_BIT_59 >> (119 - k)` in a high word
_COUNT: Final[tuple[object, ...]] = tuple(range(8))  # a count of one kind, each a boxed object to write


def tally(hands: list[list[int]], bit: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """Each hand's mask of kinds (`bit[k]` set while it holds kind k) and each kind's count over all the hands: a
    state's `masks` and `in_hands`. Compiled, a mask is built in two machine words and the counts packed in four
    (as `unseen_kinds`); each card writes its kind's count so far, a boxed object from a table (a later card of the
    kind writes over it): an item's count read back and written boxes it anew, and a mask past bit 61 is a boxed
    integer that each card's `|` makes anew (a re-deal's tally 4.4k -> 3.3k instructions)."""
    if not _NATIVE:
        in_hands = [0] * len(bit)
        masks = []
        for hand in hands:
            m = 0
            for k in hand:
                m |= bit[k]
                in_hands[k] += 1
            masks.append(m)
        return masks, in_hands
    w0: i64 = 0
    w1: i64 = 0
    w2: i64 = 0
    w3: i64 = 0
    in_hands = [0] * len(bit)
    counts = cast(list[object], in_hands)
    masks = [0] * len(hands)
    for q, hand in enumerate(hands):
        low: i64 = 0
        high: i64 = 0
        for card in hand:
            kind = i64(card)
            in0 = (kind - 20) >> 63  # its word chosen by masks (-1 for it, 0 for the others), as in `_less_seen`
            below40 = (kind - 40) >> 63
            in3 = ~((kind - 60) >> 63)
            in1 = below40 & ~in0
            in2 = ~(below40 | in3)
            field = 3 * (kind - (20 & ~in0) - (20 & ~below40) - (20 & in3))  # where the kind counts in its word
            unit = _UNIT_19 >> (57 - field)
            w0 += unit & in0
            w1 += unit & in1
            w2 += unit & in2
            w3 += unit & in3
            counts[kind] = _COUNT[(((w0 & in0) | (w1 & in1) | (w2 & in2) | (w3 & in3)) >> field) & 7]
            own = _BIT_59 >> (59 - kind + (60 & in3))  # the kind's bit in its word of the mask
            low |= own & ~in3
            high |= own & in3
        masks[q] = int(low) | int(high) << 60 if high else int(low)
    return masks, in_hands


def take_flagged(kinds: list[int], table: bytes, count: int, rng: Rng) -> list[int] | None:
    """`count` cards drawn uniformly at random among those of `kinds` that `table` flags (byte 1), taken off the
    end of `kinds`; None, with every card left in `kinds`, if fewer are flagged. The cards left are in an order
    that depends on `kinds`' order and the draws alone.

    By rejection: a position drawn uniformly among the cards not yet taken is kept if its card is flagged, and
    swapped to the end; a kept card is then uniform among the flagged cards left, with no list of them made. Past
    `_DRAWS_A_CARD` draws a card (few cards flagged), the next cards are drawn among the flagged ones' listed
    positions (`flagged`), uniform too. Either way each card is uniform among the flagged cards left, and whether
    the second way is taken depends on how many are flagged, never on which: the cards taken are a uniform subset
    of the flagged ones (tests/games/zoop/test_barred_deal.py)."""
    top = len(kinds) - 1
    stop = top - count
    draws = _DRAWS_A_CARD * count
    items = cast(list[object], kinds)  # (swapped as the objects they are: compiled, an int read is unboxed)
    while top > stop and draws:
        draws -= 1
        j = rng.below(top + 1)
        if table[kinds[j]]:
            kind = items[j]
            items[j] = items[top]
            items[top] = kind
            top -= 1
    if top > stop:
        positions = flagged(kinds[:top + 1], table)
        wanted = top - stop
        if len(positions) < wanted:
            return None
        rng.sample_to_top(positions, wanted)
        chosen = positions[len(positions) - wanted:]
        chosen.sort()
        for k in range(wanted - 1, -1, -1):  # the highest first: a card moved down is never one still to move
            p = chosen[k]
            kind = kinds[p]
            kinds[p] = kinds[top]
            kinds[top] = kind
            top -= 1
    taken = kinds[stop + 1:]
    cut(kinds, stop + 1)
    return taken


_DRAWS_A_CARD: Final = 3  # rejection's draws a card, on average, before the flagged cards are listed instead: a
# listing costs as much as some 20 draws, and a re-deal's barred hand draws one card in 4 or 5 (most cards allowed)


def flagged(kinds: list[int], table: bytes) -> list[int]:
    """The positions in `kinds` of the cards whose kind `table` flags (byte 1, e.g. `Deck.unmatched[t]`), in order.
    The interpreter turns the kinds to bytes, translates them to flags and takes the flagged positions: C calls,
    cheaper for it than a loop of its own; compiled, those calls iterate by the generic protocols (~170
    instructions a card, as a comprehension costs) and a typed loop into a list made at its size costs half."""
    if not _NATIVE:
        return list(compress(range(len(kinds)), bytes(kinds).translate(table)))
    found = [0] * len(kinds)
    n = 0
    for i, kind in enumerate(kinds):
        if table[kind]:
            found[n] = i
            n += 1
    del found[n:]
    return found
