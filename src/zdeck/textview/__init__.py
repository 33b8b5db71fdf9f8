"""A game's table as text: what the terminal app (`zdeck.tui`) and the line mode (`zdeck.table`) show of it.

Each game says its table in its own folder, `zdeck/decks/<game>/terminal.py`, as a `View` class (a subclass
of `TextView`): how its cards show, what lies in the middle of its table, its words for what happens. The
clients find it by that convention (`view_for`); a game without one is drawn by `TextView` itself, from
the shared observation vocabulary and the game's card and action faces - playable, if plain.
"""

from __future__ import annotations

from zdeck.core import Game
from zdeck.textview.base import Moment, TextView
from zdeck.textview.words import Seats


def view_for(game: Game, pictures: str = "emoji") -> TextView:
    """The game's text view: `View` of its folder's `terminal` module, else the generic `TextView`."""
    module = type(game).part("terminal", optional=True)
    found = getattr(module, "View", None) if module is not None else None
    kind = found if isinstance(found, type) and issubclass(found, TextView) else TextView
    return kind(game, pictures)


__all__ = ["Moment", "Seats", "TextView", "view_for"]
