"""A passing run ends with its summary: an xdist worker that reports it finished has no work left that could
outlast execnet's 5 s before it interrupts the worker (the KeyboardInterrupt traceback after a passing
`make test`: pytest's five garbage collections at unconfigure, tests/conftest.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = '''
import gc, json, os
import pytest

@pytest.hookimpl(tryfirst=True)
def pytest_unconfigure(config):  # before pytest's own collections, which come after the worker finished
    if os.environ.get("PYTEST_XDIST_WORKER"):
        with open(os.environ["ZDECK_GC_PROBE"], "w") as out:
            json.dump({"scanned": len(gc.get_objects()), "frozen": gc.get_freeze_count()}, out)
'''


def test_a_finished_worker_leaves_the_garbage_collector_almost_nothing_to_scan(tmp_path: Path) -> None:
    (tmp_path / "gc_probe.py").write_text(PROBE)
    report = tmp_path / "probe.json"
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "ZDECK_GC_PROBE": str(report)}
    done = subprocess.run([sys.executable, "-m", "pytest", "-n", "1", "-p", "gc_probe", "-o",
                           f"cache_dir={tmp_path / 'cache'}", "tests/test_bench_extra.py"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().splitlines()[-1].startswith("1 passed in"), done.stdout
    assert "Traceback" not in done.stdout + done.stderr
    probe = json.loads(report.read_text())
    # without the freeze the worker's five rounds scan its whole heap (66k objects for this one test file,
    # 0.5-0.7 million after a worker's share of the suite); with it, what was made after the session
    assert probe["frozen"] > 10_000 and probe["scanned"] < 2_000, probe
