"""The rules engine compiled with mypyc from its own typed source, where a C compiler is present.

One source: `KERNEL` and `engine_files` name the modules (the kernel, the generator, dealing, the simulator's
loop and each game's rules, not its clients: bots, terminal views, metrics; and what an RL env runs at every
step: the observation encoders, `zdeck.vectors.fast` and each game's `encoding.py`, the envs' referee and their
per-step bookkeeping, `zdeck.rl.steps`), and mypyc turns those very files into C extensions. No second
implementation.

A build is kept under a key: the digest of those sources with this Python's ABI and the compiler's version.
`activate` (called by `zdeck/__init__` before anything else is imported) loads a build only when one
exists for the sources as they are now, so an edited rule is never shadowed by a stale extension: zdeck
then runs as pure Python until the next build. `ZDECK_BUILD=pure` asks for pure Python; `ZDECK_BUILD=compiled`
insists on the compiled build (an ImportError says why there is none). `BUILD` says which one runs
(`zdeck --version`, `zdeck list`).

`python -m zdeck.build` builds it (zdeck/build.py).
"""

from __future__ import annotations

import hashlib
import os
import sys
from array import array
from collections.abc import Callable, Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from importlib.util import find_spec
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, TypeVar

T = TypeVar("T")

if TYPE_CHECKING:  # mypyc reads these names; at run time the decorator does nothing (the engine needs no mypy)
    from librt.vecs import vec as vec  # noqa: PLC0414 - mypy --strict: re-exported
    from mypy_extensions import i32 as i32  # noqa: PLC0414 - mypy --strict: re-exported
    from mypy_extensions import i64 as i64  # noqa: PLC0414 - mypy --strict: re-exported
    from mypy_extensions import mypyc_attr as mypyc_attr  # noqa: PLC0414 - mypy --strict: re-exported
else:
    i64 = int  # mypyc's native 64-bit integer (C arithmetic, never boxed); a plain int to the interpreter
    i32 = int  # its 32-bit one

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[T], T]:
        return lambda cls: cls

    class vec:
        """The interpreter's stand-in for `librt.vecs.vec` (mypyc's own runtime library, installed with mypy): an
        item of a compiled `vec[i32]` is read and written as a C int, where an `array`'s or a memoryview's item is a
        Python call. An `array('i')` here, for `vec[i32]` and `vec[i64]` alike (both `int` to the interpreter: the
        engine's `vec[i64]` items, indices, are below 2**31, and a larger one is an OverflowError, never lost), used
        only as both do alike: items by index, `len`, the buffer (numpy's view of it)."""

        def __class_getitem__(cls, item: object) -> Callable[..., array[int]]:
            return lambda items=(): array("i", items)


PACKAGE = Path(__file__).resolve().parent
COMPILER = "mypy==2.4.1"  # mypyc ships with mypy; the same pin is in pyproject.toml's `compiled` extra
GROUP = "zdeck_engine"  # mypyc's shared library of the whole engine: importable as `zdeck_engine__mypyc`
# The kernel's modules compiled (and the RL envs' per-step path: the encoders' base, the referee, the envs' steps);
# under decks/ every module is, except a folder's clients of the contract (its `encoding.py` is compiled: the envs'
# hot path).
KERNEL = ("core.py", "rng.py", "dealing.py", "bits.py", "sim.py", "asking.py", "vectors/fast.py", "rl/referee.py",
          "rl/steps.py")
CLIENTS = frozenset({"__init__.py", "bots.py", "metrics.py", "table.py", "terminal.py"})


def engine_files() -> list[Path]:
    """The compiled modules' source files, in a fixed order."""
    games = sorted(p for p in (PACKAGE / "decks").rglob("*.py") if p.name not in CLIENTS)
    return [PACKAGE / name for name in KERNEL] + games


def module_name(path: Path) -> str:
    return ".".join(("zdeck", *path.relative_to(PACKAGE).with_suffix("").parts))


def source_key() -> str:
    """The key of a build for these sources on this Python: any change to a compiled file changes it."""
    digest = hashlib.sha256(f"{COMPILER} {sys.implementation.cache_tag} {EXTENSION_SUFFIXES[0]}".encode())
    for path in engine_files():
        digest.update(str(path.relative_to(PACKAGE)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:24]


def builds_dir() -> Path:
    """Where builds are kept: $ZDECK_BUILDS, else the user's cache. Shared by checkouts and virtual
    environments, as a build is keyed by exactly what it was built from."""
    chosen = os.environ.get("ZDECK_BUILDS")
    if chosen:
        return Path(chosen)
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "zdeck" / "builds"


class _Build:
    """A meta path finder: finds the engine's modules (and mypyc's shared library) among one build's extension files."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        suffix = EXTENSION_SUFFIXES[0]
        self.files = {module_name(path): folder / path.relative_to(PACKAGE.parent).with_suffix(suffix)
                      for path in engine_files()}
        self.files[f"{GROUP}__mypyc"] = folder / f"{GROUP}__mypyc{suffix}"

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        return ModuleSpec(fullname, ExtensionFileLoader(fullname, str(file)), origin=str(file))


BUILD = "pure Python"  # what runs: set by `activate`


def activate() -> str:
    """Load the compiled engine when a build of these very sources exists; say which build runs."""
    global BUILD
    wanted = os.environ.get("ZDECK_BUILD", "auto")
    if wanted not in ("auto", "pure", "compiled"):
        raise ImportError(f"ZDECK_BUILD={wanted!r}: choose auto, pure or compiled")
    if wanted == "pure":
        BUILD = "pure Python (ZDECK_BUILD=pure)"
        return BUILD
    folder = builds_dir() / source_key()
    if not (folder / "complete").is_file():
        why = "no C compiler or build failed" if (folder / "failed").is_file() else "no build of this source"
        if wanted == "compiled":
            raise ImportError(f"ZDECK_BUILD=compiled, but there is no compiled build of this source ({why}): "
                              "run `python -m zdeck.build`")
        BUILD = f"pure Python ({why}: `python -m zdeck.build` builds it)"
        return BUILD
    missing = _runtime_missing()
    if missing:
        if wanted == "compiled":
            raise ImportError(f"ZDECK_BUILD=compiled, but the compiled build cannot load here ({missing})")
        BUILD = f"pure Python (a build exists, but {missing})"
        return BUILD
    try:  # when it last ran: what `python -m zdeck.build` keeps when it prunes old builds
        os.utime(folder / "complete")
    except OSError:  # a read-only cache still serves
        pass
    sys.meta_path.insert(0, _Build(folder))
    BUILD = f"compiled ({COMPILER.replace('mypy==', 'mypyc ')})"
    return BUILD


def _runtime_missing() -> str:
    """Why a build found cannot load here ('' if it can): the compiled encoders (`zdeck.vectors.fast`) import
    `librt.vecs`, mypy's runtime library: installed with the compiler, so wherever a build was made, but builds are
    shared with virtual environments that may lack it. Looked for, not imported: the rules engine itself loads
    nothing beyond the standard library (tests/kernel/test_standard_library_only.py)."""
    package = find_spec("librt")  # (a top-level name is found without importing it; `librt.vecs` would import librt)
    folders = package.submodule_search_locations or [] if package is not None else []
    if not any((Path(folder) / f"vecs{suffix}").is_file() for folder in folders for suffix in EXTENSION_SUFFIXES):
        return "it needs librt, mypy's runtime library, which is not installed here: pip install 'zdeck[compiled]'"
    return ""


def is_compiled() -> bool:
    return BUILD.startswith("compiled")
