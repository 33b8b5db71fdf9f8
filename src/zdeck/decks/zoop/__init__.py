"""Zoop: the animal race - match 2 of 3 traits, ZOOP! out of turn, Cages and Special Rounds."""

from zdeck.decks.zoop.bots import HeuristicBot
from zdeck.decks.zoop.game import ZoopGame

GAMES = [ZoopGame]
BOTS = {"zoop": {"heuristic": HeuristicBot}}

__all__ = ["BOTS", "GAMES", "HeuristicBot", "ZoopGame"]
