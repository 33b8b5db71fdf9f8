"""Running the zdeck command in-process, as the tests of tests/test_cli.py do."""

from __future__ import annotations

from click.testing import CliRunner, Result

from zdeck.cli import app


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def text(result: Result) -> str:
    """Everything the command printed, stdout and stderr, on one line."""
    return (result.output + (result.stderr or "")).replace("\n", " ")
