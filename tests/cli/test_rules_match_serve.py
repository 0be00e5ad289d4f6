"""`spelbord rules`, `spelbord match` and `spelbord serve`."""

from __future__ import annotations

import re
import sys
import types
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from spelbord import games
from spelbord.cli import rules

Run = Callable[..., tuple[int, str, str]]


def test_rules_prints_the_reference_shipped_in_the_games_package(
    run_cli: Run, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Found through the registry in the package (as in an installed wheel), wherever the
    command runs."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SPELBORD_RULES_DIR", raising=False)
    folder = resources.files(games.packages()["coerceo"]) / "rules"
    code, out, _ = run_cli("rules", "coerceo")
    assert code == 0
    assert out == (folder / "reference.en.md").read_text(encoding="utf-8").rstrip("\n") + "\n"
    code, out, _ = run_cli("rules", "coerceo", "--path")
    assert code == 0
    assert out.strip() == str(folder / "reference.en.md")


@pytest.mark.usefixtures("tiny_games")
def test_rules_directory_from_the_environment(
    run_cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pennies").mkdir()
    (tmp_path / "pennies" / "reference.en.md").write_text("# Pennies\n", encoding="utf-8")
    monkeypatch.setenv("SPELBORD_RULES_DIR", str(tmp_path))
    assert run_cli("rules", "pennies") == (0, "# Pennies\n", "")


@pytest.mark.usefixtures("tiny_games")
def test_rules_missing_for_a_known_game(
    run_cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SPELBORD_RULES_DIR", raising=False)
    code, out, err = run_cli("rules", "pennies")
    assert code == 1
    assert out == ""
    assert "no rules text for pennies: expected rules/reference.en.md in its package" in err


@pytest.mark.parametrize("name", ["chess", "../README", "coerceo.md"])
def test_rules_of_no_game(run_cli: Run, name: str) -> None:
    code, _, err = run_cli("rules", name)
    assert code == 2
    assert repr(name) in err


def test_rules_of_every_game(run_cli: Run) -> None:
    """Every installed game's numbered rules print through the command."""
    for game in games.packages():
        path = rules.reference_path(rules.documents(game), "en")
        code, out, _ = run_cli("rules", game)
        assert code == 0
        assert out == path.read_text(encoding="utf-8").rstrip("\n") + "\n"
        assert re.search(r"\*\*R1\b", out)


def test_match_two_random_agents(run_cli: Run) -> None:
    argv = ("match", "coerceo", "random", "random", "--opt", "variant=ocius")
    code, out, err = run_cli(*argv, "--games", "4", "--seed", "3", "--no-progress")
    assert code == 0, err
    assert out.startswith("coerceo (variant=ocius")
    assert "4 games, seed 3" in out
    rows = re.findall(r"W\s+(\d+)\s+D\s+(\d+)\s+L\s+(\d+)\s+win rate .+95% CI \[", out)
    assert len(rows) == 2
    assert all(sum(map(int, row)) == 4 for row in rows)
    assert (int(rows[0][0]), int(rows[0][2])) == (int(rows[1][2]), int(rows[1][0]))
    again = run_cli(*argv, "--games", "4", "--seed", "3", "--no-progress")[1]
    assert again.splitlines()[1:] == out.splitlines()[1:]  # the first line has the time


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("random",), "coerceo has 2 seats: give 2 agent specs, got 1"),
        (("random", "random", "--games", "0"), "--games must be at least 1"),
        (("random", "random", "--processes", "0"), "--processes must be at least 1"),
        (("random", "wizard"), "unknown agent 'wizard'"),
    ],
)
def test_match_usage_errors(run_cli: Run, argv: tuple[str, ...], message: str) -> None:
    code, _, err = run_cli("match", "coerceo", *argv)
    assert code == 2
    assert message in err


