"""Small pure rules shared by the state and the bots (one source of truth).

They take plain values so a bot can ask them with what its observation shows.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter

from zdeck.decks.zar.actions import Call
from zdeck.decks.zar.cards import IS_POWER, IS_WASP, KINDS, PLAIN_KINDS, SYMBOLS, WASPS


def correct_call(
    *, player: int, hand_size: int, card: int, size: int, top: int, matchable: bool, owner: int, run: int
) -> Call:
    """The call a play must carry (strict calls) - the extended rules' declaration table.

    A play identical to an open top card is a match: "MATCH"/"MATCH-DOUBLE"...
    on someone else's cards; on your own cards it extends your run, so it is
    named by the run's new size ("DOUBLE" for one card on your own single).
    "ZAR" is due when the play leaves exactly one card in hand.
    """
    zar = hand_size - size == 1
    if matchable and card == top:
        if owner == player:
            return Call(zar, False, run + size)
        return Call(zar, True, size)
    return Call(zar, False, size)


def call_penalised(right: Call, said: Call | None) -> bool:
    """Does a strict call cost a penalty card?

    The rules punish a call that is missing - "if you forget [Last Card] and
    are caught, you draw one" - and the declaration table says what is due:
    ZAR when one card is left, MATCH when matching someone, the size your play
    makes. A call that leaves out something due, or names the wrong size, is
    punished; words that are not due (ZAR with cards to spare, MATCH on a play
    that matches nobody) take nothing from what was due, and the rules name no
    penalty for them, so they cost nothing.
    """
    if said is None:
        return True
    return (right.zar and not said.zar) or (right.match and not said.match) or said.size != right.size


def follows(card: int, top: int, declared: int, stack: int) -> bool:
    """May `card` be played in turn on `top` (not as a match)?

    A pending Wasp draw can only be answered by a Wasp. Otherwise a Power card
    goes on anything; other cards follow the colour or the symbol (a Command
    creature counts as a symbol), or the declaration of a Power card on top.
    """
    if stack:
        return IS_WASP[card]
    if IS_POWER[card]:
        return True
    kind, on = KINDS[card], KINDS[top]
    if IS_POWER[top]:
        return kind.colour == declared if on.declares == "colour" else kind.symbol == declared
    return kind.colour == on.colour or kind.symbol == on.symbol


# FOLLOWERS[top][declared + 1]: the printed kinds that `follows` lets be played in turn on `top` (no pending
# Wasp draw), ascending - the state's hot path reads this instead of asking `follows` 31 times.
FOLLOWERS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(k for k in range(PLAIN_KINDS) if follows(k, top, declared, 0)) for declared in range(-1, len(SYMBOLS)))
    for top in range(PLAIN_KINDS)
)
# FOLLOWS[top][declared + 1][card]: `follows` without a pending Wasp draw, for a printed card, as a lookup
FOLLOWS: tuple[tuple[tuple[bool, ...], ...], ...] = tuple(
    tuple(tuple(k in kinds for k in range(PLAIN_KINDS)) for kinds in row) for row in FOLLOWERS
)
WASP_FOLLOWERS: tuple[int, ...] = tuple(k for k in WASPS if k < PLAIN_KINDS)  # what answers a pending Wasp draw
# ...and their counts read out of a hand in one C call: compress(kinds, getter(hand)) yields the held ones
FOLLOWER_COUNTS: tuple[tuple[Callable[[list[int]], tuple[int, ...]], ...], ...] = tuple(
    tuple(itemgetter(*kinds) for kinds in row) for row in FOLLOWERS
)
WASP_FOLLOWER_COUNTS: Callable[[list[int]], tuple[int, ...]] = itemgetter(*WASP_FOLLOWERS)
# What the turn player's listing walks: TURN_FOLLOWERS[top][declared + 1][matchable] and
# WASP_TURN_FOLLOWERS[top][matchable]; on an open top card its own kind is left out (it leads, as matches).
TURN_FOLLOWERS: tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...] = tuple(
    tuple((kinds, tuple(k for k in kinds if k != top)) for kinds in row) for top, row in enumerate(FOLLOWERS)
)
WASP_TURN_FOLLOWERS: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = tuple(
    (WASP_FOLLOWERS, tuple(k for k in WASP_FOLLOWERS if k != top)) for top in range(PLAIN_KINDS)
)
