"""The mutable position of a game of Slag for Islandet (everything but the history).

Kept apart from the ``State`` protocol class so the rules (``rules.py``) work on plain
data and ``copy()`` stays cheap: units are frozen values in a dict, so a shallow copy of
each container is a full copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spelbord.games.islandet.board import PAD_SLOTS, initial_pad_centre
from spelbord.games.islandet.units import KINDS, Unit

NUM_BLOCKS = 10
LIVE_BLOCKS = 6
BOUND_NONE = -1
BOUND_PAD = -2
EMPTY = -1
GOALS = ("eliminate", "quick", "points")


@dataclass(frozen=True)
class Rules:
    """The options in force (see the game's ``Option`` list for their meaning)."""

    goal: str = "eliminate"
    pads: bool = True
    all_live: bool = False
    turn_limit: int = 200
    version: int = 3
    """The rules version played (see ``IslandetGame.info.changes``)."""

    @property
    def on_island_at_start(self) -> int:
        """Units each player sets up on the island (the rest go on the pad)."""
        return 5 if self.pads else 10


class Position:
    """Units, blocks, pads, the turn's progress and the result."""

    __slots__ = (
        "after",
        "blocks",
        "bound",
        "centres",
        "crossfire",
        "first",
        "live_left",
        "lost",
        "pads",
        "pending",
        "phase",
        "result",
        "reveal",
        "roll",
        "rules",
        "safe_left",
        "stock",
        "to_move",
        "turns",
        "units",
        "winner",
        "zeros",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.units: dict[int, Unit] = {}
        self.blocks: set[int] = set()
        self.live_left = NUM_BLOCKS if rules.all_live else LIVE_BLOCKS
        self.safe_left = NUM_BLOCKS - self.live_left
        self.pads: list[list[int]] = [[EMPTY] * PAD_SLOTS for _ in range(2)]
        self.centres: list[int] = [initial_pad_centre(0), initial_pad_centre(1)]
        self.stock: list[list[int]] = [[k.count for k in KINDS] for _ in range(2)]
        self.phase = "first"
        self.to_move = 0
        self.first = -1
        self.roll = 0
        self.zeros = 0
        self.bound = BOUND_NONE
        self.pending = -1
        self.reveal: list[int] = []
        self.crossfire: list[int] = []
        self.after = ""
        self.lost: list[int] = [0, 0]
        self.turns = 0
        self.result = ""
        self.winner = -1

    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.rules = self.rules
        other.units = dict(self.units)
        other.blocks = set(self.blocks)
        other.live_left = self.live_left
        other.safe_left = self.safe_left
        other.pads = [list(p) for p in self.pads]
        other.centres = list(self.centres)
        other.stock = [list(s) for s in self.stock]
        other.phase = self.phase
        other.to_move = self.to_move
        other.first = self.first
        other.roll = self.roll
        other.zeros = self.zeros
        other.bound = self.bound
        other.pending = self.pending
        other.reveal = list(self.reveal)
        other.crossfire = list(self.crossfire)
        other.after = self.after
        other.lost = list(self.lost)
        other.turns = self.turns
        other.result = self.result
        other.winner = self.winner
        return other

    # ------------------------------------------------------------------ queries
    def island_units(self, seat: int) -> list[int]:
        """Squares of ``seat``'s units on the island, ascending."""
        return sorted(sq for sq, u in self.units.items() if u.seat == seat)

    def pad_units(self, seat: int) -> int:
        return sum(1 for k in self.pads[seat] if k != EMPTY)

    def units_left(self, seat: int) -> int:
        """Units ``seat`` still has, on the island, on the pad and not yet set up."""
        on_island = sum(1 for u in self.units.values() if u.seat == seat)
        return on_island + self.pad_units(seat) + sum(self.stock[seat])

    def score(self, seat: int) -> int:
        """Points: ranges of surviving units, those on the pad counting double."""
        island = sum(u.range for u in self.units.values() if u.seat == seat)
        pad = sum(2 * KINDS[k].range for k in self.pads[seat] if k != EMPTY)
        return island + pad

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "to_move": self.to_move,
            "first": self.first,
            "roll": self.roll,
            "zeros": self.zeros,
            "bound": self.bound,
            "pending": self.pending,
            "units": [[sq, u.seat, u.kind, u.facing] for sq, u in sorted(self.units.items())],
            "blocks": sorted(self.blocks),
            "live_left": self.live_left,
            "safe_left": self.safe_left,
            "pads": [list(p) for p in self.pads],
            "centres": list(self.centres),
            "stock": [list(s) for s in self.stock],
            "reveal": list(self.reveal),
            "crossfire": list(self.crossfire),
            "after": self.after,
            "lost": list(self.lost),
            "turns": self.turns,
            "result": self.result,
            "winner": self.winner,
        }

    def load_dict(self, d: dict[str, Any]) -> None:
        self.phase = str(d["phase"])
        self.to_move = int(d["to_move"])
        self.first = int(d["first"])
        self.roll = int(d["roll"])
        self.zeros = int(d["zeros"])
        self.bound = int(d["bound"])
        self.pending = int(d["pending"])
        self.units = {int(sq): Unit(int(s), int(k), int(f)) for sq, s, k, f in d["units"]}
        self.blocks = {int(b) for b in d["blocks"]}
        self.live_left = int(d["live_left"])
        self.safe_left = int(d["safe_left"])
        self.pads = [[int(k) for k in p] for p in d["pads"]]
        self.centres = [int(c) for c in d["centres"]]
        self.stock = [[int(n) for n in s] for s in d["stock"]]
        self.reveal = [int(b) for b in d["reveal"]]
        # States stored before version 2 never wait with units in crossfire.
        self.crossfire = [int(sq) for sq in d.get("crossfire", [])]
        self.after = str(d["after"])
        self.lost = [int(n) for n in d["lost"]]
        self.turns = int(d["turns"])
        self.result = str(d["result"])
        self.winner = int(d["winner"])
        if len(self.pads) != 2 or any(len(p) != PAD_SLOTS for p in self.pads):
            raise ValueError("pads must be two lists of five slots")
