"""Imports only point down (docs/architecture.md): core < games < ai < lab < server and
interop < cli. No module imports a layer above its own, not even inside a function.

Inside the server too: its roles import downwards (tables < players < tournaments), only a
role's routes face the web, there are no import circles, and the tournament plan is pure.

Only a game names a game: outside ``games/<g>/``, ``ai/<g>/`` and a game's own data files
no module names a game in code (identifiers, import names, string constants other than
docstrings; comments are not code), nor do the server's pages (JavaScript with its
comments removed, HTML, catalogues); no game imports another. A fifth game is added in
three places (tests/extra_game.py proves it)."""

from __future__ import annotations

import ast
import itertools
import re
from collections.abc import Iterable
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


# ---------------------------------------------------------------------- only a game names a game
def _games() -> dict[str, Path]:
    """Each installed game's name and its package folder (``games/<g>/``)."""
    from spelbord import games

    return {
        name: ROOT.parent.joinpath(*package.split("."))
        for name, package in games.packages().items()
    }


def _own_folders() -> list[Path]:
    """Where a game may be named: its package and its agents' folder (``ai/<g>/``)."""
    return [folder for name, folder in _games().items() for folder in (folder, ROOT / "ai" / name)]


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants in ``tree`` (a module's, class's or function's
    first statement, and the string right after an assignment: an attribute's)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        first = body[0] if body else None
        if (
            isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
        ):
            found.add(id(first.value))
        for before, after in itertools.pairwise(body):
            if (
                isinstance(before, ast.Assign | ast.AnnAssign)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
            ):
                found.add(id(after.value))
    return found


def names_a_game(source: str, names: Iterable[str]) -> list[tuple[int, str]]:
    """``(line, text)`` for every identifier, import name or string constant (not a
    docstring) of ``source`` that contains a game's name (case ignored)."""
    pattern = re.compile("|".join(re.escape(n) for n in names), re.IGNORECASE)
    tree = ast.parse(source)
    docs = _docstrings(tree)
    out = []
    for node in ast.walk(tree):
        texts: list[str] = []
        if isinstance(node, ast.Name):
            texts = [node.id]
        elif isinstance(node, ast.Attribute):
            texts = [node.attr]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            texts = [node.name]
        elif isinstance(node, ast.arg | ast.keyword):
            texts = [node.arg or ""]
        elif isinstance(node, ast.alias):
            texts = [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom):
            texts = [node.module or ""]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            texts = [] if id(node) in docs else [node.value]
        out += [(getattr(node, "lineno", 0), t) for t in texts if pattern.search(t)]
    return sorted(out)


def test_the_naming_check_sees_names_in_code_and_not_in_docstrings() -> None:
    source = (
        '"""About gunst."""\n'
        "import spelbord.games.gunst\n"
        "from spelbord.ai.gunst import eq\n"
        "LEVELS = {'gunst': 1}\n"
        '"""The levels of Gunst."""\n\n\n'
        "def gunst_eq(game=GunstGame):\n"
        '    """Gunst."""\n'
        "    return f'{game} plays Gunst'  # a comment about gunst\n"
    )
    found = names_a_game(source, ["gunst"])
    assert sorted(line for line, _ in found) == [2, 3, 4, 8, 8, 10]


def test_outside_its_own_folders_no_module_names_a_game() -> None:
    """Lists of games come from the registry; a game's knowledge lives in ``games/<g>/``,
    ``ai/<g>/`` and its own data files, found through its extras (docs/architecture.md)."""
    from spelbord import games

    own = _own_folders()
    found = [
        f"{path.relative_to(ROOT)}:{line} {text[:60]!r}"
        for path in sorted(ROOT.rglob("*.py"))
        if not any(folder in path.parents for folder in own)
        for line, text in names_a_game(path.read_text(encoding="utf-8"), games.names())
    ]
    assert found == []


JS_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)


def test_the_web_pages_name_no_game_in_code() -> None:
    """The server's own pages (JavaScript outside a game's ``web/``, comments aside, and its
    HTML and catalogues) name no game: they show what the registry lists."""
    from spelbord import games

    pattern = re.compile("|".join(games.names()), re.IGNORECASE)
    own = _own_folders()
    found = []
    for path in sorted(ROOT.rglob("*")):
        if path.suffix not in (".js", ".html", ".json", ".css") or any(
            folder in path.parents for folder in own
        ):
            continue
        if "ladders" in path.parts:  # the games' own records (ai/ladders/<game>.json)
            continue
        text = path.read_text(encoding="utf-8")
        code = JS_COMMENT.sub("", text) if path.suffix in (".js", ".css") else text
        found += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in pattern.finditer(code)]
    assert found == []


def test_no_game_imports_another() -> None:
    """``games/<a>`` imports no ``games/<b>``, and ``ai/<a>`` no ``games/<b>`` or ``ai/<b>``."""
    folders = _games()
    found = []
    for name, folder in folders.items():
        for path in [*folder.rglob("*.py"), *(ROOT / "ai" / name).rglob("*.py")]:
            for line, module in _imports(path):
                parts = module.split(".")
                other = (
                    parts[2]
                    if len(parts) > 2 and parts[:2] in (["spelbord", "games"], ["spelbord", "ai"])
                    else None
                )
                if other in folders and other != name:
                    found.append(f"{path.relative_to(ROOT)}:{line} {module}")
    assert found == []


def _imports(path: Path) -> list[tuple[int, str]]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out += [(node.lineno, node.module)]
            out += [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
    return out
