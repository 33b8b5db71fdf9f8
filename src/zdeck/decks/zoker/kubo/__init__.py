"""Zoker Kubo: a strategy game for 2-5 players building the Zoker cube."""

from zdeck.decks.zoker.kubo.bots import PointsBot
from zdeck.decks.zoker.kubo.game import Kubo

GAMES = [Kubo]
BOTS = {"zoker-kubo": {"points": PointsBot}}
