"""`spelbord analyse coerceo` and the engine part of `spelbord bench coerceo`."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from spelbord.games.coerceo import CoerceoGame
from spelbord.games.coerceo.engine import cores

Run = Callable[..., tuple[int, str, str]]


def test_analyse_start_by_depth(run_cli: Run) -> None:
    code, out, _ = run_cli("analyse", "coerceo", "--depth", "3")
    assert code == 0
    assert out.startswith("white: a3:3")
    assert re.search(r"^\s+3\s+[+-]\d\.\d\d\s", out, re.MULTILINE)
    best = re.search(r"^best (\S+)\s+evaluation (\S+) for white \(to move\)\s+depth 3", out, re.M)
    assert best is not None
    assert best[1] in {
        CoerceoGame().new_initial_state().action_to_string(a)
        for a in CoerceoGame().new_initial_state().legal_actions()
    }


def test_analyse_position_text_finds_the_win(run_cli: Run) -> None:
    code, out, _ = run_cli(
        "analyse",
        "coerceo",
        "--fen",
        "white: c3:1 c4:3; black: c3:0; tiles: c3 c4",
        "--time",
        "50ms",
    )
    assert code == 0
    assert "best c4:3-c3:5  evaluation win in 1" in out


def test_analyse_rejects_an_unreachable_position(run_cli: Run) -> None:
    code, _, err = run_cli("analyse", "coerceo", "--fen", "white: c4:1; black: c3:0; tiles: c3")
    assert code == 1
    assert "missing tile c4" in err
    ring = "white: b3:1 c4:1 d2:1; black: b4:0 c2:0 d3:0; tiles: b3 b4 c2 c4 d2 d3"
    code, _, err = run_cli("analyse", "coerceo", "--fen", ring)
    assert code == 1
    assert "tile c3 is missing" in err and "could never have been removed" in err  # R8


def test_analyse_record_at_a_ply(run_cli: Run, tmp_path: Path) -> None:
    state = CoerceoGame().new_initial_state()
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])
    record = tmp_path / "game.json"
    record.write_text(state.to_json())
    code, out, _ = run_cli(
        "analyse", "coerceo", "--record", str(record), "--ply", "4", "--depth", "2"
    )
    assert code == 0
    assert "move: white" in out.splitlines()[0]
    moves = tmp_path / "moves.txt"
    moves.write_text("\n".join(state.action_to_string(a) for a in [state.history()[0]]))
    code, out, _ = run_cli("analyse", "coerceo", "--record", str(moves), "--depth", "1")
    assert code == 0 and "move: black" in out.splitlines()[0]
    code, _, err = run_cli("analyse", "coerceo", "--record", str(record), "--ply", "99")
    assert code == 2 and "--ply must be 0..6" in err
    json.loads(record.read_text())


def test_analyse_usage_errors(run_cli: Run) -> None:
    assert run_cli("analyse", "gunst")[0] == 2
    assert run_cli("analyse", "coerceo", "--ply", "3")[0] == 2
    assert run_cli("analyse", "coerceo", "--time", "100it")[0] == 2


def test_bench_reports_engine_depth_and_speed(run_cli: Run) -> None:
    code, out, _ = run_cli("bench", "coerceo", "--seconds", "0.05")
    assert code == 0
    rows = re.findall(
        r"^alpha-beta \((compiled|pure Python)\), (start|middle game), (\d+) ms: "
        r"depth (\d+), ([\d,]+) nodes",
        out,
        re.MULTILINE,
    )
    assert [(r[1], r[2]) for r in rows] == [
        ("start", "100"),
        ("start", "1000"),
        ("middle game", "100"),
        ("middle game", "1000"),
    ]
    assert all(int(r[3]) >= 1 for r in rows)
    assert "search level:hard (ab:300ms): counts no iterations" in out
    table = re.search(
        r"^endgame table \(4 tiles, 4 against 5, from an empty cache\): ([\d,]+) tables, "
        r"([\d,]+) positions in ([\d.]+) s",
        out,
        re.MULTILINE,
    )
    if cores.C_CORE is None:
        assert "endgame table: skipped" in out
    else:
        assert table is not None
        assert int(table[1].replace(",", "")) > 100
        assert int(table[2].replace(",", "")) > 784_080
