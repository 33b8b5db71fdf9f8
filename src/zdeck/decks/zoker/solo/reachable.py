"""What a reachable Zoker Solo state is: the one check of a state against the rules.

`read_state` runs it on every state it reads (after ranging each field), and the conformance suite on
every state of random play and of every resample. Most of what play leaves is counted (every card
once, the draw pile dealt by fours, the moves `version` counts); the last move is played again
through the rules themselves: undone, it must be one the table before it allowed (`_list_moves`)
and lead from there to this very table (`_apply`). A ValueError names the field that is wrong.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from zdeck.decks.zoker.cards import DECK
from zdeck.decks.zoker.solo.actions import PILES, UPPER, Deal, MoveCard, MovePile
from zdeck.decks.zoker.solo.moves import DEAL_SIZE, EMPTY, FULL_DRAW_PILE, covers_of
from zdeck.rng import settle

if TYPE_CHECKING:
    from zdeck.decks.zoker.solo.state import SoloState


def check(state: SoloState) -> None:
    """Refuse a state no game reaches; return None for one it can."""
    _check_cards(state)
    _check_move_count(state)
    _check_last(state)
    if state.covers != covers_of(state.piles) or state.legal != state._list_moves():
        raise ValueError("piles: the cover cards and the moves kept are not those of the piles")


def _check_cards(state: SoloState) -> None:
    """The upper places, the piles and the draw pile: every card once, the draw pile dealt by fours."""
    if len(state.deck) % DEAL_SIZE:
        raise ValueError(f"deck: {len(state.deck)} cards; the draw pile starts with {FULL_DRAW_PILE} and loses "
                         f"{DEAL_SIZE} a deal")
    cards = [c for c in state.upper if c != EMPTY] + [c for p in state.piles for c in p] + state.deck
    if sorted(cards) != list(range(len(DECK))):
        raise ValueError("the layout, piles and deck must hold each of the 64 cards exactly once")


def _check_move_count(state: SoloState) -> None:
    """`version` counts the moves made: each card moved down and each deal once, plus the pile moves -
    at least one per empty place of the last row, at most one more per card moved down (which may have
    started a new pile in an empty place)."""
    moved_down = sum(len(p) for p in state.piles) - PILES
    if moved_down < 0:
        raise ValueError("piles: the last row starts with four cards and never loses one")
    deals = (FULL_DRAW_PILE - len(state.deck)) // DEAL_SIZE
    empty_places = sum(1 for p in state.piles if not p)
    fewest = moved_down + deals + empty_places
    if not fewest <= state.version <= fewest + moved_down:
        raise ValueError(f"version: {state.version} moves cannot leave this table; it takes "
                         f"{fewest} to {fewest + moved_down}")


def _check_last(state: SoloState) -> None:
    """The move made last, played again: some table one move before this one allowed it and it led here."""
    last = state.last
    if (last is None) != (state.version == 0):
        raise ValueError("last: a game names its last move exactly when a move has been made")
    if last is None:
        return
    for before in _before(state, last):
        before.legal = before._list_moves()
        if last in before.legal:
            before._apply(0, last)
            if (before.upper, before.piles) == (state.upper, state.piles):  # (the deck: by construction)
                return
    raise ValueError(f"last: no table one move before this one lets {last} leave it so")


def _before(state: SoloState, last: MoveCard | MovePile | Deal) -> Iterator[SoloState]:
    """The tables `last` may have been made on: this one with the move undone (a pile moved onto another may
    have had any of its cards but the bottom one; dealt cards fill the first empty places in reading order,
    so they may be any four before the first place still empty)."""
    upper, piles = state.upper, state.piles
    if isinstance(last, MoveCard):
        if upper[last.slot] == EMPTY and piles[last.pile]:
            before = _copy(state)
            before.upper[last.slot] = before.piles[last.pile].pop()
            yield _covered(before)
    elif isinstance(last, MovePile):
        joined = piles[last.dst]
        for moved in range(1, len(joined) if not piles[last.src] else 0):
            before = _copy(state)
            before.piles[last.src], before.piles[last.dst] = joined[-moved:], joined[:-moved]
            yield _covered(before)
    else:
        first_empty = upper.find(EMPTY) if EMPTY in upper else UPPER
        filled = [slot for slot in range(first_empty) if upper[slot] != EMPTY][-DEAL_SIZE:]
        if len(filled) == DEAL_SIZE and len(state.deck) < FULL_DRAW_PILE:
            before = _copy(state)
            before.deck += [upper[slot] for slot in reversed(filled)]  # the top card went to the first place
            for slot in filled:
                before.upper[slot] = EMPTY
            yield before


def _copy(state: SoloState) -> SoloState:
    """A clone whose draw pile is settled (a resample's is shuffled lazily), so cards can go back on top."""
    twin = state.clone()
    settle(twin.deck, twin.unsettled)
    return twin


def _covered(state: SoloState) -> SoloState:
    state.covers = covers_of(state.piles)
    return state
