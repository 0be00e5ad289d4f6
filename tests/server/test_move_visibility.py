"""Move lists follow each game's ``action_visible_to`` (the server names no game)."""

from __future__ import annotations

import random

from spelbord import games
from spelbord.core import random_step
from spelbord.server.tables.views import records_of, visible_moves


def _played(name: str, steps: int, seed: int = 1) -> list:
    game = games.load(name)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, rng)
    return state.history()


def test_gunst_moves_are_public_once_applied() -> None:
    history = _played("gunst", 12)
    _, records = records_of(games.load("gunst"), history)
    for viewer in (None, 0, 1):
        shown = visible_moves(records, viewer, reveal=False)
        assert shown and not any(m["text"].endswith("hidden move") for m in shown)


def test_coerceo_moves_are_public_to_everyone() -> None:
    history = _played("coerceo", 6)
    _, records = records_of(games.load("coerceo"), history)
    texts = [m["text"] for m in visible_moves(records, None, reveal=False)]
    assert len(texts) == 6 and all(":" in t for t in texts)
