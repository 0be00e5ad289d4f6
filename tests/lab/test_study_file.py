"""Study files: a TOML study parses, and every mistake names its line and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from spelbord.lab.builtin import builtin
from spelbord.lab.study import Arm, Study, StudyError
from spelbord.lab.studyfile import load_study, parse_study

GOOD = """\
name = "gunst-plans"
description = "two plans"
games = 6
seed = 3
analyses = ["win-rates", "ladder"]

[[arm]]
label = "a"
game = "gunst"
seats = ["script:hoarder", "random"]

[[arm]]
label = "b"
game = "islandet"
options = { goal = "quick" }
seats = ["random", "random"]
rotate = false
"""


def test_a_study_file_with_arms() -> None:
    study = parse_study(GOOD)
    assert study.name == "gunst-plans"
    assert (study.games, study.seed, study.total_games) == (6, 3, 12)
    assert study.analyses == ("win-rates", "ladder")
    assert study.arms[1] == Arm("b", "islandet", {"goal": "quick"}, ("random", "random"), False)
    assert study.arms[0].seating(1) == ("random", "script:hoarder")
    assert study.arms[1].seating(1) == ("random", "random")


def test_agents_make_a_round_robin() -> None:
    study = parse_study(
        'name = "rr"\ngame = "gunst"\nagents = ["random", "script:hoarder", "script:trickle"]\n'
    )
    assert [arm.seats for arm in study.arms] == [
        ("random", "script:hoarder"),
        ("random", "script:trickle"),
        ("script:hoarder", "script:trickle"),
    ]


def test_round_trip_through_json() -> None:
    study = parse_study(GOOD)
    assert Study.from_dict(study.to_dict()) == study


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            GOOD.replace(
                'seats = ["script:hoarder", "random"]', 'seats = ["script:hoarder", "mctx"]'
            ),
            "study.toml:10: arm[1].seats: unknown agent 'mctx'",
        ),
        (
            GOOD.replace('game = "islandet"', 'game = "chess"'),
            "study.toml:14: arm[2].game: unknown game 'chess'",
        ),
        (
            GOOD.replace('goal = "quick"', 'goal = "fastest"'),
            "study.toml:15: arm[2].options: option 'goal'",
        ),
        (GOOD.replace("games = 6", "games = 0"), "study.toml:3: games: must be at least 1"),
        (GOOD.replace("seed = 3", 'seed = "three"'), "study.toml:4: seed: must be an integer"),
        (GOOD.replace('"ladder"', '"elo"'), "study.toml:5: analyses: unknown analysis 'elo'"),
        (
            GOOD.replace("rotate = false", "rotat = false"),
            "study.toml:17: arm[2].rotat: unknown field",
        ),
        (GOOD.replace('name = "gunst-plans"', 'nam = "x"'), "study.toml:1: nam: unknown field"),
        (
            GOOD.replace('seats = ["random", "random"]', 'seats = ["random"]'),
            "study.toml:16: arm[2].seats: islandet has 2 seats",
        ),
        (
            GOOD.replace(
                'seats = ["script:hoarder", "random"]', 'seats = ["script:shooter", "random"]'
            ),
            "study.toml:10: arm[1].seats: 'script:shooter' is a plan for islandet, not gunst",
        ),
        ("name = 'x'\ngames = [", "study.toml: "),
        ('name = "x"\ngame = "gunst"\n', "study.toml:1: : give exactly one of seats, agents"),
    ],
)
def test_mistakes_name_line_and_field(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "study.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(StudyError) as caught:
        load_study(str(path))
    message = str(caught.value)
    assert message.startswith(str(tmp_path) + "/")
    assert message.removeprefix(str(tmp_path) + "/").startswith(expected), message


def test_missing_file() -> None:
    with pytest.raises(StudyError, match="cannot read study file"):
        load_study("/nonexistent/study.toml")


def test_builtins_check_their_input() -> None:
    with pytest.raises(StudyError, match="unknown study 'seat'"):
        builtin("seat")
    with pytest.raises(StudyError, match="unknown game 'chess'"):
        builtin("gauntlet", "chess")
    with pytest.raises(StudyError, match="takes no game"):
        builtin("seats", "gunst")
    gauntlet = builtin("gauntlet", "islandet", games=3)
    plans = {arm.seats[0] for arm in gauntlet.arms}
    assert {"script:shooter", "script:marksman", "script:pad-keeper"} <= plans
    assert len(gauntlet.arms) == len(plans) * 4  # every plan against the four levels
    assert gauntlet.arms[0].seats == ("script:shooter", "level:easy")


def test_fast_agents_and_options() -> None:
    study = builtin("seats", games=2).with_fast_agents()
    assert {spec for arm in study.arms for spec in arm.seats} == {
        "random",
        "level:medium",
        "level:easy",  # Islandet's Medium searches on a clock: its Easy, a plan, stands in
    }
    assert "gunst level:medium[level:hard]" in [arm.label for arm in study.arms]
    assert "islandet level:easy[level:hard]" in [arm.label for arm in study.arms]
    gauntlet = builtin("gauntlet", "gunst", games=1).with_fast_agents()
    labels = [arm.label for arm in gauntlet.arms]
    assert "script:hoarder vs level:medium[level:master]" in labels
    assert len(set(labels)) == len(labels)
    changed = study.with_options("coerceo", {"max_moves": "30"})
    assert all(arm.options == {"max_moves": "30"} for arm in changed.arms if arm.game == "coerceo")
    with pytest.raises(StudyError, match="must be"):
        study.with_options("coerceo", {"max_moves": "0"})
    with pytest.raises(StudyError, match="plays no 'chess'"):
        study.with_options("chess", {})
