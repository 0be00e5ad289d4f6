"""Imports only point down (docs/architecture.md): core < games < ai < lab < server and
interop < cli. No module imports a layer above its own, not even inside a function.

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
