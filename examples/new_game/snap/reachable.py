"""What a reachable Snap state is: the one check of a state against the rules (docs/writing-a-game.md).

`read_state` runs it after reading the fields, and the conformance suite on every state of random play and of
every resample. Its conditions ask the rules the play uses (`cards.pairs`); a ValueError names the field."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from zdeck.decks.snap.cards import DECK, pairs

if TYPE_CHECKING:
    from zdeck.decks.snap.state import SnapState


def check(state: SnapState) -> None:
    """What every reachable state keeps: the deck's cards, each once, a face-up card, and a snap window only on
    a pair its maker laid."""
    held = Counter([c for h in state.hands for c in h] + state.draw + state.pile)
    if held != Counter(DECK):
        raise ValueError("hands, draw and pile: every card of the deck exactly as often as it is printed")
    if not state.pile:
        raise ValueError("pile: at least the card turned up at the start")
    if state.pair_by >= 0 and (len(state.pile) < 2 or not pairs(state.pile[-1], state.pile[-2])):
        raise ValueError("pair_by: a snap window is open only on a card laid on one of its number")
    if state.won and state.pair_by >= 0:
        raise ValueError("won: a finished game has no snap window")
