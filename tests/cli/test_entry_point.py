"""The real command in a child process, and the examples in the CLI's docstrings."""

from __future__ import annotations

import doctest
import importlib
import subprocess
import sys

import pytest

MODULES = ["common", "listing", "terminal", "play", "perft", "bench", "rules", "match", "serve"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"spelbord.cli.{name}")
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0


def test_python_dash_m_plays_the_readme_example() -> None:
    """README: `printf 'c2:1-c2:3\\nresign\\n' | spelbord play coerceo --opt variant=ocius`."""
    done = subprocess.run(
        [sys.executable, "-m", "spelbord.cli", "play", "coerceo", "--opt", "variant=ocius"],
        input="c2:1-c2:3\nresign\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "seat 0: c2:1-c2:3" in done.stdout
    assert "result: 1-0 (resignation); winner: seat 0" in done.stdout


def test_python_dash_m_reports_usage_errors() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "spelbord.cli", "perft", "nosuchgame", "--depth", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "spelbord perft: error: no game named 'nosuchgame'" in done.stderr
