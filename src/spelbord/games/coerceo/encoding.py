"""Coerceo's tensor encoder (its ``encoder`` extra, ``spelbord.core.encoding``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from spelbord.core.encoding import Encoder, EncodingError, one_hot, put_scaled


def _hex_tiles(radius: int = 2) -> tuple[tuple[int, int], ...]:
    return tuple(
        sorted(
            (x, y)
            for x in range(-radius, radius + 1)
            for y in range(-radius, radius + 1)
            if abs(x + y) <= radius
        )
    )


class CoerceoEncoder(Encoder):
    """Coerceo: the whole board (perfect information).

    - ``tiles`` (19): the tiles still on the board, in axial (x, y) order.
    - ``pieces`` (2, 19, 6): a piece of colour c on field f of tile t.
    - ``collected`` (2): tiles each colour holds, / 18.
    - ``to_move`` (2), ``observer`` (2): one-hot seats.
    - ``exchange_cost`` (1): 1 or 2, / 2.  ``plies`` (1): / the game's move limit.
    - ``repetitions`` (1): / 3.  ``cura`` (1): the player to move must answer a threat.
    """

    game_name = "coerceo"
    TILES = _hex_tiles()
    TILE_INDEX: ClassVar[dict[tuple[int, int], int]] = {t: i for i, t in enumerate(TILES)}

    def _layout(self) -> list[tuple[str, tuple[int, ...]]]:
        n = len(self.TILES)
        return [
            ("tiles", (n,)),
            ("pieces", (2, n, 6)),
            ("collected", (2,)),
            ("to_move", (2,)),
            ("observer", (2,)),
            ("exchange_cost", (1,)),
            ("plies", (1,)),
            ("repetitions", (1,)),
            ("cura", (1,)),
        ]

    def _fill(self, obs: Mapping[str, Any], f: np.ndarray) -> None:
        at, n = self.at, len(self.TILES)
        tile_index = self.TILE_INDEX
        tiles, pieces = at["tiles"], at["pieces"]
        try:
            ones = [tiles + tile_index[x, y] for x, y in obs["tiles"]]
            ones.extend(
                pieces + (colour * n + tile_index[x, y]) * 6 + field
                for x, y, field, colour in obs["pieces"]
            )
        except KeyError as exc:
            raise EncodingError(f"unknown tile {exc.args[0]!r} in the observation") from None
        f[ones] = 1.0
        put_scaled(f, at["collected"], obs["collected"], 18.0)
        one_hot(f, at["to_move"], 2, obs["to_move"])
        f[at["exchange_cost"]] = obs["exchange_cost"] / 2.0
        f[at["plies"]] = obs["plies"] / max(1, self.game.options.get("max_moves", 1))
        f[at["repetitions"]] = obs["repetitions"] / 3.0
        f[at["cura"]] = float(bool(obs["cura"]))
