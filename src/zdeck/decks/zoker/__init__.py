"""The Zoker deck (64 cards, a 4x4x4 cube) and its games, one sub-package each.

Each sub-package (solo, memo, tiko, kubo) exports `GAMES` and `BOTS`; this
package gathers them for the registry.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

GAMES: list[Any] = []
BOTS: dict[str, dict[str, Any]] = {}

for _module in pkgutil.iter_modules(__path__):
    if _module.ispkg:
        _package = importlib.import_module(f"{__name__}.{_module.name}")
        GAMES.extend(getattr(_package, "GAMES", ()))
        BOTS.update(getattr(_package, "BOTS", {}))
