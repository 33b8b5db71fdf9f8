"""The compiled engine imports `librt.vecs` (mypy's runtime library; `zdeck.vectors.fast` keeps the observation
vectors in its `vec`): installed with the compiler, so wherever a build is made, but builds are shared with every
virtual environment of the user. Where librt is missing, a build of these very sources is not loaded: zdeck runs as
pure Python and says why (`zdeck --version`), and the pure engine needs nothing of mypy's."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.builds.test_builds import ROOT, both_builds  # noqa: F401 - the fixture, used by name

# librt made unimportable in the child, as in a virtual environment without mypy.
NO_LIBRT = "import sys; sys.modules['librt'] = None; "
SHOW = "import zdeck.compiled as c, zdeck.vectors.fast as f; print(c.BUILD); print(f.__file__)"


def run(build: str, code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**os.environ, "ZDECK_BUILD": build},
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.usefixtures("both_builds")
def test_a_build_where_librt_is_missing_runs_as_pure_python_saying_why() -> None:
    shown = run("auto", NO_LIBRT + SHOW)
    build, module = shown.stdout.splitlines()
    assert shown.returncode == 0, shown.stderr
    assert build.startswith("pure Python (a build exists, but it needs librt"), build
    assert module.endswith("fast.py"), module  # the interpreter's encoders, correct without librt
    with_librt = run("auto", SHOW)
    assert with_librt.stdout.startswith("compiled"), with_librt


@pytest.mark.usefixtures("both_builds")
def test_insisting_on_the_compiled_build_without_librt_says_why() -> None:
    shown = run("compiled", NO_LIBRT + "import zdeck")
    assert shown.returncode != 0 and "cannot load here (it needs librt" in shown.stderr, shown.stderr


def test_the_pure_engine_encodes_without_librt() -> None:
    code = NO_LIBRT + ("import zdeck, zdeck.rl; g = zdeck.make('zipzap', 4); s = g.new_state(1); "
                       "print(zdeck.rl.state_encoder(g).encode_all(s).sum() > 0)")
    shown = run("pure", code)
    assert shown.returncode == 0 and shown.stdout.strip() == "True", shown.stderr
