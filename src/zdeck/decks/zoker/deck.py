"""The Zoker deck's `deck.json` as read: its qualities and each game's rulebook numbers ("tiko", "kubo").

Apart from `cards.py`, which builds the card tables from it: a game class reads its player counts
here, and listing the games builds no table.
"""

from __future__ import annotations

import json
import pkgutil
from typing import Any, Final


def _load() -> dict[str, Any]:
    raw = pkgutil.get_data(__package__, "deck.json")  # (package data, as importlib.resources reads it, lighter)
    if raw is None:
        raise RuntimeError("zoker deck.json: not found in the package")
    data: dict[str, Any] = json.loads(raw)
    for key in ("colours", "sizes", "shapes"):
        if len(data[key]) != 4:
            raise RuntimeError(f"zoker deck.json: {key} must list 4 values, weakest first")
    return data


DATA: Final[dict[str, Any]] = _load()
