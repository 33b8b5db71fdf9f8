"""The rules engine's two builds (zdeck.compiled): mypyc's and pure Python give byte-identical records,
observations and saved states, and the golden records, the kernel tests and the conformance suites pass against both.

The suite itself runs the pure build (tests/conftest.py); here the compiled one, which `make test` builds
first, runs the golden records and the conformance suites in a child process, and both builds run trace.py.
Without a compiled build of these sources (no C compiler, a failed build, a source edited since) these
skip, saying why - but fail in CI where a C compiler is present (`required`).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from zdeck import compiled
from zdeck.build import c_compiler

ROOT = Path(__file__).resolve().parents[2]
CONFORMANCE = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "games").rglob("test_conformance*.py"))


def run_with(build: str, *args: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ZDECK_BUILD": build}
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout,
                          check=False)


def required() -> bool:
    """CI (`.ci/run` sets ZDECK_REQUIRE_COMPILED; `CI` as CI services set it) builds both wherever it can:
    there a missing compiled build is a failure, not a skip."""
    return bool(os.environ.get("ZDECK_REQUIRE_COMPILED") or os.environ.get("CI")) and c_compiler() is not None


@pytest.fixture(scope="module")
def both_builds() -> None:
    folder = compiled.builds_dir() / compiled.source_key()
    if not (folder / "complete").is_file():
        why = (folder / "failed").read_text() if (folder / "failed").is_file() else "none built for these sources"
        message = f"no compiled build of the rules engine ({why.strip()}): `python -m zdeck.build` builds it"
        if required():
            pytest.fail(f"{message} - and CI has a C compiler, so it must build", pytrace=False)
        pytest.skip(message)


def test_zdeck_says_which_build_runs() -> None:
    for build, expected in (("pure", "rules engine pure Python"), ("auto", "rules engine ")):
        shown = run_with(build, "-m", "zdeck.cli", "--version", timeout=120)
        assert shown.returncode == 0 and shown.stdout.startswith("zdeck ") and expected in shown.stdout, shown


def test_an_unknown_build_is_refused_by_name() -> None:
    shown = run_with("fast", "-c", "import zdeck", timeout=120)
    assert shown.returncode != 0 and "ZDECK_BUILD='fast': choose auto, pure or compiled" in shown.stderr


@pytest.mark.usefixtures("both_builds")
def test_compiled_and_pure_builds_give_the_same_records_observations_and_states() -> None:
    traces = {build: run_with(build, "-m", "tests.builds.trace") for build in ("pure", "compiled")}
    for build, done in traces.items():
        assert done.returncode == 0, f"{build}: {done.stderr[-3000:]}"
    assert "compiled (mypyc" in traces["compiled"].stderr and "pure Python" in traces["pure"].stderr
    assert traces["compiled"].stdout == traces["pure"].stdout
    assert len(traces["pure"].stdout.splitlines()) >= 8


@pytest.mark.usefixtures("both_builds")
def test_golden_records_kernel_and_conformance_pass_against_the_other_build() -> None:
    # tests/kernel too: compiled, a typed argument is checked at the call, so bad input the kernel refuses by
    # name in pure Python once met mypyc's own TypeError there (Game(players="3"), Rng.from_state(True)).
    other = "pure" if compiled.is_compiled() else "compiled"
    done = run_with(other, "-m", "pytest", "-x", "-p", "no:cacheprovider", "-n", "0",
                    "tests/golden", "tests/kernel", *CONFORMANCE)
    assert done.returncode == 0, f"the {other} build: {done.stdout[-3000:]}{done.stderr[-2000:]}"
    assert " passed" in done.stdout


# The server's and the live table's own tests, against the other build: the suite runs pure (tests/conftest.py),
# and the compiled engine once crashed a server process where pure Python did not (a weak reference to a game).
SERVING = ("tests/live/test_shared.py", "tests/server/test_api.py", "tests/server/test_one_table.py",
           "tests/server/test_restart.py")


@pytest.mark.usefixtures("both_builds")
def test_the_server_s_own_tests_pass_against_the_other_build() -> None:
    other = "pure" if compiled.is_compiled() else "compiled"
    done = run_with(other, "-m", "pytest", "-x", "-p", "no:cacheprovider", "-n", "0", *SERVING)
    assert done.returncode == 0, f"the {other} build: {done.stdout[-3000:]}{done.stderr[-2000:]}"
    assert " passed" in done.stdout
