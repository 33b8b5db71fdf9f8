"""`zdeck serve`: the game server - a lobby, rooms where people and bots share a table, live
races over WebSockets, every game saved as it is played.

Importing `zdeck.server` is light; FastAPI, uvicorn and SQLAlchemy are imported when the
server is made (`create_app`) or started (`serve`). The protocol is docs/protocol.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import FastAPI

    from zdeck.server.limits import Limits

__all__ = ["create_app", "default_db", "exposure_warning", "serve"]


def default_db() -> str:
    """The default database: an SQLite file in the user's data directory."""
    from pathlib import Path

    import platformdirs

    folder = Path(platformdirs.user_data_dir("zdeck", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'zdeck.sqlite3'}"


def create_app(db: str | None = None, limits: Limits | None = None, allow_origins: Sequence[str] = (),
               fleet: bool = False) -> FastAPI:
    from zdeck.server.app import create_app as make
    from zdeck.server.limits import PUBLIC

    return make(db or default_db(), limits or PUBLIC, frozenset(allow_origins), fleet)


CONNECTIONS = 4000  # open connections (HTTP and WebSocket) past which uvicorn answers 503


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, *, proxy: str | None = None,
          allow_origins: Sequence[str] = (), limits: Sequence[str] = (), workers: int | None = None,
          **uvicorn_options: Any) -> None:
    """Start the server (uvicorn) on `db` (an SQLAlchemy URL; default: `default_db()`): bind the port, take the
    database (one server per database), bring its schema up to date and check that it takes writes, and only
    then print the address to open. `proxy`: the address(es) of the reverse proxy in front, whose
    X-Forwarded-For and -Proto are believed (default: 127.0.0.1, a proxy on this machine); `limits`: `NAME=VALUE`
    changes to `zdeck.server.limits.Limits`; `workers`: run that many processes on one PostgreSQL database, each
    table owned by one of them (zdeck.server.fleet) - the same command on other machines joins them. ValueError,
    one line saying why, when it cannot start. Returns when the server is stopped (Ctrl-C)."""
    import sys

    from zdeck.server.limits import PUBLIC
    from zdeck.server.serving import bind
    from zdeck.server.store import release

    url = database_url(db)
    PUBLIC.with_settings(limits)  # a wrong NAME=VALUE is one line, before anything starts
    fleet = workers is not None and url.startswith("postgresql")
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise ValueError(f"--workers {workers}: from 1 to {MAX_WORKERS} processes")
    if workers is not None and workers > 1 and not fleet:
        raise ValueError(f"--workers {workers} needs a PostgreSQL database (--db postgresql+psycopg://...): an SQLite "
                         "file is served by one process")
    try:
        sock = bind(host, port)
    except OSError as exc:
        raise ValueError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    try:
        _prepare(url, fleet)
        port = sock.getsockname()[1]
        shown = "localhost" if host in ("127.0.0.1", "::1", "localhost") else host
        if host in ("0.0.0.0", "::"):
            shown = _this_machine()
        link = f"http://{shown}:{port}/" if ":" not in shown else f"http://[{shown}]:{port}/"
        many = f"; {workers} processes" if workers is not None and workers > 1 else ""
        print(f"zdeck server: open {link}  (database: {_safe(url)}{many}; Ctrl-C stops it)", flush=True)
        warning = exposure_warning(host, proxy)
        if warning is not None:
            print(f"zdeck serve: warning: {warning}", file=sys.stderr, flush=True)
        work = (url, list(limits), list(allow_origins), proxy, fleet, uvicorn_options)
        if workers is None or workers == 1:
            _run(sock, *work)
        else:
            from zdeck.server.workers import supervise

            supervise(sock, workers, _run, work)
    finally:
        sock.close()
        release(url)


MAX_WORKERS = 64


def _run(sock: Any, url: str, limits: list[str], allow_origins: list[str], proxy: str | None, fleet: bool,
         uvicorn_options: dict[str, Any]) -> None:
    """One server process on the listening socket (the only one, or one of `--workers`)."""
    import uvicorn

    from zdeck.live.room import MAX_FRAME
    from zdeck.server.limits import PUBLIC
    from zdeck.server.serving import bounded_http

    bounds = PUBLIC.with_settings(limits)
    app = create_app(url, bounds, allow_origins, fleet)
    options: dict[str, Any] = {
        "log_level": "warning", "ws_max_size": MAX_FRAME, "ws_ping_interval": 20.0, "ws_ping_timeout": 20.0,
        "http": bounded_http(bounds), "proxy_headers": True, "forwarded_allow_ips": proxy or "127.0.0.1",
        "limit_concurrency": CONNECTIONS, "timeout_keep_alive": 5, **uvicorn_options}
    uvicorn.Server(uvicorn.Config(app, **options)).run(sockets=[sock])


def exposure_warning(host: str, proxy: str | None) -> str | None:
    """What to say when the server listens beyond this machine with no proxy named in front of it."""
    from zdeck.server.serving import is_loopback

    if is_loopback(host) or proxy is not None:
        return None
    return (f"--host {host} serves the network directly, over plain HTTP: anyone on the way reads the seats' "
            "tokens. Outside a home network put a proxy with TLS in front (docs/deploying.md) and name it with "
            "--proxy ADDRESS.")


def _prepare(url: str, fleet: bool = False) -> None:
    """Before the server says where it is: the database reached and taken (one server per database), its schema
    brought up to date, and a write tried. ValueError, one line saying why, when one of them fails."""
    from sqlalchemy.exc import SQLAlchemyError

    from zdeck.server.store import DatabaseInUse, Store, check_writable, claim, one_line

    try:
        _reach(url)
        claim(url, fleet)
    except SQLAlchemyError as exc:  # e.g. a PostgreSQL server that is not running, or refuses us
        raise ValueError(f"--db {_safe_text(url)}: cannot open the database: {one_line(exc)}") from None
    except DatabaseInUse as exc:
        raise ValueError(f"--db {_safe_text(url)}: {exc}") from None
    store = Store(url)
    try:
        store.migrate()
        check_writable(url)
    except SQLAlchemyError as exc:  # a read-only file or transaction, no permission, a full disk
        raise ValueError(f"--db {_safe_text(url)}: cannot write to the database: {one_line(exc)}") from None
    finally:
        store.close()


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
