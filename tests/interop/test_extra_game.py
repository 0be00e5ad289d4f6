"""Both interop adapters on a game registered by the documented steps (tests/extra_game.py):
the game's encoder is found through its ``encoder`` extra."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.extra_game import registered

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")


@pytest.fixture(scope="module")
def name() -> Iterator[str]:
    with registered() as found:
        yield found


def test_openspiel_plays_it(name: str) -> None:
    from tests.interop import test_openspiel as suite

    from spelbord.interop import openspiel as adapter

    assert adapter.short_name(name) in adapter.register_all()
    suite.test_game_type_and_info_come_from_our_game_info(name)
    suite.test_random_sim_test_with_serialization(name)
    state = suite.load(name).new_initial_state()
    state.apply_action(2)  # a card for seat 0: row 3
    assert list(state.observation_tensor(0))[18:21] == [0.0, 0.0, 1.0]
    assert list(state.observation_tensor(1))[18:21] == [0.0, 0.0, 0.0]  # not its card


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_pettingzoo_plays_it(name: str) -> None:
    from tests.interop import test_pettingzoo as suite

    suite.test_api_test(name)
    suite.test_seed_test(name)
    assert sum(suite.play_out(suite.env(name), seed=3).values()) == 0.0  # zero-sum
