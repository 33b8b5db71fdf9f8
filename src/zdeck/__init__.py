"""zdeck: a pure-Python engine for the Zop Zoo, Zoop, Zip Zap, Zoker and ZAR card games."""

from zdeck.core import Action, Game, IllegalAction, Option, Outcome, State
from zdeck.bots import Bot, RandomBot
from zdeck.registry import bot_names, game_class, games, make, make_bot
from zdeck.rng import Rng

__all__ = [
    "Action",
    "Bot",
    "RandomBot",
    "bot_names",
    "make_bot",
    "Game", "IllegalAction", "Option", "Outcome", "Rng", "State", "game_class", "games", "make"]
__version__ = "0.1.0"
