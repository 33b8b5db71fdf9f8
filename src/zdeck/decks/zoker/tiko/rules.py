"""Zoker Tiko's rules that the play (state.py) and the check of what play reaches (reachable.py) share,
so each is written once: how a deal goes, who wins a trick and leads, and what a game adds to the match.
(Where a card lands in the trick: `TikoState.place`.)"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from zdeck.decks.zoker.deck import DATA

if TYPE_CHECKING:
    from zdeck.decks.zoker.tiko.game import Tiko

HAND: Final[int] = DATA["tiko"]["hand"]  # cards dealt to each player per deal
TRICK: Final = "trick"  # the phases: a trick is being played; the match is over
OVER: Final = "over"

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
