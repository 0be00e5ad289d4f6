"""Imports only point down (docs/architecture.md): core < games < ai < lab < server and
interop < cli. No module imports a layer above its own, not even inside a function."""

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
