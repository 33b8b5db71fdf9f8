"""`python -m zdeck.build`: the rules engine compiled with mypyc (zdeck.compiled says what and where).

The Makefile runs it before `make serve` and `make test`: a no-op when the build for these sources exists;
otherwise mypyc, then the C compiler on every core, into the builds folder. Where either is missing or
fails, it says why and exits 0 - zdeck runs as pure Python, exactly as before.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from importlib.util import find_spec
from pathlib import Path

from zdeck.compiled import COMPILER, GROUP, PACKAGE, builds_dir, engine_files, source_key

MYPYC_DONE = "zdeck-build: mypyc done after"
KEEP = 8  # builds kept besides any run within the hour: every branch a person or a team works on at once
RECENT = 3600.0  # seconds: a build run (or an unfinished one begun) this recently may be in use

# Run by a child Python in a copy of the sources (its arguments: the files to compile). mypy type-checks what
# they import too, but says nothing of those modules (`--follow-imports=silent`): a client's import of a library
# this installation lacks (ray, in `zdeck.batch`) must not stop the engine's build. The engine is one
# extension (mypyc's "group": calls between its modules stay native C calls), and setuptools compiles an
# extension's C files one after another: they are compiled here on every core instead (distutils' own
# compile, file by file, in a thread pool; sequentially should its internals ever differ).
_SETUP = """
import sys, time
start = time.perf_counter()
from concurrent.futures import ThreadPoolExecutor
from mypyc.build import mypycify
from setuptools import setup
from distutils.ccompiler import CCompiler  # (setuptools' own copy, the one build_ext uses, once setuptools is imported)

sequential = CCompiler.compile

def compile_in_parallel(self, sources, output_dir=None, macros=None, include_dirs=None, debug=False,
                        extra_preargs=None, extra_postargs=None, depends=None):
    try:
        macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs)
        cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)
        compile_one = self._compile
    except AttributeError:
        return sequential(self, sources, output_dir, macros, include_dirs, debug, extra_preargs, extra_postargs,
                          depends)
    with ThreadPoolExecutor({jobs}) as pool:
        list(pool.map(lambda obj: compile_one(obj, *build[obj], cc_args, extra_postargs, pp_opts),
                      [obj for obj in objects if obj in build]))
    return objects

CCompiler.compile = compile_in_parallel
ext = mypycify(["--follow-imports=silent", *sys.argv[1:]], opt_level="3", multi_file=True, group_name="{group}")
print(f"{mypyc_done} {{time.perf_counter() - start:.0f}} s, {{time.process_time():.0f}} s of CPU", file=sys.stderr)
setup(name="zdeck-engine", ext_modules=ext,
      script_args=["build_ext", "--build-lib", "out", "--build-temp", "tmp", "--parallel", "{jobs}"])
"""


def c_compiler() -> str | None:
    """The C compiler setuptools would call, if it is on this machine."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc)


def build(quiet: bool = False, retry: bool = False) -> bool:
    """Build the engine for these sources unless that build exists; True when it exists at the end."""
    key = source_key()
    root = builds_dir()
    folder = root / key
    if (folder / "complete").is_file():
        return True
    if (folder / "failed").is_file() and not retry:  # the same sources would fail the same way
        print(f"zdeck: these sources failed to compile before ({folder / 'failed'}); zdeck runs as pure Python",
              file=sys.stderr)
        return False
    root.mkdir(parents=True, exist_ok=True)
    with open(root / f"{key}.lock", "w") as lock:  # another checkout may be building the same sources
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (folder / "complete").is_file():
            return True
        why = _compile(folder, quiet)
        prune(root, keep=KEEP, recent=RECENT, current=key)
        if why is not None:
            if why.startswith("mypyc"):  # not a missing tool, which a later run may find installed
                folder.mkdir(exist_ok=True)
                (folder / "failed").write_text(why + "\n")
            print(f"zdeck: the compiled engine was not built ({why}); zdeck runs as pure Python", file=sys.stderr)
            return False
    return True


def prune(root: Path, keep: int, recent: float, current: str) -> list[str]:
    """Remove the builds last run longest ago, past the newest `keep`; returns their keys.

    Every edit of an engine file makes a new build of ~7 MB, so a cache kept for ever grows without end.
    A build is dated by its `complete` marker, which every run touches (zdeck.compiled.activate), and a
    failed one by its `failed` marker; one used within `recent` seconds, or being built (a `.part` or
    an unmarked folder that young), is left alone: another process may be loading it now.
    """
    now = time.time()
    dated: list[tuple[float, Path]] = []
    for folder in root.iterdir():
        if not folder.is_dir() or folder.name == current:
            continue
        marker = next((folder / m for m in ("complete", "failed") if (folder / m).is_file()), folder)
        dated.append((marker.stat().st_mtime, folder))
    dated.sort(reverse=True)
    removed = []
    for rank, (when, folder) in enumerate(dated):
        if rank < keep - 1 or now - when < recent:  # (the current build is one of those kept)
            continue
        shutil.rmtree(folder, ignore_errors=True)
        removed.append(folder.name)
    for lock in root.glob("*.lock"):  # a build's lock outlives it (and a build that never began)
        if not (root / lock.stem).exists() and now - lock.stat().st_mtime >= recent:
            lock.unlink(missing_ok=True)
    return removed


def _compile(folder: Path, quiet: bool) -> str | None:
    """Run mypyc and the C compiler into `folder`; None on success, else why not."""
    if c_compiler() is None:
        return "no C compiler"
    for tool in ("mypyc", "setuptools"):
        if find_spec(tool) is None:
            return f"{tool} is not installed (pip install 'zdeck[compiled]')"
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="zdeck-build-") as work:
        sources = Path(work) / "src"
        shutil.copytree(PACKAGE, sources / "zdeck", ignore=shutil.ignore_patterns("__pycache__", "static"))
        files = [str(p.relative_to(PACKAGE.parent)) for p in engine_files()]
        script = _SETUP.format(mypyc_done=MYPYC_DONE, group=GROUP, jobs=os.cpu_count() or 1)
        run = subprocess.run([sys.executable, "-c", script, *files], cwd=sources, capture_output=True, text=True,
                             check=False)
        if run.returncode != 0:
            lines = (run.stdout + run.stderr).splitlines()
            # the errors, not mypyc's warnings nor its own traceback (an internal error ends with the source line)
            errors = [line for line in lines if "error" in line.lower() and not line.startswith(" ")][-10:]
            return "mypyc or the C compiler failed:\n" + "\n".join(errors or lines[-5:])
        built = sources / "out"
        staged = folder.with_name(folder.name + ".part")
        shutil.rmtree(staged, ignore_errors=True)
        shutil.copytree(built, staged)
        shutil.rmtree(folder, ignore_errors=True)
        staged.rename(folder)
        (folder / "complete").write_text(f"{COMPILER} {time.perf_counter() - started:.0f} s\n")
    if not quiet:
        phase = next((line.split(MYPYC_DONE)[1] for line in run.stderr.splitlines() if MYPYC_DONE in line), "?")
        print(f"zdeck: compiled the engine in {time.perf_counter() - started:.0f} s (mypyc{phase}, then the C compiler)"
              f" into {folder}", file=sys.stderr)
    return None


if __name__ == "__main__":
    build(quiet="--quiet" in sys.argv, retry="--retry" in sys.argv)
