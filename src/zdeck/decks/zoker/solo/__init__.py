"""Zoker Solo: the patience game of the Zoker deck (one player)."""

from zdeck.decks.zoker.solo.bots import GreedyBot, SolverBot
from zdeck.decks.zoker.solo.game import ZokerSolo

GAMES = [ZokerSolo]
BOTS = {"zoker-solo": {"greedy": GreedyBot, "solver": SolverBot}}