def test_serve_delegates(run_cli: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, ...]] = []
    fake = types.ModuleType("spelbord.server.main")
    fake.serve = lambda *args: calls.append(args)  # type: ignore[attr-defined]
    fake.StartError = type("StartError", (RuntimeError,), {})  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "spelbord.server.main", fake)
    assert run_cli("serve")[0] == 0
    argv = ("serve", "--host", "0.0.0.0", "--port", "8123", "--database-url", "sqlite:///x.db")
    assert run_cli(*argv)[0] == 0
    assert run_cli("serve", "--workers", "0")[0] == 0
    assert calls == [
        ("127.0.0.1", 8000, None, None),
        ("0.0.0.0", 8123, "sqlite:///x.db", None),
        ("127.0.0.1", 8000, None, 0),
    ]


def test_serve_names_what_cannot_be_reached_and_exits_1(
    run_cli: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = types.ModuleType("spelbord.server.main")
    error = type("StartError", (RuntimeError,), {})

    def serve(*args: Any) -> None:
        raise error("Redis at redis://***@db:6379/0 cannot be reached: refused")

    fake.serve = serve  # type: ignore[attr-defined]
    fake.StartError = error  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "spelbord.server.main", fake)
    code, _, err = run_cli("serve")
    assert code == 1 and "Redis at" in err and "cannot be reached" in err


def test_serve_rejects_a_bad_port(run_cli: Run) -> None:
    code, _, err = run_cli("serve", "--port", "70000")
    assert code == 2
    assert "--port must be 0-65535" in err


def write_guides(folder: Path) -> None:
    """A reference, an English and a Swedish guide for ``pennies`` with two diagrams, in
    ``folder/pennies/`` (the shape of a package's ``rules/``)."""
    folder = folder / "pennies"
    folder.mkdir(parents=True)
    (folder / "reference.en.md").write_text("# Pennies\n\n**R1. Coins.** Both at once.\n")
    diagram = '<div class="rules-diagram" data-example="{}" aria-label="x"></div>\n'
    (folder / "guide.en.md").write_text(
        "# Pennies\n\nTwo coins.\n\n## Components\n\n"
        + diagram.format("start")
        + "\n## A turn\n\n"
        + diagram.format("round")
    )
    (folder / "guide.sv.md").write_text(
        "# Slantar\n\nTvå mynt.\n\n## Innehåll\n\n"
        + diagram.format("start")
        + "\n## Ett drag\n\n"
        + diagram.format("round")
    )
    (folder / "examples.toml").write_text(
        "[round]\nmoves = '''\nheads | tails  # the first round\n'''\n"
    )


