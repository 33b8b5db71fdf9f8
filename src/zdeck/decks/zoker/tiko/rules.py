"""Zoker Tiko's rules that the play (state.py) and the check of what play reaches (reachable.py) share,
so each is written once: how a deal goes, where a card lands in the trick, who wins and leads, and what a
game adds to the match."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zdeck.decks.zoker.cards import STRONGER
from zdeck.decks.zoker.deck import DATA

if TYPE_CHECKING:
    from zdeck.decks.zoker.tiko.game import Tiko

HAND: int = DATA["tiko"]["hand"]  # cards dealt to each player per deal
TRICK, OVER = "trick", "over"  # the phases: a trick is being played; the match is over

Entry = tuple[int, int]  # (seat, card) of a card in a trick


def first_leader(round_no: int, players: int) -> int:
    """Who leads a round's first trick: the player left of its dealer, seat 0 in the first round."""
    return (round_no - 1) % players


def deal_size(game: Tiko, deck_left: int) -> int:
    """Cards each player gets in a deal from a deck of `deck_left` (0: it cannot deal a round): four each,
    and under last_deal=even what is left shared evenly."""
    n = game.players
    if deck_left >= HAND * n:
        return HAND
    if game.options["last_deal"] == "even":
        return deck_left // n
    return 0


def decks_left(game: Tiko) -> list[int]:
    """The sizes the deck has after each deal of a game, in order (`deal_size` from a full deck on)."""
    sizes, left = [], 64
    while size := deal_size(game, left):
        left -= size * game.players
        sizes.append(left)
    return sizes


def compared(pile: list[Entry], former: int, compare_top: bool) -> int:
    """Pile position of "the former card" the next card is compared with (-1: empty pile): the top card,
    or (compare=previous) the card played just before, wherever it lies."""
    if not pile:
        return -1
    return len(pile) - 1 if compare_top else former


def lay(pile: list[Entry], at: int, player: int, card: int) -> int:
    """Lay `player`'s card on the trick: directly on the former card (at position `at`) if stronger, directly
    under it if weaker, alone on an empty pile. Returns the position it took."""
    if at < 0:
        position = 0
    elif STRONGER[card][pile[at][1]]:
        position = at + 1
    else:
        position = at
    pile.insert(position, (player, card))
    return position


def trick_winner(pile: list[Entry]) -> int:
    """Whose card lies on the very top of a finished trick: they win it."""
    return pile[-1][0]


def match_points(game: Tiko, won: list[int]) -> list[int]:
    """What a game of cards won (`won`, per seat) adds to the match totals: the cards, or under match=games
    one for each player with the most (rulebook: "compete for ... the number of games won")."""
    if game.options["match"] != "games":
        return won
    best = max(won)
    return [int(w == best) for w in won]
