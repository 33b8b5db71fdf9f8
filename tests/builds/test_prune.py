"""Old builds are pruned (zdeck.build.prune): each edit of an engine file makes a new ~7 MB build, and a cache
that only grows would fill a disk over months of work. What runs now, or ran within the hour, is never removed."""

from __future__ import annotations

import os
import time
from pathlib import Path

from zdeck.build import prune


def made(root: Path, key: str, age: float, marker: str | None = "complete") -> Path:
    folder = root / key
    folder.mkdir()
    (folder / "engine.so").write_bytes(b"x")
    lock = root / f"{key.removesuffix('.part')}.lock"
    lock.touch()
    stamped = folder / marker if marker else folder
    if marker:
        stamped.touch()
    when = time.time() - age
    os.utime(stamped, (when, when))
    os.utime(lock, (when, when))
    return folder


def test_the_builds_run_longest_ago_go_past_the_newest_kept(tmp_path: Path) -> None:
    for n in range(6):
        made(tmp_path, f"old{n}", age=86400.0 * (n + 1))
    made(tmp_path, "current", age=0.0)
    removed = prune(tmp_path, keep=3, recent=3600.0, current="current")
    assert sorted(removed) == ["old2", "old3", "old4", "old5"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current", "current.lock", "old0", "old0.lock", "old1",
                                                           "old1.lock"]


def test_a_build_used_within_the_hour_or_being_made_stays(tmp_path: Path) -> None:
    made(tmp_path, "current", age=0.0)
    made(tmp_path, "ran-just-now", age=60.0)
    made(tmp_path, "being-copied.part", age=5.0, marker=None)
    made(tmp_path, "failed-long-ago", age=86400.0, marker="failed")
    made(tmp_path, "unfinished-long-ago.part", age=86400.0, marker=None)
    removed = prune(tmp_path, keep=1, recent=3600.0, current="current")
    assert sorted(removed) == ["failed-long-ago", "unfinished-long-ago.part"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["being-copied.lock", "being-copied.part", "current",
                                                           "current.lock", "ran-just-now", "ran-just-now.lock"]
