"""The ZAR card kinds, read once from `deck.json`.

Copies of a card are identical, so the engine works with *kinds*: small ints
indexing `KINDS`. A hand is a list of counts per kind, which makes "do I hold a
card identical to the top card?" (the question matching asks all the time) a
single list lookup. Kind order: the 18 Symbol cards (colour-major), the 9
Command cards, the 4 Power cards, then the Chameleon.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import compress
from types import FunctionType
from typing import TYPE_CHECKING, Any, Final

from zdeck.bits import spread_counts
from zdeck.compiled import i64

if TYPE_CHECKING:
    from zdeck.decks.zar.game import ZarGame

SYMBOL: Final = "symbol"
COMMAND: Final = "command"
POWER: Final = "power"
CHAMELEON_CAT: Final = "chameleon"


@dataclass(frozen=True, slots=True)
class Kind:
    """One distinct card. `symbol` indexes `FOLLOW_SYMBOLS` (Command creatures count as symbols for following)."""

    index: int
    name: str
    category: str
    colour: int  # index into COLOURS, -1 for none
    symbol: int  # index into FOLLOW_SYMBOLS, -1 for none
    declares: str  # "colour", "symbol" or "" (Power cards only)


def _load() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("deck.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


DECK: Final[dict[str, Any]] = _load()
COLOURS: Final[tuple[str, ...]] = tuple(DECK["colours"])
SYMBOLS: Final[tuple[str, ...]] = tuple(s["card"] for s in DECK["symbols"])
COMMANDS: Final[tuple[str, ...]] = tuple(c["card"] for c in DECK["commands"])
FOLLOW_SYMBOLS: Final[tuple[str, ...]] = SYMBOLS + COMMANDS  # what "same symbol" compares (and a Dragon may declare)
DECLARED_SYMBOLS: Final[tuple[str, ...]] = tuple(s["declared"] for s in DECK["symbols"] + DECK["commands"])  # plurals
WASP_DRAW: Final[int] = DECK["wasp_draw_per_card"]


def _kinds() -> tuple[Kind, ...]:
    out: list[Kind] = []
    for c, colour in enumerate(COLOURS):
        for s, symbol in enumerate(SYMBOLS):
            out.append(Kind(len(out), f"{colour} {symbol}", SYMBOL, c, s, ""))
    for c, colour in enumerate(COLOURS):
        for m, command in enumerate(COMMANDS):
            out.append(Kind(len(out), f"{colour} {command}", COMMAND, c, len(SYMBOLS) + m, ""))
    for power in DECK["power"]:
        out.append(Kind(len(out), power["card"], POWER, -1, -1, power["declares"]))
    out.append(Kind(len(out), DECK["chameleon"]["card"], CHAMELEON_CAT, -1, -1, ""))
    return tuple(out)


KINDS: Final[tuple[Kind, ...]] = _kinds()
NUM_KINDS: Final = len(KINDS)  # 32
CHAMELEON: Final = NUM_KINDS - 1  # the Chameleon's kind index
PLAIN_KINDS: Final = CHAMELEON  # kinds 0..30 are the 31 printed cards of a half deck
TEXTS: Final[tuple[str, ...]] = tuple(k.name for k in KINDS)  # each kind's text, formed once
BY_NAME: Final[dict[str, int]] = {k.name.lower(): k.index for k in KINDS}  # any case
BY_TEXT: Final[dict[str, int]] = {k.name: k.index for k in KINDS}  # the exact text observations use
_COMMAND_INDEX: Final = {name: len(SYMBOLS) + i for i, name in enumerate(COMMANDS)}
CRAB_SYMBOL: Final = _COMMAND_INDEX["Crab"]
FROG_SYMBOL: Final = _COMMAND_INDEX["Frog"]
WASP_SYMBOL: Final = _COMMAND_INDEX["Wasp"]
IS_POWER: Final = tuple(k.category == POWER for k in KINDS)
IS_CRAB: Final = tuple(k.symbol == CRAB_SYMBOL for k in KINDS)
IS_FROG: Final = tuple(k.symbol == FROG_SYMBOL for k in KINDS)
IS_WASP: Final = tuple(k.symbol == WASP_SYMBOL for k in KINDS)
WASP_DRAWS: Final = tuple(WASP_DRAW * is_wasp for is_wasp in IS_WASP)  # what one card adds to the pending draw: a Wasp two


def declarations(kind: int) -> tuple[int, ...]:
    """The declaration choices a play of this kind carries (-1: none).

    Peacocks declare one of the 3 colours, Dragons one of the 9 symbols cards
    follow by: the 6 of the Symbol cards and the 3 Command creatures, which count
    as symbols for following (docs/rules/zar.md, Clarifications 2 and 3).
    """
    declares = KINDS[kind].declares
    if declares == "colour":
        return tuple(range(len(COLOURS)))
    if declares == "symbol":
        return tuple(range(len(FOLLOW_SYMBOLS)))
    return (-1,)


def declaration_name(kind: int, value: int) -> str:
    """The spoken name of a declaration: a colour, or a symbol in the plural ("Moons")."""
    if value < 0:
        return ""
    return COLOURS[value] if KINDS[kind].declares == "colour" else DECLARED_SYMBOLS[value]


def points_table(scoring: str) -> tuple[int, ...]:
    """Points per kind for a scoring table named in deck.json."""
    table = DECK["scoring"][scoring]
    return tuple(table[k.category] for k in KINDS)


def deal_size(players: int, half_decks: int, seven_card_cap: bool) -> int:
    """Cards dealt to each player: 10 - players (min 3) with one deck; 15 - players (3..10) with more."""
    rule = DECK["deal"]["base" if half_decks == 2 else "multideck"]
    size: int = max(rule["min"], rule["from"] - players)
    if rule["max"] is not None:
        size = min(size, rule["max"])
    if seven_card_cap:
        size = min(size, DECK["deal"]["cap_variant"])
    return size


def player_range(half_decks: int) -> tuple[int, int]:
    lo, hi = DECK["players"]["base" if half_decks == 2 else "multideck"]
    return lo, hi


def cards_in(hand: list[int]) -> list[int]:
    """A hand of counts per kind as its cards, kind by kind."""
    cards: list[int] = []
    for k in compress(range(NUM_KINDS), hand):  # only the kinds held (found at C speed: a determinisation's cost)
        cards += [k] * hand[k]
    return cards


# Counts of the 32 kinds packed into three i64 words, 12 kinds a word and 5 bits a kind (a kind has at most 16
# copies: 16 half decks, or 16 Chameleons). The compiled build lists the cards a seat cannot see with them: in C
# arithmetic a card, where sorting a list compares boxed integers and a list of counts is a Python object a count.
Counts = tuple[i64, i64, i64]
_NATIVE: Final = not isinstance(cards_in, FunctionType)  # is this module compiled? (as `zdeck.rng._NATIVE`)
# A card of kind k adds `_UNIT_11 >> (55 - 5 * (k % 12))` to its word, 1 << 5 * (k % 12) (`_UNIT_11` is the top
# field's): mypyc writes `1 << n` as a C int, wrong past bit 30.
_UNIT_11: Final[i64] = 1 << 55


def counts_of(cards: Sequence[int]) -> Counts:
    """Cards (kinds) as packed counts."""
    words = [0, 0, 0]
    for card in cards:
        words[card // 12] += 1 << 5 * (card % 12)
    return words[0], words[1], words[2]


def unseen_cards(deck: Counts, hands: list[list[int]], sizes: list[int], player: int, pile: list[int],
                 drawpile: list[int]) -> list[int]:
    """The cards `player` cannot see - the Drawpile and the other hands (counts per kind, `sizes` cards each) -
    in kind order: an order that does not show where they lie. Compiled: the deck's cards (packed, `counts_of`) less
    the player's hand and the pile (what they see), a few C operations a card. The interpreter pools and sorts
    them: its `sort` is cheaper for it than any loop of its own."""
    if not _NATIVE:
        unseen = list(drawpile)
        for q, hand in enumerate(hands):
            if q != player:
                unseen += cards_in(hand)
        unseen.sort()
        return unseen
    count = len(drawpile)
    for q, size in enumerate(sizes):
        if q != player:
            count += size
    seat = hands[player]
    w0, w1, w2 = deck
    for k in range(12):
        w0 -= i64(seat[k]) << (5 * k)
        w1 -= i64(seat[k + 12]) << (5 * k)
    for k in range(24, NUM_KINDS):
        w2 -= i64(seat[k]) << (5 * (k - 24))
    for card in pile:  # its word chosen by sign masks: a branch on the kind a CPU guesses wrong for a card in two
        kind = i64(card)
        in_w0 = (kind - 12) >> 63  # -1 (every bit set) for a kind of the first word, else 0
        in_w2 = (23 - kind) >> 63  # -1 for a kind of the third word
        unit = _UNIT_11 >> (55 - 5 * (kind - (12 & ~in_w0) - (12 & in_w2)))
        w0 -= unit & in_w0
        w1 -= unit & ~(in_w0 | in_w2)
        w2 -= unit & in_w2
    found = [0] * count
    at: i64 = 0
    at = spread_counts(found, at, w0, 0, 5)
    at = spread_counts(found, at, w1, 12, 5)
    at = spread_counts(found, at, w2, 24, 5)
    if at != count:
        raise RuntimeError(f"unseen_cards: {at} cards unseen, {count} expected")
    return found


def hand_texts(hand: list[int]) -> list[str]:
    """A hand of counts per kind as card texts, a text for each copy, kind by kind."""
    texts: list[str] = []
    for k in compress(range(NUM_KINDS), hand):  # only the kinds held (observations name a hand at every move)
        texts += [TEXTS[k]] * hand[k]
    return texts


def full_deck(half_decks: int, chameleons: int) -> list[int]:
    """Every card in play as kinds: N copies of each printed card and the chosen Chameleons."""
    cards = [k for k in range(PLAIN_KINDS) for _ in range(half_decks)]
    return cards + [CHAMELEON] * chameleons


# -- faces: what a player reads off each card (Game.card_faces, docs/observations/zar.md "Cards") ------
FACE_KEYS: Final = ("kind", "colour", "symbol", "creature", "effect", "points", "label", "colour_hex")
COLOUR_HEX: Final[dict[str, str]] = DECK["colour_hex"]
_ENTRY: Final[dict[str, dict[str, Any]]] = {e["card"]: e for e in DECK["symbols"] + DECK["commands"] + DECK["power"]}


def _face(kind: Kind, points: int) -> dict[str, Any]:
    """A Symbol card shows a colour and a symbol, a Command card a colour and a creature, a Power card a
    creature alone; the Chameleon is a blank card."""
    colour = COLOURS[kind.colour] if kind.colour >= 0 else None
    shown = kind.name.removeprefix(f"{colour} ") if colour else kind.name  # the symbol or creature printed
    entry = _ENTRY.get(shown, {})
    if kind.category == POWER:
        effect: str | None = f"declare_{kind.declares}"
    else:
        effect = DECK["chameleon"]["effect"] if kind.category == CHAMELEON_CAT else entry.get("effect")
    return {"kind": kind.category, "colour": colour, "symbol": shown if kind.category == SYMBOL else None,
            "creature": shown if kind.category in (COMMAND, POWER) else None, "effect": effect, "points": points,
            "label": entry.get("label", shown), "colour_hex": COLOUR_HEX[colour or kind.category]}


@cache
def _faces(scoring: str, chameleons: bool) -> dict[str, dict[str, Any]]:
    points = points_table(scoring)
    return {k.name: _face(k, points[k.index]) for k in KINDS if chameleons or k.index != CHAMELEON}


def card_faces(game: ZarGame) -> dict[str, dict[str, Any]]:
    """The 31 printed cards in kind order, then the Chameleon when the `chameleons` option brings any; `points`
    by the `scoring` option's table. A fresh copy each call."""
    return {text: dict(face) for text, face in _faces(game.options["scoring"], game.chameleons > 0).items()}
