"""``spelbord bench server`` end to end: a real uvicorn process and WebSocket clients."""

from __future__ import annotations

from spelbord.server import bench


def test_bench_plays_bounded_games_against_a_real_server() -> None:
    result = bench.run(games=3, moves_per_game=6, think=(0.0, 0.01), timeout=60, quiet=True)
    assert result.errors == 0
    assert result.moves == 3 * 6
    assert 0 < result.p50 <= result.p99 <= result.worst
    assert "moves/s" in result.report()
