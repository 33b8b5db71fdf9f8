"""What a reachable Zoker Solo state is: the one check of a state against the rules (docs/writing-a-game.md).
Every card once, the draw pile dealt by fours, the moves `version` counts; and the last move played again:
undone, it must be one the table before allowed (`_list_moves`) and lead by `_apply` to this very table."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from zdeck.decks.zoker.cards import DECK
from zdeck.decks.zoker.solo.actions import PILES, UPPER, Deal, MoveCard, MovePile
from zdeck.decks.zoker.solo.moves import DEAL_SIZE, EMPTY, FULL_DRAW_PILE, covers_of
from zdeck.rng import settle
from zdeck.statedict import require

if TYPE_CHECKING:
    from zdeck.decks.zoker.solo.state import SoloState


def check(s: SoloState) -> None:
    """Refuse a state no game reaches (a ValueError naming the field); return None for one it can."""
    require(not len(s.deck) % DEAL_SIZE,
            f"deck: {len(s.deck)} cards; the draw pile starts with {FULL_DRAW_PILE} and loses {DEAL_SIZE} a deal")
    cards = [s.upper[i] for i in range(UPPER) if s.upper[i] != EMPTY] + [c for p in s.piles for c in p] + s.deck
    require(sorted(cards) == list(range(len(DECK))), "the layout, piles and deck must hold each of the 64 cards exactly once")
    # `version` counts each card moved down and each deal once, plus the pile moves: at least one per empty
    # place of the last row, at most one more per card moved down (which may have started a pile).
    moved_down = sum(len(p) for p in s.piles) - PILES
    require(moved_down >= 0, "piles: the last row starts with four cards and never loses one")
    fewest = moved_down + (FULL_DRAW_PILE - len(s.deck)) // DEAL_SIZE + sum(1 for p in s.piles if not p)
    require(fewest <= s.version <= fewest + moved_down,
            f"version: {s.version} moves cannot leave this table; it takes {fewest} to {fewest + moved_down}")
    require((s.last is None) == (s.version == 0), "last: a game names its last move exactly when a move has been made")
    require(s.last is None or any(_led_here(before, s) for before in _before(s)),
            f"last: no table one move before this one lets {s.last} leave it so")
    require(s.covers == covers_of(s.piles) and s.legal == s._list_moves(),
            "piles: the cover cards and the moves kept are not those of the piles")


def _led_here(before: SoloState, s: SoloState) -> bool:
    """Did the last move, made on `before`, lead by the rules to `s`?"""
    before.covers = covers_of(before.piles)
    before.legal = before._list_moves()
    if s.last not in before.legal:
        return False
    before._apply(0, s.last)
    return (before.upper, before.piles) == (s.upper, s.piles)  # (the deck: by construction)


def _before(s: SoloState) -> Iterator[SoloState]:
    """The tables the last move may have been made on: this one with it undone. A pile moved onto another may
    have had any of its cards but the bottom one; dealt cards fill the first empty places in reading order,
    so they may be any four before the first place still empty."""
    upper, piles, last = s.upper, s.piles, s.last
    if isinstance(last, MoveCard) and upper[last.slot] == EMPTY and piles[last.pile]:
        before = _copy(s)
        before.upper[last.slot] = before.piles[last.pile].pop()
        yield before
    elif isinstance(last, MovePile) and not piles[last.src]:
        joined = piles[last.dst]
        for moved in range(1, len(joined)):
            before = _copy(s)
            before.piles[last.src], before.piles[last.dst] = joined[-moved:], joined[:-moved]
            yield before
    elif isinstance(last, Deal) and len(s.deck) < FULL_DRAW_PILE:
        first_empty = upper.index(EMPTY) if EMPTY in upper else UPPER
        filled = [slot for slot in range(first_empty) if upper[slot] != EMPTY][-DEAL_SIZE:]
        if len(filled) == DEAL_SIZE:
            before = _copy(s)
            before.deck += [upper[slot] for slot in reversed(filled)]  # the top card went to the first place
            for slot in filled:
                before.upper[slot] = EMPTY
            yield before


def _copy(s: SoloState) -> SoloState:
    """A clone whose draw pile is settled (a resample's is shuffled lazily), so cards can go back on top."""
    twin = s.clone()
    settle(twin.deck, twin.unsettled)
    return twin
