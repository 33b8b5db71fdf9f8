"""Zop Zoo: match your six face-up white animal cards with black cards to make them worth POINTS."""

from zdeck.decks.zopzoo.game import ZopZoo

GAMES = [ZopZoo]
BOTS = {"zopzoo": {"heuristic": "zdeck.decks.zopzoo.bots:HeuristicBot"}}

__all__ = ["BOTS", "GAMES"]
