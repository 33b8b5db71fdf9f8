"""What every test shares: a test run writes in the checkout only under test-artefacts/ (git-ignored,
removed by `make clean`), Hypothesis's example database included."""

from __future__ import annotations

from pathlib import Path

from hypothesis.configuration import set_hypothesis_home_dir

ARTEFACTS = Path(__file__).resolve().parents[1] / "test-artefacts"

set_hypothesis_home_dir(ARTEFACTS / "hypothesis")
