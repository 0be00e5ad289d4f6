"""`spelbord perft` and `spelbord bench`."""

from __future__ import annotations

import re
import sys
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from spelbord import games
from spelbord.cli import bench

Run = Callable[..., tuple[int, str, str]]


def _counts(out: str) -> dict[int, int]:
    rows = re.findall(r"^\s+(\d+)\s+([\d,]+)\s+[\d.]+\s+\S+$", out, re.MULTILINE)
    return {int(depth): int(nodes.replace(",", "")) for depth, nodes in rows}


@pytest.mark.usefixtures("tiny_games")
def test_perft_counts_chance_outcomes_depth_by_depth(run_cli: Run) -> None:
    code, out, _ = run_cli("perft", "pile", "--depth", "3")
    assert code == 0
    assert out.startswith("perft pile(max_take=2)")
    # Depth 1: the two pile sizes; depth 2: take 1 or 2 from each; depth 3: each again.
    assert _counts(out) == {1: 2, 2: 4, 3: 8}
    assert re.search(r"^total\s+14\s", out, re.MULTILINE)


@pytest.mark.usefixtures("tiny_games")
def test_perft_counts_joint_actions(run_cli: Run) -> None:
    code, out, _ = run_cli("perft", "pennies", "--depth", "3")
    assert code == 0
    assert _counts(out) == {1: 4, 2: 16, 3: 16}  # the game ends after two rounds


def test_perft_coerceo_matches_the_published_counts(run_cli: Run) -> None:
    """RULES-NOTES: 48 moves at depth 1 and 2,304 at depth 2 from the Laurentius start."""
    code, out, _ = run_cli("perft", "coerceo", "--depth", "2")
    assert code == 0
    assert _counts(out) == {1: 48, 2: 2304}


def test_perft_names_the_engine_and_counts_alike_with_each(run_cli: Run) -> None:
    """The default is the game's first engine (Coerceo: the compiled core where it is
    built); --engine picks another, and every one gives the same counts."""
    engines = games.load("coerceo").new_initial_state().perft_engines()
    code, out, _ = run_cli("perft", "coerceo", "--variant", "ocius", "--depth", "3")
    assert code == 0
    assert out.splitlines()[0].endswith(f", engine {engines[0]}")
    for engine in engines:
        code, out, _ = run_cli(
            "perft", "coerceo", "--variant", "ocius", "--depth", "3", "--engine", engine
        )
        assert code == 0 and out.splitlines()[0].endswith(f", engine {engine}")
        assert _counts(out) == {1: 26, 2: 676, 3: 17234}


@pytest.mark.usefixtures("tiny_games")
def test_perft_of_a_game_without_engines_of_its_own(run_cli: Run) -> None:
    code, out, _ = run_cli("perft", "pile", "--depth", "2", "--engine", "api")
    assert code == 0 and out.splitlines()[0] == "perft pile(max_take=2), engine api"
    code, _, err = run_cli("perft", "pile", "--depth", "2", "--engine", "compiled")
    assert code == 2
    assert "pile has no perft engine 'compiled' here (it has: api)" in err


def test_perft_variant_shorthand(run_cli: Run) -> None:
    code, out, _ = run_cli("perft", "coerceo", "--variant", "ocius", "--depth", "1")
    assert code == 0
    assert "variant=ocius" in out
    ocius = games.load("coerceo", variant="ocius").new_initial_state()
    assert _counts(out) == {1: len(ocius.legal_actions())}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--depth", "0"), "--depth must be 1..64"),
        (("--depth", "65"), "--depth must be 1..64"),
        (("--depth", "2", "--engine", "rust"), "coerceo has no perft engine 'rust' here"),
        (("--variant", "blitz", "--depth", "1"), "must be one of laurentius, ocius"),
        (
            ("--variant", "ocius", "--opt", "variant=laurentius", "--depth", "1"),
            "--variant and --opt variant=... disagree",
        ),
    ],
)
def test_perft_usage_errors(run_cli: Run, argv: tuple[str, ...], message: str) -> None:
    code, _, err = run_cli("perft", "coerceo", *argv)
    assert code == 2
    assert message in err


@pytest.mark.usefixtures("tiny_games")
def test_bench_a_game_without_perft_of_its_own(run_cli: Run) -> None:
    code, out, _ = run_cli("bench", "pile", "--seconds", "0.05")
    assert code == 0
    found = re.search(r"random playouts: ([\d,]+) games, ([\d,]+) states", out)
    assert found
    played, states = (int(g.replace(",", "")) for g in found.groups())
    # A pile game is a chance draw and 2-5 takes: 3 to 6 states.
    assert played >= 1 and 3 * played <= states <= 6 * played
    assert "perft: the game has no perft of its own (skipped)" in out


def test_bench_coerceo_reports_perft(run_cli: Run) -> None:
    code, out, _ = run_cli("bench", "coerceo", "--variant", "ocius", "--seconds", "0.2")
    assert code == 0
    assert re.search(r"random playouts: [\d,]+ games, [\d,]+ states in [\d.]+ s", out)
    found = re.search(r"perft: depth (\d+), ([\d,]+) nodes", out)
    assert found
    depth, nodes = int(found.group(1)), int(found.group(2).replace(",", ""))
    assert nodes == games.load("coerceo", variant="ocius").new_initial_state().perft(depth)


