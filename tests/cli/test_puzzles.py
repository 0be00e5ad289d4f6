"""`spelbord puzzles mine coerceo`: a seeded puzzle set written as compact JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from spelbord.games.coerceo.study import puzzles

Run = Callable[..., tuple[int, str, str]]


def test_mine_writes_verified_puzzles(run_cli: Run, tmp_path: Path) -> None:
    out = tmp_path / "p.json"
    code, text, _ = run_cli(
        "puzzles",
        "mine",
        "coerceo",
        "--count",
        "2",
        "--seed",
        "3",
        "--deep",
        "0",
        "--out",
        str(out),
        "--no-progress",
    )
    assert code == 0
    assert "2 puzzles written" in text
    data = json.loads(out.read_text())
    assert data["game"] == "coerceo" and len(data["puzzles"]) == 2
    mined = [puzzles.Puzzle.from_dict(d) for d in data["puzzles"]]
    assert mined == puzzles.mine(2, seed=3)
    assert all(puzzles.verify(p) is None for p in mined)


def test_mine_refuses_other_games_and_bad_counts(run_cli: Run) -> None:
    code, _, err = run_cli("puzzles", "mine", "gunst")
    assert code == 2 and "coerceo" in err
    code, _, err = run_cli("puzzles", "mine", "coerceo", "--count", "0")
    assert code == 2 and "--count" in err
    code, _, err = run_cli("puzzles", "mine", "coerceo", "--count", "5", "--deep", "6")
    assert code == 2 and "--deep must be 0..5" in err


def test_the_cli_default_is_the_shipped_set() -> None:
    """The CLI mines through the game's puzzle book (the server's hook), whose defaults
    are the shipped set's."""
    from spelbord.core import registry
    from spelbord.core.study import PuzzleMiner

    book = registry.puzzle_book("coerceo")
    assert isinstance(book, PuzzleMiner)
    assert book.shipped_deep == puzzles.SHIPPED_DEEP and book.deep_seed == puzzles.DEEP_SEED
    assert book.shipped_file.name == puzzles.FILE
