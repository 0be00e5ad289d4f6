"""Every registered game's own lab data: it loads, its choices match actions the game
really offers, its variants build games, it has a study of every kind, and a tiny
variants study of it runs to a summary with every metric and its interval."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from spelbord import games
from spelbord.core import CHANCE, SIMULTANEOUS
from spelbord.lab import kinds
from spelbord.lab.gamedata import LabData, lab_data
from spelbord.lab.metrics import arm_games, definitions
from spelbord.lab.records import read_records
from spelbord.lab.runner import run_study
from spelbord.lab.study import load_game
from spelbord.lab.summary import compute, to_json

GAMES = sorted(games.packages())
"""Every installed game (test games that other tests register for a while aside)."""


def test_every_installed_game_declares_lab_data() -> None:
    assert set(GAMES) <= set(games.games_with("studies"))


def _described(data: LabData, game: str, count: int) -> list[dict[str, object]]:
    """Every action id described at the start, and the legal actions of every decision
    of ``count`` random games, as the choices' matches see them (``action_to_dict`` plus
    the game's own fields)."""
    rng = random.Random(7)
    describe = data.describer()
    out: list[dict[str, object]] = []
    start = load_game(game, {}, None).new_initial_state()
    for action in range(start.game.num_distinct_actions()):
        try:
            out.append(dict(start.action_to_dict(action, 0)))
        except Exception:  # an id that means nothing at the start
            continue
    for _ in range(count):
        state = load_game(game, {}, None).new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices(*zip(*outcomes, strict=True))[0])
                continue
            seats = range(state.num_players()) if player == SIMULTANEOUS else [player]
            chosen = []
            for seat in seats:
                legal = state.legal_actions(seat)
                for action in rng.sample(legal, min(len(legal), 300)):
                    described = dict(state.action_to_dict(action, seat))
                    if describe is not None:
                        described.update(describe(state, action, seat))
                    out.append(described)
                chosen.append(rng.choice(legal))
            if player == SIMULTANEOUS:
                state.apply_actions(chosen)
            else:
                state.apply_action(chosen[0])
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_lab_data_names_real_choices_variants_and_studies(game: str) -> None:
    data = lab_data(game)
    assert data.choices and len(data.variants) >= 2
    declared = {study["name"] for study in data.studies}
    assert set(kinds.KINDS) <= declared, f"{game} lacks a study of {set(kinds.KINDS) - declared}"
    for name in declared:
        study = kinds.game_study(name, game)
        assert study is not None and study.arms
    for variant in data.variants:
        built = load_game(game, variant.options, variant.rules_version)
        assert all(built.options[k] == v for k, v in variant.options.items())
        if variant.rules_version is not None:
            assert built.rules_version == variant.rules_version
    # Every choice matches actions of the game: in random play, each whose action kind
    # comes up is met, and none names a field the game's actions never have.
    described = _described(data, game, 2)
    fields = {key for d in described for key in d}
    seen_kinds = {d.get("kind") for d in described}
    for choice in data.choices:
        names = {key for key, _ in choice.match.fields}
        assert names <= fields, f"{game} {choice.name}: no action has {names - fields}"
        kinds_named = dict(choice.match.fields).get("kind", ())
        if all(k in seen_kinds for k in kinds_named) and choice.name not in _RARE.get(game, ()):
            assert any(choice.match.matches(d) for d in described), f"{game} {choice.name}"
    position = data.key_function()
    if position is not None:
        state = load_game(game, {}, None).new_initial_state()
        assert position(state) == position(state.clone())


_RARE = {"omringad": ("diplomat", "horses", "elephants", "infiltrator", "dragon", "magician",
                      "pirates", "snipers")}  # fmt: skip
"""Choices random play may not meet in two games (a special unit's lot must be drawn)."""


@pytest.mark.parametrize("game", GAMES)
def test_a_tiny_variants_study_has_every_metric_with_an_interval(game: str, tmp_path: Path) -> None:
    study = kinds.game_study("variants", game, games=2)
    assert study is not None
    run_study(study, tmp_path, progress=False, command="test")
    rows = read_records(tmp_path / study.name / "records")
    assert len(rows) == 2 * len(study.arms)
    summary = to_json(compute(study, rows))
    assert set(summary["arms"]) == {arm.label for arm in study.arms}
    for label, arm in summary["arms"].items():
        wanted = {d.key for d in definitions(arm_games([r for r in rows if r["arm"] == label]))}
        assert wanted and set(arm["metrics"]) == wanted
        for metric in arm["metrics"].values():
            assert {"value", "low", "high", "n"} <= set(metric), (label, metric)
            if metric["value"] is not None and metric["low"] is not None:
                assert metric["low"] <= metric["value"] <= metric["high"], (label, metric)
        completion = arm["metrics"]["completion"]
        assert completion["low"] is not None and completion["high"] is not None
    differences = summary["differences"]
    assert {d["arm"] for d in differences} == {arm.label for arm in study.arms[1:]}
    assert all({"difference", "low", "high"} <= set(d) for d in differences)
