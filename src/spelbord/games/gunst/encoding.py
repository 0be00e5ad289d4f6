"""Gunst's tensor encoder (its ``encoder`` extra, ``spelbord.core.encoding``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from spelbord.core.encoding import Encoder, index_in, one_hot, put_scaled


class GunstEncoder(Encoder):
    """Gunst: the public table (R23: only the simultaneous selection is ever secret).

    - ``observer`` (2), ``to_move`` (2): one-hot seats (none at chance/simultaneous nodes).
    - ``season`` (5): one-hot 0..4.  ``phase`` (10): one-hot of the phase names.
    - ``life`` (2): / 12.  ``hand`` (2, 5): kin of each kind in each hand, / 3.
    - ``deities`` (2, 4, 6): one-hot place of every deity of each seat (the track, the
      field, and spent on the field: R13, rules version 3).
    - ``rows`` (2, 5, 5): kin of kind k in row r of each side, / 3.
    - ``doubled`` (2, 5): the row each seat doubled (one-hot).
    - ``chooser``, ``first``, ``favoured``, ``source``, ``loser`` (2 each): one-hot seats.
    - ``favour`` (1): / 5.  ``deity_in_use`` (4): one-hot.
    - ``slaget_row`` (5), ``slaget_side`` (2), ``slaget_mode`` (2): one-hot;
      ``slaget_left`` (1): / 5.
    """

    game_name = "gunst"
    PHASES = ("tinge", "coin", "order", "favour", "invoke", "target", "dest", "mode", "raise")
    PHASE_INDEX: ClassVar[dict[str, int]] = {p: i for i, p in enumerate((*PHASES, "over"))}
    PLACES: ClassVar[dict[str, int]] = {
        p: i for i, p in enumerate(("start", "Tusmørket", "Tågen", "hand", "field", "spent"))
    }
    DEITIES = ("Extazia", "Vandringsmanden", "Eurika", "Archimedes")

    def _layout(self) -> list[tuple[str, tuple[int, ...]]]:
        return [
            ("observer", (2,)),
            ("to_move", (2,)),
            ("season", (5,)),
            ("phase", (len(self.PHASE_INDEX),)),
            ("life", (2,)),
            ("hand", (2, 5)),
            ("deities", (2, 4, len(self.PLACES))),
            ("rows", (2, 5, 5)),
            ("doubled", (2, 5)),
            ("chooser", (2,)),
            ("first", (2,)),
            ("favoured", (2,)),
            ("source", (2,)),
            ("loser", (2,)),
            ("favour", (1,)),
            ("deity_in_use", (4,)),
            ("slaget_row", (5,)),
            ("slaget_side", (2,)),
            ("slaget_mode", (2,)),
            ("slaget_left", (1,)),
        ]

    def _fill(self, obs: Mapping[str, Any], f: np.ndarray) -> None:
        at = self.at
        one_hot(f, at["to_move"], 2, obs["to_move"])
        one_hot(f, at["season"], 5, obs["season"])
        f[at["phase"] + index_in(obs["phase"], self.PHASE_INDEX, "Gunst phase")] = 1.0
        put_scaled(f, at["life"], obs["life"], 12.0)
        for side, hand in enumerate(obs["hand"]):
            put_scaled(f, at["hand"] + side * 5, hand, 3.0)
        places = len(self.PLACES)
        for side, where in enumerate(obs["deities"]):
            for d, name in enumerate(self.DEITIES):
                place = index_in(where[name], self.PLACES, "deity place")
                f[at["deities"] + (side * 4 + d) * places + place] = 1.0
        rows = at["rows"]
        for side, side_rows in enumerate(obs["rows"]):
            for r, kin in enumerate(side_rows):
                for k in kin:
                    f[rows + (side * 5 + r) * 5 + k] += 1.0 / 3.0
        for side, row in enumerate(obs["doubled"]):
            one_hot(f, at["doubled"] + side * 5, 5, row)
        for key in ("chooser", "first", "favoured", "source", "loser"):
            one_hot(f, at[key], 2, obs[key])
        f[at["favour"]] = obs["favour"] / 5.0
        one_hot(f, at["deity_in_use"], 4, obs["deity_in_use"])
        slaget = obs["slaget"]
        if slaget["left"] >= 0:
            one_hot(f, at["slaget_row"], 5, slaget["row"])
            one_hot(f, at["slaget_side"], 2, slaget["side"])
            f[at["slaget_left"]] = slaget["left"] / 5.0
        one_hot(f, at["slaget_mode"], 2, slaget["mode"])
