"""The Omringad package's imports point one way: no module imports itself back, directly or
through others, even inside functions or ``if TYPE_CHECKING`` blocks (issues 10, 26), its
subpackages (``phases``, ``engine``, ``hidden``, ``tools``) included."""

from __future__ import annotations

import ast
from pathlib import Path

import spelbord.games.omringad as package

PACKAGE = "spelbord.games.omringad"
ROOT = Path(package.__file__).parent


def module_names() -> list[str]:
    """Every module of the package by its dotted name below it (``phases.battle``); a
    subpackage's ``__init__`` by the subpackage's name, the package's own as ``__init__``."""
    out = []
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__" and len(parts) > 1:
            parts.pop()
        out.append(".".join(parts))
    return sorted(out)


def _source(name: str) -> Path:
    if name == "__init__":
        return ROOT / "__init__.py"
    path = ROOT.joinpath(*name.split("."))
    module = path.with_suffix(".py")  # rules.py beside rules/, the documents' folder
    return module if module.is_file() else path / "__init__.py"


def imports_of(name: str) -> set[str]:
    """The package's modules that ``name`` imports anywhere in its code (docstrings aside).

    ``from spelbord.games.omringad.phases import battle`` imports the module
    ``phases.battle``; an import of the package itself counts as one of ``__init__``.
    """
    modules = set(module_names())
    tree = ast.parse(_source(name).read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            base = node.module
            targets = [
                f"{base}.{a.name}" if f"{base}.{a.name}"[len(PACKAGE) + 1 :] in modules else base
                for a in node.names
            ]
        else:
            continue
        for t in targets:
            if t == PACKAGE:
                out.add("__init__")
            elif t.startswith(PACKAGE + "."):
                out.add(t[len(PACKAGE) + 1 :])
    out.discard(name)
    return out


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a path that ends where it starts, or ``None``."""
    state: dict[str, int] = {}  # 1 on the path, 2 done
    path: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        path.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return [*path[path.index(m) :], m]
            if m not in state and (found := visit(m)) is not None:
                return found
        path.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state and (found := visit(n)) is not None:
            return found
    return None


def test_find_cycle_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_the_package_has_no_import_cycle() -> None:
    graph = {name: imports_of(name) for name in module_names()}
    assert "game" in graph["__init__"] and "board" in graph["phases.battle"]  # it sees them
    assert find_cycle(graph) is None, find_cycle(graph)


def test_the_phases_work_on_the_positions_data_not_on_the_state() -> None:
    below = ("phases.", "hidden.", "engine.")
    for name in module_names():
        if name.startswith(below) or name in ("rules", "position", "facts"):
            assert not {"game", "state"} & imports_of(name), name
    assert "position" in imports_of("phases.battle") and "phases.battle" in imports_of("rules")
    assert "rules" in imports_of("state") and "state" in imports_of("game")
