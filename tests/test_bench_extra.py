"""`make bench` installs the `bench` extra: it must hold every library a bench script imports (serve_load.py
failed on a fresh `pip install -e '.[bench]'` for want of httpx)."""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DISTRIBUTION = {"pyspiel": "open_spiel"}  # a module whose distribution has another name (when not installed)


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(text: str) -> str:
    return normal(re.split(r"[\s<>=!~;\[]", text, maxsplit=1)[0])


def bench_requirements() -> set[str]:
    """The runtime dependencies and the bench extra, with the extras it names (zdeck[rl]) opened up."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = {requirement_name(r) for r in project["dependencies"]}
    pending = ["bench"]
    while pending:
        for requirement in project["optional-dependencies"][pending.pop()]:
            if (own := re.fullmatch(r"zdeck\[(\w+)\]", requirement)) is not None:
                pending.append(own.group(1))
            else:
                names.add(requirement_name(requirement))
    return names


def imported(script: Path) -> set[str]:
    """The top-level modules a script imports, anywhere in it."""
    modules = set()
    for node in ast.walk(ast.parse(script.read_text())):
        if isinstance(node, ast.Import):
            modules |= {alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.add(node.module.partition(".")[0])
    return modules


def test_every_library_a_bench_script_imports_is_in_the_bench_extra() -> None:
    installed = importlib.metadata.packages_distributions()
    scripts = sorted((ROOT / "bench").glob("*.py"))
    local = {script.stem for script in scripts} | {"zdeck", "__future__"}
    wanted = bench_requirements()
    missing = []
    for script in scripts:
        for module in sorted(imported(script) - local - set(sys.stdlib_module_names)):
            distributions = installed.get(module) or [DISTRIBUTION.get(module, module)]
            if not {normal(d) for d in distributions} & wanted:
                missing.append(f"{script.name}: {module}")
    assert not missing, f"not in the bench extra nor zdeck's dependencies: {missing}"
