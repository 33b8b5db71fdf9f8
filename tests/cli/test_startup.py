"""The command starts light: `zdeck --help` imports no game and no rich, `zdeck list` no rich, and
neither `zdeck list` nor `zdeck rules` any game's rules or bots (only the Game classes).

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


@pytest.mark.parametrize("args", [("list",), ("rules", "zipzap")])
def test_list_and_rules_import_the_game_classes_but_not_their_rules_nor_bots(args: tuple[str, ...]) -> None:
    loaded = modules_after(*args)
    assert {"zdeck.decks.zipzap.game", "zdeck.decks.zoker.kubo.game"} <= loaded
    assert not {m for m in loaded if m.startswith("zdeck.decks") and m.rpartition(".")[2] in ("cards", "state", "bots")}
    assert "zdeck.search" not in loaded


def test_list_imports_no_rich() -> None:
    assert not {m for m in modules_after("list") if m.startswith(("rich", "typer"))}
