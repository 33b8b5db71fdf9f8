"""Zoker Solo: the patience game of the Zoker deck (one player)."""

from zdeck.decks.zoker.solo.game import ZokerSolo

GAMES = [ZokerSolo]
BOTS = {"zoker-solo": {  # strongest first: the CLI seats the first
    "solver": "zdeck.decks.zoker.solo.bots:SolverBot",
    "greedy": "zdeck.decks.zoker.solo.bots:GreedyBot",
}}
