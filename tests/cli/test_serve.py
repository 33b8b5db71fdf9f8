"""`zdeck serve` refuses a database it cannot open with one line that says why, before serving."""

from __future__ import annotations

import pytest

from tests.cli.helpers import run, text
from tests.server.conftest import free_port


@pytest.mark.parametrize(("db", "why"), [
    ("nonsense://x", "not a database this server can open"),
    ("postgresql+psycopg2://x/y", "No module named 'psycopg2'"),
    ("postgresql+psycopg://nobody@127.0.0.1:1/none", "cannot open the database"),
])
def test_a_database_that_cannot_be_opened_is_one_clear_error(db: str, why: str) -> None:
    result = run("serve", "--db", db, "--port", str(free_port()))  # (port 1 collides with other runs on one machine)
    assert result.exit_code == 2 and why in text(result), text(result)
    assert "Traceback" not in text(result)


def test_a_plain_path_is_a_sqlite_file(tmp_path: object) -> None:
    from zdeck.server import database_url

    assert database_url("games.db").startswith("sqlite:///") and database_url("games.db").endswith("/games.db")
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"
