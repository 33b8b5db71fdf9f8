"""The RL envs under both builds: the encoders (`zdeck.vectors.fast`, every game's `encoding.py`), the referee
(`zdeck.rl.referee`) and the envs' steps (`zdeck.rl.steps`) are compiled with the rules engine (zdeck.compiled), and
what the envs hand an agent -
observations bit for bit (each also checked against the reference encoder), masks, rewards, infos, a referee's
copy played on - is the same under mypyc's build and pure Python (rl_trace.py)."""

from __future__ import annotations

import pytest

from tests.builds.test_builds import both_builds, run_with

__all__ = ["both_builds"]  # (the fixture, shared with test_builds.py)


@pytest.mark.usefixtures("both_builds")
def test_the_envs_hand_agents_the_same_under_the_compiled_and_the_pure_build() -> None:
    traces = {build: run_with(build, "-m", "tests.builds.rl_trace") for build in ("pure", "compiled")}
    for build, done in traces.items():
        assert done.returncode == 0, f"{build}: {done.stderr[-3000:]}"
    assert "compiled: zdeck.vectors.fast, zdeck.rl.referee, zdeck.rl.steps" in traces["compiled"].stderr
    assert "compiled: none" in traces["pure"].stderr
    assert traces["compiled"].stdout == traces["pure"].stdout
    assert len(traces["pure"].stdout.splitlines()) == 8
