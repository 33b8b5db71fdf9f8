"""Zoker Kubo, the game: metadata and options (rules: docs/rules/zoker-kubo.md)."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from zdeck import statedict as sd
from zdeck.compiled import mypyc_attr
from zdeck.core import Game, Option
from zdeck.decks.zoker.deck import DATA

# The rules (cards, board, actions, state) are imported by the methods that use them, not here: `zdeck list`
# reads this class alone, and should not build every game's tables to do it.

TARGET_ROUNDS: Final = 100  # rounds a match played to a target lasts at most (an assumption: the rulebook sets no bound)


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant may subclass it
class Kubo(Game):
    id = "zoker-kubo"
    title = "Zoker Kubo"
    summary = "Build the Zoker cube from its corners; score straights (1), diagonals (2) and Zokers (12)."
    min_players: ClassVar[int] = DATA["kubo"]["players"][0]  # (one name a line: mypyc compiles no tuple here)
    max_players: ClassVar[int] = DATA["kubo"]["players"][1]
    default_players = 3
    default_score_order = "higher"  # the most points win
    options_spec: ClassVar[dict[str, Option]] = {
        "start": Option(
            "blue-corners",
            "starting corners: 'blue-corners' = blue S1, S4, XL1, XL4 (layers are colours); variants "
            "'blue-red-S' = blue and red S1, S4 (layers are sizes) and 'blue-red-4' = blue and red S4, XL4 "
            "(layers are shapes)",
            choices=tuple(DATA["kubo"]["starts"]),  # the names of board.FRAMES
        ),
        "scoring": Option(
            "auto",
            "'auto' = every structure is scored for the player who completes it; 'claim' = its player must "
            "announce it during the turn, else the others may shout \"Score!\" for it when the turn ends",
            choices=("auto", "claim"),
        ),
        "rounds": Option(None, "rounds to play, their points added up (default: 1; with a target, at most "
                         f"{TARGET_ROUNDS})", check=sd.int_option(1, optional=True)),
        "target": Option(0, "play until someone's total reaches this, ending the match after that round (0: no "
                         "target)", check=sd.int_option(0)),
    }

    def resolve_options(self, options: dict[str, Any], players: int | None) -> dict[str, Any]:
        """Rounds: one by default; played to a target, as many as it takes, within a bound that keeps a
        match finite (rulebook: "a predetermined number of rounds or until someone reaches a certain
        winning score")."""
        if options["rounds"] is None:
            options = {**options, "rounds": TARGET_ROUNDS if options["target"] else 1}
        return options

    def rounds(self) -> int | None:
        return None if self.options["target"] else int(self.options["rounds"])
