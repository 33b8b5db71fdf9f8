"""Bit masks read as sets of small integers (card kinds, card indices): the games keep hands as masks."""

from __future__ import annotations


def indices(mask: int) -> list[int]:
    """The positions of the bits set in `mask`, lowest first.

    >>> indices(0b10110)
    [1, 2, 4]
    >>> indices(0)
    []
    """
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found
