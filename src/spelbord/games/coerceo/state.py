"""The state of a Coerceo game: pieces, tiles, collected tiles, side to move (R1-R17).

The position lives in a few Python ints (the bitsets of ``rules``), so ``clone()`` copies
a handful of numbers and the repetition record kept since the last irreversible change.

>>> from spelbord.games.coerceo import CoerceoGame
>>> state = CoerceoGame().new_initial_state()
>>> len(state.legal_actions()), state.current_player()
(48, 0)
>>> state.perft(2)
2304
"""

from __future__ import annotations

from typing import Any

from spelbord.core import (
    TERMINAL,
    Game,
    NotationError,
    PerftEngineError,
    State,
    StateFormatError,
)
from spelbord.games.coerceo.board import (
    ALL_TILES,
    BLACK,
    MOVE_NEIGHBOURS,
    NUM_FIELDS,
    NUM_TILES,
    OCIUS_TILES,
    TILES,
    WHITE,
    bits,
    field_coords,
    fields_of_tiles,
)
from spelbord.games.coerceo.engine.evaluation import evaluate
from spelbord.games.coerceo.engine.perft import (
    available_engines,
    compiled_perft,
    compiled_refusal,
    perft_count,
)
from spelbord.games.coerceo.notation import Move, action_text, from_action, parse_action
from spelbord.games.coerceo.render import render
from spelbord.games.coerceo.rules import (
    EXCHANGE_BASE,
    LAURENTIUS,
    MOVE_ACTIONS,
    NUM_ACTIONS,
    OCIUS,
    has_action,
    move_actions,
    play_exchange,
    play_move,
    start_pieces,
)

TERMINATIONS = ("capture-all", "stalemate", "repetition", "move-limit")


_ACTION_DICTS: dict[int, dict[str, Any]] = {}
"""``action_to_dict`` by action (a pure function of the action)."""

_TILE_LISTS: tuple[list[int], ...] = tuple([x, y] for x, y in TILES)
"""A tile's coordinates as an observation shows them, by tile index (shared)."""

_PIECE_LISTS: tuple[tuple[list[int], ...], ...] = tuple(
    tuple([*field_coords(f), colour] for f in range(NUM_FIELDS)) for colour in (WHITE, BLACK)
)
"""A piece as an observation shows it, ``[x, y, field, colour]``, by colour and field
(shared)."""


