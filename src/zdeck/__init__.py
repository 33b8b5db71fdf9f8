"""zdeck: an engine for the Zop Zoo, Zoop, Zip Zap, Zoker and ZAR card games, in Python (its rules compiled
with mypyc where a build of them exists: zdeck.compiled)."""

from zdeck import compiled

compiled.activate()  # before any rules module is imported: they come from the compiled build, if there is one

from zdeck.bots import Bot, RandomBot
from zdeck.botspecs import bot_names, make_bot
from zdeck.core import Action, Game, IllegalAction, Option, Outcome, State
from zdeck.registry import game_class, games, make
from zdeck.rng import Rng
from zdeck.version import __version__

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
    "__version__",
    "bot_names",
    "game_class",
    "games",
    "make",
    "make_bot",
]
