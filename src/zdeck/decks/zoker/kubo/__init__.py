"""Zoker Kubo: a strategy game for 2-5 players building the Zoker cube."""

from zdeck.decks.zoker.kubo.game import Kubo

GAMES = [Kubo]
BOTS = {"zoker-kubo": {"points": "zdeck.decks.zoker.kubo.bots:PointsBot"}}
