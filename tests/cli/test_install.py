"""zdeck as a user installs it: an sdist built from the tree, a wheel built from that sdist, installed
into a fresh venv. `zdeck rules GAME` failed there ("no rules document at .../lib/python3.11/docs/...")
because the documents were read beside the source tree, which a wheel does not carry."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import click
import pytest
import rich

ROOT = Path(__file__).resolve().parents[2]
pytest.importorskip("build", reason="the test extra's `build` makes the sdist and wheel")


def copy_tree(target: Path) -> Path:
    """What an sdist is made of, copied with its links (src/zdeck/docs/rules -> docs/rules) as links."""
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc")
    for name in ("src", "docs"):
        shutil.copytree(ROOT / name, target / name, symlinks=True, ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, target / name)
    return target


def test_an_installed_wheel_shows_the_rules_and_options(tmp_path: Path) -> None:
    tree = copy_tree(tmp_path / "tree")
    subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(tmp_path / "dist"), str(tree)],
                   check=True, capture_output=True, timeout=300)
    wheel = next((tmp_path / "dist").glob("zdeck-*.whl"))
    env_dir = tmp_path / "fresh"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
                    "--no-index", str(wheel)], check=True, capture_output=True, timeout=300)
    # The command's own dependencies come from this environment (no network in a test): a .pth adds
    # the folders that hold click and rich, after the fresh venv's own site-packages with zdeck in it.
    site = next(env_dir.glob("lib/python*/site-packages"))
    folders = {str(Path(click.__file__).parents[1]), str(Path(rich.__file__).parents[1])}
    (site / "deps.pth").write_text("\n".join(sorted(folders)) + "\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}

    def zdeck(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(env_dir / "bin" / "zdeck"), *args], check=False, capture_output=True,
                              text=True, cwd=tmp_path, env={**env, "COLUMNS": "120"}, timeout=120)

    where = subprocess.run([str(python), "-c", "import zdeck; print(zdeck.__file__)"], capture_output=True,
                           text=True, cwd=tmp_path, env=env, check=True).stdout
    assert where.startswith(str(env_dir)), "the installed wheel is tested, not the source tree"
    for game_id in ("zipzap", "zoker-solo", "zar"):
        shown = zdeck("rules", game_id)
        assert shown.returncode == 0, shown.stderr
        assert "Clarifications" in shown.stdout and "players" in shown.stdout
    assert "options (-o name=value)" in zdeck("rules", "zipzap").stdout
    listed = zdeck("list")
    assert listed.returncode == 0 and "zoker-memo" in listed.stdout
    # what the documents point a pip user at is in the wheel: the report footer's designers.md, the rules
    # pages' files (tests/test_docs.py checks the same against the source tree)
    cited = {"docs/designers.md", *(name.removeprefix("zdeck/") for page in (ROOT / "docs" / "rules").glob("*.md")
                                    for name in re.findall(r"`(zdeck/[\w./-]+)`", page.read_text()))}
    missing = subprocess.run([str(python), "-c", MISSING, *sorted(cited)], capture_output=True, text=True,
                             cwd=tmp_path, env=env, check=True).stdout
    assert missing.strip() == "[]", f"not in the wheel: {missing}"


MISSING = "import pathlib, sys, zdeck; root = pathlib.Path(zdeck.__file__).parent; " \
          "print([name for name in sys.argv[1:] if not (root / name).exists()])"
