"""Zip Zap: five suits of 1-10 and a Zap card each; race to shed your hand in sequence."""

from zdeck.decks.zipzap.game import ZipZap

GAMES = [ZipZap]
BOTS = {"zipzap": {"greedy": "zdeck.decks.zipzap.bots:GreedyBot"}}
