"""Slag for Islandet's tensor encoder (its ``encoder`` extra, ``spelbord.core.encoding``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from spelbord.core.encoding import Encoder, index_in, one_hot, put_scaled


class IslandetEncoder(Encoder):
    """Slag for Islandet: the whole position (perfect information; dice are chance).

    - ``observer`` (2), ``to_move`` (2), ``first`` (2), ``winner`` (2): one-hot seats.
    - ``phase`` (14): one-hot of the phase names.
    - ``units`` (2, 3, 4, 144): a unit of seat s, kind k, facing f on square q.
    - ``blocks`` (144): squares holding a block.  ``reveal`` (144): blocks being revealed.
    - ``pending`` (144), ``bound`` (146): one-hot square (bound: +2 for none / a pad).
    - ``pads`` (2, 5, 4): one-hot per pad slot: empty or a kind.
    - ``centres`` (2): / 10.  ``stock`` (2, 3): / 5.  ``lost`` (2): / 10.
    - ``points`` (2): / 100.  ``roll`` (7): one-hot die face 0..6.  ``zeros`` (1): / 3.
    - ``live_left``, ``safe_left`` (1 each): / 10.  ``turns`` (1): / the turn limit.
    """

    game_name = "islandet"
    SQUARES = 144
    PHASES = (
        "first", "place", "padkind", "face", "block", "enter", "roll", "zero", "shoot1",
        "move", "shoot2", "reveal", "remove", "removepad", "over",
    )  # fmt: skip
    PHASE_INDEX: ClassVar[dict[str, int]] = {p: i for i, p in enumerate(PHASES)}

    def _layout(self) -> list[tuple[str, tuple[int, ...]]]:
        q = self.SQUARES
        return [
            ("observer", (2,)),
            ("to_move", (2,)),
            ("first", (2,)),
            ("winner", (2,)),
            ("phase", (len(self.PHASES),)),
            ("units", (2, 3, 4, q)),
            ("blocks", (q,)),
            ("reveal", (q,)),
            ("pending", (q,)),
            ("bound", (q + 2,)),
            ("pads", (2, 5, 4)),
            ("centres", (2,)),
            ("stock", (2, 3)),
            ("lost", (2,)),
            ("points", (2,)),
            ("roll", (7,)),
            ("zeros", (1,)),
            ("live_left", (1,)),
            ("safe_left", (1,)),
            ("turns", (1,)),
        ]

    def _fill(self, obs: Mapping[str, Any], f: np.ndarray) -> None:
        at, q = self.at, self.SQUARES
        pos = obs["position"]
        one_hot(f, at["to_move"], 2, obs["to_play"])
        one_hot(f, at["first"], 2, pos["first"])
        one_hot(f, at["winner"], 2, pos["winner"])
        f[at["phase"] + index_in(pos["phase"], self.PHASE_INDEX, "Islandet phase")] = 1.0
        units, blocks, reveal, pads = at["units"], at["blocks"], at["reveal"], at["pads"]
        ones = [
            units + ((seat * 3 + kind) * 4 + facing) * q + square
            for square, seat, kind, facing in pos["units"]
        ]
        ones.extend(blocks + square for square in pos["blocks"])
        ones.extend(reveal + square for square in pos["reveal"])
        ones.extend(
            pads + (seat * 5 + slot) * 4 + kind + 1
            for seat, slots in enumerate(pos["pads"])
            for slot, kind in enumerate(slots)
        )
        f[ones] = 1.0
        one_hot(f, at["pending"], q, pos["pending"])
        bound = pos["bound"]
        f[at["bound"] + (bound if bound >= 0 else q + (-bound - 1))] = 1.0
        put_scaled(f, at["centres"], pos["centres"], 10.0)
        for seat, stock in enumerate(pos["stock"]):
            put_scaled(f, at["stock"] + seat * 3, stock, 5.0)
        put_scaled(f, at["lost"], pos["lost"], 10.0)
        put_scaled(f, at["points"], obs["points"], 100.0)
        one_hot(f, at["roll"], 7, pos["roll"])
        f[at["zeros"]] = pos["zeros"] / 3.0
        f[at["live_left"]] = pos["live_left"] / 10.0
        f[at["safe_left"]] = pos["safe_left"] / 10.0
        f[at["turns"]] = pos["turns"] / max(1, self.game.options.get("turn_limit", 1))
