"""Fixed-shape tensors from a seat's observation, one encoder per game.

A game's ``observation(seat)`` is a JSON dict whose lists grow and shrink (stacks on a
board, a log of events). Learning code wants one flat ``float32`` vector of a size fixed
by the game and its options; an ``Encoder`` builds it from the observation alone, so a
tensor never holds what the seat may not know. The vector is cut into named parts
(``layout``) so that an OpenSpiel observer can expose them as a dict of arrays; the same
encoder serves the PettingZoo environments.

Each part is documented on its encoder. Counts are scaled into roughly ``[0, 1]`` by a
fixed divisor; one-hot parts have exactly one 1 (or none when the value is "nobody").

>>> from spelbord.games import load
>>> game = load("coerceo", variant="ocius")
>>> enc = encoder_for(game)
>>> vec = enc.encode(game.new_initial_state().observation(0), seat=0)
>>> vec.shape == (enc.size,), vec.dtype.name
(True, 'float32')
>>> int(enc.views(vec)["tiles"].sum())
7
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from spelbord.core.errors import SpelbordError
from spelbord.core.game import Game

Layout = tuple[tuple[str, tuple[int, ...]], ...]


class EncodingError(SpelbordError):
    """An observation the encoder cannot place in its fixed shape (an unknown value)."""


class UnsupportedGameError(SpelbordError):
    """A game with no tensor encoder (only the four Spelbord games have one)."""


class Encoder(ABC):
    """Observation dict -> flat ``float32`` vector of ``size`` values, cut into ``layout``."""

    game_name: ClassVar[str]

    def __init__(self, game: Game) -> None:
        self.game = game
        self.num_players = game.num_players()
        self.layout: Layout = tuple(self._layout())
        self.size = sum(math.prod(shape) for _, shape in self.layout)
        self.at: dict[str, int] = {}
        """Where each part starts in the flat vector (parts are row-major)."""
        start = 0
        for name, shape in self.layout:
            self.at[name] = start
            start += math.prod(shape)

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def views(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """The named parts of ``flat`` (views sharing its memory), shaped as in ``layout``."""
        out: dict[str, np.ndarray] = {}
        start = 0
        for name, shape in self.layout:
            n = math.prod(shape)
            out[name] = flat[start : start + n].reshape(shape)
            start += n
        return out

    def encode(
        self,
        observation: Mapping[str, Any],
        seat: int | None = None,
        out: np.ndarray | None = None,
    ) -> np.ndarray:
        """The tensor of ``observation``, the view of ``seat`` (``None``: a spectator),
        written into ``out`` when given. The seat only fills the ``observer`` part."""
        flat = np.zeros(self.size, np.float32) if out is None else out
        if out is not None:
            flat.fill(0.0)
        self._fill(observation, flat)
        _hot(flat, self.at["observer"], self.num_players, seat)
        return flat

    @abstractmethod
    def _layout(self) -> list[tuple[str, tuple[int, ...]]]:
        """The named parts and their shapes (fixed by the game and its options)."""

    @abstractmethod
    def _fill(self, obs: Mapping[str, Any], f: np.ndarray) -> None:
        """Write ``obs`` into the zeroed flat vector ``f`` (part ``p`` starts at
        ``self.at[p]``; index arithmetic rather than views, for speed)."""


def _index(value: Any, vocabulary: Mapping[Any, int], what: str) -> int:
    try:
        return vocabulary[value]
    except (KeyError, TypeError):
        raise EncodingError(f"unknown {what} {value!r} in the observation") from None


def _hot(f: np.ndarray, at: int, size: int, index: Any) -> None:
    """One-hot ``index`` in the part of ``size`` at ``at``; -1 (nobody) or any other
    value outside ``0..size-1`` leaves the part zero."""
    if isinstance(index, int) and 0 <= index < size:
        f[at + index] = 1.0


def _put(f: np.ndarray, at: int, values: Any, scale: float) -> None:
    """Write ``values / scale`` from ``at`` on."""
    for i, x in enumerate(values):
        f[at + i] = x / scale


# ---------------------------------------------------------------------- Coerceo
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
        _put(f, at["collected"], obs["collected"], 18.0)
        _hot(f, at["to_move"], 2, obs["to_move"])
        f[at["exchange_cost"]] = obs["exchange_cost"] / 2.0
        f[at["plies"]] = obs["plies"] / max(1, self.game.options.get("max_moves", 1))
        f[at["repetitions"]] = obs["repetitions"] / 3.0
        f[at["cura"]] = float(bool(obs["cura"]))


# ---------------------------------------------------------------------- Gunst
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
        _hot(f, at["to_move"], 2, obs["to_move"])
        _hot(f, at["season"], 5, obs["season"])
        f[at["phase"] + _index(obs["phase"], self.PHASE_INDEX, "Gunst phase")] = 1.0
        _put(f, at["life"], obs["life"], 12.0)
        for side, hand in enumerate(obs["hand"]):
            _put(f, at["hand"] + side * 5, hand, 3.0)
        places = len(self.PLACES)
        for side, where in enumerate(obs["deities"]):
            for d, name in enumerate(self.DEITIES):
                place = _index(where[name], self.PLACES, "deity place")
                f[at["deities"] + (side * 4 + d) * places + place] = 1.0
        rows = at["rows"]
        for side, side_rows in enumerate(obs["rows"]):
            for r, kin in enumerate(side_rows):
                for k in kin:
                    f[rows + (side * 5 + r) * 5 + k] += 1.0 / 3.0
        for side, row in enumerate(obs["doubled"]):
            _hot(f, at["doubled"] + side * 5, 5, row)
        for key in ("chooser", "first", "favoured", "source", "loser"):
            _hot(f, at[key], 2, obs[key])
        f[at["favour"]] = obs["favour"] / 5.0
        _hot(f, at["deity_in_use"], 4, obs["deity_in_use"])
        slaget = obs["slaget"]
        if slaget["left"] >= 0:
            _hot(f, at["slaget_row"], 5, slaget["row"])
            _hot(f, at["slaget_side"], 2, slaget["side"])
            f[at["slaget_left"]] = slaget["left"] / 5.0
        _hot(f, at["slaget_mode"], 2, slaget["mode"])


# ---------------------------------------------------------------------- Slag for Islandet
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
        _hot(f, at["to_move"], 2, obs["to_play"])
        _hot(f, at["first"], 2, pos["first"])
        _hot(f, at["winner"], 2, pos["winner"])
        f[at["phase"] + _index(pos["phase"], self.PHASE_INDEX, "Islandet phase")] = 1.0
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
        _hot(f, at["pending"], q, pos["pending"])
        bound = pos["bound"]
        f[at["bound"] + (bound if bound >= 0 else q + (-bound - 1))] = 1.0
        _put(f, at["centres"], pos["centres"], 10.0)
        for seat, stock in enumerate(pos["stock"]):
            _put(f, at["stock"] + seat * 3, stock, 5.0)
        _put(f, at["lost"], pos["lost"], 10.0)
        _put(f, at["points"], obs["points"], 100.0)
        _hot(f, at["roll"], 7, pos["roll"])
        f[at["zeros"]] = pos["zeros"] / 3.0
        f[at["live_left"]] = pos["live_left"] / 10.0
        f[at["safe_left"]] = pos["safe_left"] / 10.0
        f[at["turns"]] = pos["turns"] / max(1, self.game.options.get("turn_limit", 1))


# ---------------------------------------------------------------------- Omringad
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
            grounds = [_index(letter, self.TERRAIN_INDEX, "terrain") for letter in terrain]
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
        _hot(f, at["initiative"], n, obs["initiative"])
        _hot(f, at["reinforcer"], n, obs["reinforcer"])
        move = obs["move"]
        _hot(f, at["mover"], n, move["mover"])
        f[at["phase"] + _index(obs["phase"], self.PHASE_INDEX, "Omringad phase")] = 1.0
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
            ones.append(top + (row * u + _index(stack["top"], codes, "unit code")) * q + sq)
            for code in stack.get("units", ()):
                kind = codes[code] if code in codes else _index(code, codes, "unit code")
                cell = inside + (row * 2 * u + kind + (u if code.islower() else 0)) * q + sq
                sums[cell] = sums.get(cell, 0.0) + 0.2
            if "moved" in stack:
                sums[moved + sq] = sums.get(moved + sq, 0.0) + sum(stack["moved"]) / 5.0
        f[ones] = 1.0
        f[list(sums)] = list(sums.values())
        start = at["placed_here"]
        f[start : start + q] = np.asarray(obs["placed_here"], np.float32) / 5.0
        for sq in move["path"]:
            _hot(f, at["path"], q, sq)
        f[at["move_count"]] = move["count"] / 10.0
        for key in ("gold", "budget", "score"):
            _put(f, at[key], obs[key], self.target)
        _put(f, at["passed"], [bool(p) for p in obs["passed"]], 1.0)
        _put(f, at["bought_count"], obs["bought_count"], 10.0)
        if "pool" in obs:
            _put(f, at["pool"], obs["pool"], 20.0)
        kinds = self.kind_index
        for kind in obs.get("bought", ()):
            f[at["bought"] + _index(kind, kinds, "unit kind")] += 0.2
        for kind in obs["cup"]:
            f[at["cup"] + _index(kind, kinds, "unit kind")] = 1.0
        auction = obs["auction"]
        if auction is not None:
            if auction["lot"] is not None:
                f[at["lot"] + _index(auction["lot"], kinds, "unit kind")] = 1.0
            f[at["bid"]] = auction["bid"] / self.target
            _hot(f, at["bidder"], n, auction["bidder"])
            _put(f, at["auction_out"], [bool(o) for o in auction["out"]], 1.0)
        f[at["stall"]] = obs["stall"] / 10.0


ENCODERS: dict[str, type[Encoder]] = {
    cls.game_name: cls for cls in (CoerceoEncoder, GunstEncoder, IslandetEncoder, OmringadEncoder)
}


def encoder_for(game: Game) -> Encoder:
    """The tensor encoder of ``game`` (its options fix the size)."""
    try:
        cls = ENCODERS[game.name]
    except KeyError:
        raise UnsupportedGameError(f"no tensor encoder for the game {game.name!r}") from None
    return cls(game)
