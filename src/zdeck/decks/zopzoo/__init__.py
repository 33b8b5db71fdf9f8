"""Zop Zoo: match your six face-up white animal cards with black cards to make them worth POINTS.

Exports the game for the registry (`GAMES`) and its heuristic bot (`BOTS`).
"""

from __future__ import annotations

from zdeck.decks.zopzoo.bots import HeuristicBot
from zdeck.decks.zopzoo.rules import ZopZoo, ZopZooState

GAMES = [ZopZoo]
BOTS = {"zopzoo": {"heuristic": HeuristicBot}}

__all__ = ["BOTS", "GAMES", "HeuristicBot", "ZopZoo", "ZopZooState"]
