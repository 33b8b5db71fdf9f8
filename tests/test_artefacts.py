"""A test run writes in the checkout only under test-artefacts/, which git ignores and `make clean` removes
(it left 13 MB of browser screenshots behind)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis.configuration import storage_directory

from tests.browser.conftest import artefacts
from tests.conftest import ARTEFACTS

ROOT = Path(__file__).resolve().parents[1]


def test_every_artefact_of_a_test_run_lands_in_one_ignored_folder(request: pytest.FixtureRequest) -> None:
    assert ARTEFACTS == ROOT / "test-artefacts"
    assert "test-artefacts/" in (ROOT / ".gitignore").read_text().splitlines()
    assert ARTEFACTS in artefacts().parents  # the browser tests' screenshots
    assert ARTEFACTS in storage_directory("examples", intent_to_write=False).path.parents  # Hypothesis's database
    assert ARTEFACTS in Path(request.config.cache.mkdir("probe")).parents  # pytest's cache
    assert ARTEFACTS in (Path.cwd() / request.config.getoption("--snapshot-report")).resolve().parents


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_clean_removes_the_artefacts_and_caches(tmp_path: Path) -> None:
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    left = ["test-artefacts/browser/zar-phone-dark.png", "test-artefacts/hypothesis/examples/x", ".venv/bin/python",
            ".pytest_cache/v", ".hypothesis/x", ".ruff_cache/x", ".mypy_cache/x", "src/zdeck.egg-info/PKG-INFO",
            "build/x", "dist/zdeck.whl"]
    for name in left:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    (tmp_path / "src" / "zdeck").mkdir()
    subprocess.run(["make", "clean"], cwd=tmp_path, check=True, capture_output=True, timeout=60)
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")) == ["Makefile", "src", "src/zdeck"]


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="needs a git checkout")
def test_no_test_artefact_is_committed() -> None:
    """snapshot_report.html, the terminal snapshots' failure report, was committed at the root by accident."""
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    assert not [name for name in tracked if name.startswith("test-artefacts/") or name.endswith("snapshot_report.html")]
