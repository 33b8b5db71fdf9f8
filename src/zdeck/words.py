"""Counts in players' words, for what a table says to people ("1 point", "3 cards"): shared by the games'
`table.py` modules and the live table."""

from __future__ import annotations


def count(number: float, thing: str, things: str | None = None) -> str:
    """`1 card`, `3 cards`, `-75 points`, `2.5 points`: a whole number without its `.0`."""
    shown = int(number) if float(number).is_integer() else number
    return f"{shown} {thing if shown in (1, -1) else things or thing + 's'}"


def points(number: float) -> str:
    return count(number, "point")


def cards(number: int) -> str:
    return count(number, "card")


def seat(number: int) -> str:
    """A seat's name in a table's sentence: the table fills it in (`str.format`, `{2}` for seat 2)."""
    return "{" + str(number) + "}"


def seats(numbers: list[int]) -> str:
    """Several seats' names: `{0} and {2}`, `{0}, {1} and {3}`."""
    named = [seat(n) for n in numbers]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
