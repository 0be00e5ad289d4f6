"""Omringad's tensor encoder (its ``encoder`` extra, ``spelbord.core.encoding``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from spelbord.core.encoding import Encoder, index_in, one_hot, put_scaled
from spelbord.core.game import Game


class OmringadEncoder(Encoder):
    """Omringad: the board and the economy as ``seat`` sees them (hidden stacks stay hidden).

    With N seats on a map of Q squares (2 seats: 50, 4 seats: 100) and U unit kinds:

    - ``observer`` (N), ``initiative`` (N), ``reinforcer`` (N), ``mover`` (N): one-hot.
    - ``phase`` (9): one-hot.  ``round`` (1): / 10.
    - ``terrain`` (7, Q): one-hot per square: unknown, bare and the five terrains.
    - ``control`` (N, Q): who controls each square.  ``first`` (N, Q): who came first.
    - ``stack_count`` (N + 1, Q): units in the stack of each owner (last: neutral), / 10.
    - ``stack_top`` (N + 1, U, Q): the visible top unit of each stack.
    - ``stack_units`` (N + 1, 2U, Q): units the observer may see inside stacks (kind,
      healthy or damaged), / 5.  ``moved`` (Q): the observer's units that moved, / 5.
    - ``placed_here`` (Q): / 5.  ``path`` (Q): the squares of the move under way.
    - ``gold``, ``budget``, ``score`` (N each): / the target.  ``passed`` (N).
    - ``bought_count`` (N): / 10.  ``pool`` (6): the observer's pool, / 20.
    - ``bought`` (U): kinds the observer bought and has not placed, / 5.
    - ``cup`` (U): special units still in the auction cup.
    - ``lot`` (U), ``bid`` (1, / the target), ``bidder`` (N), ``auction_out`` (N).
    - ``move_count`` (1): / 10.  ``stall`` (1): / 10.
    """

    game_name = "omringad"
    PHASES = (
        "setup", "pregame", "initiative", "auction", "purchase", "move", "battle",
        "reinforce", "over",
    )  # fmt: skip
    PHASE_INDEX: ClassVar[dict[str, int]] = {p: i for i, p in enumerate(PHASES)}
    TERRAIN_INDEX: ClassVar[dict[str, int]] = {
        t: i for i, t in enumerate(("?", ".", "M", "C", "V", "L", "F"))
    }

    def __init__(self, game: Game) -> None:
        from spelbord.games.omringad.units import KIND_CODES, UNITS, Kind

        self.kinds: tuple[Kind, ...] = tuple(UNITS)
        self.kind_index: dict[str, int] = {k.value: i for i, k in enumerate(self.kinds)}
        self.code_index: dict[str, int] = {}
        for i, kind in enumerate(self.kinds):
            self.code_index[KIND_CODES[kind]] = i
            self.code_index[KIND_CODES[kind].lower()] = i
        self.squares = len(game.new_initial_state().observation(None)["terrain"])
        self.square_range = np.arange(self.squares)
        self._kept: dict[str, tuple[list[Any], np.ndarray]] = {}
        self.target = float(game.options["target"])
        super().__init__(game)

    def _layout(self) -> list[tuple[str, tuple[int, ...]]]:
        n, q, u = self.num_players, self.squares, len(self.kinds)
        return [
            ("observer", (n,)),
            ("initiative", (n,)),
            ("reinforcer", (n,)),
            ("mover", (n,)),
            ("phase", (len(self.PHASES),)),
            ("round", (1,)),
            ("terrain", (len(self.TERRAIN_INDEX), q)),
            ("control", (n, q)),
            ("first", (n, q)),
            ("stack_count", (n + 1, q)),
            ("stack_top", (n + 1, u, q)),
            ("stack_units", (n + 1, 2 * u, q)),
            ("moved", (q,)),
            ("placed_here", (q,)),
            ("path", (q,)),
            ("gold", (n,)),
            ("budget", (n,)),
            ("score", (n,)),
            ("passed", (n,)),
            ("bought_count", (n,)),
            ("pool", (6,)),
            ("bought", (u,)),
            ("cup", (u,)),
            ("lot", (u,)),
            ("bid", (1,)),
            ("bidder", (n,)),
            ("auction_out", (n,)),
            ("move_count", (1,)),
            ("stall", (1,)),
        ]

    # The whole-board parts change seldom (terrain: after the setup only; control and who
    # came first: a few squares a round), so their cells are kept while the list holds.
    def _terrain_cells(self, terrain: list[str]) -> np.ndarray:
        """Where the terrain part has its ones."""
        kept = self._kept.get("terrain")
        if kept is None or kept[0] != terrain:
            grounds = [index_in(letter, self.TERRAIN_INDEX, "terrain") for letter in terrain]
            cells = self.at["terrain"] + np.asarray(grounds) * self.squares + self.square_range
            kept = self._kept["terrain"] = (list(terrain), cells)
        return kept[1]

    def _owner_cells(self, part: str, owners: list[int]) -> np.ndarray:
        """Where a per-square owner part (``control``, ``first``) has its ones."""
        kept = self._kept.get(part)
        if kept is None or kept[0] != owners:
            n, q, base = self.num_players, self.squares, self.at[part]
            cells = [base + o * q + sq for sq, o in enumerate(owners) if 0 <= o < n]
            kept = self._kept[part] = (list(owners), np.asarray(cells, np.int64))
        return kept[1]

    def _fill(self, obs: Mapping[str, Any], f: np.ndarray) -> None:
        at, n, q, u = self.at, self.num_players, self.squares, len(self.kinds)
        one_hot(f, at["initiative"], n, obs["initiative"])
        one_hot(f, at["reinforcer"], n, obs["reinforcer"])
        move = obs["move"]
        one_hot(f, at["mover"], n, move["mover"])
        f[at["phase"] + index_in(obs["phase"], self.PHASE_INDEX, "Omringad phase")] = 1.0
        f[at["round"]] = obs["round"] / 10.0
        # Whole-board parts in one numpy step each (a loop of 50-100 squares is slow).
        f[self._terrain_cells(obs["terrain"])] = 1.0
        f[self._owner_cells("control", obs["control"])] = 1.0
        f[self._owner_cells("first", obs["first"])] = 1.0
        count, top, inside, moved = (
            at["stack_count"],
            at["stack_top"],
            at["stack_units"],
            at["moved"],
        )
        codes = self.code_index
        ones: list[int] = []
        sums: dict[int, float] = {}  # parts that add up (several stacks, units of a kind)
        for stack in obs["stacks"]:
            owner, sq = stack["owner"], stack["square"]
            row = owner if 0 <= owner < n else n
            cell = count + row * q + sq
            sums[cell] = sums.get(cell, 0.0) + stack["count"] / 10.0
            ones.append(top + (row * u + index_in(stack["top"], codes, "unit code")) * q + sq)
            for code in stack.get("units", ()):
                kind = codes[code] if code in codes else index_in(code, codes, "unit code")
                cell = inside + (row * 2 * u + kind + (u if code.islower() else 0)) * q + sq
                sums[cell] = sums.get(cell, 0.0) + 0.2
            if "moved" in stack:
                sums[moved + sq] = sums.get(moved + sq, 0.0) + sum(stack["moved"]) / 5.0
        f[ones] = 1.0
        f[list(sums)] = list(sums.values())
        start = at["placed_here"]
        f[start : start + q] = np.asarray(obs["placed_here"], np.float32) / 5.0
        for sq in move["path"]:
            one_hot(f, at["path"], q, sq)
        f[at["move_count"]] = move["count"] / 10.0
        for key in ("gold", "budget", "score"):
            put_scaled(f, at[key], obs[key], self.target)
        put_scaled(f, at["passed"], [bool(p) for p in obs["passed"]], 1.0)
        put_scaled(f, at["bought_count"], obs["bought_count"], 10.0)
        if "pool" in obs:
            put_scaled(f, at["pool"], obs["pool"], 20.0)
        kinds = self.kind_index
        for kind in obs.get("bought", ()):
            f[at["bought"] + index_in(kind, kinds, "unit kind")] += 0.2
        for kind in obs["cup"]:
            f[at["cup"] + index_in(kind, kinds, "unit kind")] = 1.0
        auction = obs["auction"]
        if auction is not None:
            if auction["lot"] is not None:
                f[at["lot"] + index_in(auction["lot"], kinds, "unit kind")] = 1.0
            f[at["bid"]] = auction["bid"] / self.target
            one_hot(f, at["bidder"], n, auction["bidder"])
            put_scaled(f, at["auction_out"], [bool(o) for o in auction["out"]], 1.0)
        f[at["stall"]] = obs["stall"] / 10.0
