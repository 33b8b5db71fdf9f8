"""Zip Zap: 5 suits of 1-10 and a Zap card each; race to shed your hand in sequence."""

from zdeck.decks.zipzap.bots import GreedyBot
from zdeck.decks.zipzap.state import ZipZap, ZipZapState

GAMES = [ZipZap]
BOTS = {"zipzap": {"greedy": GreedyBot}}

__all__ = ["BOTS", "GAMES", "GreedyBot", "ZipZap", "ZipZapState"]
