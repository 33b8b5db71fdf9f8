"""The package is layered with no knots: no two modules import each other, even through others, and the
low layers (the rules engine, the bots' protocol, the registry, records) import no layer built on them.

Imports are read from the source (`ast`), every import counted wherever it stands - a function's lazy
import too, since it is a dependency all the same - but those under `if TYPE_CHECKING:`, which only the
type checker follows.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import zdeck

ROOT = Path(zdeck.__file__).parent

# The layers the engine and its plain clients stand on, and the layers above them they must never reach.
LOW = ("zdeck.core", "zdeck.rng", "zdeck.bits", "zdeck.dealing", "zdeck.statedict", "zdeck.version", "zdeck.bots",
       "zdeck.registry", "zdeck.records", "zdeck.asking", "zdeck.decks")
HIGH = ("zdeck.botspecs", "zdeck.search", "zdeck.sim", "zdeck.batch", "zdeck.report", "zdeck.server", "zdeck.live",
        "zdeck.tui", "zdeck.rl", "zdeck.cli", "zdeck.table")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(path): path for path in ROOT.rglob("*.py")}


def known(name: str) -> str | None:
    """The zdeck module an import of `name` loads: the longest known prefix (`zdeck.x.Y` -> `zdeck.x`)."""
    while name and name not in modules():
        name = name.rpartition(".")[0]
    return name or None


def type_checking_only(tree: ast.AST) -> set[int]:
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            hidden.update(id(inner) for stmt in node.body for inner in ast.walk(stmt))
    return hidden


def imported_by(name: str) -> set[str]:
    path = modules()[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hidden = type_checking_only(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str | None] = set()
    for node in ast.walk(tree):
        if id(node) in hidden:
            continue
        if isinstance(node, ast.Import):
            found.update(known(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # `from zdeck.x import y` loads zdeck.x.y when y is a module, else zdeck.x
            found.update(known(f"{base}.{alias.name}") if f"{base}.{alias.name}" in modules() else known(base)
                         for alias in node.names)
    return {target for target in found if target is not None and target != name}


@cache
def graph() -> dict[str, frozenset[str]]:
    return {name: frozenset(imported_by(name)) for name in modules()}


def knots() -> list[list[str]]:
    """Strongly connected groups of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph()[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in graph():
        if node not in index:
            visit(node)
    return found


def reachable(start: str) -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        for target in graph()[todo.pop()] - seen:
            seen.add(target)
            todo.append(target)
    return seen - {start}


def within(name: str, layers: tuple[str, ...]) -> bool:
    return any(name == layer or name.startswith(layer + ".") for layer in layers)


def test_the_reader_sees_imports_and_ignores_type_checking_ones() -> None:
    assert "zdeck.core" in graph()["zdeck.registry"]
    assert "zdeck.batch.figures" not in graph()["zdeck.registry"]  # imported under TYPE_CHECKING only
    assert "zdeck.search" in graph()["zdeck.botspecs"]  # a function's lazy import counts


def test_no_module_imports_itself_through_others() -> None:
    assert knots() == [], f"import cycles: {knots()}"


def test_low_layers_reach_no_layer_built_on_them() -> None:
    for name in graph():
        if within(name, LOW):
            above = sorted(target for target in reachable(name) if within(target, HIGH))
            assert not above, f"{name} imports {above}"


def test_the_live_table_is_the_clients_ground_not_the_servers() -> None:
    """Issue 30: one live table (zdeck.live) that the server, the terminal table and the line mode are clients of;
    it and the clients that are not the server reach nothing of the server's transport and storage."""
    for name in graph():
        if within(name, ("zdeck.live", "zdeck.tui", "zdeck.table")):
            server = sorted(target for target in reachable(name) if within(target, ("zdeck.server",)))
            assert not server, f"{name} imports {server}"
