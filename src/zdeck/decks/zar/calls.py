"""Calls: what a play must be announced with - the extended rules' declaration table.

A play identical to the open top card is a match: "MATCH", "MATCH-DOUBLE"... on
someone else's cards; on your own cards it extends your run, so it is named by the
run's new size ("DOUBLE" for one card on your own single). A plain play is named by
its size ("DOUBLE", "TRIPLE"...). "ZAR" (the base game's "Last Card") is due when the
play leaves exactly one card in hand. The functions take plain values, so the bots
ask the same rule with what their observation shows.
"""

from __future__ import annotations

from typing import Final

from zdeck.decks.zar.actions import Call

_CALLS: Final[dict[tuple[bool, bool, int], Call]] = {}  # one Call per (zar, match, size): the state names one per play


def call_of(zar: bool, match: bool, size: int) -> Call:
    """The Call with these words (made once, then shared)."""
    try:
        return _CALLS[zar, match, size]
    except KeyError:
        call = _CALLS[zar, match, size] = Call(zar, match, size)
        return call


def due_call(size: int, cards_left: int, matching: bool, own_run: int) -> Call:
    """The call due for a play of `size` cards that leaves `cards_left` in hand.

    `matching`: the play is identical to the open top card. `own_run`: the cards
    of the player's own unbroken run that this match joins (0 when the top card is
    someone else's, or the play matches nothing).
    """
    key = (cards_left == 1, False, own_run + size) if own_run else (cards_left == 1, matching, size)
    try:
        return _CALLS[key]
    except KeyError:
        return call_of(*key)


def call_penalised(due: Call, said: Call | None, rules: str) -> bool:
    """Does a spoken call cost a penalty card under the `calls` option `rules`?

    The rules name one penalty: "Last Card" - "if you forget and are caught, you
    draw one" - so under "rulebook" only a play that leaves one card without ZAR
    is punished. "strict" adds penalties the rules do not have (our invention): a
    call that leaves out MATCH when matching someone, or names the wrong size.
    Words that are not due (ZAR with cards to spare, MATCH on a play that matches
    nobody) take nothing from what was due and cost nothing under either.
    """
    forgot_zar = due.zar and (said is None or not said.zar)
    if rules != "strict":
        return forgot_zar
    if said is None:
        return True
    return forgot_zar or (due.match and not said.match) or said.size != due.size
