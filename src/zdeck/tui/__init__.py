"""`zdeck play` as a terminal game: a Textual app hosting a server room in-process.

Imported only by `zdeck play` (Textual is this package's dependency, never the engine's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from zdeck.live.local import LocalTable
    from zdeck.records import Record

__all__ = ["run"]


def run(table: LocalTable, record_path: str | None = None) -> tuple[list[Record], bool]:
    """Play (or watch) `table` in the terminal until the person leaves. Returns the records of the
    games played (several after rematches; the last as far as it went) and whether to keep them
    (`--record` was given, or the person asked when leaving)."""
    from zdeck.tui.app import ZdeckApp

    app = ZdeckApp(table, record_path)
    app.run()
    return app.records(), app.keep_record
