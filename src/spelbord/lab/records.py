"""A study's records on disk: one row per game, in Parquet, safe against a kill.

Every finished game is appended at once to ``records/journal.jsonl`` (flushed and synced),
and the journal is moved into a new Parquet part (``records/part-00001.parquet`` ...,
written under a temporary name and renamed) every 30 seconds and at the end, when the
parts are merged into one. A kill
loses at most a half-written journal line, never a finished game; reading dedupes rows
by ``(arm, game_index)``, so a kill between writing a part and emptying the journal
costs nothing either.

Query the parts with any Parquet reader, e.g. DuckDB:
``SELECT arm, avg(length) FROM read_parquet('OUT/STUDY/records/*.parquet',
union_by_name=true) GROUP BY arm``.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

JOURNAL = "journal.jsonl"
FACT_PREFIX = "fact_"
"""Facts of a game (``State.game_facts``) are columns ``fact_<name>``."""
COLUMNS = (
    "study",
    "arm",
    "game_index",
    "game",
    "options",
    "rules_version",
    "seed",
    "agents",
    "result",
    "winners",
    "returns",
    "length",
    "termination",
    "seconds",
)
"""The fixed columns of a row, before the facts (and ``moves`` when recorded)."""


class RecordWriter:
    """Appends rows to a study's ``records`` folder (see the module)."""

    def __init__(self, folder: Path, flush_seconds: float = 30.0, flush_rows: int = 500) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.flush_seconds = flush_seconds
        self.flush_rows = flush_rows
        # rows a killed run left in the journal go into a part first; the journal restarts
        # empty, so a line cut short by the kill cannot run into the next row
        self._pending = _journal_rows(folder / JOURNAL)
        self._journal = open(folder / JOURNAL, "a", encoding="utf-8")  # noqa: SIM115
        self._last = time.monotonic()
        self.flush()
        self._journal.close()
        self._journal = open(folder / JOURNAL, "w", encoding="utf-8")  # noqa: SIM115

    def add(self, row: dict[str, Any]) -> None:
        """Record one finished game (durable when this returns)."""
        self._journal.write(json.dumps(row, separators=(",", ":")) + "\n")
        self._journal.flush()
        os.fsync(self._journal.fileno())
        self._pending.append(row)
        if len(self._pending) >= self.flush_rows or (
            time.monotonic() - self._last >= self.flush_seconds
        ):
            self.flush()

    def flush(self) -> None:
        """Move the journal into a new Parquet part."""
        self._last = time.monotonic()
        if not self._pending:
            return
        number = 1 + max(
            (int(p.stem.split("-")[1]) for p in self.folder.glob("part-*.parquet")), default=0
        )
        write_parquet(self._pending, self.folder / f"part-{number:05d}.parquet")
        self._journal.close()
        self._journal = open(self.folder / JOURNAL, "w", encoding="utf-8")  # noqa: SIM115
        self._pending = []

    def close(self) -> None:
        """Flush, then merge the parts into one (a kill meanwhile leaves duplicates, which
        ``read_records`` drops)."""
        self.flush()
        self._journal.close()
        parts = sorted(self.folder.glob("part-*.parquet"))
        if len(parts) > 1:
            rows = read_records(self.folder)
            number = int(parts[-1].stem.split("-")[1]) + 1
            write_parquet(rows, self.folder / f"part-{number:05d}.parquet")
            for part in parts:
                part.unlink()


def write_parquet(rows: list[dict[str, Any]], path: Path) -> None:
    """``rows`` as one Parquet file (columns: the union of the rows' keys), atomically."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    keys = list(dict.fromkeys(key for row in rows for key in row))
    table = pa.Table.from_pylist([{key: row.get(key) for key in keys} for row in rows])
    temporary = path.with_suffix(".parquet.tmp")
    pq.write_table(table, temporary)
    os.replace(temporary, path)


def read_records(folder: Path) -> list[dict[str, Any]]:
    """Every recorded game in ``folder`` (parts and journal), once each, in study order."""
    import pyarrow.parquet as pq

    rows: dict[tuple[str, int], dict[str, Any]] = {}
    if not folder.is_dir():
        return []
    for part in sorted(folder.glob("part-*.parquet")):
        for row in pq.read_table(part).to_pylist():
            rows[row["arm"], row["game_index"]] = row
    for row in _journal_rows(folder / JOURNAL):
        rows[row["arm"], row["game_index"]] = row
    return [rows[key] for key in sorted(rows, key=lambda k: (k[0], k[1]))]


def _journal_rows(path: Path) -> list[dict[str, Any]]:
    """The complete lines of a journal (a line cut short by a kill is skipped)."""
    if not path.exists():
        return []
    rows = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if not line.endswith("\n"):
                break
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError:
                break
    return rows


def row_record(row: dict[str, Any]) -> dict[str, Any] | None:
    """The game of a study's row as a ``spelbord-record/1`` file (what a table exports and
    ``POST /api/import`` reads), checked by replaying it; ``None`` without its moves.

    A game the lab stopped before its end (a hole: ``result`` ``none``) is written as
    resigned by the seat to move (seat 0 at a chance or simultaneous node), the only way
    an unfinished game imports; its moves replay up to the position of the hole.
    """
    from spelbord import games
    from spelbord.core.record import game_record

    if not row.get("moves"):
        return None
    options = json.loads(row["options"]) if isinstance(row["options"], str) else row["options"]
    game = games.load(row["game"], rules_version=row.get("rules_version"), **options)
    moves = json.loads(row["moves"])
    state = game.replay([m if isinstance(m, int) else tuple(m) for m in moves])
    outcome = state.outcome()
    if outcome is not None:
        return game_record(game, state.history(), seed=row.get("seed"), outcome=outcome)
    player = state.current_player()
    return game_record(game, state.history(), seed=row.get("seed"), resigned=max(player, 0))
