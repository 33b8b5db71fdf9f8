"""What a reachable Zoker Memo state is: the one check of a state against the rules.

`read_state` runs it on every state it reads (after ranging each field), and the conformance suite on
every state of random play and of every resample. Its conditions ask the rules the transitions use: what
a pair is (`pairs.matches`, `pairs.has_pair`), who turns cards next (`next_turn`) and when a table with
no pair is dealt to (`may_refill`). A ValueError names the field that is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zdeck.decks.zoker.cards import DECK
from zdeck.decks.zoker.memo import pairs
from zdeck.decks.zoker.memo.pairs import EMPTY

if TYPE_CHECKING:
    from zdeck.decks.zoker.memo.state import MemoState


def check(state: MemoState) -> None:
    """Refuse a state no game reaches; return None for one it can."""
    _check_sightings(state)
    _check_cards(state)
    _check_last(state)
    _check_settled(state)


def _check_sightings(state: MemoState) -> None:
    """Each move turns one card and each flip shows one: flip numbers are distinct, an empty place shows
    none, the card turned up now was the last flip, and a turn is under way exactly after an odd number."""
    if state.version != state.flips:
        raise ValueError(f"version: {state.version}, but every move turns one card and {state.flips} were turned")
    if state.up != EMPTY and state.table[state.up] == EMPTY:
        raise ValueError(f"up: place {state.up} is empty; the first card turned must be on the table")
    if (state.up != EMPTY) != (state.flips % 2 == 1):
        raise ValueError("up: a card is face up exactly when an odd number of cards has been turned")
    if state.up != EMPTY and state.seen_at[state.up] != state.flips:
        raise ValueError(f"seen_at[{state.up}]: the card face up now was turned at the last flip")
    shown = [flip for flip in state.seen_at if flip >= 0]
    if len(shown) != len(set(shown)):
        raise ValueError("seen_at: one flip shows one card, so no two places share a flip number")
    for slot, card in enumerate(state.table):
        if card == EMPTY and state.seen_at[slot] != -1:
            raise ValueError(f"seen_at[{slot}]: an empty place shows no card")


def _check_cards(state: MemoState) -> None:
    """Every card once, on the table, in the deck or earned - earned as pairs, in the order earned."""
    for seat, cards in enumerate(state.won):
        if len(cards) % 2 or any(not pairs.matches(a, b, state.rule) for a, b in zip(cards[::2], cards[1::2])):
            raise ValueError(f"won[{seat}]: cards are earned as pairs ({state.rule} qualities in common)")
    cards = [c for c in state.table if c != EMPTY] + state.deck + [c for w in state.won for c in w]
    if sorted(cards) != list(range(len(DECK))):
        raise ValueError("the table, deck and collected cards must hold each of the 64 cards exactly once")


def _check_last(state: MemoState) -> None:
    """The last finished turn agrees with the table: before any, nothing is earned and seat 0 is on;
    after one, its cards are a pair exactly when taken, and the turn went where the rules send it."""
    if state.last is None:
        if state.flips > 1 or state.turn != 0 or any(state.won):
            raise ValueError("last: after a finished turn the state must name it")
        return
    who, place_a, card_a, place_b, card_b, taken = state.last
    if place_a == place_b or taken != pairs.matches(card_a, card_b, state.rule):
        raise ValueError("last: two different places, taken exactly when their cards are a pair")
    if state.turn != state.next_turn(who, taken):
        raise ValueError(f"turn: {state.turn}, but after seat {who}'s last turn it is seat "
                         f"{state.next_turn(who, taken)}'s")
    if taken and state.won[who][-2:] != [card_a, card_b]:
        raise ValueError(f"last: a pair taken is the last two cards of won[{who}]")
    if not taken:
        _check_turned_back(state, place_a, card_a, place_b, card_b)


def _check_turned_back(state: MemoState, place_a: int, card_a: int, place_b: int, card_b: int) -> None:
    """Cards that were not a pair lie where they were, seen at the last two flips of that turn."""
    if state.table[place_a] != card_a or state.table[place_b] != card_b:
        raise ValueError("last: cards that were not a pair are turned back in their places")
    second = state.flips - (state.up != EMPTY)  # the flip that ended the last turn
    for place, flip in ((place_a, second - 1), (place_b, second)):
        if place != state.up and state.seen_at[place] != flip:
            raise ValueError(f"seen_at[{place}]: its card was last face up at flip {flip}, in the last turn")


def _check_settled(state: MemoState) -> None:
    """A table with no pair left is dealt to at once or ends the game: it never waits for a turn."""
    over = not pairs.has_pair(state.table, state.rule)
    if over and state.may_refill():
        raise ValueError("table: with no pair left it would have been refilled from the deck")
    if over and state.up != EMPTY:
        raise ValueError("up: no turn can be under way when no pair is left")
    if state.over != over:
        raise ValueError("the game is over exactly when no pair is left on the table")
