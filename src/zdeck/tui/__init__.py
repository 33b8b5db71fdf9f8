"""`zdeck play` as a terminal game: a Textual app, a client of the live table hosted in-process.

Imported only by `zdeck play` (Textual is this package's dependency, never the engine's).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from zdeck.live.local import LocalTable
    from zdeck.live.remote import RemoteTable
    from zdeck.records import Record

__all__ = ["run"]


def run(table: LocalTable | RemoteTable, record_path: str | None = None, save: Callable[[Record], None] | None = None,
        pictures: str = "emoji") -> tuple[list[Record], bool]:
    """Play (or watch) `table` in the terminal until the person leaves. `save` keeps each game's record the
    moment the game ends. Returns the records not kept yet (a game left before its end; every game, without
    `save`) and whether to keep them (`--record` was given, or the person asked when leaving)."""
    from zdeck.tui.app import ZdeckApp

    app = ZdeckApp(table, record_path, save, pictures)
    app.run()
    return app.unsaved(), app.keep_record
