"""The position of Gunst, its ``Table``: every piece's place and where the round stands
(no rules here).

A ``Table`` is plain mutable data with a cheap ``clone`` and an exact JSON form; the rules
in ``rules.py`` change it. Rows hold kin kinds (the piece that stands there), newest last.
A table knows the rules version it is played under (``version``), so that every copy a
search makes plays by the same rules as the game it came from.
"""

from __future__ import annotations

from typing import Any

from spelbord.games.gunst.pieces import FIELD, FULL_HAND, HAND, LIFE, START

NEWEST = 3
"""The newest rules version of Gunst (``GunstGame.info.version``): a new table's default."""

# Phases: who decides what now.
TINGE = "tinge"  # both seats choose in secret (simultaneous)
COIN = "coin"  # equal counts: a fair coin names the chooser (chance)
ORDER = "order"  # the chooser names who goes first
FAVOUR = "favour"  # the favoured seat names the deity its favour moves
INVOKE = "invoke"  # Dommen: the acting seat names which of its deities acts
TARGET = "target"  # Dommen: the deity's row (own or opposing)
DEST = "dest"  # Dommen: Eurika's or Archimedes' destination row
MODE = "mode"  # Slaget: the scholars' mode for their whole row
RAISE = "raise"  # Slaget: which deity a farmer or scholar moves
OVER = "over"

PHASES = (TINGE, COIN, ORDER, FAVOUR, INVOKE, TARGET, DEST, MODE, RAISE, OVER)


class Table:
    """Everything that defines a Gunst position beyond its history."""

    __slots__ = (
        "actor",
        "chooser",
        "deity",
        "deity_in_use",
        "doubled",
        "ended",
        "favour",
        "favoured",
        "first",
        "hand",
        "left",
        "life",
        "log",
        "loser",
        "mode",
        "phase",
        "return_spent",
        "row",
        "rows",
        "season",
        "side",
        "source",
        "version",
    )

    def __init__(self, return_spent: bool = False, version: int = NEWEST) -> None:
        self.return_spent = return_spent
        self.version = version
        self.season = 1
        self.life = [LIFE, LIFE]
        self.hand = [list(FULL_HAND), list(FULL_HAND)]
        self.deity = [[START] * 4, [START] * 4]
        self.rows: list[list[list[int]]] = [[[] for _ in range(5)] for _ in range(2)]
        self.doubled = [-1, -1]
        self.phase = TINGE
        self.actor = -1
        self.chooser = -1
        self.first = -1
        self.favoured = -1
        self.favour = 0
        self.deity_in_use = -1
        self.source = -1
        self.row = 0
        self.side = 0
        self.left = -1
        self.mode = -1
        self.loser = -1
        self.ended = ""
        self.log: list[dict[str, Any]] = []

    # ------------------------------------------------------------------ queries
    def field_deities(self, seat: int) -> list[int]:
        """Deities of ``seat`` on the field that have not acted yet (not the spent ones)."""
        return [d for d, place in enumerate(self.deity[seat]) if place == FIELD]

    def movable_deities(self, seat: int) -> list[int]:
        """Deities of ``seat`` that a step toward the hand would move (R7, R18): on the
        track below the hand, never on the field (not yet acted, or spent)."""
        return [d for d, place in enumerate(self.deity[seat]) if place < HAND]

    def ready_mask(self, seat: int) -> int:
        """Bitmask of the deities of ``seat`` in hand (may be brought, R2)."""
        return sum(1 << d for d, place in enumerate(self.deity[seat]) if place == HAND)

    def nonempty_rows(self, seat: int) -> list[int]:
        return [r for r in range(5) if self.rows[seat][r]]

    # ------------------------------------------------------------------ copies
    def clone(self) -> Table:
        twin = Table.__new__(Table)
        for name in Table.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.life = list(self.life)
        twin.hand = [list(h) for h in self.hand]
        twin.deity = [list(d) for d in self.deity]
        twin.rows = [[list(r) for r in side] for side in self.rows]
        twin.doubled = list(self.doubled)
        twin.log = list(self.log)  # events are never mutated once logged
        return twin

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready copy (lists, never shared with the table)."""
        out: dict[str, Any] = {name: getattr(self, name) for name in Table.__slots__}
        out["life"] = list(self.life)
        out["hand"] = [list(h) for h in self.hand]
        out["deity"] = [list(d) for d in self.deity]
        out["rows"] = [[list(r) for r in side] for side in self.rows]
        out["doubled"] = list(self.doubled)
        out["log"] = [dict(e) for e in self.log]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any], version: int = NEWEST) -> Table:
        """The table of a ``to_dict`` copy; ``version`` for a copy stored before tables
        knew their rules version."""
        table = cls(bool(data["return_spent"]))
        for name in Table.__slots__:
            setattr(table, name, data[name] if name != "version" else data.get(name, version))
        table.version = int(table.version)
        table.life = [int(v) for v in data["life"]]
        table.hand = [[int(v) for v in h] for h in data["hand"]]
        table.deity = [[int(v) for v in d] for d in data["deity"]]
        table.rows = [[[int(v) for v in r] for r in side] for side in data["rows"]]
        table.doubled = [int(v) for v in data["doubled"]]
        table.log = [dict(e) for e in data["log"]]
        if table.phase not in PHASES or len(table.rows) != 2:
            raise ValueError(f"bad Gunst table: phase {table.phase!r}")
        return table
