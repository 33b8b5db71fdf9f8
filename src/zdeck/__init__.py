"""zdeck: a pure-Python engine for the Zop Zoo, Zoop, Zip Zap, Zoker and ZAR card games."""

from zdeck.bots import Bot, RandomBot
from zdeck.core import Action, Game, IllegalAction, Option, Outcome, State
from zdeck.registry import bot_names, game_class, games, make, make_bot
from zdeck.rng import Rng

__all__ = [
    "Action",
    "Bot",
    "Game",
    "IllegalAction",
    "Option",
    "Outcome",
    "RandomBot",
    "Rng",
    "State",
    "bot_names",
    "game_class",
    "games",
    "make",
    "make_bot",
]
__version__ = "0.1.0"
