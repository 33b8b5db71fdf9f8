"""Alembic's environment for the zdeck server: run by `zdeck.server.store.Store.migrate`, which
hands over an open connection; `alembic -x url=...` from a shell works too. Imported anywhere
else (a doctest collector) it does nothing."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine
from sqlalchemy.engine import Connection


def run(connection: Connection) -> None:
    context.configure(connection=connection, render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    if context.is_offline_mode():
        raise SystemExit("the zdeck server's migrations run online only (they need a database connection)")
    given = context.config.attributes.get("connection")
    if given is not None:
        run(given)
        return
    url = context.get_x_argument(as_dictionary=True).get("url") or context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("give the database: alembic -x url=postgresql+psycopg://... upgrade head")
    with create_engine(url).connect() as connection:
        run(connection)
        connection.commit()


if hasattr(context, "config"):  # alembic sets it up before it runs this file
    main()
