"""`zdeck serve`: the game server (zdeck.server), imported only when it is asked for."""

from __future__ import annotations

import click

from zdeck.cli.common import fail


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, metavar="ADDRESS",
              help="address to listen on (0.0.0.0: every interface; see --proxy)")
@click.option("--port", type=click.IntRange(min=1, max=65535), default=8000, show_default=True, metavar="N",
              help="port")
@click.option("--db", default=None, metavar="URL",
              help="SQLAlchemy database URL (postgresql+psycopg://user@host/db) or a SQLite file path "
                   "(default: a SQLite file in your data directory); one server per database, unless --workers")
@click.option("--proxy", default=None, metavar="ADDRESS",
              help="the reverse proxy in front (its address, or several comma-separated): its X-Forwarded-For "
                   "and -Proto are believed [default: 127.0.0.1, a proxy on this machine]")
@click.option("--allow-origin", "allow_origins", multiple=True, metavar="ORIGIN",
              help="another site whose pages may open tables here (https://example.org; * for any); "
                   "repeatable [default: this server's own pages only]")
@click.option("--limit", "limits", multiple=True, metavar="NAME=VALUE",
              help="change one of the server's limits (docs/deploying.md lists them), e.g. rooms_burst=50 or "
                   "min_bots_only_speed=0 (bots-only tables flat out, for a trusted network); repeatable")
@click.option("--workers", type=click.IntRange(min=1), default=None, metavar="N",
              help="run N server processes on one PostgreSQL database, each table owned by one of them, any of them "
                   "serving any client; the same command on other machines joins them (docs/deploying.md)")
def command(host: str, port: int, db: str | None, proxy: str | None, allow_origins: tuple[str, ...],
            limits: tuple[str, ...], workers: int | None) -> None:
    """Serve tables to browsers (play and watch)."""
    import importlib

    try:
        server = importlib.import_module("zdeck.server")
    except ImportError as exc:
        fail(f"cannot start the server: {exc}")
    try:
        server.serve(host=host, port=port, db=db, proxy=proxy, allow_origins=allow_origins,
                     limits=limits, workers=workers)
    except ValueError as exc:
        fail(str(exc))
    except KeyboardInterrupt:  # Ctrl-C: uvicorn has shut down cleanly and passes the signal on
        pass
