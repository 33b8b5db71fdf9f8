"""Zoker Solo: the patience game of the Zoker deck (one player)."""

from zdeck.games.zoker.solo.bots import GreedyBot, SolverBot
from zdeck.games.zoker.solo.state import SoloState, ZokerSolo

GAMES = [ZokerSolo]
BOTS = {"zoker-solo": {"greedy": GreedyBot, "solver": SolverBot}}

__all__ = ["BOTS", "GAMES", "GreedyBot", "SoloState", "SolverBot", "ZokerSolo"]