@pytest.mark.usefixtures("tiny_games")
def test_rules_in_a_language_the_guide_then_the_reference(
    run_cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_guides(tmp_path)
    monkeypatch.setenv("SPELBORD_RULES_DIR", str(tmp_path))
    code, out, err = run_cli("rules", "pennies", "--lang", "sv")
    assert code == 0 and err == ""
    guide, reference = out.split("\n---\n")
    assert guide.startswith("# Slantar\n") and "## Ett drag" in guide
    assert guide.count("```\n") == 4  # both diagrams drawn as text
    assert "rounds: [[0, 1]]" in guide.split("## Ett drag")[1]  # after heads | tails
    assert "De numrerade reglerna nedan är referensen" in reference
    assert reference.rstrip().endswith("**R1. Coins.** Both at once.")
    # a language the game has no guide in: the English guide, and a note on stderr
    code, out, err = run_cli("rules", "pennies", "--lang", "da")
    assert code == 0 and out.startswith("# Pennies\n\nTwo coins.")
    assert "no Dansk guide for pennies: the English one" in err
    assert "The numbered rules: the reference" in out
    # without --lang: the numbered rules only, as before
    assert run_cli("rules", "pennies")[1] == "# Pennies\n\n**R1. Coins.** Both at once.\n"


@pytest.mark.usefixtures("tiny_games")
def test_rules_in_a_language_refuses_a_broken_example(
    run_cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_guides(tmp_path)
    (tmp_path / "pennies" / "examples.toml").write_text("[round]\nmoves = 'heads'\n")
    monkeypatch.setenv("SPELBORD_RULES_DIR", str(tmp_path))
    code, out, err = run_cli("rules", "pennies", "--lang", "en")
    assert code == 1 and out == ""
    assert "example 'round', step 1 (heads): 2 moves wanted, one per seat" in err


def test_rules_in_an_unknown_language(run_cli: Run) -> None:
    code, _, err = run_cli("rules", "coerceo", "--lang", "fr")
    assert code == 2 and "invalid choice: 'fr'" in err


def test_rules_of_every_game_in_its_rulebook_language(run_cli: Run) -> None:
    for game, language, word in [
        ("omringad", "sv", "## En rond"),
        ("coerceo", "sv", "## Ett drag"),
        ("gunst", "da", "## Runden"),
        ("islandet", "nb", "## En tur"),
    ]:
        code, out, err = run_cli("rules", game, "--lang", language)
        assert code == 0 and err == "" and word in out
        assert "<div" not in out and "```\n" in out  # diagrams drawn as text
        assert re.search(r"\*\*R1\b", out.split("\n---\n")[1])


def test_match_record_adds_a_row_to_the_games_records(
    run_cli: Run, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Recording a match writes data (the game's records file), never Python."""
    from spelbord.ai import ladder

    monkeypatch.setattr(ladder, "_folder", lambda: tmp_path)
    argv = ("match", "coerceo", "random", "random", "--opt", "variant=ocius", "--games", "2")
    code, out, err = run_cli(*argv, "--seed", "5", "--no-progress", "--record", "a smoke test")
    assert code == 0, err
    assert f"recorded in {tmp_path / 'coerceo.json'}" in out
    [row] = ladder.records("coerceo", tmp_path).measured
    assert (row.spec, row.opponent, row.games, row.note) == ("random", "random", 2, "a smoke test")
    assert row.command == (
        "spelbord match coerceo random random --opt variant=ocius --games 2 --seed 5"
    )
    assert row.date and 0 <= row.score <= 2
    assert "random vs random" in ladder.report("coerceo").splitlines()[-1]
    code, _, err = run_cli(*argv, "--record", " ")
    assert code == 2 and "--record takes a note" in err


def test_a_recorded_match_of_two_levels_is_a_pairing_that_rates_them(
    run_cli: Run, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from spelbord.ai import ladder

    monkeypatch.setattr(ladder, "_folder", lambda: tmp_path)
    argv = ("match", "gunst", "level:medium", "level:easy", "--games", "4", "--seed", "3")
    code, _, err = run_cli(*argv, "--no-progress", "--record", "two scripts")
    assert code == 0, err
    found = ladder.records("gunst", tmp_path)
    [pairing] = found.pairings
    assert found.measured == ()
    assert (pairing.a, pairing.b, pairing.games, pairing.note) == (
        "medium",
        "easy",
        4,
        "two scripts",
    )
    assert pairing.specs == ("script:banisher", "script:hoarder")
    assert pairing.command == "spelbord match gunst level:medium level:easy --games 4 --seed 3"
    assert pairing.minutes is not None and pairing.minutes >= 0
    assert set(ladder.ratings("gunst")) == {"easy", "medium"}  # the lobby rates them now
    assert "medium vs easy: +" in ladder.report("gunst")
    # The same level twice, or a variant of the game, rates nothing: a measured match.
    code, _, err = run_cli(
        *argv[:2], "level:easy", "level:easy", "--games", "2", "--no-progress", "--record", "mirror"
    )
    assert code == 0, err
    assert len(ladder.records("gunst", tmp_path).pairings) == 1
    assert ladder.records("gunst", tmp_path).measured[0].spec == "level:easy"
