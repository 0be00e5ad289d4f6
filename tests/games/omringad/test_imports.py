"""The Omringad package's imports point one way: no module imports itself back, directly or
through others, even inside functions or ``if TYPE_CHECKING`` blocks (issue 10)."""

from __future__ import annotations

import ast
from pathlib import Path

import spelbord.games.omringad as package

PACKAGE = "spelbord.games.omringad"
ROOT = Path(package.__file__).parent


def module_names() -> list[str]:
    return sorted(p.stem for p in ROOT.glob("*.py"))


def imports_of(name: str) -> set[str]:
    """The package's modules that ``name`` imports anywhere in its code (docstrings aside).

    ``from spelbord.games.omringad import board`` imports the module ``board``; an import
    of the package itself counts as one of ``__init__``.
    """
    modules = set(module_names())
    tree = ast.parse((ROOT / f"{name}.py").read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == PACKAGE:
                subs = [a.name for a in node.names]
                targets = [f"{PACKAGE}.{s}" if s in modules else PACKAGE for s in subs]
            else:
                targets = [node.module]
        else:
            continue
        for t in targets:
            if t == PACKAGE:
                out.add("__init__")
            elif t.startswith(PACKAGE + "."):
                out.add(t[len(PACKAGE) + 1 :].split(".")[0])
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
    assert "rules" in graph["__init__"] and "board" in graph["battle_phase"]  # it sees them
    assert find_cycle(graph) is None, find_cycle(graph)


def test_the_phases_work_on_the_states_data_not_on_the_rules() -> None:
    for name in ("auction_phase", "battle_phase", "hidden", "infoset", "evaluation"):
        assert "rules" not in imports_of(name), name
    assert "state" in imports_of("battle_phase") and "battle_phase" in imports_of("rules")
