"""ZAR: the base game with multideck play, multiple-card plays, matching chains and the Chameleon."""

from __future__ import annotations

from typing import Any

from zdeck.decks.zar.game import ZarGame

GAMES: list[Any] = [ZarGame]
BOTS: dict[str, dict[str, Any]] = {"zar": {"heuristic": "zdeck.decks.zar.bots:ZarHeuristicBot"}}
