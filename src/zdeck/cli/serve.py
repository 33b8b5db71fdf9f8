"""`zdeck serve`: the game server (zdeck.server), imported only when it is asked for."""

from __future__ import annotations

import click

from zdeck.cli.common import fail


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, metavar="ADDRESS", help="address to listen on")
@click.option("--port", type=click.IntRange(min=1, max=65535), default=8000, show_default=True, metavar="N",
              help="port")
@click.option("--db", default=None, metavar="URL",
              help="SQLAlchemy database URL (postgresql+psycopg://user@host/db) or a SQLite file path "
                   "(default: a SQLite file in your data directory)")
def command(host: str, port: int, db: str | None) -> None:
    """Serve tables to browsers (play and watch)."""
    import importlib

    try:
        server = importlib.import_module("zdeck.server")
    except ImportError as exc:
        fail(f"cannot start the server: {exc}")
    try:
        server.serve(host=host, port=port, db=db)
    except ValueError as exc:
        fail(str(exc))
