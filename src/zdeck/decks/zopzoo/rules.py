"""Zop Zoo's turn words - the phases, and what card each phase that waits on a drawn card holds - and the
white deck's dealer: shared by the play (state.py) and the check of what play reaches (reachable.py).
(What a round scores and who starts the next: scoring.py.)"""

from __future__ import annotations

from typing import Final

from zdeck.decks.zopzoo.cards import MATCHERS, SPECIALTY, WILDS, Kind

PHASES: Final = ("turn", "again", "wild", "mole", "special", "match", "chain", "over")
PENDING_KINDS: Final[dict[str, frozenset[Kind]]] = {  # the phases that wait on a drawn card, and what it can be
    "wild": WILDS,
    "mole": frozenset({Kind.MOLE}),
    "special": SPECIALTY,
    "match": MATCHERS | {Kind.BONUS},
}
DEALER: Final = 0  # the rulebook's "dealer of the white deck for the whole game": seat 0 gets the first card
