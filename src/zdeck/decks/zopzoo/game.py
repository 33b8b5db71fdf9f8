"""The Zop Zoo game: metadata, options and the action table (rules: docs/rules/zopzoo.md)."""

from __future__ import annotations

from typing import ClassVar, Final

from zdeck import statedict as sd
from zdeck.compiled import mypyc_attr
from zdeck.core import Game, Option

# The rules (cards, actions, state) are found by the kernel in this folder when first used (`Game.part`):
# `zdeck list` reads this class alone, and should not build every game's tables to do it.

MAX_TARGET: Final = 100_000  # far past any real match; a target must not let a game run on for ever


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant may subclass it
class ZopZoo(Game):
    id = "zopzoo"
    title = "Zop Zoo"
    summary = "Match your six face-up animal cards from the black deck; first to all POINTS wins the round"
    min_players = 2
    max_players = 6  # the rulebook says 2-4 is best but more may play
    default_players = 3
    default_score_order = "higher"
    options_spec: ClassVar[dict[str, Option]] = {
        "target": Option(
            800,
            "match points that end the game: 800 by the rulebook; 1000 is its suggestion for two players "
            "(a lower target, e.g. 600, shortens games at big tables)",
            check=sd.int_option(1, MAX_TARGET),
        ),
        "assist": Option(
            "auto",
            "auto: the engine takes every card you can match; manual: you may overlook one (only a MOLE recovers it)",
            choices=("auto", "manual"),
        ),
        "recall": Option(
            False,
            "false: a seat sees the top of the discard pile (a face-up stack); true: the whole pile, every card "
            "that landed on it remembered (perfect recall, for bots and training)",
            choices=(False, True),
        ),
    }

    def rounds(self) -> int | None:
        return None  # played to a target
