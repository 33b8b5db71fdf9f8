"""Snap as a game: its metadata and options. The kernel finds the rest in this folder (`Game.part`)."""

from __future__ import annotations

from typing import ClassVar

from zdeck.core import Game, Option


class Snap(Game):
    id = "snap"
    title = "Snap"
    summary = "Match the top card by colour or number; race to call snap! on a pair."
    min_players = 2
    max_players = 4
    default_players = 3
    default_score_order = "higher"
    options_spec: ClassVar[dict[str, Option]] = {
        "snap_penalty": Option(1, "cards the maker of a pair draws when someone snaps it first", choices=(1, 2)),
    }
