"""Zoker Tiko: a trick game for 2-5 players on the Zoker deck's strength relation."""

from zdeck.decks.zoker.tiko.game import Tiko

GAMES = [Tiko]
BOTS = {"zoker-tiko": {"cheap-winner": "zdeck.decks.zoker.tiko.bots:CheapWinnerBot"}}
