"""Rule holes: the games of a study that did not end the way the rules promise.

Every study counts, per arm:

- games ending at a **safety bound** (a termination the game declares a cap, e.g. a move
  or turn limit, or a fact counting bound hits, e.g. a stalled battle: ``LabData.caps``,
  ``cap_facts``);
- **no legal action** where the rules expect one (a seat, or chance, with nothing to do);
- **errors**: the rules raising one, or an agent (which may be the rules' fault too);
- games running past the game's own **maximum length**;
- **repetition loops**: a position seen three times in one game (for games that declare
  a position key; others are "not checked").

Each such game is listed with its record as a ``spelbord-record/1`` file
(``holes/<arm>-<game>.json`` beside the report), which the table's replay viewer opens:
the report imports it (``POST /api/import``) and goes to ``/replay/<table>#<ply>``.

>>> slug("plans: a vs b", 7)
'plans-a-vs-b-7'
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spelbord.lab.gamedata import LabData, lab_data
from spelbord.lab.playout import AGENT_ERROR, LOOP_SEEN, MAX_LENGTH, NO_LEGAL, RULES_ERROR
from spelbord.lab.records import row_record
from spelbord.lab.stats import wilson_interval

MAX_LISTED = 25
"""Holes listed (with records) per arm and kind; the counts cover them all."""
KINDS = {
    "cap": "safety bound",
    NO_LEGAL: "no legal action",
    RULES_ERROR: "rules error",
    AGENT_ERROR: "agent error",
    MAX_LENGTH: "past the maximum length",
    "facts-error": "facts error",
    "loop": "repetition loop",
}


@dataclass(frozen=True)
class Hole:
    """One game worth a look: where (arm, game), what (kind, termination, note), and the
    ply its replay opens at."""

    arm: str
    index: int
    kind: str
    termination: str
    length: int
    ply: int
    note: str
    file: str
    record: dict[str, Any] | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "arm": self.arm,
            "game_index": self.index,
            "kind": self.kind,
            "termination": self.termination,
            "length": self.length,
            "ply": self.ply,
            "note": self.note,
            "record": self.file,
        }


@dataclass(frozen=True)
class ArmHoles:
    """One arm's counts: games, and games per kind (``loop``: ``None`` when unchecked)."""

    arm: str
    games: int
    counts: dict[str, int]
    caps: dict[str, int]
    loops_checked: bool

    def share(self, kind: str) -> tuple[float, float, float]:
        """The share of games of ``kind`` with its Wilson interval."""
        k = self.counts.get(kind, 0)
        low, high = wilson_interval(k, self.games) if self.games else (math.nan, math.nan)
        return (k / self.games if self.games else math.nan, low, high)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"arm": self.arm, "games": self.games}
        for kind in KINDS:
            if kind == "loop" and not self.loops_checked:
                out[kind] = None
                continue
            value, low, high = self.share(kind)
            out[kind] = {
                "games": self.counts.get(kind, 0),
                "share": round(value, 6),
                "low": round(low, 6),
                "high": round(high, 6),
            }
        out["caps_by_termination"] = dict(self.caps)
        return out


def kinds_of(row: dict[str, Any], data: LabData) -> list[str]:
    """What makes ``row`` worth a look (``[]`` for a game that ended as the rules say)."""
    out = []
    if row.get("hole"):
        out.append(row["hole"])
    elif data.is_cap(row["termination"]) or any(row.get(f"fact_{name}") for name in data.cap_facts):
        out.append("cap")
    if (row.get("max_seen") or 0) >= LOOP_SEEN:
        out.append("loop")
    return out


def find(rows: Sequence[dict[str, Any]]) -> tuple[list[ArmHoles], list[Hole]]:
    """Per-arm counts and the listed holes (with their records) of a study's rows."""
    by_arm: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_arm.setdefault(row["arm"], []).append(row)
    summaries, listed = [], []
    for arm, mine in by_arm.items():
        data = lab_data(mine[0]["game"])
        counts: Counter[str] = Counter()
        caps: Counter[str] = Counter()
        shown: Counter[str] = Counter()
        for row in mine:
            for kind in kinds_of(row, data):
                counts[kind] += 1
                if kind == "cap":
                    caps[row["termination"]] += 1
                if shown[kind] >= MAX_LISTED:
                    continue
                shown[kind] += 1
                loop_ply = row.get("loop_ply")
                ply = int(loop_ply) if kind == "loop" and loop_ply is not None else row["length"]
                note = row.get("note") or (
                    f"a position seen {row.get('max_seen')} times" if kind == "loop" else ""
                )
                listed.append(
                    Hole(
                        arm,
                        int(row["game_index"]),
                        kind,
                        row["termination"],
                        int(row["length"]),
                        ply,
                        note,
                        f"holes/{slug(arm, int(row['game_index']))}.json",
                        row_record(row),
                    )
                )
        summaries.append(
            ArmHoles(arm, len(mine), dict(counts), dict(caps), any("max_seen" in r for r in mine))
        )
    return summaries, listed


def write_records(holes: Sequence[Hole], folder: Path) -> None:
    """Each listed hole's record as ``folder/holes/<arm>-<game>.json``."""
    for hole in holes:
        if hole.record is None:
            continue
        path = folder / hole.file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(hole.record, separators=(",", ":")), encoding="utf-8")


def slug(arm: str, index: int) -> str:
    """A file name for game ``index`` of ``arm``: lowercase words joined by ``-``."""
    words = re.sub(r"[^a-z0-9]+", "-", arm.lower()).strip("-") or "arm"
    return f"{words[:60]}-{index}"
