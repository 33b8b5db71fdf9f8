"""Zoker Solo: the patience game of the Zoker deck (one player)."""

from zdeck.decks.zoker.solo.bots import GreedyBot, SolverBot
from zdeck.decks.zoker.solo.state import SoloState, ZokerSolo

GAMES = [ZokerSolo]
BOTS = {"zoker-solo": {"greedy": GreedyBot, "solver": SolverBot}}

__all__ = ["BOTS", "GAMES", "GreedyBot", "SoloState", "SolverBot", "ZokerSolo"]
