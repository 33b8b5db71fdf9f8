"""What a reachable Zoker Memo state is: the one check of a state against the rules (docs/writing-a-game.md).
Each condition asks the rule the play uses: what a pair is (`pairs.matches`, `pairs.has_pair`), who turns
next (`next_turn`) and when a table with no pair is dealt to (`may_refill`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zdeck.decks.zoker.cards import DECK
from zdeck.decks.zoker.memo import pairs
from zdeck.decks.zoker.memo.pairs import EMPTY
from zdeck.statedict import require

if TYPE_CHECKING:
    from zdeck.decks.zoker.memo.state import MemoState


def check(s: MemoState) -> None:
    """Refuse a state no game reaches (a ValueError naming the field); return None for one it can."""
    up, flips = s.up, s.flips
    # Each move turns one card and each flip shows one; a turn is under way exactly after an odd number.
    require(s.version == flips, f"version: {s.version}, but every move turns one card and {flips} were turned")
    require(up == EMPTY or s.table[up] != EMPTY, f"up: place {up} is empty; the first card turned must be on the table")
    require((up != EMPTY) == (flips % 2 == 1), "up: a card is face up exactly when an odd number of cards has been turned")
    require(up == EMPTY or s.seen_at[up] == flips, f"seen_at[{up}]: the card face up now was turned at the last flip")
    shown = [flip for flip in s.seen_at if flip >= 0]
    require(len(shown) == len(set(shown)), "seen_at: one flip shows one card, so no two places share a flip number")
    for slot, card in enumerate(s.table):
        require(card != EMPTY or s.seen_at[slot] == -1, f"seen_at[{slot}]: an empty place shows no card")
    for seat, won in enumerate(s.won):
        require(not len(won) % 2 and all(pairs.matches(a, b, s.rule) for a, b in zip(won[::2], won[1::2])),
                f"won[{seat}]: cards are earned as pairs ({s.rule} qualities in common)")
    cards = [c for c in s.table if c != EMPTY] + s.deck + [c for w in s.won for c in w]
    require(sorted(cards) == list(range(len(DECK))),
            "the table, deck and collected cards must hold each of the 64 cards exactly once")
    _check_last(s)
    over = not pairs.has_pair(s.table, s.rule)  # a table with no pair is dealt to at once or ends the game
    require(not over or not s.may_refill(), "table: with no pair left it would have been refilled from the deck")
    require(not over or up == EMPTY, "up: no turn can be under way when no pair is left")
    require(s.over == over, "the game is over exactly when no pair is left on the table")


def _check_last(s: MemoState) -> None:
    """The last finished turn agrees with the table: before any, nothing is earned and seat 0 is on; after
    one, its cards are a pair exactly when taken, cards not taken lie where they were, seen at its two flips,
    and the turn went where the rules send it."""
    if s.last is None:
        require(s.flips <= 1 and s.turn == 0 and not any(s.won), "last: after a finished turn the state must name it")
        return
    who, place_a, card_a, place_b, card_b, taken = s.last
    require(place_a != place_b and taken == pairs.matches(card_a, card_b, s.rule),
            "last: two different places, taken exactly when their cards are a pair")
    expected = s.next_turn(who, taken)
    require(s.turn == expected, f"turn: {s.turn}, but after seat {who}'s last turn it is seat {expected}'s")
    require(not taken or s.won[who][-2:] == [card_a, card_b], f"last: a pair taken is the last two cards of won[{who}]")
    if not taken:
        require(s.table[place_a] == card_a and s.table[place_b] == card_b,
                "last: cards that were not a pair are turned back in their places")
        second = s.flips - (s.up != EMPTY)  # the flip that ended the last turn
        for place, flip in ((place_a, second - 1), (place_b, second)):
            require(place == s.up or s.seen_at[place] == flip,
                    f"seen_at[{place}]: its card was last face up at flip {flip}, in the last turn")
