"""`zdeck serve`: the game server - a lobby, rooms where people and bots share a table, live
races over WebSockets, every game saved as it is played.

Importing `zdeck.server` is light; FastAPI, uvicorn and SQLAlchemy are imported when the
server is made (`create_app`) or started (`serve`). The protocol is docs/protocol.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import FastAPI

__all__ = ["create_app", "default_db", "serve"]


def default_db() -> str:
    """The default database: an SQLite file in the user's data directory."""
    from pathlib import Path

    import platformdirs

    folder = Path(platformdirs.user_data_dir("zdeck", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'zdeck.sqlite3'}"


def create_app(db: str | None = None) -> FastAPI:
    from zdeck.server.app import create_app as make

    return make(db or default_db())


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, **uvicorn_options: Any) -> None:
    """Start the server (uvicorn) on `db` (an SQLAlchemy URL; default: `default_db()`) and print
    the address to open. Returns when the server is stopped (Ctrl-C)."""
    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from zdeck.live.room import MAX_FRAME

    url = database_url(db)
    try:
        _reach(url)
        app = create_app(url)
    except SQLAlchemyError as exc:  # e.g. a PostgreSQL server that is not running, or refuses us
        raise ValueError(f"--db {_safe_text(url)}: cannot open the database: {str(exc).splitlines()[0]}") from None
    shown = "localhost" if host in ("127.0.0.1", "::1", "localhost") else host
    if host in ("0.0.0.0", "::"):
        shown = _this_machine()
    link = f"http://{shown}:{port}/" if ":" not in shown else f"http://[{shown}]:{port}/"
    print(f"zdeck server: open {link}  (database: {_safe(url)}; Ctrl-C stops it)", flush=True)
    options: dict[str, Any] = {"log_level": "warning", "ws_max_size": MAX_FRAME, "ws_ping_interval": 20.0,
                               "ws_ping_timeout": 20.0, **uvicorn_options}
    uvicorn.run(app, host=host, port=port, **options)


def database_url(db: str | None) -> str:
    """The SQLAlchemy URL for `--db`: a URL as given, a plain path as a SQLite file, None as the default.
    ValueError, saying what is wrong, when no installed driver can open it."""
    from pathlib import Path

    import sqlalchemy as sa
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    if db is None:
        return default_db()
    url = db if "://" in db else f"sqlite:///{Path(db).expanduser().resolve()}"
    try:
        sa.create_engine(url).dispose()  # loads the dialect and its driver; connects to nothing yet
    except (ArgumentError, NoSuchModuleError, ImportError) as exc:
        raise ValueError(f"--db {_safe_text(url)}: not a database this server can open ({exc})") from None
    return url


def _reach(url: str) -> None:
    """Connect once before serving, so an unreachable database is one clear line, not a traceback."""
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    try:
        engine.connect().close()
    finally:
        engine.dispose()


def _safe_text(url: str) -> str:
    try:
        return _safe(url)
    except Exception:  # noqa: BLE001 - an unreadable URL is quoted as it was given
        return repr(url[:80])


def _this_machine() -> str:
    import socket

    return socket.gethostname()


def _safe(url: str) -> str:
    """The URL without its password, for printing."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
