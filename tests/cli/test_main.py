"""The `spelbord` command itself: help, version, usage errors and exit codes."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from spelbord import __version__
from spelbord.cli import build_parser, main


def _pyproject() -> dict[str, Any]:
    root = Path(__file__).resolve().parents[2]
    return tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))


COMMANDS = ("games", "play", "rules", "perft", "bench", "match", "serve")


def test_help_lists_every_command_with_examples(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in COMMANDS:
        assert f"\n    {command} " in out
    assert "examples:" in out and "exit codes:" in out


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_with_examples(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: spelbord {command}")
    assert "examples:" in out


def test_version_agrees_with_pyproject(capsys: pytest.CaptureFixture[str]) -> None:
    """A release bumps both (CONTRIBUTING.md): pyproject.toml and spelbord.__version__."""
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"spelbord {__version__}"
    assert _pyproject()["project"]["version"] == __version__


def test_no_command_prints_help_and_fails(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "usage: spelbord" in capsys.readouterr().out


def test_unknown_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dance"]) == 2
    assert "invalid choice: 'dance'" in capsys.readouterr().err


def test_missing_argument_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "coerceo"]) == 2
    assert "--depth" in capsys.readouterr().err


def test_entry_point_matches_pyproject() -> None:
    """pyproject's `spelbord = "spelbord.cli:main"` must keep naming this function."""
    assert _pyproject()["project"]["scripts"]["spelbord"] == "spelbord.cli:main"
    assert build_parser().prog == "spelbord"


def test_a_closed_pipe_ends_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`spelbord rules gunst | head` must not print a traceback when head exits."""
    from spelbord.cli import rules

    def closed(args: object) -> int:
        raise BrokenPipeError

    monkeypatch.setattr(rules, "run", closed)  # add_parser reads it when main builds
    assert main(["rules", "coerceo"]) == 0
    assert capsys.readouterr().err == ""


def test_a_missing_module_inside_spelbord_is_a_bug_not_a_missing_part() -> None:
    from spelbord.cli.common import CliError, missing_part

    absent = ModuleNotFoundError("No module named 'spelbord.server'", name="spelbord.server")
    assert isinstance(missing_part(absent, "spelbord.server.bench", "x"), CliError)
    third_party = ModuleNotFoundError("No module named 'httpx'", name="httpx")
    assert "'httpx'" in str(missing_part(third_party, "spelbord.server.bench", "x"))
    inner = ModuleNotFoundError("No module named 'spelbord.core.nope'", name="spelbord.core.nope")
    with pytest.raises(ModuleNotFoundError):
        missing_part(inner, "spelbord.server.bench", "x")