@pytest.mark.usefixtures("tiny_games")
def test_timed_perft_stops_when_the_tree_stops_growing() -> None:
    rate = bench.timed_perft(games.load("pennies"), seconds=60.0)
    assert (rate.depth, rate.nodes) == (3, 16)


@pytest.mark.parametrize("flag", ["--games", "--moves", "--server-game"])
def test_server_flags_do_not_apply_to_a_game(run_cli: Run, flag: str) -> None:
    code, _, err = run_cli("bench", "coerceo", flag, "1")
    assert code == 2
    assert f"{flag} applies to `spelbord bench server` only" in err


def test_bench_rejects_a_non_positive_budget(run_cli: Run) -> None:
    code, _, err = run_cli("bench", "coerceo", "--seconds", "0")
    assert code == 2
    assert "--seconds must be positive" in err


@dataclass(frozen=True)
class FakeBenchResult:
    errors: int


def _fake_server_bench(monkeypatch: pytest.MonkeyPatch, errors: int) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []
    fake = types.ModuleType("spelbord.server.bench")

    def run(**kwargs: Any) -> FakeBenchResult:
        calls.append(kwargs)
        print("server: measured")
        return FakeBenchResult(errors)

    fake.run = run  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "spelbord.server.bench", fake)
    return calls


def test_bench_server_delegates(run_cli: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _fake_server_bench(monkeypatch, errors=0)
    code, out, _ = run_cli("bench", "server")
    assert code == 0
    assert "server: measured" in out
    argv = ("--games", "5", "--moves", "7", "--seconds", "9", "--server-game", "coerceo")
    assert run_cli("bench", "server", *argv, "--seed", "3")[0] == 0
    assert calls == [
        {"games": 200, "moves_per_game": 40, "game": None, "seed": 0, "seconds": None},
        {"games": 5, "moves_per_game": 7, "game": "coerceo", "seed": 3, "seconds": 9.0},
    ]


def test_bench_server_fails_on_errors(run_cli: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_server_bench(monkeypatch, errors=2)
    code, _, err = run_cli("bench", "server", "--games", "1")
    assert code == 1
    assert "the server benchmark saw 2 errors" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--games", "0"), "--games and --moves must be at least 1"),
        (("--server-game", "chess"), "no game named 'chess'"),
        (("--variant", "ocius"), "the server benchmark plays default options"),
    ],
)
def test_bench_server_usage_errors(run_cli: Run, argv: tuple[str, ...], message: str) -> None:
    code, _, err = run_cli("bench", "server", *argv)
    assert code == 2
    assert message in err


def test_bench_server_missing_is_a_clear_error(
    run_cli: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "spelbord.server.bench", None)
    code, _, err = run_cli("bench", "server")
    assert code == 1
    assert "needs spelbord.server.bench, which is not in this installation" in err


def test_a_missing_third_party_package_is_a_clear_error(
    run_cli: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(sys.modules, "spelbord.server.bench", raising=False)
    monkeypatch.setitem(sys.modules, "httpx", None)
    code, _, err = run_cli("bench", "server")
    assert code == 1
    assert "needs the Python package 'httpx': install spelbord[server]" in err


def test_bench_interop_compares_each_adapter_with_the_native_loop(run_cli: Run) -> None:
    pytest.importorskip("pyspiel", reason="the openspiel extra (a base install has none)")
    pytest.importorskip("pettingzoo", reason="the pettingzoo extra (a base install has none)")
    code, out, _ = run_cli("bench", "gunst", "--interop", "--seconds", "0.3")
    assert code == 0
    for api in ("native", "native+obs", "openspiel", "openspiel+tensor", "pettingzoo"):
        assert re.search(rf"^{re.escape(api)}\s+[\d,]+ games\s+[\d,]+ steps\s+[\d,]+/s", out, re.M)
    for adapter, native in bench.INTEROP_PAIRS:
        assert re.search(rf"cost of {re.escape(adapter)} over {re.escape(native)}: [\d.]+x", out)


def test_bench_interop_without_the_extras_is_a_clear_error(
    run_cli: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    for module in ("spelbord.interop.openspiel", "spelbord.interop.bench"):
        monkeypatch.delitem(sys.modules, module, raising=False)
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    code, _, err = run_cli("bench", "gunst", "--interop")
    assert code == 1
    assert "needs the Python package 'pyspiel'" in err and "[openspiel,pettingzoo]" in err


def test_bench_server_views_measures_each_game(
    run_cli: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[str, int]] = []
    fake = types.ModuleType("spelbord.server.bench")

    def measure_views(game: str, plies: int, seed: int = 0) -> None:
        calls.append((game, plies))

    fake.measure_views = measure_views  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "spelbord.server.bench", fake)
    assert run_cli("bench", "server", "--views", "--server-game", "gunst", "--moves", "50")[0] == 0
    assert calls == [("gunst", 50)]
    assert run_cli("bench", "server", "--views")[0] == 0
    assert {g for g, _ in calls[1:]} >= set(games.packages())
    code, _, err = run_cli("bench", "coerceo", "--views")
    assert code == 2 and "--views applies to `spelbord bench server` only" in err
