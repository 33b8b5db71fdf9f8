"""What every test shares: a test run writes in the checkout only under test-artefacts/ (git-ignored,
removed by `make clean`), Hypothesis's example database included; and a worker that says it has finished
has finished (`pytest_sessionfinish` below)."""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest
from hypothesis.configuration import set_hypothesis_home_dir

ARTEFACTS = Path(__file__).resolve().parents[1] / "test-artefacts"
GC_ROUNDS = 5  # as pytest's own: a collection can free objects whose finalizers leave more garbage

set_hypothesis_home_dir(ARTEFACTS / "hypothesis")

# The suite runs the rules as pure Python, whatever build `make test` made (some tests replace an engine
# function or method, which a compiled module does not look up again); tests/builds runs the golden records,
# the conformance suites and a trace of every observation under the compiled build and compares the two.
os.environ.setdefault("ZDECK_BUILD", "pure")


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish() -> None:
    """Collect the garbage now, while the session still counts as running, then freeze what is left.

    Why: a passing `make test` ended with a KeyboardInterrupt traceback, now and then. pytest (8.4 on)
    collects garbage five times at unconfigure, to report the exceptions finalizers raise; in an xdist
    worker that comes after the worker has told the controller it finished, and the controller then
    stops it: execnet gives a worker 5 s before it interrupts it with SIGINT. A worker holds 0.5-0.7
    million objects after its share of the suite, a full collection costs it 0.3-0.5 s of CPU, and on
    this shared 2-core machine (load 7-9) each took 1.1-1.8 s of wall time: five of them outlast the
    5 s, and the SIGINT lands in the collection. Here (trylast: after the session's fixtures are torn
    down, before xdist's wrapper reports the worker finished) the collections happen while the
    controller waits for them; `gc.freeze()` then leaves pytest's own five rounds only the few objects
    made after this point. Finalizers that raise are still reported: they run in these collections,
    under pytest's unraisable hook."""
    for _ in range(GC_ROUNDS):
        if not gc.collect():
            break
    gc.freeze()
