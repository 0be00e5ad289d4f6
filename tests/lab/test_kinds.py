"""Study kinds built from data: defaults, sizes, a game's own studies, and mistakes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from spelbord.core.extras import Extras
from spelbord.lab import kinds
from spelbord.lab.gamedata import (
    ActionMatch,
    LabData,
    LabDataError,
    _cached,
    declared,
    lab_data,
    parse_lab_data,
    study_files,
)
from spelbord.lab.sizes import Size, games_for_difference, games_for_share, half_width_of_share
from spelbord.lab.study import StudyError
from spelbord.lab.studyfile import parse_study


def test_sizes_settle_five_points() -> None:
    assert games_for_share() == 385 and games_for_difference() == 769
    assert half_width_of_share(385) <= 0.05 < half_width_of_share(384)
    assert games_for_share(0.03) == 1068
    assert Size.difference().games == 769
    with pytest.raises(ValueError):
        games_for_share(0)


def test_every_kind_on_the_test_game(race: str) -> None:
    skill = kinds.build("skill", race, {"base": "4it", "steps": 4, "against": "next"})
    assert [a.seats for a in skill.arms] == [
        ("mcts:8it", "mcts:4it"),
        ("mcts:16it", "mcts:8it"),
        ("mcts:32it", "mcts:16it"),
    ]
    assert skill.games == 385 and skill.kind == "skill"
    robin = kinds.build("skill", race, {"base": "4it", "steps": 3, "against": "round-robin"})
    assert len(robin.arms) == 3
    four = kinds.build("skill", race, {"options": {"players": 4}, "base": "4it", "steps": 2})
    assert four.arms[0].seats == ("mcts:8it", "mcts:4it", "mcts:4it", "mcts:4it")

    variants = kinds.build("variants", race, {})
    assert [a.label for a in variants.arms] == ["short", "long"]
    assert {a.pairing for a in variants.arms} == {"variants"} and variants.games == 769
    assert variants.arms[1].options == {"length": 8}
    inline = kinds.build(
        "variants",
        race,
        {"variants": ["long", {"name": "v1", "rules_version": 1}], "baseline": "v1"},
    )
    assert [a.label for a in inline.arms] == ["v1", "long"] and inline.arms[0].rules_version == 1

    choices = kinds.build("choices", race, {"agent": "random"})
    assert [a.seats for a in choices.arms] == [
        ("without:big:random", "random"),
        ("without:retreat:random", "random"),
    ]
    dominance = kinds.build("dominance", race, {"agents": ["random", "mcts:2it", "mcts:8it"]})
    assert len(dominance.arms) == 3 and dominance.params["agents"][0] == "random"
    balance = kinds.build("balance", race, {"agents": ["random"]})
    assert balance.arms[0].seats == ("random", "random") and not balance.arms[0].rotate


def test_a_game_declares_its_studies(race: str) -> None:
    own = kinds.game_study("variants", race)
    assert own is not None and own.name == f"variants-{race}" and own.games == 30
    named = kinds.game_study("race-skill", race, games=3)
    assert named is not None and named.kind == "skill" and named.games == 3
    assert next(a.label for a in named.arms) == "mcts:4it vs mcts:2it"
    generic = kinds.game_study("balance", race)
    assert generic is not None and generic.name == f"balance-{race}"
    assert kinds.game_study("nonesuch", race) is None
    assert (f"race-skill {race}", "tiny skill trace") in kinds.listing()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('kind = "skill"\nbase = "fast"', ":4: base: a base budget is like 50it"),
        ('kind = "skill"\nagent = "mcts:1s"', ":4: agent: an agent spec with {budget}"),
        ('kind = "skill"\nsteps = 1', ":4: steps: a skill trace has 2 to 12 steps"),
        ('kind = "skill"\nagainst = "all"', ":4: against: one of base, next, round-robin"),
        ('kind = "choices"\nchoices = ["fly"]', ":4: choices: no choice 'fly' (choices: big"),
        ('kind = "variants"\nvariants = ["huge"]', ":4: variants: no variant 'huge'"),
        ('kind = "variants"\nbaseline = "x"', ":4: baseline: 'x' is none of the variants"),
        ('kind = "dominance"\nagents = ["random"]', ":4: agents: a dominance graph needs"),
        ('kind = "balance"\nseats = ["random"]', ":4: seats: unknown field for a balance"),
        ('kind = "ranking"', ":2: kind: one of balance, skill"),
    ],
)
def test_study_file_mistakes_name_line_and_field(race: str, text: str, message: str) -> None:
    lines = text.split("\n")
    source = "\n".join(['name = "k"', lines[0], f'game = "{race}"', *lines[1:]])
    with pytest.raises(StudyError) as caught:
        parse_study(source, "k.toml")
    assert f"k.toml{message}" in str(caught.value)


def test_a_study_file_of_a_kind(race: str) -> None:
    study = parse_study(
        f'name = "mine"\nkind = "choices"\ngame = "{race}"\nagent = "random"\n'
        'choices = ["big"]\ngames = 12\nseed = 4\n'
    )
    assert study.name == "mine" and study.games == 12 and study.seed == 4
    assert study.arms[0].seats == ("without:big:random", "random")


def test_restricted_specs_are_checked(race: str) -> None:
    with pytest.raises(StudyError, match="no choice 'fly'"):
        parse_study(f'name = "x"\ngame = "{race}"\nseats = ["without:fly:random", "random"]')
    with pytest.raises(StudyError, match="without:CHOICE:SPEC"):
        parse_study(f'name = "x"\ngame = "{race}"\nseats = ["without:big", "random"]')


def test_lab_data_parsing() -> None:
    data = parse_lab_data({})
    assert data == LabData() and data.is_cap("turn-limit") and data.is_cap("stall")
    assert not data.is_cap("seasons")
    match = ActionMatch.from_data({"kind": ["shoot", "blast"], "size": 2})
    assert match.matches({"kind": "blast", "size": 2})
    assert not match.matches({"kind": "blast", "size": 1}) and not match.matches({"kind": "blast"})
    assert not ActionMatch.from_data({"flag": 1}).matches({"flag": True})
    assert ActionMatch.parse(match.text()) == ActionMatch.parse("kind=shoot|blast;size=2")
    for bad, message in [
        ({"caps": "move-limit"}, "caps: a list of texts"),
        ({"choice": [{"name": "x"}]}, "choice[1]: needs a match"),
        ({"choice": [{"name": "x", "match": {}}]}, "a match is a table"),
        ({"variant": [{"name": "x", "rules_version": "2"}]}, "rules_version: a whole number"),
        ({"variant": [{"name": "x"}, {"name": "x"}]}, "names must differ"),
        ({"position_key": "nothing"}, "position_key: a path"),
        ({"colour": 1}, "colour: unknown key"),
    ]:
        with pytest.raises(LabDataError, match=re.escape(message)):
            parse_lab_data(bad, "g")


def _race_lab_data() -> dict[str, object]:
    return {"caps": ["b"], "lead": "margin"}


def test_declared_forms(race: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``studies`` extra names a mapping (or a function returning one) or a package of
    data files, whose ``lab.toml`` is the lab data and whose other files are studies."""
    from spelbord.core import registry

    from .racegame import Race

    class Plain:
        pass

    class ByPath:
        extras = Extras(studies="spelbord.lab.gamedata:DEFAULT_CAPS")

    assert declared(Plain) is None
    assert declared(ByPath) == "spelbord.lab.gamedata:DEFAULT_CAPS"
    assert lab_data(race).choice("big").description == "two squares at once"
    assert lab_data(race).key_function() is not None
    assert study_files(race) == []  # a mapping: lab data, no study files

    class ByFunction(Race):
        extras = Extras(studies=f"{__name__}:_race_lab_data")

    monkeypatch.setitem(registry._GAMES, race, ByFunction)
    assert (lab_data(race).caps, lab_data(race).lead) == (("b",), "margin")

    package = tmp_path / "race_data"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "lab.toml").write_text('caps = ["a"]\n[[choice]]\nname = "big"\nmatch = "size=2"\n')
    (package / "race-long.toml").write_text('name = "race-long"\ngame = "lab-race"\n')
    monkeypatch.syspath_prepend(str(tmp_path))

    class ByPackage(Race):
        extras = Extras(studies="race_data")

    monkeypatch.setitem(registry._GAMES, race, ByPackage)
    assert lab_data(race).caps == ("a",) and lab_data(race).choice("big").match.text() == "size=2"
    assert study_files(race) == [
        ("race_data/race-long.toml", 'name = "race-long"\ngame = "lab-race"\n')
    ]
    (package / "lab.toml").unlink()
    _cached.cache_clear()
    assert lab_data(race) == LabData()  # a package without lab.toml: the defaults


def test_a_game_without_lab_data(race: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from spelbord.core import registry

    from .racegame import Race

    class Bare(Race):
        extras = Extras()

    monkeypatch.setitem(registry._GAMES, race, Bare)
    assert lab_data(race) == LabData()
    with pytest.raises(StudyError, match="declares no choices"):
        kinds.game_study("choices", race)
    with pytest.raises(StudyError, match="declares 0 variant"):
        kinds.game_study("variants", race)
    assert kinds.game_study("balance", race) is not None
