"""Zoker Solo: the patience game of the Zoker deck (one player)."""

from zdeck.decks.zoker.solo.bots import GreedyBot, SolverBot
from zdeck.decks.zoker.solo.game import ZokerSolo

GAMES = [ZokerSolo]
BOTS = {"zoker-solo": {"solver": SolverBot, "greedy": GreedyBot}}  # strongest first: the CLI seats the first
