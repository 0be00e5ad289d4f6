"""Rules versions and option bounds: declared in ``GameInfo``, checked in one place."""

from __future__ import annotations

import pytest

from spelbord import games
from spelbord.core import GameOptionError, RulesVersionError, StateFormatError


@pytest.mark.parametrize("name", games.names())
def test_every_version_from_the_oldest_loads(name: str) -> None:
    info = games.info(name)
    for version in info.versions():
        game = games.load(name, rules_version=version)
        assert game.rules_version == version
        state = game.new_initial_state()
        assert state.to_dict()["version"] == version
        assert game.from_json(state.to_json()) == state
    assert games.load(name).rules_version == info.version


@pytest.mark.parametrize("name", games.names())
def test_unknown_versions_are_refused_by_name(name: str) -> None:
    info = games.info(name)
    for bad in (info.oldest_version - 1, info.version + 1, "two", True):
        with pytest.raises(RulesVersionError, match="rules version"):
            games.load(name, rules_version=bad)


@pytest.mark.parametrize("name", games.names())
def test_a_state_of_another_version_does_not_read_back(name: str) -> None:
    info = games.info(name)
    if info.oldest_version == info.version:
        pytest.skip(f"{name} keeps one rules version")
    old = games.load(name, rules_version=info.oldest_version).new_initial_state()
    with pytest.raises(StateFormatError, match="rules version"):
        games.load(name).from_json(old.to_json())


@pytest.mark.parametrize("name", games.names())
def test_every_numeric_option_is_bounded(name: str) -> None:
    for option in games.info(name).options:
        if isinstance(option.default, int) and not isinstance(option.default, bool):
            assert option.choices is not None or (
                option.minimum is not None and option.maximum is not None
            ), option.name
            if option.choices is None:
                with pytest.raises(GameOptionError):
                    games.load(name, **{option.name: option.maximum + 1})
                with pytest.raises(GameOptionError):
                    games.load(name, **{option.name: str(10**400)})
