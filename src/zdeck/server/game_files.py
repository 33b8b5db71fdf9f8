"""The files a game's folder gives the browser table, found by convention (docs/writing-a-game.md):

- `table.js`: the ES module that draws the game's table (`static/default-table.js` when the folder has none:
  a ninth game gets a playable table with no JavaScript of its own);
- `art.json` and `art/<picture>.svg`: which card shows which picture, and the pictures (`{}` when none).

Only these names are served, from the game's own package: nothing else of the folder is reachable.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from zdeck.registry import game_class, games

STATIC = Path(__file__).parent / "static"
PICTURE = re.compile(r"art/[A-Za-z0-9_-]{1,64}\.svg")
TYPES = {".js": "text/javascript", ".json": "application/json", ".svg": "image/svg+xml"}


def game_file(game_id: str, path: str) -> tuple[bytes, str] | None:
    """The bytes and media type of a game's table file, its default, or None (no such game or file)."""
    if game_id not in games() or not (path in ("table.js", "art.json") or PICTURE.fullmatch(path)):
        return None
    package = game_class(game_id).__module__.rpartition(".")[0]
    found = resources.files(package).joinpath(*path.split("/"))
    if found.is_file():
        data = found.read_bytes()
    elif path == "table.js":
        data = (STATIC / "default-table.js").read_bytes()
    elif path == "art.json":
        data = b"{}"
    else:
        return None
    return data, TYPES[Path(path).suffix]
