"""The agents sit below the lab, the server, the adapters and the CLI: no module under
``spelbord/ai`` imports any of them, not even inside a function (docs/architecture.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import spelbord.ai as package

ROOT = Path(package.__file__).parent
ABOVE = ("lab", "server", "interop", "cli")


def upward_imports(path: Path) -> list[tuple[int, str]]:
    """``(line, module)`` for every import of a layer above the agents in ``path``."""
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
            if parts[0] == "spelbord" and len(parts) > 1 and parts[1] in ABOVE:
                out.append((node.lineno, name))
    return out


def test_the_check_sees_an_upward_import_inside_a_function(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import spelbord.core\n\n\ndef f():\n    from spelbord.lab.match import run_match\n"
    )
    assert upward_imports(probe) == [(5, "spelbord.lab.match")]


def test_no_agent_module_imports_the_lab_the_server_or_the_cli() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line} {name}"
        for path in sorted(ROOT.rglob("*.py"))
        for line, name in upward_imports(path)
    ]
    assert found == []
