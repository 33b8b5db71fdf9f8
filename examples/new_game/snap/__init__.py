"""Snap: the template game. Match the top card by colour or number; when a card lands on one of its number,
the others race to call "snap!" and the one who made the pair draws a card. Copy this folder to start a game
(docs/writing-a-game.md)."""

from zdeck.decks.snap.game import Snap

GAMES = [Snap]
BOTS = {"snap": {"snappy": "zdeck.decks.snap.bots:SnappyBot"}}
