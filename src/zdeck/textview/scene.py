"""What a text table shows, as plain data: cards in places, lines of words, Kubo's cube.

A game's text view (`zdeck.textview.TextView`, subclassed in a game's `terminal.py`) describes the middle
of its table with these blocks; the terminal app draws them as cards in colour (`zdeck.tui.draw`), the line
mode as words (`zdeck.table`). They hold card texts, never drawing codes: how a card looks is `CardLook`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Target = tuple[Any, ...]  # a place of the board a key acts from: ("board", 3), ("board", "pile", 0)

# How a place is marked: "" as it lies; "new" just turned or played (look at it); "dim" out of play (an
# earned place, a card under another); "top" the card that counts (the top of a pile).
MARKS = ("", "new", "dim", "top")


@dataclass(frozen=True)
class Place:
    """One card in its place on the table. `card`: its text, "down" for a card face down, None for an empty
    place. `caption`: a few words under it (whose it is, the place's number). `target`: the board place a
    key acts from, when moves start there."""

    card: str | None
    caption: str = ""
    target: Target | None = None
    mark: str = ""


@dataclass(frozen=True)
class Cards:
    """Cards side by side under a title, `per_row` to a row when the table has rows (Memo's square). `last`:
    one row of the last cards that fit (a pile, its top card on the right)."""

    places: tuple[Place, ...]
    title: str = ""
    per_row: int | None = None
    last: bool = False


@dataclass(frozen=True)
class Chips:
    """Cards as short tags on one line (wrapped), where whole cards would not fit: a Zop Zoo row."""

    places: tuple[Place, ...]
    title: str = ""


@dataclass(frozen=True)
class Line:
    """Words on the table. `tone`: "" plain, "quiet" (a reminder), "strong", "good", "alert"."""

    text: str
    tone: str = ""


@dataclass(frozen=True)
class Cube:
    """Kubo's cube: its layers bottom first, each 16 places in reading order (a card text or None)."""

    layers: tuple[tuple[str | None, ...], ...]
    title: str = ""


Block = Cards | Chips | Line | Cube


@dataclass(frozen=True)
class CardLook:
    """How a card shows: a picture (an emoji or glyph, "" where none), a title ("2 Koalas", "Bolt"), a
    detail under it ("green", "Red") and its colour (#rrggbb). The words alone must say what the card is:
    colour is never the only cue (a monochrome terminal, a colour-blind player)."""

    picture: str
    title: str
    detail: str
    colour: str
    back: bool = False  # a card's back (face down)


@dataclass(frozen=True)
class SeatLine:
    """One seat as the seats panel shows it."""

    seat: int
    name: str
    you: bool
    turn: bool
    cards: int | None
    score: str
    best: bool
    notes: tuple[str, ...] = ()
    won: bool = False
    cover: str = ""  # a person a bot plays for now, or who is away: "away: a bot plays for them"


@dataclass(frozen=True)
class Summary:
    """The end of a round: a headline (who won it), how (who went out, in the table's sentence), one row per
    seat (name, this round's points, the total, why), and the rule that decides the game."""

    headline: str
    rows: tuple[tuple[str, str, str, str], ...]  # (name, this round, total, why)
    rule: str
    round: int
    last: bool = False
    ending: tuple[str, ...] = ()  # at the end of the game: who won, by which rule
    how: str = ""
