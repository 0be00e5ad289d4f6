"""``spelbord bench server`` end to end: a real uvicorn process and WebSocket clients."""

from __future__ import annotations

from spelbord.server import bench


def test_bench_plays_bounded_games_against_a_real_server() -> None:
    result = bench.run(games=3, moves_per_game=6, think=(0.0, 0.01), timeout=60, quiet=True)
    assert result.errors == 0
    assert result.moves == 3 * 6
    assert 0 < result.p50 <= result.p99 <= result.worst
    assert "moves/s" in result.report()


def test_bench_runs_even_when_the_calling_thread_has_an_event_loop() -> None:
    """A caller with a running loop (a notebook, a browser-driving test) still gets a run."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    async def inside_a_loop() -> bench.BenchResult:
        return bench.run(games=2, moves_per_game=3, think=(0.0, 0.01), timeout=60, quiet=True)

    # A fresh thread: this test process may already run a loop of its own (Playwright's).
    with ThreadPoolExecutor(max_workers=1) as pool:
        result = pool.submit(asyncio.run, inside_a_loop()).result()
    assert result.errors == 0 and result.moves == 2 * 3


def test_the_view_bench_measures_every_frame_after_the_first() -> None:
    stats = bench.measure_views("coerceo", plies=12, quiet=True)
    assert stats.plies == 12 and stats.frames == 12 * 3  # two seats and a spectator
    assert 0 < stats.bytes_median <= stats.bytes_max < stats.first_bytes
    assert 0 <= stats.ms_median <= stats.ms_p99 <= stats.ms_max
    assert "build CPU ms" in stats.report()
