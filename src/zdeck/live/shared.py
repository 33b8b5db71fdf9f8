"""One game object for the rooms of one game, player count and options: a game is a fixed rule set, and its action
table (up to about 6 MB at the server's `actions_at_most`) is then built and held once per kind of table, not per
room - nor again for every room a takeover reads back.

The last KEEP kinds are held (strong references, most recently used kept): a weak dictionary would hold only the
kinds in play, but the compiled rules engine's classes do not clear weak references when an object dies (a
process crashed on one), so none is taken. A room keeps its own game whatever this forgets."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict

from zdeck.core import Game

KEEP = 32
_kept: OrderedDict[str, Game] = OrderedDict()
_lock = threading.Lock()  # (rooms are checked in worker threads)


def shared(game: Game) -> Game:
    """The game object the rooms of this game, players and options share (this one, if none is held)."""
    key = json.dumps(game.describe(), sort_keys=True)
    with _lock:
        kept = _kept.get(key)
        if kept is None:
            _kept[key] = kept = game
            if len(_kept) > KEEP:
                _kept.popitem(last=False)
        else:
            _kept.move_to_end(key)
        return kept
