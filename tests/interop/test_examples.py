"""The runnable examples in examples/ and the docstring examples of spelbord.interop."""

from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from spelbord.interop import encoding, openspiel, pettingzoo

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def run(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_openspiel_mcts_example() -> None:
    out = run("openspiel_mcts.py", "--simulations", "5", "--max-moves", "4")
    assert out.count("MCTS  ") == 2 and out.count("random") == 2
    assert "stopped after 4 moves" in out


def test_pettingzoo_example_aec() -> None:
    out = run("pettingzoo_masks.py", "--game", "coerceo", "--max-cycles", "6")
    assert out.startswith("game 1: 6 decisions")


def test_pettingzoo_example_parallel() -> None:
    out = run("pettingzoo_masks.py", "--parallel", "--games", "1")
    assert out.startswith("game 1: returns {'player_0': ")


@pytest.mark.parametrize("module", [encoding, openspiel, pettingzoo], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
