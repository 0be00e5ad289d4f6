"""The conformance suite on a game registered by the documented steps (tests/extra_game.py):
a fifth game needs no change outside its package, its registry line and its tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.conformance import test_extras, test_protocol
from tests.extra_game import registered

from spelbord import games


@pytest.fixture(scope="module")
def name() -> Iterator[str]:
    with registered() as found:
        yield found


def test_the_game_is_registered_by_its_entry_point_alone(name: str) -> None:
    assert name in games.names() and games.packages()[name] == name
    assert games.extras(name).declared() == [
        "agents",
        "bench",
        "encoder",
        "facts",
        "levels",
        "studies",
    ]


def test_the_conformance_suite_holds(name: str) -> None:
    test_protocol.test_game_declares_its_facts(name)
    for options in [{}, *({o.name: c} for o in games.info(name).options for c in o.choices or ())]:
        test_protocol.test_random_playouts_keep_the_contract(name, options)


def test_its_extras_resolve(name: str) -> None:
    test_extras.test_every_declared_path_resolves(name)
    state = games.load(name).new_initial_state()
    assert state.game_facts() == {"stones": 0}  # through the facts extra, not a method