class CoerceoState(State):
    """One Coerceo position: pieces, tiles, collected tiles, side to move."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        opts = game.options
        ocius = opts["variant"] == "ocius"
        white, black = start_pieces(OCIUS if ocius else LAURENTIUS)
        self._pieces = [white, black]
        self._tiles = OCIUS_TILES if ocius else ALL_TILES
        self._fields = fields_of_tiles(self._tiles)
        self._collected = [0, 0]
        self._side = WHITE
        self._plies = 0
        self._end: str | None = None
        self._winner = -1
        self._last: tuple[int, int, int, int] | None = None
        self._cost: int = opts["exchange_cost"]
        self._rep_draw: bool = opts["repetition_draw"]
        self._max_moves: int = opts["max_moves"]
        self._rep = [self._key()]

    # ------------------------------------------------------------------ basics
    def _key(self) -> int:
        """The repetition key: pieces and side to move (tiles fixed since the last reset)."""
        return self._pieces[0] | self._pieces[1] << NUM_FIELDS | self._side << (2 * NUM_FIELDS)

    def clone(self) -> CoerceoState:
        new = object.__new__(CoerceoState)
        new.__dict__.update(self.__dict__)
        new._history = self._history.copy()
        new._pieces = self._pieces.copy()
        new._collected = self._collected.copy()
        new._rep = self._rep.copy()
        return new

    def current_player(self) -> int:
        return TERMINAL if self._end is not None else self._side

    def returns(self) -> list[float]:
        if self._winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self._winner == WHITE else [-1.0, 1.0]

    def termination(self) -> str:
        return self._end or "ended"

    def margin(self) -> list[float]:
        """Pieces left on the board, per seat (a tournament's point difference)."""
        return [float(self._pieces[0].bit_count()), float(self._pieces[1].bit_count())]

    # ------------------------------------------------------------------ actions
    def _free(self) -> int:
        return self._fields & ~(self._pieces[0] | self._pieces[1])

    def _legal_actions(self, seat: int) -> list[int]:
        own = self._pieces[seat]
        actions = move_actions(own, self._free())
        if self._collected[seat] >= self._cost:
            actions.extend(EXCHANGE_BASE + f for f in bits(self._pieces[1 - seat]))
        return actions

    def _is_legal(self, player: int, action: Any) -> bool:
        if not isinstance(action, int) or isinstance(action, bool) or player != self._side:
            return False
        if 0 <= action < MOVE_ACTIONS:
            frm, slot = divmod(action, 6)
            targets = MOVE_NEIGHBOURS[frm]
            return (
                bool(self._pieces[player] >> frm & 1)
                and slot < len(targets)
                and bool(self._free() >> targets[slot] & 1)
            )
        if EXCHANGE_BASE <= action < NUM_ACTIONS:
            return self._collected[player] >= self._cost and bool(
                self._pieces[1 - player] >> (action - EXCHANGE_BASE) & 1
            )
        return False

    def _apply_action(self, action: int) -> None:
        side = self._side
        pieces = self._pieces
        if action < MOVE_ACTIONS:
            frm, slot = divmod(action, 6)
            own, opp, tiles, fields, removed, taken = play_move(
                pieces[side],
                pieces[1 - side],
                self._tiles,
                self._fields,
                frm,
                MOVE_NEIGHBOURS[frm][slot],
            )
            self._collected[side] += removed.bit_count()
            irreversible = removed or taken
        else:
            own, opp, tiles, fields, removed, taken = play_exchange(
                pieces[side], pieces[1 - side], self._tiles, self._fields, action - EXCHANGE_BASE
            )
            self._collected[side] -= self._cost
            irreversible = True
        pieces[side] = own
        pieces[1 - side] = opp
        self._tiles = tiles
        self._fields = fields
        self._last = (action, side, removed, taken)
        self._plies += 1
        self._side = 1 - side
        key = self._key()
        if irreversible:
            self._rep = [key]
        else:
            self._rep.append(key)
        if not opp:
            self._end, self._winner = "capture-all", side
        elif self._rep_draw and self._rep.count(key) >= 3:
            self._end = "repetition"
        elif self._plies >= self._max_moves:
            self._end = "move-limit"
        elif not has_action(opp, fields & ~(own | opp), self._collected[1 - side] >= self._cost):
            self._end = "stalemate"

    # ------------------------------------------------------------------ notation
    def _action_to_string(self, player: int, action: int) -> str:
        return action_text(action)

    def string_to_action(self, text: str, seat: int | None = None) -> int:
        """Parse notation (``c3:0-c4:2`` or ``xc3:1``) into a legal action."""
        player = self.current_player() if seat is None else seat
        if player == TERMINAL:
            raise NotationError("the game is over")
        action = parse_action(text).action
        if not self._is_legal(player, action):
            raise NotationError(f"{text!r} is not a legal action here")
        return action

    def move_marks(self, action: int, player: int) -> tuple[str, ...]:
        """``capture`` when the move takes enemy pieces (R7), ``exchange`` for an exchange
        (R10: it removes a piece), ``tile`` when the move collects tiles (R8).

        >>> from spelbord.games.coerceo.position import parse_position
        >>> text = "white: c2:5 d3:3; black: b4:4 c4:0 d2:0 d3:4; tiles: b4 c2 c3 c4 d2 d3"
        >>> state = parse_position(text + "; move: black")
        >>> state.move_marks(state.string_to_action("d2:0-d3:2"), 1)
        ('capture', 'tile')
        >>> state.move_marks(state.string_to_action("b4:4-b4:2"), 1)
        ()
        """
        if not 0 <= action < NUM_ACTIONS or player != self._side:
            return ()
        side = self._side
        if action >= MOVE_ACTIONS:
            return ("exchange",)
        frm, slot = divmod(action, 6)
        if slot >= len(MOVE_NEIGHBOURS[frm]):
            return ()
        _, _, _, _, removed, taken = play_move(
            self._pieces[side],
            self._pieces[1 - side],
            self._tiles,
            self._fields,
            frm,
            MOVE_NEIGHBOURS[frm][slot],
        )
        return (*(("capture",) if taken else ()), *(("tile",) if removed else ()))

    def action_to_dict(self, action: int, seat: int | None = None) -> dict[str, Any]:
        """``{"action", "text", "kind", "from", "to"}`` or ``{..., "target"}``.

        It depends on the action only: each is described once and copied after that (a
        view lists every legal action, so this runs dozens of times per move on a server).
        """
        known = _description(action)
        return {**known, **{k: list(v) for k, v in known.items() if isinstance(v, list)}}

    def legal_to_dicts(self, seat: int) -> list[dict[str, Any]]:
        """``action_to_dict`` of every legal action of ``seat``, shared rather than copied
        (a server sends every view's list as it is; the caller must not change them).

        >>> from spelbord.games.coerceo import CoerceoGame
        >>> legal = CoerceoGame().new_initial_state().legal_to_dicts(0)
        >>> legal[0]["text"], legal[0] is CoerceoGame().new_initial_state().legal_to_dicts(0)[0]
        ('a3:3-a3:1', True)
        """
        return [_description(a) for a in self.legal_actions(seat)]

    # ------------------------------------------------------------------ views
    def tiles(self) -> list[tuple[int, int]]:
        """The present tiles, as axial coordinates."""
        return [TILES[t] for t in bits(self._tiles)]

    def pieces(self, colour: int) -> int:
        """The field mask of ``colour``'s pieces."""
        return self._pieces[colour]

    def present_fields(self) -> int:
        """The field mask of the present tiles."""
        return self._fields

    def collected(self) -> tuple[int, int]:
        """Tiles collected and not yet exchanged, (white, black)."""
        return self._collected[0], self._collected[1]

    def tile_mask(self) -> int:
        """The present tiles as a 19-bit mask (bit ``i``: ``TILES[i]``)."""
        return self._tiles

    def side_to_move(self) -> int:
        """The colour whose turn it is (also after the game ended: who would move)."""
        return self._side

    def exchange_cost(self) -> int:
        """Collected tiles an exchange costs (R10)."""
        return self._cost

    def plies(self) -> int:
        """Turns played so far."""
        return self._plies

    def moves_left(self) -> int:
        """Turns until the move limit draws the game (R15)."""
        return self._max_moves - self._plies

    def repetition_draw(self) -> bool:
        """Whether threefold repetition draws (R13)."""
        return self._rep_draw

    def repetition_keys(self) -> list[int]:
        """The repetition record since the last irreversible turn, current position last:
        ``white | black << 114 | side << 228`` (tiles and collected tiles are fixed within
        it)."""
        return list(self._rep)

    def cura(self) -> bool:
        """R14: whether the side that just moved could capture with a move right now."""
        if self._plies == 0:
            return False
        # Asked once per viewer of the same position: remembered for the position it was
        # found in (a clone carries it along, and checks it like any other position).
        where = (self._key(), self._tiles)
        cached = self.__dict__.get("_cura")
        if cached is not None and cached[0] == where:
            return bool(cached[1])
        found = self._find_cura()
        self._cura = (where, found)
        return found

    def _find_cura(self) -> bool:
        mover = 1 - self._side
        own, opp = self._pieces[mover], self._pieces[self._side]
        free = self._free()
        for action in move_actions(own, free):
            frm, slot = divmod(action, 6)
            if play_move(own, opp, self._tiles, self._fields, frm, MOVE_NEIGHBOURS[frm][slot])[5]:
                return True
        return False

    def last_move(self) -> dict[str, Any] | None:
        """The previous turn: its action, who took it, tiles removed, pieces captured."""
        if self._last is None:
            return None
        action, side, removed, taken = self._last
        known = _description(action)
        return {
            **known,  # its coordinates shared, as in ``observation``
            "seat": side,
            "removed_tiles": [_TILE_LISTS[t] for t in bits(removed)],
            "captured": [_PIECE_LISTS[1 - side][f] for f in bits(taken)],
        }

    def observation(self, seat: int | None) -> dict[str, Any]:
        """Everything (perfect information): the same for every seat and spectators.

        The coordinates of ``tiles`` (``[x, y]``) and ``pieces`` (``[x, y, field,
        colour]``) are shared by every observation, not copied: a server keeps the views
        of a thousand tables, and a copy per view was most of what its garbage collector
        had to look at (pauses of 100 ms). The caller must not change them.

        >>> from spelbord.games.coerceo import CoerceoGame
        >>> seen = CoerceoGame().new_initial_state().observation(0)
        >>> seen["tiles"][0], seen["pieces"][0]
        ([-2, 0], [-2, 0, 3, 0])
        >>> seen["pieces"][0] is CoerceoGame().new_initial_state().observation(1)["pieces"][0]
        True
        """
        return {
            "tiles": [_TILE_LISTS[t] for t in bits(self._tiles)],
            "pieces": [
                _PIECE_LISTS[colour][f]
                for colour in (WHITE, BLACK)
                for f in bits(self._pieces[colour])
            ],
            "collected": list(self._collected),
            "to_move": self.current_player(),
            "cura": self.cura(),
            "last_move": self.last_move(),
            "exchange_cost": self._cost,
            "plies": self._plies,
            "repetitions": self._rep.count(self._key()),
        }

    # ------------------------------------------------------------------ search
    def heuristic_value(self) -> list[float] | None:
        if self._end is not None:
            return self.returns()
        v = evaluate(
            self._pieces[WHITE], self._pieces[BLACK], self._fields, self._collected, self._cost
        )
        return [v, 0.0 - v]

    def perft_engines(self) -> tuple[str, ...]:
        """``compiled`` (where the C core is built), ``python``, ``api`` (``perft``)."""
        return available_engines()

    def perft(self, depth: int, engine: str | None = None) -> int:
        """Leaves ``depth`` decisions deep, counted in bulk (at the last ply the actions are
        counted, not played) by the compiled core where it is built and holds the position,
        else by the bitset engine in Python; ``engine`` picks one (``perft``)."""
        if engine is None:
            engine = "python" if compiled_refusal(self, depth) else "compiled"
        if engine not in ("compiled", "python"):
            return super().perft(depth, engine)
        if engine == "compiled":
            refusal = compiled_refusal(self, depth)
            if refusal is not None:
                raise PerftEngineError(refusal)
        if depth < 0:
            raise ValueError(f"perft depth must be at least 0, not {depth}")
        if depth == 0 or self._end is not None:
            return 1
        if engine == "compiled":
            return compiled_perft(self, depth)
        return perft_count(
            self._pieces[self._side],
            self._pieces[1 - self._side],
            self._tiles,
            self._fields,
            self._collected[self._side],
            self._collected[1 - self._side],
            self._cost,
            self._max_moves - self._plies,
            self._rep if self._rep_draw else None,
            depth,
        )

    # ------------------------------------------------------------------ storage
    def _state_dict(self) -> dict[str, Any]:
        return {
            "white": bits(self._pieces[WHITE]),
            "black": bits(self._pieces[BLACK]),
            "tiles": bits(self._tiles),
            "collected": list(self._collected),
            "to_move": self._side,
            "plies": self._plies,
            "end": self._end,
            "winner": self._winner,
            "last": list(self._last) if self._last is not None else None,
            "repetition": [format(k, "x") for k in self._rep],
        }

    def _load_state_dict(self, data: dict[str, Any]) -> None:
        def mask(values: list[int], limit: int) -> int:
            out = 0
            for v in values:
                if not isinstance(v, int) or not 0 <= v < limit:
                    raise StateFormatError(f"bad index {v!r}")
                out |= 1 << v
            return out

        self._pieces = [mask(data["white"], NUM_FIELDS), mask(data["black"], NUM_FIELDS)]
        self._tiles = mask(data["tiles"], NUM_TILES)
        self._fields = fields_of_tiles(self._tiles)
        self._collected = [int(c) for c in data["collected"]]
        self._side = int(data["to_move"])
        self._plies = int(data["plies"])
        end = data["end"]
        if end is not None and end not in TERMINATIONS:
            raise StateFormatError(f"unknown termination {end!r}")
        self._end = end
        self._winner = int(data["winner"])
        last = data["last"]
        if last is None:
            self._last = None
        else:
            action, side, removed, taken = (int(v) for v in last)
            self._last = (action, side, removed, taken)
        self._rep = [int(k, 16) for k in data["repetition"]]

    def __str__(self) -> str:
        return render(self)


def _description(action: int) -> dict[str, Any]:
    """The kept description of ``action`` (``_described`` the first time); shared."""
    return _ACTION_DICTS.get(action) or _described(action)


def _described(action: int) -> dict[str, Any]:
    """The description of ``action`` (``action_to_dict``), made once and kept."""
    parsed = from_action(action)
    known: dict[str, Any] = {"action": action, "text": action_text(action)}
    if isinstance(parsed, Move):
        known.update(kind="move", **{"from": list(field_coords(parsed.source))})
        known["to"] = list(field_coords(parsed.target))
    else:
        known.update(kind="exchange", target=list(field_coords(parsed.target)))
    _ACTION_DICTS[action] = known
    return known
