"""A real browser (Debian's Chromium driven by Playwright) against a real `zdeck serve` process.

Skipped, saying how to install what is missing, when Playwright or Chromium is not there; `.ci/run`
installs Chromium so CI always runs these. Screenshots go to test-artefacts/browser/ (git-ignored;
ZDECK_ARTEFACTS moves them).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import ServerProcess, served

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
HOW = "install it with `apt-get install -y chromium` (Debian's package; .ci/run does) and `pip install -e '.[test]'`"


def chromium_path() -> str | None:
    for candidate in (os.environ.get("ZDECK_CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium",
                      shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def artefacts() -> Path:
    folder = Path(os.environ.get("ZDECK_ARTEFACTS", Path(__file__).parents[2] / "test-artefacts" / "browser"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium per test module. Not per session: Playwright's sync API keeps an event loop running
    in this thread while it is open, and a later test of another module on the same xdist worker that
    calls asyncio.run (the server's) would fail; pytest closes a module's fixtures before the next module."""
    sync_api = pytest.importorskip("playwright.sync_api", reason=f"Playwright is not installed: {HOW}")
    executable = chromium_path()
    if executable is None:
        pytest.skip(f"the browser tests need Chromium: {HOW}")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from served(tmp_path_factory.mktemp("site"))


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    made = browser.new_context(viewport={"width": 1280, "height": 860})
    made.set_default_timeout(10_000)
    try:
        yield made
    finally:
        made.close()


AXE_VERSION = "4.14.1"  # axe-core from the npm registry, installed once beside the virtualenv (offline after)


@pytest.fixture(scope="session")
def axe_script() -> str:
    """axe-core's source, to inject into a page. Installed with npm on first use into the virtualenv's share/
    folder; skipped, saying so, where npm is missing or the registry cannot be reached."""
    folder = Path(sys.prefix) / "share" / "zdeck-npm"
    script = folder / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("the accessibility check needs npm to install axe-core (apt-get install -y npm; .ci/run does)")
        folder.mkdir(parents=True, exist_ok=True)
        done = subprocess.run([npm, "install", "--prefix", str(folder), "--no-audit", "--no-fund", "--no-save",
                               f"axe-core@{AXE_VERSION}"], capture_output=True, text=True, timeout=300, check=False)
        if done.returncode != 0 or not script.exists():
            pytest.skip(f"axe-core could not be installed with npm: {done.stderr.strip()[-300:]}")
    return script.read_text(encoding="utf-8")
