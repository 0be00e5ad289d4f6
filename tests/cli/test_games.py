"""`spelbord games`: every registered game with its facts and options."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

import pytest

from spelbord import games  # noqa: F401  (registers every game)
from spelbord.core import registry

Run = Callable[..., tuple[int, str, str]]


@pytest.mark.usefixtures("tiny_games")
def test_lists_every_registered_game_with_its_facts(run_cli: Run) -> None:
    code, out, _ = run_cli("games")
    assert code == 0
    for name in registry.names():
        assert f"\n{name}  " in f"\n{out}"
    block = out.split("\npile  ")[1].split("\n\n")[0]
    assert "seats:        2" in block
    assert "chance:       yes" in block
    assert "information:  perfect" in block
    assert "simultaneous: no" in block
    assert "actions:      4" in block
    assert "max length:   6" in block
    assert "max_take=2  (2 | 3)  most stones a turn" in block


@pytest.mark.usefixtures("tiny_games")
def test_names_one_game(run_cli: Run) -> None:
    code, out, _ = run_cli("games", "pennies")
    assert code == 0
    assert out.startswith("pennies  Pennies")
    assert "simultaneous: yes" in out and "information:  imperfect" in out
    assert "options:      none" in out
    assert "pile" not in out


@pytest.mark.usefixtures("tiny_games")
def test_json_is_the_registry_facts(run_cli: Run) -> None:
    code, out, _ = run_cli("games", "--json")
    assert code == 0
    listed = json.loads(out)
    assert [g["name"] for g in listed] == registry.names()
    pile = next(g for g in listed if g["name"] == "pile")
    assert pile == registry.info("pile").as_dict()
    assert pile["options"] == [
        {
            "name": "max_take",
            "default": 2,
            "choices": [2, 3],
            "help": "most stones a turn",
            "minimum": None,
            "maximum": None,
        }
    ]


def test_unknown_game_is_a_usage_error(run_cli: Run) -> None:
    code, out, err = run_cli("games", "chess")
    assert code == 2
    assert out == ""
    assert "no game named 'chess'" in err


def test_coerceo_is_listed(run_cli: Run) -> None:
    code, out, _ = run_cli("games", "coerceo")
    assert code == 0
    assert "variant=laurentius  (laurentius | ocius)" in out


@pytest.mark.usefixtures("tiny_games")
def test_a_game_package_that_fails_to_import_is_reported_and_skipped(
    run_cli: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    from spelbord.cli import common

    monkeypatch.setitem(sys.modules, "spelbord.games", None)
    monkeypatch.setattr(common, "_WARNED", set())
    code, out, err = run_cli("games", "pile", "pennies")
    assert code == 0
    assert out.startswith("pile  Pile")
    # Said once, although the command asked the registry several times.
    assert err.count("spelbord: warning: not every game could be loaded:") == 1
