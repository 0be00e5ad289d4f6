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
>>> vec = enc.encode(game.new_initial_state().observation(0))
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

    def encode(self, observation: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        """The tensor of ``observation`` (written into ``out`` when given)."""
        flat = np.zeros(self.size, np.float32) if out is None else out
        flat.fill(0.0)
        self._fill(observation, self.views(flat))
        return flat

    @abstractmethod
    def _layout(self) -> list[tuple[str, tuple[int, ...]]]:
        """The named parts and their shapes (fixed by the game and its options)."""

    @abstractmethod
    def _fill(self, obs: Mapping[str, Any], v: dict[str, np.ndarray]) -> None:
        """Write ``obs`` into the zeroed parts ``v``."""


def _index(value: Any, vocabulary: Mapping[Any, int], what: str) -> int:
    try:
        return vocabulary[value]
    except (KeyError, TypeError):
        raise EncodingError(f"unknown {what} {value!r} in the observation") from None


def _seat_hot(part: np.ndarray, seat: Any) -> None:
    """One-hot of a seat; -1 (nobody) and other sentinels leave the part zero."""
    if isinstance(seat, int) and 0 <= seat < len(part):
        part[seat] = 1.0


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

    def _fill(self, obs: Mapping[str, Any], v: dict[str, np.ndarray]) -> None:
        tiles, pieces = v["tiles"], v["pieces"]
        for x, y in obs["tiles"]:
            tiles[_index((x, y), self.TILE_INDEX, "tile")] = 1.0
        for x, y, field, colour in obs["pieces"]:
            pieces[colour, _index((x, y), self.TILE_INDEX, "tile"), field] = 1.0
        v["collected"][:] = [c / 18.0 for c in obs["collected"]]
        _seat_hot(v["to_move"], obs["to_move"])
        _seat_hot(v["observer"], obs.get("seat"))
        v["exchange_cost"][0] = obs["exchange_cost"] / 2.0
        v["plies"][0] = obs["plies"] / max(1, self.game.options.get("max_moves", 1))
        v["repetitions"][0] = obs["repetitions"] / 3.0
        v["cura"][0] = float(bool(obs["cura"]))


# ---------------------------------------------------------------------- Gunst
class GunstEncoder(Encoder):
    """Gunst: the public table (R23: only the simultaneous selection is ever secret).

    - ``observer`` (2), ``to_move`` (2): one-hot seats (none at chance/simultaneous nodes).
    - ``season`` (5): one-hot 0..4.  ``phase`` (10): one-hot of the phase names.
    - ``life`` (2): / 12.  ``hand`` (2, 5): kin of each kind in each hand, / 3.
    - ``deities`` (2, 4, 5): one-hot place of every deity of each seat.
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
        p: i for i, p in enumerate(("start", "Tusmørket", "Tågen", "hand", "field"))
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

    def _fill(self, obs: Mapping[str, Any], v: dict[str, np.ndarray]) -> None:
        _seat_hot(v["observer"], obs.get("seat"))
        _seat_hot(v["to_move"], obs["to_move"])
        season = obs["season"]
        if 0 <= season < 5:
            v["season"][season] = 1.0
        v["phase"][_index(obs["phase"], self.PHASE_INDEX, "Gunst phase")] = 1.0
        v["life"][:] = [x / 12.0 for x in obs["life"]]
        v["hand"][:] = np.asarray(obs["hand"], np.float32) / 3.0
        for side, places in enumerate(obs["deities"]):
            for d, name in enumerate(self.DEITIES):
                v["deities"][side, d, _index(places[name], self.PLACES, "deity place")] = 1.0
        rows = v["rows"]
        for side, side_rows in enumerate(obs["rows"]):
            for r, kin in enumerate(side_rows):
                for k in kin:
                    rows[side, r, k] += 1.0 / 3.0
        for side, row in enumerate(obs["doubled"]):
            if 0 <= row < 5:
                v["doubled"][side, row] = 1.0
        for key in ("chooser", "first", "favoured", "source", "loser"):
            _seat_hot(v[key], obs[key])
        v["favour"][0] = obs["favour"] / 5.0
        _seat_hot(v["deity_in_use"], obs["deity_in_use"])
        slaget = obs["slaget"]
        if slaget["left"] >= 0:
            _seat_hot(v["slaget_row"], slaget["row"])
            _seat_hot(v["slaget_side"], slaget["side"])
            v["slaget_left"][0] = slaget["left"] / 5.0
        _seat_hot(v["slaget_mode"], slaget["mode"])


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

    def _fill(self, obs: Mapping[str, Any], v: dict[str, np.ndarray]) -> None:
        pos = obs["position"]
        _seat_hot(v["observer"], obs.get("seat"))
        _seat_hot(v["to_move"], obs["to_play"])
        _seat_hot(v["first"], pos["first"])
        _seat_hot(v["winner"], pos["winner"])
        v["phase"][_index(pos["phase"], self.PHASE_INDEX, "Islandet phase")] = 1.0
        units = v["units"]
        for square, seat, kind, facing in pos["units"]:
            units[seat, kind, facing, square] = 1.0
        for square in pos["blocks"]:
            v["blocks"][square] = 1.0
        for square in pos["reveal"]:
            v["reveal"][square] = 1.0
        if 0 <= pos["pending"] < self.SQUARES:
            v["pending"][pos["pending"]] = 1.0
        bound = pos["bound"]
        v["bound"][bound if bound >= 0 else self.SQUARES + (-bound - 1)] = 1.0
        for seat, slots in enumerate(pos["pads"]):
            for slot, kind in enumerate(slots):
                v["pads"][seat, slot, kind + 1] = 1.0
        v["centres"][:] = [c / 10.0 for c in pos["centres"]]
        v["stock"][:] = np.asarray(pos["stock"], np.float32) / 5.0
        v["lost"][:] = [x / 10.0 for x in pos["lost"]]
        v["points"][:] = [p / 100.0 for p in obs["points"]]
        if 0 <= pos["roll"] < 7:
            v["roll"][pos["roll"]] = 1.0
        v["zeros"][0] = pos["zeros"] / 3.0
        v["live_left"][0] = pos["live_left"] / 10.0
        v["safe_left"][0] = pos["safe_left"] / 10.0
        v["turns"][0] = pos["turns"] / max(1, self.game.options.get("turn_limit", 1))


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

    def _owner_row(self, owner: int) -> int:
        return owner if 0 <= owner < self.num_players else self.num_players

    def _fill(self, obs: Mapping[str, Any], v: dict[str, np.ndarray]) -> None:
        n = self.num_players
        for key in ("initiative", "reinforcer"):
            _seat_hot(v[key], obs[key])
        _seat_hot(v["observer"], obs.get("seat"))
        move = obs["move"]
        _seat_hot(v["mover"], move["mover"])
        v["phase"][_index(obs["phase"], self.PHASE_INDEX, "Omringad phase")] = 1.0
        v["round"][0] = obs["round"] / 10.0
        terrain = v["terrain"]
        for sq, letter in enumerate(obs["terrain"]):
            terrain[_index(letter, self.TERRAIN_INDEX, "terrain"), sq] = 1.0
        for key in ("control", "first"):
            part = v[key]
            for sq, owner in enumerate(obs[key]):
                if 0 <= owner < n:
                    part[owner, sq] = 1.0
        count, top, inside, moved = v["stack_count"], v["stack_top"], v["stack_units"], v["moved"]
        kinds = len(self.kinds)
        for stack in obs["stacks"]:
            row, sq = self._owner_row(stack["owner"]), stack["square"]
            count[row, sq] += stack["count"] / 10.0
            top[row, _index(stack["top"], self.code_index, "unit code"), sq] = 1.0
            for code in stack.get("units", ()):
                damaged = kinds if code.islower() else 0
                inside[row, damaged + _index(code, self.code_index, "unit code"), sq] += 0.2
            moved[sq] += sum(stack.get("moved", ())) / 5.0
        for sq, placed in enumerate(obs["placed_here"]):
            v["placed_here"][sq] = placed / 5.0
        for sq in move["path"]:
            if 0 <= sq < self.squares:
                v["path"][sq] = 1.0
        v["move_count"][0] = move["count"] / 10.0
        for key in ("gold", "budget", "score"):
            v[key][:] = [x / self.target for x in obs[key]]
        v["passed"][:] = [float(bool(p)) for p in obs["passed"]]
        v["bought_count"][:] = [b / 10.0 for b in obs["bought_count"]]
        if "pool" in obs:
            v["pool"][:] = [p / 20.0 for p in obs["pool"]]
        for kind in obs.get("bought", ()):
            v["bought"][_index(kind, self.kind_index, "unit kind")] += 0.2
        for kind in obs["cup"]:
            v["cup"][_index(kind, self.kind_index, "unit kind")] = 1.0
        auction = obs["auction"]
        if auction is not None:
            if auction["lot"] is not None:
                v["lot"][_index(auction["lot"], self.kind_index, "unit kind")] = 1.0
            v["bid"][0] = auction["bid"] / self.target
            _seat_hot(v["bidder"], auction["bidder"])
            v["auction_out"][:] = [float(bool(o)) for o in auction["out"]]
        v["stall"][0] = obs["stall"] / 10.0


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
