"""Zoker Solo, the patience game of the Zoker deck (rules: docs/rules/zoker-solo.md)."""

from __future__ import annotations

from zdeck.compiled import mypyc_attr
from zdeck.core import Game

# The rules (cards, actions, state) are found by the kernel in this folder when first used (`Game.part`):
# `zdeck list` reads this class alone, and should not build every game's tables to do it.


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant may subclass it
class ZokerSolo(Game):
    id = "zoker-solo"
    title = "Zoker Solo"
    summary = "Patience: pile compatible Zoker cards in the last row; score the highest pile."
    min_players = 1
    max_players = 1
    default_score_order = "higher"  # the score is the height of the highest pile
