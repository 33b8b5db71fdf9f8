"""Dealing a Zop Zoo round: both full decks shuffled, six face-up starting cards each.

>>> from zdeck.rng import Rng
>>> rows, aside, draw = deal(Rng(1), first=2, players=3)
>>> [len(r) for r in rows], len(aside), len(draw)
([6, 6, 6], 34, 74)
"""

from __future__ import annotations

from zdeck.decks.zopzoo.cards import BLACK, WHITE
from zdeck.rng import Rng

ROW_SIZE = 6  # starting cards per player


def deal(rng: Rng, first: int, players: int) -> tuple[list[list[int]], list[int], list[int]]:
    """Shuffle the white deck, then the black one (in that order: replays depend on it), and deal
    one white card at a time from seat `first` on, until every row holds six.

    Returns the rows, the white cards set aside for the round, and the draw pile (top = last).
    The rulebook's "lucky cut" before the deal is not modelled: cutting a deck the seeded
    generator has just shuffled gives an equally random order.
    """
    white = list(WHITE)
    rng.shuffle(white)
    black = list(BLACK)
    rng.shuffle(black)
    rows: list[list[int]] = [[] for _ in range(players)]
    for k in range(ROW_SIZE * players):
        rows[(first + k) % players].append(white.pop())
    return rows, white, black
