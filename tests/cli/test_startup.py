"""The command starts light: `zdeck --help` imports no game and no rich, `zdeck list` no rich.

What each command imports is checked here; how long start-up takes is measured by
bench/cli_startup.py (a benchmark, not a timed test)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PROBE = """
import contextlib, io, json, sys
from zdeck.cli import app
with contextlib.redirect_stdout(io.StringIO()):
    try:
        app.main({args!r}, prog_name="zdeck", standalone_mode=False)
    except (SystemExit, Exception):  # (no arguments: click answers with the help, as a usage error)
        pass
print(json.dumps(sorted(sys.modules)))
"""


def modules_after(*args: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", PROBE.format(args=list(args))], capture_output=True, text=True,
                          check=True, timeout=60)
    return set(json.loads(done.stdout.splitlines()[-1]))


@pytest.mark.parametrize("args", [("--help",), ()])
def test_help_imports_no_game_and_no_rich(args: tuple[str, ...]) -> None:
    loaded = modules_after(*args)
    assert not {m for m in loaded if m.startswith(("zdeck.decks", "rich", "typer", "importlib.resources"))}


def test_list_imports_the_games_but_not_rich() -> None:
    loaded = modules_after("list")
    assert "zdeck.decks.zipzap" in loaded
    assert not {m for m in loaded if m.startswith(("rich", "typer"))}
