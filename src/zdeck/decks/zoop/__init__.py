"""Zoop: the animal race - match 2 of 3 traits, ZOOP! out of turn, Cages and Special Rounds."""

from zdeck.decks.zoop.game import ZoopGame

GAMES = [ZoopGame]
BOTS = {"zoop": {"heuristic": "zdeck.decks.zoop.bots:HeuristicBot"}}

__all__ = ["BOTS", "GAMES", "ZoopGame"]
