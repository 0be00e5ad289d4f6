"""Extras: declared by dotted path, checked when declared, resolved once, found by key."""

from __future__ import annotations

import dataclasses
import json

import pytest

from spelbord.core import Game, GameInfo, State, registry
from spelbord.core.extras import (
    KEYS,
    Bench,
    ExtraDeclarationError,
    Extras,
    NoExtraError,
    Study,
    resolve,
)


def test_a_path_that_is_not_dotted_is_refused_where_it_is_declared() -> None:
    for bad in ("", "a b", "pkg.mod:", ":attr", "pkg..mod", "pkg.mod:attr:more", 3):
        with pytest.raises(ExtraDeclarationError):
            Extras(facts=bad)  # type: ignore[arg-type]
    with pytest.raises(ExtraDeclarationError, match=r"evaluations\['x'\]"):
        Extras(evaluations={"x": "not a path"})
    with pytest.raises(ExtraDeclarationError, match=r"study\.puzzles"):
        Study(puzzles="no way")
    with pytest.raises(ExtraDeclarationError, match=r"bench\.rows"):
        Bench(rows="no way")


def test_extras_are_frozen_all_the_way_down() -> None:
    extras = Extras(evaluations={"plain": "json:loads"}, tools=["json:dumps"])  # type: ignore[arg-type]
    assert extras.tools == ("json:dumps",)
    with pytest.raises(dataclasses.FrozenInstanceError):
        extras.facts = "json:dumps"  # type: ignore[misc]
    with pytest.raises(TypeError):
        extras.evaluations["other"] = "json:dumps"  # type: ignore[index]


def test_a_path_resolves_once_to_a_module_or_an_attribute() -> None:
    assert resolve("json:dumps") is json.dumps
    assert resolve("json") is json
    assert resolve("json.decoder:JSONDecoder.decode") is json.decoder.JSONDecoder.decode
    with pytest.raises(ExtraDeclarationError, match="has no 'nothing'"):
        resolve("json:nothing")
    with pytest.raises(ModuleNotFoundError):
        resolve("spelbord.no_such_module:x")


def test_declared_lists_the_keys_with_something_in_them() -> None:
    assert Extras().declared() == []
    full = Extras(
        study=Study(analysis="a:b"),
        facts="a:b",
        evaluations={"e": "a:b"},
        tools=("a:b",),
        agents="a",
        levels="a:b",
        studies="a",
        tuner="a",
        encoder="a:b",
        bench=Bench(lab_seats=("random", "random")),
    )
    assert full.declared() == sorted(KEYS)
    assert len(full.paths()) == 9


class _Solo(Game):
    info = GameInfo(
        name="extras-probe",
        title="Probe",
        seat_names=("One",),
        min_seats=1,
        max_seats=1,
        teams=False,
        chance=False,
        information="perfect",
        simultaneous=False,
        num_distinct_actions=1,
        max_chance_outcomes=0,
        max_game_length=1,
    )
    extras = Extras(facts="json:dumps")

    def new_initial_state(self) -> State:
        raise NotImplementedError


def test_the_registry_finds_an_extra_by_key_and_names_the_games_that_have_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry._GAMES, "extras-probe", _Solo)
    assert "extras-probe" in registry.games_with("facts")
    assert registry.has_extra("extras-probe", "facts")
    assert not registry.has_extra("extras-probe", "encoder")
    with pytest.raises(NoExtraError, match=r"extras-probe has no encoder \(games with one: "):
        registry.extra("extras-probe", "encoder")
    with pytest.raises(NoExtraError, match="no evaluation 'fitted'"):
        registry.evaluation("extras-probe", "fitted")
    assert registry.tools("extras-probe") == ()
    with pytest.raises(ValueError, match="no extra 'colour'"):
        registry.games_with("colour")
