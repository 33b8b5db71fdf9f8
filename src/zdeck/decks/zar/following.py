"""Following: which card may be played in turn on the card on top (not as a match).

A pending Wasp draw can only be answered by a Wasp. Otherwise a Power card goes on
anything, and other cards follow the colour or the symbol on top (a Command card's
creature counts as its symbol), or the colour or symbol a Power card on top declared.
The same rule serves the state and the bots; it takes plain values so a bot can ask
it with what its observation shows.
"""

from __future__ import annotations

from typing import Final

from zdeck.decks.zar.cards import FOLLOW_SYMBOLS, IS_POWER, IS_WASP, KINDS, PLAIN_KINDS


def follows(card: int, top: int, declared: int, pending_draw: int) -> bool:
    """May `card` be played in turn on `top` (whose Power play declared `declared`, -1 for none)?"""
    if pending_draw:
        return IS_WASP[card]
    if IS_POWER[card]:
        return True
    kind, on = KINDS[card], KINDS[top]
    if IS_POWER[top]:
        return kind.colour == declared if on.declares == "colour" else kind.symbol == declared
    return kind.colour == on.colour or kind.symbol == on.symbol


# FOLLOWERS[top][declared + 1]: the printed kinds that follow `top` without a pending Wasp draw, ascending.
# The turn player's listing walks this row instead of asking `follows` 31 times per move.
FOLLOWERS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(k for k in range(PLAIN_KINDS) if follows(k, top, declared, 0)) for declared in range(-1, len(FOLLOW_SYMBOLS)))
    for top in range(PLAIN_KINDS)
)
WASP_ANSWERS: Final[tuple[int, ...]] = tuple(k for k in range(PLAIN_KINDS) if IS_WASP[k])  # what answers a pending draw


def followers(top: int, declared: int, pending_draw: int) -> tuple[int, ...]:
    """The printed kinds that `follow` the top card now, ascending."""
    return WASP_ANSWERS if pending_draw else FOLLOWERS[top][declared + 1]
