"""Reading a state dict back: checks that say exactly what is wrong.

`Game.state_from_dict` must refuse a malformed dict with a ValueError naming the
field, never a KeyError or a half-built state. Every game reads its fields
through these helpers, so the checks and their messages are written once.

>>> integer(3, "round", lo=1)
3
>>> seat(None, 4, "leader", optional=True) is None
True
>>> per_seat([1, 2], 3, "totals")
Traceback (most recent call last):
...
ValueError: totals: expected one entry per seat (3), got [1, 2]
>>> integers(per_seat([4, 0], 2, "totals"), "totals", lo=0)
[4, 0]
>>> integers([0, 9], "deck", lo=0, hi=5)
Traceback (most recent call last):
...
ValueError: deck[1]: 9 is outside 0..5
>>> each(["7", "x"], "deck", reader(int))
Traceback (most recent call last):
...
ValueError: deck[1]: invalid literal for int() with base 10: 'x'
"""

# ruff: noqa: TRY004 - a malformed state dict is a ValueError, as the kernel asks (not TypeError)
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, TypeVar, overload

from zdeck.core import shorten

T = TypeVar("T")


def field(data: dict[str, Any], key: str) -> Any:
    if not isinstance(data, dict):
        raise ValueError(f"expected a dict, got {type(data).__name__}")
    try:
        return data[key]
    except KeyError:
        raise ValueError(f"the state lacks {shorten(key)}") from None


def integer(value: Any, what: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what}: expected an integer, got {shorten(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        low, high = "-inf" if lo is None else lo, "inf" if hi is None else hi
        raise ValueError(f"{what}: {value} is outside {low}..{high}")
    return value


def boolean(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what}: expected true or false, got {shorten(value)}")
    return value


def listed(value: Any, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"{what}: expected a list, got {shorten(value)}")
    if length is not None and len(value) != length:
        raise ValueError(f"{what}: expected {length} entries, got {len(value)}")
    return value


def integers(value: Any, what: str, lo: int | None = None, hi: int | None = None,
             length: int | None = None) -> list[int]:
    """A list of integers, each in lo..hi; a new list, so the state never shares the caller's."""
    return [integer(x, f"{what}[{i}]", lo, hi) for i, x in enumerate(listed(value, what, length))]


def per_seat(value: Any, n: int, what: str) -> list[Any]:
    if not isinstance(value, list) or len(value) != n:
        raise ValueError(f"{what}: expected one entry per seat ({n}), got {shorten(value)}")
    return value


@overload
def seat(value: Any, n: int, what: str, optional: Literal[False] = False) -> int: ...
@overload
def seat(value: Any, n: int, what: str, optional: bool) -> int | None: ...
def seat(value: Any, n: int, what: str, optional: bool = False) -> int | None:
    """A seat number 0..n-1 (or None when `optional`)."""
    if value is None and optional:
        return None
    number = integer(value, what)
    if number not in range(n):
        raise ValueError(f"{what}: {shorten(value)} is not a seat (0..{n - 1})")
    return number


def choice(value: Any, what: str, allowed: tuple[Any, ...]) -> Any:
    if value not in allowed:
        raise ValueError(f"{what}: {shorten(value)} is not one of {', '.join(map(repr, allowed))}")
    return value


def each(value: Any, what: str, read: Callable[[Any, str], T]) -> list[T]:
    """Read every entry of a list with `read(entry, "what[i]")`."""
    return [read(item, f"{what}[{i}]") for i, item in enumerate(listed(value, what))]


def reader(parse: Callable[[Any], T]) -> Callable[[Any, str], T]:
    """A reader for `each` from a one-argument parser (e.g. a card's text): its ValueError names the field."""

    def read(value: Any, what: str) -> T:
        try:
            return parse(value)
        except ValueError as exc:
            raise ValueError(f"{what}: {exc}") from None

    return read


def require(holds: bool, message: str) -> None:
    """One condition of a state no play could break; `message` names the field and says the rule. A game's
    check of what play can reach (its `reachable.check`) is a list of these.

    >>> require(2 + 2 == 4, "sums: the rule")
    >>> require(False, "turn: seat 0 begins")
    Traceback (most recent call last):
    ...
    ValueError: turn: seat 0 begins
    """
    if not holds:
        raise ValueError(message)


def int_option(lo: int, hi: int | None = None, optional: bool = False) -> Callable[[Any], bool]:
    """An `Option(check=...)` predicate for an integer option in lo..hi (None allowed when `optional`);
    its `expects` says so in words, for the message that refuses a value.

    >>> int_option(1, optional=True).expects
    'an integer >= 1, or null'
    >>> int_option(2, 64)(65), int_option(2, 64).expects
    (False, 'an integer from 2 to 64')
    """
    return IntOption(lo, hi, optional)


class IntOption:
    """See `int_option`."""

    def __init__(self, lo: int, hi: int | None, optional: bool) -> None:
        self.lo, self.hi, self.optional = lo, hi, optional
        span = f">= {lo}" if hi is None else f"from {lo} to {hi}"
        self.expects = f"an integer {span}" + (", or null" if optional else "")

    def __call__(self, value: Any) -> bool:
        if value is None:
            return self.optional
        return (not isinstance(value, bool) and isinstance(value, int) and value >= self.lo
                and (self.hi is None or value <= self.hi))
