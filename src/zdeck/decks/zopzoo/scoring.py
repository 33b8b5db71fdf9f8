"""Zop Zoo scoring: what a row is worth at a round's end, who starts next, who won the game.

>>> from zdeck.decks.zopzoo.cards import card_id as c
>>> row, cover = [c("owl"), c("skunk"), c("shark")], {c("owl"): c("owl points")}
>>> tally(row, cover, [c("ocean bonus")], everything=True), tally(row, cover, [], everything=False)
(-40, -75)
"""

from __future__ import annotations

from collections.abc import Sequence

from zdeck.decks.zopzoo.cards import KIND, VALUE, Kind


def tally(row: Sequence[int], cover: dict[int, int], bonus: Sequence[int], everything: bool) -> int:
    """A row's round score. `everything` (the round's winner, or all players when the black deck
    ran out): every card showing POINTS, at its cover's value, plus uncovered Minus cards and Side
    Bonus cards. Otherwise only the minus points of uncovered Minus cards and the bonus points."""
    total = sum(VALUE[b] for b in bonus)
    for b in row:
        c = cover.get(b)
        if c is None:
            if KIND[b] is Kind.MINUS:
                total += VALUE[b]
        elif everything:
            total += VALUE[c]
    return total


def highest_tally(scores: Sequence[int], first: int) -> int:
    """Who gets the first card after the black deck ran out: the highest tally of the round;
    on a tie the one first in seating order from this round's first player.

    >>> highest_tally([20, 20, 0], first=1), highest_tally([5, 20, 20], first=0)
    (1, 1)
    """
    n = len(scores)
    return max(((first + k) % n for k in range(n)), key=scores.__getitem__)  # max keeps the first of equals


def next_first(end: int, scores: Sequence[int], first: int) -> int:
    """Who gets the next round's first card: the winner of the round that ended (`end`), or when the black
    deck ran out (`end` -1) the highest tally (`highest_tally`, from the round's `first`)."""
    return end if end >= 0 else highest_tally(scores, first)


def target_reached(totals: Sequence[int], target: int) -> bool:
    """Does the game end after this round: someone's total has reached the target."""
    return max(totals) >= target
