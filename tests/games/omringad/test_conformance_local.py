"""The shared conformance checks, run on Omringad before it is registered (R90-R91).

Omringad is not yet in ``GAME_PACKAGES`` (see docs/rules/omringad.md, "Status"), so the
parametrised suite does not reach it; this runs the same per-node checks on random games.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

import pytest

from spelbord.core import random_step
from spelbord.games.omringad.rules import OmringadGame


def _conformance() -> ModuleType:
    path = Path(__file__).parents[2] / "conformance" / "test_protocol.py"
    spec = importlib.util.spec_from_file_location("_omringad_conformance", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("target", [50, 100])
def test_r90_random_playouts_keep_the_contract(target: int) -> None:
    check_node = _conformance()._check_node
    game = OmringadGame(target=target)
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while True:
            check_node(state, rng)
            if state.is_terminal():
                break
            random_step(state, rng)
            steps += 1
            assert steps <= game.max_game_length()
        assert game.replay(state.history()) == state
