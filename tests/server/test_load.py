"""Load test: concurrent games of every game over WebSockets against a real server process.

``spelbord bench server`` (``bench.run``) starts a uvicorn process on loopback, creates the
tables over HTTP and plays random moves from one WebSocket client per seat; here at a size
a CI machine runs in seconds (the 200-game figure comes from ``spelbord bench server``).
Bounded in games, moves and time.
"""

from __future__ import annotations

import pytest

from spelbord import games
from spelbord.server import bench

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("game", [g for g in games.names() if not g.startswith("toy-")])
def test_concurrent_games_over_websockets_without_errors(game: str) -> None:
    result = bench.run(
        games=20, moves_per_game=6, game=game, think=(0.02, 0.1), timeout=90, quiet=True
    )
    assert result.errors == 0, result.report()
    assert result.moves >= 20 * 5, result.report()
    assert 0 < result.p50 <= result.p99 <= result.worst
