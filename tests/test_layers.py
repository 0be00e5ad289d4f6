"""Imports only point down (docs/architecture.md): core < games < ai < lab < server and
interop < cli. No module imports a layer above its own, not even inside a function.

Inside the server too: its roles import downwards (tables < players < tournaments), only a
role's routes face the web, there are no import circles, and the tournament plan is pure."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import spelbord as package

ROOT = Path(package.__file__).parent
RANK = {"core": 0, "games": 1, "ai": 2, "lab": 3, "server": 4, "interop": 4, "cli": 5}


def upward_imports(path: Path, layer: str) -> list[tuple[int, str]]:
    """``(line, module)`` for every import in ``path`` of a layer above ``layer``."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[0] != "spelbord" or len(parts) < 2 or parts[1] not in RANK:
                continue
            above = RANK[parts[1]] > RANK[layer]
            if above or (layer == "server" and parts[1] == "interop"):
                out.append((node.lineno, name))
    return out


def test_the_check_sees_an_upward_import_inside_a_function(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import spelbord.core\n\n\ndef f():\n    from spelbord.lab.match import run_match\n"
    )
    assert upward_imports(probe, "ai") == [(5, "spelbord.lab.match")]
    assert upward_imports(probe, "lab") == []


@pytest.mark.parametrize("layer", sorted(RANK))
def test_no_module_imports_a_layer_above_its_own(layer: str) -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line} {name}"
        for path in sorted((ROOT / layer).rglob("*.py"))
        for line, name in upward_imports(path, layer)
    ]
    assert found == []


# Inside the server: roles that import only downwards (docs/architecture.md, "The server").
SERVER = ROOT / "server"
ROLES = {"tables": 0, "players": 1, "tournaments": 2}
"""A role imports none above it: tables know no players, players no tournaments."""
EDGE = ("routes", "sockets")
"""The modules of a role that face the web (HTTP and WebSocket); only they import ``web``."""
WEB_HELPERS = ("web.messages", "web.ratelimit", "web.guards")
"""The web helpers every role's routes use; they import no role."""


def server_module(path: Path) -> str:
    """``tables.live`` for ``server/tables/live.py``, ``tables`` for its ``__init__``."""
    parts = path.relative_to(SERVER).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def server_imports(path: Path) -> set[str]:
    """The server modules ``path`` imports anywhere (in functions and ``TYPE_CHECKING`` too),
    as ``server_module`` names them."""
    known = {server_module(p) for p in SERVER.rglob("*.py")}
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        else:
            continue
        for name in names:
            if not name.startswith("spelbord.server."):
                continue
            name = name.removeprefix("spelbord.server.")
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name:
                found.add(name)
    return found - {server_module(path)}


def server_graph() -> dict[str, set[str]]:
    return {server_module(p): server_imports(p) for p in sorted(SERVER.rglob("*.py"))}


def broken_rules(graph: dict[str, set[str]]) -> list[str]:
    """Every import in ``graph`` that breaks a rule of the server's layout."""
    out = []
    for module, imported in graph.items():
        role = module.split(".")[0]
        for name in sorted(imported):
            other = name.split(".")[0]
            if name in ("app", "main") and module != "main":
                out.append(f"{module} imports {name}: only main starts the app")
            if role in ROLES and other in ROLES and ROLES[other] > ROLES[role]:
                out.append(f"{module} imports {name}: a role above its own")
            edge = module.rpartition(".")[2] in EDGE
            if role in ROLES and not edge and (other == "web" or name.endswith(EDGE)):
                out.append(f"{module} imports {name}: only a role's routes face the web")
            if module in WEB_HELPERS and other in ROLES:
                out.append(f"{module} imports {name}: the web helpers know no role")
    return out


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph`` (strongly connected groups of two or more)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_server_checks_see_what_they_forbid() -> None:
    graph = {
        "tables.live": {"tables.hub", "players.ratings"},
        "tables.hub": {"tables.live"},
        "players.store": {"web.pages", "tables.routes"},
        "web.messages": {"tables.views"},
        "web.study": {"app"},
    }
    assert circles(graph) == [["tables.hub", "tables.live"]]
    assert broken_rules(graph) == [
        "tables.live imports players.ratings: a role above its own",
        "players.store imports tables.routes: only a role's routes face the web",
        "players.store imports web.pages: only a role's routes face the web",
        "web.messages imports tables.views: the web helpers know no role",
        "web.study imports app: only main starts the app",
    ]


def test_the_server_has_no_import_circles() -> None:
    assert circles(server_graph()) == []


def test_the_server_roles_import_only_downwards() -> None:
    assert broken_rules(server_graph()) == []


def test_the_tournament_plan_is_pure() -> None:
    tree = ast.parse((SERVER / "tournaments" / "plan.py").read_text(encoding="utf-8"))
    modules = [
        a.name if isinstance(node, ast.Import) else node.module or ""
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for a in (node.names if isinstance(node, ast.Import) else node.names[:1])
    ]
    assert not [m for m in modules if m.startswith("spelbord")]
