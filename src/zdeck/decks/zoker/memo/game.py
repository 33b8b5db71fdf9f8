"""Zoker Memo, the memory game of the Zoker deck (rules: docs/rules/zoker-memo.md)."""

from __future__ import annotations

from typing import ClassVar, Final

from zdeck import statedict as sd
from zdeck.compiled import mypyc_attr
from zdeck.core import Game, Option
from zdeck.decks.zoker.memo.actions import MAX_PLACES

# The rules (cards, pairs, state) are imported by the methods that use them, not here: `zdeck list` reads
# this class alone, and should not build every game's tables to do it.

DEFAULT_DEAL: Final = 16  # the rulebook's 4x4 square


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant may subclass it
class ZokerMemo(Game):
    id = "zoker-memo"
    title = "Zoker Memo"
    summary = "Memory: turn two face-down Zoker cards; keep compatible pairs; most cards wins."
    min_players = 1
    max_players = 5
    default_players = 2
    default_score_order = "higher"  # the number of cards earned
    options_spec: ClassVar[dict[str, Option]] = {
        "pair_rule": Option("two", "two: a pair shares exactly two qualities (the rulebook); "
                            "one: the easier variant, any two cards sharing at least one quality",
                            choices=("two", "one")),  # the keys of pairs._MATES
        "deal": Option(DEFAULT_DEAL, "cards dealt face down at the start, and places refilled later (2..64)",
                       check=sd.int_option(2, MAX_PLACES)),
        "after_pair": Option("again", "again: a player who earns a pair turns two more cards (the rulebook sends "
                             "the next player on only after cards that are not a pair); pass: the next player "
                             "takes the turn after every two cards", choices=("again", "pass")),
        "stuck": Option("extend", "when no pair is left and no place is empty but cards remain in the deck: "
                        "extend: deal one more card beside the table until a pair exists (the rulebook ends the "
                        "game only once all cards are dealt); end: the game ends there", choices=("extend", "end")),
    }
