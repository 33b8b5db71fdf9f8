"""Zoker Tiko, the game: metadata and options (rules: docs/rules/zoker-tiko.md)."""

from __future__ import annotations

from typing import ClassVar

from zdeck import statedict as sd
from zdeck.compiled import mypyc_attr
from zdeck.core import Game, Option
from zdeck.decks.zoker.deck import DATA

# The rules (cards, actions, state) are found by the kernel in this folder when first used (`Game.part`):
# `zdeck list` reads this class alone, and should not build every game's tables to do it.


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant may subclass it
class Tiko(Game):
    id = "zoker-tiko"
    title = "Zoker Tiko"
    summary = "Trick game: lay a card on the trick if stronger, under it if weaker; the top card takes the trick."
    min_players: ClassVar[int] = DATA["tiko"]["players"][0]  # (one name a line: mypyc compiles no tuple here)
    max_players: ClassVar[int] = DATA["tiko"]["players"][1]
    default_players = 4
    default_score_order = "higher"  # the most cards won (or games won) wins
    options_spec: ClassVar[dict[str, Option]] = {
        "compare": Option(
            "top",
            "which card a new card is compared with: 'top' = the card on top of the pile (the highest card so "
            "far); 'previous' = the card played just before, wherever it lies",
            choices=("top", "previous"),
        ),
        "last_deal": Option(
            "full",
            "'full' = deal again only while every player can get four cards; 'even' = also deal the rest "
            "evenly (fewer than four each) while every player can get at least one",
            choices=("full", "even"),
        ),
        "rounds": Option(1, "games played in a row (see 'match' for how they are added up)", check=sd.int_option(1)),
        "match": Option(
            "cards",
            "what the players compete for over several games: 'cards' = the total number of cards won; "
            "'games' = the number of games won (a game is won by whoever took the most cards in it, ties each)",
            choices=("cards", "games"),
        ),
    }

    def rounds(self) -> int | None:
        return int(self.options["rounds"])
