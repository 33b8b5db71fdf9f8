"""Zip Zap as a game: its metadata, options and the states it makes."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from zdeck import statedict as sd
from zdeck.compiled import mypyc_attr
from zdeck.core import Game, Option

# The rules (cards, actions, state) are found by the kernel in this folder when first used (`Game.part`):
# `zdeck list` reads this class alone, and should not build every game's tables to do it.

MAX_ROUNDS: Final = 100  # the `rounds` option's bound: a match, not an endless loop


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant may subclass it
class ZipZap(Game):
    id = "zipzap"
    title = "Zip Zap"
    summary = "Race to shed your cards in sequence; play a 10 or your Zap to take control."
    min_players = 2
    max_players = 6
    default_players = 4
    default_score_order = "lower"  # the rulebook's scoring; the "wins" variant turns it round (check_options)
    options_spec: ClassVar[dict[str, Option]] = {
        "scoring": Option("cards", "cards: others score their hand (solid 1, wild 3, Zap 5), lowest total wins; "
                          "wins: one point for going out first, most points wins", choices=("cards", "wins")),
        "rounds": Option(None, "number of rounds, 1 to 100 (default by the rulebook: players, twice that for 2-3 players)",
                         check=sd.int_option(1, MAX_ROUNDS, optional=True)),
    }

    def __init__(self, players: object = None, **options: Any) -> None:
        super().__init__(players, **options)
        from zdeck.decks.zipzap.cards import DATA

        self.total_rounds: int = self.options["rounds"] or self.players * DATA["rounds_per_player"][str(self.players)]

    def rounds(self) -> int:
        return self.total_rounds

    def check_options(self) -> None:
        # Lower totals win by the rulebook's scoring; rounds won count in the "wins" variant.
        self.score_order = "higher" if self.options["scoring"] == "wins" else "lower"
